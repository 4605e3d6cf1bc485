"""Peg boards defined without code: drawn rows, the two metrics, TOML, the catalogue's crosses.

The move rules are checked against a model written here from the rules alone (three holes in a
line, the first jumping over the second into the third), sharing no code with builder/.
"""

import json

import pytest
from support.independent import GRID_LINES, PEG_JUMPS, TRIANGLE_LINES, drawn_jumps, drawn_successors
from support.json_errors import one_error

from puzzledb.builder import catalogue
from puzzledb.builder.core.errors import BadDefinition, MalformedInput
from puzzledb.builder.definition import load_file, load_text
from puzzledb.builder.kinds.peg.puzzle import PegSolitaire
from puzzledb.builder.puzzle import MAX_COMPLETE_STATES
from puzzledb.builder.search.plain import breadth_first

EXAMPLE = "examples/square.toml"
CROSS = ["..ooo..", "..ooo..", "ooooooo", "ooooooo", "ooooooo", "..ooo..", "..ooo.."]


def model_distances(goal, successors, holes):
    """Distance to `goal` of every position that reaches it, by brute force over all 2^n."""
    dist = {goal: 0}
    by_pegs = sorted((format(n, f"0{holes}b") for n in range(2**holes)), key=lambda s: s.count("1"))
    for _ in range(holes):  # relax until nothing changes (moves only lower the peg count)
        changed = False
        for s in by_pegs:
            best = min((dist[t] + 1 for t in successors(s) if t in dist), default=None)
            if best is not None and dist.get(s, best + 1) > best:
                dist[s] = best
                changed = True
        if not changed:
            break
    return dist


def test_a_triangle_drawn_as_rows_is_peg15():
    drawn = PegSolitaire.from_rows(
        "t", ["o....", "oo...", "ooo..", "oooo.", "ooooo"], "triangle", "0" * 12 + "100"
    )
    peg15 = catalogue.get("peg15")
    assert isinstance(peg15, PegSolitaire)
    assert drawn.layout == peg15.layout
    assert [sorted(row) for row in drawn.jumps] == [sorted(row) for row in peg15.jumps]
    assert {(h, o, land) for h, row in PEG_JUMPS.items() for o, land in row} == {
        (h, o, land) for h, row in enumerate(drawn.jumps) for o, land in row
    }


