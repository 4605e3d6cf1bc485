"""One build, end to end: search the puzzle from a goal, then store it in one transaction."""

from __future__ import annotations

import time

from db import store

from .packed import PackedBoard, packable
from .progress import Progress
from .puzzle import Puzzle
from .result import SearchResult
from .search import breadth_first
from .vector_search import layered_bfs


def search(
    puzzle: Puzzle, goal: str, radius: int | None = None, progress: Progress | None = None
) -> SearchResult:
    """The vectorized search where the puzzle packs into integers, else the plain one."""
    report = (progress or Progress()).layer
    if packable(puzzle):
        result = layered_bfs(PackedBoard(puzzle), goal, radius, report)
    else:
        result = breadth_first(puzzle, goal, radius, report)
    result.radius = radius
    return result


def build(
    engine, puzzle: Puzzle, goal: str, started: float | None = None,
    radius: int | None = None, progress: Progress | None = None,
) -> dict:
    """Search `puzzle` from `goal` and replace its stored build; returns the puzzles row.

    `radius` keeps only states within that many moves of the goal.
    """
    progress = progress or Progress()
    started = time.perf_counter() if started is None else started
    result = search(puzzle, goal, radius, progress)
    row = store.save_build(engine, puzzle, result, started, progress)
    progress.done()
    return row
