"""Puzzles defined without code (builder/definition.py): they must search exactly like the
catalogue's, and every bad definition must be refused with a message saying what is wrong."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import independent

from puzzledb.builder import catalogue
from puzzledb.builder.core.errors import BadDefinition
from puzzledb.builder.definition import Definition, load_file, load_text
from puzzledb.builder.kinds.sliding import SlidingPuzzle
from puzzledb.builder.kinds.sliding.definition import from_flags
from puzzledb.builder.search.plain import breadth_first

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def walk(result, puzzle, state):
    """The stored path from `state` to the goal, checking each step is a legal move."""
    path = [state]
    while True:
        depth, code, pred = result.table[state]
        if pred is None:
            return path
        made = {nxt: move.label for move, nxt in puzzle.moves(state)}
        assert pred in made, f"{state} -> {pred} is not a move"
        assert result.moves[code].label == made[pred]
        assert result.table[pred][0] == depth - 1
        state = pred
        path.append(state)


def test_ruby_2x2_example_goes_from_123_to_231():
    definition = load_file(EXAMPLES / "ruby2x2.toml")
    assert definition.goals == ["231*"]
    result = breadth_first(definition.puzzle, "231*")
    depth = result.table["123*"][0]
    path = walk(result, definition.puzzle, "123*")
    assert path[-1] == "231*" and len(path) == depth + 1
    assert result.states == 12  # 4!/2: the blank and three tiles, half the permutations


def test_ruby_2x2_from_flags_is_the_same_puzzle():
    toml = load_file(EXAMPLES / "ruby2x2.toml")
    for rows, cols in ((2, 2), ("2", "2")):
        flags = from_flags("ruby2x2", rows, cols, "231*", "*")
        assert flags.goals == ["231*"]
        assert breadth_first(flags.puzzle, "231*").table == breadth_first(toml.puzzle, "231*").table
    two = from_flags("two", 2, 2, "1230").puzzle
    assert isinstance(two, SlidingPuzzle) and two.blank == "0"


def test_nooff_from_toml_answers_like_the_catalogue():
    mine = load_file(EXAMPLES / "nooff.toml")
    theirs = catalogue.get("nooff")
    assert mine.goals == [theirs.default_goal]
    a = breadth_first(mine.puzzle, mine.goals[0])
    b = breadth_first(theirs, theirs.default_goal)
    assert {s: d for s, (d, _, _) in a.table.items()} == {s: d for s, (d, _, _) in b.table.items()}
    assert a.states == 540 and a.max_depth == 56
    for state, (_, code, _) in a.table.items():
        other = b.table[state][1]
        assert (code is None) == (other is None)
        if code is not None:
            assert a.moves[code].label == b.moves[other].label
    assert walk(a, mine.puzzle, "LLONOFF_")[-1] == "LLNOOFF_"


KLOTSKI = """
name = "mini-klotski"
rows = 3
cols = 5
blank = "."
goals = ["AAHHBAAVBB..V..", "BHHAAB.VAAB.V.."]

[pieces.A]
size = [2, 2]
name = "block"

[pieces.V]
size = [2, 1]

[pieces.H]
size = [1, 2]
glyph = "="

