"""One build, end to end: search the puzzle from a goal, then store it in one transaction."""

from __future__ import annotations

import time

from db import store

from .packed import PackedBoard, packable
from .puzzle import Puzzle
from .result import SearchResult
from .search import breadth_first
from .vector_search import layered_bfs


def search(puzzle: Puzzle, goal: str) -> SearchResult:
    """The vectorized search where the puzzle packs into integers, else the plain one."""
    if packable(puzzle):
        return layered_bfs(PackedBoard(puzzle), goal)
    return breadth_first(puzzle, goal)


def build(engine, puzzle: Puzzle, goal: str, started: float | None = None, on_rows=None) -> dict:
    """Search `puzzle` from `goal` and replace its stored build; returns the puzzles row.

    `on_rows(n)` is called after each chunk of rows is written (for progress display).
    """
    started = time.perf_counter() if started is None else started
    result = search(puzzle, goal)
    return store.save_build(engine, puzzle, result, started, on_rows)
