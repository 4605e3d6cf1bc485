"""A plan's builds, one after another, each searched and stored in its own transaction: what a
reporter hears as they go, and the errors that say which builds were stored when Ctrl-C,
SIGTERM or the database stops them."""

from __future__ import annotations

import signal
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Protocol

from puzzledb.builder.core.errors import Interrupted, PuzzledbError
from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.builder.search.progress import Progress
from puzzledb.db.errors import DatabaseFault

from .planning import BuildPlan, Job, builder_for
from .signals import BuildInterrupted, BuildSignals, HoldsCommit

#: What is said of each stored build: its row in the puzzles table, these columns.
BUILD_SUMMARY = ("name", "goal", "states", "max_depth", "radius", "build_seconds")


class Reporter(Protocol):
    """What a run tells as it goes (the CLI's prints; Silent tells nothing)."""

    #: Whether warning() shows each warning as it comes: then an error need not carry those of
    #: the builds stored before it.
    shows_warnings: bool

    def progress(self, name: str) -> Progress:
        """The display of the build of puzzle `name`, from its search to its commit."""
        ...

    def built(self, summary: dict, database: Path) -> None:
        """A build is stored: its summary (BUILD_SUMMARY)."""
        ...

    def warning(self, text: str) -> None:
        """A build is stored, but the operator must act (its file stays in WAL mode)."""
        ...


class Silent:
    """A reporter that tells nothing: what a caller hears is run()'s outcome or its error,
    which then carries every warning."""

    shows_warnings = False

    def progress(self, name: str) -> Progress:
        return Progress()

    def built(self, summary: dict, database: Path) -> None:
        pass

    def warning(self, text: str) -> None:
        pass


@dataclass
class Outcome:
    """What a run stored: a summary of each build, and warnings the operator must hear."""

    database: Path
    built: list[dict] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


def run(
    plan: BuildPlan, reporter: Reporter | None = None, signals: BuildSignals | None = None
) -> Outcome:
    """Search and store each build of `plan` in turn, replacing an old build of the same puzzle
    and goal. SIGINT and SIGTERM are caught while it runs (`signals`: a caller's, already
    installed, else its own) and, like a failing database, stop it with an error naming the
    builds stored and those not: Interrupted, DatabaseFault; a search too large for memory is
    TooLarge, a failed cluster ClusterFailed."""
    if signals is None:
        with BuildSignals() as own:
            return run(plan, reporter, own)
    return _Run(plan, reporter or Silent(), signals).all()


def interrupted(
    interrupt: KeyboardInterrupt, outcome: Outcome | None = None, jobs: Sequence[Job] = ()
) -> Interrupted:
    """Which builds were stored before the interruption (`outcome`), and which of `jobs` not."""
    signum = getattr(interrupt, "signum", signal.SIGINT)
    how = f"interrupted ({signal.Signals(signum).name})"
    built = [] if outcome is None else outcome.built
    stored = [f"{b['name']} toward {b['goal']}" for b in built]
    rest = [f"{puzzle.name} toward {goal}" for puzzle, goal in jobs[len(built) :]]
    if not stored:
        return Interrupted(f"{how}; nothing was stored: the database is unchanged", signum)
    message = f"{how}; stored: {', '.join(stored)}"
    if rest:
        message += f"; not stored: {', '.join(rest)} (the database holds them as before)"
    return Interrupted(message, signum)


def not_at_rest(done: str, reason: str, path: Path, held: str = "the new data") -> str:
    """A build (or removal) committed into a file that then could not leave WAL mode (a full
    disk): what happened (`done`, e.g. "eight toward 123456780 is stored"), and what the
    operator does."""
    wal = Path(f"{path}-wal")
    size = wal.stat().st_size if wal.exists() else 0
    where = shown(str(path), PATH_SHOWN)
    return (
        f"{done}, but {where} could not be put back in "
        f"rollback journal mode ({reason}): it stays in WAL mode, {held} in "
        f"its -wal ({size:,} bytes). Free at least that much disk space; the next build into "
        f"the file then puts it at rest, or at once: sqlite3 {where} 'PRAGMA journal_mode=DELETE'"
    )


