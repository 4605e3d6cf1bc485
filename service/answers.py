"""The answers puzzledb gives, as JSON-ready dicts typed by service.answer_types, for every
front end (CLI, HTTP, page).

A front end builds a question (service.questions) from its raw text; here it is resolved once,
on one connection (its puzzle, build, frame and canonical states: user input becomes the
errors of builder.core.errors), and answered on that same connection. The lookups themselves are
db.queries. No SQL here.
"""

from __future__ import annotations

import dataclasses
import itertools
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from sqlite3 import Connection
from typing import TYPE_CHECKING, cast, overload

from puzzledb.builder import catalogue
from puzzledb.builder.core.errors import MalformedInput, PuzzledbError, UnknownPuzzle
from puzzledb.builder.puzzle import Puzzle, Reason
from puzzledb.db import queries
from puzzledb.db.connection import Readable
from puzzledb.db.errors import DatabaseFault, NotBuilt
from puzzledb.db.queries import Build
from puzzledb.service.errors import BeyondRadius, Unreachable

from .answer_types import (
    Answer,
    BuildEntry,
    Catalogue,
    CatalogueEntry,
    Coordinates,
    DepthAnswer,
    Exit,
    FarthestAnswer,
    Health,
    MoveOption,
    MovesAnswer,
    PathAnswer,
    Piece,
    StatsAnswer,
    Vehicles,
)
from .questions import (
    FARTHEST_LIMIT,
    LIMIT,
    OFFSET,
    DepthQuestion,
    FarthestQuestion,
    MovesQuestion,
    PathQuestion,
    Question,
    StatsQuestion,
)

if TYPE_CHECKING:
    from sqlite3 import Connection

    from puzzledb.builder.targets import Frame

MAX_RESOLVED = 512  # (puzzle, goal text) pairs remembered before starting over
MAX_REMEMBERED_TEXT = 64  # longer goal texts are resolved each time, never remembered
MOST_SOLVED_SHOWN = 10  # states named by stats as having the most optimal solutions
BUILT_NAMED = 20  # puzzles built in the file named by an unknown puzzle's message


@dataclass(frozen=True)
class Resolved:
    """A question with its puzzle and build found: what its answer is computed from.

    `question` is its canonical form (the build's name and goal, states in canonical text), the
    same for every spelling of one question: the service remembers answers by it. `goal` is
    what the answer is toward: the build's goal, or the target of `to` (seen through `frame`).
    """

    question: Question
    puzzle: Puzzle
    build: Build
    goal: str
    frame: Frame | None = None


