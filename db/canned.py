"""Ready-made SQL for analysts, offered as Datasette's canned queries, and the file's objects.

A query about one build takes `:puzzle` and `:goal`; an empty goal means the puzzle's default
goal (or its first build when that goal is not built), so a form needs only the puzzle name.
They read the views, never a `nodes_<id>` table, so they stay valid across rebuilds. `state`
calls state_key() (db.state_key), which puzzledb's Datasette plugin registers.
"""

from __future__ import annotations

from sqlite3 import Connection

#: One build, chosen by :puzzle and :goal (empty: the default goal, else the first built).
_BUILD = """WITH build AS (
  SELECT name, goal FROM puzzles WHERE name = :puzzle AND (goal = :goal OR :goal = '')
  ORDER BY goal = json_extract(definition, '$.goal') DESC, id LIMIT 1
)"""

#: A state's row of the states view, as [depth, move, pred]: a scalar subquery, whose
#: conditions SQLite pushes into every arm of the view, so that a state of a plain build is
#: one key lookup and the arms of other builds are skipped. The walk joined the view before,
#: which SQLite read whole at every step: 0.7 to 1 s for eight's farthest states, over
#: Datasette's 1 s limit (issue 27). A build of classes computes its images, never keys: a
#: state there is still found by reading the build, as any question by state through the
#: view (see docs/sql.md, "Builds of classes").
_ROW = """(SELECT json_array(s.depth, s.move, s.pred) FROM states AS s
    WHERE s.puzzle = :puzzle AND s.goal = {goal} AND s.state = {state})"""

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
        "sql": f"""{_BUILD},
walk(step, goal, state, found) AS (
  SELECT 0, build.goal, :state, {_ROW.format(goal="build.goal", state=":state")}
  FROM build
  UNION ALL
  SELECT walk.step + 1, walk.goal, json_extract(walk.found, '$[2]'),
    {_ROW.format(goal="walk.goal", state="json_extract(walk.found, '$[2]')")}
  FROM walk WHERE json_extract(walk.found, '$[2]') IS NOT NULL
)
SELECT step, state, json_extract(found, '$[0]') AS depth, json_extract(found, '$[1]') AS move
FROM walk WHERE found IS NOT NULL ORDER BY step""",
    },
    "state": {
        "title": "One state",
        "description": "The row of :state: its distance, one optimal move, the state it "
        "leads to, its number of optimal solutions.",
        "sql": f"""{_BUILD}
SELECT s.state, s.depth, s.move, s.pred, s.solutions
FROM build JOIN states AS s ON s.puzzle = build.name AND s.goal = build.goal
WHERE s.state = :state AND s.stored = state_key(:puzzle, :goal, :state)""",
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
