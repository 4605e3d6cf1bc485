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

import re
import sys
import threading
from collections import OrderedDict

#: Bytes charged per entry beyond its body, tag and key parts: the OrderedDict slot and link,
#: the tuples and the object headers. With it an entry is charged more than tracemalloc finds
#: it takes (10,000 /path-sized entries on CPython 3.11: 1,551 bytes charged, 1,278 held).
ENTRY_OVERHEAD = 400
#: No single answer may take more than this share of the budget (a huge /depth page).
LARGEST_SHARE = 8

_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*([KMG]i?B?|B)?\s*", re.I)
_UNITS = {
    "": 1,
    "B": 1,
    "K": 1000,
    "M": 1000**2,
    "G": 1000**3,
    "KI": 1024,
    "MI": 1024**2,
    "GI": 1024**3,
}


def parse_size(text: str) -> int:
    """'64MB', '512KiB', '1G' or '0' as bytes; a bare number other than 0 needs a unit, so
    that an old count such as 4096 is not silently read as 4 KB."""
    match = _SIZE.fullmatch(str(text))
    if not match:
        raise ValueError(f"not a size: {text!r}; write e.g. 64MB, 512KiB or 0")
    number, unit = float(match.group(1)), (match.group(2) or "").upper().rstrip("B")
    if unit == "" and number and not (match.group(2) or "").upper() == "B":
        raise ValueError(f"give the size a unit, e.g. {text}MB or {text}KB (or 0 for no cache)")
    return int(number * _UNITS[unit])


class AnswerCache:
    """Least recently used entries go first once the budget is spent; thread-safe."""

    def __init__(self, budget: int):
        self.budget = budget
        self.used = 0
        self.generation = 0
        self._entries: OrderedDict[tuple, tuple[bytes, str, int]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, key: tuple) -> tuple[bytes, str] | None:
        with self._lock:
            found = self._entries.get(key)
            if found is None:
                return None
            self._entries.move_to_end(key)
            return found[0], found[1]

    def put(self, key: tuple, body: bytes, tag: str, generation: int) -> bool:
        """Remember an answer computed under `generation`; False when it is not kept (stale,
        too large, or no cache)."""
        cost = cost_of(key, body, tag)
        if cost * LARGEST_SHARE > self.budget:
            return False
        with self._lock:
            if generation != self.generation or key in self._entries:
                return False
            self._entries[key] = (body, tag, cost)
            self.used += cost
            while self.used > self.budget:
                _, (_, _, dropped) = self._entries.popitem(last=False)
                self.used -= dropped
        return True

    def invalidate(self, generation: int | None = None) -> None:
        """The data changed: forget everything, and refuse answers computed before now. The
        new generation is `generation` when the caller numbers them (FreshConnections)."""
        with self._lock:
            self.generation = self.generation + 1 if generation is None else generation
            self._entries.clear()
            self.used = 0


def cost_of(key: tuple, body: bytes, tag: str) -> int:
    """What one entry holds, in bytes: its body and tag, its key's parts, and the overhead."""
    parts = sum(sys.getsizeof(part) for part in key)
    return len(body) + len(tag) + parts + ENTRY_OVERHEAD
