"""Exact counts of optimal solutions over whole numpy arrays, however large they grow.

A count is held as 32-bit limbs (a list of uint32 arrays, least significant first), so a layer
of states costs 4 bytes a limb and a count past 2**64 is still exact: numpy's own integers
would wrap silently. A state has at most a few neighbours, so a limb's sum stays far below
2**53: exact in uint64, and in the float64 of np.bincount's weights.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

LIMB_BITS = 32
LIMB = np.uint64((1 << LIMB_BITS) - 1)
#: A column of counts too large for one integer type: uint32 arrays ("limbs"), least
#: significant first, all of one length.
Limbs = list[np.ndarray]


def ones(n: int) -> Limbs:
    """n counts of 1: the goal's (one way to be solved: already there)."""
    return [np.ones(n, np.uint32)]


def sum_into(targets: np.ndarray, sources: np.ndarray, counts: Limbs, size: int) -> Limbs:
    """For each of `size` slots, the sum of counts[sources[i]] over the i with targets[i] equal
    to that slot: every state's count from its neighbours one move nearer the goal."""
    return carried(
        np.bincount(targets, weights=limb[sources].astype(np.float64), minlength=size).astype(
            np.uint64
        )
        for limb in counts
    )


def sum_runs(starts: np.ndarray, sources: np.ndarray, counts: Limbs) -> Limbs:
    """As sum_into, when the slots' sources lie in runs: slot i sums counts[sources[j]] for j
    from starts[i] up to the next start (children sorted by state, so each state's parents
    are adjacent)."""
    return carried(np.add.reduceat(limb[sources].astype(np.uint64), starts) for limb in counts)


def weighed(counts: Limbs, weights: np.ndarray) -> list[np.ndarray]:
    """Each count taken weights[i] times (a small whole number: a search of classes weighs a
    class by its size), a uint64 column per limb, not yet carried: what sum_wide_runs sums."""
    taken = weights.astype(np.uint64)
    return [limb * taken for limb in counts]


def sum_wide_runs(starts: np.ndarray, sources: np.ndarray, columns: list[np.ndarray]) -> Limbs:
    """As sum_runs, over uint64 columns (weighed) that a few thousand sums cannot overflow."""
    return carried(np.add.reduceat(column[sources], starts) for column in columns)


def divided(counts: Limbs, divisor: int) -> Limbs:
    """The counts divided by a small whole number that divides each exactly (long division,
    top limb first); a remainder is a broken invariant, not a rounding."""
    rest = np.zeros(len(counts[0]), np.uint64)
    quotient: Limbs = []
    for limb in reversed(counts):
        part = (rest << np.uint64(LIMB_BITS)) | limb
        quotient.append((part // np.uint64(divisor)).astype(np.uint32))
        rest = part % np.uint64(divisor)
    if rest.any():
        raise ArithmeticError(f"counts not divisible by {divisor}")
    quotient.reverse()
    while len(quotient) > 1 and not quotient[-1].any():
        quotient.pop()
    return quotient


def carried(columns: Iterable[np.ndarray]) -> Limbs:
    """Limb sums (uint64, least significant first) carried into 32-bit limbs."""
    total: Limbs = []
    carry: np.ndarray | None = None
    for column in columns:
        summed = column if carry is None else column + carry
        total.append((summed & LIMB).astype(np.uint32))
        carry = summed >> np.uint64(LIMB_BITS)
    while carry is not None and carry.any():
        total.append((carry & LIMB).astype(np.uint32))
        carry >>= np.uint64(LIMB_BITS)
    return total


def may_exceed(counts: Limbs, bits: int) -> bool:
    """Whether any count may need more than `bits` bits (False is certain)."""
    whole, rest = divmod(bits, LIMB_BITS)
    if len(counts) <= whole:
        return False
    return len(counts) > whole + 1 or bool(counts[whole].max(initial=0) >> rest)


def take(counts: Limbs, index: np.ndarray | slice) -> Limbs:
    return [limb[index] for limb in counts]


def padded(counts: Limbs, limbs: int) -> Limbs:
    """The same counts with zero limbs on top, so counts of different layers line up."""
    n = len(counts[0]) if counts else 0
    return counts + [np.zeros(n, np.uint32) for _ in range(limbs - len(counts))]


def largest(counts: Limbs) -> tuple[int, np.ndarray]:
    """The largest count, and where it is: compared limb by limb from the top."""
    where = np.ones(len(counts[0]), bool)
    for limb in reversed(counts):
        top = limb[where].max()
        where &= limb == top
    index = np.flatnonzero(where)
    return to_ints(take(counts, index[:1]))[0], index


def to_array(counts: Limbs) -> np.ndarray:
    """The counts as an int64 array, where none needs more than 63 bits (may_exceed)."""
    if not counts:
        return np.zeros(0, np.int64)
    if len(counts) > 2:
        raise ValueError("counts of more than two limbs may not fit 63 bits")
    value = counts[0].astype(np.uint64)
    if len(counts) == 2:
        value |= counts[1].astype(np.uint64) << np.uint64(LIMB_BITS)
    return value.view(np.int64)


def to_ints(counts: Limbs) -> list[int]:
    """The counts as Python integers, exact at any size."""
    if not counts:
        return []
    if len(counts) == 1:
        return counts[0].tolist()
    if len(counts) == 2:
        low, high = counts[0].astype(np.uint64), counts[1].astype(np.uint64)
        return ((high << np.uint64(LIMB_BITS)) | low).tolist()
    values = [0] * len(counts[0])
    for limb in reversed(counts):
        values = [(v << LIMB_BITS) | x for v, x in zip(values, limb.tolist())]
    return values