class Answers:
    """Answers over one database; what it remembers (resolved builds) is shared between
    threads under a lock, and forgotten when the database's generation changes."""

    def __init__(self, database: Readable, db_hint: str = "", db_name: str | None = None):
        self.database = database  # anything with connection(); a `generation` if it changes
        self.db_hint = db_hint  # e.g. " --db other.sqlite", repeated in build suggestions
        #: How messages name the file (the CLI: its path); None: "this database" (the service
        #: tells clients no path of its host)
        self.db_name = db_name
        self._lock = threading.Lock()
        self._generation: object = None
        self._resolved: dict[tuple, tuple[Puzzle, Build]] = {}
        self._builds: list[Build] | None = None

    def connection(self) -> AbstractContextManager[Connection]:
        """A connection for one answer (a context manager); the service keeps its own."""
        return self.database.connection()

    # -- asking --------------------------------------------------------------------------------
    @overload
    def ask(self, question: PathQuestion) -> tuple[Resolved, PathAnswer]: ...
    @overload
    def ask(self, question: MovesQuestion) -> tuple[Resolved, MovesAnswer]: ...
    @overload
    def ask(self, question: DepthQuestion) -> tuple[Resolved, DepthAnswer]: ...
    @overload
    def ask(self, question: FarthestQuestion) -> tuple[Resolved, FarthestAnswer]: ...
    @overload
    def ask(self, question: StatsQuestion) -> tuple[Resolved, StatsAnswer]: ...
    @overload
    def ask(self, question: Question) -> tuple[Resolved, Answer]: ...
    def ask(self, question: Question) -> tuple[Resolved, Answer]:
        """The question resolved, and its answer, both on one connection."""
        with self.connection() as conn:
            resolved = self.resolved(conn, question)
            return resolved, self.answer_to(conn, resolved)

    def answer(self, question: Question) -> Answer:
        return self.ask(question)[1]

    def resolved(self, conn: Connection, question: Question) -> Resolved:
        """The question's puzzle, build and canonical form. Input is checked in the order
        each answer always has checked it, so the errors are the same from every front end."""
        if isinstance(question, (PathQuestion, MovesQuestion)):
            puzzle, build, frame, goal = self.toward(
                conn, question.puzzle, question.goal, question.to
            )
            state = puzzle.parse(question.state, "state")
            if question.to is None:
                canonical = dataclasses.replace(question, puzzle=build.name, goal=goal, state=state)
            else:
                canonical = dataclasses.replace(question, puzzle=build.name, state=state, to=goal)
            return Resolved(canonical, puzzle, build, goal, frame)
        puzzle, build = self.resolve(conn, question.puzzle, question.goal)
        named = dataclasses.replace(question, puzzle=build.name, goal=build.goal)
        if isinstance(named, DepthQuestion) and named.after is not None:
            named = dataclasses.replace(named, after=puzzle.parse(named.after, "after"))
        return Resolved(named, puzzle, build, build.goal)

    def answer_to(self, conn: Connection, resolved: Resolved) -> Answer:
        """The answer to a resolved question, read through `conn` (the one it was resolved on)."""
        answer: Callable[[object, Resolved], Answer] = getattr(self, f"_{resolved.question.kind}")
        return answer(conn, resolved)

    # -- a Python caller's shorthand: the question from its parts, then its answer ----------------
    def path(
        self, name: str, state_text: str, goal_text: str | None = None, to_text: str | None = None
    ) -> PathAnswer:
        return self.ask(PathQuestion.of(name, state_text, goal_text, to_text))[1]

    def moves(
        self,
        name: str,
        state_text: str,
        goal_text: str | None = None,
        to_text: str | None = None,
        any_state: bool | str = False,
    ) -> MovesAnswer:
        return self.ask(MovesQuestion.of(name, state_text, goal_text, to_text, any_state))[1]

    def depth(
        self,
        name: str,
        depth: int | str,
        goal_text: str | None = None,
        limit: int | str = LIMIT.default,
        offset: int | str = OFFSET.default,
        after_text: str | None = None,
    ) -> DepthAnswer:
        return self.ask(DepthQuestion.of(name, depth, goal_text, limit, offset, after_text))[1]

    def farthest(
        self, name: str, goal_text: str | None = None, limit: int | str = FARTHEST_LIMIT.default
    ) -> FarthestAnswer:
        return self.ask(FarthestQuestion.of(name, goal_text, limit))[1]

    def stats(self, name: str, goal_text: str | None = None) -> StatsAnswer:
        return self.ask(StatsQuestion.of(name, goal_text))[1]

    # -- resolving the puzzle and its build ----------------------------------------------------
    def puzzle(self, conn: Connection, name: str) -> Puzzle:
        if name in catalogue.CATALOGUE:
            return catalogue.CATALOGUE[name]
        stored = queries.builds_of(conn, name) if isinstance(name, str) else []
        if stored:
            return catalogue.from_spec(stored[0].definition)
        try:
            return catalogue.get(name)
        except UnknownPuzzle as unknown:
            raise UnknownPuzzle(self._unknown_message(conn, unknown.message)) from None

    def _unknown_message(self, conn: Connection, message: str) -> str:
        """The catalogue's message for a name it does not know, naming what the file has built
        too: a puzzle defined in TOML or by --rows is known by its build alone."""
        built = queries.built_names(conn)
        if not built:
            return message
        where = self.db_name or "this database"
        more = len(built) - BUILT_NAMED
        listed = ", ".join(built[:BUILT_NAMED]) + (f" and {more:,} more" if more > 0 else "")
        return f"{message}; built in {where}: {listed}"

    def _current(self) -> None:
        """Forget what was remembered when the database's generation changed (a build, a new
        file); a Database that never changes has none, and keeps it for its life. Called under
        the lock."""
        generation = getattr(self.database, "generation", 0)
        if generation != self._generation:
            self._generation, self._resolved, self._builds = generation, {}, None

    def resolve(self, conn: Connection, name: str, goal_text: str | None) -> tuple[Puzzle, Build]:
        """The puzzle and its build toward the goal (default: the puzzle's); remembered, but
        never an error and never a long goal text."""
        key = (name, goal_text)
        with self._lock:
            self._current()
            found = self._resolved.get(key)
        if found is not None:
            return found
        found = self._resolve(conn, name, goal_text)
        if goal_text is None or len(goal_text) <= MAX_REMEMBERED_TEXT:
            with self._lock:
                self._current()
                if len(self._resolved) >= MAX_RESOLVED:
                    self._resolved = {}
                self._resolved[key] = found
        return found

    def all_builds(self, conn: Connection) -> list[Build]:
        with self._lock:
            self._current()
            builds = self._builds
        if builds is None:
            builds = queries.all_builds(conn)
            with self._lock:
                self._current()
                self._builds = builds
        return builds

    def _resolve(self, conn: Connection, name: str, goal_text: str | None) -> tuple[Puzzle, Build]:
        puzzle = self.puzzle(conn, name)
        goal = puzzle.parse_goal(goal_text)
        build = queries.find_build(conn, puzzle.name, goal)
        if build is None:
            raise NotBuilt(self._not_built_message(conn, puzzle, goal, goal_text is None))
        return puzzle, build

    def _not_built_message(self, conn: Connection, puzzle: Puzzle, goal: str, default: bool) -> str:
        import shlex  # an error's hint only

        goal_flag = "" if default else f" --goal {shlex.quote(goal)}"  # a pattern's '?' globs
        goal_flag += catalogue.radius_flag(puzzle.name)
        message = (
            f"{puzzle.name} is not built toward goal {goal} yet; build it with: "
            f"{_build_words(puzzle)}{goal_flag}{self.db_hint}{_file_note(puzzle)}"
        )
        others = [b.goal for b in queries.builds_of(conn, puzzle.name)]
        if others:
            message += f" (built goals: {', '.join(others)}; choose one with --goal)"
        return message

    def toward(
        self, conn: Connection, name: str, goal_text: str | None, to_text: str | None
    ) -> tuple[Puzzle, Build, Frame | None, str]:
        """(puzzle, build, frame, goal) of a question: the build toward the goal, or with `to`
        a build that, seen through a frame (builder.targets), has the target as its goal."""
        if to_text is None:
            puzzle, build = self.resolve(conn, name, goal_text)
            return puzzle, build, None, build.goal
        if goal_text is not None:
            raise MalformedInput("give goal or to, not both: to names the position to reach")
        from puzzledb.builder import targets  # frames serve `to` only

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
        return puzzle, build, (None if frame.identity else frame), target

    def _no_build_toward(self, puzzle: Puzzle, target: str, builds: list[Build]) -> str:
        radius = catalogue.radius_flag(puzzle.name)
        if puzzle.relabelable:
            return (
                f"no build of {puzzle.name} can answer toward {target}: none has its blank "
                f"where a mirror or rotation of the board puts the target's; build every goal "
                f"that targets need with: {_build_words(puzzle)} --all-goals{radius}"
                f"{self.db_hint}{_file_note(puzzle)} (or this one with --goal {target})"
            )
        why = _why_no_targets(puzzle)
        return (
            f"{puzzle.name} is not built toward {target}: {why}; build it with: "
            f"{_build_words(puzzle)} --goal {target}{radius}{self.db_hint}{_file_note(puzzle)}"
        )

    # -- answers, each from its resolved question -------------------------------------------------
    def _path(self, conn: Connection, r: Resolved) -> PathAnswer:
        """An optimal path from a state to the goal, or with `to` to any position: a build
        toward another goal answers it through a frame, and the path is mapped back."""
        puzzle, build, frame, goal = r.puzzle, r.build, r.frame, r.goal
        state = cast(PathQuestion, r.question).state
        steps, solutions = queries.path(conn, build, frame.to_build(state) if frame else state)
        if not steps or solutions is None:
            raise self._not_stored(puzzle, build, state, goal)
        moves: list[str]
        if frame:
            states = [frame.from_build(s) for s, _ in steps]
            moves = [_move_between(puzzle, a, b) for a, b in itertools.pairwise(states)]
        else:  # a step's move is None only at the goal, which is left out
            states, moves = [s for s, _ in steps], cast(list[str], [m for _, m in steps[:-1]])
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
        lost = _lost(puzzle, build, state, goal)
        if lost.beyond:
            return BeyondRadius(
                f"{state} is more than {build.radius} moves from {_aim(build, goal)} {goal}: "
                f"the {build.name} build{_serving(build, goal)} holds only states within "
                f"radius {build.radius} (rebuild with a larger --radius to answer it)"
            )
        return Unreachable(
            f"{state} cannot reach {_aim(build, goal)} {goal} of {build.name}: {lost.reason}"
        )

    def _depth(self, conn: Connection, r: Resolved) -> DepthAnswer:
        """A page of the states at `depth`, in state order (a build of classes: class by
        class, db.classes): skip `offset` of them, or start after the state `after` (the last
        of the previous page), which costs the same however deep the page."""
        q, build = cast(DepthQuestion, r.question), r.build
        depth, limit, offset, after = q.depth, q.limit, q.offset, q.after
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

    def _farthest(self, conn: Connection, r: Resolved) -> FarthestAnswer:
        build, limit = r.build, cast(FarthestQuestion, r.question).limit
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

    def _stats(self, conn: Connection, r: Resolved) -> StatsAnswer:
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

    def catalogue(self) -> Catalogue:
        with self.connection() as conn:
            builds = queries.all_builds(conn)
            held = held_starts(conn, builds)
        return catalogue_answer(builds, held)

    def _moves(self, conn: Connection, r: Resolved) -> MovesAnswer:
        """Every legal move from a stored state with the depth it leads to, best first.

        A lookup like path: the move rule lists the successors, one query finds their depths.
        A successor that is not stored has depth None: it cannot reach the goal (peg dead
        ends), or it lies beyond a radius build (`beyond_radius`), which it does in a radius
        build unless a rule of the puzzle says it cannot reach the goal. With `any` a state
        the build does not hold is answered too (a player can go on from a dead end): depth
        and solutions null, and `why` says why.
        """
        q, puzzle, build, frame, goal = r.question, r.puzzle, r.build, r.frame, r.goal
        q = cast(MovesQuestion, q)
        state = q.state
        options = puzzle.moves(state)
        asked = [state] + [after for _, after in options]
        if frame:
            seen = queries.depths_of(conn, build, [frame.to_build(s) for s in asked])
            depths = {s: seen[frame.to_build(s)] for s in asked if frame.to_build(s) in seen}
        else:
            depths = queries.depths_of(conn, build, asked)
        lost = None
        if state not in depths:
            if not q.any:
                raise self._not_stored(puzzle, build, state, goal)
            lost = _lost(puzzle, build, state, goal)
        here, solutions = depths.get(state, (None, None))
        listed: list[MoveOption] = []
        for move, after in options:
            depth, count = depths.get(after, (None, None))
            moved, rest = puzzle.move_cells(state, move, after)
            listed.append(
                {
                    "move": move.label,
                    "state": after,
                    "depth": depth,
                    "solutions": count,
                    "optimal": here is not None and depth == here - 1,
                    "beyond_radius": depth is None and _beyond(puzzle, build, after, goal),
                    "from": moved,
                    "to": rest,
                    "pieces": _pieces(puzzle, after),
                }
            )
        listed.sort(key=lambda m: (m["depth"] is None, m["depth"] or 0))
        answer: MovesAnswer = {
            "puzzle": build.name,
            "goal": goal,
            "state": state,
            "depth": here,
            "solutions": solutions,
            "pieces": _pieces(puzzle, state),
            "moves": listed,
        }
        if lost is not None:
            lost.tell(answer, build, goal)
        return answer


