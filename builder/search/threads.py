"""Every core for one search: a layer's children cut into key ranges, the ranges on threads.

numpy lets go of the interpreter's lock while it sorts, gathers, compares and searches whole
arrays, which is nearly all a layered search does; so two threads each taking a range of a
layer's children run on two cores, and their results, taken in range order, are what one
thread would have made. Threads, not processes: they share the layers without a copy.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: Threads a search uses: the cores this process may run on, at most four (each range in
#: flight holds its children, so more threads hold more memory at once).
WORKERS = max(1, min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 1))


def in_order(work: Callable[[T], R], items: Sequence[T], worth: bool = True) -> list[R]:
    """work(item) for every item, at most WORKERS at once, the results in the items' order.
    An error in one stops the rest (none not yet begun is started) and is raised here.
    `worth`: whether the items are big enough to be worth threads (else one after another)."""
    if WORKERS == 1 or len(items) <= 1 or not worth:
        return [work(item) for item in items]
    from concurrent.futures import ThreadPoolExecutor  # ~10 ms: only for a big layer

    pool = ThreadPoolExecutor(min(WORKERS, len(items)), thread_name_prefix="search")
    try:
        return list(pool.map(work, items))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
