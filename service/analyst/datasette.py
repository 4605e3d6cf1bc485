"""Datasette metadata for one puzzledb file: `datasette puzzledb.sqlite -m metadata.json`.

Every table and view of the file gets a description and its columns (a `nodes_<id>` table is
named after the build it holds), and the canned queries of db.canned become forms. The
database key must be the file's stem, which is how Datasette names a database.
"""

from __future__ import annotations

from puzzledb.db.canned import CANNED
from puzzledb.db.queries import Build

PUZZLES_COLUMNS = {
    "id": "The build's identity, never reused; nodes_<id> holds its states.",
    "name": "Puzzle name (eight, seven, lines, atama, nooff, peg15, ...).",
    "goal": "The goal state this build searched from.",
    "title": "The puzzle's full name.",
    "kind": "The kind of puzzle: 'sliding', 'peg' or 'rush'.",
    "rows": "Board rows (peg15: rows of its drawing grid).",
    "cols": "Board columns (peg15: columns of its drawing grid).",
    "states": "How many states can reach the goal.",
    "max_depth": "Moves needed from the farthest of them.",
    "radius": "Built only this far out from the goal; empty when complete.",
    "built_at": "When the build began storing its rows (UTC, ISO 8601).",
    "build_seconds": "Search and store time in the build process.",
    "node_table": "The nodes_<id> table holding this build's states.",
    "stores_pred": "1: the node table stores pred; 0: pred is derived from the move.",
    "definition": "The puzzle's rules as JSON (board, pieces, blank, default goal).",
    "max_solutions": "The most optimal solutions any state of the build has.",
    "max_solutions_states": "How many states have that many (most_solved names them).",
    "classes": "Empty: nodes_<id> holds every state. Else it holds one state per class of "
    "symmetric states (mirrors and rotations of the board that keep the goal), this many; "
    "states and layers still count every state, and the views show every state.",
    "started_at": "When the build's search started (UTC, ISO 8601); empty in a build made "
    "before puzzledb kept it.",
    "finished_at": "When the build committed (UTC, ISO 8601); empty in a build made before "
    "puzzledb kept it.",
}

STATE_COLUMNS = {
    "puzzle": "Puzzle name.",
    "goal": "The goal of the build.",
    "state": "One character per cell, row-major, as typed on the command line.",
    "depth": "Fewest moves from this state to the goal.",
    "pred": "The next state on an optimal path (one move closer); empty at the goal.",
    "move": "The move from this state to pred, in words (e.g. 'tile 5 down').",
    "solutions": "How many distinct optimal paths lead from this state to the goal (1 at the "
    "goal); exact, as decimal text past 9,223,372,036,854,775,807.",
    "stored": "The key of the row the build stores for the state: the state itself, or in a "
    "build of classes the least of its images. `stored = state_key(puzzle, '', state)` finds "
    "a state by that key.",
}

