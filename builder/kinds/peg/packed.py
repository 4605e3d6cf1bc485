"""Peg boards packed into one unsigned 64-bit integer: the peg kind's codec for the layered
search (builder.search.layered), for boards where a move is one jump (the `jump` metric).

Hole 0 is the most significant bit, a peg 1 and an empty hole 0. States of one board have one
length and '0' sorts before '1', so integer order is the text order SQLite sorts states in.

Jumps remove pegs, so the search goes backwards from the goal over un-jumps. Un-jumping
"a over b to c" from a state is a mask test (c full, a and b empty) and gives the state with
those three bits flipped: the parent plus a constant. So one jump's children of a sorted layer
come out sorted, and the children in a key range come from a key range of parents: a layer
expands one key range at a time, each a merge of one sorted run per jump. Every un-jump adds
one peg, so the states at depth d are exactly those with d more pegs than the goal (`graded`):
no state found is ever compared with earlier layers.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TypeGuard

import numpy as np

from ...puzzle import Move, Puzzle
from ...search import threads
from ...search.layered import Children
from ...symmetry.images import move_images
from ...symmetry.packed_classes import PackedClasses
from .puzzle import PegSolitaire, jumps

#: The most holes a board may have: its state and a 16-bit move code share one sort key.
MAX_HOLES = 48
#: The boards this codec and chains.py's pack, as a refusal lists them (builder.search.codecs).
BOARDS = f"peg boards of at most {MAX_HOLES} holes"
#: Layers of fewer states take their un-jumps' passes on one thread (builder.search.threads).
THREADED_STATES = 1 << 16


class PegWords:
    """A peg board's positions as words: what both peg codecs (single jumps here, chains in
    builder.kinds.peg.chains) share. Subclasses set `state_bits` to the board's holes."""

    state_bits: int

    def _bits(self, *holes: int) -> int:
        return sum(1 << (self.state_bits - 1 - h) for h in holes)

    def encode(self, state: str) -> int:
        return int(state, 2)

    def points(self, codes: np.ndarray) -> np.ndarray:
        """Each state's text as code points, a row a state (what a store writes directly):
        uint8, as '0' and '1' are ASCII, unpacked from the codes' bytes (a third of the time
        of shifting a copy of each code per hole)."""
        octets = np.ascontiguousarray(codes, ">u8").view(np.uint8).reshape(len(codes), 8)
        bits = np.unpackbits(octets, axis=1)[:, 64 - self.state_bits :]
        bits += np.uint8(ord("0"))
        return np.ascontiguousarray(bits)

    def decode(self, codes: np.ndarray) -> list[str]:
        points = self.points(codes).astype(np.uint32)
        return points.view(f"<U{self.state_bits}").ravel().tolist()


#: States tested at once against every un-jump (applying): the blocks are shared out among the
#: threads, and no block's indexes are as long as the layer's.
APPLY_BLOCK = 1 << 18


def applying(
    codes: np.ndarray, masks: Sequence[int], wanted: Sequence[int], threaded: bool
) -> list[np.ndarray]:
    """For each test k, the indexes of the states whose bits under masks[k] are wanted[k]
    (the states un-jump k applies to), uint32 where they fit: a block of states at a time,
    each against every test in a compiled loop (applying_loop.py), blocks on threads where
    `threaded`."""
    from .applying_loop import applying_block  # a compiled loop: only builds load its compiler

    dtype = np.uint32 if len(codes) < 2**32 else np.intp
    tested = np.array(masks, np.uint64), np.array(wanted, np.uint64)

    def block(start: int) -> list[np.ndarray]:
        return applying_block(codes[start : start + APPLY_BLOCK], *tested, start, dtype)

    blocks = threads.in_order(block, range(0, len(codes), APPLY_BLOCK), threaded)
    if not blocks:
        return [np.empty(0, dtype) for _ in masks]
    return [np.concatenate(hits) for hits in zip(*blocks)]


