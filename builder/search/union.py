"""One build of several searches whose states never meet (every piece mix of a family: no move
changes a mix), searched one by one and stored as one result.

A codec of such a union (a `Union`) hands out its parts: a codec each, all in one encoding, so
that the codes of any two parts compare as their texts do, and the sources each starts from.
Each part is searched as its codec asks (builder.search.codecs.packed_search). Their layers are
then merged depth by depth; each part's moves are numbered again in one numbering (equal moves,
one code; the first part's codes first), and each state's predecessor is kept as its part found
it, since no one codec undoes the moves of every part. The merged rows are those of the parts,
each as its own search stores it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Protocol

import numpy as np

from ..puzzle import Move
from . import counting
from .layered import NO_MOVE, PackedResult, Packs
from .memory import MemoryGuard

#: A search of one part: (its codec, the goal, radius, progress, sources, guard) -> its result.
PartSearch = Callable[..., PackedResult]


class Union(Packs, Protocol):
    """What a codec of a union offers: its parts, and the encoding they share (Packs)."""

    def parts(self, goal: str, sources: list[str]) -> Iterator[tuple[Packs, list[str]]]: ...


def union_search(
    codec: Union,
    goal: str,
    radius: int | None,
    progress: Callable[[int, int], None] | None,
    sources: list[str],
    guard: MemoryGuard | None,
    search: PartSearch,
) -> PackedResult:
    """Every part searched by `search`, then merged into one result (see the docstring)."""
    numbering: dict[Move, int] = {}
    parts: list[PackedResult] = []
    preds: list[list[np.ndarray]] = []
    found = 0
    for part_codec, part_sources in codec.parts(goal, sources):
        result = search(part_codec, goal, radius, None, part_sources, guard)
        preds.append([part_codec.undo(c, m) for c, m in zip(result.layers, result.layer_moves)])
        result.layer_moves = _renumbered(result, numbering)
        parts.append(result)
        found += result.states
        if progress:
            progress(max(p.max_depth for p in parts), found)
    merged = _merged(codec, goal, parts, preds, numbering)
    merged.note_most_solved()
    return merged


def _renumbered(result: PackedResult, numbering: dict[Move, int]) -> list[np.ndarray]:
    """A part's move codes in the union's numbering (NO_MOVE kept at each goal)."""
    table = np.full(max(result.moves, default=0) + 2, NO_MOVE, np.int64)
    for code in sorted(result.moves):
        table[code] = numbering.setdefault(result.moves[code], len(numbering))
    return [table[moves.astype(np.int64)] for moves in result.layer_moves]  # -1: the last


def _merged(
    codec: Packs,
    goal: str,
    parts: list[PackedResult],
    preds: list[list[np.ndarray]],
    numbering: dict[Move, int],
) -> PackedResult:
    depths = max(len(p.layers) for p in parts)
    limbs = max(len(c) for p in parts for c in p.layer_counts)
    wide = np.int16 if len(numbering) < np.iinfo(np.int16).max else np.int64
    layers, moves, counts, pred_layers = [], [], [], []
    for depth in range(depths):
        at = [i for i, p in enumerate(parts) if depth < len(p.layers)]
        codes = np.concatenate([parts[i].layers[depth] for i in at])
        order = np.argsort(codes, kind="stable")
        layers.append(codes[order])
        moves.append(np.concatenate([parts[i].layer_moves[depth] for i in at])[order].astype(wide))
        pred_layers.append(np.concatenate([preds[i][depth] for i in at])[order])
        padded = [counting.padded(parts[i].layer_counts[depth], limbs) for i in at]
        counts.append(counting.take([np.concatenate(c) for c in zip(*padded)], order))
        for i in at:  # what is merged is let go: memory only falls
            parts[i].layers[depth] = parts[i].layer_moves[depth] = preds[i][depth] = np.empty(0)
    return PackedResult(
        goal=goal,
        histogram=[len(layer) for layer in layers],
        moves={code: move for move, code in numbering.items()},
        stores_pred=any(p.stores_pred for p in parts),
        codec=codec,
        layers=layers,
        layer_moves=moves,
        layer_counts=counts,
        layer_preds=pred_layers,
    )
