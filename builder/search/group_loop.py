"""A search of classes groups a layer's sorted (child, symmetry) keys by class in one compiled
pass (numba): each class, its first key and its weighed counts summed, where numpy made the
classes, the run starts, the parents and a gathered column a limb, each a temporary as long as
the layer's pairs (english's search spent a third of its time there).
"""

from __future__ import annotations

import numpy as np

from ..core.compiled import compiled


def side_by_side(weights: list[np.ndarray]) -> np.ndarray:
    """counting.weighed's columns as grouped takes them, a row a parent: its limbs in one cache
    line (a class's parents are random in their layer: each key's read of them is a miss)."""
    return np.ascontiguousarray(np.stack(weights, axis=1))


def grouped(
    keys: np.ndarray, low_bits: int, parent_bits: int, weights: np.ndarray
) -> tuple[np.ndarray, np.ndarray, list[np.ndarray]]:
    """Sorted keys (a class above `low_bits`, a parent's index in the low `parent_bits`)
    grouped by class: (the classes, each one's first key, and per limb the sum of
    weights[parent, limb] over its keys (side_by_side), uint64 not yet carried)."""
    shift = np.uint64(low_bits)
    runs = _runs(keys, shift)
    found = np.empty(runs, np.uint64)
    firsts = np.empty(runs, np.uint64)
    sums = np.zeros((weights.shape[1], runs), np.uint64)
    _grouped(keys, shift, np.uint64((1 << parent_bits) - 1), weights, found, firsts, sums)
    return found, firsts, list(sums)


@compiled
def _runs(keys: np.ndarray, shift: np.uint64) -> int:
    runs = 0
    for i in range(keys.shape[0]):
        if i == 0 or keys[i] >> shift != keys[i - 1] >> shift:
            runs += 1
    return runs


@compiled
def _grouped(
    keys: np.ndarray,
    shift: np.uint64,
    parent_mask: np.uint64,
    weights: np.ndarray,
    found: np.ndarray,
    firsts: np.ndarray,
    sums: np.ndarray,
) -> None:
    run = -1
    for i in range(keys.shape[0]):
        key = keys[i]
        head = key >> shift
        if run < 0 or head != found[run]:
            run += 1
            found[run] = head
            firsts[run] = key
        parent = key & parent_mask  # unsigned: no check for a negative index
        for limb in range(weights.shape[1]):
            sums[limb, run] += weights[parent, limb]
