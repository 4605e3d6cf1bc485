"""The layered search storing the very rows the plain search (builder.search.plain) stores.

Where several moves lead a position one move nearer the goal, both searches store one of them,
and the plain one stores the first it meets: from the earliest-found parent, the first of its
moves in the move rule's order. A codec with `plain_order` (builder.kinds.rush.packed) hands each
child its slot in that order (`neighbours`), and this search keeps each state's rank in the
plain search's order of discovery (the sources' order at depth 0), so it picks the same move;
its move codes are then numbered as the plain search numbers them, in the order its rows first
use them. The rows, predecessors and move codes are the plain search's, found on whole arrays.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import numpy as np

from . import counting
from .layered import NO_MOVE, Codec, PackedResult, _member
from .memory import MemoryGuard
from .result import MOST_SOLVED_KEPT


class InPlainOrder(Codec, Protocol):
    """A codec whose children come in the plain search's order of moves."""

    #: children a position may have at most: a child's slot is below it
    slots: int

    def neighbours(self, codes: np.ndarray) -> tuple[np.ndarray, ...]: ...

    def renumber(self, new: np.ndarray) -> None: ...


def plain_order_bfs(
    codec: InPlainOrder,
    goal: str,
    radius: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    sources: list[str] | None = None,
    guard: MemoryGuard | None = None,
) -> PackedResult:
    """As builder.search.layered.layered_bfs, storing the plain search's moves."""
    first = list(dict.fromkeys([goal] if sources is None else sources))
    many = getattr(codec, "encode_many", None)
    codes = many(first) if many else np.array([codec.encode(s) for s in first], np.uint64)
    order = np.argsort(codes, kind="stable")
    current, rank = codes[order], order.astype(np.int64)
    counts = counting.ones(len(current))
    previous = np.empty(0, np.uint64)
    layers, layer_moves, layer_counts, ranks = [current], [], [counts], [rank]
    layer_moves.append(np.full(len(current), NO_MOVE, np.int16))
    total, branching = len(current), 4.0
    while radius is None or len(layers) <= radius:
        if guard is not None:
            guard.before_expanding([len(x) for x in layers], branching)
        children, moves, parents, slots = codec.neighbours(current)
        branching = len(children) / max(len(current), 1)
        met = rank[parents] * codec.slots + slots  # when the plain search meets each child
        by = np.lexsort((met, children))
        children, parents, met = children[by], parents[by], met[by]
        starts = np.flatnonzero(np.r_[True, children[1:] != children[:-1]])
        found, moves, met = children[starts], moves[by][starts], met[starts]
        found_counts = counting.sum_runs(starts, parents, counts)
        new = ~(_member(found, previous) | _member(found, current))
        if not new.all():
            found, moves, met = found[new], moves[new], met[new]
            found_counts = counting.take(found_counts, new)
        if len(found) == 0:
            break
        rank = np.empty(len(found), np.int64)
        rank[np.argsort(met, kind="stable")] = np.arange(len(found))
        previous, current, counts = current, found, found_counts
        layers.append(found)
        layer_moves.append(moves.astype(np.int16))
        layer_counts.append(counts)
        ranks.append(rank)
        total += len(found)
        if progress:
            progress(len(layers) - 1, total)
    _number_as_met(codec, layer_moves, ranks)
    result = PackedResult(
        goal=goal,
        histogram=[len(x) for x in layers],
        moves=codec.moves,
        stores_pred=getattr(codec, "stores_pred", False),
        codec=codec,
        layers=layers,
        layer_moves=layer_moves,
        layer_counts=layer_counts,
    )
    result.note_most_solved()
    if result.most_solved_count > MOST_SOLVED_KEPT and hasattr(codec, "texts"):
        _keep_first_by_text(result, codec)
    return result


def _keep_first_by_text(result: PackedResult, codec: InPlainOrder) -> None:
    """The most solved states kept are the first in text order, as the plain search keeps
    them; note_most_solved kept the first by code, which here is not text order."""
    kept = []
    for depth, counts in enumerate(result.layer_counts):
        top, index = counting.largest(counts)
        if top == result.most_solutions:
            texts = codec.texts(result.layers[depth][index])  # type: ignore[attr-defined]
            kept.append(np.sort(texts)[:MOST_SOLVED_KEPT])
    result.most_solved = np.sort(np.concatenate(kept))[:MOST_SOLVED_KEPT].tolist()


def _number_as_met(codec: InPlainOrder, layer_moves: list[np.ndarray], ranks: list) -> None:
    """Renumber the moves as builder.move_codes numbers the plain search's: in the order rows
    are stored (depth by depth, each depth in the order met), each new move the next number."""
    stored = [m[np.argsort(r)] for m, r in zip(layer_moves[1:], ranks[1:])]
    if not stored:
        codec.renumber(np.full(len(codec.moves), -1, np.int64))
        return
    used, first = np.unique(np.concatenate(stored), return_index=True)
    new = np.full(max(codec.moves) + 1, -1, np.int64)
    new[used[np.argsort(first)]] = np.arange(len(used))
    for depth in range(1, len(layer_moves)):
        layer_moves[depth] = new[layer_moves[depth]].astype(np.int16)
    codec.renumber(new)