class _Run:
    """One run of a plan: what it has stored so far, which its errors name."""

    def __init__(self, plan: BuildPlan, reporter: Reporter, signals: BuildSignals):
        self.plan, self.reporter, self.signals = plan, reporter, signals
        self.outcome = Outcome(plan.database)

    def all(self) -> Outcome:
        try:
            builder = builder_for(self.plan.cluster)
            started = time.perf_counter()
            for job in self.plan.jobs:
                self._one(builder, job, started)
                started = time.perf_counter()
        except KeyboardInterrupt as interrupt:
            raise self._told(self._interrupted(interrupt), interrupt) from None
        except Exception as error:
            if self.signals.arrived is not None:
                # Something failed while the interruption unwound the build (a clean-up it
                # cut short): still an interruption, and nothing more.
                arrived = BuildInterrupted(self.signals.arrived)
                raise self._told(self._interrupted(arrived), error) from None
            if _database_error(error):
                raise self._told(self._not_stored(error), error) from None
            raise
        return self.outcome

    def _one(self, builder: ModuleType, job: Job, started: float) -> None:
        plan, outcome = self.plan, self.outcome
        row = builder.build_to(
            plan.database,
            job.puzzle,
            job.goal,
            started,
            radius=plan.radius,
            progress=HoldsCommit(self.reporter.progress(job.puzzle.name), self.signals),
            compact=plan.compact,
            memory=plan.memory,
            **({"classes": plan.classes} if plan.cluster is None else {"cluster": plan.cluster}),
        )
        outcome.built.append({k: row[k] for k in BUILD_SUMMARY})
        if "not_at_rest" in row:
            stored = f"{row['name']} toward {row['goal']} is stored"
            outcome.warnings.append(not_at_rest(stored, row["not_at_rest"], plan.database))
        self.signals.release()  # recorded as stored: an interruption held meanwhile ends here
        self.reporter.built(outcome.built[-1], plan.database)
        if "not_at_rest" in row:  # even with -q: it needs the operator
            self.reporter.warning(outcome.warnings[-1])

    def _interrupted(self, interrupt: KeyboardInterrupt) -> Interrupted:
        return interrupted(interrupt, self.outcome, self.plan.jobs)

    def _told(self, error: PuzzledbError, cause: BaseException) -> PuzzledbError:
        """`error`, carrying what the operator must hear besides: the warnings of the builds
        stored before it (unless the reporter showed them as they came), and whether the
        failed build left the file in WAL mode (its -wal holding what was committed before)."""
        warnings, jobs, built = self.outcome.warnings, self.plan.jobs, self.outcome.built
        error.warnings = [] if self.reporter.shows_warnings else list(warnings)
        reason = getattr(cause, "not_at_rest", None)
        if reason is not None and len(built) < len(jobs) and not warnings:
            puzzle, goal = jobs[len(built)]
            done = f"{puzzle.name} toward {goal} was not stored"
            held = "what was committed before"
            error.warnings.append(not_at_rest(done, reason, self.plan.database, held))
        return error

    def _not_stored(self, error: Exception) -> DatabaseFault:
        """A build that failed in SQLite (a full disk before its commit): it is not stored, and
        the builds before it in this run are."""
        built = self.outcome.built
        puzzle, goal = self.plan.jobs[len(built)]
        cause = getattr(error, "message", None) or error
        where = shown(str(self.plan.database), PATH_SHOWN)
        message = (
            f"cannot build {puzzle.name} toward {goal} into {where}: {cause}; "
            f"it was not stored (the database holds what it held before)"
        )
        if built:
            stored = ", ".join(f"{b['name']} toward {b['goal']}" for b in built)
            message += f"; stored before it: {stored}"
        return DatabaseFault(message)


def _database_error(error: Exception) -> bool:
    """A build that failed in the database: in SQLite or in the second writer's process."""
    from puzzledb.db.side_writer import SecondWriterFailed

    return isinstance(error, (sqlite3.Error, SecondWriterFailed))
