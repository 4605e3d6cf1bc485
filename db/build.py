"""One build, end to end: search the puzzle from a goal, then store it in one transaction.

It lives with the storage, above the searches: a puzzle and its search know nothing of where
their states are kept."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TypedDict, Unpack

from puzzledb.builder.puzzle import Puzzle
from puzzledb.builder.search import codecs, heap
from puzzledb.builder.search.classes_search import classes_bfs
from puzzledb.builder.search.known_layers import known_histogram
from puzzledb.builder.search.memory import Budget, MemoryGuard, machine_budget, walking_budget
from puzzledb.builder.search.plain import breadth_first
from puzzledb.builder.search.progress import Progress
from puzzledb.builder.search.result import SearchResult

from . import store
from .cluster import write as shards
from .connection import Writer


def search(
    puzzle: Puzzle,
    goal: str,
    radius: int | None = None,
    progress: Progress | None = None,
    memory: Budget | None = None,
    classes: bool = True,
) -> SearchResult:
    """The vectorized search where the puzzle packs into integers (a sliding board, or a peg
    board of single jumps or of chains), else the plain one; from every position the goal
    stands for at once (a pattern's matches), at depth 0.

    The vectorized search stops with `too_large` before it would take more than `memory`
    (default: what the machine has free), or before it starts where the layers are known.

    With `classes` (the default) a peg board of single jumps whose board has symmetries that
    keep the goal keeps one position of each class of symmetric ones
    (builder.symmetry.images)."""
    report = (progress or Progress()).layer
    result: SearchResult
    with walking_budget(memory):  # a walk to find them (a Rush Hour card's) keeps to it too
        sources = puzzle.goal_positions(goal)
    codec = codecs.codec_for(puzzle)
    if codec is None:
        result = breadth_first(puzzle, goal, radius, report, sources)
    else:
        guard = memory_guard(puzzle, goal, radius, memory)
        symmetric = codecs.symmetric_classes(codec, goal) if classes else None
        if symmetric is None:
            result = codecs.packed_search(codec, goal, radius, report, sources, guard)
        else:  # the rows of layered_bfs then keep_classes, an eighth of the work on the cross
            result = classes_bfs(*symmetric, goal, radius, report, sources, guard)
    result.radius = radius
    return result


def memory_guard(
    puzzle: Puzzle, goal: str, radius: int | None, memory: Budget | None = None
) -> MemoryGuard:
    """The guard of a one-machine search, having refused at once what its known layers say
    will not fit: so `build fifteen --radius 31` stops before it starts."""
    budget = memory or machine_budget()
    guard = MemoryGuard(budget, puzzle.name, radius, known_histogram(puzzle, goal))
    guard.check_known()
    return guard


# Where every move is a swap, a build derives `pred` from the move by default (`compact`).
# Storing it costs ~10 bytes a state and ~0.1 s of an 8-puzzle build, and buys ~20 us of a
# 31-step walk; measured under HTTP load that gain vanished (3,211 vs 3,314 req/s).
# `puzzledb build --store-pred` stores it anyway.


class BuildOptions(TypedDict, total=False):
    """What build() and build_to() take besides the puzzle and goal (see build())."""

    radius: int | None
    progress: Progress | None
    compact: bool
    memory: Budget | None
    classes: bool


def build(
    db: Writer,
    puzzle: Puzzle,
    goal: str,
    started: float | None = None,
    **options: Unpack[BuildOptions],
) -> dict:
    """Search `puzzle` from `goal` and replace its stored build in the file `db` writes (a
    db.connection.writer); returns the puzzles row.

    Options: `radius` keeps only states within that many moves of the goal; `progress`
    hears of the work; `compact` (the default) derives pred from the move instead of storing
    it, where every move is a swap; `memory` (a builder.search.memory.Budget) is what the search may
    take, by default what the machine has free; `classes` (the default) stores one position
    per class of symmetric ones where the board has symmetries (a peg board of single jumps).
    """
    return _run(partial(store.save_build, db), puzzle, goal, started, **options)


def build_to(
    path: Path,
    puzzle: Puzzle,
    goal: str,
    started: float | None = None,
    **options: Unpack[BuildOptions],
) -> dict:
    """As build(), into the database file at `path`, which is created if it does not exist.
    A cluster build it replaces leaves no shard files behind, nor one killed before it."""
    shards.remove_orphans(path)
    before = shards.listed_in(path)
    row = _run(partial(store.save_build_to, path), puzzle, goal, started, **options)
    shards.remove_unlisted(path, before)
    return row


def _run(
    save: Callable[[Puzzle, SearchResult, float, Progress], dict],
    puzzle: Puzzle,
    goal: str,
    started: float | None,
    radius: int | None = None,
    progress: Progress | None = None,
    compact: bool = True,
    memory: Budget | None = None,
    classes: bool = True,
) -> dict:
    progress = progress or Progress()
    started = time.perf_counter() if started is None else started
    heap.keep_freed_memory()  # a fifth less time for a big build: builder.search.heap
    result = search(puzzle, goal, radius, progress, memory, classes)
    check = getattr(puzzle, "check_search", None)  # a definition that states its figures
    if check is not None:  # (a list of Rush Hour cards) refuses a search that contradicts them
        check(result)
    result.stores_pred = result.stores_pred or not compact
    progress.stage("storing rows")
    row = save(puzzle, result, started, progress)
    progress.done()
    return row
