"""The text form of a Rush Hour board, as the community writes it, and why a text is not one.

Row by row, one symbol a cell: `A` the primary car, other vehicles by letter, `o` (or `.`) an
empty cell, `x` a wall; rows may be separated by '/' and cells by spaces or commas. The
canonical text is the symbols alone, every empty cell an `o`:
`BBBCDEFGGCDEFoAADEHHIooooJIoKKoJLLMM`. Without '/' a board is square (36 cells: 6x6).
"""

from __future__ import annotations

from math import isqrt

from puzzledb.builder.core.errors import MalformedInput
from puzzledb.builder.core.message_text import shown
from puzzledb.builder.puzzle import ANY, ROW_SEPARATOR, SEPARATORS, cell_name, split_cells

from .geometry import EMPTY, PRIMARY, VEHICLE_LETTERS, WALL, placements

#: Another way to write an empty cell (Fogleman's solver's example uses it).
EMPTY_TOO = "."
#: The most cells a board may have: a cluster on a larger board is far beyond a plain search.
MAX_CELLS = 256
SYMBOLS = "letters for vehicles ('A' the primary car), 'o' or '.' for an empty cell, 'x' for a wall"


def shape_of(text: object, what: str = "board") -> tuple[int, int]:
    """(rows, cols) of a typed board: its rows when '/' separates them, else a square."""
    if not isinstance(text, str):
        raise MalformedInput(f"{what} must be text")
    if text.isalpha() and 4 <= len(text) <= MAX_CELLS:  # the usual card: letters, a square
        side = isqrt(len(text))
        if side * side == len(text):
            return side, side
    rows = [[ch for ch in row if ch not in SEPARATORS] for row in text.strip().split(ROW_SEPARATOR)]
    if len(rows) > 1:
        cols = len(rows[0])
        for number, row in enumerate(rows[1:], start=2):
            if len(row) != cols:
                raise MalformedInput(
                    f"{what} row {number} has {len(row)} cells, its first row has {cols}: "
                    f"every row of a board is as long"
                )
        return len(rows), cols
    cells = len(rows[0])
    side = isqrt(cells)
    if side * side != cells or side < 2:
        raise MalformedInput(
            f"{what} has {cells} cells: without '/' between its rows a board is square "
            f"(36 cells for the usual 6x6); write another shape's rows separated by '/'"
        )
    return side, side


def check_size(rows: int, cols: int, what: str = "board") -> None:
    if rows < 2 or cols < 2 or rows * cols > MAX_CELLS:
        raise MalformedInput(
            f"{what} is {rows}x{cols}: a board has at least 2 rows and 2 columns and at most "
            f"{MAX_CELLS} cells"
        )


def canonical(text: object, what: str, rows: int, cols: int, pattern: bool = False) -> str:
    """The canonical text of a board of `rows` x `cols`, or MalformedInput naming what is
    wrong. With `pattern`, '?' (any cell) is allowed and vehicles are not checked whole."""
    if type(text) is str and len(text) == rows * cols and EMPTY_TOO not in text:
        symbols = list(text)  # the common case of every lookup: already canonical
    else:
        symbols = split_cells(text, what, rows * cols, cols)
    if len(symbols) != rows * cols:
        raise MalformedInput(
            f"{what} has {len(symbols)} cells, expected {rows * cols} ({rows}x{cols})"
        )
    symbols = [EMPTY if s == EMPTY_TOO else s for s in symbols]
    if not set(symbols) <= BOARD_SYMBOLS:  # the first cell that is not, named
        _check_symbols(symbols, what, cols, pattern)
    state = "".join(symbols)
    if not pattern:
        check_vehicles(state, what, rows, cols)
    return state


def _check_symbols(symbols: list[str], what: str, cols: int, pattern: bool) -> None:
    for cell, symbol in enumerate(symbols):
        if symbol == ANY and pattern:
            continue
        if symbol == ANY:
            raise MalformedInput(
                f"{what} has '{ANY}' at {cell_name(cell, cols)}: '{ANY}' stands for any cell "
                f"only in a goal"
            )
        if not (symbol in (EMPTY, WALL) or vehicle_letter(symbol)):
            raise MalformedInput(
                f"{what} has {shown(symbol)} at {cell_name(cell, cols)}; a board has {SYMBOLS}"
            )


#: What a canonical board (not a goal pattern) is written with.
BOARD_SYMBOLS = VEHICLE_LETTERS | {EMPTY, WALL}


def vehicle_letter(symbol: str) -> bool:
    """Letters name vehicles, all but the empty cell's 'o' and the wall's 'x'."""
    return len(symbol) == 1 and symbol.isascii() and symbol.isalpha() and symbol not in "ox"


def check_vehicles(state: str, what: str, rows: int, cols: int) -> None:
    """Every letter a straight run of 2 or more cells, and one primary car A, horizontal.

    Judged first by each letter's first and last cell and count (a list of a million cards
    is read in seconds, not minutes); only a board that fails is looked at cell by cell, for
    the message naming the first vehicle that is wrong."""
    if not _vehicles_whole(state, cols):
        _name_the_wrong_vehicle(state, what, cols)


def _vehicles_whole(state: str, cols: int) -> bool:
    for letter in set(state) & VEHICLE_LETTERS:
        first, last, count = state.find(letter), state.rfind(letter), state.count(letter)
        if count < 2:
            return False
        if first // cols == last // cols:
            if last - first != count - 1:  # count cells over a span of count: one run
                return False
        elif letter == PRIMARY or state[first : last + 1 : cols] != letter * count:
            return False  # a vertical run holds count cells a column apart, A none
    return PRIMARY in state


def _name_the_wrong_vehicle(state: str, what: str, cols: int) -> None:
    for letter in dict.fromkeys(s for s in state if vehicle_letter(s)):
        cells = [c for c, s in enumerate(state) if s == letter]
        named = ", ".join(cell_name(c, cols) for c in cells)
        if len(cells) == 1:
            raise MalformedInput(
                f"{what}: vehicle {letter} is one cell ({named}); a vehicle is a straight run "
                f"of 2 or more cells of one letter"
            )
        same_row = len({c // cols for c in cells}) == 1
        same_col = len({c % cols for c in cells}) == 1
        one = f" (a board has one primary car {PRIMARY})" if letter == PRIMARY else ""
        if not (same_row or same_col):
            raise MalformedInput(
                f"{what}: vehicle {letter} is bent ({named}); a vehicle is a straight run "
                f"along one row or one column{one}"
            )
        step = 1 if same_row else cols
        if cells[-1] - cells[0] != (len(cells) - 1) * step:
            raise MalformedInput(
                f"{what}: vehicle {letter} is split ({named}); a vehicle's cells are one run "
                f"with no gap{one}"
            )
    primary = [v for v in placements(state, cols) if v.letter == PRIMARY]
    if not primary:
        raise MalformedInput(
            f"{what} has no primary car {PRIMARY}: the car that leaves through the exit is "
            f"written '{PRIMARY}'"
        )
    if not primary[0].horizontal:
        raise MalformedInput(
            f"{what}: the primary car {PRIMARY} is vertical; it must be horizontal, to leave "
            f"through the exit on the right edge of its row"
        )
