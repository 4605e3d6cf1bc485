"""A move is known by its data, not its words: the rules and the stored codes come from what
moves, where and which way, and the words are made from that. Identical pieces are told apart
by where they stand ("O at c1 right"), in the same words everywhere."""

import json
import re
import sqlite3

import pytest

from puzzledb.builder import catalogue
from puzzledb.builder.kinds.sliding import SlidingPuzzle, cell_name
from puzzledb.builder.search.plain import breadth_first
from puzzledb.service.http.app import create_app

TWINS = ["lines", "atama", "nooff"]  # puzzles with identical pieces


def test_cells_are_named_as_a_spreadsheet_names_them():
    assert [cell_name(c, 4) for c in (0, 1, 3, 4, 7)] == ["a1", "b1", "d1", "a2", "d2"]
    assert cell_name(26, 28) == "aa1" and cell_name(28 + 27, 28) == "ab2"


@pytest.mark.parametrize(
    "name, state, words",
    [
        ("nooff", "LLONOFF_", {"N down", "F at c2 right"}),
        ("nooff", "_LLNOOFF", {"bulb left", "O at a2 up"}),
        ("atama", "アタマノタイソウ*", {"tile イ down", "tile ウ right"}),
        ("atama", "アタマノ*イソタウ", {"tile タ at b3 up", "tile タ at b1 down"}),
        ("lines", "123404526", {"bar │ at c2 left", "bar ─ at b3 up"}),
    ],
)
def test_a_piece_with_a_twin_is_named_by_where_it_stands(name, state, words):
    """Only a piece with an identical piece gets its place: others read as they always did."""
    puzzle = catalogue.get(name)
    assert {m.label for m, _ in puzzle.moves(state)} >= words
    assert len({m.label for m, _ in puzzle.moves(state)}) == len(puzzle.moves(state))


@pytest.mark.parametrize(
    "name, twins", [("lines", ["bar ─", "bar │"]), ("atama", ["tile タ"]), ("nooff", ["O", "F"])]
)
def test_every_stored_move_of_a_twin_names_the_cell_it_leaves(seed_db, name, twins):
    """The moves table says which piece: "tile タ down" once stood for six moves."""
    puzzle = catalogue.get(name)
    with sqlite3.connect(f"file:{seed_db}?mode=ro", uri=True) as conn:
        rows = conn.execute(
            "SELECT m.label, m.cell_a, m.cell_b FROM moves AS m "
            "JOIN puzzles AS p ON p.id = m.puzzle_id WHERE p.name = ?",
            (name,),
        ).fetchall()
    said = [(label, a, b) for label, a, b in rows if label.rsplit(" ", 1)[0] in twins]
    placed = [
        (label, a, b) for label, a, b in rows if any(label.startswith(f"{t} at ") for t in twins)
    ]
    assert not said and placed
    for label, a, b in placed:
        at = re.search(r" at ([a-z]+[0-9]+) ", label)
        assert at is not None
        cell = at.group(1)
        assert cell in (cell_name(a, puzzle.cols), cell_name(b, puzzle.cols))


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
@pytest.mark.parametrize("name", TWINS + ["eight", "peg15"])
def test_reverse_moves_are_the_moves_that_lead_here_place_and_all(name):
    """The move back names the piece where it stands before the move, as `moves` there does."""
    puzzle = catalogue.get(name)
    for state in list(breadth_first(puzzle, puzzle.default_goal, radius=8).table)[:2000]:
        for move, earlier in puzzle.reverse_moves(state):
            assert (move, state) in puzzle.moves(earlier)
            assert move.label in {m.label for m, after in puzzle.moves(earlier) if after == state}


def test_stored_codes_come_from_the_move_not_its_words():
    """Two pieces given one name still move as two pieces: their codes stay apart, exactly
    the codes of the same board with every piece named its own way."""
    plain = SlidingPuzzle("p", 2, 3, "12345_", "_")
    alike = SlidingPuzzle("p", 2, 3, "12345_", "_", names={"1": "tile", "2": "tile"})
    a, b = breadth_first(plain, "12345_"), breadth_first(alike, "12345_")
    assert a.table == b.table
    assert sorted(a.moves) == sorted(b.moves)
    assert [(m.swap, m.family) for _, m in sorted(a.moves.items())] == [
        (m.swap, m.family) for _, m in sorted(b.moves.items())
    ]


def test_the_cli_and_the_api_say_the_same_words(seed_db, cli):
    """The page shows the API's words, so the three front ends say one thing."""
    client = create_app(seed_db).test_client()
    for route in ("path", "moves"):
        said = cli(route, "nooff", "LLONOFF_", "--db", seed_db, "--json")
        assert said.exit_code == 0, said.output
        shown = client.get(f"/{route}", query_string={"puzzle": "nooff", "state": "LLONOFF_"})
        from_cli, from_api = json.loads(said.stdout), shown.get_json()
        words = [m if route == "path" else m["move"] for m in from_api["moves"]]
        assert [m if route == "path" else m["move"] for m in from_cli["moves"]] == words
        assert "F at c2 right" in words or "O at c1 right" in words


@pytest.mark.parametrize("name", [*TWINS, "klotski-finger"])
def test_the_frame_names_columns_and_rows_as_the_move_words_name_cells(name):
    """/puzzles gives a board's coordinates (for its frame) where moves name cells: a move's
    "at b4" is the column and the row its piece's top-left cell lies in."""
    puzzle = catalogue.get(name)
    frame = puzzle.coordinates()
    assert frame is not None
    assert len(frame["columns"]) == puzzle.cols and len(frame["rows"]) == puzzle.rows
    named = 0
    start = (puzzle.starts or {}).get("start", puzzle.default_goal)  # klotski's goal: a pattern
    for state in list(breadth_first(puzzle, start, radius=6).table)[:300]:
        for move, after in puzzle.moves(state):
            at = re.search(r" at ([a-z]+)([0-9]+) ", move.label)
            if not at:
                continue
            row, col = divmod(puzzle.move_cells(state, move, after)[0][0], puzzle.cols)
            assert at.groups() == (frame["columns"][col], frame["rows"][row]), move.label
            named += 1
    assert named


def test_the_catalogue_serves_coordinates_only_where_moves_name_cells(seed_db):
    entries = create_app(seed_db).test_client().get("/puzzles").get_json()["puzzles"]
    frames = {entry["name"]: entry["coordinates"] for entry in entries}
    assert frames["eight"] is None and frames["peg15"] is None  # "tile 5 down", holes numbered
    assert frames["klotski"] == {"columns": ["a", "b", "c", "d"], "rows": ["1", "2", "3", "4", "5"]}
    assert frames["nooff"] == {"columns": ["a", "b", "c", "d"], "rows": ["1", "2"]}