[pieces.B]
name = "bee"
"""


def independent_depths(rows, cols, goal, blank, wide_labels):
    """BFS over text states; each wide label is one piece, every other label one per cell.

    A piece moves one step when every cell it moves into is blank or its own."""

    def successors(state):
        for label in set(state) - {blank}:
            cells = [i for i, ch in enumerate(state) if ch == label]
            for piece in [cells] if label in wide_labels else [[c] for c in cells]:
                for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                    spots = [(c // cols + dr, c % cols + dc) for c in piece]
                    if not all(0 <= r < rows and 0 <= c < cols for r, c in spots):
                        continue
                    moved = [r * cols + c for r, c in spots]
                    if all(state[m] == blank or m in piece for m in moved):
                        after = list(state)
                        for c in piece:
                            after[c] = blank
                        for m in moved:
                            after[m] = label
                        yield "".join(after)

    return independent.distances_to(goal, successors)


def test_two_blanks_and_a_2x2_block_search_like_an_independent_bfs():
    definition = load_text(KLOTSKI)
    puzzle = definition.puzzle
    assert definition.goals == ["AAHHBAAVBB..V..", "BHHAAB.VAAB.V.."]
    assert puzzle.parse("AA==B/AAVBB/..V..") == "AAHHBAAVBB..V.."  # a glyph reads as its label
    sizes = []
    for goal in definition.goals:
        result = breadth_first(puzzle, goal)
        mine = {s: d for s, (d, _, _) in result.table.items()}
        assert mine == independent_depths(3, 5, goal, ".", {"A", "V", "H"})
        sizes.append((result.states, result.max_depth))
    assert sizes == [(3990, 42), (3990, 41)]
    labels = sorted(m.label for m, _ in puzzle.moves("AAHHBAAVBB..V.."))
    assert labels == ["bee at d2 down", "bee at e2 down", "block down"]  # twins told apart


def test_first_goal_is_the_default_and_others_are_canonical():
    d = load_text('name = "g"\nrows = 2\ncols = 2\nblank = "*"\ngoals = ["231*", "*123"]')
    assert isinstance(d, Definition)
    assert d.puzzle.default_goal == "231*" and d.goals == ["231*", "*123"]


BASE = 'name = "t"\nrows = 2\ncols = 2\nblank = "*"\n'


def nooff(goals):
    return (
        f'name = "t"\nrows = 2\ncols = 4\nblank = "_"\ngoals = {goals}\n[pieces.L]\nsize = [1, 2]'
    )


@pytest.mark.parametrize(
    "text, words",
    [
        # keys
        ('name = "t"\nrows = 2\nblank = "*"\ngoal = "231*"', "missing key 'cols'"),
        (BASE, "missing key 'goals' (or 'goal')"),
        (BASE + 'goal = "231*"\ngoals = ["231*"]', "either 'goal' or 'goals', not both"),
        (BASE + 'goal = "231*"\ncolour = "red"', "unknown key 'colour'"),
        (BASE + 'goal = "231*"\n[pieces.1]\nsise = [1, 2]', "unknown key 'sise' in [pieces.1]"),
        # types
        (
            BASE.replace("rows = 2", 'rows = "2"') + 'goal = "231*"',
            "rows must be a whole number, not a string",
        ),
        (
            BASE.replace("rows = 2", "rows = 2.0") + 'goal = "231*"',
            "rows must be a whole number, not a float",
        ),
        (
            BASE.replace("cols = 2", "cols = true") + 'goal = "231*"',
            "cols must be a whole number, not a boolean",
        ),
        (BASE.replace('name = "t"', "name = 7") + 'goal = "231*"', "name must be a string"),
        (BASE + "goal = 231", "goal must be a string, not an integer"),
        (BASE + 'goals = "231*"', "goals must be an array"),
        (BASE + "goals = []", "goals is empty"),
        (BASE + 'goals = ["231*", 5]', "goal 2 must be a string"),
        (BASE + 'goal = "231*"\npieces = 3', "pieces must be a table"),
        (BASE + 'goal = "231*"\n[pieces]\n1 = 3', "pieces.1 must be a table"),
        # sizes
        (BASE.replace("rows = 2", "rows = 0") + 'goal = "231*"', "rows must be positive, not 0"),
        (BASE.replace("cols = 2", "cols = -3") + 'goal = "231*"', "cols must be positive, not -3"),
        (BASE.replace("rows = 2", "rows = 33") + 'goal = "1*"', "66 cells, at most 64 are allowed"),
        (BASE.replace("rows = 2", "rows = 33") + 'goal = "1*"', "one 64-bit integer"),
        (BASE + 'goal = "23*"', "goal '23*' has 3 cells, a 2x2 board has 4"),
        (BASE + 'goals = ["231*", "12*"]', "goal 2 '12*' has 3 cells"),
        # blank
        (BASE.replace('"*"', '"**"') + 'goal = "231*"', "blank must be exactly one character"),
        (BASE.replace('"*"', '""') + 'goal = "231*"', "blank must be exactly one character"),
        (BASE + 'goal = "2314"', "goal '2314' has no blank '*'"),
        (BASE.replace('blank = "*"\n', "") + 'goal = "231*"', "no blank '0' (the default blank"),
        (BASE + 'goal = "****"', "only blanks"),
        # name
        (BASE.replace('"t"', '""') + 'goal = "231*"', "name is empty"),
        (
            BASE.replace('"t"', '"My Puzzle"') + 'goal = "231*"',
            "'My Puzzle' is not a valid puzzle name",
        ),
        (BASE.replace('"t"', '"nooff"') + 'goal = "231*"', "'nooff' is a catalogue puzzle"),
        # wide pieces
        (
            BASE + 'goal = "LL1*"\n[pieces.L]\nsize = [1, 3]',
            "piece 'L' (1x3) does not fit: the board is 2x2",
        ),
        (BASE + 'goal = "L11*"\n[pieces.L]\nsize = [3, 1]', "piece 'L' (3x1) does not fit"),
        (nooff('["LNLOOFF_"]'), "piece 'L' (1x2) does not fit goal 'LNLOOFF_'"),
        (nooff('["LNLOOFF_"]'), "the 'L' at row 1, column 1 does not start a whole 1x2 block"),
        (
            nooff('["LLNOOFF_", "NLLOOFF_", "NOOLLFF_"]'),
            "does not fit goal 3 'NOOLLFF_': the 'L' at row 1, column 4",
        ),
        (BASE + 'goal = "LL1*"\n[pieces.L]\nsize = [2]', "pieces.L.size must be [rows, cols]"),
        (BASE + 'goal = "LL1*"\n[pieces.L]\nsize = [0, 2]', "pieces.L.size must be positive"),
        (BASE + 'goal = "231*"\n[pieces.X]\nname = "x"', "there is no piece 'X' in goal '231*'"),
        (BASE + 'goal = "231*"\n[pieces.12]\nname = "x"', "one-character label, not '12'"),
        (BASE + 'goal = "231*"\n[pieces."*"]\nname = "x"', "'*' is the blank, not a piece"),
        # goals with different pieces
        (BASE + 'goals = ["231*", "241*"]', "goal 2 has piece '3' 0 times, but goal 1 has it once"),
        (BASE + 'goals = ["221*", "211*"]', "goal 2 has piece '1' twice, but goal 1 has it once"),
        (BASE + 'goals = ["23**", "2***"]', "goal 2 has 3 blanks '*', but goal 1 has 2 blanks"),
        (BASE + 'goals = ["231*", "123*", "231*"]', "goal 3 repeats goal 1"),
        # separators and odd characters
        (BASE + 'goal = "2 1*"', "goal has space at position 2"),
        (BASE + 'goal = "2,1*"', "cannot be labels"),
        (BASE + 'goal = "2\\t1*"', "goal has tab"),
        (BASE + 'goal = "23/1*"', "goal has '/' at position 3"),
        (BASE.replace('"*"', '" "') + 'goal = "231 "', "blank cannot be space"),
        (BASE + 'goal = "2\\u00011*"', "unprintable character"),
        # glyphs and names
        (BASE + 'goal = "231*"\n[pieces.1]\nglyph = ","', "pieces.1.glyph cannot be comma"),
        (
            BASE + 'goal = "231*"\n[pieces.1]\nglyph = "ab"',
            "pieces.1.glyph must be exactly one character",
        ),
        (BASE + 'goal = "231*"\n[pieces.1]\nglyph = "2"', "glyph '2' of '1' is also a label"),
        (
            BASE + 'goal = "231*"\n[pieces.1]\nglyph = "x"\n[pieces.2]\nglyph = "x"',
            "glyph 'x' is given to both",
        ),
        (BASE + 'goal = "231*"\nblank_glyph = "3"', "glyph '3' of '*' is also a label"),
        (BASE + 'goal = "231*"\n[pieces.1]\nname = "tile 2"', "would both be called 'tile 2'"),
        (BASE + 'goal = "231*"\n[pieces.1]\nname = " one"', "pieces.1.name must be printable text"),
        (BASE + 'goal = "231*"\n[pieces.1]\nname = 1', "pieces.1.name must be a string"),
        # not TOML at all
        (BASE + 'goal = "231*\n', "not valid TOML"),
        (BASE + "goal = \n", "line 5"),
    ],
)
def test_bad_definitions_are_refused(text, words):
    with pytest.raises(BadDefinition) as error:
        load_text(text, source="my.toml")
    assert words in error.value.message
    assert error.value.message.startswith("my.toml: ")


def test_unreadable_files_are_bad_definitions(tmp_path):
    with pytest.raises(BadDefinition, match=r"missing\.toml: cannot read the file"):
        load_file(tmp_path / "missing.toml")
    with pytest.raises(BadDefinition, match=r"not a definition file \(it is a folder\)"):
        load_file(tmp_path)
    (tmp_path / "latin1.toml").write_bytes(b'name = "caf\xe9"')
    with pytest.raises(BadDefinition, match="not UTF-8"):
        load_file(tmp_path / "latin1.toml")


@pytest.mark.parametrize(
    "args, words",
    [
        (("t", "two", 2, "231*", "*"), "--rows must be a whole number, not a string ('two')"),
        (("t", 2, 0, "231*", "*"), "--cols must be positive"),
        (("t", 2, 2, None, "*"), "missing --goal"),
        ((None, 2, 2, "231*", "*"), "missing NAME"),
        (("eight", 3, 3, "123456780"), "NAME 'eight' is a catalogue puzzle"),
        (("t", 2, 2, "231*"), "--goal '231*' has no blank '0'"),
        (("t", 2, 2, "23*", "*"), "--goal '23*' has 3 cells"),
        (("t", 2, 2, "231*", "**"), "--blank must be exactly one character"),
    ],
)
def test_bad_flags_are_refused(args, words):
    with pytest.raises(BadDefinition) as error:
        from_flags(*args)
    assert error.value.message.startswith(words)


def toml_value(value):
    """TOML for the values drawn below: JSON scalars and arrays are TOML; tables go inline."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


