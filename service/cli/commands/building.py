"""The commands that write: `build` (each build planned and run by service.builds, its progress
and outcome printed) and `remove` (a build taken out in one transaction). Both hold Ctrl-C and
SIGTERM while they commit, and say what was stored or removed when one stops them; numpy and
the searches load only when a build runs, the answer layer only for remove's goal.
"""

from __future__ import annotations

import json
import signal
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict, Unpack

import click

from puzzledb.builder.core.errors import Interrupted
from puzzledb.db.connection import reader, resolve_path

from ..options import (
    WHOLE_NUMBER,
    DashedValues,
    db_option,
    goal_option,
    json_option,
    reports_errors,
)

if TYPE_CHECKING:
    from puzzledb.builder.search.progress import Progress


@click.command("build", cls=DashedValues)
@click.argument("names", nargs=-1, metavar="NAME...")
@click.option(
    "--all",
    "build_all",
    is_flag=True,
    help="Build every seed puzzle of the articles (and seven's goals for every target).",
)
@goal_option
@click.option(
    "--all-goals",
    is_flag=True,
    help="Build the few goals from which `path --to` reaches any position.",
)
@click.option(
    "--radius",
    type=WHOLE_NUMBER,
    help="Keep only states at most this many moves from the goal.",
)
@click.option(
    "--compact/--store-pred",
    default=True,
    help="Derive pred from the move (the default: a smaller file) or store it "
    "(path walks ~20 us faster).",
)
@click.option(
    "--classes/--every-position",
    default=True,
    help="On a peg board with mirrors or rotations that keep the goal (the English cross has "
    "8), in jumps or in chains: store one position of each class of symmetric ones (the "
    "default: an eighth of the rows, every position still answered) or every position.",
)
@click.option("--file", "definition", metavar="TOML", help="Define the puzzle in a TOML file.")
@click.option(
    "--rows",
    type=WHOLE_NUMBER,
    help="Define a plain sliding puzzle NAME with this many rows; give --cols and --goal too.",
)
@click.option(
    "--cols",
    type=WHOLE_NUMBER,
    help="The number of columns of a puzzle defined with --rows.",
)
@click.option(
    "--blank",
    metavar="B",
    help="The blank's symbol in the --goal of a puzzle defined with --rows (default 0).",
)
@click.option(
    "--metric",
    metavar="M",
    help="With --rows: single or unit (one tile one cell a move, the default), multi (a run "
    "of tiles in line with the blank a move), straight (one tile any cells in one direction) "
    "or finger (one tile anywhere it slides). With --rush: moves (one vehicle any distance "
    "one way, the default) or steps (one vehicle one cell).",
)
@click.option(
    "--rush",
    metavar="BOARD",
    help="Define a Rush Hour card NAME from its board, row by row: A the primary car, other "
    "vehicles by letter, o or . empty, x a wall, rows separated by / (else a square board).",
)
@click.option(
    "--rush-cards",
    metavar="FILE",
    help="Define NAME as a list of Rush Hour cards, one a line in Fogleman's format (moves "
    "board cluster_size; # comments): each card's cluster stored once, each card asked by its "
    "board.",
)
@click.option(
    "--tws",
    metavar="FILE",
    help="Define NAME from a twsearch .tws file: orbits of pieces (Set), a solved state and "
    "moves that permute and twist them; with --metric htm (every power of a move one move, "
    "the default) or qtm (a turn and its undoing only).",
)
@click.option(
    "--kpuzzle",
    metavar="FILE",
    help="Define NAME from a cubing.js KPuzzle JSON file, as --tws does from twsearch's.",
)
@click.option(
    "--moves",
    metavar="LIST",
    help="With --tws or --kpuzzle: keep these of the file's moves, as U,R,F (twsearch's --moves).",
)
@click.option(
    "--cluster",
    metavar="ADDRESS",
    help="Search and write on a Dask cluster: local:N (N worker processes here) or a "
    "scheduler's tcp://HOST:PORT; the rows go to one shard file per worker beside the "
    "database (needs pip install 'puzzledb[cluster]').",
)
@click.option(
    "--memory",
    metavar="SIZE",
    envvar="PUZZLEDB_MEMORY",
    help="Memory the search may take (e.g. 8GB; env PUZZLEDB_MEMORY); default: what the "
    "machine has free (MemAvailable or the cgroup's limit). A search that would need more "
    "stops at once with too_large.",
)
@db_option
@json_option
@click.option("--quiet", "-q", is_flag=True, help="Print nothing but errors.")
@reports_errors
def build_command(
    names: tuple[str, ...],
    db_path: str | None,
    as_json: bool,
    quiet: bool,
    **options: Unpack[BuildFlags],
) -> None:
    """Search puzzles from a goal and store every state (replacing an old build).

    \b
    puzzledb build eight                      a catalogue puzzle toward its goal
    puzzledb build --all                      every seed puzzle of the articles
    puzzledb build fifteen --radius 20        only states within 20 moves
    puzzledb build eight --all-goals          the goals that serve path --to any position
    puzzledb build --file my.toml             every goal of a puzzle defined in TOML
    puzzledb build tiny --rows 2 --cols 2 --goal '231*' --blank '*'
    puzzledb build card --rush BBBCDE/FGGCDE/F.AADE/HHI.../.JI.KK/.JLLMM
    puzzledb build cards --rush-cards cards.txt   a list of Rush Hour cards
    puzzledb build cube --tws 2x2x2.tws --moves U,R,F   a puzzle of permutations
    """
    from ... import builds

    # From the first moment: a signal while the plan is made is an interruption too, one
    # that stored nothing.
    with builds.BuildSignals() as signals:
        try:
            plan = builds.plan(names, db=db_path, **options)
        except KeyboardInterrupt as interrupt:
            raise builds.interrupted(interrupt) from None
        outcome = builds.run(plan, _BuildReporter(quiet, as_json), signals)
    builds.stored_whatever_comes()
    if as_json:
        answer: dict = {"database": str(outcome.database), "built": outcome.built}
        if outcome.warnings:
            answer["warnings"] = outcome.warnings
        click.echo(json.dumps(answer, ensure_ascii=False))


