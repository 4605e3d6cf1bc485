"""One declaration of every setting (service/settings.py): the CLI's options and --help, what
`serve` hands its workers and the app's config all come from it, and no default is written
anywhere else."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from puzzledb.service.http import serve as serve_module
from puzzledb.service.http.app import create_app
from puzzledb.service.settings import APP, SERVE, SETTINGS

TREE = Path(__file__).resolve().parents[2]
HOME = TREE / "service" / "settings.py"


def _flat(text: str) -> str:
    return " ".join(text.split())


def _default_sites(path: Path) -> list[tuple[str, object]]:
    """(name, default) of each place in `path` that gives a setting a default: a parameter
    named after a setting, a click option spelt as a setting's, a module constant assigned a
    literal in a line that names the setting's words. The default is the literal given, or
    `...` for an expression (a name, a call)."""
    options = {s.option: s.name for s in SETTINGS.values() if s.option}
    found = []

    def given(node) -> object:
        return node.value if isinstance(node, ast.Constant) else ...

    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.arguments):
            named = node.posonlyargs + node.args
            pairs = list(zip(named[len(named) - len(node.defaults) :], node.defaults))
            pairs += [(a, d) for a, d in zip(node.kwonlyargs, node.kw_defaults) if d is not None]
            found += [(a.arg, given(d)) for a, d in pairs if a.arg in SETTINGS]
        elif isinstance(node, ast.Call) and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant) and first.value in options:
                for keyword in node.keywords:
                    if keyword.arg == "default":
                        found.append((options[first.value], given(keyword.value)))
    return found


def test_each_default_is_written_once():
    """In settings.py, once; anywhere else, a parameter or option of a setting has no default
    of its own (None, or none at all)."""
    elsewhere = []
    for package in ("builder", "db", "service"):
        for path in (TREE / package).rglob("*.py"):
            if path != HOME:
                elsewhere += [
                    (path.name, name, value)
                    for name, value in _default_sites(path)
                    if value is not None
                ]
    assert elsewhere == []
    home = ast.parse(HOME.read_text(encoding="utf-8"))
    for setting in SETTINGS.values():
        written = [
            node
            for node in ast.walk(home)
            if isinstance(node, ast.Constant)
            and type(node.value) is type(setting.default)
            and node.value == setting.default
        ]
        assert len(written) == 1, setting.name


def test_the_default_check_finds_defaults(tmp_path):
    """The check is real: a default written again is found."""
    copy = tmp_path / "serve.py"
    copy.write_text(
        "def serve(path, *, time_limit: float = 2.0, workers=2):\n    pass\n"
        "import click\nopt = click.option('--answer-cache', default='64MB')\n",
        encoding="utf-8",
    )
    assert sorted(_default_sites(copy)) == [
        ("answer_cache", "64MB"),
        ("time_limit", 2.0),
        ("workers", 2),
    ]


@pytest.mark.parametrize("command, settings", [("serve", SERVE + APP), ("sql", ())])
def test_the_help_of_each_option_comes_from_its_setting(cli, command, settings):
    settings = [s for s in settings if s.option] or [SETTINGS["sql_time_limit"]]
    shown = _flat(cli(command, "--help").stdout)
    for setting in settings:
        assert _flat(setting.help) in shown, setting.name
        # click adds a number's range after the default: [default: 2; 1<=x<=64]
        assert re.search(rf"\[default: {re.escape(str(setting.default))}[;\]]", shown)


def test_the_app_config_holds_every_app_setting(seed_db):
    app = create_app(seed_db)
    for setting in APP:
        assert app.config[setting.config_key] == setting.value()
    assert app.config["PUZZLEDB_ANSWER_CACHE"] == 64 * 1000**2  # the text as bytes
    changed = create_app(seed_db, {"time_limit": 0.5, "max_age": 7})
    assert changed.config["PUZZLEDB_TIME_LIMIT"] == 0.5
    assert changed.config["PUZZLEDB_MAX_AGE"] == 7
    assert changed.extensions["puzzledb"].time_limit == 0.5
    response = changed.test_client().get("/stats?puzzle=eight")
    assert response.headers["Cache-Control"] == "public, max-age=7"


def test_an_unknown_app_setting_is_refused(seed_db):
    with pytest.raises(ValueError, match="no such app setting: time_limt"):
        create_app(seed_db, {"time_limt": 1})


@pytest.fixture()
def started(monkeypatch):
    """What `puzzledb serve` would start gunicorn with, and then the app of one worker."""
    seen = {}

    def run(server):
        seen["options"], seen["app"] = server.options, server.load()

    monkeypatch.setattr(serve_module.PuzzledbServer, "run", run)
    return seen


def test_serve_hands_its_defaults_to_gunicorn_and_the_app(cli, seed_db, started):
    result = cli("serve", "--db", seed_db)
    assert result.exit_code == 0, result.output
    options, app = started["options"], started["app"]
    host, port = SETTINGS["host"].default, SETTINGS["port"].default
    assert options["bind"] == f"{host}:{port}"
    assert options["workers"] == SETTINGS["workers"].default
    assert options["threads"] == SETTINGS["threads"].default
    assert options["worker_connections"] == SETTINGS["connections"].default
    assert options["keepalive"] == SETTINGS["keepalive"].default
    for setting in APP:
        assert app.config[setting.config_key] == setting.value()


def test_serve_hands_what_it_was_given_to_the_app(cli, seed_db, started):
    result = cli(
        "serve", "--db", seed_db, "--time-limit", "0.5", "--answer-cache", "1MB", "--threads", 3
    )
    assert result.exit_code == 0, result.output
    app = started["app"]
    assert app.config["PUZZLEDB_TIME_LIMIT"] == 0.5
    assert app.config["PUZZLEDB_ANSWER_CACHE"] == 1_000_000
    assert app.extensions["puzzledb"].cache.budget == 1_000_000
    assert started["options"]["threads"] == 3
