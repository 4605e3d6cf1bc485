"""The answers puzzledb gives, as JSON-ready dicts, for every front end (CLI, HTTP, page).

This is where user input is checked (puzzle name, state text, goal, numbers) and turned into
the errors of builder.errors; the lookups themselves are db.queries. No SQL here.
"""

from __future__ import annotations

import itertools
import shlex

from puzzledb.builder import catalogue, targets
from puzzledb.builder.errors import (
    BeyondRadius,
    MalformedInput,
    NotBuilt,
    PuzzledbError,
    Unreachable,
    shown,
)
from puzzledb.builder.puzzle import Puzzle
from puzzledb.db import queries
from puzzledb.db.connection import Readable
from puzzledb.db.queries import Build

MAX_LIMIT = 10_000
MAX_RESOLVED = 512  # (puzzle, goal text) pairs remembered before starting over
MAX_REMEMBERED_TEXT = 64  # longer goal texts are resolved each time, never remembered
MOST_SOLVED_SHOWN = 10  # states named by stats as having the most optimal solutions


class Answers:
    def __init__(self, database: Readable, db_hint: str = ""):
        self.database = database  # anything with connection(); a `generation` if it changes
        self.db_hint = db_hint  # e.g. " --db other.sqlite", repeated in build suggestions
        self._looks: dict[str, Puzzle] = {}  # puzzle name -> the Puzzle its answers used
        self._generation: object = None
        self._resolved: dict[tuple, tuple[Puzzle, Build]] = {}
        self._builds: list[Build] | None = None

    def connection(self):
        """A connection for one answer (a context manager); the service keeps its own."""
        return self.database.connection()

    # -- resolving the puzzle and its build ----------------------------------------------------
    def puzzle(self, conn, name: str) -> Puzzle:
        if name in catalogue.CATALOGUE:
            return catalogue.CATALOGUE[name]
        stored = queries.builds_of(conn, name) if isinstance(name, str) else []
        if stored:
            return catalogue.from_spec(stored[0].definition)
        return catalogue.get(name)  # raises UnknownPuzzle naming the known puzzles

    def _memory(self) -> dict[tuple, tuple[Puzzle, Build]]:
        """Resolved builds, kept until the database's generation changes (a build, a new
        file); a Database that never changes has none, and keeps them for its life."""
        generation = getattr(self.database, "generation", 0)
        if generation != self._generation:
            self._generation, self._resolved, self._builds = generation, {}, None
        return self._resolved

    def resolve(self, conn, name: str, goal_text: str | None) -> tuple[Puzzle, Build]:
        """The puzzle and its build toward the goal (default: the puzzle's); remembered, but
        never an error and never a long goal text."""
        memory = self._memory()
        key = (name, goal_text)
        found = memory.get(key)
        if found is None:
            found = self._resolve(conn, name, goal_text)
            if goal_text is None or len(goal_text) <= MAX_REMEMBERED_TEXT:
                if len(memory) >= MAX_RESOLVED:
                    memory.clear()
                memory[key] = found
        self._looks[found[1].name] = found[0]
        return found

    def all_builds(self, conn) -> list[Build]:
        self._memory()
        if self._builds is None:
            self._builds = queries.all_builds(conn)
        return self._builds

    def _resolve(self, conn, name: str, goal_text: str | None) -> tuple[Puzzle, Build]:
        puzzle = self.puzzle(conn, name)
        goal = puzzle.parse_goal(goal_text)
        build = queries.find_build(conn, puzzle.name, goal)
        if build is None:
            raise NotBuilt(self._not_built_message(conn, puzzle, goal, goal_text is None))
        return puzzle, build

    def puzzle_of(self, answer: dict) -> Puzzle:
        """The puzzle an answer of this Answers is about, as it was resolved for the answer:
        what a text front end needs to draw its boards, with no second lookup."""
        return self._looks[answer["puzzle"]]

    def _not_built_message(self, conn, puzzle: Puzzle, goal: str, default: bool) -> str:
        goal_flag = "" if default else f" --goal {shlex.quote(goal)}"  # a pattern's '?' globs
        goal_flag += catalogue.radius_flag(puzzle.name)
        message = (
            f"{puzzle.name} is not built toward goal {goal} yet; build it with: "
            f"puzzledb build {puzzle.name}{goal_flag}{self.db_hint}"
        )
        others = [b.goal for b in queries.builds_of(conn, puzzle.name)]
        if others:
            message += f" (built goals: {', '.join(others)}; choose one with --goal)"
        return message

    def toward(self, conn, name: str, goal_text: str | None, to_text: str | None):
        """(puzzle, build, frame, goal) of a question: the build toward the goal, or with `to`
        a build that, seen through a frame (builder.targets), has the target as its goal."""
        if to_text is None:
            puzzle, build = self.resolve(conn, name, goal_text)
            return puzzle, build, None, build.goal
        if goal_text is not None:
            raise MalformedInput("give goal or to, not both: to names the position to reach")
        puzzle = self.puzzle(conn, name)
        target = puzzle.parse(to_text, "to")
        builds = sorted(
            (b for b in self.all_builds(conn) if b.name == puzzle.name),
            key=lambda b: (b.radius is not None, -(b.radius or 0), b.goal != puzzle.default_goal),
        )
        found = targets.frame_for(puzzle, target, [b.goal for b in builds])
        if found is None:
            raise NotBuilt(self._no_build_toward(puzzle, target, builds))
        goal, frame = found
        build = next(b for b in builds if b.goal == goal)
        self._looks[build.name] = puzzle
        return puzzle, build, (None if frame.identity else frame), target

    def _no_build_toward(self, puzzle: Puzzle, target: str, builds: list[Build]) -> str:
        radius = catalogue.radius_flag(puzzle.name)
        if puzzle.relabelable:
            return (
                f"no build of {puzzle.name} can answer toward {target}: none has its blank "
                f"where a mirror or rotation of the board puts the target's; build every goal "
                f"that targets need with: puzzledb build {puzzle.name} --all-goals{radius}"
                f"{self.db_hint} (or this one with --goal {target})"
            )
        why = (
            "its pieces are not all distinct, so a build toward one goal cannot be "
            "renamed into a build toward another"
            if puzzle.kind == "sliding"
            else "pegs are all alike, so a build toward one goal cannot be renamed into a "
            "build toward another"
        )
        return (
            f"{puzzle.name} is not built toward {target}: {why}; build it with: "
            f"puzzledb build {puzzle.name} --goal {target}{radius}{self.db_hint}"
        )

    # -- answers ---------------------------------------------------------------------------------
    def path(
        self, name: str, state_text: str, goal_text: str | None = None, to_text: str | None = None
    ) -> dict:
        """An optimal path from a state to the goal, or with `to` to any position: a build
        toward another goal answers it through a frame, and the path is mapped back."""
        with self.connection() as conn:
            puzzle, build, frame, goal = self.toward(conn, name, goal_text, to_text)
            state = puzzle.parse(state_text, "state")
            steps, solutions = queries.path(conn, build, frame.to_build(state) if frame else state)
        if not steps:
            raise self._not_stored(puzzle, build, state, goal)
        moves: list[str | None]  # None only after the goal, which is left out
        if frame:
            states = [frame.from_build(s) for s, _ in steps]
            moves = [_move_between(puzzle, a, b) for a, b in itertools.pairwise(states)]
        else:
            states, moves = [s for s, _ in steps], [m for _, m in steps[:-1]]
        return {
            "puzzle": build.name,
            "goal": goal,
            "state": state,
            "depth": len(steps) - 1,
            "solutions": solutions,
            "path": states,
            "reached": states[-1],  # the goal position it ends at (one of a pattern's)
            "moves": moves,
            "pieces": [_pieces(puzzle, s) for s in states],
        }

    def _not_stored(
        self, puzzle: Puzzle, build: Build, state: str, goal: str | None = None
    ) -> PuzzledbError:
        """The error for a well-formed state the build does not hold, saying why."""
        goal = goal or build.goal
        reason = _hopeless(puzzle, build, state, goal)
        if reason is None and build.radius is not None:
            return BeyondRadius(
                f"{state} is more than {build.radius} moves from goal {goal}: the "
                f"{build.name} build{_serving(build, goal)} holds only states within radius "
                f"{build.radius} (rebuild with a larger --radius to answer it)"
            )
        if reason is None:
            reason = "no sequence of moves leads from it to the goal"
        return Unreachable(f"{state} cannot reach goal {goal} of {build.name}: {reason}")

    def depth(
        self,
        name: str,
        depth,
        goal_text: str | None = None,
        limit=100,
        offset=0,
        after_text: str | None = None,
    ) -> dict:
        """A page of the states at `depth`, in state order: skip `offset` of them, or start
        after the state `after_text` (the last of the previous page), which costs the same
        however deep the page."""
        depth = whole_number(depth, "depth")
        limit = whole_number(limit, "limit", high=MAX_LIMIT)
        offset = whole_number(offset, "offset")
        if after_text is not None and offset:
            raise MalformedInput(
                "give offset or after, not both: after already says where the page starts"
            )
        with self.connection() as conn:
            puzzle, build = self.resolve(conn, name, goal_text)
            after = None if after_text is None else puzzle.parse(after_text, "after")
            count = queries.count_at_depth(conn, build, depth)
            past_the_end = after is None and offset >= count
            states = (
                []
                if past_the_end
                else queries.states_at_depth(conn, build, depth, limit, offset, after)
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

    def farthest(self, name: str, goal_text: str | None = None, limit=1000) -> dict:
        limit = whole_number(limit, "limit", high=MAX_LIMIT)
        with self.connection() as conn:
            _, build = self.resolve(conn, name, goal_text)
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

    def stats(self, name: str, goal_text: str | None = None) -> dict:
        with self.connection() as conn:
            _, build = self.resolve(conn, name, goal_text)
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
            "built_at": build.built_at,
            "build_seconds": build.build_seconds,
        }

    def catalogue(self) -> dict:
        with self.connection() as conn:
            builds = queries.all_builds(conn)
        return catalogue_answer(builds)

    def moves(
        self,
        name: str,
        state_text: str,
        goal_text: str | None = None,
        to_text: str | None = None,
        any_state=False,
    ) -> dict:
        """Every legal move from a stored state with the depth it leads to, best first.

        A lookup like path: the move rule lists the successors, one query finds their depths.
        A successor that is not stored has depth None: it cannot reach the goal (peg dead
        ends), or it lies beyond a radius build (`beyond_radius`), which it does in a radius
        build unless a rule of the puzzle says it cannot reach the goal. With `any_state` a
        state the build does not hold is answered too (a player can go on from a dead end):
        depth and solutions null, and `why` says why.
        """
        any_state = flag(any_state, "any")
        with self.connection() as conn:
            puzzle, build, frame, goal = self.toward(conn, name, goal_text, to_text)
            state = puzzle.parse(state_text, "state")
            options = puzzle.moves(state)
            asked = [state] + [after for _, after in options]
            if frame:
                seen = queries.depths_of(conn, build, [frame.to_build(s) for s in asked])
                depths = {s: seen[frame.to_build(s)] for s in asked if frame.to_build(s) in seen}
            else:
                depths = queries.depths_of(conn, build, asked)
        why = None
        if state not in depths:
            if not any_state:
                raise self._not_stored(puzzle, build, state, goal)
            why = self._not_stored(puzzle, build, state, goal).message
        here, solutions = depths.get(state, (None, None))
        listed = []
        for move, after in options:
            depth, count = depths.get(after, (None, None))
            listed.append(
                {
                    "move": move.label,
                    "state": after,
                    "depth": depth,
                    "solutions": count,
                    "optimal": here is not None and depth == here - 1,
                    "beyond_radius": depth is None and _beyond(puzzle, build, after, goal),
                    **dict(zip(("from", "to"), puzzle.move_cells(state, move, after))),
                    "pieces": _pieces(puzzle, after),
                }
            )
        listed.sort(key=lambda m: (m["depth"] is None, m["depth"] or 0))
        answer = {
            "puzzle": build.name,
            "goal": goal,
            "state": state,
            "depth": here,
            "solutions": solutions,
            "pieces": _pieces(puzzle, state),
            "moves": listed,
        }
        if why is not None:
            answer["why"] = why
        return answer

    def question(self, conn, method: str, args: tuple) -> tuple[tuple, Build]:
        """The canonical form of a question (method, puzzle, goal, canonical state or numbers)
        and the build that answers it: how the service remembers answers, so every spelling
        of one question is one entry. Input is checked in the order the answer itself checks
        it, so errors are the same either way."""
        if method in ("path", "moves"):
            name, state_text, goal_text, *more = args
            to_text = more[0] if more else None
            extra = (flag(more[1] if len(more) > 1 else False, "any"),) if method == "moves" else ()
            puzzle, build, _frame, goal = self.toward(conn, name, goal_text, to_text)
            state = puzzle.parse(state_text, "state")
            if to_text is None:
                return (method, build.name, goal, state, None, *extra), build
            return (method, build.name, None, state, goal, *extra), build
        if method == "depth":
            name, d, goal_text, limit, offset, after = args
            numbers = (
                whole_number(d, "depth"),
                whole_number(limit, "limit", high=MAX_LIMIT),
                whole_number(offset, "offset"),
            )
            puzzle, build = self.resolve(conn, name, goal_text)
            after = None if after is None else puzzle.parse(after, "after")
            return (method, build.name, build.goal, *numbers, after), build
        if method == "farthest":
            name, goal_text, limit = args
            limit = whole_number(limit, "limit", high=MAX_LIMIT)
            _, build = self.resolve(conn, name, goal_text)
            return (method, build.name, build.goal, limit), build
        if method == "stats":
            name, goal_text = args
            _, build = self.resolve(conn, name, goal_text)
            return (method, build.name, build.goal), build
        raise ValueError(f"no such answer: {method}")

    def answer(self, key: tuple) -> dict:
        """The answer to a question in its canonical form (`question`)."""
        method, name, goal, *rest = key
        return getattr(self, method)(*_arguments(method, name, goal, rest))


