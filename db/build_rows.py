"""Every row of one build, in state order, a batch at a time: what `puzzledb export` writes.

It reads the build's own `nodes_<id>` table rather than the `states` view: the table is keyed
by state, so "in state order" is a walk of its primary key with no sort, and the predecessor is
derived the same way the view derives it.
"""

from __future__ import annotations

from collections.abc import Iterator

from . import schema
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
        result = conn.execute(rows_sql(build, one_depth), {"depth": depth} if one_depth else {})
        while rows := result.fetchmany(size):
            yield [(*r[:4], count(r[4])) for r in rows]  # a count past 64 bits is text
