"""What runs on each Dask worker of a cluster search: the owner of one range of the key space
(its states, moves and solution counts at every depth, kept between tasks) and the tasks the
client submits to it. Dask ships a task's function by its module path: these stay module-level,
in a module each worker imports.
"""

from __future__ import annotations

import itertools
import resource
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
from distributed import get_worker

from ...core.errors import TooLarge
from .. import counting
from ..layered import NO_MOVE, Codec, Distinct, PackedResult, _children, _distinct_children, _member
from ..memory import Budget, MemoryGuard, machine_budget
from ..result import MOST_SOLVED_KEPT
from .numbering import numbering

#: What a task run on an owner's rows gives back (with_local).
Done = TypeVar("Done")

_OWNED: dict[str, _Owner] = {}


@dataclass
class _Owner:
    codec: Codec
    cuts: np.ndarray
    low: int
    high: int | None
    #: the earlier layers new states are compared with (see search._compared)
    earlier: str
    guard: MemoryGuard
    layers: list[np.ndarray]
    layer_moves: list[np.ndarray]
    layer_counts: list[counting.Limbs]
    branching: float = 4.0
    #: the current layer's expansion, met before its moves are numbered (codec.meet)
    met: Any = None


def start(
    token: str,
    codec: Codec,
    cuts: list[int],
    k: int,
    codes: np.ndarray,
    earlier: str,
    memory: Budget | None,
    name: str,
    radius: int | None,
) -> None:
    low = cuts[k - 1] if k > 0 else 0
    high = cuts[k] if k < len(cuts) else None
    mine = codes[(codes >= np.uint64(low)) & _below(codes, high)]
    budget = memory or _worker_budget()
    _OWNED[token] = _Owner(
        codec=codec,
        cuts=np.array(cuts, np.uint64),
        low=low,
        high=high,
        earlier=earlier,
        guard=MemoryGuard(budget, f"{name} (a worker's share)", radius),
        layers=[mine],
        layer_moves=[np.full(len(mine), NO_MOVE, np.int16)],
        layer_counts=[counting.ones(len(mine))],
    )


def _below(codes: np.ndarray, high: int | None) -> np.ndarray:
    return np.ones(len(codes), bool) if high is None else codes < np.uint64(high)


def _worker_budget() -> Budget:
    limit = getattr(getattr(get_worker(), "memory_manager", None), "memory_limit", None)
    machine = machine_budget()
    if limit and limit < machine.bytes:
        return Budget(int(limit), "the Dask worker's memory limit")
    return machine


def meet(token: str) -> Any:
    """What this owner's part of the current layer meets that the client numbers for all
    (codec.meet): the expansion is kept for expand."""
    owner = _OWNED[token]
    _guard(owner)
    codec = numbering(owner.codec)
    assert codec is not None
    owner.met = codec.meet(owner.layers[-1], owner.layer_moves[-1])
    return owner.met.met


def expand(token: str, depth: int, lowest_parent: bool, numbered: Any = None) -> list:
    """This owner's children of depth - 1, de-duplicated, cut by owner: N parts of (states,
    moves, counts). `numbered`: the codes of the moves the owners met (meet), to learn."""
    owner = _OWNED[token]
    current = owner.layers[-1]
    n = len(owner.cuts) + 1
    codec: Codec = owner.codec
    numbers = numbering(owner.codec)
    if numbered is not None and numbers is not None:
        numbers.learn(numbered)
        codec, owner.met = _Met(owner.codec, owner.met), None
    if len(current) == 0:
        empty = (np.empty(0, np.uint64), np.empty(0, np.int16), counting.ones(0))
        return [empty] * n
    if numbered is None:
        _guard(owner)
    found, moves, counts, expanded = _children(
        codec, current, owner.layer_moves[-1], owner.layer_counts[-1], lowest_parent
    )
    owner.branching = expanded / len(current)
    edges = [0, *np.searchsorted(found, owner.cuts).tolist(), len(found)]
    parts = []
    for a, b in itertools.pairwise(edges):
        parts.append((found[a:b].copy(), moves[a:b].copy(), [c[a:b].copy() for c in counts]))
    return parts


