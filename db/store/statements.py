"""A build's rows through SQLite's own statements: multi-row INSERTs in key order, the next
chunks made in a thread meanwhile, and the depth index sorted once they are all in.

The way every build takes but a big one into a new file (db.store.as_pages,
db.store.two_writers), and the rows the page writer refuses; a cluster's workers write their
shards so too (db.cluster.write).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Generator, Iterable, Iterator
from queue import Full, Queue
from threading import Event, Thread
from typing import TypeVar

from puzzledb.builder.search.progress import Progress
from puzzledb.builder.search.result import SearchResult

CHUNK_ROWS = 50_000
ROWS_PER_INSERT = 100
#: The page cache while sorting the depth index, in KiB (see create_index).
INDEX_SORT_KIB = 65536

#: One chunk of rows ready to bind, or anything else _prefetch hands on.
Chunk = TypeVar("Chunk")


def insert_rows(
    conn: sqlite3.Connection,
    table: str,
    result: SearchResult,
    progress: Progress,
    part: tuple[int, int] = (0, 1),
    others: Callable[[], int] = lambda: 0,
) -> None:
    """Stream this part of the rows into `table`; `others()` counts rows another writer
    stored meanwhile, for the progress shown."""
    cursor = conn.cursor()
    try:
        write_rows(
            cursor,
            lambda written: progress.rows(written + others(), result.rows),
            table=table,
            result=result,
            part=part,
        )
    finally:
        cursor.close()


def write_rows(
    cursor: sqlite3.Cursor,
    report: Callable[[int], None],
    *,
    table: str,
    result: SearchResult,
    part: tuple[int, int] = (0, 1),
) -> None:
    """Stream rows in key order through a DB-API cursor: the one hot loop of a build.

    Each statement inserts ROWS_PER_INSERT rows: that halves SQLite's per-statement cost
    compared with one row per execution. `report(rows)` hears how many are written.
    """
    width = 4 + bool(result.stores_pred) + bool(result.symmetries)
    written = 0
    chunks = _prefetch(_flattened(result, width, part))
    try:
        for count, flat in chunks:
            step = ROWS_PER_INSERT * width
            whole = count // ROWS_PER_INSERT * step
            if whole:
                cursor.executemany(
                    _multi_insert(table, width, ROWS_PER_INSERT),
                    (flat[i : i + step] for i in range(0, whole, step)),
                )
            if whole < len(flat):
                cursor.execute(_multi_insert(table, width, count % ROWS_PER_INSERT), flat[whole:])
            written += count
            report(written)
    finally:
        chunks.close()  # now, not when the traceback lets go: stops the row-making thread


def create_index(conn: sqlite3.Connection, ddl: str) -> None:
    """Sort the depth index with helper threads: SQLite's sorter then sorts and merges runs
    on the other cores while this one reads the table. Smaller runs (a smaller cache while
    sorting) sort faster than a few big ones: they stay in the processor's caches."""
    [(cache,)] = conn.execute("PRAGMA cache_size").fetchall()
    conn.execute(f"PRAGMA threads = {min(4, os.cpu_count() or 1)}")
    conn.execute(f"PRAGMA cache_size = {-INDEX_SORT_KIB}")
    conn.execute(ddl)
    # Not in a `finally`: after a failure the transaction rolls back and the writer is closed,
    # so a statement here could only hide the failure (an interruption) behind its own error.
    conn.execute(f"PRAGMA cache_size = {cache}")
    conn.execute("PRAGMA threads = 0")


def _flattened(
    result: SearchResult, width: int, part: tuple[int, int] = (0, 1)
) -> Iterator[tuple[int, list]]:
    """(rows, [row 1 values..., row 2 values..., ...]) per chunk, ready to bind."""
    for columns in result.chunks(CHUNK_ROWS, part):
        count = len(columns[0])
        flat: list = [None] * (count * width)
        for i, column in enumerate(columns):
            flat[i::width] = column
        yield count, flat


def _prefetch(chunks: Iterable[Chunk], depth: int = 2) -> Generator[Chunk, None, None]:
    """Make the next chunks in a thread while SQLite stores this one (it releases the GIL).

    When the consumer stops early (an interrupted build), so does the thread: it would
    otherwise wait forever on a full queue, holding the search result.
    """
    queue: Queue = Queue(maxsize=depth)
    done, stop = object(), Event()

    def put(item: object) -> bool:
        while not stop.is_set():
            try:
                queue.put(item, timeout=0.05)
                return True
            except Full:
                continue
        return False

    def produce() -> None:
        try:
            for chunk in chunks:
                if not put(chunk):
                    return
            put(done)
        except BaseException as error:  # hand it to the consumer, which re-raises it
            put(error)

    thread = Thread(target=produce, daemon=True, name="puzzledb-rows")
    thread.start()
    try:
        while (item := queue.get()) is not done:
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        stop.set()
        thread.join()


def _multi_insert(table: str, width: int, rows: int) -> str:
    row = "(" + ", ".join("?" * width) + ")"
    return f"INSERT INTO {table} VALUES " + ", ".join([row] * rows)
