"""The house: one import package made of the checkout's folders, and tests that run them."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from support.import_probe import PROBE

import puzzledb.builder
import puzzledb.db
import puzzledb.service

TREE = Path(__file__).resolve().parents[2]


def test_the_tests_import_this_checkout():
    """The README's test command installs the checkout editable: a change in the tree is what
    the tests run, never a copy in site-packages."""
    for package, folder in [
        (puzzledb.builder, "builder"),
        (puzzledb.db, "db"),
        (puzzledb.service, "service"),
    ]:
        assert Path(str(package.__file__)).resolve().parent == TREE / folder


@pytest.mark.slow  # installs the project into a new venv
def test_one_import_package_and_nothing_else_at_the_top(tmp_path):
    """What `pip install .` puts into site-packages: puzzledb/ and its metadata, nothing that
    could collide with another distribution's builder, db or service."""
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(TREE)],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("puzzledb-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0] for name in archive.namelist()}
        names = archive.namelist()
    assert {t for t in tops if not t.endswith(".dist-info")} == {"puzzledb"}
    for module in [
        "puzzledb/builder/kinds/sliding/puzzle.py",
        "puzzledb/db/connection.py",
        "puzzledb/service/cli/commands/__init__.py",
        "puzzledb/service/cli/commands/lookups.py",
        "puzzledb/service/web/static/index.html",
    ]:
        assert module in names
    code = (
        "import importlib.util as u; "
        "print([n for n in ('builder', 'db', 'service') if u.find_spec(n)])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd="/", check=True
    )
    assert out.stdout.strip() == "[]"


def test_the_console_script_is_puzzledb():
    scripts = {
        e.name: e.value
        for e in importlib.metadata.entry_points(group="console_scripts")
        if e.dist and e.dist.name == "puzzledb"
    }
    assert scripts == {"puzzledb": "puzzledb.service.cli.entry:main"}  # which then loads the CLI


HEAVY = ("numpy", "numba", "flask", "gunicorn", "matplotlib", "dask", "distributed", "pyarrow")


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
@pytest.mark.parametrize(
    "command",
    [
        ["--help"],
        ["list"],
        ["path", "eight", "867254301"],
        ["moves", "nooff", "LLONOFF_"],
        ["depth", "seven", "3"],
        ["farthest", "seven"],
        ["stats", "eight"],
        ["sql", "SELECT count(*) FROM puzzles"],
        ["path", "eight", "12345678"],
    ],
)
def test_a_lookup_imports_no_library_it_does_not_use(seed_db, command):
    """Lookups answer at once: numpy is for builds, Flask for the service."""
    args = command if command == ["--help"] else [*command, "--db", str(seed_db)]
    out = subprocess.run(
        [sys.executable, "-c", PROBE % (HEAVY,), *args], capture_output=True, text=True, timeout=60
    )
    imported, code = out.stderr.strip().splitlines()[-1].rsplit(" ", 1)
    assert imported == "[]", (command, imported)
    assert code in ("0", "None", "2"), out.stderr


def test_a_build_of_eight_loads_numpy_and_no_other_library(tmp_path):
    """A build needs numpy; it writes through sqlite3 alone (SQLAlchemy, once its engine, took
    a quarter of `build eight` to import), and Dask is only for --cluster."""
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            PROBE % ((*HEAVY, "sqlalchemy"),),
            "build",
            "eight",
            "-q",
            "--db",
            str(tmp_path / "b.sqlite"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    imported, code = out.stderr.strip().splitlines()[-1].rsplit(" ", 1)
    assert imported == "['numpy']" and code in ("0", "None"), out.stderr


def test_one_display_width_for_every_table_and_board():
    from puzzledb.builder.core import text_width

    assert text_width.width("アタマ") == 6 and text_width.width("abc") == 3
    assert text_width.width("e\u0301") == 1  # e and a combining acute: one column
    assert text_width.width("a\u200bb") == 2  # a zero-width space takes none
    assert text_width.pad("ア", 4, ">") == "  ア" and text_width.pad("e\u0301", 3) == "e\u0301  "
    commands = sorted((TREE / "service" / "cli" / "commands").glob("*.py"))
    assert len(commands) > 1  # the command modules are found
    for path in [
        TREE / "service" / "cli" / "render.py",
        TREE / "service" / "analyst" / "sql_output.py",
        *commands,
    ]:
        source = path.read_text(encoding="utf-8")
        assert "east_asian_width" not in source, path


def _tool(name: str) -> subprocess.CompletedProcess:
    """A checking tool of the venv run as CI runs it: no arguments, from the repository root,
    configured by pyproject.toml alone."""
    return subprocess.run(
        [str(Path(sys.executable).parent / name)], cwd=TREE, capture_output=True, text=True
    )


@pytest.mark.slow  # mypy over the whole package and the tests
def test_mypy_sees_the_package_and_finds_nothing():
    """mypy resolves puzzledb.* to the top-level folders (through .mypy-root/puzzledb), so a
    type crossing packages is checked, not silently Any; it checks the tests as well, each
    test's body against the package's signatures."""
    assert (TREE / ".mypy-root" / "puzzledb").resolve() == TREE
    checked = _tool("mypy")
    assert "import-not-found" not in checked.stdout
    assert checked.returncode == 0, checked.stdout[-3000:]
    assert "Success: no issues found in" in checked.stdout


#: Modules a lookup of eight's path never needs: the other commands, the other questions, the
#: server's settings, the sliding rules of other metrics, what counts goal patterns, and what
#: escapes text past ASCII (each import costs its start).
NOT_FOR_A_PATH = (
    "puzzledb.service.cli.commands.building",
    "puzzledb.service.cli.commands.analysis",
    "puzzledb.service.cli.commands.serving",
    "puzzledb.service.questions.moves",
    "puzzledb.service.questions.pages",
    "puzzledb.service.settings",
    "puzzledb.service.answer_types",
    "puzzledb.builder.kinds.sliding.finger_moves",
    "puzzledb.builder.kinds.sliding.multi_moves",
    "puzzledb.builder.kinds.sliding.arrangements",
    "puzzledb.builder.kinds.sliding.goal_patterns",
    "puzzledb.builder.kinds.sliding.reachability",
    "unicodedata",
)
LOADED = """
import sys
sys.argv = ["puzzledb", *sys.argv[1:]]
from puzzledb.service.cli.commands import main
try:
    main()
except SystemExit:
    pass
print(sorted(set(sys.modules) & set(%r)), file=sys.stderr)
"""


def test_a_path_lookup_loads_its_own_command_and_question_only(seed_db):
    """A lookup starts near bare Python (the performance page): its command's module is
    imported as it is asked for, and of the questions and move rules only its own."""
    args = ["path", "eight", "867254301", "--json", "--db", str(seed_db)]
    out = subprocess.run(
        [sys.executable, "-c", LOADED % (NOT_FOR_A_PATH,), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert '"depth": 31' in out.stdout, out.stderr
    assert out.stderr.strip().splitlines()[-1] == "[]"