TABLES = {
    "puzzles": ("One row per build: a puzzle searched completely from one goal.", PUZZLES_COLUMNS),
    "moves": (
        "Per build, each move code in words and how it changes a state (the two cells it "
        "swaps, the three holes a jump flips, the holes a chain of jumps flips, or a turn's "
        "rewrite).",
        {
            "puzzle_id": "The build (puzzles.id).",
            "code": "Move code as stored in nodes_<id>.move (k*C*C + a*C + b on C cells).",
            "label": "The move in words, from a state to its pred.",
            "cell_a": "First cell the move swaps (from 0, row-major); empty if not a swap "
            "or a jump.",
            "cell_b": "Second cell the move swaps.",
            "cell_c": "Of a peg's single jump, the third of the holes it flips (a < b < c).",
            "flipped": "Of a peg's chain of jumps in a build of classes, the holes it flips: "
            "the board's text with 1 at each; the views derive pred from it.",
            "rewrite": "Of a twisty puzzle's turn, how it rewrites a state's text (JSON: for "
            "each character made, the index it copies, or [index, before, after]: that "
            "letter relabelled); the views derive pred from it.",
        },
    ),
    "layers": (
        "Per build, how many states lie at each depth (the histogram).",
        {
            "puzzle_id": "The build (puzzles.id).",
            "depth": "Moves from the goal.",
            "states": "States at that depth.",
        },
    ),
    "most_solved": (
        "Per build, the states with the most optimal solutions (up to 100).",
        {
            "puzzle_id": "The build (puzzles.id).",
            "state": "A state with puzzles.max_solutions optimal solutions.",
        },
    ),
    "symmetries": (
        "Per build of classes, each mirror or rotation of its board that it uses.",
        {
            "puzzle_id": "The build (puzzles.id).",
            "symmetry": "Its number; 0 is the identity.",
            "takes": "JSON list: hole i of a state's image holds what the state's hole "
            "takes[i] holds.",
        },
    ),
    "move_images": (
        "Per build of classes, each move code seen through each symmetry.",
        {
            "puzzle_id": "The build (puzzles.id).",
            "symmetry": "The symmetry (symmetries.symmetry).",
            "code": "A move code of a stored state (moves.code).",
            "image": "The same move in the state's image through the symmetry.",
        },
    ),
    "class_images": (
        "Per build of classes, the symmetries giving the distinct images of a stored state, "
        "by its fixed.",
        {
            "puzzle_id": "The build (puzzles.id).",
            "fixed": "A stored state's nodes_<id>.fixed.",
            "symmetry": "One symmetry giving one of its distinct images.",
        },
    ),
    "states": (
        "Every state of every build, with its depth, pred, move and number of optimal "
        "solutions: the table to query.",
        STATE_COLUMNS,
    ),
    "depth_histogram": (
        "How many states lie at each depth, per build.",
        {
            "puzzle": STATE_COLUMNS["puzzle"],
            "goal": STATE_COLUMNS["goal"],
            "depth": "Moves from the goal.",
            "states": "States at that depth.",
        },
    ),
    "farthest": (
        "The states at each build's maximum depth.",
        {k: STATE_COLUMNS[k] for k in ("puzzle", "goal", "state", "depth", "solutions")},
    ),
    "sqlite_sequence": ("SQLite's counter behind puzzles.id (AUTOINCREMENT).", {}),
}

HIDDEN = {"sqlite_sequence"}


def _node_table(build: Build | None) -> dict:
    if build is None:
        return {"description": "States of a build (see puzzles.node_table)."}
    columns = {
        "state": STATE_COLUMNS["state"],
        "depth": STATE_COLUMNS["depth"],
        "move": "Move code toward pred (moves.code of this build); empty at the goal.",
        "solutions": STATE_COLUMNS["solutions"],
    }
    if build.stores_pred:
        columns["pred"] = STATE_COLUMNS["pred"]
    held = f"The {build.states:,} states"
    if build.classes is not None:
        columns["fixed"] = (
            "Bit k set for each symmetry k > 0 that leaves the state as it is (0 for most): "
            "class_images.fixed."
        )
        held = (
            f"One state (the least in text order) of each of the {build.classes:,} classes of "
            f"symmetric states among the {build.states:,}"
        )
    return {
        "description": (
            f"{held} of {build.name} ({build.title}) toward goal "
            f"{build.goal}; build {build.id}'s own table, replaced on a rebuild. The states "
            f"view reads it with pred and move in words"
            + (", every state of each class." if build.classes is not None else ".")
        ),
        "columns": columns,
        "facets": ["depth"],
    }


def metadata(database: str, objects: list[tuple[str, str]], builds: list[Build]) -> dict:
    """The metadata document for the file whose stem is `database`, holding `objects` (name,
    type) and `builds`."""
    by_table = {b.node_table: b for b in builds}
    tables: dict[str, dict[str, object]] = {}
    for name, _kind in objects:
        if name in TABLES:
            description, columns = TABLES[name]
            tables[name] = {"description": description, "columns": columns}
            if name in HIDDEN:
                tables[name]["hidden"] = True
        elif name.startswith("nodes_"):
            tables[name] = _node_table(by_table.get(name))
        else:
            tables[name] = {"description": "Not part of puzzledb's schema."}
    return {
        "title": "puzzledb",
        "description": (
            "Precomputed optimal solutions of sliding-block and peg puzzles: every state that "
            "can reach a goal, its distance (depth), its predecessor on an optimal path (pred) "
            "and the move. Start with the states view or the canned queries below."
        ),
        "databases": {
            database: {
                "description": f"{len(builds)} build{'s' if len(builds) != 1 else ''}: "
                + ", ".join(f"{b.name} toward {b.goal}" for b in builds),
                "tables": tables,
                "queries": {
                    name: {"title": q["title"], "description": q["description"], "sql": q["sql"]}
                    for name, q in CANNED.items()
                },
            }
        },
    }
