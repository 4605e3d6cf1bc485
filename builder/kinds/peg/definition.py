"""Peg boards defined without code: a TOML table with `kind = "peg"` -> PegSolitaire.

A complete file (examples/square.toml is another, a 4x4 board):

    kind = "peg"            # required for a peg board (a sliding board says nothing or "sliding")
    name = "mycross"        # required, as for sliding boards
    title = "A small cross" # optional; default: the name
    board = [".o.", "ooo", ".o."]  # required: rows of 'o' (a hole) and '.' (no hole), all as
                            #   wide; holes are numbered in reading order, at most 64
    lines = "grid"          # optional: "grid" (rows and columns, the default) or "triangle"
                            #   (rows, columns and the down-right diagonal of left-aligned rows:
                            #   peg15's triangle is "o....", "oo...", ... "ooooo")
    metric = "jump"         # optional: "chain" (one peg's chain of jumps a move, the default,
                            #   as peg15) or "jump" (one jump a move)
    goal = "00100"          # required, or goals = [...]: one '1' (peg) or '0' (empty) per hole
                            #   in reading order, or the board's rows with '.' off the board
    start = "11011"         # optional: a position called "start" in queries; or several:
                            #   [starts] with name = "position" lines
    goal_words = "one peg in the middle"  # optional: how the first goal is said, or a table
                            #   [goal_words] with "goal" = "words" lines (as for sliding boards)
"""

from __future__ import annotations

from ...core.errors import BadDefinition, MalformedInput
from ...core.message_text import shown
from ...definition_fields import NAME, FieldReader
from ...definition_fields import kind_of as _kind
from .board import LINES, check_board
from .puzzle import METRICS, PegSolitaire

KEYS = (
    "kind",
    "name",
    "title",
    "board",
    "lines",
    "metric",
    "goal",
    "goals",
    "start",
    "starts",
    "goal_words",
)
#: A position of the fast search is one 64-bit word, one bit a hole.
MAX_HOLES = 64


def define_peg(reader: FieldReader, raw: dict) -> tuple[PegSolitaire, list[str]]:
    """The puzzle and its goals (canonical, the default first) from a raw TOML table;
    `reader` (builder.definition_fields) checks the fields every kind shares and prefixes
    every message with the file."""
    reader.check_keys(raw, KEYS, "", required=("name", "board"))
    name = reader.name(raw["name"])
    title = reader.title(reader.text(raw, "title", ""))
    lines = reader.text(raw, "lines", "grid")
    if lines not in LINES:
        known = ", ".join(f'"{k}"' for k in LINES)
        reader.fail(f"lines must be one of {known}, not {shown(lines)}")
    metric = reader.text(raw, "metric", "chain")
    if metric not in METRICS:
        known = ", ".join(f'"{m}"' for m in METRICS)
        reader.fail(f"metric must be one of {known}, not {shown(metric)}")
    board = raw["board"]
    if not isinstance(board, list):
        reader.fail(f'board must be an array of rows like ".oo.", not {_kind(board)}')
    holes = sum(row.count("o") for row in board if isinstance(row, str))
    if holes > MAX_HOLES:
        reader.fail(
            f"the board has {holes} holes, at most {MAX_HOLES} are allowed: the fast search "
            f"holds a position in one 64-bit word, one bit a hole"
        )
    goals = _goals(reader, raw)
    starts = _starts(reader, raw)
    goal_words = reader.goal_words(raw, goals)
    try:
        rows = check_board(board, "")
        puzzle = PegSolitaire.from_rows(
            name,
            rows,
            lines,
            goals[0],
            title=title,
            metric=metric,
            starts=starts,
            goal_words=goal_words,
        )
        canonical = [puzzle.parse_goal(goal) for goal in goals]
    except (BadDefinition, MalformedInput) as error:
        reader.fail(error.message)
    for i, goal in enumerate(canonical[1:], start=1):
        if goal in canonical[:i]:
            reader.fail(f"goal {i + 1} repeats goal {canonical.index(goal) + 1} ({shown(goal)})")
    return puzzle, canonical


def _goals(reader: FieldReader, raw: dict) -> list[str]:
    if "goal" in raw and "goals" in raw:
        reader.fail("give either 'goal' or 'goals', not both")
    if "goal" not in raw and "goals" not in raw:
        reader.fail("missing key 'goals' (or 'goal')")
    goals = [raw["goal"]] if "goal" in raw else raw["goals"]
    if not isinstance(goals, list):
        reader.fail(f"goals must be an array of strings, not {_kind(goals)}")
    if not goals:
        reader.fail("goals is empty: give at least one goal")
    for goal in goals:
        if not isinstance(goal, str):
            reader.fail(f"a goal must be a string, not {_kind(goal)}")
    return goals


def _starts(reader: FieldReader, raw: dict) -> dict[str, str]:
    table = reader.start_table(raw)
    for name, text in table.items():
        if not NAME.fullmatch(name) or not set(name) - set("01"):
            reader.fail(
                f"start {shown(name)} is not a valid name for a start: use lowercase letters, "
                f"digits, '-' and '_', at most 40, and not only 0 and 1 (a position)"
            )
        if not isinstance(text, str):
            reader.fail(f"start {shown(name)} must be a string, not {_kind(text)}")
    return table