def _pieces(puzzle: Puzzle, state: str) -> list[Piece]:
    """The pieces of a state and the cells each covers, as the page draws them."""
    return [{"label": label, "cells": cells} for label, cells in puzzle.placed(state)]


def _beyond(puzzle: Puzzle, build: Build, state: str, goal: str) -> bool:
    """Whether a state the build does not hold lies beyond its radius (else it is hopeless)."""
    return build.radius is not None and _hopeless_reason(puzzle, build, state, goal) is None


@dataclass(frozen=True)
class Lost:
    """Why a state the build does not hold has no answer: beyond the build's radius (no
    reason known), or cannot reach the goal, and why (a rule's reason, or the search's)."""

    beyond: bool
    reason: Reason

    def tell(self, answer: MovesAnswer, build: Build, goal: str) -> None:
        """Put into the answer its `why` in a player's words (no state written out), and
        `beyond_radius`, with the rule's proof as `why_details` when there is one."""
        if self.beyond:
            why = (
                f"Too far for this build: this position is more than {build.radius} moves from "
                f"{_aim(build, goal, 'the ')}, and the build holds only positions within "
                f"{build.radius}."
            )
        else:
            away = "No way to win" if goal == build.goal else "No way to the target"
            why = f"{away} from here: {self.reason.words}."
        answer["why"] = why
        answer["beyond_radius"] = self.beyond
        if self.reason.proof:
            answer["why_details"] = self.reason.proof


