"""A worker's memory of encoded answers, bounded in bytes, keyed by the canonical question.

The key is the question after parsing (puzzle, canonical state, the goal it resolved to, the
numbers as integers), so `d=020`, `d=20`, `8 6 7/2 5 4/3 0 1` and an explicit default goal
share one entry. The value is the response body as bytes and its ETag: no Python objects of
the answer are kept. Each entry is charged its bytes plus a fixed overhead for the dict slot,
the key tuple and the objects around it, so the sum stays within the budget whatever is asked.

A build or a newly published file makes every entry stale at once: `invalidate` bumps the
generation, and an answer computed under an older generation is not stored, so a lookup that
raced with a build cannot leave an old answer behind.
"""

from __future__ import annotations

import sys
import threading

from cachetools import LRUCache

#: Bytes charged per entry beyond its body, tag and key parts: the key tuple, the object
#: headers and the cache's own slots (cachetools' LRUCache keeps a dict of values, one of
#: sizes and an OrderedDict for recency). With it an entry is charged more than tracemalloc
#: finds it takes: 10,000 entries of eight's longest /path answer (a 7,664-byte body) on
#: CPython 3.11 and cachetools 8.0.2 are charged 8,427 bytes each and hold 8,359, of which the
#: cache's slots are 230 (the OrderedDict this replaced took 171, and 400 was charged then).
ENTRY_OVERHEAD = 460
#: No single answer may take more than this share of the budget (a huge /depth page).
LARGEST_SHARE = 8


class AnswerCache:
    """Least recently used entries go first once the budget is spent (cachetools' LRUCache,
    sized by each entry's charge); thread-safe: every use of that cache, which is not, holds a
    lock."""

    def __init__(self, budget: int):
        self.budget = budget
        self.generation = 0
        self._entries: LRUCache[tuple, tuple[bytes, str, int]] = LRUCache(
            maxsize=budget, getsizeof=_charge
        )
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    @property
    def used(self) -> int:
        """Bytes charged for the entries held: never more than the budget."""
        return int(self._entries.currsize)

    def get(self, key: tuple) -> tuple[bytes, str] | None:
        with self._lock:
            found = self._entries.get(key)  # a hit becomes the most recently used
        return None if found is None else (found[0], found[1])

    def put(self, key: tuple, body: bytes, tag: str, generation: int) -> bool:
        """Remember an answer computed under `generation`; False when it is not kept (stale,
        too large, or no cache)."""
        cost = cost_of(key, body, tag)
        if cost * LARGEST_SHARE > self.budget:
            return False
        with self._lock:
            if generation != self.generation or key in self._entries:
                return False
            self._entries[key] = (body, tag, cost)  # drops the least recently used past budget
        return True

    def invalidate(self, generation: int | None = None) -> None:
        """The data changed: forget everything, and refuse answers computed before now. The
        new generation is `generation` when the caller numbers them (FreshConnections)."""
        with self._lock:
            self.generation = self.generation + 1 if generation is None else generation
            self._entries.clear()


def _charge(entry: tuple[bytes, str, int]) -> int:
    return entry[2]


def cost_of(key: tuple, body: bytes, tag: str) -> int:
    """What one entry holds, in bytes: its body and tag, its key's parts, and the overhead."""
    parts = sum(sys.getsizeof(part) for part in key)
    return len(body) + len(tag) + parts + ENTRY_OVERHEAD