class BuildFlags(TypedDict):
    """The options of `build` that go to its plan as they are (builds.plan checks them)."""

    build_all: bool
    goal: str | None
    all_goals: bool
    radius: str | None
    compact: bool
    classes: bool
    definition: str | None
    rows: str | None
    cols: str | None
    blank: str | None
    metric: str | None
    rush: str | None
    rush_cards: str | None
    tws: str | None
    kpuzzle: str | None
    moves: str | None
    cluster: str | None
    memory: str | None


class _BuildReporter:
    """What `build` prints as it goes: the progress display on stderr (none with --quiet or
    --json), a line per stored build (none with --quiet or --json), and each warning at once
    (even with --quiet; with --json the answer carries them)."""

    def __init__(self, quiet: bool, as_json: bool) -> None:
        self.quiet, self.as_json = quiet, as_json
        self.shows_warnings = not as_json

    def progress(self, name: str) -> Progress:
        from ..progress import for_build

        return for_build(name, self.quiet or self.as_json)

    def built(self, summary: dict, database: Path) -> None:
        if self.quiet or self.as_json:
            return
        from .. import text as printed

        within = "" if summary["radius"] is None else f" within radius {summary['radius']}"
        states = summary["states"]
        click.echo(
            f"built {summary['name']} toward {summary['goal']}{within}: "
            f"{states:,} state{'s' if states != 1 else ''}, "
            f"max depth {summary['max_depth']}, {summary['build_seconds']:.2f} s "
            f"-> {printed.echoed(database)}"
        )

    def warning(self, text: str) -> None:
        if not self.as_json:
            click.echo(f"warning: {text}", err=True)


@click.command("remove", cls=DashedValues)
@click.argument("name")
@click.option(
    "--goal",
    metavar="STATE",
    help="Remove only the build toward this goal (default: every build of the puzzle).",
)
@db_option
@json_option
@reports_errors
def remove_command(name: str, goal: str | None, db_path: str | None, as_json: bool) -> None:
    """Remove a build of a puzzle from the database, in one transaction (every goal of it, or
    the one --goal names); its shard files too, if a cluster built it.

    \b
    puzzledb remove tiny                      every build of tiny
    puzzledb remove eight --goal 012345678    only eight's build toward that goal
    """
    from puzzledb.db import remove

    from ...builds import BuildInterrupted, BuildSignals, HoldsCommit, not_at_rest
    from .. import text as printed
    from ..progress import for_build

    path = resolve_path(db_path)
    where = goal
    with BuildSignals() as signals:
        try:
            where = _goal_to_remove(db_path, name, goal)
            progress = HoldsCommit(for_build(f"remove {name}", as_json), signals)
            removed = remove.remove_from(path, name, where, progress)
            signals.release()  # recorded as removed: an interruption held meanwhile ends here
        except KeyboardInterrupt as interrupt:
            raise _not_removed(interrupt) from None
        except Exception:
            if signals.arrived is not None:
                raise _not_removed(BuildInterrupted(signals.arrived)) from None
            raise
    what = ", ".join(f"{b['name']} toward {b['goal']}" for b in removed.builds)
    warnings = []
    if removed.not_at_rest is not None:
        warnings.append(not_at_rest(f"{what} removed", removed.not_at_rest, path))
    if as_json:
        answer = {
            "database": str(path),
            "removed": removed.builds,
            "shard_files": removed.shard_files,
        }
        if warnings:
            answer["warnings"] = warnings
        click.echo(json.dumps(answer, ensure_ascii=False))
        return
    for b in removed.builds:
        within = "" if b["radius"] is None else f" within radius {b['radius']}"
        click.echo(
            f"removed {b['name']} toward {b['goal']}{within} "
            f"({b['states']:,} state{'s' if b['states'] != 1 else ''}, "
            f"max depth {b['max_depth']}) from {printed.echoed(path)}"
        )
    if removed.shard_files:
        click.echo(f"removed shard files: {', '.join(removed.shard_files)}")
    for warning in warnings:
        click.echo(f"warning: {warning}", err=True)


def _goal_to_remove(db_path: str | None, name: str, goal: str | None) -> str | None:
    """The goal as the build stores it (a state typed with separators, in canonical text), the
    file checked to be a puzzledb database first: refused there, nothing is changed."""
    from ...answers import Answers

    database = reader(resolve_path(db_path))
    answers = Answers(database)
    try:
        with answers.connection() as conn:
            if goal is None or not any(b.name == name for b in answers.all_builds(conn)):
                return goal
            return answers.puzzle(conn, name).parse_goal(goal)
    finally:
        database.dispose()  # an open reader would keep the removal from leaving WAL mode


def _not_removed(interrupt: KeyboardInterrupt) -> Interrupted:
    signum = getattr(interrupt, "signum", signal.SIGINT)
    how = f"interrupted ({signal.Signals(signum).name})"
    return Interrupted(f"{how}; nothing was removed: the database is unchanged", signum)
