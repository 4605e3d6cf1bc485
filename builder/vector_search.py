"""Layered breadth-first search over whole numpy arrays of packed states.

Generic over any codec with `encode`, `decode`, `expand` and `moves`. It relies on the state
graph being undirected (every move can be undone): the states first met at depth d+1 are
then the neighbours of depth d minus depths d and d-1, so only three layers are compared.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import numpy as np

from .result import SearchResult

NO_MOVE = -1


def layered_bfs(codec, goal: str, progress=None) -> "PackedResult":
    current = np.array([codec.encode(goal)], np.uint64)
    previous = np.empty(0, np.uint64)
    layers = [current]
    layer_moves = [np.array([NO_MOVE], np.int16)]
    while True:
        children, moves = codec.expand(current)
        found, first = np.unique(children, return_index=True)
        moves = moves[first]
        new = ~(_member(found, current) | _member(found, previous))
        found, moves = found[new], moves[new]
        if len(found) == 0:
            break
        layers.append(found)
        layer_moves.append(moves)
        previous, current = current, found
        if progress:
            progress(len(layers) - 1, sum(len(x) for x in layers))
    return PackedResult(
        goal=goal,
        histogram=[len(x) for x in layers],
        moves=codec.moves,
        stores_pred=False,
        codec=codec,
        layers=layers,
        layer_moves=layer_moves,
    )


def _member(values: np.ndarray, sorted_set: np.ndarray) -> np.ndarray:
    if len(sorted_set) == 0:
        return np.zeros(len(values), bool)
    at = np.minimum(np.searchsorted(sorted_set, values), len(sorted_set) - 1)
    return sorted_set[at] == values


@dataclass
class PackedResult(SearchResult):
    codec: object = None
    layers: list = None
    layer_moves: list = None

    def chunks(self, size: int) -> Iterator[tuple[list, ...]]:
        codes = np.concatenate(self.layers)
        depths = np.repeat(
            np.arange(len(self.layers), dtype=np.int16), [len(x) for x in self.layers]
        )
        moves = np.concatenate(self.layer_moves)
        order = np.argsort(codes, kind="stable")
        for start in range(0, len(order), size):
            pick = order[start : start + size]
            move_list = moves[pick].tolist()
            for i in np.flatnonzero(moves[pick] == NO_MOVE).tolist():
                move_list[i] = None
            yield self.codec.decode(codes[pick]), depths[pick].tolist(), move_list