def sampled_cuts(
    codes: np.ndarray, runs: Iterable[tuple[np.ndarray, np.uint64]], size: int, parts: int
) -> list[int]:
    """About `parts` - 1 child keys cutting a layer's children into parts of similar size,
    from a sample of each run: `runs` gives (indexes of the states it applies to, flips)."""
    if parts <= 1 or size == 0:
        return []
    stride = max(1, size // (parts * 64))
    sample = np.sort(np.concatenate([codes[index[::stride]] ^ flips for index, flips in runs]))
    at = np.linspace(0, len(sample) - 1, parts + 1).astype(np.int64)[1:-1]
    return [int(x) for x in np.unique(sample[at])]


#: One sorted run of children: (the bits it flips, what it adds to a state, the indexes of
#: the states it applies to, its move code or a move code a state).
Run = tuple[np.uint64, int, np.ndarray, int | np.ndarray]


def runs_between(
    codes: np.ndarray, runs: Iterable[Run], low: int, high: int | None, state_bits: int
) -> Children:
    """(children, move codes, parent indexes) of the children with keys in [low, high) (high
    None: no bound), one sorted run after another: each run's slice (the states `index` picks,
    each plus `offset`, i.e. with `flips` flipped) is written straight into the joined arrays,
    so no run's children are made, then copied."""
    top = 1 << state_bits
    high = top if high is None else high
    spans = []
    for flips, offset, index, moves in runs:
        lo, hi = (max(0, min(top, k - offset)) for k in (low, high))
        a, b = np.searchsorted(codes, np.array([lo, hi], np.uint64))
        i, j = np.searchsorted(index, np.array([a, b], index.dtype))
        if j > i:
            spans.append((index[i:j], flips, moves if isinstance(moves, int) else moves[i:j]))
    size = sum(len(picked) for picked, _, _ in spans)
    parents = np.empty(size, spans[0][0].dtype if spans else np.intp)
    children, made = np.empty(size, np.uint64), np.empty(size, np.int16)
    at = 0
    for picked, flips, moves in spans:
        to = slice(at, at + len(picked))
        parents[to] = picked
        np.take(codes, picked, out=children[to])
        np.bitwise_xor(children[to], flips, out=children[to])
        made[to] = moves
        at = to.stop
    return children, made, parents


def packs(puzzle: Puzzle, metric: str) -> bool:
    """A peg board of this metric with few enough holes for a word and a move code."""
    return (
        isinstance(puzzle, PegSolitaire)
        and getattr(puzzle, "metric", "chain") == metric
        and puzzle.holes <= MAX_HOLES
    )


class PackedPegs(PegWords):
    """The codec of one peg board whose moves are single jumps."""

    #: Moves cannot be undone: the search goes backwards, over un-jumps.
    directed = True
    #: A state's depth is its peg count less the goal's: layer d+1 is exactly the children of
    #: layer d, with nothing to compare.
    graded = True

    def __init__(self, puzzle: PegSolitaire):
        if not packable(puzzle):
            raise ValueError(f"{puzzle.name} cannot be packed for the layered search")
        self.puzzle = puzzle
        n = self.state_bits = puzzle.holes
        # code k: peg a jumps over b into c
        self.jumps = [(a, b, c) for a in range(n) for b, c in puzzle.jumps[a]]
        self.moves: dict[int, Move] = {
            k: replace(jumps([a, c]), flips=(a, b, c)) for k, (a, b, c) in enumerate(self.jumps)
        }
        self.flips = np.array([self._bits(a, b, c) for a, b, c in self.jumps], np.uint64)
        # A child is its parent with its move's bits flipped (builder.search.classes_search
        # reads a child's images off its parent's).
        self.move_flips = self.flips
        self.landed = [self._bits(c) for _, _, c in self.jumps]
        self.landing = np.array(self.landed, np.uint64)
        # A child is its parent plus this (a signed Python int: two pegs back, one taken away).
        self.offset = [self._bits(a) + self._bits(b) - self._bits(c) for a, b, c in self.jumps]

    def classes(self, goal: str) -> tuple[PackedClasses, list[list[int]]] | None:
        """The board's symmetries that keep `goal` over packed positions, and each jump's code
        seen through each (builder.search.codecs.OffersClasses): the English cross has 8. None
        where only the identity keeps it."""
        symmetries = self.puzzle.class_symmetries(goal)
        if len(symmetries) <= 1:
            return None
        return PackedClasses(symmetries, self.puzzle.holes), move_images(self.jumps, symmetries)

    def jump_cells(self, code: int) -> tuple[int, int, int]:
        """(from, over, into) of the jump a move code names."""
        return self.jumps[code]

    def undo(self, codes: np.ndarray, moves: np.ndarray) -> np.ndarray:
        """The position each state's move leads to: the jump's three holes flipped."""
        return codes ^ self.flips[moves.astype(np.int64)]

    def move_between(self, children: np.ndarray, parents: np.ndarray) -> np.ndarray:
        """The move code that leads from each child to its parent: the jump flipping the
        bits in which they differ, of the two that do (a over b into c, c over b into a) the
        one whose landing hole is empty in the child."""
        order = np.argsort(self.flips, kind="stable")
        at = np.searchsorted(self.flips[order], children ^ parents)  # the first of the two
        codes = order[at]
        taken = (children & self.landing[codes]) != 0
        codes[taken] = order[at[taken] + 1]
        return codes.astype(np.int16)

    def expand(self, codes: np.ndarray, came_by: np.ndarray | None = None) -> Children:
        """Every un-jump of every state: (children, move codes, parent indexes)."""
        expansion = self.expansion(codes)
        return expansion.between(0, None)

    def expansion(self, codes: np.ndarray, came_by: np.ndarray | None = None) -> UnJumps:
        return UnJumps(self, codes)


class UnJumps:
    """The un-jumps of one sorted layer, ready to be taken a key range of children at a time.

    Holds, per jump, the indexes of the states it applies to (4 bytes each): the children
    themselves are made per range, so a layer's children never all exist at once.
    """

    def __init__(self, codec: PackedPegs, codes: np.ndarray):
        self.codec, self.codes = codec, codes

        # The states each un-jump applies to: on every core, where the layer is big.
        big = len(codes) >= THREADED_STATES
        self.index = applying(codes, codec.flips.tolist(), codec.landed, big)
        self.size = sum(len(i) for i in self.index)

    def cuts(self, parts: int) -> list[int]:
        """About `parts` - 1 child keys cutting the children into parts of similar size."""
        runs = zip(self.index, self.codec.flips)
        return sampled_cuts(self.codes, runs, self.size, parts)

    def between(self, low: int, high: int | None) -> Children:
        """(children, move codes, parent indexes) of the children with keys in [low, high):
        one sorted run per jump, the runs in move-code order."""
        runs = zip(self.codec.flips, self.codec.offset, self.index, itertools.count())
        return runs_between(self.codes, runs, low, high, self.codec.state_bits)


def packable(puzzle: Puzzle) -> TypeGuard[PegSolitaire]:
    """A peg board whose moves are single jumps, with few enough holes."""
    return packs(puzzle, "jump")
