"""The famous sliding-block puzzles of the catalogue (builder.catalogue shelves them): the
8-puzzle and its variants of the articles, Klotski in three metrics, the larger tile boards.
Each is made when first asked for."""

from __future__ import annotations

from collections.abc import Callable

from .puzzle import SlidingPuzzle

LINE_GLYPHS = {"1": "┌", "2": "─", "3": "┐", "4": "│", "5": "└", "6": "┘", "0": "□"}
# Said by shape in move words ("bar ─ down"), as "tile ─ down" reads as a dash.
LINE_NAMES = {
    "1": "corner ┌",
    "2": "bar ─",
    "3": "corner ┐",
    "4": "bar │",
    "5": "corner └",
    "6": "corner ┘",
}

#: Klotski's standard start (横刀立马) and its goal: the big square at the exit, below it.
KLOTSKI_START = "VBBVVBBVVHHVVssVs__s"
KLOTSKI_GOAL = "?????????????BB??BB?"


def _klotski(name: str, title: str, metric: str = "single") -> SlidingPuzzle:
    """Klotski: the big square (B) to the exit at the bottom middle, the rest anywhere; from
    the standard start 横刀立马, with four verticals (V), one horizontal (H), four smalls (s)."""
    return SlidingPuzzle(
        name,
        5,
        4,
        KLOTSKI_GOAL,
        "_",
        title=title,
        wide={"B": (2, 2), "V": (2, 1), "H": (1, 2)},
        names={"B": "big", "V": "vertical", "H": "horizontal", "s": "small"},
        starts={"start": KLOTSKI_START},
        metric=metric,
    )


def _klotski_family(name: str, title: str, metric: str = "unit") -> SlidingPuzzle:
    """Every layout of Klotski's board with the big square, two blanks and any mix of
    verticals, horizontals and smalls (36 mixes), toward the big square at the exit."""
    from .any_mix import AnyMix

    return AnyMix(
        name,
        5,
        4,
        KLOTSKI_GOAL,
        "_",
        fixed={"B": 1},
        free=("V", "H", "s"),
        blanks=2,
        starts={"start": KLOTSKI_START},
        title=title,
        wide={"B": (2, 2), "V": (2, 1), "H": (1, 2)},
        names={"B": "big", "V": "vertical", "H": "horizontal", "s": "small"},
        metric=metric,
    )


def _hex_board(
    name: str, rows: int, cols: int, title: str, metric: str = "single"
) -> SlidingPuzzle:
    """Tiles 1..9, A.. and blank 0 (so a state reads as a hexadecimal number); a..f accepted."""
    tiles = "123456789ABCDEF"[: rows * cols - 1]
    return SlidingPuzzle(
        name,
        rows,
        cols,
        tiles + "0",
        "0",
        title=title,
        aliases={t.lower(): t for t in tiles if t.isalpha()},
        metric=metric,
    )


#: How each is made, by name.
MAKERS: dict[str, Callable[[], SlidingPuzzle]] = {
    "eight": lambda: SlidingPuzzle("eight", 3, 3, "123456780", "0", title="8-puzzle"),
    "eight-multi": lambda: SlidingPuzzle(
        "eight-multi",
        3,
        3,
        "123456780",
        "0",
        title="8-puzzle, multi-tile moves",
        metric="multi",
    ),
    "seven": lambda: SlidingPuzzle("seven", 2, 4, "12345670", "0", title="7-puzzle (2x4)"),
    "lines": lambda: SlidingPuzzle(
        "lines",
        3,
        3,
        "123404526",
        "0",
        title="8-puzzle of line pieces",
        glyphs=LINE_GLYPHS,
        names=LINE_NAMES,
        goal_words={"123404526": "the frame closed round the blank"},
    ),
    "atama": lambda: SlidingPuzzle(
        "atama",
        3,
        3,
        "アタマノタイソウ*",
        "*",
        title="アタマノタイソウ (katakana 8-puzzle)",
        goal_words={"アタマノタイソウ*": "the tiles spelling アタマノタイソウ, row by row"},
    ),
    "nooff": lambda: SlidingPuzzle(
        "nooff",
        2,
        4,
        "LLNOOFF_",
        "_",
        title="NO-OFF (a bulb two cells wide)",
        wide={"L": (1, 2)},
        names={"L": "bulb", **{ch: ch for ch in "NOF"}},
        goal_words={"LLNOOFF_": "the bulb top left, then NO over OFF"},
    ),
    "klotski": lambda: _klotski("klotski", "Klotski (华容道), one piece one cell a move", "unit"),
    "klotski-straight": lambda: _klotski(
        "klotski-straight", "Klotski (华容道), one piece in one direction a move", "straight"
    ),
    "klotski-finger": lambda: _klotski(
        "klotski-finger", "Klotski (华容道), one piece anywhere it slides a move", "finger"
    ),
    "klotski-all": lambda: _klotski_family(
        "klotski-all",
        "Klotski (华容道), every layout of every piece mix, one piece one cell a move",
    ),
    "klotski-all-straight": lambda: _klotski_family(
        "klotski-all-straight",
        "Klotski (华容道), every layout of every piece mix, one piece in one direction a move",
        "straight",
    ),
    "klotski-all-finger": lambda: _klotski_family(
        "klotski-all-finger",
        "Klotski (华容道), every layout of every piece mix, one piece anywhere it slides a move",
        "finger",
    ),
    "nine": lambda: _hex_board("nine", 2, 5, "2x5 sliding puzzle"),
    "eleven": lambda: _hex_board("eleven", 3, 4, "3x4 sliding puzzle"),
    "fifteen": lambda: _hex_board("fifteen", 4, 4, "15-puzzle"),
    "fifteen-multi": lambda: _hex_board(
        "fifteen-multi", 4, 4, "15-puzzle, multi-tile moves", metric="multi"
    ),
}
