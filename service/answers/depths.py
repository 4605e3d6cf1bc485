"""The answers about a build's depths rather than one position: a page of the states at one
depth, the farthest states, and the statistics (the histogram by depth, the states with the
most optimal solutions, the build's own figures). Each is read from the build as stored;
nothing of a position is parsed or explained here.
"""

from __future__ import annotations

from sqlite3 import Connection
from typing import TYPE_CHECKING, cast

from puzzledb.db import queries

from .resolving import Resolved

if TYPE_CHECKING:
    from ..answer_types import DepthAnswer, FarthestAnswer, StatsAnswer
    from ..questions import DepthQuestion, FarthestQuestion

MOST_SOLVED_SHOWN = 10  # states named by stats as having the most optimal solutions


def depth_answer(conn: Connection, r: Resolved) -> DepthAnswer:
    """A page of the states at `depth`, in state order (a build of classes: class by
    class, db.classes): skip `offset` of them, or start after the state `after` (the last
    of the previous page), which costs the same however deep the page."""
    q, build = cast("DepthQuestion", r.question), r.build
    depth, limit, offset, after = q.depth, q.limit, q.offset, q.after
    count = queries.count_at_depth(conn, build, depth)
    past_the_end = after is None and offset >= count
    states = (
        [] if past_the_end else queries.states_at_depth(conn, build, depth, limit, offset, after)
    )
    return {
        "puzzle": build.name,
        "goal": build.goal,
        "depth": depth,
        "count": count,
        "offset": offset,
        "after": after,
        "states": states,
    }


def farthest_answer(conn: Connection, r: Resolved) -> FarthestAnswer:
    build, limit = r.build, cast("FarthestQuestion", r.question).limit
    states = queries.states_at_depth(conn, build, build.max_depth, limit)
    count = queries.count_at_depth(conn, build, build.max_depth)
    return {
        "puzzle": build.name,
        "goal": build.goal,
        "depth": build.max_depth,
        "radius": build.radius,  # a number: these are the radius edge, not the farthest
        "count": count,
        "states": states,
    }


def stats_answer(conn: Connection, r: Resolved) -> StatsAnswer:
    build = r.build
    counts = queries.histogram(conn, build)
    most = queries.most_solved(conn, build, MOST_SOLVED_SHOWN)
    return {
        "puzzle": build.name,
        "goal": build.goal,
        "title": build.title,
        "states": build.states,
        "max_depth": build.max_depth,
        "radius": build.radius,
        "histogram": counts,
        "goal_positions": counts[0] if counts else 0,  # the positions the goal matches
        "most_solutions": {
            "solutions": build.max_solutions,
            "count": build.max_solutions_states,
            "states": most,
        },
        "classes": build.classes,  # rows of a build of classes (db.classes), else None
        "built_at": build.built_at,  # when storing began
        "build_seconds": build.build_seconds,
        "started_at": build.started_at,  # when the search began (None: not kept)
        "finished_at": build.finished_at,  # when the build committed (None: not kept)
    }
