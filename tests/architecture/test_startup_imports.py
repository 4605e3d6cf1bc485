"""A lookup starts fast because it imports little (issue 27): `puzzledb path ... --json`, run
as a real process, loads no library it does not use and makes no catalogue puzzle but its own.
What is measured is what was imported, never how long it took (bench/startup.py times it)."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from puzzledb.builder import catalogue
from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.db.build import build
from puzzledb.db.connection import writer

#: Run in a fresh interpreter: the command line, as the console script runs it, then on
#: stderr (stdout is the answer) the modules loaded and the catalogue puzzles made.
PROBE = """
import json, sys
sys.argv = ["puzzledb", *sys.argv[1:]]
from puzzledb.service.cli.commands import main
try:
    main()
except SystemExit as done:
    code = done.code
from puzzledb.builder import catalogue
from puzzledb.builder.core.message_text import PATH_SHOWN, shown
seen = {"code": code, "modules": sorted(sys.modules), "made": catalogue.CATALOGUE.made()}
print(json.dumps(seen), file=sys.stderr)
"""
#: The floor the bench compares with: what Python itself loads to import sqlite3 and click.
FLOOR = """
import json, sys
import sqlite3, click
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""
#: Libraries a JSON lookup must not load, and the stdlib modules they or puzzledb once pulled
#: in (shutil brings zlib, bz2 and lzma; wcwidth brings hashlib, random and secrets). A module
#: the floor itself loads here is not held against the lookup.
HEAVY = {
    "numpy",
    "numba",
    "flask",
    "werkzeug",
    "jinja2",
    "gunicorn",
    "matplotlib",
    "dask",
    "distributed",
    "pyarrow",
    "cachetools",
    "wcwidth",
    "shutil",
    "bz2",
    "lzma",
    "secrets",
    "hashlib",
    "random",
    "tomllib",
    "click.testing",
    "click.shell_completion",
    "click._termui_impl",
    "importlib.metadata",
}
#: puzzledb's own modules that only text output, other puzzle kinds, builds or other commands
#: need.
NOT_FOR_A_JSON_LOOKUP = {
    "puzzledb.builder.kinds.peg.puzzle",
    "puzzledb.builder.core.box_drawing",
    "puzzledb.builder.core.text_width",
    "puzzledb.builder.definition",
    "puzzledb.service.cli.text",
    "puzzledb.service.cli.render",
    "puzzledb.service.cli.progress",
    "puzzledb.service.cli.output_file",
    "puzzledb.service.builds",
    "puzzledb.db.build",
    "puzzledb.db.store",
}


@pytest.fixture(scope="module")
def eight_db(tmp_path_factory):
    """A small database: eight toward its goal, nothing else."""
    path = tmp_path_factory.mktemp("startup") / "eight.sqlite"
    db = writer(path)
    puzzle = catalogue.get("eight")
    build(db, puzzle, puzzle.default_goal, time.perf_counter())
    db.close()
    return path


def _run(code: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120
    )


def _floor() -> set[str]:
    out = _run(FLOOR)
    assert out.returncode == 0, out.stderr
    return set(json.loads(out.stderr.strip().splitlines()[-1]))


def _probe(*args: str) -> tuple[subprocess.CompletedProcess, dict]:
    out = _run(PROBE, *args)
    return out, json.loads(out.stderr.strip().splitlines()[-1])


@pytest.mark.parametrize(
    "command",
    [
        ["path", "eight", "867254301"],
        ["moves", "eight", "867254301"],
        ["depth", "eight", "31"],
        ["farthest", "eight"],
        ["stats", "eight"],
    ],
)
def test_a_json_lookup_imports_only_what_it_answers_with(eight_db, command):
    out, seen = _probe(*command, "--json", "--db", str(eight_db))
    assert seen["code"] in (0, None), out.stderr
    answer = json.loads(out.stdout)
    assert answer["puzzle"] == "eight" and "error" not in answer
    loaded = set(seen["modules"])
    assert sorted((HEAVY - _floor()) & loaded) == []
    assert sorted(NOT_FOR_A_JSON_LOOKUP & loaded) == []
    assert seen["made"] == ["eight"]  # the catalogue made the one puzzle asked about


def test_path_json_answers_as_before(eight_db):
    out, _ = _probe("path", "eight", "867254301", "--json", "--db", str(eight_db))
    answer = json.loads(out.stdout)
    assert answer["depth"] == 31 and answer["solutions"] == 40
    assert answer["path"][0] == "867254301" and answer["path"][-1] == "123456780"
    assert answer["moves"][0] == "tile 5 down"


