"""Today's answers as bytes: a fixed set of questions on small builds, asked through the CLI
(`--json`) and over HTTP, and the exact text each gave, kept in answer_bytes.json beside this.

tests/answers/test_answer_bytes.py asks the same questions of the code as it is now and compares
the text, so a change to how answers are made (typed, reordered, refactored) cannot change one
byte a client reads. The file was written by the code before answers were typed; write it again
only when an answer is meant to change (a new key, a new catalogue puzzle), and say so in the
commit:

    python tests/support/answer_bytes.py
"""

from __future__ import annotations

import json
import sqlite3
import sys
import time
from pathlib import Path

from click.testing import CliRunner

from puzzledb.builder import catalogue
from puzzledb.builder.definition import load_text
from puzzledb.builder.kinds.peg.puzzle import PegSolitaire
from puzzledb.db.build import build
from puzzledb.db.connection import writer
from puzzledb.service.cli.commands import main
from puzzledb.service.http.app import create_app

SAVED = Path(__file__).with_name("answer_bytes.json")

#: A custom board of rectangles with a goal pattern ('?' any cell) and a named start.
BLOCKS = """
name = "small-blocks"
rows = 3
cols = 3
blank = "_"
goal = "??????HH?"
start = "VHHVs___s"
[pieces.V]
size = [2, 1]
name = "vertical"
[pieces.H]
size = [1, 2]
name = "horizontal"
[pieces.s]
name = "small"
"""
#: A custom peg board with symmetries: built as classes (one row per class of positions).
PLUS = [".ooo.", "ooooo", "ooooo", "ooooo", ".ooo."]
#: Every build's clock, fixed so that its answers are the same bytes wherever it is built; one
#: build keeps no start and finish, as a build made before puzzledb kept them.
CLOCK = {
    "built_at": "2026-01-02T03:04:05+00:00",
    "build_seconds": 1.25,
    "started_at": "2026-01-02T03:04:04+00:00",
    "finished_at": "2026-01-02T03:04:06+00:00",
}
WITHOUT_CLOCK = "nooff"

