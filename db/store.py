"""Writing a finished search into the database as one transaction.

Everything a build changes (its node table, its rows in puzzles, moves and layers, the old
build it replaces, the views) happens between one BEGIN and one COMMIT. If the process is
interrupted or killed anywhere before COMMIT, SQLite discards it all and the file answers
exactly as before; readers see the old build until the instant of COMMIT.

A big build into a new file is the one exception: no reader can see that file until it is
complete and linked into place, so it commits twice. Its node table and depth index are made
empty and committed, written as pages by db.pages with the file closed, and the build then
finished; or (rows db.pages refuses, a build below its size but worth a second writer) once
its lower half of the rows is in and once the side file of a second writer (db.side_writer)
has been copied in after it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sqlite3
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from queue import Full, Queue
from threading import Event, Thread
from typing import Protocol, TypeVar

from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.builder.puzzle import Move, Puzzle
from puzzledb.builder.search.progress import Progress
from puzzledb.builder.search.result import SearchResult, for_sql
from puzzledb.builder.symmetry import images as symmetry

from . import schema, side_writer
from .connection import Writer, at_rest, check_before_writing, check_ours, writer
from .pages import nodes as pages

CHUNK_ROWS = 50_000
#: Ends the name of the side file a second writer fills beside a new file (db.side_writer).
SIDE_SUFFIX = "-rows"
ROWS_PER_INSERT = 100
#: The page cache while sorting the depth index, in KiB (see _create_index).
INDEX_SORT_KIB = 65536

#: One chunk of rows ready to bind, or anything else _prefetch hands on.
Chunk = TypeVar("Chunk")


class Save(Protocol):
    """How save_build_to stores a result through a file's writer: save_build, or
    db.cluster.write's own."""

    def __call__(
        self,
        db: Writer,
        puzzle: Puzzle,
        result: SearchResult,
        started: float,
        progress: Progress | None,
        side_file: Path | None = None,
    ) -> dict: ...


def save_build(
    db: Writer,
    puzzle: Puzzle,
    result: SearchResult,
    started: float,
    progress: Progress | None = None,
    side_file: Path | None = None,
) -> dict:
    """Store `result` (a builder SearchResult) for `puzzle`; return the new puzzles row.

    `started` is the time.perf_counter() at which the build began, so build_seconds covers the
    search and the store; the row keeps the wall-clock times too: started_at (the search's
    start), built_at (storing began) and finished_at (its last statement before COMMIT).
    `progress` (a builder.search.progress.Progress) hears of rows and stages.

    `side_file` is for a file no reader can see until the build is complete: there a second
    process may write half of a big build's rows into that path (db.side_writer), and the
    build then commits twice, the lower half of the rows first.
    """
    progress = progress or Progress()
    if side_file is not None and pages.worthwhile(result.rows):
        return _save_as_pages(db, puzzle, result, started, progress, side_file)
    if side_file is not None and side_writer.worthwhile(result.rows):
        return _save_with_two_writers(db, puzzle, result, started, progress, side_file)
    with db.begin() as conn:
        row = begin_build(conn, puzzle, result)
        _insert_rows(conn, row["node_table"], result, progress)
        finish_build(conn, row, result, started, progress)
    return row


def _save_as_pages(
    db: Writer,
    puzzle: Puzzle,
    result: SearchResult,
    started: float,
    progress: Progress,
    side_file: Path,
) -> dict:
    """save_build for a new file no one can open yet: SQLite makes the node table and its
    depth index empty and commits; with the file closed, db.pages writes both as pages (a
    second process making the upper half's leaves far along the file, for a big build, its
    streams left in `side_file`); then the build is finished through SQLite. Rows or a file
    db.pages refuses (leaving the file as it was) are stored through SQLite instead, the
    index sorted after them."""
    with db.begin() as conn:
        row = begin_build(conn, puzzle, result)
        table = row["node_table"]
        index = f"{table}_by_depth"
        conn.execute(schema.node_index_ddl(table))
        roots: dict[str, int] = dict(
            conn.execute(
                "SELECT name, rootpage FROM sqlite_master WHERE tbl_name = ?", (table,)
            ).fetchall()
        )
        path = Path(conn.execute("PRAGMA database_list").fetchone()[2])
    db.close()  # closed: nothing of SQLite's holds a page of the file
    try:
        pages.write(
            path,
            roots[table],
            roots[index],
            result,
            lambda written: progress.rows(written, result.rows),
            side=side_file,
        )
    except pages.RecordRefused:  # the file is as SQLite left it: the rows go through SQLite
        with db.begin() as conn:
            conn.execute(f"DROP INDEX {index}")  # sorted once the rows are in
            _insert_rows(conn, table, result, progress)
            finish_build(conn, row, result, started, progress)
        return row
    with db.begin() as conn:
        finish_build(conn, row, result, started, progress, index=False)
    return row


