"""`import puzzledb` from Python (issue 43): every call of the façade answers what the command
line's `--json` prints for the same question, on every kind of puzzle; errors are the CLI's,
code and message; one object shared by 8 threads answers as one thread does; an answer draws
itself for a notebook; and importing the package loads nothing else."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import puzzledb

ROOT = Path(__file__).resolve().parents[2]

#: (build arguments, a puzzle it answers, a position of it, a depth to list): each kind.
KINDS = [
    (["seven"], "seven", "07214365", 20),  # sliding
    (["nooff"], "nooff", None, 10),  # sliding, a piece two cells wide
    (["peg15"], "peg15", None, 5),  # peg, chains of jumps (pred stored)
    (["english", "--radius", "4"], "english", None, 3),  # peg, a build of classes
    (["rush51"], "rush51", None, 30),  # Rush Hour
    (["pyraminx", "--radius", "4"], "pyraminx", None, 3),  # twisty
]


@pytest.fixture(scope="module")
def built(tmp_path_factory, cli_module) -> Path:
    path = tmp_path_factory.mktemp("facade") / "puzzledb.sqlite"
    for args, *_ in KINDS:
        done = cli_module("build", *args, "--db", path, "-q")
        assert done.exit_code == 0, done.output
    return path


@pytest.fixture(scope="module")
def cli_module():
    from click.testing import CliRunner

    from puzzledb.service.cli.commands import main

    def run(*args):
        return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)

    return run


def printed(cli_module, *args) -> dict:
    done = cli_module(*args, "--json")
    return json.loads(done.stdout)


def position(db: puzzledb.Database, name: str, state: str | None) -> str:
    """The given position, else one of the build's farthest."""
    return state or db.farthest(name).states[0]


@pytest.mark.parametrize(("args", "name", "state", "depth"), KINDS, ids=[k[1] for k in KINDS])
def test_each_call_answers_what_the_cli_prints(built, cli_module, args, name, state, depth):
    with puzzledb.open(built) as db:
        state = position(db, name, state)
        on = ("--db", built)
        path = db.path(name, state)
        assert path == printed(cli_module, "path", name, state, *on)
        assert path.depth == len(path.moves) == len(path.states) - 1 and path.states[0] == state
        assert db.moves(name, state) == printed(cli_module, "moves", name, state, *on)
        page = printed(cli_module, "depth", name, depth, "--limit", 7, *on)
        assert db.depth_page(name, depth, limit=7) == page
        assert list(db.depth(name, depth, limit=7)) == page["states"]
        every = list(db.depth(name, depth))  # paged through, past DEPTH_PAGE where there are
        assert len(every) == page["count"] == len(set(every)) and every[:7] == page["states"]
        assert db.farthest(name) == printed(cli_module, "farthest", name, *on)
        assert db.stats(name) == printed(cli_module, "stats", name, *on)
    listed = printed(cli_module, "list", *on)["puzzles"]
    with puzzledb.open(str(built)) as db:  # a str as well as a Path
        assert db.puzzles() == listed


def test_sql_reads_as_the_cli_does_with_either_kind_of_parameter(built, cli_module):
    query = "SELECT depth, states FROM depth_histogram WHERE puzzle = :p ORDER BY depth"
    cli = printed(cli_module, "sql", query, "-p", "p", "seven", "--db", built)
    with puzzledb.open(built) as db:
        named = db.sql(query, {"p": "seven"})
        assert named.columns == cli["columns"] == ["depth", "states"]
        assert [list(r) for r in named] == cli["rows"] and not named.truncated
        positional = db.sql(query.replace(":p", "?"), ["seven"])
        assert list(positional) == list(named)
        cut = db.sql(query, {"p": "seven"}, limit=5)
        assert list(cut) == list(named)[:5] and cut.truncated
        rows = db.connection.execute("SELECT count(*) FROM states WHERE puzzle = 'seven'")
        assert rows.fetchone() == (20_160,)


BAD = [
    ("path", ["nine", "123456789"], "not_built"),
    ("path", ["noodle", "1"], "unknown_puzzle"),
    ("path", ["seven", "0721436"], "malformed"),
    ("path", ["seven", "76543210"], "unreachable"),
    ("path", ["pyraminx", "R3"], "malformed"),
    ("moves", ["seven", "07214365", "--goal", "nope"], "malformed"),
    ("stats", ["eight"], "not_built"),
    ("sql", ["DELETE FROM layers"], "refused"),
    ("sql", ["SELECT nosuch"], "sql_error"),
]


