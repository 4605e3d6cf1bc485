"""The famous peg solitaire boards of the catalogue (builder.catalogue shelves them): the
15-hole triangle of the articles, the English cross counted in jumps and in chains, the French
board. Each is made when first asked for."""

from __future__ import annotations

from collections.abc import Callable

from .puzzle import PegSolitaire

# Hole h of the 15-hole triangle: (over, land) pairs, as the article lists them.
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
#: end with one peg in the centre (their position classes differ, rules.py); the
#: classic problem empties hole 5 (row 2, middle) and ends in hole 31 (row 6, middle).
FRENCH_BOARD = ("..ooo..", ".ooooo.", "ooooooo", "ooooooo", "ooooooo", ".ooooo.", "..ooo..")
FRENCH_START_HOLE, FRENCH_GOAL_HOLE = 5, 31


def _one_peg(holes: int, hole: int) -> str:
    return "".join("1" if h == hole else "0" for h in range(holes))


def _french() -> PegSolitaire:
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
    return PegSolitaire.from_rows(
        name,
        ENGLISH_BOARD,
        "grid",
        _one_peg(33, ENGLISH_CENTRE),
        title=title,
        metric=metric,
        starts={"start": _one_peg(33, ENGLISH_CENTRE).translate(str.maketrans("01", "10"))},
    )


def _peg15() -> PegSolitaire:
    return PegSolitaire(
        "peg15",
        PEG15_JUMPS,
        "000000000000100",
        PEG15_LAYOUT,
        title="Peg solitaire, 15-hole triangle",
    )


#: How each is made, by name.
MAKERS: dict[str, Callable[[], PegSolitaire]] = {
    "peg15": _peg15,
    "english": lambda: _english(
        "english", "English peg solitaire (33-hole cross), one jump a move", "jump"
    ),
    "english-chain": lambda: _english(
        "english-chain", "English peg solitaire (33-hole cross), chains", "chain"
    ),
    "french": _french,
}
