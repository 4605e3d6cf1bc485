"""A question resolved to the build that answers it: its puzzle (from the catalogue, else from
the definition a build stored), the build toward its goal or, through a frame
(builder.targets), toward the target of `to`, and its canonical form. User input becomes the
errors of builder.core.errors here, in the order every answer has always checked it, and a
missing build an error that says how to build it. What is found is remembered per database.
"""

from __future__ import annotations

import dataclasses
import threading
from contextlib import AbstractContextManager
from sqlite3 import Connection
from typing import TYPE_CHECKING, NamedTuple, cast

from puzzledb.builder import catalogue
from puzzledb.builder.core.errors import MalformedInput, UnknownPuzzle
from puzzledb.builder.puzzle import Puzzle
from puzzledb.db import queries
from puzzledb.db.connection import Readable
from puzzledb.db.errors import NotBuilt
from puzzledb.db.queries import Build

from ..questions import Question

if TYPE_CHECKING:
    from puzzledb.builder.targets import Frame

    from ..questions import DepthQuestion, MovesQuestion, PathQuestion

MAX_RESOLVED = 512  # (puzzle, goal text) pairs remembered before starting over
MAX_REMEMBERED_TEXT = 64  # longer goal texts are resolved each time, never remembered
BUILT_NAMED = 20  # puzzles built in the file named by an unknown puzzle's message


class Resolved(NamedTuple):
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


class Resolver:
    """Questions resolved over one database: Answers is one, answering what it resolves. What
    it remembers (resolved builds) is shared between threads under a lock, and forgotten when
    the database's generation changes."""

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

    def resolved(self, conn: Connection, question: Question) -> Resolved:
        """The question's puzzle, build and canonical form. Input is checked in the order
        each answer always has checked it, so the errors are the same from every front end."""
        if question.of_a_position:  # a path's or moves' (their classes load as they are asked)
            question = cast("PathQuestion | MovesQuestion", question)
            puzzle, build, frame, goal = self.toward(
                conn, question.puzzle, question.goal, question.to
            )
            if question.scramble is not None:
                state, first = puzzle.scrambled(question.scramble)
            else:
                state, first = puzzle.read_position(cast(str, question.state), "state")
            # the answer's moves are made after the whole-puzzle turns `first`: part of it
            canonical = dataclasses.replace(
                question, puzzle=build.name, state=state, scramble=None, turn_first=first
            )
            if question.to is None:
                canonical = dataclasses.replace(canonical, goal=goal)
            else:
                canonical = dataclasses.replace(canonical, to=goal)
            return Resolved(canonical, puzzle, build, goal, frame)
        puzzle, build = self.resolve(conn, question.puzzle, question.goal)
        named = dataclasses.replace(question, puzzle=build.name, goal=build.goal)
        page = cast("DepthQuestion", named) if named.kind == "depth" else None
        if page is not None and page.after is not None:
            named = dataclasses.replace(page, after=puzzle.parse(page.after, "after"))
        return Resolved(named, puzzle, build, build.goal)

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
            try:  # no build toward it: say how to make one, if the puzzle can be built so
                puzzle.parse_goal(target)
            except MalformedInput as cannot:  # (a family of every mix: toward patterns only)
                raise MalformedInput(
                    f"{puzzle.name} cannot answer toward {target}: {cannot}"
                ) from None
            raise NotBuilt(self._no_build_toward(puzzle, target, builds))
        goal, frame = found
        build = next(b for b in builds if b.goal == goal)
        return puzzle, build, (None if frame.identity else frame), target

    def _no_build_toward(self, puzzle: Puzzle, target: str, builds: list[Build]) -> str:
        from puzzledb.builder import targets

        radius = catalogue.radius_flag(puzzle.name)
        if puzzle.relabelable and builds and all(targets.is_pattern(b.goal) for b in builds):
            patterns = ", ".join(b.goal for b in builds[:3]) + (", ..." if len(builds) > 3 else "")
            return (
                f"no build of {puzzle.name} can answer toward {target}: its builds are toward "
                f"patterns ({patterns}), and a target needs a build toward one whole position; "
                f"build every goal that targets need with: {_build_words(puzzle)} --all-goals"
                f"{radius}{self.db_hint}{_file_note(puzzle)} (or this one with --goal {target})"
            )
        if puzzle.relabelable:
            return (
                f"no build of {puzzle.name} can answer toward {target}: none has its blank "
                f"where a mirror or rotation of the board puts the target's; build every goal "
                f"that targets need with: {_build_words(puzzle)} --all-goals{radius}"
                f"{self.db_hint}{_file_note(puzzle)} (or this one with --goal {target})"
            )
        why = puzzle.why_no_targets()
        return (
            f"{puzzle.name} is not built toward {target}: {why}; build it with: "
            f"{_build_words(puzzle)} --goal {target}{radius}{self.db_hint}{_file_note(puzzle)}"
        )


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