EIGHT_DEAD = "123456708"  # eight toward a second goal: this is 1 move from the default one
PEG_DEAD_END = "000110001000000"  # stored, one move from a loss
PEG_LOST = "000100001000000"  # not stored: two pegs that cannot meet
SAMPLES: list[tuple[str, list[str], str, dict[str, str]]] = [
    # (label, CLI words, HTTP route, HTTP query)
    ("path", ["path", "eight", "867254301"], "/path", {"puzzle": "eight", "state": "867254301"}),
    (
        "path-to",
        ["path", "eight", "867254301", "--to", "012345678"],
        "/path",
        {"puzzle": "eight", "state": "867254301", "to": "012345678"},
    ),
    (
        "path-peg",
        ["path", "peg15", "111111111111011"],
        "/path",
        {"puzzle": "peg15", "state": "111111111111011"},
    ),
    ("path-wide", ["path", "nooff", "LLONOFF_"], "/path", {"puzzle": "nooff", "state": "LLONOFF_"}),
    (
        "path-pattern",
        ["path", "small-blocks", "sHH_V__Vs"],
        "/path",
        {"puzzle": "small-blocks", "state": "sHH_V__Vs"},
    ),
    (
        "path-kana",
        ["path", "atama", "アタマノタイソ*ウ"],
        "/path",
        {"puzzle": "atama", "state": "アタマノタイソ*ウ"},
    ),
    (
        "path-classes",
        ["path", "plus21", "011011111111101111011"],
        "/path",
        {"puzzle": "plus21", "state": "011011111111101111011"},
    ),
    ("moves", ["moves", "eight", "867254301"], "/moves", {"puzzle": "eight", "state": "867254301"}),
    (
        "moves-to",
        ["moves", "eight", "867254301", "--to", "012345678"],
        "/moves",
        {"puzzle": "eight", "state": "867254301", "to": "012345678"},
    ),
    (
        "moves-wide",
        ["moves", "nooff", "LLONOFF_"],
        "/moves",
        {"puzzle": "nooff", "state": "LLONOFF_"},
    ),
    (
        "moves-peg",
        ["moves", "peg15", PEG_DEAD_END],
        "/moves",
        {"puzzle": "peg15", "state": PEG_DEAD_END},
    ),
    (
        "moves-lost",
        ["moves", "peg15", PEG_LOST, "--any"],
        "/moves",
        {"puzzle": "peg15", "state": PEG_LOST, "any": "true"},
    ),
    (
        "moves-lost-search",
        ["moves", "small-blocks", "start", "--any"],
        "/moves",
        {"puzzle": "small-blocks", "state": "start", "any": "true"},
    ),
    (
        "moves-parity",
        ["moves", "eight", "213456780", "--any"],
        "/moves",
        {"puzzle": "eight", "state": "213456780", "any": "true"},
    ),
    (
        "moves-beyond",
        ["moves", "fifteen", "0FEDCBA987654321", "--any"],
        "/moves",
        {"puzzle": "fifteen", "state": "0FEDCBA987654321", "any": "true"},
    ),
    (
        "moves-radius",
        ["moves", "fifteen", "123456789ABCD0EF"],
        "/moves",
        {"puzzle": "fifteen", "state": "123456789ABCD0EF"},
    ),
    (
        "depth",
        ["depth", "seven", "20", "--limit", "7", "--offset", "3"],
        "/depth",
        {"puzzle": "seven", "d": "20", "limit": "7", "offset": "3"},
    ),
    (
        "depth-after",
        ["depth", "eight", "5", "--limit", "4", "--after", "123450786"],
        "/depth",
        {"puzzle": "eight", "d": "5", "limit": "4", "after": "123450786"},
    ),
    (
        "depth-past-end",
        ["depth", "seven", "1", "--offset", "50"],
        "/depth",
        {"puzzle": "seven", "d": "1", "offset": "50"},
    ),
    (
        "depth-classes",
        ["depth", "plus21", "3", "--limit", "5"],
        "/depth",
        {"puzzle": "plus21", "d": "3", "limit": "5"},
    ),
    (
        "depth-goal",
        ["depth", "eight", "2", "--goal", EIGHT_DEAD],
        "/depth",
        {"puzzle": "eight", "d": "2", "goal": EIGHT_DEAD},
    ),
    ("farthest", ["farthest", "lines"], "/farthest", {"puzzle": "lines"}),
    (
        "farthest-radius",
        ["farthest", "fifteen", "--limit", "3"],
        "/farthest",
        {"puzzle": "fifteen", "limit": "3"},
    ),
    ("farthest-kana", ["farthest", "atama"], "/farthest", {"puzzle": "atama"}),
    ("stats", ["stats", "eight"], "/stats", {"puzzle": "eight"}),
    ("stats-no-clock", ["stats", WITHOUT_CLOCK], "/stats", {"puzzle": WITHOUT_CLOCK}),
    ("stats-classes", ["stats", "plus21"], "/stats", {"puzzle": "plus21"}),
    ("stats-radius", ["stats", "fifteen"], "/stats", {"puzzle": "fifteen"}),
    ("stats-pattern", ["stats", "small-blocks"], "/stats", {"puzzle": "small-blocks"}),
    ("stats-peg", ["stats", "peg15"], "/stats", {"puzzle": "peg15"}),
    ("catalogue", ["list"], "/puzzles", {}),
    (
        "path-scramble",
        ["path", "cube2", "--scramble", "R U L"],
        "/path",
        {"puzzle": "cube2", "scramble": "R U L"},
    ),
    (
        "moves-stickers",
        ["moves", "cube2", "FUFULLUBUBRRBBDDRRFDFDLL"],
        "/moves",
        {"puzzle": "cube2", "state": "FUFULLUBUBRRBBDDRRFDFDLL"},
    ),
    ("stats-twisty", ["stats", "cube2"], "/stats", {"puzzle": "cube2"}),
]
#: Refusals made by the answers (their messages), asked over HTTP: the CLI's name the file.
REFUSALS: list[tuple[str, str, dict[str, str]]] = [
    ("unknown-puzzle", "/path", {"puzzle": "nosuch", "state": "1"}),
    ("not-built", "/stats", {"puzzle": "eight", "goal": "123405678"}),
    ("not-built-custom", "/stats", {"puzzle": "small-blocks", "goal": "HH???????"}),
    ("unreachable-start", "/path", {"puzzle": "small-blocks", "state": "start"}),
    ("unreachable", "/path", {"puzzle": "eight", "state": "213456780"}),
    ("unreachable-peg", "/path", {"puzzle": "peg15", "state": PEG_LOST}),
    ("beyond-radius", "/path", {"puzzle": "fifteen", "state": "0FEDCBA987654321"}),
    ("no-targets", "/path", {"puzzle": "lines", "state": "123404526", "to": "625404321"}),
    ("no-build-toward", "/path", {"puzzle": "seven", "state": "12345670", "to": "10234567"}),
    ("to-and-goal", "/path", {"puzzle": "eight", "state": "867254301", "to": "1", "goal": "1"}),
    ("bad-scramble", "/path", {"puzzle": "cube2", "scramble": "R U3"}),
    ("scramble-and-state", "/moves", {"puzzle": "cube2", "scramble": "R", "state": "R"}),
    ("no-scramble", "/path", {"puzzle": "eight", "scramble": "R"}),
    ("twisted-corner", "/path", {"puzzle": "cube2", "state": "UUUFURRRFRFFDDDDLLLLBBBB"}),
]