def _lost(puzzle: Puzzle, build: Build, state: str, goal: str) -> Lost:
    reason = _hopeless_reason(puzzle, build, state, goal)
    if reason is None and build.radius is not None:
        return Lost(True, Reason(""))
    if reason is None:
        stuck = not puzzle.moves(state)
        reason = Reason(
            "no move is left to make" if stuck else "no sequence of moves from it gets there",
            f"the build holds every position that can reach {_aim(build, goal, 'the ')}, and "
            f"not this one",
        )
    return Lost(False, reason)


def _aim(build: Build, goal: str, article: str = "") -> str:
    """What a question is toward: the build's goal, or a target (`to`) it answers through."""
    return f"{article}goal" if goal == build.goal else "the target"


def _hopeless_reason(puzzle: Puzzle, build: Build, state: str, goal: str) -> Reason | None:
    """Why a state the build does not hold cannot reach the goal, when that is known: a rule
    of the puzzle says so, or its rules bound the way to the goal within the build's radius
    (a radius build holds every state that near)."""
    reason = puzzle.unreachable_reason(state, goal)
    most = None if build.radius is None else puzzle.most_moves(state, goal)
    if reason is None and most is not None and build.radius is not None and most <= build.radius:
        reason = Reason(
            f"it would get there within {most} move{'' if most == 1 else 's'} if at all, "
            f"and no way that short exists",
            f"the build holds every state within its radius {build.radius}, but not this one",
        )
    return reason