def test_a_text_lookup_of_ascii_boards_needs_no_wcwidth(eight_db):
    """Digits and box-drawing lines are one column each: measured without loading wcwidth."""
    out, seen = _probe("path", "eight", "867254301", "--db", str(eight_db))
    assert seen["code"] in (0, None), out.stderr
    assert "31 moves, optimal; 40 optimal solutions" in out.stdout
    assert "┌───┬───┬───┐" in out.stdout
    assert "wcwidth" not in seen["modules"]


def test_an_unknown_puzzle_names_the_catalogue_without_making_it(eight_db):
    out, seen = _probe("path", "nosuch", "1", "--json", "--db", str(eight_db))
    error = json.loads(out.stdout)["error"]
    assert error["code"] == "unknown_puzzle"
    known = "known puzzles: " + ", ".join(catalogue.SHELF)
    assert error["message"].endswith(f"{known}; built in {shown(str(eight_db), PATH_SHOWN)}: eight")
    assert seen["made"] == []


#: What a build of eight does without: the lookups' answers and queries, Rush Hour's modules,
#: numpy.ma (which np.unique loads), a cluster build's hashlib and secrets, SQLAlchemy,
#: which builds once wrote through, and the thread pool only a big layer's search takes.
NOT_FOR_A_BUILD_OF_EIGHT = {
    "numba",  # the compiled loops' compiler: builds of classes and the page writer only
    "sqlalchemy",
    "concurrent.futures",
    "numpy.ma",
    "hashlib",
    "secrets",
    "puzzledb.service.answers",
    "puzzledb.db.queries",
    "puzzledb.builder.kinds.rush",
    "puzzledb.builder.kinds.rush.packed",
}


def test_a_build_of_eight_imports_only_what_it_builds_with(tmp_path):
    out, seen = _probe("build", "eight", "-q", "--db", str(tmp_path / "b.sqlite"))
    assert seen["code"] in (0, None), out.stderr
    loaded = set(seen["modules"])
    assert {"numpy", "puzzledb.db.store", "puzzledb.builder.search.layered"} <= loaded
    assert sorted(NOT_FOR_A_BUILD_OF_EIGHT & loaded) == []


def test_a_build_of_klotski_loads_no_more_than_a_build_of_eight(tmp_path):
    """Klotski's search in the plain search's order is measured against `build eight`: it
    loads what eight's does not (numpy.ma, SQLAlchemy, the lookups) no more than eight does."""
    out, seen = _probe("build", "klotski-finger", "-q", "--db", str(tmp_path / "k.sqlite"))
    assert seen["code"] in (0, None), out.stderr
    loaded = set(seen["modules"])
    assert {"numpy", "puzzledb.builder.search.plain_order"} <= loaded
    assert sorted(NOT_FOR_A_BUILD_OF_EIGHT & loaded) == []


NAMES = """
import json, sys
from puzzledb.builder import catalogue
from puzzledb.builder.core.message_text import PATH_SHOWN, shown
names = list(catalogue.CATALOGUE)
facts = {
    "names": names,
    "len": len(catalogue.CATALOGUE),
    "in": ["eight" in catalogue.CATALOGUE, "nosuch" in catalogue.CATALOGUE],
    "made": catalogue.CATALOGUE.made(),
    "kinds": [
        m
        for m in (
            "puzzledb.builder.kinds.peg.puzzle",
            "puzzledb.builder.kinds.sliding",
            "puzzledb.builder.kinds.rush",
        )
        if m in sys.modules
    ],
}
print(json.dumps(facts))
"""


def test_naming_the_catalogue_makes_no_puzzle():
    out = _run(NAMES)
    assert out.returncode == 0, out.stderr
    facts = json.loads(out.stdout)
    assert facts["names"][:3] == ["eight", "eight-multi", "seven"]
    assert facts["len"] == len(facts["names"]) == 28
    assert facts["in"] == [True, False]
    assert facts["made"] == [] and facts["kinds"] == []


def test_every_catalogue_puzzle_is_made_once_under_its_own_name():
    for name, puzzle in catalogue.CATALOGUE.items():
        assert puzzle.name == name
        assert catalogue.CATALOGUE[name] is puzzle and catalogue.get(name) is puzzle
