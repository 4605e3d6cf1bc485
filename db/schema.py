"""The SQLite schema: what an analyst sees with nothing but the sqlite3 shell.

Physical layout
  puzzles        one row per built (puzzle, goal): sizes, timings, the puzzle's definition
  moves          per build, move code -> words ("tile 5 down") and the two cells it swaps
  layers         per build, how many states lie at each depth (the histogram, precomputed)
  most_solved    per build, (up to 100 of) the states with the most optimal solutions
  shards         per build made on a cluster, its shard files (key range, file, rows,
                 bytes, sha256, token); such a build's nodes_<id> is in those files
  nodes_<id>     one table per build: state TEXT PRIMARY KEY, depth, move code, solutions
                 [, pred][, fixed]
  symmetries     per build of classes, each mirror or rotation of its board that it uses
  move_images    per build of classes, each move code seen through each symmetry
  class_images   per build of classes, which symmetries give the distinct images of a
                 stored state, by the symmetries that leave it as it is (`fixed`)

Friendly views over all builds
  states(puzzle, goal, state, depth, pred, move, solutions, stored)
                 -- pred NULL at the goal; stored: the row's key (the state, or its class's)
  depth_histogram(puzzle, goal, depth, states)
  farthest(puzzle, goal, state, depth, solutions)

`solutions` is how many distinct shortest paths lead from the state to the goal (1 at the
goal). It is exact: a count beyond SQLite's 64-bit integers is stored as its decimal text, which
is why the column has no declared type (an INTEGER column would turn such text into a rounded
REAL).

Why one table per build: a rebuild creates the new table and drops the old one inside one
transaction, which is cheap at any size, and each table only stores what its puzzle needs.
When every move of a puzzle swaps two cells (all sliding puzzles here), `pred` is not stored:
the views derive it from the state and the move's two cells, saving a second copy of the state.
So too when every move is one jump of a peg (a peg board's `jump` metric): a jump flips three
holes (two pegs leave, one arrives), which the build's `moves` row names in cell_a < cell_b <
cell_c; the views flip them back (version 3 added cell_c). And when each move takes every
character of the result from one character of the state, relabelled (a twisty puzzle's turn
moves pieces and turns them): the `moves` row's `rewrite` says how (REWRITE; version 6).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .build_row import FLIPS_MARKED, FLIPS_NONE, FLIPS_THREE

if TYPE_CHECKING:
    from puzzledb.builder.puzzle import Rewrite

    #: (move code, its rewrite) of each move of a build whose pred is derived by rewrites.
    Rewrites = tuple[tuple[int, Rewrite], ...]

#: PRAGMA user_version of a database this code writes (6: builds whose pred is derived by
#: their moves' `rewrite`, which a reader of 5 would misread as swaps; 7: builds whose pred is
#: derived by their moves' `flipped`, which a reader of 6 would misread as swaps).
VERSION = 7
#: The versions this code reads; others are refused, not misread. A file of 5 or 6 holds
#: nothing that 7 reads otherwise, and a build written into it makes it 7
#: (db.store.transaction).
READS = (5, 6, 7)

TABLES = [
    """CREATE TABLE IF NOT EXISTS puzzles (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: a build's identity
        name          TEXT NOT NULL,
        goal          TEXT NOT NULL,
        title         TEXT NOT NULL,
        kind          TEXT NOT NULL,            -- 'sliding', 'peg', 'rush' (builder/kinds/)
        rows          INTEGER NOT NULL,
        cols          INTEGER NOT NULL,
        states        INTEGER NOT NULL,         -- states that can reach the goal
        max_depth     INTEGER NOT NULL,         -- moves needed from the farthest of them
        radius        INTEGER,                  -- built only this far out (NULL: complete)
        built_at      TEXT NOT NULL,            -- when storing began: UTC, ISO 8601
        build_seconds REAL NOT NULL,            -- search and store, end to end
        node_table    TEXT NOT NULL,            -- the nodes_<id> table holding the states
        stores_pred   INTEGER NOT NULL,         -- 1: nodes has a pred column; 0: derived
        definition    TEXT NOT NULL,            -- the puzzle as JSON (board, pieces, rules)
        max_solutions,                          -- the most optimal solutions of any state
        max_solutions_states INTEGER NOT NULL,  -- how many states have that many
        classes       INTEGER,                  -- NULL: nodes_<id> holds every state; else
                                                --   one per class of symmetric states, this many
        started_at    TEXT,                     -- when the search began (UTC, ISO 8601) and
        finished_at   TEXT,                     --   when the build committed; NULL: built
                                                --   before they were kept (ADDED_COLUMNS)
        UNIQUE (name, goal)
    )""",
    """CREATE TABLE IF NOT EXISTS moves (
        puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
        code      INTEGER NOT NULL,             -- for a swap of cells a < b on C cells:
                                                --   code = k*C*C + a*C + b
        label     TEXT NOT NULL,                -- e.g. 'tile 5 down': from a state to its pred
        cell_a    INTEGER,                      -- the two cells the move swaps (a < b),
        cell_b    INTEGER,                      -- NULL when it is not a plain swap
        cell_c    INTEGER,                      -- a jump flips cells a < b < c: the holes
                                                --   it empties and fills; else NULL
        rewrite   TEXT,                         -- JSON: how the move rewrites a state's text
                                                --   (a twisty turn), else NULL; see REWRITE
        flipped   TEXT,                         -- a chain of jumps (in a build of classes):
                                                --   '1' at each hole it flips, else '0'
        PRIMARY KEY (puzzle_id, code)
    ) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS layers (
        puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
        depth     INTEGER NOT NULL,
        states    INTEGER NOT NULL,
        PRIMARY KEY (puzzle_id, depth)
    ) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS most_solved (
        puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
        state     TEXT NOT NULL,                -- has puzzles.max_solutions optimal solutions
        PRIMARY KEY (puzzle_id, state)
    ) WITHOUT ROWID""",
    # A build made on a cluster (db.cluster.write): its node table is in shard files, one per key
    # range, low <= state < high (NULL: an open end); `file` is relative to this file's
    # folder, `token` is also in the shard's own shard_meta, so a foreign shard is refused.
    """CREATE TABLE IF NOT EXISTS shards (
        puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
        shard     INTEGER NOT NULL,
        low       TEXT,
        high      TEXT,
        file      TEXT NOT NULL,
        rows      INTEGER NOT NULL,
        bytes     INTEGER NOT NULL,
        sha256    TEXT NOT NULL,
        token     TEXT NOT NULL,
        PRIMARY KEY (puzzle_id, shard)
    )""",
    # A build of classes: symmetry k shows a state as its image, whose hole i holds what the
    # state's hole takes[i] holds (a JSON list; 0 is the identity).
    """CREATE TABLE IF NOT EXISTS symmetries (
        puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
        symmetry  INTEGER NOT NULL,
        takes     TEXT NOT NULL,
        PRIMARY KEY (puzzle_id, symmetry)
    ) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS move_images (
        puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
        symmetry  INTEGER NOT NULL,
        code      INTEGER NOT NULL,             -- a move of a stored state
        image     INTEGER NOT NULL,             -- the same move in the state's image
        PRIMARY KEY (puzzle_id, symmetry, code)
    ) WITHOUT ROWID""",
    """CREATE TABLE IF NOT EXISTS class_images (
        puzzle_id INTEGER NOT NULL REFERENCES puzzles(id),
        fixed     INTEGER NOT NULL,             -- a stored state's `fixed`
        symmetry  INTEGER NOT NULL,             -- one symmetry giving one of its distinct images
        PRIMARY KEY (puzzle_id, fixed, symmetry)
    ) WITHOUT ROWID""",
    """CREATE VIEW IF NOT EXISTS depth_histogram AS
        SELECT p.name AS puzzle, p.goal AS goal, l.depth AS depth, l.states AS states
        FROM layers AS l JOIN puzzles AS p ON p.id = l.puzzle_id""",
]


#: Columns added to a table of this schema version since its first files were written: a build
#: adds them to an older file of the same version (ALTER TABLE), and readers of a file without
#: them read NULL (db.queries), so no version bump refuses those files.
ADDED_COLUMNS = [
    ("puzzles", "started_at", "TEXT"),
    ("puzzles", "finished_at", "TEXT"),
    ("moves", "rewrite", "TEXT"),
    ("moves", "flipped", "TEXT"),
]


def node_table_ddl(table: str, stores_pred: bool, classes: bool = False) -> str:
    pred = ",\n        pred      TEXT" if stores_pred else ""
    fixed = ",\n        fixed     INTEGER NOT NULL" if classes else ""
    return f"""CREATE TABLE {table} (
        state     TEXT PRIMARY KEY,
        depth     INTEGER NOT NULL,
        move      INTEGER,
        solutions NOT NULL{pred}{fixed}
    ) WITHOUT ROWID"""


def node_index_ddl(table: str) -> str:
    """Created after the rows are in: one sort instead of a random insert per row."""
    return f"CREATE INDEX {table}_by_depth ON {table} (depth)"


def swapped_cells_sql(code: str, cells: int) -> tuple[str, str]:
    """builder.move_codes.swapped_cells as SQL expressions over the column or expression
    `code`: the two cells a swap's code names."""
    return f"(({code} / {int(cells)}) % {int(cells)})", f"({code} % {int(cells)})"