def _save_with_two_writers(
    db: Writer,
    puzzle: Puzzle,
    result: SearchResult,
    started: float,
    progress: Progress,
    side_file: Path,
) -> dict:
    """save_build with a second writer: the lower half of the rows committed first, then the
    side file's upper half copied in. However it ends, the side file goes."""
    try:
        with db.begin() as conn:
            row = begin_build(conn, puzzle, result)
            table = row["node_table"]
            ddl = schema.node_table_ddl(table, result.stores_pred, bool(result.symmetries))
            with side_writer.started(
                side_file, ddl, partial(write_rows, table=table, result=result, part=(1, 2))
            ) as side:
                _insert_rows(conn, table, result, progress, part=(0, 2), others=side.written)
                side.wait()
                progress.rows(result.states, result.states)
        db.connection.execute("ATTACH DATABASE ? AS side", (str(side_file),))
        with db.begin() as conn:
            progress.stage("copying the upper half")
            conn.execute(f"INSERT INTO main.{table} SELECT * FROM side.{table}")
            finish_build(conn, row, result, started, progress)
        return row
    finally:
        with contextlib.suppress(sqlite3.Error):
            db.connection.execute("DETACH DATABASE side")
        side_file.unlink(missing_ok=True)


def begin_build(conn: sqlite3.Connection, puzzle: Puzzle, result: SearchResult) -> dict:
    """The schema, the old build dropped, the new puzzles row and its empty node table."""
    definition = json.dumps(puzzle.spec(), ensure_ascii=False)
    create_schema(conn)
    _drop_named(conn, puzzle.name, result.goal)
    _drop_other_definitions(conn, puzzle.name, definition)
    row = {
        "name": puzzle.name,
        "goal": result.goal,
        "title": puzzle.title,
        "kind": puzzle.kind,
        "rows": puzzle.rows,
        "cols": puzzle.cols,
        "states": result.states,
        "max_depth": result.max_depth,
        "radius": result.radius,
        "built_at": _utc(datetime.now(UTC)),  # storing begins
        "build_seconds": 0.0,
        "node_table": "",
        "stores_pred": int(result.stores_pred),
        "definition": definition,
        "max_solutions": for_sql([result.most_solutions])[0],
        "max_solutions_states": result.most_solved_count,
        "classes": result.rows if result.symmetries else None,
    }
    [(build_id,)] = conn.execute(
        "INSERT INTO puzzles (name, goal, title, kind, rows, cols, states, "
        "max_depth, radius, built_at, build_seconds, node_table, stores_pred, definition, "
        "max_solutions, max_solutions_states, classes) "
        "VALUES (:name, :goal, :title, :kind, :rows, :cols, :states, :max_depth, :radius, "
        ":built_at, :build_seconds, :node_table, :stores_pred, :definition, "
        ":max_solutions, :max_solutions_states, :classes) "
        "RETURNING id",
        row,
    ).fetchall()
    table = row["node_table"] = f"nodes_{build_id}"
    row["id"] = build_id
    conn.execute("UPDATE puzzles SET node_table = :t WHERE id = :id", {"t": table, "id": build_id})
    conn.execute(schema.node_table_ddl(table, result.stores_pred, bool(result.symmetries)))
    return row


