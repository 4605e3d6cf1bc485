"""A Rush Hour board drawn as text for a terminal: each vehicle one box named by its letter,
walls as 'x', and the exit an arrow through the right edge of the primary car's row."""

from __future__ import annotations

from .geometry import EMPTY, PRIMARY, placements

EXIT = "→"


def draw(state: str, rows: int, cols: int) -> list[str]:
    from puzzledb.builder.core.box_drawing import framed_grid

    region: list[object] = list(range(rows * cols))
    text = ["" if s == EMPTY else s for s in state]
    exit_row = 0
    for vehicle in placements(state, cols):
        for i, cell in enumerate(vehicle.cells):
            region[cell] = vehicle.letter
            if i:
                text[cell] = ""
        if vehicle.letter == PRIMARY:
            exit_row = vehicle.first // cols
    lines = framed_grid(rows, cols, region, text, 1)
    line = 2 * exit_row + 1  # a border line, then a line of cells, row by row
    lines[line] = lines[line][:-1] + EXIT
    return lines
