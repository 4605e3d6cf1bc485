"""One build, end to end: search the puzzle from a goal, then store it in one transaction.

It lives with the storage, above the searches: a puzzle and its search know nothing of where
their states are kept."""

from __future__ import annotations

import time
from functools import partial
from pathlib import Path

from puzzledb.builder import peg_packed
from puzzledb.builder.packed import PackedBoard, packable
from puzzledb.builder.progress import Progress
from puzzledb.builder.puzzle import Puzzle
from puzzledb.builder.result import SearchResult
from puzzledb.builder.search import breadth_first
from puzzledb.builder.vector_search import layered_bfs

from . import store


def search(
    puzzle: Puzzle, goal: str, radius: int | None = None, progress: Progress | None = None
) -> SearchResult:
    """The vectorized search where the puzzle packs into integers (a sliding board, or a peg
    board of single jumps), else the plain one; from
    every position the goal stands for at once (a pattern's matches), at depth 0."""
    report = (progress or Progress()).layer
    result: SearchResult
    sources = puzzle.goal_positions(goal)
    if packable(puzzle):
        result = layered_bfs(PackedBoard(puzzle), goal, radius, report, sources)
    elif peg_packed.packable(puzzle):
        result = layered_bfs(peg_packed.PackedPegs(puzzle), goal, radius, report, sources)
    else:
        result = breadth_first(puzzle, goal, radius, report, sources)
    result.radius = radius
    return result


# Where every move is a swap, a build derives `pred` from the move by default (`compact`).
# Storing it costs ~10 bytes a state and ~0.1 s of an 8-puzzle build, and buys ~20 us of a
# 31-step walk; measured under HTTP load that gain vanished (3,211 vs 3,314 req/s).
# `puzzledb build --store-pred` stores it anyway.


def build(engine, puzzle: Puzzle, goal: str, started: float | None = None, **options) -> dict:
    """Search `puzzle` from `goal` and replace its stored build; returns the puzzles row.

    Options: `radius` keeps only states within that many moves of the goal; `progress`
    hears of the work; `compact` (the default) derives pred from the move instead of storing
    it, where every move is a swap.
    """
    return _run(partial(store.save_build, engine), puzzle, goal, started, **options)


def build_to(
    path: Path, puzzle: Puzzle, goal: str, started: float | None = None, **options
) -> dict:
    """As build(), into the database file at `path`, which is created if it does not exist."""
    return _run(partial(store.save_build_to, path), puzzle, goal, started, **options)


def _run(save, puzzle, goal, started, radius=None, progress=None, compact=True) -> dict:
    progress = progress or Progress()
    started = time.perf_counter() if started is None else started
    result = search(puzzle, goal, radius, progress)
    result.stores_pred = result.stores_pred or not compact
    row = save(puzzle, result, started, progress)
    progress.done()
    return row
