"""The generic breadth-first search: from a goal, backwards over reverse moves, in plain Python.

It knows no puzzle: only `reverse_moves`, which yields (move, earlier state) pairs where making
`move` in the earlier state gives the current one. Each state is recorded the first time it is
seen, which in breadth-first order is at its shortest distance from the goal.
"""

from __future__ import annotations

from .move_codes import MoveCodes
from .puzzle import Puzzle
from .result import TableResult


def breadth_first(puzzle: Puzzle, goal: str, radius: int | None = None, progress=None) -> TableResult:
    """Every state within `radius` moves of `goal` (all when None), with depth, move, pred."""
    table: dict[str, tuple[int, int | None, str | None]] = {goal: (0, None, None)}
    swaps = puzzle.single_swap_moves()
    codes = MoveCodes(puzzle.cells, swaps)
    histogram = [1]
    frontier = [goal]
    depth = 0
    while frontier and (radius is None or depth < radius):
        depth += 1
        found = []
        for state in frontier:
            for move, earlier in puzzle.reverse_moves(state):
                if earlier not in table:
                    code = codes.code(move)
                    table[earlier] = (depth, code, state)
                    found.append(earlier)
        if found:
            histogram.append(len(found))
            if progress:
                progress(depth, len(table))
        frontier = found
    return TableResult(
        goal=goal,
        histogram=histogram,
        moves=codes.moves,
        stores_pred=not swaps,
        table=table,
    )
