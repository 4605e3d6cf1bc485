"""Rush Hour cards defined without code: a TOML table with `kind = "rush"`, or the build's
`--rush BOARD` flag (builder.definition reads a file and hands its table here), and a list of
cards from `--rush-cards FILE`.

A complete file (examples/rush.toml):

    kind = "rush"           # required for a Rush Hour card
    name = "myrush"         # required, as for sliding boards
    title = "A quick card"  # optional; default: the name
    start = "BBBCDE/FGGCDE/F.AADE/HHI.../.JI.KK/.JLLMM"  # required: the card, row by row
                            #   ('/' between rows, else a square board): A the primary car,
                            #   other vehicles by letter, 'o' or '.' empty, 'x' a wall;
                            #   called "start" in queries
    metric = "moves"        # optional: "moves" (one vehicle any distance one way, the default,
                            #   as players and Fogleman's database count) or "steps" (one cell)
    goal = "????????????????AA??????????????????"  # optional: the default is the primary car
                            #   at the exit (its row's right edge), every position doing that
                            #   at depth 0; or a position of the card's cluster, or another
                            #   pattern ('?' any cell)

A card whose primary car cannot reach the exit (a wall or a horizontal vehicle in the way, or
no sequence of moves) is refused before anything is built.
"""

from __future__ import annotations

from puzzledb.builder.core.errors import BadDefinition, MalformedInput
from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.builder.definition_fields import COMMON_FLAGS, Definition, FieldReader

from .moves import METRICS
from .puzzle import RushHour

KEYS = ("kind", "name", "title", "start", "metric", "goal")
#: The options of `puzzledb build` that define a card, by field.
FLAGS = {**COMMON_FLAGS, "start": "--rush"}


def define_rush(reader: FieldReader, raw: dict) -> tuple[RushHour, list[str]]:
    """The card and its goal (canonical) from a raw table; `reader` (builder.definition_fields)
    checks the fields all kinds share and prefixes every message with the file or flag."""
    reader.check_keys(raw, KEYS, "", required=("name", "start"))
    name = reader.name(raw["name"])
    title = reader.title(reader.text(raw, "title", ""))
    metric = reader.text(raw, "metric", "moves")
    if metric not in METRICS:
        known = ", ".join(f'"{m}"' for m in METRICS)
        reader.fail(f"{reader.field('metric')} must be one of {known}, not {shown(metric)}")
    start = reader.text(raw, "start", "")
    goal = raw.get("goal")
    if goal is not None:
        goal = reader.text(raw, "goal", "")
    try:
        puzzle = RushHour(name, start, title=title, metric=metric, goal=goal)
        puzzle.goal_positions(puzzle.default_goal)  # a card that cannot be solved is refused
    except (BadDefinition, MalformedInput) as error:
        reader.fail(error.message.replace(f"{name}: the card", f"{reader.field('start')}", 1))
    return puzzle, [puzzle.default_goal]


def from_flags(
    name: str, board: str, metric: str | None = None, goal: str | None = None
) -> Definition:
    """A Rush Hour card from `build NAME --rush BOARD [--metric M] [--goal G]`."""
    raw = {"name": name, "start": board, "metric": metric, "goal": goal}
    reader = FieldReader("", FLAGS)
    return Definition(*define_rush(reader, {k: v for k, v in raw.items() if v is not None}))


def cards_from_flags(name: str, path: str, metric: str | None = None) -> Definition:
    """The clusters of a list of Rush Hour cards from `build NAME --rush-cards FILE
    [--metric M]` (cards.py), toward the primary car at the exit."""
    from .card_list import load_cards
    from .cards import RushCards

    reader = FieldReader("", FLAGS)
    name = reader.name(name)
    metric = "moves" if metric is None else metric
    if metric not in METRICS:
        known = ", ".join(f'"{m}"' for m in METRICS)
        reader.fail(f"--metric must be one of {known}, not {shown(metric)}")
    lines, rows, cols = load_cards(path)
    puzzle = RushCards.from_lines(name, lines, rows, cols, metric, shown(path, PATH_SHOWN))
    return Definition(puzzle, [puzzle.default_goal])