#: What a `moves.rewrite` holds: a JSON list with an item for each character of the text the
#: move makes, either the index (from 0) of the state's character it copies, or
#: [index, before, after]: that character, written as the letter of `after` at the place
#: where it stands in `before` (a piece moved and turned: "1234…" → "2314…").
REWRITE = "[source, ...] or [[source, before, after], ...]"


def rewrite_json(rewrite: Sequence[tuple[int, str, str]]) -> str:
    """A move's rewrite as `moves.rewrite` stores it (REWRITE)."""
    items = [source if not before else [source, before, after] for source, before, after in rewrite]
    return json.dumps(items, separators=(",", ":"))


def rewrite_of(text: str) -> Rewrite:
    """`moves.rewrite` read back."""
    return tuple(
        (item, "", "") if isinstance(item, int) else (int(item[0]), str(item[1]), str(item[2]))
        for item in json.loads(text)
    )


def rewritten(state: str, rewrite: Rewrite) -> str:
    """The text a move makes of `state`, by its rewrite: what rewritten_sql says in SQL."""
    out = []
    for source, before, after in rewrite:
        letter = state[source]
        out.append(after[before.index(letter)] if before else letter)
    return "".join(out)


def rewritten_sql(state: str, rewrite: Rewrite) -> str:
    """SQL for the text a move makes of `state`, by its rewrite; characters copied in a run
    are one substr."""
    parts: list[str] = []
    run: list[int] = []  # [first source, how many] of copies in a row
    for source, before, after in rewrite:
        if not before and run and run[0] + run[1] == source:
            run[1] += 1
            continue
        if run:
            parts.append(f"substr({state}, {run[0] + 1}, {run[1]})")
            run = []
        if before:
            letter = f"substr({state}, {int(source) + 1}, 1)"
            parts.append(f"substr({quote(after)}, instr({quote(before)}, {letter}), 1)")
        else:
            run = [int(source), 1]
    if run:
        parts.append(f"substr({state}, {run[0] + 1}, {run[1]})")
    return " || ".join(parts) or "''"