def _pieces(puzzle: Puzzle, state: str) -> list[dict]:
    """The pieces of a state and the cells each covers, as the page draws them."""
    return [{"label": label, "cells": cells} for label, cells in puzzle.placed(state)]


def _beyond(puzzle: Puzzle, build: Build, state: str, goal: str) -> bool:
    """Whether a state the build does not hold lies beyond its radius (else it is hopeless)."""
    return build.radius is not None and _hopeless(puzzle, build, state, goal) is None


def _hopeless(puzzle: Puzzle, build: Build, state: str, goal: str) -> str | None:
    """Why a state the build does not hold cannot reach the goal, when a rule says so, or
    when the rules fix its distance (a peg board counted in jumps) within the build's radius."""
    reason = puzzle.unreachable_reason(state, goal)
    known = puzzle.known_depth(state, goal)
    radius = build.radius
    if reason is None and radius is not None and known is not None and known <= radius:
        reason = (
            f"it would be {known} moves from the goal, and the build holds every position "
            f"within {build.radius} moves that can reach it"
        )
    return reason


def _serving(build: Build, goal: str) -> str:
    return "" if goal == build.goal else f" toward {build.goal}, which answers toward {goal},"


def _move_between(puzzle: Puzzle, before: str, after: str) -> str:
    """The words of the move from `before` to `after`, said on the question's own board (a
    mirrored build would say left for right)."""
    return next(move.label for move, reached in puzzle.moves(before) if reached == after)