@pytest.mark.parametrize(("command", "args", "code"), BAD)
def test_an_error_is_the_clis_code_and_message(built, cli_module, command, args, code):
    said = printed(cli_module, command, *args, "--db", built)
    with puzzledb.open(built) as db, pytest.raises(puzzledb.PuzzledbError) as raised:
        if command == "sql":
            db.sql(args[0])
        elif "--goal" in args:
            db.moves(args[0], args[1], goal=args[3])
        else:
            getattr(db, command)(*args)
    assert raised.value.code == code
    assert said == {"error": {"code": code, "message": raised.value.message}}


def test_opening_a_missing_or_foreign_file_is_the_clis_error(tmp_path, cli_module):
    missing = tmp_path / "none.sqlite"
    with pytest.raises(puzzledb.NotBuilt) as raised:
        puzzledb.open(missing)
    said = printed(cli_module, "stats", "seven", "--db", missing)
    assert said["error"] == {"code": "not_built", "message": raised.value.message}
    text = tmp_path / "notes.sqlite"
    text.write_text("not a database at all\n" * 100)
    with pytest.raises(puzzledb.DatabaseFault) as faulted:
        puzzledb.open(text)
    said = printed(cli_module, "stats", "seven", "--db", text)
    assert said["error"] == {"code": "database_error", "message": faulted.value.message}


def test_eight_threads_sharing_one_object_answer_as_one_thread(built):
    with puzzledb.open(built) as db:
        states = list(db.depth("seven", 25, limit=40))
        alone = {s: db.path("seven", s) for s in states}
        found: dict[int, dict] = {}
        start = threading.Barrier(8)

        def ask(k: int) -> None:
            start.wait()
            found[k] = {s: db.path("seven", s) for s in states[k::2] + states[::3]}

        threads = [threading.Thread(target=ask, args=(k,)) for k in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert len(found) == 8
        for answers in found.values():
            assert all(answer == alone[s] for s, answer in answers.items())
        assert len(db._connections.opened) >= 8  # a connection a thread
    with pytest.raises(puzzledb.DatabaseFault, match="is closed"):
        db.stats("seven")


def test_a_path_and_a_move_list_draw_themselves(built):
    with puzzledb.open(built) as db:
        path = db.path("seven", "07214365")
        svg = ET.fromstring(path._repr_svg_())
        assert svg.tag.endswith("svg")
        assert "tile 7 left" in path._repr_html_() and "<svg" in path._repr_html_()
        moves = db.moves("pyraminx", scramble="U R'")
        assert ET.fromstring(moves._repr_svg_()).tag.endswith("svg")
        assert "<table>" in moves._repr_html_()
        assert repr(path) == "<Path seven 07214365 -> 12345670: 36 moves, 24 optimal>"


def test_stats_give_a_dataframe_of_the_histogram(built):
    with puzzledb.open(built) as db:
        stats = db.stats("seven")
        frame = stats.histogram_frame()
    assert list(frame.columns) == ["depth", "states"]
    assert frame["states"].tolist() == stats.histogram and frame["depth"].iloc[-1] == 36


def test_build_from_python_reports_its_progress(tmp_path):
    heard: list = []
    built = puzzledb.build("seven", db=tmp_path / "one.sqlite", progress=heard.append)
    assert [(b["name"], b["states"]) for b in built] == [("seven", 20_160)]
    layers = [step.depth for step in heard if step.event == "layer"]
    assert layers == list(range(1, 37)) and heard[-1].event == "done"
    with pytest.raises(puzzledb.UnknownPuzzle):
        puzzledb.build("noodle", db=tmp_path / "two.sqlite")
    assert not (tmp_path / "two.sqlite").exists()
    with puzzledb.open(tmp_path / "one.sqlite") as db:
        assert db.path("seven", "07214365").depth == 36


def test_importing_puzzledb_loads_nothing_more():
    code = (
        "import sys; before = set(sys.modules); import puzzledb; "
        "print(sorted(m for m in set(sys.modules) - before if not m.startswith('_')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert json.loads(out.stdout.replace("'", '"')) == ["puzzledb"]
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert puzzledb.__version__ == version
    assert callable(puzzledb.open) and issubclass(puzzledb.NotBuilt, puzzledb.PuzzledbError)