def rewrites_sql(state: str, move: str, rewrites: Rewrites) -> str:
    """SQL for a predecessor by its move's rewrite: one CASE arm a move code."""
    arms = " ".join(f"WHEN {int(code)} THEN {rewritten_sql(state, r)}" for code, r in rewrites)
    return f"CASE {move} {arms} END"


def pred_expression(
    state: str,
    move: str,
    cells: int,
    stored: str | None,
    flips: str | None = None,
    rewrites: Rewrites = (),
    holes: int = 0,
) -> str:
    """SQL for a predecessor: the `stored` column; or, where `flips` names the joined `moves`
    row of the move, `state` with the holes that row's `flipped` marks flipped (a chain of
    jumps, where the board's `holes` are given) or its three cells flipped (a jump); or, given
    the build's `rewrites`, `state` rewritten by its move's; else `state` with the two cells
    that the `move` code names swapped (builder.move_codes)."""
    if stored:
        return stored
    if flips and holes:
        return flipped_by(state, f"{flips}.flipped", holes)
    if flips:
        return flipped(state, *(f"{flips}.cell_{x}" for x in "abc"))
    if rewrites:
        return rewrites_sql(state, move, rewrites)
    s = state
    a, b = swapped_cells_sql(move, cells)
    return (
        f"substr({s}, 1, {a}) || substr({s}, {b} + 1, 1) || "
        f"substr({s}, {a} + 2, {b} - {a} - 1) || substr({s}, {a} + 1, 1) || "
        f"substr({s}, {b} + 2)"
    )


