"""The generic breadth-first search: from a goal, backwards over reverse moves, in plain Python.

It knows no puzzle: only `reverse_moves`, which yields (move, earlier state) pairs where making
`move` in the earlier state gives the current one. Each state is recorded the first time it is
seen, which in breadth-first order is at its shortest distance from the goal.
"""

from __future__ import annotations

from collections.abc import Callable

from ..move_codes import MoveCodes
from ..puzzle import Puzzle
from .result import MOST_SOLVED_KEPT, TableResult


def breadth_first(
    puzzle: Puzzle,
    goal: str,
    radius: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    sources: list[str] | None = None,
) -> TableResult:
    """Every state within `radius` moves of `goal` (all when None), with depth, move, pred and
    its number of optimal solutions. `sources`, the positions the goal stands for (a pattern's
    matches), all start at depth 0 with one solution each; default: the goal alone.

    A state first met at depth d has as many optimal solutions as its neighbours at depth d-1
    have together, so its count is complete once layer d-1 is expanded: each neighbour that
    reaches it adds its own count, once however many moves join the two.
    """
    sources = [goal] if sources is None else sources
    table: dict[str, tuple[int, int | None, str | None]] = dict.fromkeys(sources, (0, None, None))
    solutions: dict[str, int] = dict.fromkeys(sources, 1)
    swaps = puzzle.single_swap_moves()
    codes = MoveCodes(puzzle.cells, swaps)
    histogram = [len(table)]
    frontier = list(table)
    depth = 0
    while frontier and (radius is None or depth < radius):
        depth += 1
        found = []
        for state in frontier:
            count = solutions[state]
            reached = set()
            for move, earlier in puzzle.reverse_moves(state):
                if earlier in reached:
                    continue
                reached.add(earlier)
                seen = table.get(earlier)
                if seen is None:
                    table[earlier] = (depth, codes.code(move), state)
                    solutions[earlier] = count
                    found.append(earlier)
                elif seen[0] == depth:
                    solutions[earlier] += count
        if found:
            histogram.append(len(found))
            if progress:
                progress(depth, len(table))
        frontier = found
    most = max(solutions.values())
    most_solved = sorted(s for s, n in solutions.items() if n == most)
    return TableResult(
        goal=goal,
        histogram=histogram,
        moves=codes.moves,
        stores_pred=not swaps,
        table=table,
        solutions=solutions,
        most_solutions=most,
        most_solved_count=len(most_solved),
        most_solved=most_solved[:MOST_SOLVED_KEPT],
    )
