"""A plain Python breadth-first search of Klotski from the classic start to the big square at
the exit: the "plain Python" reference bench/references.py sets beside `build klotski`.

    python bench/reference/klotski_bfs.py [unit|finger]

A layout is 20 letters, the board's cells in reading order, each cell the kind of piece on it
(B the 2x2, V a 2x1, H a 1x2, s a 1x1, _ empty), so pieces of one kind are interchangeable,
as in puzzledb's `klotski`. A move is one piece one cell (unit) or one piece anywhere it
slides through empty cells (finger). It stops at the first layout with the big square at the
bottom middle and prints the moves and the layouts seen. Nothing of puzzledb is used.
"""

from __future__ import annotations

import sys
import time
from collections import deque

ROWS, COLS = 5, 4
START = "VBBVVBBVVHHVVssVs__s"
SHAPES = {"B": (2, 2), "V": (2, 1), "H": (1, 2), "s": (1, 1)}
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
#: The exit: the big square on rows 4-5, columns 2-3 (cells 13, 14, 17, 18; a 2x2 covering
#: 13 and 18 covers all four).
EXIT_CORNERS = (13, 18)


def _placements() -> dict[str, dict[int, tuple[int, ...]]]:
    """For each kind, each top-left cell where a piece fits on the board -> the cells it covers."""
    table: dict[str, dict[int, tuple[int, ...]]] = {}
    for kind, (high, wide) in SHAPES.items():
        table[kind] = {
            row * COLS + col: tuple(
                r * COLS + c for r in range(row, row + high) for c in range(col, col + wide)
            )
            for row in range(ROWS - high + 1)
            for col in range(COLS - wide + 1)
        }
    return table


CELLS = _placements()
#: For each kind and top-left cell, the top-left cells one step away that are on the board.
NEAR = {
    kind: {
        at: [
            (at // COLS + dr) * COLS + at % COLS + dc
            for dr, dc in STEPS
            if (at // COLS + dr) * COLS + at % COLS + dc in spots and 0 <= at % COLS + dc < COLS
        ]
        for at in spots
    }
    for kind, spots in CELLS.items()
}


def pieces(layout: str) -> list[tuple[str, int]]:
    """(kind, top-left cell) of each piece: in reading order, the first cell of a kind not yet
    covered is the top-left of a piece of that kind (the tiling is unique)."""
    covered = [False] * (ROWS * COLS)
    found = []
    for cell, kind in enumerate(layout):
        if kind != "_" and not covered[cell]:
            for c in CELLS[kind][cell]:
                covered[c] = True
            found.append((kind, cell))
    return found


def children(layout: str, finger: bool) -> list[str]:
    found = []
    for kind, at in pieces(layout):
        lifted = list(layout)
        for c in CELLS[kind][at]:  # the piece off the board: where can it go?
            lifted[c] = "_"
        seen = {at}
        frontier = [at]
        while frontier:
            for spot in NEAR[kind][frontier.pop()]:
                if spot in seen or any(lifted[c] != "_" for c in CELLS[kind][spot]):
                    continue
                seen.add(spot)
                child = lifted.copy()
                for c in CELLS[kind][spot]:
                    child[c] = kind
                found.append("".join(child))
                if finger:  # slide on from there, still the same move
                    frontier.append(spot)
    return found


def solve(finger: bool) -> tuple[int, int]:
    """(moves from the start to the exit, layouts seen)."""
    depth = {START: 0}
    queue = deque([START])
    while queue:
        layout = queue.popleft()
        if all(layout[cell] == "B" for cell in EXIT_CORNERS):
            return depth[layout], len(depth)
        for child in children(layout, finger):
            if child not in depth:
                depth[child] = depth[layout] + 1
                queue.append(child)
    raise SystemExit("the exit was not reached")


def main() -> None:
    metric = sys.argv[1] if len(sys.argv) > 1 else "unit"
    if metric not in ("unit", "finger"):
        raise SystemExit(f"usage: klotski_bfs.py [unit|finger], not {metric!r}")
    began = time.perf_counter()
    moves, seen = solve(metric == "finger")
    print(f"metric {metric}")
    print(f"moves {moves}")
    print(f"layouts {seen}")
    print(f"seconds {time.perf_counter() - began:.3f}")


if __name__ == "__main__":
    main()
