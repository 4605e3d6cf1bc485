"""The layered search of builder.search.layered on a Dask cluster, for builds past one machine.

The key space (packed states, whose order is the state text's) is cut into one range per
worker, which owns the states of its range at every depth. Each layer, every owner expands
its part of the current layer with the codec (a key range of children at a time where it has
an `expansion`) and de-duplicates its children as the one-machine search does (the lowest move
code, or the move to the lowest parent where builder.search.layered.by_parent says so; solution
counts summed in limbs); the children are then shuffled to the owners of their ranges, worker to
worker, and each owner de-duplicates what it received against its own earlier layers, those
the one-machine search compares with (the codec's `bipartite`, `directed`, `graded`: in a
range, the states of a depth are those of the whole search in it). No process holds a whole
layer; this one holds only the counts of each layer.

A codec that `numbers_moves` as it meets them (builder.kinds.peg.chains: a chain's code is its
number among the chains met) would number them differently on each worker. Each layer its
owners first `meet` their part's moves and send what they met here; this process `number`s
them for all, as one process meeting the whole layer would, and each owner `learn`s the codes
before expanding: the move codes, and so each state's move, are the one-machine search's.

Generic: it knows a codec (builder.search.layered.Codec), never a puzzle. Dask is imported
here only, and this module only by cluster builds.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import ipaddress
import itertools
import logging
import operator
import re
import resource
import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, cast

import numpy as np
from distributed import Client, LocalCluster, get_worker, wait

from ..core.errors import ClusterFailed, MalformedInput, PuzzledbError, TooLarge
from ..core.message_text import shown
from . import counting
from .layered import (
    NO_MOVE,
    Codec,
    Distinct,
    PackedResult,
    _children,
    _distinct_children,
    _member,
    by_parent,
    layered_bfs,
)
from .memory import Budget, MemoryGuard, machine_budget
from .result import MOST_SOLVED_KEPT, SearchResult

#: Seconds to reach a scheduler and for its workers to appear.
CONNECT_SECONDS = 30
#: How often a running layer checks that every owner is still in the cluster.
POLL_SECONDS = 0.5
#: States the local first layers reach before their quantiles cut the key space.
SAMPLE_STATES = 20_000
#: Seconds the client, then a local cluster, has to close once the build is over.
CLOSE_SECONDS = 30
#: What Dask's nanny says when a worker it asked to stop is slow to exit and it kills it:
#: after a build, whose rows are stored, that kill loses nothing (a busy machine, or a
#: worker freeing its layers, takes longer than Dask's fixed 4 s), yet reads as a failure.
KILLED_ON_CLOSE = "Worker process still alive after"


#: What Dask's client logs when its scheduler is gone for good.
RECONNECT_FAILED = "Failed to reconnect to scheduler"


class NumbersMoves(Codec, Protocol):
    """A codec whose move codes number its moves in the order they are met (`numbers_moves`
    true): the cluster numbers them in this process (see the module's docstring)."""

    def meet(self, codes: np.ndarray, came_by: np.ndarray | None = None) -> Any:
        """A layer's expansion, its moves not numbered yet: `met`, what it met, goes to
        number; the expansion, once its codec has learnt the codes, is used as `expansion`'s."""
        ...

    def number(self, met: list) -> Any:
        """Number what the parts of one layer met, as one process meeting them all would."""
        ...

    def learn(self, numbered: Any) -> None:
        """Take the codes `number` gave (on a worker)."""
        ...


#: What a task run on an owner's rows gives back (_with_local).
Done = TypeVar("Done")


def numbering(codec: Codec | None) -> NumbersMoves | None:
    """The codec, where it numbers its moves as it meets them."""
    return cast(NumbersMoves, codec) if getattr(codec, "numbers_moves", False) else None


def worker_addresses(client: Client, doing: str = "asking for its workers") -> list[str]:
    """The addresses of the cluster's workers, asked of the scheduler. Not read from
    client.scheduler_info(): every 2 s Dask's client replaces that cached view with one that
    lists no worker, and a read racing it would take every worker for gone."""
    with scheduler_lost(doing):
        return sorted(client.nthreads())


#: What Dask raises where the client lost its scheduler: its futures cancelled
#: (FuturesCancelledError is a concurrent.futures CancelledError), a closed connection
#: (CommClosedError, an OSError), or no answer in time.
LOST = (concurrent.futures.CancelledError, asyncio.CancelledError, OSError)


@contextlib.contextmanager
def scheduler_lost(doing: str) -> Iterator[None]:
    """Around a call to the scheduler: losing it (killed, or its host gone) is ClusterFailed,
    not Dask's traceback. Only Dask's calls are inside: an OSError of the build's own files
    never passes here."""
    try:
        yield
    except LOST as error:
        if isinstance(error, (concurrent.futures.CancelledError, asyncio.CancelledError)):
            why = "it stopped answering, and Dask cancelled the build's tasks"
        else:
            why = f"{type(error).__name__}: {(str(error).splitlines() or [''])[0]}"
        raise ClusterFailed(
            f"lost the Dask scheduler while {doing} ({why}); the build stopped and nothing "
            f"was stored: the database holds what it held before"
        ) from None


def parse(text: str) -> tuple[str, int | str]:
    """`local:N` (a LocalCluster of N processes) or `tcp://HOST:PORT` (a running scheduler),
    checked whole before Dask sees it: Dask's own parsing raises ValueError on a missing or
    bad port, and takes a port past 65535 or an empty host only to time out after 30 s."""
    if text.startswith("local:"):
        count = text[len("local:") :]
        if count.isdigit() and 1 <= int(count) <= 64:
            return "local", int(count)
    elif text.startswith(("tcp://", "tls://")):
        why = _bad_address(text[len("tcp://") :])
        if why is None:
            return "address", text
        raise MalformedInput(
            f"--cluster takes a Dask scheduler's address tcp://HOST:PORT (a host name, an "
            f"IPv4 address or an [IPv6] one, then a port 1 to 65535, nothing after it), not "
            f"{shown(text)}: {why}"
        )
    raise MalformedInput(
        f"--cluster takes local:N (N worker processes on this machine, 1 to 64) or a Dask "
        f"scheduler's address tcp://HOST:PORT, not {shown(text)}"
    )


_LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
#: A host name (RFC 1123 labels, an IPv4 address among them) as --cluster takes it.
HOST_NAME = re.compile(rf"{_LABEL}(?:\.{_LABEL})*\.?", re.ASCII)
#: The largest TCP port.
MAX_PORT = 65535


def _bad_address(rest: str) -> str | None:
    """What is wrong with HOST:PORT (what follows tcp://), or None."""
    if rest.startswith("["):
        end = rest.find("]")
        if end < 0:
            return "an IPv6 address in [ ] lacks its ]"
        host, after = rest[1:end], rest[end + 1 :]
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            return f"{shown(host)} is not an IPv6 address"
    else:
        host, colon, port = rest.partition(":")
        after = colon + port
        if not host:
            return "it names no host"
        if len(host) > 253 or not HOST_NAME.fullmatch(host):
            return f"{shown(host)} is not a host name or address"
    if not after.startswith(":"):
        return "it has no :PORT" if not after else f"{shown(after)} follows the host"
    port = after[1:]
    digits = len(port) - len(port.lstrip("0123456789"))
    if digits == 0:
        return "it has no port" if not port else f"the port {shown(port)} is not a number"
    if digits < len(port):
        return f"{shown(port[digits:])} follows the port"
    if len(port) > len(str(MAX_PORT)) or not 1 <= int(port) <= MAX_PORT:
        return f"the port {shown(port)} is not 1 to {MAX_PORT:,}"
    return None


@contextlib.contextmanager
def connected(spec: str, workers: int | None = None) -> Iterator[Client]:
    """A client of the cluster `spec` names (see parse), with its workers up."""
    kind, value = parse(spec)
    cluster = None
    try:
        if kind == "local":
            assert isinstance(value, int)
            cluster = LocalCluster(
                n_workers=value,
                threads_per_worker=1,
                processes=True,
                # No dashboard; the scheduler's HTTP server (health and metrics) on a free
                # loopback port: dashboard_address=None would still take port 8787, and
                # warn ("Port 8787 is already in use") where another cluster holds it.
                dashboard_address="127.0.0.1:0",
                scheduler_kwargs={"dashboard": False},
                scheduler_port=0,
                memory_limit=0,  # our guard watches memory; Dask's would pause at 80%
            )
            client = Client(cluster, timeout=CONNECT_SECONDS)
        else:
            client = Client(value, timeout=CONNECT_SECONDS)
            client.wait_for_workers(workers or 1, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError) as error:
        raise ClusterFailed(
            f"cannot reach the Dask cluster {shown(spec, 200)}: {error}; start a scheduler "
            f"(`dask scheduler`) and workers (`dask worker ADDRESS`), or use local:N"
        ) from None
    client_log, hush = logging.getLogger("distributed.client"), _SchedulerLost()
    client_log.addFilter(hush)
    try:
        yield client
    finally:
        with _quiet_close():
            with contextlib.suppress(Exception):
                client.close(timeout=CLOSE_SECONDS)
            if cluster is not None:
                with contextlib.suppress(Exception):
                    cluster.close(timeout=CLOSE_SECONDS)
        client_log.removeFilter(hush)


class _SchedulerLost(logging.Filter):
    """The client's own log of losing its scheduler ("Failed to reconnect to scheduler", and
    a traceback of CancelledError for each call it cut short): the build's cluster_error
    says it (scheduler_lost), in one line or one JSON object."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.getMessage().startswith(RECONNECT_FAILED):
            return False
        kind = record.exc_info[0] if record.exc_info else None
        return not (kind is not None and issubclass(kind, LOST))


class _KilledOnClose(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith(KILLED_ON_CLOSE)


@contextlib.contextmanager
def _quiet_close() -> Iterator[None]:
    """While the cluster closes (the client first, then a local cluster), drop the nanny's
    KILLED_ON_CLOSE warning, that message only: any other warning or error stays visible."""
    nanny, hush = logging.getLogger("distributed.nanny"), _KilledOnClose()
    nanny.addFilter(hush)
    try:
        yield
    finally:
        nanny.removeFilter(hush)


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
                _with_local, self.token, task, *args, workers=[owner], pure=False, retries=0
            )
            for owner, args in zip(self.owners, per_owner)
        ]
        return _gathered(self.client, futures, self.owners, "writing its rows")

    def peak_memory(self) -> dict[str, int]:
        """Each worker's peak resident memory so far, in bytes; none if the scheduler is gone
        (asked once the build is stored: a figure for benchmarks, not worth failing it)."""
        try:
            return self.client.run(_peak_rss)
        except Exception:
            return {}

    def release(self) -> None:
        with contextlib.suppress(Exception):
            self.client.run(_drop, self.token)


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
            _start,
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
    _gathered(client, setup, owners, "starting")
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
        summaries = _gathered(
            client,
            [
                client.submit(_summary, token, len(histogram), workers=[o], pure=False)
                for o in owners
            ],
            owners,
            "summing up",
        )
    except BaseException:
        with contextlib.suppress(Exception):
            client.run(_drop, token)
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
        met = [client.submit(_meet, token, workers=[o], pure=False, retries=0) for o in owners]
        numbered = numbers.number(_gathered(client, met, owners, f"meeting depth {depth}'s moves"))
    expanded = [
        client.submit(
            _expand, token, depth, lowest_parent, numbered, workers=[o], pure=False, retries=0
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
            _merge,
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
    counts = _gathered(client, merged, owners, f"finding depth {depth}")
    return sum(c[0] for c in counts), sum(c[1] for c in counts)


def _gathered(client: Client, futures: list, owners: list[str], doing: str) -> list:
    """The futures' results; a ClusterFailed as soon as an owner has left the cluster (its
    states are gone with it: the build cannot go on) or a task failed in a worker."""
    while True:
        with scheduler_lost(doing), contextlib.suppress(TimeoutError):
            wait(futures, timeout=POLL_SECONDS)
        for future in futures:
            if future.status == "error":
                error = future.exception()
                if isinstance(error, PuzzledbError):
                    raise error
                raise ClusterFailed(
                    f"a worker failed while {doing}: {type(error).__name__}: {error}; "
                    f"nothing was stored"
                )
        if all(future.status == "finished" for future in futures):
            with scheduler_lost(doing):
                return client.gather(futures)
        present = set(worker_addresses(client, doing))
        lost = [o for o in owners if o not in present]
        if lost:
            raise ClusterFailed(
                f"worker {lost[0]} left the Dask cluster while {doing} (it held part of the "
                f"search); the build stopped and nothing was stored: the database holds what "
                f"it held before"
            )


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


# -- what runs on the workers ---------------------------------------------------------------

_OWNED: dict[str, _Owner] = {}


@dataclass
class _Owner:
    codec: Codec
    cuts: np.ndarray
    low: int
    high: int | None
    #: the earlier layers new states are compared with (see _compared)
    earlier: str
    guard: MemoryGuard
    layers: list[np.ndarray]
    layer_moves: list[np.ndarray]
    layer_counts: list[counting.Limbs]
    branching: float = 4.0
    #: the current layer's expansion, met before its moves are numbered (codec.meet)
    met: Any = None


def _start(
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


def _meet(token: str) -> Any:
    """What this owner's part of the current layer meets that the client numbers for all
    (codec.meet): the expansion is kept for _expand."""
    owner = _OWNED[token]
    _guard(owner)
    codec = numbering(owner.codec)
    assert codec is not None
    owner.met = codec.meet(owner.layers[-1], owner.layer_moves[-1])
    return owner.met.met


def _expand(token: str, depth: int, lowest_parent: bool, numbered: Any = None) -> list:
    """This owner's children of depth - 1, de-duplicated, cut by owner: N parts of (states,
    moves, counts). `numbered`: the codes of the moves the owners met (_meet), to learn."""
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
    """The owner's codec, whose next expansion is the one _meet made (its moves numbered
    since): handed out once, so that _children frees it as it does its own."""

    def __init__(self, codec: Codec, met: Any):
        self._codec, self._met = codec, met

    def __getattr__(self, name: str) -> Any:
        return getattr(self._codec, name)

    def expansion(self, codes: np.ndarray, came_by: np.ndarray | None = None) -> Any:
        met, self._met = self._met, None
        return met


def _merge(
    token: str, depth: int, k: int, lowest_parent: bool, *parts: Distinct
) -> tuple[int, int]:
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


def _summary(token: str, depths: int) -> tuple[int, int, list[str]]:
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


def _with_local(token: str, task: Callable[..., Done], *args: object) -> Done:
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


def _drop(token: str) -> None:
    _OWNED.pop(token, None)


def _peak_rss() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
