"""The layered search on a Dask cluster, as its client runs it (cluster_bfs), and what it
hands the store (ClusterResult).

The key space (packed states, whose order is the state text's) is cut into one range per
worker, which owns the states of its range at every depth. Each layer, every owner expands
its part of the current layer with the codec (a key range of children at a time where it has
an `expansion`) and de-duplicates its children as the one-machine search does (the lowest move
code, or the move to the lowest parent where builder.search.layered.by_parent says so; solution
counts summed in limbs); the children are then shuffled to the owners of their ranges, worker to
worker, and each owner de-duplicates what it received against its own earlier layers, those
the one-machine search compares with (the codec's `bipartite`, `directed`, `graded`: in a
range, the states of a depth are those of the whole search in it). No process holds a whole
layer; this one holds only the counts of each layer. What the owners run is
builder.search.cluster.workers; a codec that numbers its moves as it meets them has them
numbered here (builder.search.cluster.numbering).
"""

from __future__ import annotations

import contextlib
import operator
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from distributed import Client

from ...core.errors import ClusterFailed
from ..layered import Codec, by_parent, layered_bfs
from ..memory import Budget
from ..result import MOST_SOLVED_KEPT, SearchResult
from . import workers
from .connect import gathered, worker_addresses
from .numbering import numbering

#: States the local first layers reach before their quantiles cut the key space.
SAMPLE_STATES = 20_000


@dataclass
class ClusterResult(SearchResult):
    """What the store needs of a cluster search: the figures of the whole, and where its
    rows are (each owner's layers stay on its worker until `release`)."""

    client: Any = None
    token: str = ""
    owners: list[str] = field(default_factory=list)
    #: cuts[k - 1] <= a state of owner k < cuts[k]: the ranges, as packed codes
    cuts: list[int] = field(default_factory=list)
    codec: Any = None
    #: per layer, the bytes of children sent from one worker to another
    shuffled: list[int] = field(default_factory=list)

    def chunks(self, size: int, part: tuple[int, int] = (0, 1)) -> Iterator[tuple[list, ...]]:
        raise NotImplementedError("a cluster's rows are written by its workers (run_on_owners)")

    def bounds(self) -> list[tuple[str | None, str | None]]:
        """Each owner's range as state text: (low, high), None an open end."""
        edges = self.codec.decode(np.array(self.cuts, np.uint64)) if self.cuts else []
        lows: list[str | None] = [None, *edges]
        highs: list[str | None] = [*edges, None]
        return list(zip(lows, highs))

    def run_on_owners(self, task: Callable, per_owner: list[tuple]) -> list:
        """task(local_result, *per_owner[k]) on owner k, all at once: its range's rows as a
        PackedResult (layers of its range only); the tasks' results in owner order."""
        futures = [
            self.client.submit(
                workers.with_local, self.token, task, *args, workers=[owner], pure=False, retries=0
            )
            for owner, args in zip(self.owners, per_owner)
        ]
        return gathered(self.client, futures, self.owners, "writing its rows")

    def peak_memory(self) -> dict[str, int]:
        """Each worker's peak resident memory so far, in bytes; none if the scheduler is gone
        (asked once the build is stored: a figure for benchmarks, not worth failing it)."""
        try:
            return self.client.run(workers.peak_rss)
        except Exception:
            return {}

    def release(self) -> None:
        with contextlib.suppress(Exception):
            self.client.run(workers.drop, self.token)


