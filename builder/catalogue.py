"""The built-in puzzles of PUZZLES.md, and rebuilding any puzzle from its stored definition.

The catalogue is lazy: a puzzle is made the first time it is asked for by name, so that a
lookup of one puzzle (`puzzledb path eight ...`) neither builds the peg boards' symmetries
nor imports the kinds it does not use. Its names, in order, are known without making any.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from typing import TYPE_CHECKING, Any, cast

from .core.errors import BadDefinition, UnknownPuzzle
from .core.message_text import shown
from .puzzle import MAX_COMPLETE_STATES, Puzzle

if TYPE_CHECKING:
    from .kinds.peg.puzzle import PegSolitaire
    from .kinds.rush import RushHour
    from .kinds.sliding import SlidingPuzzle

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

# Hole h of the 15-hole triangle: (over, land) pairs, as PUZZLES.md lists them.
PEG15_JUMPS = [
    [(1, 3), (2, 5)],
    [(3, 6), (4, 8)],
    [(4, 7), (5, 9)],
    [(1, 0), (4, 5), (6, 10), (7, 12)],
    [(7, 11), (8, 13)],
    [(2, 0), (4, 3), (8, 12), (9, 14)],
    [(3, 1), (7, 8)],
    [(4, 2), (8, 9)],
    [(4, 1), (7, 6)],
    [(5, 2), (8, 7)],
    [(6, 3), (11, 12)],
    [(7, 4), (12, 13)],
    [(7, 3), (8, 5), (11, 10), (13, 14)],
    [(8, 4), (12, 11)],
    [(9, 5), (13, 12)],
]
# Row r of the triangle holds r+1 holes, drawn two columns apart and centred.
PEG15_LAYOUT = [(r, 4 - r + 2 * i) for r in range(5) for i in range(r + 1)]

#: The English cross of 33 holes (Hi-Q), holes numbered row by row: 16 is the centre.
ENGLISH_BOARD = ("..ooo..", "..ooo..", "ooooooo", "ooooooo", "ooooooo", "..ooo..", "..ooo..")
ENGLISH_CENTRE = 16
#: The French board of 37 holes, holes numbered row by row. Its centre-vacant start cannot
#: end with one peg in the centre (their position classes differ, builder.kinds.peg.rules); the
#: classic problem empties hole 5 (row 2, middle) and ends in hole 31 (row 6, middle).
FRENCH_BOARD = ("..ooo..", ".ooooo.", "ooooooo", "ooooooo", "ooooooo", ".ooooo.", "..ooo..")
FRENCH_START_HOLE, FRENCH_GOAL_HOLE = 5, 31


def _one_peg(holes: int, hole: int) -> str:
    return "".join("1" if h == hole else "0" for h in range(holes))


def _french() -> PegSolitaire:
    from .kinds.peg.puzzle import PegSolitaire

    return PegSolitaire.from_rows(
        "french",
        FRENCH_BOARD,
        "grid",
        _one_peg(37, FRENCH_GOAL_HOLE),
        title="French peg solitaire (37-hole board), one jump a move",
        metric="jump",
        starts={"start": _one_peg(37, FRENCH_START_HOLE).translate(str.maketrans("01", "10"))},
    )


def _english(name: str, title: str, metric: str) -> PegSolitaire:
    """The English cross: every hole full but the centre, to one peg in the centre."""
    from .kinds.peg.puzzle import PegSolitaire

    return PegSolitaire.from_rows(
        name,
        ENGLISH_BOARD,
        "grid",
        _one_peg(33, ENGLISH_CENTRE),
        title=title,
        metric=metric,
        starts={"start": _one_peg(33, ENGLISH_CENTRE).translate(str.maketrans("01", "10"))},
    )


#: Published Rush Hour cards (Fogleman's database of every 6x6 card, and his solver's example):
#: name -> (card, title). Their figures (51, 60, 58 and 49 moves) are asserted by the tests.
RUSH_CARDS = {
    "rush51": (
        "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo",
        "Rush Hour, the hardest card without walls (51 moves)",
    ),
    "rush60": (
        "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM",
        "Rush Hour, a hardest card with walls (60 moves)",
    ),
    "rush58": (
        "BBoKMxDDDKMoIAALooIoJLEEooJFFNoGGoxN",
        "Rush Hour, a card with walls (58 moves)",
    ),
    "rush49": (
        "BBBCDEFGGCDEF.AADEHHI....JI.KK.JLLMM",
        "Rush Hour, the example of Fogleman's solver (49 moves)",
    ),
}


def _rush(name: str) -> RushHour:
    """A published Rush Hour card, its moves counted as players and Fogleman count them."""
    from .kinds.rush import RushHour

    card, title = RUSH_CARDS[name]
    return RushHour(name, card, title=title, metric="moves")


def _sliding(*args: Any, **kwargs: Any) -> SlidingPuzzle:
    from .kinds.sliding import SlidingPuzzle

    return SlidingPuzzle(*args, **kwargs)


def _peg15() -> PegSolitaire:
    from .kinds.peg.puzzle import PegSolitaire

    return PegSolitaire(
        "peg15",
        PEG15_JUMPS,
        "000000000000100",
        PEG15_LAYOUT,
        title="Peg solitaire, 15-hole triangle",
    )


#: How each catalogue puzzle is made, by name, in the order `list` shows them.
MAKERS: dict[str, Callable[[], Puzzle]] = {
    "eight": lambda: _sliding("eight", 3, 3, "123456780", "0", title="8-puzzle"),
    "eight-multi": lambda: _sliding(
        "eight-multi",
        3,
        3,
        "123456780",
        "0",
        title="8-puzzle, multi-tile moves",
        metric="multi",
    ),
    "seven": lambda: _sliding("seven", 2, 4, "12345670", "0", title="7-puzzle (2x4)"),
    "lines": lambda: _sliding(
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
    "atama": lambda: _sliding(
        "atama",
        3,
        3,
        "アタマノタイソウ*",
        "*",
        title="アタマノタイソウ (katakana 8-puzzle)",
        goal_words={"アタマノタイソウ*": "the tiles spelling アタマノタイソウ, row by row"},
    ),
    "nooff": lambda: _sliding(
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
    "peg15": _peg15,
    "english": lambda: _english(
        "english", "English peg solitaire (33-hole cross), one jump a move", "jump"
    ),
    "english-chain": lambda: _english(
        "english-chain", "English peg solitaire (33-hole cross), chains", "chain"
    ),
    "french": _french,
    "nine": lambda: _hex_board("nine", 2, 5, "2x5 sliding puzzle"),
    "eleven": lambda: _hex_board("eleven", 3, 4, "3x4 sliding puzzle"),
    "fifteen": lambda: _hex_board("fifteen", 4, 4, "15-puzzle"),
    "fifteen-multi": lambda: _hex_board(
        "fifteen-multi", 4, 4, "15-puzzle, multi-tile moves", metric="multi"
    ),
    **{name: partial(_rush, name) for name in RUSH_CARDS},
}


class Catalogue(Mapping[str, Puzzle]):
    """The catalogue puzzles by name, each made when first asked for and the same object from
    then on. `name in`, iterating and len() read the names only; values() makes them all."""

    def __init__(self, makers: Mapping[str, Callable[[], Puzzle]]):
        self._makers = makers
        self._made: dict[str, Puzzle] = {}
        self._lock = threading.RLock()  # one puzzle object per name, whichever thread asks

    def __getitem__(self, name: str) -> Puzzle:
        made = self._made.get(name)
        if made is None:
            make = self._makers[name]  # KeyError: not a catalogue puzzle
            with self._lock:
                made = self._made.get(name)
                if made is None:
                    made = self._made[name] = make()
        return made

    def __contains__(self, name: object) -> bool:
        return name in self._makers

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)

    def made(self) -> list[str]:
        """The names of the puzzles made so far."""
        return list(self._made)


def _klotski(name: str, title: str, metric: str = "single") -> SlidingPuzzle:
    """Klotski: the big square (B) to the exit at the bottom middle, the rest anywhere; from
    the standard start 横刀立马, with four verticals (V), one horizontal (H), four smalls (s)."""
    return _sliding(
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


def _hex_board(
    name: str, rows: int, cols: int, title: str, metric: str = "single"
) -> SlidingPuzzle:
    """Tiles 1..9, A.. and blank 0 (so a state reads as a hexadecimal number); a..f accepted."""
    tiles = "123456789ABCDEF"[: rows * cols - 1]
    return _sliding(
        name,
        rows,
        cols,
        tiles + "0",
        "0",
        title=title,
        aliases={t.lower(): t for t in tiles if t.isalpha()},
        metric=metric,
    )


CATALOGUE = Catalogue(MAKERS)
#: The puzzles of the articles: what `puzzledb build --all` builds.
SEEDS = ["eight", "seven", "lines", "atama", "nooff", "peg15"]
#: Seeds whose goals for every target (`--all-goals`) `build --all` builds too, as they are
#: cheap (seven: one more build of 20,160 states), so that any position can be a target there.
SEEDS_WITH_EVERY_TARGET = ["seven"]
#: Catalogue boards whose complete build toward their own goal holds a published number of
#: positions far below their arrangements: the size guard weighs that number instead.
#: english: the positions that can finish with one peg in the centre (the peg codecs build it),
#: the same however moves are counted: english-chain holds them too.
PUBLISHED_STATES = {"english": 187_636_299, "english-chain": 187_636_299}


def states_bound(puzzle: Puzzle, goal: str | None = None) -> int | None:
    """At most how many states a complete build of `puzzle` toward `goal` (its own when None)
    holds, as known before searching: a catalogue board's published count toward its own
    goal, else every arrangement (None: not known)."""
    published = PUBLISHED_STATES.get(puzzle.name)
    own = CATALOGUE.get(puzzle.name) is puzzle and goal in (None, puzzle.default_goal)
    return published if published is not None and own else puzzle.arrangements()


class _RadiusOnly(Mapping[str, int]):
    """Catalogue boards too large to search completely (name -> states), weighed one at a
    time: asking about one name makes that puzzle only."""

    def __getitem__(self, name: str) -> int:
        count = states_bound(CATALOGUE[name])
        if count is None or count <= MAX_COMPLETE_STATES:
            raise KeyError(name)
        return count

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str) or name not in CATALOGUE:
            return False
        count = states_bound(CATALOGUE[name])
        return count is not None and count > MAX_COMPLETE_STATES

    def __iter__(self) -> Iterator[str]:
        return (name for name in CATALOGUE if name in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: Too large to search completely (name -> states): these are built within a radius of the goal.
RADIUS_ONLY: Mapping[str, int] = _RadiusOnly()
#: The radius suggested for a board too large to search completely (the docs' examples):
#: each suggested build finishes in about a minute or less on a machine of 2 cores (issue 27).
#: One tile a move, the layers grow about twofold: fifteen --radius 20 is 3,418,020 states
#: (builder.search.known_layers), built in 7 s.
SUGGESTED_RADIUS = 20
#: Several tiles a move (the metric `multi`), about threefold: fifteen-multi --radius 12 is
#: 1,256,090 states, built in 41 s; --radius 14 was still searching after 150 s, and 20 after
#: 4 minutes.
SLIDING_SUGGESTED_RADIUS = {"multi": 12}
#: Peg boards grow about fourfold a jump (fifteenfold a chain) near the goal: these radii build
#: in seconds on the plain search (english: 106,760 positions of up to 9 pegs).
PEG_SUGGESTED_RADIUS = {"jump": 8, "chain": 4}


def suggested_radius(name: str, puzzle: Puzzle | None = None) -> int:
    """The radius a suggested build command gives `name` (or `puzzle`, one of your own)."""
    puzzle = puzzle or CATALOGUE.get(name)
    if puzzle is not None and puzzle.kind == "peg":  # a PegSolitaire, its module unimported
        return PEG_SUGGESTED_RADIUS[cast("PegSolitaire", puzzle).metric]
    metric = getattr(puzzle, "metric", None)  # a SlidingPuzzle's way to count a move
    if metric in SLIDING_SUGGESTED_RADIUS:
        return SLIDING_SUGGESTED_RADIUS[metric]
    return SUGGESTED_RADIUS


def radius_flag(name: str) -> str:
    """What a suggested build command adds for `name`: " --radius 20" where the puzzle can
    only be built within a radius, else nothing."""
    return f" --radius {suggested_radius(name)}" if name in RADIUS_ONLY else ""


def get(name: str) -> Puzzle:
    try:
        return CATALOGUE[name]
    except (KeyError, TypeError):
        known = ", ".join(CATALOGUE)
        raise UnknownPuzzle(f"unknown puzzle {shown(name)}; known puzzles: {known}") from None


def from_spec(spec: dict) -> Puzzle:
    """Rebuild a puzzle from the definition stored with its build."""
    try:
        if spec["kind"] == "rush" and "clusters" in spec:  # a list of cards
            from .kinds.rush.cards import RushCards

            return RushCards.from_spec(spec)
        return _kind(spec["kind"]).from_spec(spec)
    except KeyError as missing:
        raise BadDefinition(f"stored definition lacks {missing}") from None


def _kind(kind: str) -> type[Puzzle]:
    """The class of a stored kind, imported only when a definition of that kind is read."""
    if kind == "sliding":
        from .kinds.sliding import SlidingPuzzle

        return SlidingPuzzle
    if kind == "peg":
        from .kinds.peg.puzzle import PegSolitaire

        return PegSolitaire
    if kind == "rush":
        from .kinds.rush import RushHour

        return RushHour
    raise KeyError(kind)
