"""`puzzledb.open(path)`: a puzzledb file read from Python, asking what the command line asks
and answering what its `--json` prints (service.library.results), through the same answer
layer (service.answers). One object may be shared by threads: each thread reads through a
connection of its own that follows rebuilds (db.thread_connections), as the service's do.
"""

from __future__ import annotations

import builtins
import functools
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path as FilePath
from types import TracebackType
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.db.connection import ReadConnection, reader
from puzzledb.db.errors import DatabaseFault
from puzzledb.db.thread_connections import FreshConnections

from ..answers import Answers
from ..questions import FARTHEST_LIMIT, MovesQuestion, PathQuestion
from ..settings import SETTINGS
from . import results

if TYPE_CHECKING:
    from puzzledb.builder.puzzle import Puzzle

    from ..answer_types import Piece

#: Most rows `sql` returns unless told (`puzzledb sql --json`'s cap); 0 or None: no cap.
SQL_ROWS = 1_000_000
#: States a page of `depth` asks for at once while iterating.
DEPTH_PAGE = 1000


def open(path: str | os.PathLike[str]) -> Database:
    """The puzzledb file at `path`, for reading; NotBuilt where there is none, ForeignDatabase,
    DatabaseVersion or DatabaseFault where it is not one this version reads."""
    return Database(path)


P = ParamSpec("P")
R = TypeVar("R")