def database(path: Path) -> Path:
    """The sample builds in a new file at `path`, their clocks fixed."""
    db = writer(path)
    for name in ("eight", "seven", "lines", "atama", "nooff", "peg15"):
        puzzle = catalogue.get(name)
        build(db, puzzle, puzzle.default_goal, time.perf_counter())
    eight = catalogue.get("eight")
    build(db, eight, EIGHT_DEAD, time.perf_counter())
    build(db, catalogue.get("fifteen"), "123456789ABCDEF0", time.perf_counter(), radius=4)
    blocks = load_text(BLOCKS).puzzle
    build(db, blocks, blocks.default_goal, time.perf_counter())
    plus = PegSolitaire.from_rows(
        "plus21", PLUS, "grid", "000/00000/00100/00000/000", metric="jump"
    )
    build(db, plus, plus.default_goal, time.perf_counter(), classes=True)
    cube = catalogue.get("cube2")  # within 3 turns: 385 positions, the scrambles' answers
    build(db, cube, cube.default_goal, time.perf_counter(), radius=3)
    db.close()
    with sqlite3.connect(path) as conn:
        conn.execute(
            "UPDATE puzzles SET built_at = :built_at, build_seconds = :build_seconds, "
            "started_at = :started_at, finished_at = :finished_at",
            CLOCK,
        )
        conn.execute(
            "UPDATE puzzles SET started_at = NULL, finished_at = NULL WHERE name = ?",
            (WITHOUT_CLOCK,),
        )
    conn.close()
    return path


def answered(path: Path) -> dict[str, str]:
    """Every sample's text, by label: `cli LABEL` (stdout of `puzzledb ... --json`), `http
    LABEL` (the response body, its status first)."""
    runner = CliRunner()
    client = create_app(path, {"answer_cache": 0}).test_client()
    texts = {}
    for label, words, route, query in SAMPLES:
        ran = runner.invoke(main, [*words, "--json", "--db", str(path)], catch_exceptions=False)
        texts[f"cli {label}"] = f"{ran.exit_code} {ran.stdout}"
        texts[f"http {label}"] = _body(client, route, query)
    for label, route, query in REFUSALS:
        texts[f"http {label}"] = _body(client, route, query)
    texts["http health"] = _body(client, "/health", {})
    return texts


def _body(client, route: str, query: dict[str, str]) -> str:
    response = client.get(route, query_string=query)
    return f"{response.status_code} {response.get_data(as_text=True)}"


def saved() -> dict[str, str]:
    """The texts kept in tests/support/answer_bytes.json, by label."""
    return json.loads(SAVED.read_text(encoding="utf-8"))


def write(folder: Path) -> None:
    texts = answered(database(folder / "samples.sqlite"))
    SAVED.write_text(json.dumps(texts, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as scratch:
        write(Path(scratch))
    print(f"wrote {SAVED}", file=sys.stderr)