def _arguments(method: str, name: str, goal: str, rest: list) -> tuple:
    """Arguments for Answers.<method> from the parts of a canonical question."""
    if method in ("path", "moves"):
        return name, rest[0], goal, *rest[1:]
    if method == "depth":
        return name, rest[0], goal, rest[1], rest[2], rest[3]
    if method == "farthest":
        return name, goal, rest[0]
    return name, goal


def catalogue_answer(builds: list[Build]) -> dict:
    """Every catalogue puzzle (built or not) and every stored custom puzzle, with its builds."""
    entries: dict[str, dict] = {}
    for puzzle in catalogue.CATALOGUE.values():
        entries[puzzle.name] = _entry(puzzle.spec(), puzzle.default_goal)
    for build in builds:
        if build.name not in entries:
            entries[build.name] = _entry(build.definition, build.definition["goal"])
        entries[build.name]["builds"].append({**build.summary(), "exits": _exits(build)})
    return {"puzzles": list(entries.values())}


def _exits(build: Build) -> list[dict]:
    """Where the build's goal puts an exit on the board's edge, by the rules of its kind (the
    page marks it; [] for a whole-position goal)."""
    puzzle = catalogue.CATALOGUE.get(build.name) or catalogue.from_spec(build.definition)
    return puzzle.exits(build.goal)


