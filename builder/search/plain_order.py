"""The layered search storing the very rows the plain search (builder.search.plain) stores, for
codecs whose moves are not all swaps of two cells (boards of blocks, Rush Hour).

Where several moves lead a state one move nearer the goal, the plain search stores the first it
meets: from the earliest-found parent, that parent's earliest move in the rule's order. So this
search keeps each state's rank in the plain search's order of discovery (the sources' order at
depth 0), the codec ranks each child among its parent's moves, and a child's first finding is
its least (parent's rank, move's rank). Moves are numbered as the plain search numbers them
(builder.move_codes): each the first time a stored row uses it, rows taken depth by depth in
that order. Depths, counts and memory are as layered_bfs's (builder.search.layered).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, Self, TypeVar

import numpy as np

from ..puzzle import Move
from . import counting
from .layered import FoundLayers, PackedResult, Packs, _member
from .memory import MemoryGuard

#: Move codes up to this are kept as int16, as layered_bfs keeps them; past it as int64 (no
#: bound keeps a board of blocks' codes below it, as the plain search numbers them).
SHORT_CODE_MAX = int(np.iinfo(np.int16).max)


@dataclass
class Layer:
    """A layer's states, and whatever a codec keeps beside each to expand it (a subclass's
    fields, each an array of a row a state: `take` takes them all)."""

    codes: np.ndarray

    def take(self, index: np.ndarray) -> Self:
        return type(self)(*[column[index] for column in vars(self).values()])


@dataclass
class Children(Layer):
    """Every move of a layer: the state it leads to (`codes`), the index of the state it is
    made in, its rank among that state's moves in the plain search's order (below the codec's
    `order_bound`), and the move back, as the codec tells moves apart (numbered by `number`)."""

    parents: np.ndarray
    ranks: np.ndarray
    moves: np.ndarray


LayerT = TypeVar("LayerT", bound=Layer)
ChildrenT = TypeVar("ChildrenT", bound=Children)


class InPlainOrder(Packs, Protocol[LayerT, ChildrenT]):
    """What the search asks of a codec (builder.kinds.sliding.packed_blocks, .rush.packed)."""

    #: true: searched by plain_order_bfs (builder.search.codecs reads it), as its kind's
    #: registration says (builder.registry.Packing.plain_order)
    plain_order: bool
    #: every move's rank among its state's moves is below this
    order_bound: int
    #: whether a build stores each state's predecessor (the plain search's: moves not swaps)
    stores_pred: bool

    @property
    def moves(self) -> dict[int, Move]: ...

    def start(self, states: list[str]) -> LayerT:
        """The layer of `states`, in their order; a new search, no move numbered yet."""
        ...

    def children(self, layer: LayerT) -> ChildrenT: ...

    def child_layer(self, layer: LayerT, children: ChildrenT) -> LayerT:
        """The layer `children` make (one each), from the layer they were found from."""
        ...

    def number(self, moves: np.ndarray) -> np.ndarray:
        """The codes of `moves`, each met for the first time, in the order rows first use them."""
        ...


def plain_order_bfs(
    codec: InPlainOrder[LayerT, ChildrenT],
    goal: str,
    radius: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    sources: list[str] | None = None,
    guard: MemoryGuard | None = None,
) -> PackedResult:
    """As layered_bfs (builder.search.layered), storing the plain search's moves and codes."""
    layer = codec.start(list(dict.fromkeys(sources or [goal])))
    order = np.argsort(layer.codes, kind="stable")
    current, rank = layer.take(order), order  # rank: the sources' own order
    found = FoundLayers(current.codes, radius, progress, guard)
    seen = current.codes  # the layer before and this one, merged: where a child may be met
    numbering = _Numbering(codec)
    while found.expanding():
        children = codec.children(current)
        new = np.flatnonzero(~_member(children.codes, seen))
        if len(new) == 0:
            break
        # by state, then by first finding: the first of each run is the plain search's pick
        codes, parents = children.codes[new], children.parents[new]
        met = rank[parents] * np.int64(codec.order_bound) + children.ranks[new]
        by = np.lexsort((met, codes))
        codes = codes[by]
        first = np.empty(len(codes), bool)
        first[0] = True
        np.not_equal(codes[1:], codes[:-1], out=first[1:])
        starts = np.flatnonzero(first)
        counts = counting.sum_runs(starts, parents[by], found.counts[-1])
        chosen = by[starts]
        picked = children.take(new[chosen])
        stored = np.argsort(met[chosen])  # the order the plain search stores them in
        rank = np.empty(len(stored), np.int64)
        rank[stored] = np.arange(len(stored))
        in_order = numbering.codes(picked.moves[stored])
        moves = np.empty_like(in_order)
        moves[stored] = in_order
        previous, current = current.codes, codec.child_layer(current, picked)
        seen = np.sort(np.concatenate([previous, current.codes]), kind="stable")  # two runs
        found.add(current.codes, moves, counts, len(children.codes))
    return found.result(goal, codec, codec.moves, codec.stores_pred)


class _Numbering:
    """Each move's code, asked of the codec the first time a stored row uses the move."""

    def __init__(self, codec: InPlainOrder):
        self.codec = codec
        self.known = np.full(0, -1, np.int16)  # by the codec's move, its code (-1: none yet)

    def codes(self, moves: np.ndarray) -> np.ndarray:
        """The codes of `moves`, given in the order rows are stored."""
        try:
            codes = self.known[moves]
        except IndexError:  # a move numbered past every one met so far
            more = np.full(int(moves.max()) + 1 - len(self.known), -1, self.known.dtype)
            self.known = np.concatenate([self.known, more])
            codes = self.known[moves]
        if codes.min() < 0:
            fresh = np.array(list(dict.fromkeys(moves[codes < 0].tolist())), np.int64)
            numbers = self.codec.number(fresh)
            if int(numbers.max()) > SHORT_CODE_MAX:
                self.known = self.known.astype(np.int64)
            self.known[fresh] = numbers
            codes = self.known[moves]
        return codes
