"""Which states each un-jump applies to, in compiled loops (numba): numpy tested the whole
layer against each of the English cross's 76 un-jumps in turn, a mask, a comparison and a
flatnonzero a test (a fifth of english's search); these read each state once and test it
against every un-jump while it is in a register.
"""

from __future__ import annotations

import numpy as np

from ...core.compiled import compiled


def applying_block(
    states: np.ndarray, masks: np.ndarray, wanted: np.ndarray, start: int, dtype: type
) -> list[np.ndarray]:
    """For each test k, the indexes (plus `start`, as `dtype`) of the states whose bits under
    masks[k] are wanted[k], in order."""
    counts = np.zeros(len(masks), np.int64)
    _count(states, masks, wanted, counts)
    # Each test's indexes, and a spare slot after them that the loop writes a miss into.
    starts = np.cumsum(counts + 1) - (counts + 1)
    found: np.ndarray = np.empty(int(counts.sum()) + len(masks), dtype)
    _fill(states, masks, wanted, starts.copy(), start, found)
    return [found[a : a + n] for a, n in zip(starts.tolist(), counts.tolist())]


@compiled
def _count(states: np.ndarray, masks: np.ndarray, wanted: np.ndarray, counts: np.ndarray) -> None:
    for k in range(masks.shape[0]):  # a test at a time over the block: the loop vectorises
        mask, want = masks[k], wanted[k]
        hits = 0
        for i in range(states.shape[0]):
            hits += states[i] & mask == want
        counts[k] = hits


@compiled
def _fill(
    states: np.ndarray,
    masks: np.ndarray,
    wanted: np.ndarray,
    at: np.ndarray,
    start: int,
    found: np.ndarray,
) -> None:
    for k in range(masks.shape[0]):
        mask, want = masks[k], wanted[k]
        to = at[k]
        for i in range(states.shape[0]):
            found[to] = start + i  # kept where a hit moves on, else overwritten (or the spare slot)
            to += states[i] & mask == want