def _serving(build: Build, goal: str) -> str:
    return "" if goal == build.goal else f" toward {build.goal}, which answers toward {goal},"


def _move_between(puzzle: Puzzle, before: str, after: str) -> str:
    """The words of the move from `before` to `after`, said on the question's own board (a
    mirrored build would say left for right)."""
    return next(move.label for move, reached in puzzle.moves(before) if reached == after)


def catalogue_answer(builds: list[Build], held: dict[int, list[str]] | None = None) -> Catalogue:
    """Every catalogue puzzle (built or not) and every stored custom puzzle, with its builds;
    `held`: the named starts each build holds, by build id (held_starts)."""
    entries: dict[str, CatalogueEntry] = {}
    for puzzle in catalogue.CATALOGUE.values():
        entries[puzzle.name] = _entry(puzzle.spec(), puzzle.default_goal, puzzle)
    for build in builds:
        if build.name not in entries:
            entries[build.name] = _entry(
                build.definition, build.definition["goal"], _puzzle_of(build)
            )
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
    return {
        "goal": build.goal,
        "states": build.states,
        "max_depth": build.max_depth,
        "radius": build.radius,
        "built_at": build.built_at,
        "build_seconds": build.build_seconds,
        "exits": cast(list[Exit], puzzle.exits(build.goal)),  # the builder's {side, cells, words}
        "goal_words": puzzle.goal_words(build.goal),
        "targets": puzzle.relabelable,
        "why_no_targets": None if puzzle.relabelable else _why_no_targets(puzzle),
        "starts": starts,
    }


def _why_no_targets(puzzle: Puzzle) -> str:
    """Why no build of `puzzle` answers toward anything but its own goal."""
    if puzzle.kind == "rush":
        return (
            "its vehicles are told apart by where they run, not by their letters, so a build "
            "toward one goal cannot be renamed into a build toward another: build a target as "
            "a goal of its own (--goal)"
        )
    if puzzle.kind == "sliding":
        return (
            "its pieces are not all distinct, so a build toward one goal cannot be "
            "renamed into a build toward another"
        )
    return (
        "pegs are all alike, so a build toward one goal cannot be renamed into a "
        "build toward another"
    )


def _entry(spec: dict, default_goal: str, puzzle: Puzzle) -> CatalogueEntry:
    board = (
        f"{spec['rows']}x{spec['cols']}"
        if spec["kind"] in ("sliding", "rush")
        else f"{len(spec['layout'])} holes"
    )
    return {
        "name": spec["name"],
        "title": spec["title"],
        "kind": spec["kind"],
        "board": board,
        "default_goal": default_goal,
        # the positions the definition names (`klotski start`), the page's starts to offer
        "starts": [{"name": n, "state": s} for n, s in spec.get("starts", {}).items()],
        "builds": [],
        "definition": spec,  # the board's geometry and looks, for clients that draw it
        # how move words name columns and rows, or None (the builder's {columns, rows})
        "coordinates": cast(Coordinates | None, puzzle.coordinates()),
        # a board of vehicles: their names, axes and roles, or None (the builder's dict)
        "vehicles": cast(Vehicles | None, puzzle.vehicles()),
    }


def _build_words(puzzle: Puzzle) -> str:
    """How a suggested command builds `puzzle`: by name from the catalogue, else from the TOML
    file that defined it (`build NAME` knows catalogue names only)."""
    if puzzle.name in catalogue.CATALOGUE:
        return f"puzzledb build {puzzle.name}"
    return "puzzledb build --file FILE"


def _file_note(puzzle: Puzzle) -> str:
    if puzzle.name in catalogue.CATALOGUE:
        return ""
    return f" (FILE: the TOML file that defines {puzzle.name})"
