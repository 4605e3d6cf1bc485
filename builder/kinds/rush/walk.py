"""The clusters of many cards at once, on packed positions (builder.kinds.rush.packed).

One breadth-first walk from every card together: each position carries the number of the card
whose walk met it first, and where two cards' walks meet, the two are of one cluster (every
move can be undone). So a list of cards is walked in the time of its distinct clusters, and two
cards of one cluster share it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from ...search.memory import WalkGuard

HELD_BYTES = 32  # a position found: its code and its label, with what sorting them takes


class Neighbours(Protocol):
    """What the walk needs of a codec (builder.kinds.rush.packed.PackedRush)."""

    def neighbours(self, codes: np.ndarray) -> tuple[np.ndarray, ...]: ...


@dataclass
class Walked:
    """Every position the cards reach (`codes`, each once), the cluster of each (`cluster`,
    its number among the clusters), and per card the number of its cluster; per cluster its
    size and its key, its least code (its vehicles in letter order standing farthest back)."""

    codes: np.ndarray
    cluster: np.ndarray
    card_cluster: np.ndarray
    sizes: np.ndarray
    keys: np.ndarray


def walk(codec: Neighbours, cards: np.ndarray, guard: WalkGuard | None = None) -> Walked:
    """The clusters of `cards` (packed codes), numbered in the order of their first card;
    `guard` stops it before a layer's expansion would not fit (a code and a label a position
    held, as a search's children cost)."""
    current, label, pairs = _distinct(cards, np.arange(len(cards)))
    previous, previous_label = np.empty(0, np.uint64), np.empty(0, np.int64)
    found, labels = [current], [label]
    held, branching = len(current), 0.0
    while len(current):
        if guard is not None and branching:
            guard.check(held, branching * len(current), HELD_BYTES)
        children, _, parents, _ = codec.neighbours(current)
        branching = len(children) / len(current)
        children, child_label, met = _distinct(children, label[parents])
        pairs += met
        new = np.ones(len(children), bool)
        for layer, layer_label in ((previous, previous_label), (current, label)):
            if len(layer) == 0:
                continue
            at = np.minimum(np.searchsorted(layer, children), len(layer) - 1)
            hit = layer[at] == children
            new &= ~hit
            met_here = hit & (child_label != layer_label[at])  # two cards' walks met
            if met_here.any():
                pairs.append(np.stack([child_label[met_here], layer_label[at[met_here]]], 1))
        previous, previous_label = current, label
        current, label = children[new], child_label[new]
        held += len(current)
        found.append(current)
        labels.append(label)
    root = _joined(len(cards), np.concatenate(pairs) if pairs else np.empty((0, 2), np.int64))
    codes = np.concatenate(found)
    cards_root = root[np.arange(len(cards))]
    roots, card_cluster = np.unique(cards_root, return_inverse=True)
    # Clusters numbered by their first card: roots are each cluster's lowest card already.
    cluster = np.searchsorted(roots, root[np.concatenate(labels)])
    by = np.lexsort((codes, cluster))
    firsts = np.flatnonzero(np.r_[True, cluster[by][1:] != cluster[by][:-1]])
    return Walked(
        codes=codes,
        cluster=cluster,
        card_cluster=card_cluster,
        sizes=np.bincount(cluster, minlength=len(roots)),
        keys=codes[by][firsts],
    )


def _distinct(codes: np.ndarray, labels: np.ndarray) -> tuple[np.ndarray, np.ndarray, list]:
    """Sorted distinct codes, each with its lowest label, and the pairs of labels that met on
    one code (a list of (n, 2) arrays)."""
    if len(codes) == 0:
        return codes, labels, []
    by = np.lexsort((labels, codes))
    codes, labels = codes[by], labels[by]
    first = np.r_[True, codes[1:] != codes[:-1]]
    lowest = np.maximum.accumulate(np.where(first, np.arange(len(codes)), 0))
    met = ~first & (labels != labels[lowest])
    pairs = np.stack([labels[met], labels[lowest][met]], axis=1)
    return codes[first], labels[first], [pairs] if len(pairs) else []


def _joined(count: int, pairs: np.ndarray) -> np.ndarray:
    """For each of `count` labels, the lowest label joined to it through `pairs`."""
    root = list(range(count))

    def find(x: int) -> int:
        while root[x] != x:
            root[x] = root[root[x]]
            x = root[x]
        return x

    for a, b in np.unique(pairs, axis=0).tolist() if len(pairs) else []:
        ra, rb = find(a), find(b)
        if ra != rb:
            root[max(ra, rb)] = min(ra, rb)
    return np.array([find(x) for x in range(count)], np.int64)
