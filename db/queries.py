"""Every read puzzledb makes: one query layer for the CLI, the HTTP service and the page.

All answers are index lookups over a finished build; nothing searches at query time. A path
is one recursive SQL statement that follows predecessors from the state to the goal. The read
path is the standard library's sqlite3, as in Datasette and sqlite-utils: a lookup pays for
no query builder it does not use.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from sqlite3 import Connection, OperationalError
from typing import overload

from puzzledb.builder.move_codes import swapped_cells

from . import schema
from .build_row import Build
from .cluster import read as sharded
from .kept import PerBuild

BUILD_COLUMNS = (
    "id, name, goal, title, kind, rows, cols, states, max_depth, radius, built_at, build_seconds, "
    "node_table, stores_pred, definition, max_solutions, max_solutions_states, classes, "
    f"started_at, finished_at, {schema.FLIPS}"
)
#: The same from files written before columns of db.schema.ADDED_COLUMNS: one whose moves
#: have no `flipped` (schema 6), and one whose puzzles have no started_at and finished_at yet
#: either (they read as NULL).
EARLIER_COLUMNS = (
    BUILD_COLUMNS.replace(schema.FLIPS, schema.EARLIER_FLIPS),
    BUILD_COLUMNS.replace(schema.FLIPS, schema.EARLIER_FLIPS).replace(
        "started_at, finished_at", "NULL AS started_at, NULL AS finished_at"
    ),
)


@lru_cache(maxsize=1024)
def _build_from(values: tuple) -> Build:
    """Builds are immutable and ids never reused (AUTOINCREMENT), so each is parsed once."""
    fields = dict(zip(Build._fields, values))
    fields["stores_pred"] = bool(fields["stores_pred"])
    fields["flips"] = int(fields["flips"])
    fields["max_solutions"] = count(fields["max_solutions"])
    return Build(**fields)


@overload
def count(value: int | str) -> int: ...


@overload
def count(value: None) -> None: ...


def count(value: int | str | None) -> int | None:
    """A stored solution count as an exact integer: counts past 64 bits are kept as text."""
    return int(value) if isinstance(value, str) else value


def _build(row: Iterable[object]) -> Build:
    return _build_from(tuple(row))


HAS_SCHEMA = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'puzzles'"
ALL_BUILDS = "SELECT {columns} FROM puzzles ORDER BY name, id"
BUILDS_OF = "SELECT {columns} FROM puzzles WHERE name = :name ORDER BY id"
FIND_BUILD = "SELECT {columns} FROM puzzles WHERE name = :name AND goal = :goal"
MOVE_LABELS = "SELECT code, label FROM moves WHERE puzzle_id = :id"


def _builds(conn: Connection, sql: str, parameters: dict | None = None) -> list:
    """The rows of `sql` (one of the statements above) over the build columns; in a file
    written before some of them, over EARLIER_COLUMNS."""
    for columns in (BUILD_COLUMNS, *EARLIER_COLUMNS):
        try:
            return conn.execute(sql.format(columns=columns), parameters or {}).fetchall()
        except OperationalError as error:
            if "no such column" not in str(error) or columns == EARLIER_COLUMNS[-1]:
                raise
    raise AssertionError("unreachable")


def has_schema(conn: Connection) -> bool:
    return conn.execute(HAS_SCHEMA).fetchone() is not None


def all_builds(conn: Connection) -> list[Build]:
    if not has_schema(conn):
        return []
    return [_build(r) for r in _builds(conn, ALL_BUILDS)]


def builds_of(conn: Connection, name: str) -> list[Build]:
    if not has_schema(conn):
        return []
    return [_build(r) for r in _builds(conn, BUILDS_OF, {"name": name})]


def built_names(conn: Connection) -> list[str]:
    """The names of the puzzles built in the file, each once, in name order."""
    if not has_schema(conn):
        return []
    return [name for (name,) in conn.execute("SELECT DISTINCT name FROM puzzles ORDER BY name")]


def find_build(conn: Connection, name: str, goal: str) -> Build | None:
    try:
        rows = _builds(conn, FIND_BUILD, {"name": name, "goal": goal})
    except OperationalError:
        if has_schema(conn):
            raise
        return None  # an empty database: nothing is built
    return _build(rows[0]) if rows else None


#: Builds whose move words are kept in memory, the most recently used (db.kept).
MOVE_LABELS_KEPT = 64
_labels: PerBuild[Build, dict[int, str]] = PerBuild(
    MOVE_LABELS_KEPT, lambda conn, build: dict(conn.execute(MOVE_LABELS, {"id": build.id}))
)


def move_labels(conn: Connection, build: Build) -> dict[int, str]:
    """Move code -> words for one build, read once while kept: a build never changes."""
    return _labels.get(conn, build)


def _read_rewrites(conn: Connection, build: Build) -> schema.Rewrites:
    if build.stores_pred:
        return ()
    try:
        rows = conn.execute(
            "SELECT code, rewrite FROM moves WHERE puzzle_id = :id AND rewrite IS NOT NULL "
            "ORDER BY code",
            {"id": build.id},
        ).fetchall()
    except OperationalError as error:  # a file of schema 5 that no build of 6 touched
        if "no such column" not in str(error):
            raise
        return ()
    return tuple((code, schema.rewrite_of(text)) for code, text in rows)


_rewrites: PerBuild[Build, schema.Rewrites] = PerBuild(MOVE_LABELS_KEPT, _read_rewrites)


def move_rewrites(conn: Connection, build: Build) -> schema.Rewrites:
    """(move code, rewrite) of each move of a build whose pred its moves' rewrites derive
    (db.schema.REWRITE); () for any other build. Read once while kept."""
    return _rewrites.get(conn, build)


def nodes(conn: Connection, build: Build) -> str:
    """The name under which `conn` reads `build`'s rows: every query of them names its table
    through here, so a cluster build's shard files are checked and attached on the first
    question that needs them, and only then (db.cluster.read)."""
    sharded.rows_of(conn, build.id)
    return build.node_table


@lru_cache(maxsize=256)
def _path_sql(
    table: str,
    cells: int,
    stores_pred: bool,
    flips_of: int | None = None,
    rewrites: schema.Rewrites = (),
) -> str:
    """Follow predecessors from a state; a derived pred needs no join, only arithmetic (a
    swap's) or its move's rewrite (a CASE of the build's `rewrites`), but a jump's
    (`flips_of` = the build's id) joins its move's three cells.

    Positional parameters: the state and the longest walk allowed.
    """
    if stores_pred:
        next_pred = "walk.pred"
        columns = "step, state, depth, move, pred"
        base, step = (
            "0, state, depth, move, pred",
            "walk.step + 1, n.state, n.depth, n.move, n.pred",
        )
    elif flips_of is not None:
        next_pred = schema.pred_expression("walk.state", "walk.move", cells, None, "m")
        columns = "step, state, depth, move"
        base, step = "0, state, depth, move", "walk.step + 1, n.state, n.depth, n.move"
    else:
        next_pred = schema.pred_expression("walk.state", "walk.move", cells, None, None, rewrites)
        columns = "step, state, depth, move"
        base, step = "0, state, depth, move", "walk.step + 1, n.state, n.depth, n.move"
    join = (
        ""
        if flips_of is None
        else f" JOIN moves AS m ON m.puzzle_id = {int(flips_of)} AND m.code = walk.move"
    )
    # The start's own count rides along on the first row only.
    columns += ", solutions"
    base += ", solutions"
    step += ", NULL"
    return f"""WITH RECURSIVE walk({columns}) AS (
            SELECT {base} FROM {table} WHERE state = ?
          UNION ALL
            SELECT {step} FROM walk{join} JOIN {table} AS n ON n.state = {next_pred}
            WHERE walk.step < ?
        )
        SELECT state, move, solutions FROM walk ORDER BY step"""


def path(
    conn: Connection, build: Build, state: str
) -> tuple[list[tuple[str, str | None]], int | None]:
    """([(state, move made from it)] from `state` to the goal, so the state's depth is the
    length less one; [] if the build does not hold `state`), and the number of optimal
    solutions from `state`."""
    if build.classes is not None:
        from . import classes  # a build of classes only (peg boards): loaded when one is read

        table = nodes(conn, build)
        steps, solutions = classes.walk(conn, build, table, state, move_labels(conn, build))
        return steps, count(solutions)
    if sharded.rows_of(conn, build.id):
        steps, solutions = _walk_by_key(conn, build, state)
        return steps, count(solutions)
    flips_of = build.id if schema.derives_by_flips(build.flips, build.stores_pred) else None
    sql = _path_sql(
        nodes(conn, build),
        build.rows * build.cols,
        build.stores_pred,
        flips_of,
        move_rewrites(conn, build),
    )
    rows = conn.execute(sql, (state, build.max_depth)).fetchall()
    labels = move_labels(conn, build)
    steps = [(s, None if m is None else labels[m]) for s, m, _ in rows]
    return steps, (count(rows[0][2]) if rows else None)


def _walk_by_key(
    conn: Connection, build: Build, state: str
) -> tuple[list[tuple[str, str | None]], int | str | None]:
    """path() over a build whose rows are a view of shards: one lookup by key a step (the
    recursive statement would scan the view at every step), pred taken or derived in Python
    as the SQL derives it (schema.pred_expression)."""
    from . import classes

    labels = move_labels(conn, build)
    flips = (
        classes.move_flips(conn, build.id)
        if schema.derives_by_flips(build.flips, build.stores_pred)
        else None
    )
    rewrites = dict(move_rewrites(conn, build))
    columns = "move, solutions" + (", pred" if build.stores_pred else "")
    sql = f"SELECT {columns} FROM {build.node_table} WHERE state = ?"
    steps: list[tuple[str, str | None]] = []
    solutions = None
    here = state
    for _ in range(build.max_depth + 1):
        row = conn.execute(sql, (here,)).fetchone()
        if row is None:
            break  # only ever the first step: every pred is held
        if not steps:
            solutions = row[1]
        move = row[0]
        steps.append((here, None if move is None else labels[move]))
        if move is None:
            break
        cells = list(here)
        if build.stores_pred:
            cells = list(row[2])
        elif rewrites:
            cells = list(schema.rewritten(here, rewrites[move]))
        elif flips is not None:
            for hole in flips[move]:
                cells[hole] = "1" if cells[hole] == "0" else "0"
        else:
            a, b = swapped_cells(move, build.rows * build.cols)
            cells[a], cells[b] = cells[b], cells[a]
        here = "".join(cells)
    return steps, solutions


@lru_cache(maxsize=256)
def _lookup_sql(table: str, states: int) -> str:
    return f"SELECT state, depth, solutions FROM {table} WHERE state IN ({', '.join('?' * states)})"


def depths_of(conn: Connection, build: Build, states: list[str]) -> dict[str, tuple[int, int]]:
    """(depth, optimal solutions) of each of `states` that the build holds (one indexed
    lookup each)."""
    if not states:
        return {}
    if build.classes is not None:
        from . import classes

        found = classes.rows_of(conn, build, nodes(conn, build), states)
        return {state: (depth, count(solutions)) for state, (depth, solutions) in found.items()}
    rows = conn.execute(_lookup_sql(nodes(conn, build), len(states)), list(states))
    return {state: (depth, count(solutions)) for state, depth, solutions in rows}


def most_solved(conn: Connection, build: Build, limit: int) -> list[str]:
    """The first `limit` of the states with the most optimal solutions, in state order."""
    rows = conn.execute(
        "SELECT state FROM most_solved WHERE puzzle_id = ? ORDER BY state LIMIT ?",
        (build.id, limit),
    )
    return [r[0] for r in rows]


@lru_cache(maxsize=256)
def _page_sql(table: str, keyed: bool) -> str:
    """A range scan of the depth index, whose entries are (depth, state): by OFFSET it steps
    over every skipped entry; after a state it seeks straight to the page."""
    after = " AND state > :after" if keyed else ""
    return (
        f"SELECT state FROM {table} WHERE depth = :depth{after} ORDER BY state "
        f"LIMIT :limit OFFSET :offset"
    )


def states_at_depth(
    conn: Connection,
    build: Build,
    depth: int,
    limit: int,
    offset: int = 0,
    after: str | None = None,
) -> list[str]:
    """A page of the states `depth` moves from the goal, in state order: `offset` states
    skipped, or those after the state `after`. A build of classes lists class by class
    (db.classes)."""
    if build.classes is not None:
        from . import classes

        return classes.page(conn, build, nodes(conn, build), depth, limit, offset, after)
    rows = conn.execute(
        _page_sql(nodes(conn, build), after is not None),
        {"depth": depth, "limit": limit, "offset": offset, "after": after},
    )
    return [r[0] for r in rows]


def histogram(conn: Connection, build: Build) -> list[int]:
    rows = conn.execute(
        "SELECT depth, states FROM layers WHERE puzzle_id = :id ORDER BY depth", {"id": build.id}
    )
    return [n for _, n in rows]


def count_at_depth(conn: Connection, build: Build, depth: int) -> int:
    found = conn.execute(
        "SELECT states FROM layers WHERE puzzle_id = :id AND depth = :depth",
        {"id": build.id, "depth": depth},
    ).fetchone()
    return found[0] if found else 0


def data_version(conn: Connection) -> int:
    """A number that changes whenever another connection commits (a build): a cheap freshness
    check, so the service can keep Build rows until the file changes. It runs on every
    request."""
    return conn.execute("PRAGMA data_version").fetchone()[0]
