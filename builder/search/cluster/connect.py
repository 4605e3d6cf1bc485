"""Connecting to a Dask cluster and losing it: a client of a running scheduler or of a
LocalCluster started here, the addresses of its workers, the waits on its tasks that fail as
ClusterFailed (not Dask's traceback) once the scheduler or a worker is gone, and the close,
quiet about a worker Dask kills as it stops."""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
from collections.abc import Iterator

from distributed import Client, LocalCluster, wait

from ...core.errors import ClusterFailed, PuzzledbError
from ...core.message_text import shown
from .addresses import parse

#: Seconds to reach a scheduler and for its workers to appear.
CONNECT_SECONDS = 30
#: How often a running layer checks that every owner is still in the cluster.
POLL_SECONDS = 0.5
#: Seconds the client, then a local cluster, has to close once the build is over.
CLOSE_SECONDS = 30
#: What Dask's nanny says when a worker it asked to stop is slow to exit and it kills it:
#: after a build, whose rows are stored, that kill loses nothing (a busy machine, or a
#: worker freeing its layers, takes longer than Dask's fixed 4 s), yet reads as a failure.
KILLED_ON_CLOSE = "Worker process still alive after"


#: What Dask's client logs when its scheduler is gone for good.
RECONNECT_FAILED = "Failed to reconnect to scheduler"


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


def gathered(client: Client, futures: list, owners: list[str], doing: str) -> list:
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
