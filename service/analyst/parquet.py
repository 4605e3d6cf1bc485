"""A build's rows as Parquet, for DuckDB, pandas and Spark: one file in state order, or a
Hive-style folder partitioned by depth (`depth=0/part-0.parquet`, `depth=1/...`), each
partition in state order (a build of classes: class by class, as db.export_rows reads it).

Columns as the `states` view: puzzle, goal, state, depth, pred, move, solutions (a partitioned
folder carries depth in its folder names, as Hive does). `solutions` is int64 while every count
of the build fits one (puzzles.max_solutions says so before a row is read), else a string of
the exact decimal count for every row: a reader casts it where it needs arithmetic, and no
count is rounded, whatever its size.

Rows go from SQLite a batch at a time into Arrow record batches, written as row groups of
ROW_GROUP rows: memory holds one row group, never the table. pyarrow is the optional extra
`cluster` and is imported here only, when a Parquet export starts.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import IO, Any

from puzzledb.builder.search.result import SQL_INT_MAX
from puzzledb.db import export_rows, queries
from puzzledb.db.connection import Readable
from puzzledb.db.queries import Build
from puzzledb.service.errors import MissingExtra

#: How to install pyarrow, part of the optional extra `parquet` (with DuckDB, to read it back).
INSTALL = "pip install 'puzzledb[parquet]' (or '.[parquet]' in a checkout)"
#: Rows in one row group: large enough for a reader's column scans (DuckDB reads row groups in
#: parallel), small enough that a group in Arrow's columns stays a few megabytes.
ROW_GROUP = 100_000
#: Partition folders are named depth=N; each holds one file.
PARTITION_FILE = "part-0.parquet"
#: A pyarrow object (schema, writer, record batch): Any, as pyarrow ships no types.
Arrow = Any


def pyarrow_modules() -> tuple[ModuleType, ModuleType]:
    """(pyarrow, pyarrow.parquet), or MissingExtra naming the extra to install."""
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise MissingExtra(
            f"--format parquet needs pyarrow, which is not installed: {INSTALL}"
        ) from None
    return pyarrow, pyarrow.parquet


def write_file(out: IO[bytes], database: Readable, build: Build) -> int:
    """Every row of `build` in state order into `out`; returns how many."""
    pa, pq = pyarrow_modules()
    schema = _schema(pa, build, with_depth=True)
    with pq.ParquetWriter(out, schema) as writer:
        return _write_groups(pa, writer, schema, build, export_rows.batches(database, build))


def write_partitions(folder: Path, database: Readable, build: Build) -> int:
    """Every row of `build` into `folder`/depth=N/part-0.parquet, one depth at a time, each in
    state order; returns how many."""
    pa, pq = pyarrow_modules()
    schema = _schema(pa, build, with_depth=False)
    with database.connection() as conn:
        histogram = queries.histogram(conn, build)
    count = 0
    for depth, states in enumerate(histogram):
        if not states:
            continue
        partition = folder / f"depth={depth}"
        partition.mkdir()
        with pq.ParquetWriter(partition / PARTITION_FILE, schema) as writer:
            batches = export_rows.batches(database, build, depth=depth)
            count += _write_groups(pa, writer, schema, build, batches)
    return count


def is_partitioned_export(folder: Path) -> bool:
    """Whether `folder` holds nothing but what write_partitions writes (so replacing it loses
    nothing else): depth=N folders of .parquet files."""
    for entry in folder.iterdir():
        if not (entry.is_dir() and not entry.is_symlink() and _is_depth_name(entry.name)):
            return False
        if any(not (f.is_file() and f.suffix == ".parquet") for f in entry.iterdir()):
            return False
    return True


def _is_depth_name(name: str) -> bool:
    key, _, value = name.partition("=")
    return key == "depth" and value.isdigit()


def _schema(pa: ModuleType, build: Build, with_depth: bool) -> Arrow:
    exact = pa.int64() if build.max_solutions <= SQL_INT_MAX else pa.string()
    fields = [
        pa.field("puzzle", pa.string(), nullable=False),
        pa.field("goal", pa.string(), nullable=False),
        pa.field("state", pa.string(), nullable=False),
        pa.field("depth", pa.int32(), nullable=False),
        pa.field("pred", pa.string()),
        pa.field("move", pa.string()),
        pa.field("solutions", exact, nullable=False),
    ]
    if not with_depth:
        fields = [f for f in fields if f.name != "depth"]
    return pa.schema(fields)


def _write_groups(
    pa: ModuleType, writer: Arrow, schema: Arrow, build: Build, batches: Iterable[list[tuple]]
) -> int:
    """Batches of rows as record batches, written ROW_GROUP rows to a row group."""
    as_text = pa.types.is_string(schema.field("solutions").type)
    held: list[Any] = []
    rows = count = 0
    for batch in batches:
        held.append(_record_batch(pa, schema, build, batch, as_text))
        rows += len(batch)
        if rows >= ROW_GROUP:
            writer.write_table(pa.Table.from_batches(held, schema), row_group_size=rows)
            count += rows
            held, rows = [], 0
    if held:
        writer.write_table(pa.Table.from_batches(held, schema), row_group_size=rows)
        count += rows
    return count


def _record_batch(
    pa: ModuleType, schema: Arrow, build: Build, batch: list[tuple], as_text: bool
) -> Arrow:
    states, depths, preds, moves, solutions = zip(*batch)
    columns: dict[str, Any] = {
        "puzzle": pa.array([build.name] * len(batch), pa.string()),
        "goal": pa.array([build.goal] * len(batch), pa.string()),
        "state": pa.array(states, pa.string()),
        "depth": pa.array(depths, pa.int32()),
        "pred": pa.array(preds, pa.string()),
        "move": pa.array(moves, pa.string()),
        "solutions": pa.array(
            [str(n) for n in solutions] if as_text else solutions, schema.field("solutions").type
        ),
    }
    return pa.RecordBatch.from_arrays([columns[name] for name in schema.names], schema=schema)