def flipped(state: str, a: str, b: str, c: str) -> str:
    """SQL for `state` with cells a < b < c flipped between '0' and '1' (a jump undone)."""
    s = state

    def flip(cell: str) -> str:
        return f"(1 - substr({s}, {cell} + 1, 1))"

    return (
        f"substr({s}, 1, {a}) || {flip(a)} || substr({s}, {a} + 2, {b} - {a} - 1) || "
        f"{flip(b)} || substr({s}, {b} + 2, {c} - {b} - 1) || {flip(c)} || substr({s}, {c} + 2)"
    )


def flipped_by(state: str, mask: str, holes: int) -> str:
    """SQL for `state` (of `holes` holes) with the holes flipped where the text `mask` has a
    '1' (a chain of jumps undone): each hole '1' where the two differ."""
    return " || ".join(
        f"(substr({state}, {i}, 1) <> substr({mask}, {i}, 1))" for i in range(1, holes + 1)
    )


#: SQL, over a row of `puzzles`: what the build's moves flip (FLIPS_NONE, _THREE, _MARKED),
#: as its `moves` rows say (db.queries, the views).
FLIPS = (
    "(CASE WHEN EXISTS (SELECT 1 FROM moves WHERE moves.puzzle_id = puzzles.id "
    f"AND moves.flipped IS NOT NULL) THEN {FLIPS_MARKED} "
    "WHEN EXISTS (SELECT 1 FROM moves WHERE moves.puzzle_id = puzzles.id "
    f"AND moves.cell_c IS NOT NULL) THEN {FLIPS_THREE} ELSE {FLIPS_NONE} END) AS flips"
)
#: The same in a file written before moves had `flipped` (db.schema.ADDED_COLUMNS).
EARLIER_FLIPS = (
    "EXISTS (SELECT 1 FROM moves WHERE moves.puzzle_id = puzzles.id "
    "AND moves.cell_c IS NOT NULL) AS flips"
)


def derives_by_flips(flips: int, stores_pred: bool) -> bool:
    """A build whose pred is a move's cells flipped back (a peg's jump undone): one whose moves
    flip cells (FLIPS) and that stores no pred."""
    return bool(flips) and not stores_pred


def quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _pred_of(build: dict) -> str:
    # A stored pred as `+n.pred`, an expression as the derived preds are: SQLite flattens the
    # states view into a query (a state of each arm then found by key) only where its arms'
    # columns share one affinity, and a bare column has its own (TEXT) where an expression
    # has none. Without it, one build storing its preds (peg15) in a file made every question
    # that reads the view by a state it did not know beforehand (the canned `path` query's
    # walk, db.canned) read every build whole.
    stored = "+n.pred" if build["stores_pred"] else None
    flips = "m" if derives_by_flips(build["flips"], build["stores_pred"]) else None
    rewrites = () if stored else build.get("rewrites", ())
    return pred_expression("n.state", "n.move", build["cells"], stored, flips, rewrites)