def finish_build(
    conn: sqlite3.Connection,
    row: dict,
    result: SearchResult,
    started: float,
    progress: Progress,
    index: bool = True,
) -> None:
    """With every row in: the depth index (unless it is made already), the build's moves,
    layers and most solved states, the views, and the build's time."""
    build_id, table = row["id"], row["node_table"]
    if index:
        progress.stage("indexing depths")
        _create_index(conn, schema.node_index_ddl(table))
    progress.stage("committing")
    if result.moves:  # none when no move leads to the goal (a full peg board): one state
        conn.executemany(
            "INSERT INTO moves (puzzle_id, code, label, cell_a, cell_b, cell_c) "
            "VALUES (:id, :code, :label, :a, :b, :c)",
            [
                {"id": build_id, "code": code, "label": move.label, **_move_cells(move)}
                for code, move in sorted(result.moves.items())
            ],
        )
    conn.executemany(
        "INSERT INTO layers (puzzle_id, depth, states) VALUES (:id, :depth, :states)",
        [{"id": build_id, "depth": d, "states": n} for d, n in enumerate(result.histogram)],
    )
    conn.executemany(
        "INSERT INTO most_solved (puzzle_id, state) VALUES (:id, :state)",
        [{"id": build_id, "state": state} for state in result.most_solved],
    )
    if result.symmetries:
        _save_symmetries(conn, build_id, result)
    rewrite_views(conn)
    # The last statement before COMMIT: the build's end, and its start (the search's) as far
    # before it as build_seconds measured on the monotonic clock.
    seconds = time.perf_counter() - started
    finished = datetime.now(UTC)
    row["build_seconds"] = round(seconds, 3)
    row["started_at"] = _utc(finished - timedelta(seconds=seconds))
    row["finished_at"] = _utc(finished)
    conn.execute(
        "UPDATE puzzles SET build_seconds = :s, started_at = :started, "
        "finished_at = :finished WHERE id = :id",
        {
            "s": row["build_seconds"],
            "started": row["started_at"],
            "finished": row["finished_at"],
            "id": build_id,
        },
    )


def _utc(moment: datetime) -> str:
    """A time as every column of puzzles keeps it: UTC, ISO 8601, to the second."""
    return moment.isoformat(timespec="seconds")


def _save_symmetries(conn: sqlite3.Connection, build_id: int, result: SearchResult) -> None:
    """What a build of classes needs to show every state: its symmetries, each move seen
    through each, and the distinct images of a state by what symmetries fix it."""
    symmetries = result.symmetries
    conn.executemany(
        "INSERT INTO symmetries (puzzle_id, symmetry, takes) VALUES (:id, :k, :takes)",
        [{"id": build_id, "k": k, "takes": json.dumps(list(t))} for k, t in enumerate(symmetries)],
    )
    conn.executemany(
        "INSERT INTO move_images (puzzle_id, symmetry, code, image) "
        "VALUES (:id, :k, :code, :image)",
        [
            {"id": build_id, "k": k, "code": code, "image": image}
            for k, images in enumerate(result.move_images)
            for code, image in enumerate(images)
        ],
    )
    conn.executemany(
        "INSERT INTO class_images (puzzle_id, fixed, symmetry) VALUES (:id, :fixed, :k)",
        [
            {"id": build_id, "fixed": fixed, "k": k}
            for fixed in symmetry.stabilizer_marks(symmetries)
            for k in symmetry.distinct_images(symmetries, fixed)
        ],
    )


def save_build_to(
    path: Path,
    puzzle: Puzzle,
    result: SearchResult,
    started: float,
    progress: Progress | None = None,
    save: Save = save_build,
) -> dict:
    """Store `result` in the file at `path`, creating it if need be (`save`, save_build or
    db.cluster.write' own, does it through the file's writer).

    An existing file is changed in one WAL transaction (save_build). A file that does not
    exist yet has nothing to protect, so it is written beside its name without a journal
    (half the disk writes of WAL, which copies every page twice) and linked into place only
    when complete: killed part way, it leaves no database, exactly as before.
    """
    check_before_writing(path)
    _remove_abandoned(path)  # in place too: the file may have been published meanwhile
    if path.exists():
        return _in_place(path, puzzle, result, started, progress, save)
    building = path.with_name(f".{path.name}.building-{os.getpid()}")
    building.unlink(missing_ok=True)
    db = writer(building, journal="OFF")
    try:
        row = save(
            db,
            puzzle,
            result,
            started,
            progress,
            side_file=building.with_name(building.name + SIDE_SUFFIX),
        )
        db.close()  # the file stays in rollback mode: any reader can open it read-only
        fsync(building)
        try:
            os.link(building, path)  # fails rather than replace a file made meanwhile
        except FileExistsError:
            return _in_place(path, puzzle, result, started, progress, save)
        fsync(path.parent)
        return row
    finally:
        db.close()
        building.unlink(missing_ok=True)


def _in_place(
    path: Path,
    puzzle: Puzzle,
    result: SearchResult,
    started: float,
    progress: Progress | None,
    save: Save = save_build,
) -> dict:
    """One WAL transaction into an existing file; afterwards, stored or not, the file goes
    back to rollback journal mode, as it was before the build. When it cannot (a full disk),
    the row returned says why in `not_at_rest`: the build is stored, its pages in the -wal."""
    progress = progress or Progress()
    where = shown(str(path), PATH_SHOWN)
    waiting = f"waiting for another build of {where} to finish"
    reading = f"waiting for the readers of {where} to finish their reads"
    db = writer(
        path,
        waiting=partial(progress.waiting, waiting),
        reading=partial(progress.waiting, reading),
    )
    try:
        row = save(db, puzzle, result, started, progress)
    except BaseException as error:
        db.close()
        reason = at_rest(path)  # the build's own error is the one to tell; this, a warning
        if reason is not None:
            error.not_at_rest = reason  # type: ignore[attr-defined]
        raise
    db.close()
    reason = at_rest(path)
    if reason is not None:
        row["not_at_rest"] = reason
    return row