def _faults(method: Callable[P, R]) -> Callable[P, R]:
    """An error of SQLite itself (a file that is no database, a disk error) as the command
    line reports it: DatabaseFault naming the file."""

    @functools.wraps(method)
    def asked(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as error:
            where = args[0].file if isinstance(args[0], Database) else ""
            path = shown(str(where), PATH_SHOWN)
            raise DatabaseFault(f"cannot use the database at {path}: {error}") from None

    return asked


class _Tracked(FreshConnections):
    """FreshConnections that remember every connection opened, so `close` closes each
    thread's."""

    def __init__(self, database: Any):
        super().__init__(database)
        self.opened: list[ReadConnection] = []
        self.closed = False
        self._guard = threading.Lock()

    def _fresh(self) -> ReadConnection:
        if self.closed:
            raise DatabaseFault(f"{self.database.path} is closed: open it again to read it")
        return super()._fresh()

    def _open(self) -> ReadConnection:
        conn = super()._open()
        with self._guard:
            self.opened.append(conn)
        return conn

    def close(self) -> None:
        with self._guard:
            self.closed = True
            for conn in self.opened:
                conn.close()
            self.opened.clear()


class Database:
    """A puzzledb file opened for reading (`puzzledb.open`). Each question takes what the
    command line's takes, raises the error it reports (a PuzzledbError with its `code`), and
    gives an answer equal to what `--json` prints. Close it, or use it in a `with` block."""

    def __init__(self, path: str | os.PathLike[str]):
        self.file = FilePath(os.fsdecode(path))
        try:
            self._connections = _Tracked(reader(self.file))
        except sqlite3.Error as error:
            path = shown(str(self.file), PATH_SHOWN)
            raise DatabaseFault(f"cannot use the database at {path}: {error}") from None
        name = shown(str(self.file), PATH_SHOWN)
        self._answers = Answers(self._connections, db_hint=f" --db {self.file}", db_name=name)

    # -- the lookups ----------------------------------------------------------------------------
    @_faults
    def path(
        self,
        puzzle: str,
        state: str | None = None,
        *,
        goal: str | None = None,
        to: str | None = None,
        scramble: str | None = None,
    ) -> results.Path:
        """An optimal path from `state` (or a twisty puzzle's `scramble`) to the goal, or to
        the target `to`: `puzzledb path PUZZLE STATE [--goal] [--to] [--scramble]`."""
        resolved, answer = self._answers.ask(PathQuestion.of(puzzle, state, goal, to, scramble))
        return results.Path(answer).drawn(_drawer(resolved.puzzle))  # type: ignore[return-value]

    @_faults
    def moves(
        self,
        puzzle: str,
        state: str | None = None,
        *,
        goal: str | None = None,
        to: str | None = None,
        any: bool = False,
        scramble: str | None = None,
    ) -> results.Moves:
        """Every legal move from `state`, best first, each with the distance it leads to:
        `puzzledb moves`; `any=True` answers a state the build does not hold too."""
        question = MovesQuestion.of(puzzle, state, goal, to, any, scramble)
        resolved, answer = self._answers.ask(question)
        return results.Moves(answer).drawn(_drawer(resolved.puzzle))  # type: ignore[return-value]

    def depth(
        self,
        puzzle: str,
        depth: int,
        *,
        goal: str | None = None,
        limit: int | None = None,
    ) -> Iterator[str]:
        """The positions `depth` moves from the goal, in key order, at most `limit` (None:
        all), read a page at a time as the iterator is used: `puzzledb depth`. Raises at
        once for a bad question, before the first position."""
        first = self.depth_page(puzzle, depth, goal=goal, limit=_page(limit))
        return self._depth_states(first, puzzle, depth, goal, limit)

    @_faults
    def depth_page(
        self,
        puzzle: str,
        depth: int,
        *,
        goal: str | None = None,
        limit: int = 100,
        offset: int = 0,
        after: str | None = None,
    ) -> results.Depth:
        """One page of the positions at `depth`, as `puzzledb depth --json` prints it."""
        answer = self._answers.depth(puzzle, depth, goal, limit, offset, after)
        return results.Depth(answer)

    def _depth_states(
        self, page: results.Depth, puzzle: str, depth: int, goal: str | None, limit: int | None
    ) -> Iterator[str]:
        left = limit
        while True:
            yield from page.states[: left if left is not None else None]
            if left is not None:
                left -= len(page.states)
                if left <= 0:
                    return
            if len(page.states) < _page(left) or not page.states:
                return
            page = self.depth_page(
                puzzle, depth, goal=goal, limit=_page(left), after=page.states[-1]
            )

    @_faults
    def farthest(
        self, puzzle: str, *, goal: str | None = None, limit: int = FARTHEST_LIMIT.default
    ) -> results.Farthest:
        """The positions farthest from the goal (the first `limit`): `puzzledb farthest`."""
        return results.Farthest(self._answers.farthest(puzzle, goal, limit))

    @_faults
    def stats(self, puzzle: str, *, goal: str | None = None) -> results.Stats:
        """A build's figures and its histogram: `puzzledb stats`."""
        return results.Stats(self._answers.stats(puzzle, goal))

    @_faults
    def puzzles(self) -> builtins.list[results.PuzzleEntry]:
        """Every puzzle of the catalogue and of the file, each with its builds: `puzzledb
        list`'s `puzzles`."""
        return [results.PuzzleEntry(p) for p in self._answers.catalogue()["puzzles"]]

    # -- SQL -------------------------------------------------------------------------------------
    @_faults
    def sql(
        self,
        query: str,
        params: Sequence[object] | Mapping[str, object] = (),
        *,
        limit: int | None = SQL_ROWS,
        time_limit: float | None = None,
    ) -> results.SqlRows:
        """The rows of one read-only query (`puzzledb sql`): `?` parameters from a sequence,
        `:name` ones from a mapping; at most `limit` rows (None or 0: all) within
        `time_limit` seconds (None: the command line's 5; 0: no limit). Anything that would
        write is refused."""
        from puzzledb.db import adhoc

        bound: Any = (
            list(params.items()) if isinstance(params, Mapping) else adhoc.Positional(params)
        )
        if time_limit is None:
            time_limit = float(SETTINGS["sql_time_limit"].default)
        with adhoc.run(self.file, query, bound, time_limit or None) as result:
            rows: builtins.list[tuple[Any, ...]] = []
            for row in result.rows():
                if limit and len(rows) == limit:
                    return results.SqlRows(result.columns, iter(rows), True)
                rows.append(row)
            return results.SqlRows(result.columns, iter(rows), False)

    @property
    @_faults
    def connection(self) -> ReadConnection:
        """This thread's read-only sqlite3 connection, every build's rows readable (for
        pandas.read_sql and the like); closed with the database."""
        from puzzledb.db.cluster import read as sharded

        with self._connections.connection() as conn:
            sharded.every(conn)
            return conn

    # -- closing ---------------------------------------------------------------------------------
    def close(self) -> None:
        """Close every thread's connection; a question after this raises DatabaseFault."""
        self._connections.close()

    def __enter__(self) -> Database:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<puzzledb.Database {str(self.file)!r}>"


def _drawer(puzzle: Puzzle) -> results.Drawer:
    """How answers about `puzzle` draw a position: from its definition (what /puzzles gives a
    front end to draw by), made when first drawn."""

    def draw(pieces: list[Piece]) -> str:
        from ..answers.figure import board_svg

        return board_svg(puzzle.spec(), pieces)  # type: ignore[arg-type]

    return draw


def _page(limit: int | None) -> int:
    return DEPTH_PAGE if limit is None else max(1, min(limit, DEPTH_PAGE))
