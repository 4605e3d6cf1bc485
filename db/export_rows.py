"""Every row of one build, a batch at a time: what `puzzledb export` writes.

It reads the build's own `nodes_<id>` table rather than the `states` view: the table is keyed
by state, so "in state order" is a walk of its primary key with no sort, and the predecessor is
derived the same way the view derives it. A build of classes (db.classes) comes by class: its
stored rows in state order, each class's positions in text order (the stored one first), the
rows the `states` view shows; putting every position in one order would sort the whole build.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from sqlite3 import Cursor

from puzzledb.builder.symmetry.images import image

from . import schema
from .classes import Classes, classes_of
from .connection import Readable
from .queries import Build, count, move_labels, move_rewrites, nodes

BATCH = 5000
COLUMNS = ("state", "depth", "pred", "move", "solutions")


def rows_sql(build: Build, one_depth: bool = False, rewrites: schema.Rewrites = ()) -> str:
    """The rows in state order; with `one_depth`, those at the depth bound to :depth (the
    depth index holds them in state order, so that is no sort either); `rewrites`, the
    build's moves' (queries.move_rewrites)."""
    pred = schema.pred_expression(
        "n.state",
        "n.move",
        build.rows * build.cols,
        "n.pred" if build.stores_pred else None,
        "m" if schema.derives_by_flips(build.flips, build.stores_pred) else None,
        rewrites,
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
            stored = conn.execute(stored_rows_sql(build, one_depth), bound)
            found, labels = classes_of(conn, build), move_labels(conn, build)
            yield from _every_position(_fetched(stored, size), found, labels, size)
            return
        result = conn.execute(rows_sql(build, one_depth, move_rewrites(conn, build)), bound)
        while rows := result.fetchmany(size):
            yield [(*r[:4], count(r[4])) for r in rows]  # a count past 64 bits is text


def stored_rows_sql(build: Build, one_depth: bool = False) -> str:
    """A build of classes' stored rows, in state order, as _images expands them."""
    where = "WHERE depth = :depth " if one_depth else ""
    return (
        f"SELECT state, depth, move, solutions, fixed FROM {build.node_table} {where}ORDER BY state"
    )


def _fetched(result: Cursor, size: int) -> Iterator[list[tuple]]:
    while rows := result.fetchmany(size):
        yield rows


def _every_position(
    stored: Iterable[list[tuple]], found: Classes, labels: dict[int, str], size: int
) -> Iterator[list[tuple]]:
    """Batches of stored rows as batches of `size` positions (the last may be short)."""
    held: list[tuple] = []
    for batch in stored:
        for row in batch:
            held += _images(row, found, labels)
        while len(held) >= size:
            yield held[:size]
            del held[:size]
    if held:
        yield held


def _images(row: tuple, found: Classes, labels: dict[int, str]) -> list[tuple]:
    """Each distinct image of a stored (state, depth, move, solutions, fixed), in text order,
    as (state, depth, pred, move, solutions): the stored depth and solutions, the stored move
    seen through the symmetry, and the image after that jump as its pred."""
    state, depth, move, solutions, fixed = row
    solutions = count(solutions)
    out: list[tuple] = []
    for k in found.images_of[fixed]:
        seen = image(state, found.takes[k])
        if move is None:  # the goal
            out.append((seen, depth, None, None, solutions))
            continue
        code = found.move_images[k][move]
        pred = list(seen)
        for hole in found.flips[code]:
            pred[hole] = "1" if pred[hole] == "0" else "0"
        out.append((seen, depth, "".join(pred), labels[code], solutions))
    out.sort()
    return out
