"""One build, end to end: search the puzzle from a goal, then store it in one transaction."""

from __future__ import annotations

import time
from pathlib import Path

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


#: Up to this many states a build stores `pred` even where it could derive it. Storing costs
#: ~10 bytes a state and ~0.1 s of an 8-puzzle build, and buys ~20 us of a 31-step walk;
#: measured under HTTP load that gain vanished (3,211 vs 3,314 req/s), so by default
#: swap puzzles derive pred. `puzzledb build --store-pred` stores it anyway.
STORE_PRED_UP_TO = 0


def build(
    engine, puzzle: Puzzle, goal: str, started: float | None = None,
    radius: int | None = None, progress: Progress | None = None, compact: bool | None = None,
) -> dict:
    """Search `puzzle` from `goal` and replace its stored build; returns the puzzles row.

    `radius` keeps only states within that many moves of the goal. `compact` derives pred
    from the move instead of storing it, where every move is a swap (None: by size, above).
    """
    progress = progress or Progress()
    started = time.perf_counter() if started is None else started
    result = _search_for_storage(puzzle, goal, radius, progress, compact)
    row = store.save_build(engine, puzzle, result, started, progress)
    progress.done()
    return row


def build_to(
    path: Path, puzzle: Puzzle, goal: str, started: float | None = None,
    radius: int | None = None, progress: Progress | None = None, compact: bool | None = None,
) -> dict:
    """As build(), into the database file at `path`, which is created if it does not exist."""
    progress = progress or Progress()
    started = time.perf_counter() if started is None else started
    result = _search_for_storage(puzzle, goal, radius, progress, compact)
    row = store.save_build_to(path, puzzle, result, started, progress)
    progress.done()
    return row


def _search_for_storage(puzzle, goal, radius, progress, compact) -> SearchResult:
    result = search(puzzle, goal, radius, progress)
    if compact is None:
        compact = result.states > STORE_PRED_UP_TO
    result.stores_pred = result.stores_pred or not compact
    return result