def _entry(spec: dict, default_goal: str) -> dict:
    board = (
        f"{spec['rows']}x{spec['cols']}"
        if spec["kind"] == "sliding"
        else f"{len(spec['layout'])} holes"
    )
    return {
        "name": spec["name"],
        "title": spec["title"],
        "kind": spec["kind"],
        "board": board,
        "default_goal": default_goal,
        "builds": [],
        "definition": spec,  # the board's geometry and looks, for clients that draw it
    }


FLAGS = {True: True, False: False, "1": True, "true": True, "0": False, "false": False}


def flag(value, what: str) -> bool:
    """A yes/no parameter: true/false or 1/0 (HTTP gives text)."""
    found = FLAGS.get(value) if isinstance(value, (bool, str)) else None
    if found is None:
        raise MalformedInput(f"{what} must be true or false (or 1 or 0), not {shown(str(value))}")
    return found


def whole_number(value, what: str, *, high: int | None = None) -> int:
    """Parse a non-negative whole number from user input, naming the field when it is not."""
    if isinstance(value, bool):
        raise MalformedInput(f"{what} must be a whole number, got {value!r}")
    if isinstance(value, int):
        number = value
    else:
        text = str(value).strip()
        digits = text[1:] if text.startswith("-") else text
        if not digits.isdigit() or not digits.isascii():
            raise MalformedInput(f"{what} must be a whole number of 0 or more, got {shown(value)}")
        if len(digits) > 12:
            raise MalformedInput(f"{what} is too large: {shown(value)}")
        number = int(text)
    if number < 0:
        raise MalformedInput(f"{what} must be 0 or more, got {number}")
    if high is not None and number > high:
        raise MalformedInput(f"{what} must be at most {high}, got {number}")
    return number