@pytest.mark.parametrize(
    "board, lines, metric",
    [
        (["ooo", "ooo", "ooo"], "grid", "jump"),
        (["ooo", "ooo", "ooo"], "grid", "chain"),
        ([".o.", "ooo", "ooo", ".o."], "grid", "chain"),
        (["o...", "oo..", "ooo.", "oooo"], "triangle", "jump"),
        (["ooo", "ooo", "ooo", "ooo"], "grid", "jump"),
    ],
)
def test_both_metrics_agree_with_a_model_of_the_rules(board, lines, metric):
    directions = {"grid": GRID_LINES, "triangle": TRIANGLE_LINES}[lines]
    triples = drawn_jumps(board, directions)
    holes = sum(row.count("o") for row in board)
    goal = "".join("1" if h == holes // 2 else "0" for h in range(holes))
    puzzle = PegSolitaire.from_rows("b", board, lines, goal, metric=metric)
    assert {(h, o, land) for h, row in enumerate(puzzle.jumps) for o, land in row} == triples
    successors = drawn_successors(triples, metric)
    for n in range(0, 2**holes, 7):
        state = format(n, f"0{holes}b")
        assert {after for _, after in puzzle.moves(state)} == successors(state)
    built = breadth_first(puzzle, goal)
    expected = model_distances(goal, successors, holes)
    assert {s: d for s, (d, _, _) in built.table.items()} == expected
    if metric == "jump":  # every jump removes one peg: distance is pegs left minus one
        assert all(d == s.count("1") - 1 for s, d in expected.items())


def test_the_english_cross():
    english, chain = catalogue.get("english"), catalogue.get("english-chain")
    assert isinstance(english, PegSolitaire) and isinstance(chain, PegSolitaire)
    assert (english.metric, chain.metric) == ("jump", "chain")
    assert english.holes == 33 and english.jumps == chain.jumps
    assert english.default_goal == "0" * 16 + "1" + "0" * 16
    assert english.parse("start") == "1" * 16 + "0" + "1" * 16
    assert len(english.moves(english.parse("start"))) == 4
    assert english.draw(english.parse("start"))[3] == "● ● ● ○ ● ● ●"
    assert english.layout[0] == (0, 4) and english.layout[6] == (2, 0)
    # typed as rows of holes, or drawn in full with '.' (or 0) off the board
    start = english.parse("start")
    assert english.parse("111/111/1111111/1110111/1111111/111/111") == start
    assert english.parse("..111../..111../1111111/1110111/1111111/..111../..111..") == start
    assert english.parse("0011100 0011100 1111111 1110111 1111111 0011100 0011100") == start


# A solution of the French board's classic problem (hole 5 empty, end in hole 31), found by a
# depth-first search outside the suite: 35 jumps, each (from, to).
FRENCH_SOLUTION = [
    (3, 5), (6, 4), (16, 3), (3, 5), (11, 9), (1, 11), (8, 10), (11, 9), (13, 11), (18, 5),
    (22, 8), (8, 10), (17, 4), (0, 10), (27, 13), (7, 20), (25, 27), (23, 25), (27, 13),
    (14, 12), (19, 6), (2, 12), (34, 24), (36, 26), (25, 27), (28, 26), (35, 25), (25, 27),
    (33, 20), (21, 19), (19, 6), (6, 4), (4, 17), (17, 30), (29, 31),
]  # fmt: skip


def test_the_french_board_starts_where_it_can_finish():
    """Its centre-vacant start cannot end in the centre (position classes); the catalogue's
    start and goal can, as this sequence of its own jumps shows."""
    french = catalogue.get("french")
    assert isinstance(french, PegSolitaire)
    assert french.holes == 37 and french.metric == "jump"
    state = french.parse("start")
    assert state.count("0") == 1 and state[5] == "0" and french.default_goal[31] == "1"
    for origin, land in FRENCH_SOLUTION:
        (state,) = [after for move, after in french.moves(state) if move.path == (origin, land)]
    assert state == french.default_goal


def test_a_stored_definition_reads_back_and_old_ones_are_chains():
    for name in ("english", "english-chain", "peg15", "french"):
        puzzle = catalogue.get(name)
        again = catalogue.from_spec(json.loads(json.dumps(puzzle.spec())))
        assert isinstance(puzzle, PegSolitaire) and isinstance(again, PegSolitaire)
        assert again.spec() == puzzle.spec() and again.metric == puzzle.metric
    old = {k: v for k, v in catalogue.get("peg15").spec().items() if k != "metric"}
    stored_before = catalogue.from_spec(old)
    assert isinstance(stored_before, PegSolitaire) and stored_before.metric == "chain"


def test_the_example_file_defines_a_square_board():
    definition = load_file(EXAMPLE)
    puzzle = definition.puzzle
    assert isinstance(puzzle, PegSolitaire)
    assert (puzzle.name, puzzle.holes, puzzle.metric) == ("square4", 16, "jump")
    assert definition.goals == ["0100" + "0" * 12]
    assert puzzle.parse("start") == "1101" + "1" * 12
    assert puzzle.draw(puzzle.parse("start"))[0] == "● ● ○ ●"


TOML = """kind = "peg"
name = "p"
board = [{board}]
{rest}
"""


@pytest.mark.parametrize(
    "board, rest, message",
    [
        ('"oox", "ooo"', 'goal = "100000"', "board row 1 'oox' has 'x'"),
        ('"ooo", "oo"', 'goal = "10000"', "board row 2 'oo' has 2 cells, row 1 has 3"),
        ('"...", "..."', 'goal = "1"', "the board has no hole"),
        ('"ooo", "...", "o.."', 'goal = "1000"', "no jump connects hole 3 (row 3, column 1)"),
        ('"o.o", "o.o"', 'goal = "1000"', "no jump connects hole 0 (row 1, column 1) nor 3 more"),
        ('"ooo"', 'goal = "10"', "goal has 2 holes, expected 3"),
        ('"ooo"', 'goal = "1x0"', "goal has 'x' at row 1, column 2, a hole"),
        ('"ooo", ".o.", ".o."', 'goal = "100/x/0"', "goal has 'x' at hole 3; write 1 for a peg"),
        ('"ooo"', 'goal = "000"', "goal has no pegs"),
        ('"ooo"', 'goal = "100"\nstart = "1101"', "start 'start' has 4 holes, expected 3"),
        ('"ooo"', 'goal = "100"\nstart = "1"', "start 'start' has 1 hole, expected 3"),
        ('"ooo", "ooo"', 'goal = "1.0000"', "goal has '.' at row 1, column 2, a hole"),
        ('".ooo", "oooo"', 'goal = "1000/0000"', "goal has a peg off the board at row 1, column 1"),
        ('".ooo", "oooo"', 'goal = "x000/0000"', "goal has 'x' at row 1, column 1, off the board"),
        ('"ooo"', 'goal = "100"\nmetric = "hop"', 'metric must be one of "chain", "jump"'),
        ('"ooo"', 'goal = "100"\nlines = "hex"', 'lines must be one of "grid", "triangle"'),
        ('"ooo"', 'goal = "100"\nrows = 3', "unknown key 'rows'"),
        ('"ooo"', 'goal = "100"\n[starts]\n"101" = "110"', "start '101' is not a valid name"),
    ],
)
def test_bad_peg_definitions_say_what_is_wrong(board, rest, message):
    with pytest.raises(BadDefinition, match=r"^my\.toml: ") as error:
        load_text(TOML.format(board=board, rest=rest), source="my.toml")
    assert message in error.value.message


def test_a_board_of_more_than_64_holes_is_refused():
    rows = ", ".join(['"ooooooooo"'] * 8)
    with pytest.raises(BadDefinition, match="72 holes, at most 64"):
        load_text(TOML.format(board=rows, rest='goal = "' + "1" + "0" * 71 + '"'))


def test_a_state_with_a_peg_off_the_board_is_malformed():
    english = catalogue.get("english")
    with pytest.raises(MalformedInput, match="peg off the board at row 1, column 1"):
        english.parse("1.111../..111../1111111/1110111/1111111/..111../..111..")
    with pytest.raises(MalformedInput, match="34 holes, expected 33"):
        english.parse("1" * 34)
    with pytest.raises(MalformedInput, match="or a start by name: start"):
        english.parse("begin")


def test_a_big_board_of_your_own_is_refused_whole_with_a_radius_that_builds(
    cli, empty_db, tmp_path
):
    big = tmp_path / "big.toml"
    rows = ", ".join(['"oooooo"'] * 5)
    big.write_text(TOML.format(board=rows, rest='metric = "jump"\ngoal = "' + "1" + "0" * 29 + '"'))
    message = one_error(cli("build", "--file", big, "--db", empty_db, "--json"), "too_large")
    assert "1,073,741,824" in message and message.endswith("--radius 8")
    assert not empty_db.exists()


def test_the_cli_refuses_bad_peg_input_and_writes_nothing(cli, empty_db, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text(TOML.format(board='"ooo", "...", "o.."', rest='goal = "1000"'))
    message = one_error(cli("build", "--file", bad, "--db", empty_db, "--json"), "bad_definition")
    assert "no jump connects hole 3" in message
    assert not empty_db.exists()
    message = one_error(
        cli("build", "english", "--goal", "1" * 32, "--radius", "2", "--db", empty_db, "--json"),
        "malformed",
    )
    assert "goal has 32 holes, expected 33" in message
    assert not empty_db.exists()


def test_english_builds_within_a_radius_and_its_chains_whole_by_the_chain_codec(cli, empty_db):
    # Both metrics build whole with the peg codecs (tests/builder/test_peg_english.py, opt-in): the
    # size guard weighs the chain metric by the same published count (the same positions can
    # finish, however moves are counted), toward its own goal only.
    chain = catalogue.get("english-chain")
    assert catalogue.states_bound(chain) == 187_636_299 <= MAX_COMPLETE_STATES
    assert "english-chain" not in catalogue.RADIUS_ONLY
    other = "1" + "0" * 32
    refused = cli("build", "english-chain", "--goal", other, "--db", empty_db, "--json")
    assert "puzzledb build english-chain --radius 4" in one_error(refused, "too_large")
    assert not empty_db.exists()
    built = cli("build", "english-chain", "--radius", "2", "--db", empty_db)
    assert built.exit_code == 0, built.output
    # pegs in holes 14 and 15: 14 jumps over 15 into the centre, one move in either metric
    path = cli("path", "english-chain", "0" * 14 + "11" + "0" * 17, "--db", empty_db, "--json")
    assert path.exit_code == 0, path.output
    assert json.loads(path.stdout)["moves"] == ["peg 14 jumps to 16"]
    built = cli("build", "english", "--radius", "5", "--db", empty_db)
    assert built.exit_code == 0, built.output
    path = cli("path", "english", "0" * 14 + "11" + "0" * 17, "--db", empty_db, "--json")
    assert path.exit_code == 0, path.output
    assert json.loads(path.stdout)["moves"] == ["peg 14 jumps to 16"]


def test_the_docs_show_the_example_file_itself():
    """docs/defining-puzzles.md includes examples/square.toml by snippet rather than a copy, so
    the board the page shows is the file that loads (tests/docs/test_docs.py builds the site)."""
    from pathlib import Path

    page = Path(__file__).parents[2] / "docs" / "defining-puzzles.md"
    assert '--8<-- "examples/square.toml"' in page.read_text(encoding="utf-8")
    assert load_file(EXAMPLE).puzzle.kind == "peg"


def test_the_format_documented_in_peg_definition_is_a_file_that_exists_and_loads():
    """builder/kinds/peg/definition.py's docstring is where the docs send readers for the
    format: the example file it names must exist, and its example must load as written."""
    import re
    from pathlib import Path

    from puzzledb.builder.kinds.peg import definition as peg_definition

    doc = peg_definition.__doc__
    root = Path(__file__).parents[2]
    for named in re.findall(r"examples/[\w.-]+\.toml", doc):
        assert (root / named).is_file(), named
    example = "\n".join(
        line[4:] for line in doc.splitlines() if line.startswith("    ") and line.strip()
    )
    definition = load_text(example)
    assert definition.puzzle.kind == "peg"


@pytest.mark.parametrize("name", ["english", "english-chain"])
def test_a_position_within_the_radius_that_the_build_lacks_is_unreachable(cli, tmp_path, name):
    """Every move removes a peg, so a position of p pegs finishes within p - 1 moves if at all:
    within a build's radius, one the build lacks cannot finish (exit 3), whether or not a rule
    explains it, rather than being "more than R moves from the goal" (beyond_radius, exit 5)."""
    db = tmp_path / "p.sqlite"
    assert cli("build", name, "--radius", "3", "--db", db, "-q").exit_code == 0
    two_apart = "0" * 9 + "1" + "0" * 13 + "1" + "0" * 9  # no rule catches it; it cannot finish
    assert (
        catalogue.get(name).unreachable_reason(two_apart, catalogue.get(name).default_goal) is None
    )
    message = one_error(cli("path", name, two_apart, "--db", db, "--json"), "unreachable", 3)
    assert "radius" in message and "more than" not in message


def test_a_move_into_a_hopeless_position_within_the_radius_is_not_beyond_it(cli, tmp_path):
    """In `moves`, a neighbour the build lacks whose peg count puts it within the radius is
    hopeless, not `beyond_radius`."""
    db = tmp_path / "p.sqlite"
    assert cli("build", "english", "--radius", "4", "--db", db, "-q").exit_code == 0
    state = "0" * 25 + "10011110"
    moves = json.loads(cli("moves", "english", state, "--db", db, "--json").stdout)["moves"]
    hopeless = next(m for m in moves if m["move"] == "peg 31 jumps to 23")
    assert hopeless["depth"] is None and hopeless["beyond_radius"] is False


def test_a_full_peg_board_goal_builds_its_single_state(cli, empty_db):
    """A goal with every hole filled (found in review as a traceback) builds its one state: a
    path to itself is empty, and a board with fewer pegs is told it cannot get there."""
    built = cli("build", "peg15", "--goal", "111111111111111", "--db", empty_db, "--json")
    assert built.exit_code == 0, built.output
    assert json.loads(built.stdout)["built"][0] | {"build_seconds": 0} == {
        "name": "peg15",
        "goal": "111111111111111",
        "states": 1,
        "max_depth": 0,
        "radius": None,
        "build_seconds": 0,
    }
    path = json.loads(
        cli(
            "path",
            "peg15",
            "111111111111111",
            "--goal",
            "111111111111111",
            "--db",
            empty_db,
            "--json",
        ).stdout
    )
    assert path["depth"] == 0 and path["moves"] == []
    fewer = cli("path", "peg15", "111111111111110", "--goal", "111111111111111", "--db", empty_db)
    assert fewer.exit_code == 3 and "too few pegs" in fewer.stderr


@pytest.mark.parametrize("text", ["1/11/111/1111/11011", "1 / 1 1 / 1,1,1 / 1111 / 1 1 0 1 1"])
def test_peg15_takes_rows_of_the_triangle(text):
    """peg15 is typed as the rows of its triangle, spaced as one likes."""
    assert catalogue.get("peg15").parse(text) == "111111111111011"


@pytest.mark.parametrize(
    "text, words",
    [
        (
            "11/1/111/1111/11011",
            "row 1 has 2 holes, expected 1 (its rows have 1, 2, 3, 4, 5 holes)",
        ),
        ("1/11/111/111/11111", "row 4 has 3 holes, expected 4"),
        ("1/11/111/1111/110111", "row 5 has 6 holes, expected 5"),
        ("1/11/111/1111", "has 4 rows, expected 5"),
        ("1/11/111/1111/1101/1", "has 6 rows, expected 5"),
    ],
)
def test_peg15_refuses_wrong_rows_naming_them(text, words):
    """A row of the wrong length, or too few or too many rows, is refused naming the row and
    the lengths expected."""
    with pytest.raises(MalformedInput) as refused:
        catalogue.get("peg15").parse(text)
    assert words in refused.value.message
