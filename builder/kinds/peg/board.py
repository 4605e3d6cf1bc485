"""A peg board drawn as rows of '.' (no hole) and 'o' (a hole): its holes, jumps and drawing.

Holes are numbered in reading order. A jump is three consecutive holes along a line: the peg
in the first jumps over the second into the third. Which lines a board has is `lines`:

- "grid": rows and columns (the English cross, the French board, any square board);
- "triangle": rows, columns and the down-right diagonal of the rows as drawn, left-aligned
  (`o`, `oo`, `ooo`, ... is peg15's 15-hole triangle, whose three directions these are).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.errors import BadDefinition
from ...core.message_text import shown

HOLE_MARK, NO_HOLE_MARK = "o", "."
#: The directions jumps go along, each with its opposite implied.
LINES: dict[str, tuple[tuple[int, int], ...]] = {
    "grid": ((0, 1), (1, 0)),
    "triangle": ((0, 1), (1, 0), (1, 1)),
}
#: Rows a drawn board may have, and cells a row: 64 holes need no more, whatever their shape.
MAX_SIDE = 64


def check_board(board: object, name: str) -> tuple[str, ...]:
    """The rows of a board, or why they are not a grid of '.' and 'o' with a hole."""
    at = f"{name}: " if name else ""
    if isinstance(board, str):
        board = board.split("/")
    if not isinstance(board, (list, tuple)) or not board:
        raise BadDefinition(f"{at}board must be rows of '.' and 'o', e.g. [\"ooo\", \"ooo\"]")
    if len(board) > MAX_SIDE:
        raise BadDefinition(
            f"{at}the board has {len(board):,} rows, at most {MAX_SIDE} are allowed"
        )
    for number, row in enumerate(board, start=1):
        if isinstance(row, str) and len(row) > MAX_SIDE:
            raise BadDefinition(
                f"{at}board row {number} has {len(row):,} cells, at most {MAX_SIDE} are allowed"
            )
        if not isinstance(row, str) or not row:
            raise BadDefinition(f"{at}board row {number} must be a non-empty string")
        bad = next((ch for ch in row if ch not in HOLE_MARK + NO_HOLE_MARK), None)
        if bad is not None:
            raise BadDefinition(
                f"{at}board row {number} {shown(row)} has {shown(bad)}; draw a hole as 'o' "
                f"and no hole as '.'"
            )
    width = len(board[0])
    for number, row in enumerate(board, start=1):
        if len(row) != width:
            raise BadDefinition(
                f"{at}board row {number} {shown(row)} has {len(row)} cells, row 1 has "
                f"{width}: the board is a grid, so draw every row as wide (with '.')"
            )
    if not any(HOLE_MARK in row for row in board):
        raise BadDefinition(f"{at}the board has no hole ('o')")
    return tuple(board)


def board_jumps(
    board: Sequence[str], lines: str, name: str
) -> tuple[list[list[tuple[int, int]]], list[tuple[int, int]]]:
    """(jumps, layout) of a drawn board: `jumps[h]` lists (over, land) from hole h, sorted;
    `layout[h]` is where hole h is drawn, columns two apart (square boards look square, a
    triangle's rows sit one column off)."""
    if lines not in LINES:
        known = ", ".join(f'"{k}"' for k in LINES)
        raise BadDefinition(f"{name}: lines must be one of {known}, not {shown(lines)}")
    places = [(r, c) for r, row in enumerate(board) for c, ch in enumerate(row) if ch == HOLE_MARK]
    hole_at = {place: hole for hole, place in enumerate(places)}
    jumps: list[list[tuple[int, int]]] = [[] for _ in places]
    for hole, (r, c) in enumerate(places):
        for dr, dc in LINES[lines]:
            for sign in (1, -1):
                over = hole_at.get((r + sign * dr, c + sign * dc))
                land = hole_at.get((r + 2 * sign * dr, c + 2 * sign * dc))
                if over is not None and land is not None:
                    jumps[hole].append((over, land))
    for row in jumps:
        row.sort()
    touched = {hole for hole, row in enumerate(jumps) if row}  # a peg can leave or land there
    touched |= {over for row in jumps for over, _ in row}  # or be jumped over
    lonely = [hole for hole in range(len(places)) if hole not in touched]
    if lonely:
        r, c = places[lonely[0]]
        raise BadDefinition(
            f"{name}: no jump connects hole {lonely[0]} (row {r + 1}, column {c + 1})"
            + (f" nor {len(lonely) - 1} more" if len(lonely) > 1 else "")
            + f": every hole must lie on a line of three holes ({lines} lines)"
        )
    if lines == "grid":
        layout = [(r, 2 * c) for r, c in places]
    else:  # triangle: the down-right diagonal leans right, the column leans left
        layout = [(r, 2 * c - r) for r, c in places]
    left = min(c for _, c in layout)
    top = min(r for r, _ in layout)
    return jumps, [(r - top, c - left) for r, c in layout]