def cluster_bfs(
    client: Client,
    codec: Codec,
    goal: str,
    radius: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    sources: list[str] | None = None,
    memory: Budget | None = None,
    name: str = "",
) -> ClusterResult:
    """layered_bfs's result, found by the cluster's workers (one owner each)."""
    sources = [goal] if sources is None else sources
    owners = worker_addresses(client)
    if not owners:
        raise ClusterFailed("the Dask cluster has no workers")
    cuts = _cuts(codec, goal, sources, radius, len(owners))
    codes = np.unique(np.array([codec.encode(s) for s in sources], np.uint64))
    earlier = _compared(codec, len(codes))
    token = secrets.token_hex(8)
    setup = [
        client.submit(
            workers.start,
            token,
            codec,
            cuts,
            k,
            codes,
            earlier,
            memory,
            name,
            radius,
            workers=[owner],
            pure=False,
        )
        for k, owner in enumerate(owners)
    ]
    gathered(client, setup, owners, "starting")
    histogram, shuffled = [len(codes)], []
    try:
        while radius is None or len(histogram) <= radius:
            lowest_parent = by_parent(codec, histogram[-1])
            found, sent = _layer(client, token, owners, len(histogram), lowest_parent, codec)
            if found == 0:
                break
            histogram.append(found)
            shuffled.append(sent)
            if progress:
                progress(len(histogram) - 1, sum(histogram))
        summaries = gathered(
            client,
            [
                client.submit(workers.summary, token, len(histogram), workers=[o], pure=False)
                for o in owners
            ],
            owners,
            "summing up",
        )
    except BaseException:
        with contextlib.suppress(Exception):
            client.run(workers.drop, token)
        raise
    result = ClusterResult(
        goal=goal,
        histogram=histogram,
        moves=codec.moves,
        stores_pred=getattr(codec, "stores_pred", False),
        client=client,
        token=token,
        owners=owners,
        cuts=cuts,
        codec=codec,
        shuffled=shuffled,
    )
    best = max(s[0] for s in summaries)
    result.most_solutions = best
    result.most_solved_count = sum(s[1] for s in summaries if s[0] == best)
    named = sorted(state for s in summaries if s[0] == best for state in s[2])
    result.most_solved = named[:MOST_SOLVED_KEPT]
    return result


def _compared(codec: Codec, sources: int) -> str:
    """Which of its earlier layers an owner compares new states with, as layered_bfs does:
    "none" (a graded directed codec from one source: a state's depth follows from it), "all"
    (directed: a move undone may lead to any earlier depth), "previous" (undirected and
    bipartite from one source) or "two" (undirected: the previous layer and the current)."""
    if getattr(codec, "directed", False):
        return "none" if getattr(codec, "graded", False) and sources == 1 else "all"
    return "previous" if getattr(codec, "bipartite", False) and sources == 1 else "two"


def _layer(
    client: Client,
    token: str,
    owners: list[str],
    depth: int,
    lowest_parent: bool = False,
    codec: Codec | None = None,
) -> tuple[int, int]:
    """One layer across the cluster: (states new at `depth`, bytes shuffled between workers).
    Every task of the layer is submitted at once; Dask moves each part from the worker that
    made it to the one that owns it, and this process waits once, for the counts (and before,
    where the codec `numbers_moves`, for the moves the owners met).
    `lowest_parent`: each child keeps the move to its lowest parent
    (builder.search.layered.by_parent, asked of the whole layer), else its lowest move code."""
    n = len(owners)
    numbered, numbers = None, numbering(codec)
    if numbers is not None:
        met = [
            client.submit(workers.meet, token, workers=[o], pure=False, retries=0) for o in owners
        ]
        numbered = numbers.number(gathered(client, met, owners, f"meeting depth {depth}'s moves"))
    expanded = [
        client.submit(
            workers.expand,
            token,
            depth,
            lowest_parent,
            numbered,
            workers=[o],
            pure=False,
            retries=0,
        )
        for o in owners
    ]
    parts = [
        [
            client.submit(operator.getitem, f, j, workers=[o], pure=False, retries=0)
            for j in range(n)
        ]
        for f, o in zip(expanded, owners)
    ]
    merged = [
        client.submit(
            workers.merge,
            token,
            depth,
            j,
            lowest_parent,
            *[parts[i][j] for i in range(n)],
            workers=[owners[j]],
            pure=False,
            retries=0,
        )
        for j in range(n)
    ]
    counts = gathered(client, merged, owners, f"finding depth {depth}")
    return sum(c[0] for c in counts), sum(c[1] for c in counts)


def _cuts(
    codec: Codec, goal: str, sources: list[str], radius: int | None, owners: int
) -> list[int]:
    """Where the owners' ranges meet: quantiles of the states of the first layers, found here
    (at most SAMPLE_STATES, so a few thousand states: not a layer of the build)."""
    if owners == 1:
        return []
    found: list[int] = []

    class Enough(Exception):
        pass

    def count(depth: int, states: int) -> None:
        found.append(states)
        if states >= SAMPLE_STATES:
            raise Enough

    limit = radius if radius is not None else None
    try:
        sample = layered_bfs(codec, goal, limit, count, sources)
        layers = sample.layers
    except Enough:
        depth = len(found)
        layers = layered_bfs(codec, goal, depth, None, sources).layers
    codes = np.sort(np.concatenate(layers))
    at = np.linspace(0, len(codes), owners + 1)[1:-1].astype(np.int64)
    cuts = sorted({int(codes[min(i, len(codes) - 1)]) for i in at})
    return [c for c in cuts if c > 0]
