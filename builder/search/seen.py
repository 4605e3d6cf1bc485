"""Every state a directed search has found so far, so that a child is looked up once.

A `directed` codec that is not `graded` (builder.kinds.peg.chains: a chain of jumps may add any
number of pegs) can reach a state found at any earlier depth, so each new layer's children
must be told apart from every state seen. Comparing them with each earlier layer in turn costs
one binary search per child per layer; here they are checked against one set of every state:

* `SeenSorted`, one sorted array of every state (8 bytes a state), each new layer merged in;
* `SeenBits`, a bitmap over the packed keys (one bit a possible state: 1 GiB for the 33 holes
  of the English cross), where a child costs one read;
* `SeenGrowing`, the first until the states are many, then the second (where the key space is
  narrow enough for a bitmap at all).
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

#: The widest bitmap kept, in bits of the packed state: 2**34 bits are 2 GiB.
BITMAP_MOST_BITS = 34
#: Children looked up, or states marked, at once: bounds the temporary arrays to tens of MB.
BLOCK = 1 << 22

_WORD_SHIFT = np.uint64(6)
_BIT_MASK = np.uint64(63)
_ONE = np.uint64(1)


class Seen(Protocol):
    """The states found so far: `add` a layer (sorted, distinct), ask which values are `new`."""

    def add(self, layer: np.ndarray) -> None: ...

    def new(self, values: np.ndarray) -> np.ndarray: ...


def seen_states(state_bits: int) -> Seen:
    """The set for states of `state_bits` bits: a sorted array that becomes a bitmap once the
    states are many enough (SeenGrowing), or stays one where a bitmap would be too wide."""
    return SeenGrowing(state_bits) if state_bits <= BITMAP_MOST_BITS else SeenSorted()


class SeenGrowing:
    """A sorted array while the states are few, then a bitmap: once the array would take a
    quarter of the bitmap's bytes, the states are marked in one and the array goes. So a build
    within a small radius never holds the whole bitmap (every page of it is touched as soon as
    a few states fall on each), and a big one looks its children up in one read each."""

    def __init__(self, state_bits: int):
        self.state_bits = state_bits
        self.inner: SeenSorted | SeenBits = SeenSorted()

    def add(self, layer: np.ndarray) -> None:
        self.inner.add(layer)
        inner = self.inner
        if isinstance(inner, SeenSorted) and len(inner.codes) * 8 * 4 >= 1 << self.state_bits >> 3:
            self.inner = SeenBits(self.state_bits)
            self.inner.add(inner.codes)

    def new(self, values: np.ndarray) -> np.ndarray:
        return self.inner.new(values)


class SeenBits:
    """A bitmap of 2**state_bits bits in 64-bit words: bit k of word w is state 64 w + k."""

    def __init__(self, state_bits: int):
        self.words = np.zeros(max(1, (1 << state_bits) >> 6), np.uint64)

    def add(self, layer: np.ndarray) -> None:
        """Mark the states of a sorted layer: the bits of each word's run ORed together, then
        written once, so no word is written twice in one assignment."""
        for start in range(0, len(layer), BLOCK):
            block = layer[start : start + BLOCK]
            word = block >> _WORD_SHIFT
            bits = _ONE << (block & _BIT_MASK)
            first = np.empty(len(word), bool)
            first[:1] = True
            np.not_equal(word[1:], word[:-1], out=first[1:])
            starts = np.flatnonzero(first)
            where = word[starts]
            self.words[where] |= np.bitwise_or.reduceat(bits, starts)

    def new(self, values: np.ndarray) -> np.ndarray:
        """Whether each value is unmarked."""
        fresh = np.empty(len(values), bool)
        for start in range(0, len(values), BLOCK):
            block = values[start : start + BLOCK]
            held = self.words[block >> _WORD_SHIFT] >> (block & _BIT_MASK)
            np.equal(held & _ONE, 0, out=fresh[start : start + BLOCK])
        return fresh


class SeenSorted:
    """One sorted array of every state seen, each layer merged in."""

    def __init__(self) -> None:
        self.codes = np.empty(0, np.uint64)

    def add(self, layer: np.ndarray) -> None:
        """Merge a sorted layer in: each of its states goes after the seen states below it
        and after its own predecessors in the layer; the seen states fill the rest."""
        if len(layer) == 0:
            return
        at = np.searchsorted(self.codes, layer)
        at += np.arange(len(layer), dtype=at.dtype)
        merged = np.empty(len(self.codes) + len(layer), np.uint64)
        placed = np.zeros(len(merged), bool)
        placed[at] = True
        merged[at] = layer
        del at
        merged[~placed] = self.codes
        self.codes = merged

    def new(self, values: np.ndarray) -> np.ndarray:
        """Whether each value is missing from the seen states."""
        if len(self.codes) == 0:
            return np.ones(len(values), bool)
        at = np.minimum(np.searchsorted(self.codes, values), len(self.codes) - 1)
        return self.codes[at] != values