SCALARS = (
    st.integers(-3, 70)
    | st.booleans()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text("12AL*_. ,/", max_size=9)
)
ANYTHING = st.recursive(
    SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["1", "L", "size", "name", "x"]), inner, max_size=3)
    ),
    max_leaves=8,
)


def maybe(sensible):
    """Usually a sensible value, now and then anything at all."""
    return st.integers(0, 11).flatmap(lambda n: ANYTHING if n == 11 else sensible)


PIECE = st.fixed_dictionaries(
    {},
    optional={
        "size": maybe(st.lists(st.integers(0, 2), min_size=2, max_size=2)),
        "name": maybe(st.sampled_from(["bulb", "tile 1", "tile 2", " x"])),
        "glyph": maybe(st.sampled_from(["=", "2", ",", "ab", "*"])),
    },
)


@st.composite
def definitions(draw):
    """Mostly sensible definitions, so that every check is reached, with fields now and then
    replaced by anything, left out, or joined by an unknown key."""
    rows, cols = draw(st.integers(1, 3)), draw(st.integers(1, 3))
    goal = st.text("12LLLLAAAA**..", min_size=rows * cols, max_size=rows * cols)
    raw = {
        "name": maybe(st.just("t")),
        "rows": maybe(st.just(rows)),
        "cols": maybe(st.just(cols)),
        "blank": maybe(st.sampled_from(["*", "."])),
        "blank_glyph": maybe(st.sampled_from(["o", "1"])),
        "goals": maybe(st.lists(goal, min_size=1, max_size=3)),
        "pieces": maybe(st.dictionaries(st.sampled_from(["1", "L", "A", "*", "xx"]), PIECE)),
        "title": maybe(st.text(max_size=5)),
        "x": ANYTHING,
    }
    kept = {}
    for key, value in raw.items():
        if (draw(st.integers(0, 14)) == 14) == (key == "x"):
            kept[key] = draw(value)
    return kept


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
@settings(max_examples=400, deadline=None)
@given(definitions())
def test_any_input_gives_a_definition_or_a_bad_definition(raw):
    """Never a raw exception: either a working puzzle or a BadDefinition naming the source."""
    text = "\n".join(f"{key} = {toml_value(value)}" for key, value in raw.items())
    try:
        definition = load_text(text)
    except BadDefinition as error:
        assert error.message.startswith("<string>: ")
        return
    assert definition.goals[0] == definition.puzzle.default_goal
    for goal in definition.goals:
        definition.puzzle.moves(goal)


@pytest.mark.parametrize("title", ["a\u202eb", "x" * 101, "tab\there"])
def test_a_title_must_be_printable_and_short(title):
    """A definition's title must be printable and short: the page and `list` show it."""
    text = f'name = "tt"\ntitle = "{title}"\nrows = 1\ncols = 2\ngoal = "10"\n'
    with pytest.raises(BadDefinition, match="title must be printable"):
        load_text(text)
