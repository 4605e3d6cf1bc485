"""Every row of one build, a batch at a time: what `puzzledb export` writes.

It reads the build's own `nodes_<id>` table rather than the `states` view: the table is keyed
by state, so "in state order" is a walk of its primary key with no sort, and the predecessor is
derived the same way the view derives it. A build of classes (db.class_rows) comes by class:
its stored rows in state order, each followed by its class's other positions, every class's
positions in text order; putting every position in one order would sort the whole build.
"""

from __future__ import annotations

from collections.abc import Iterator

from . import class_rows, schema
from .connection import Readable
from .queries import Build, count, nodes

BATCH = 5000
COLUMNS = ("state", "depth", "pred", "move", "solutions")


def rows_sql(build: Build, one_depth: bool = False) -> str:
    """The rows in state order; with `one_depth`, those at the depth bound to :depth (the
    depth index holds them in state order, so that is no sort either)."""
    pred = schema.pred_expression(
        "n.state",
        "n.move",
        build.rows * build.cols,
        "n.pred" if build.stores_pred else None,
        "m" if schema.derives_by_flips(build.kind, build.stores_pred) else None,
    )
    where = "WHERE n.depth = :depth " if one_depth else ""
    return (
        f"SELECT n.state, n.depth, {pred}, m.label, n.solutions FROM {build.node_table} AS n "
        f"LEFT JOIN moves AS m ON m.puzzle_id = {int(build.id)} AND m.code = n.move "
        f"{where}ORDER BY n.state"
    )


def batches(
    database: Readable, build: Build, size: int = BATCH, depth: int | None = None
) -> Iterator[list[tuple]]:
    """(state, depth, pred, move, solutions) tuples, `size` at a time, of every state or of
    those at `depth`; pred and move are None at the goal. Only one batch is in memory at
    once."""
    with database.connection() as conn:
        one_depth = depth is not None
        nodes(conn, build)  # a cluster build's shards, attached
        bound = {"depth": depth} if one_depth else {}
        if build.classes is not None:
            images = class_rows.ClassImages.read(conn, build)
            stored = conn.execute(stored_rows_sql(build, one_depth), bound)
            yield from class_rows.batches(_fetched(stored, size), images, size)
            return
        result = conn.execute(rows_sql(build, one_depth), bound)
        while rows := result.fetchmany(size):
            yield [(*r[:4], count(r[4])) for r in rows]  # a count past 64 bits is text


def stored_rows_sql(build: Build, one_depth: bool = False) -> str:
    """A build of classes' stored rows as db.class_rows expands them, in state order."""
    where = "WHERE depth = :depth " if one_depth else ""
    return (
        f"SELECT state, depth, move, solutions, fixed FROM {build.node_table} {where}ORDER BY state"
    )


def _fetched(result, size: int) -> Iterator[list[tuple]]:
    while rows := result.fetchmany(size):
        yield rows
