"""The layered search in the plain search's order: whole numpy layers, and the rows the plain
search (builder.search.plain) stores, byte for byte.

Where moves are not all swaps of two cells (a board of blocks, builder.kinds.sliding.
packed_blocks), a stored move code is the move's number in the order the plain search first
stores a state by it, and the move a state stores is the one the plain search finds first:
from the earliest-found state of the layer before (layers are found in order, state by state)
by its earliest move in the rule's order. So each layer keeps its states' order of finding (a
rank each), a child's first finding is its least (parent's rank, move's rank), and the move
codes are given out in that order, layer by layer. Depths and counts are as layered_bfs's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

import numpy as np

from ..puzzle import Move
from . import counting
from .layered import NO_MOVE, PackedResult
from .memory import MemoryGuard

L = TypeVar("L", bound="OrderedLayer")
C = TypeVar("C", bound="OrderedChildren")
LayerT = TypeVar("LayerT", bound="OrderedLayer")
ChildrenT = TypeVar("ChildrenT", bound="OrderedChildren")


class OrderedLayer(Protocol):
    codes: np.ndarray

    def take(self: L, index: np.ndarray) -> L: ...


class OrderedChildren(Protocol):
    codes: np.ndarray  # the state each move leads to
    parents: np.ndarray  # the index of the state it is made in
    ranks: np.ndarray  # its rank among that state's moves (below the codec's order_bound)
    identities: np.ndarray  # the move back, as numbered by the codec's `number`

    def take(self: C, index: np.ndarray) -> C: ...


class OrderedCodec(Protocol[LayerT, ChildrenT]):
    """What the search needs of a codec (builder.kinds.sliding.packed_blocks.PackedBlocks)."""

    state_bits: int
    #: every move's rank among its state's moves is below this
    order_bound: int
    #: whether a build stores each state's predecessor (the plain search's: moves not swaps)
    stores_pred: bool

    @property
    def moves(self) -> dict[int, Move]: ...

    def start(self, states: list[str]) -> LayerT: ...

    def children(self, layer: LayerT) -> ChildrenT: ...

    def child_layer(self, layer: LayerT, children: ChildrenT) -> LayerT: ...

    def number(self, identities: np.ndarray) -> np.ndarray: ...

    def decode(self, codes: np.ndarray) -> list[str]: ...

    def undo(self, codes: np.ndarray, moves: np.ndarray) -> np.ndarray: ...


def ordered_bfs(
    codec: OrderedCodec[LayerT, ChildrenT],
    goal: str,
    radius: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    sources: list[str] | None = None,
    guard: MemoryGuard | None = None,
) -> PackedResult:
    """As layered_bfs (builder.search.layered), with the plain search's moves and move codes."""
    sources = list(dict.fromkeys([goal] if sources is None else sources))
    found = codec.start(sources)
    order = np.argsort(found.codes, kind="stable")
    current = found.take(order)
    rank = np.argsort(order)  # the plain search's order: the sources' own
    previous = np.empty(0, np.uint64)
    layers = [current.codes]
    layer_moves = [np.full(len(sources), NO_MOVE, np.int64)]
    counts = counting.ones(len(sources))
    layer_counts = [counts]
    total, branching = len(sources), 4.0
    while radius is None or len(layers) <= radius:
        if guard is not None:
            guard.before_expanding([len(x) for x in layers], branching)
        children = codec.children(current)
        branching = len(children.codes) / max(len(current.codes), 1)
        new = ~(_member(children.codes, previous) | _member(children.codes, current.codes))
        children = children.take(np.flatnonzero(new))
        if len(children.codes) == 0:
            break
        # by state, then by first finding: the first of each run is the plain search's pick
        finding = rank[children.parents] * np.int64(codec.order_bound) + children.ranks
        by = np.lexsort((finding, children.codes))
        states = children.codes[by]
        starts = np.flatnonzero(np.concatenate([[True], states[1:] != states[:-1]]))
        counts = counting.sum_runs(starts, children.parents[by], counts)
        picked = children.take(by[starts])
        finding = finding[by[starts]]
        in_finding_order = np.argsort(finding)
        rank = np.argsort(in_finding_order)
        codec.number(picked.identities[in_finding_order])  # codes in the order states are stored
        current = codec.child_layer(current, picked)
        previous = layers[-1]
        layers.append(current.codes)
        layer_moves.append(codec.number(picked.identities))
        layer_counts.append(counts)
        total += len(current.codes)
        if progress:
            progress(len(layers) - 1, total)
    result = PackedResult(
        goal=goal,
        histogram=[len(x) for x in layers],
        moves=codec.moves,
        stores_pred=codec.stores_pred,
        codec=codec,  # type: ignore[arg-type]  # decodes and undoes as a Codec does
        layers=layers,
        layer_moves=layer_moves,
        layer_counts=layer_counts,
    )
    result.note_most_solved()
    return result


def _member(values: np.ndarray, sorted_set: np.ndarray) -> np.ndarray:
    if len(sorted_set) == 0:
        return np.zeros(len(values), bool)
    at = np.minimum(np.searchsorted(sorted_set, values), len(sorted_set) - 1)
    return sorted_set[at] == values