def _guard(owner: _Owner) -> None:
    """The memory guard before an owner expands its part of the current layer."""
    if len(owner.layers[-1]) == 0:
        return
    try:
        owner.guard.before_expanding([len(x) for x in owner.layers], owner.branching)
    except TooLarge as error:
        raise TooLarge(error.message.replace("--memory", "workers with more memory")) from None


class _Met:
    """The owner's codec, whose next expansion is the one meet made (its moves numbered
    since): handed out once, so that _children frees it as it does its own."""

    def __init__(self, codec: Codec, met: Any):
        self._codec, self._met = codec, met

    def __getattr__(self, name: str) -> Any:
        return getattr(self._codec, name)

    def expansion(self, codes: np.ndarray, came_by: np.ndarray | None = None) -> Any:
        met, self._met = self._met, None
        return met


def merge(token: str, depth: int, k: int, lowest_parent: bool, *parts: Distinct) -> tuple[int, int]:
    """The children of this range (owner k's) from every owner: those new at `depth` become
    its layer. Returns how many, and the bytes that came from other workers."""
    owner = _OWNED[token]
    received = sum(
        p[0].nbytes + p[1].nbytes + sum(c.nbytes for c in p[2])
        for i, p in enumerate(parts)
        if i != k
    )
    limbs = max([len(p[2]) for p in parts] + [1])
    children = np.concatenate([p[0] for p in parts])
    moves = np.concatenate([p[1] for p in parts])
    padded = [counting.padded(p[2], limbs) for p in parts]
    counts = [np.concatenate([c[i] for c in padded]) for i in range(limbs)]
    if lowest_parent and len(children):
        found, moves, counts = _distinct_by_lowest_parent(owner.codec, children, moves, counts)
    elif len(children):
        found, moves, counts = _distinct_children(
            children, moves, np.arange(len(children)), counts, owner.codec.state_bits
        )
    else:
        found = children
    del children
    new = np.ones(len(found), bool)
    for layer in _earlier(owner):
        new &= ~_member(found, layer)
    owner.layers.append(found[new])
    owner.layer_moves.append(moves[new])
    owner.layer_counts.append(counting.take(counts, new))
    return int(new.sum()), received


def _earlier(owner: _Owner) -> list[np.ndarray]:
    layers = owner.layers
    return {
        "none": [],
        "all": layers,
        "previous": layers[-2:-1],
        "two": layers[-2:],
    }[owner.earlier]


def _distinct_by_lowest_parent(
    codec: Codec, children: np.ndarray, moves: np.ndarray, counts: counting.Limbs
) -> Distinct:
    """As _distinct_children, each child keeping the move to its lowest parent (every part
    brings a child's move to its lowest parent in that part's range of parents)."""
    parents = codec.undo(children, moves)
    order = np.lexsort((parents, children))
    children = children[order]
    first = np.empty(len(children), bool)
    first[:1] = True
    np.not_equal(children[1:], children[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    return children[starts], moves[order[starts]], counting.sum_runs(starts, order, counts)


def summary(token: str, depths: int) -> tuple[int, int, list[str]]:
    """Drop the last, empty layer if the search ended; then this range's most solved states:
    (their count of solutions, how many, the first of them by name)."""
    owner = _OWNED[token]
    del owner.layers[depths:], owner.layer_moves[depths:], owner.layer_counts[depths:]
    best, where = 0, list[tuple[int, np.ndarray]]()
    for depth, counts in enumerate(owner.layer_counts):
        if len(counts[0]) == 0:
            continue
        top, index = counting.largest(counts)
        if top > best:
            best, where = top, []
        if top == best:
            where.append((depth, index))
    named = [owner.codec.decode(owner.layers[d][i[:MOST_SOLVED_KEPT]]) for d, i in where]
    return best, sum(len(i) for _, i in where), sorted(s for x in named for s in x)


def with_local(token: str, task: Callable[..., Done], *args: object) -> Done:
    owner = _OWNED[token]
    local = PackedResult(
        goal="",
        histogram=[len(x) for x in owner.layers],
        moves=owner.codec.moves,
        stores_pred=False,
        codec=owner.codec,
        layers=owner.layers,
        layer_moves=owner.layer_moves,
        layer_counts=owner.layer_counts,
    )
    return task(local, *args)


def drop(token: str) -> None:
    _OWNED.pop(token, None)


def peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
