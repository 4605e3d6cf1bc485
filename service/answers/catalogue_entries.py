"""What a client reads before it asks anything: the catalogue (every puzzle, built or not, with
its builds, what a front end says of each build's goal and the named starts each holds) and
the service's health. Apart from the questions because it answers no question: it reads every
build at once, and the CLI's `list` makes it even with no database file.
"""

from __future__ import annotations

from sqlite3 import Connection
from typing import TYPE_CHECKING, cast

from puzzledb.builder import catalogue
from puzzledb.builder.puzzle import ANY, Puzzle
from puzzledb.db import queries
from puzzledb.db.errors import DatabaseFault
from puzzledb.db.queries import Build

if TYPE_CHECKING:
    from ..answer_types import (
        BuildEntry,
        Catalogue,
        CatalogueEntry,
        Coordinates,
        Exit,
        Health,
        Vehicles,
    )


def catalogue_answer(builds: list[Build], held: dict[int, list[str]] | None = None) -> Catalogue:
    """Every catalogue puzzle (built or not) and every stored custom puzzle, with its builds;
    `held`: the named starts each build holds, by build id (held_starts)."""
    entries: dict[str, CatalogueEntry] = {}
    for puzzle in catalogue.CATALOGUE.values():
        entries[puzzle.name] = _entry(puzzle.spec(), puzzle.default_goal, puzzle)
    for build in builds:
        if build.name not in entries:
            puzzle = _puzzle_of(build)
            entries[build.name] = _entry(build.definition, puzzle.default_goal, puzzle)
        entries[build.name]["builds"].append(_build_entry(build, (held or {}).get(build.id, [])))
    return {"puzzles": list(entries.values())}


def health_answer(builds: list[Build]) -> Health:
    """The service is up and has read its builds."""
    return {"status": "ok", "builds": len(builds)}


def held_starts(conn: Connection, builds: list[Build]) -> dict[int, list[str]]:
    """The names of the named starts each build holds, by build id: a client opens a build at
    one of these without asking for a position it lacks (a radius build of the English cross
    does not reach its classic start). A build whose rows cannot be read is said to hold none
    here; its own lookups say what is wrong."""
    held = {}
    for build in builds:
        starts = _puzzle_of(build).starts
        if not starts:
            continue
        try:
            found = queries.depths_of(conn, build, list(starts.values()))
        except DatabaseFault:
            found = {}
        held[build.id] = [name for name, state in starts.items() if state in found]
    return held


def _puzzle_of(build: Build) -> Puzzle:
    return catalogue.CATALOGUE.get(build.name) or catalogue.from_spec(build.definition)


def _build_entry(build: Build, starts: list[str]) -> BuildEntry:
    """A build's figures, and what a front end says about its goal by the rules of its kind:
    where it puts an exit on the board's edge (the page marks it; [] for a whole-position
    goal), the goal in words ("one peg left in the centre (hole 16)"), and whether the build
    can answer toward positions other than built goals (`to`, through a renaming:
    builder.targets), and if not why: a client offers targets by it instead of asking about
    each position. Which targets a build serves is still decided when one is asked for (its
    blank must sit where a symmetry can carry it)."""
    puzzle = _puzzle_of(build)
    pattern = ANY in build.goal  # a set of positions: no one position to rename into a target
    targets = puzzle.relabelable and not pattern
    return {
        "goal": build.goal,
        "states": build.states,
        "max_depth": build.max_depth,
        "radius": build.radius,
        "built_at": build.built_at,
        "build_seconds": build.build_seconds,
        "exits": cast("list[Exit]", puzzle.exits(build.goal)),  # the builder's {side, cells, words}
        "goal_words": puzzle.goal_words(build.goal),
        "targets": targets,
        "why_no_targets": None
        if targets
        else puzzle.why_no_targets()
        if not puzzle.relabelable
        else "its goal is a pattern (? any cell), not one position",
        "starts": starts,
    }


def _entry(spec: dict, default_goal: str, puzzle: Puzzle) -> CatalogueEntry:
    return {
        "name": spec["name"],
        "title": spec["title"],
        "kind": spec["kind"],
        "board": puzzle.board_words(),
        "default_goal": default_goal,
        # the positions the definition names (`klotski start`), the page's starts to offer
        "starts": [{"name": n, "state": s} for n, s in spec.get("starts", {}).items()],
        "builds": [],
        "definition": spec,  # the board's geometry and looks, for clients that draw it
        # how move words name columns and rows, or None (the builder's {columns, rows})
        "coordinates": cast("Coordinates | None", puzzle.coordinates()),
        # a board of vehicles: their names, axes and roles, or None (the builder's dict)
        "vehicles": cast("Vehicles | None", puzzle.vehicles()),
    }