def _remove_abandoned(path: Path) -> None:
    """Partial files left by builds that were killed (their process is gone), with the
    -journal, -wal and -shm files SQLite may have left beside them and a second writer's
    side file. Files named with this
    process's id are a dead process's too (its id reused): this build is about to make its own,
    and a stale journal beside it would be played back into the new file."""
    left = re.compile(
        re.escape(f".{path.name}.building-") + r"(\d+)(-journal|-wal|-shm|" + SIDE_SUFFIX + ")?"
    )
    for left_over in path.parent.glob(f".{path.name}.building-*"):
        match = left.fullmatch(left_over.name)
        if match and (int(match[1]) == os.getpid() or not _alive(int(match[1]))):
            left_over.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def create_schema(conn: sqlite3.Connection) -> None:
    """Our tables in an empty file, or nothing in one that holds our tables already; any
    other file (another program's tables, another schema version) is refused."""
    tables = {
        name for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    }
    check_ours(conn, tables, "this file")
    for ddl in schema.TABLES:
        conn.execute(ddl)
    for table, column, kind in schema.ADDED_COLUMNS:
        present = {c for _, c, *_ in conn.execute(f"PRAGMA table_info({table})")}
        if column not in present:
            conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")
    conn.execute(f"PRAGMA user_version = {schema.VERSION}")


def _drop_named(conn: sqlite3.Connection, name: str, goal: str) -> None:
    old = conn.execute(
        "SELECT id, node_table FROM puzzles WHERE name = :name AND goal = :goal",
        {"name": name, "goal": goal},
    ).fetchone()
    if old is not None:
        drop_build(conn, old)


def _drop_other_definitions(conn: sqlite3.Connection, name: str, definition: str) -> None:
    """A puzzle redefined under the same name makes its builds under the old rules stale."""
    stale = conn.execute(
        "SELECT id, node_table FROM puzzles WHERE name = :name AND definition != :d",
        {"name": name, "d": definition},
    ).fetchall()
    for old in stale:
        drop_build(conn, old)


def drop_build(conn: sqlite3.Connection, old: sqlite3.Row) -> None:
    """Everything the build `old` (its id and node_table) wrote."""
    for table in (
        "moves",
        "layers",
        "most_solved",
        "shards",
        "symmetries",
        "move_images",
        "class_images",
    ):
        conn.execute(f"DELETE FROM {table} WHERE puzzle_id = :id", {"id": old["id"]})
    conn.execute("DELETE FROM puzzles WHERE id = :id", {"id": old["id"]})
    # Drop the views first: they name the old table.
    conn.execute("DROP VIEW IF EXISTS states")
    conn.execute("DROP VIEW IF EXISTS farthest")
    conn.execute(f"DROP TABLE IF EXISTS {old['node_table']}")  # in shards: not here


def _insert_rows(
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


def _create_index(conn: sqlite3.Connection, ddl: str) -> None:
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


def _move_cells(move: Move) -> dict:
    """The cells a move swaps (a < b), or the three it flips (a < b < c), else none."""
    if move.swap:
        return {"a": move.swap[0], "b": move.swap[1], "c": None}
    if move.flips:
        return dict(zip("abc", sorted(move.flips)))
    return {"a": None, "b": None, "c": None}


def rewrite_views(conn: sqlite3.Connection) -> None:
    """The views over every build; a build of classes brings its symmetries, which its arms
    spell out (db.schema.states_view)."""
    builds = [
        dict(b)
        for b in conn.execute(
            f"SELECT id, name, goal, node_table, stores_pred, max_depth, "
            f"rows * cols AS cells, classes, {schema.FLIPS} "
            f"FROM puzzles ORDER BY id"
        ).fetchall()
    ]
    for build in builds:
        if build["classes"] is not None:
            build["symmetries"] = [
                json.loads(takes)
                for (takes,) in conn.execute(
                    "SELECT takes FROM symmetries WHERE puzzle_id = :id ORDER BY symmetry",
                    {"id": build["id"]},
                )
            ]
    for ddl in schema.states_view(builds):
        conn.execute(ddl)
