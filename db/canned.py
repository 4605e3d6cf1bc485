"""Ready-made SQL for analysts, offered as Datasette's canned queries, and the file's objects.

A query about one build takes `:puzzle` and `:goal`; an empty goal means the puzzle's default
goal (or its first build when that goal is not built), so a form needs only the puzzle name.
They read the views, never a `nodes_<id>` table, so they stay valid across rebuilds.
"""

from __future__ import annotations

from sqlite3 import Connection

#: One build, chosen by :puzzle and :goal (empty: the default goal, else the first built).
_BUILD = """WITH build AS (
  SELECT name, goal FROM puzzles WHERE name = :puzzle AND (goal = :goal OR :goal = '')
  ORDER BY goal = json_extract(definition, '$.goal') DESC, id LIMIT 1
)"""

CANNED = {
    "builds": {
        "title": "Every build",
        "description": "Each puzzle and goal in the file, its size and radius.",
        "sql": """SELECT name, goal, title, states, max_depth, radius, built_at
FROM puzzles ORDER BY name, goal""",
    },
    "histogram": {
        "title": "Depth histogram",
        "description": "How many states lie at each distance from the goal.",
        "sql": f"""{_BUILD}
SELECT h.depth, h.states
FROM build JOIN depth_histogram AS h ON h.puzzle = build.name AND h.goal = build.goal
ORDER BY h.depth""",
    },
    "farthest": {
        "title": "Farthest states",
        "description": "The states that need the most moves.",
        "sql": f"""{_BUILD}
SELECT f.state, f.depth
FROM build JOIN farthest AS f ON f.puzzle = build.name AND f.goal = build.goal
ORDER BY f.state""",
    },
    "path": {
        "title": "Optimal path of a state",
        "description": "Walks predecessors from :state to the goal: one row per move.",
        # The recursive step filters the view by parameters only, never by a subquery, so
        # SQLite keeps just the asked builds when it materializes the view for the join.
        "sql": f"""{_BUILD},
walk(step, goal, state, depth, move, pred) AS (
  SELECT 0, s.goal, s.state, s.depth, s.move, s.pred FROM states AS s
  WHERE s.puzzle = :puzzle AND s.goal = (SELECT goal FROM build) AND s.state = :state
  UNION ALL
  SELECT walk.step + 1, s.goal, s.state, s.depth, s.move, s.pred
  FROM walk JOIN states AS s
    ON s.puzzle = :puzzle AND (s.goal = :goal OR :goal = '')
   AND s.goal = walk.goal AND s.state = walk.pred
)
SELECT step, state, depth, move FROM walk ORDER BY step""",
    },
    "states_at_depth": {
        "title": "States at a depth",
        "description": "The states exactly :depth moves from the goal, in state order.",
        "sql": f"""{_BUILD}
SELECT s.state, s.move
FROM build JOIN states AS s ON s.puzzle = build.name AND s.goal = build.goal
WHERE s.depth = CAST(:depth AS INTEGER)
ORDER BY s.state""",
    },
    "blank_at": {
        "title": "States at a depth with the blank in a cell",
        "description": "Sliding puzzles: the states :depth moves away whose blank is in :cell "
        "(cells numbered from 0, row-major).",
        "sql": f"""{_BUILD}
SELECT s.state
FROM build JOIN states AS s ON s.puzzle = build.name AND s.goal = build.goal
JOIN puzzles AS p ON p.name = build.name AND p.goal = build.goal
WHERE s.depth = CAST(:depth AS INTEGER)
  AND substr(s.state, CAST(:cell AS INTEGER) + 1, 1) = json_extract(p.definition, '$.blank')
ORDER BY s.state""",
    },
    "goals_compared": {
        "title": "A state's distance to every goal",
        "description": "How many moves :state needs toward each goal built for :puzzle.",
        "sql": """SELECT s.goal, s.depth, s.move
FROM states AS s
WHERE s.puzzle = :puzzle AND s.state = :state
ORDER BY s.depth, s.goal""",
    },
}

OBJECTS = "SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name"


def objects(conn: Connection) -> list[tuple[str, str]]:
    """(name, 'table' | 'view') of everything a Datasette page lists for the file."""
    return [(name, kind) for name, kind in conn.execute(OBJECTS)]