def states_view(builds: list[dict]) -> list[str]:
    """The `states` and `farthest` views, one UNION ALL arm per build (a file of at most
    MOST_ARMS builds); view_parts writes them for more.

    A build of classes (`classes` not None) also brings `symmetries`, its `takes` lists by
    symmetry: its arms show every image of every stored row (class_arm)."""
    states, farthest = _arms(builds)
    return [
        "DROP VIEW IF EXISTS states",
        "CREATE VIEW states AS\n    " + union_all(states),
        "DROP VIEW IF EXISTS farthest",
        "CREATE VIEW farthest AS\n    " + union_all(farthest),
    ]


def _arms(builds: list[dict]) -> tuple[list[str], list[str]]:
    """Each build's arm of the `states` view and of the `farthest` view (one arm that holds
    no row where there is no build)."""
    states = [
        class_arm(b)
        if b.get("classes") is not None
        else f"""SELECT {quote(b["name"])} AS puzzle, {quote(b["goal"])} AS goal, n.state AS state,
           n.depth AS depth, {_pred_of(b)} AS pred,
           m.label AS move, n.solutions AS solutions, n.state AS stored
    FROM {b["node_table"]} AS n
    LEFT JOIN moves AS m ON m.puzzle_id = {int(b["id"])} AND m.code = n.move"""
        for b in builds
    ] or [
        "SELECT NULL AS puzzle, NULL AS goal, NULL AS state, NULL AS depth, "
        "NULL AS pred, NULL AS move, NULL AS solutions, NULL AS stored WHERE 0"
    ]
    farthest = [
        class_farthest_arm(b)
        if b.get("classes") is not None
        else f"""SELECT {quote(b["name"])} AS puzzle, {quote(b["goal"])} AS goal, state, depth,
           solutions
    FROM {b["node_table"]} WHERE depth = {int(b["max_depth"])}"""
        for b in builds
    ] or [
        "SELECT NULL AS puzzle, NULL AS goal, NULL AS state, NULL AS depth, "
        "NULL AS solutions WHERE 0"
    ]
    return states, farthest


#: Arms of one compound SELECT: SQLite allows 500 (SQLITE_MAX_COMPOUND_SELECT), and refused the
#: 501st build's views after its whole search (issue 46). A file of more builds holds its arms
#: in part views.
MOST_ARMS = 400
#: The part views of a file of more than MOST_ARMS builds: part k holds the builds whose id
#: is in k * PART_ARMS + 1 ... (k + 1) * PART_ARMS. A build writes its part again: 400 arms
#: took SQLite 25 ms to parse and check, 100 take a quarter of that.
PARTS = ("states_part_", "farthest_part_")
PART_ARMS = 100


def part_of(build_id: int) -> int:
    """The part view a build's arms are in (a file of more than MOST_ARMS builds)."""
    return (build_id - 1) // PART_ARMS


def view_parts(parts: dict[int, list[dict]], parts_held: list[int]) -> list[str]:
    """For a file of more than MOST_ARMS builds: the part views `parts` gives the builds of
    (part number -> its builds, none for a part to remove), then `states` and `farthest` as
    one UNION ALL of the part views `parts_held` names. A build writes its own part and those
    two, whatever the builds before it: the views of 10,000 builds were rewritten whole for
    each, a second a build."""
    ddl = []
    for part, builds in sorted(parts.items()):
        for prefix, arms in zip(PARTS, _arms(builds)):
            ddl.append(f"DROP VIEW IF EXISTS {prefix}{part}")
            if builds:
                ddl.append(f"CREATE VIEW {prefix}{part} AS\n    " + union_all(arms))
    for view, prefix in zip(("states", "farthest"), PARTS):
        ddl.append(f"DROP VIEW IF EXISTS {view}")
        ddl.append(
            f"CREATE VIEW {view} AS\n    "
            + union_all([f"SELECT * FROM {prefix}{part}" for part in parts_held])
        )
    return ddl


