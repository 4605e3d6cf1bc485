"""One build on a Dask cluster, end to end: the layered search on the cluster's workers
(builder.search.cluster), then each worker's rows into its shard and the manifest into the
main file (db.cluster.write). Imported only by `puzzledb build --cluster`: Dask loads here only."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from distributed import Client

from puzzledb.builder.core.errors import ClusterFailed, MalformedInput
from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.builder.puzzle import Puzzle
from puzzledb.builder.search import codecs
from puzzledb.builder.search.cluster import connect
from puzzledb.builder.search.cluster import search as cluster_search
from puzzledb.builder.search.layered import Codec
from puzzledb.builder.search.memory import Budget
from puzzledb.builder.search.progress import Progress

from . import read as sharded
from . import write as shards


def build_to(
    path: Path,
    puzzle: Puzzle,
    goal: str,
    started: float | None = None,
    *,
    cluster: str,
    radius: int | None = None,
    progress: Progress | None = None,
    compact: bool = True,
    memory: Budget | None = None,
    on_client: Callable[[Client], object] | None = None,
) -> dict:
    """As db.build.build_to, the search and the writing of rows done by the workers of the
    cluster `cluster` names (local:N or tcp://HOST:PORT). `on_client(client)` is for tests
    and benchmarks: it sees the cluster's client before the search."""
    codec = codec_of(puzzle)
    progress = progress or Progress()
    started = time.perf_counter() if started is None else started
    with connect.connected(cluster) as client:
        if on_client is not None:
            on_client(client)
        _check_shard_count(path, puzzle.name, goal, len(connect.worker_addresses(client)))
        progress.stage("searching on the cluster")
        result = cluster_search.cluster_bfs(
            client,
            codec,
            goal,
            radius,
            progress.layer,
            puzzle.goal_positions(goal),
            memory,
            puzzle.name,
        )
        try:
            result.radius = radius
            result.stores_pred = result.stores_pred or not compact
            row = shards.save_sharded(path, puzzle, result, started, progress)
            row["peak_memory"] = result.peak_memory()
            row["shuffled"] = result.shuffled
        finally:
            result.release()
    progress.done()
    return row


def codec_of(puzzle: Puzzle) -> Codec:
    """The codec the one-machine search packs `puzzle` with (builder.search.codecs); a board it
    cannot pack is malformed here, saying why, before any cluster starts."""
    codec = codecs.cluster_codec_for(puzzle)
    if codec is None:
        raise MalformedInput(
            f"--cluster builds {codecs.not_packed(puzzle)}; build it without --cluster"
        )
    return codec


def _check_shard_count(path: Path, name: str, goal: str, workers: int) -> None:
    """A worker writes a shard, and a reader attaches every shard of the file to its
    connection: refuse, before searching, a build whose file no reader could open."""
    kept, limit = shards.others(path, name, goal), sharded.attachable()
    if workers + kept > limit:
        raise ClusterFailed(
            f"the cluster has {workers} workers, each writing a shard file, and "
            f"{shown(str(path), PATH_SHOWN)} keeps {kept} shard files of other builds; SQLite "
            f"attaches at most {limit} files to a reader's connection: use at most "
            f"{max(limit - kept, 0)} workers, or another --db; nothing was stored"
        )