def union_all(arms: list[str]) -> str:
    """The arms as one UNION ALL; past MOST_ARMS, as a UNION ALL of subqueries of at most
    MOST_ARMS arms each (nested again past MOST_ARMS of those): the part views of 40,000
    builds and more."""
    if len(arms) <= MOST_ARMS:
        return "\n    UNION ALL\n    ".join(arms)
    groups = [arms[i : i + MOST_ARMS] for i in range(0, len(arms), MOST_ARMS)]
    return union_all([f"SELECT * FROM (\n    {union_all(group)}\n    )" for group in groups])


def image_sql(state: str, takes: Sequence[int]) -> str:
    """SQL for the image of `state` through a symmetry given as `takes` (image hole i holds
    what hole takes[i] holds: builder.symmetry.images.image); holes that stay in a run are one
    substr."""
    if list(takes) == list(range(len(takes))):
        return state
    runs: list[list[int]] = []  # [first hole taken, how many]
    for hole in takes:
        if runs and runs[-1][0] + runs[-1][1] == hole:
            runs[-1][1] += 1
        else:
            runs.append([hole, 1])
    return " || ".join(f"substr({state}, {int(h) + 1}, {int(n)})" for h, n in runs)


def class_arm(b: dict) -> str:
    """The states view's arm of a build of classes: every image of every stored row.

    A subquery `x` holds one UNION ALL arm per symmetry k: each stored row `n` whose
    distinct images (class_images, by its `fixed`) include k's, seen through k, with its
    move seen through k (move_images). Arms rather than one CASE over the symmetry: SQLite
    does not flatten a compound subquery into a join, so the image's text is computed once
    a row, however often its pred reads it, while a filter on depth or state still reaches
    every arm (a depth, through the depth index). The pred is the image with its move
    undone (a jump's three holes flipped, a swap's two cells swapped): a stored pred, if
    any, would say the same."""
    build_id, table = int(b["id"]), b["node_table"]
    arms = [
        f"""SELECT {image_sql("n.state", takes)} AS state, n.depth AS depth,
               n.solutions AS solutions, i.image AS image, n.state AS stored
        FROM {table} AS n
        CROSS JOIN class_images AS c
          ON c.puzzle_id = {build_id} AND c.fixed = n.fixed AND c.symmetry = {k}
        LEFT JOIN move_images AS i
          ON i.puzzle_id = {build_id} AND i.symmetry = {k} AND i.code = n.move"""
        for k, takes in enumerate(b["symmetries"])
    ]
    flips = "m" if b["flips"] else None
    holes = len(b["symmetries"][0]) if b["flips"] == FLIPS_MARKED else 0
    pred = pred_expression("x.state", "x.image", int(b["cells"]), None, flips, (), holes)
    inner = "\n        UNION ALL\n        ".join(arms)
    return f"""SELECT {quote(b["name"])} AS puzzle, {quote(b["goal"])} AS goal,
           x.state AS state, x.depth AS depth, {pred} AS pred, m.label AS move,
           x.solutions AS solutions, x.stored AS stored
    FROM ({inner}) AS x
    LEFT JOIN moves AS m ON m.puzzle_id = {build_id} AND m.code = x.image"""


def images_sql(state: str, symmetry: str, symmetries: Sequence[Sequence[int]]) -> str:
    """SQL for the image of `state` through the symmetry whose index is the expression
    `symmetry`, among `symmetries` (each a `takes` list)."""
    cases = " ".join(
        f"WHEN {k} THEN {image_sql(state, takes)}" for k, takes in enumerate(symmetries)
    )
    return f"CASE {symmetry} {cases} END"


def class_farthest_arm(b: dict) -> str:
    """The farthest view's arm of a build of classes: every image of its deepest rows."""
    state = images_sql("n.state", "c.symmetry", b["symmetries"])
    return f"""SELECT {quote(b["name"])} AS puzzle, {quote(b["goal"])} AS goal,
           {state} AS state, n.depth AS depth, n.solutions AS solutions
    FROM {b["node_table"]} AS n
    CROSS JOIN class_images AS c ON c.puzzle_id = {int(b["id"])} AND c.fixed = n.fixed
    WHERE n.depth = {int(b["max_depth"])}"""
