"""The `puzzledb` command: build puzzles into SQLite and ask it for paths, depths and statistics.

Every query command takes --db, --goal and --json; with --json it prints exactly one JSON
object, an error included. Exit status: 0 answered, 2 malformed input or usage, 3 unreachable
state, 4 not built yet, 5 beyond the radius of a partial build, 6 an SQL query past its time
limit, 7 a build too large for memory, 8 a cluster build that failed, 130/143 interrupted by
Ctrl-C/SIGTERM, 141 the reader of `sql`'s output closed it, 1 anything else (an unreadable or
foreign database file, a failed build).
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import signal
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict, Unpack

import click

from puzzledb.builder.core.errors import Interrupted, MalformedInput
from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.db.connection import existing_file, reader, resolve_path

from ..questions import (
    FARTHEST_LIMIT,
    LIMIT,
    OFFSET,
    DepthQuestion,
    FarthestQuestion,
    MovesQuestion,
    PathQuestion,
    StatsQuestion,
    whole_number,
)
from ..settings import APP, SERVE, SETTINGS
from .options import (
    WHOLE_NUMBER,
    PuzzledbGroup,
    db_option,
    exit_status,
    goal_option,
    json_option,
    lookup_options,
    reports_errors,
    setting_options,
)

if TYPE_CHECKING:
    from puzzledb.builder.search.progress import Progress

    from ..answers import Answers, Resolved

#: How an answer reads as text: service.cli.text's formatters, the board's look bound in.
Formatter = Callable[[Any], str]  # Any: each takes its own kind of answer (answer_types)


def _answers(db_path: str | None) -> Answers:
    """The lookups' answers from the file at --db: loaded here, since a build needs none of
    them (nor the queries and answer types they bring)."""
    from ..answers import Answers

    path = resolve_path(db_path)
    hint = f" --db {db_path}" if db_path else ""
    return Answers(reader(path), db_hint=hint, db_name=shown(str(path), PATH_SHOWN))


def _emit(answer: Mapping[str, object], as_json: bool, human: Formatter) -> None:
    """The answer as one JSON object, or as `human(answer)` makes it read: the text
    formatters (service.cli.text, and text_width with them) load only for text."""
    if as_json:
        click.echo(json.dumps(answer, ensure_ascii=False))
    else:
        click.echo(human(answer), nl=False)


@click.group(cls=PuzzledbGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="puzzledb")
def main() -> None:
    """puzzledb: optimal solutions of sliding-block and peg puzzles, precomputed in SQLite."""


@main.command("list")
@db_option
@json_option
@reports_errors
def list_command(db_path: str | None, as_json: bool) -> None:
    """The catalogue, and which goals of each puzzle are built."""
    path = resolve_path(db_path)
    if existing_file(path):
        answer = _answers(db_path).catalogue()
    else:
        from ..answers import catalogue_answer

        answer = catalogue_answer([])
    _emit(answer, as_json, lambda a: _text("list_text")(a))  # noqa: PLW0108 (text only)


@main.command("build")
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
    help="On a peg board of single jumps with mirrors or rotations that keep the goal (the "
    "English cross has 8): store one position of each class of symmetric ones (the default: "
    "an eighth of the rows, every position still answered) or every position.",
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
    """
    from .. import builds

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
        from .progress import for_build

        return for_build(name, self.quiet or self.as_json)

    def built(self, summary: dict, database: Path) -> None:
        if self.quiet or self.as_json:
            return
        from . import text as cli_text

        within = "" if summary["radius"] is None else f" within radius {summary['radius']}"
        states = summary["states"]
        click.echo(
            f"built {summary['name']} toward {summary['goal']}{within}: "
            f"{states:,} state{'s' if states != 1 else ''}, "
            f"max depth {summary['max_depth']}, {summary['build_seconds']:.2f} s "
            f"-> {cli_text.echoed(database)}"
        )

    def warning(self, text: str) -> None:
        if not self.as_json:
            click.echo(f"warning: {text}", err=True)


@main.command("remove")
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

    from ..builds import BuildInterrupted, BuildSignals, HoldsCommit, not_at_rest
    from . import text as cli_text
    from .progress import for_build

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
            f"max depth {b['max_depth']}) from {cli_text.echoed(path)}"
        )
    if removed.shard_files:
        click.echo(f"removed shard files: {', '.join(removed.shard_files)}")
    for warning in warnings:
        click.echo(f"warning: {warning}", err=True)


def _goal_to_remove(db_path: str | None, name: str, goal: str | None) -> str | None:
    """The goal as the build stores it (a state typed with separators, in canonical text), the
    file checked to be a puzzledb database first: refused there, nothing is changed."""
    from ..answers import Answers

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


TO_HELP = (
    "Reach this position instead of the goal (pieces all distinct: any position, "
    "from the builds of `build NAME --all-goals`; else a built goal)."
)


@main.command("path")
@click.argument("name")
@click.argument("state")
@click.option("--to", "to", metavar="TARGET", help=TO_HELP)
@lookup_options
def path_command(
    name: str, state: str, to: str | None, goal: str | None, db_path: str | None, as_json: bool
) -> None:
    """An optimal path from STATE to the goal (or to TARGET), board by board."""
    resolved, answer = _answers(db_path).ask(PathQuestion.of(name, state, goal, to))
    _emit(answer, as_json, _drawn(resolved, "path_text"))


def _text(name: str) -> Callable[..., str]:
    """The formatter `name` of service.cli.text, imported only when text is printed."""
    from . import text as cli_text

    return getattr(cli_text, name)


def _drawn(resolved: Resolved, text: str) -> Formatter:
    """cli_text's `text(puzzle, answer)` as a one-argument formatter: drawing boards needs the
    look of the puzzle the answer was made with."""
    return lambda answer: _text(text)(resolved.puzzle, answer)


@main.command("moves")
@click.argument("name")
@click.argument("state")
@click.option("--to", "to", metavar="TARGET", help=TO_HELP)
@click.option(
    "--any",
    "any_state",
    is_flag=True,
    help="Answer for a state the build does not hold too (a dead end): depth none.",
)
@lookup_options
def moves_command(
    name: str,
    state: str,
    to: str | None,
    any_state: bool,
    goal: str | None,
    db_path: str | None,
    as_json: bool,
) -> None:
    """Every legal move from STATE, the state it leads to and its depth, best first."""
    question = MovesQuestion.of(name, state, goal, to, any_state)
    resolved, answer = _answers(db_path).ask(question)
    radius = resolved.build.radius if any(m["beyond_radius"] for m in answer["moves"]) else None
    _emit(answer, as_json, lambda a: _text("moves_text")(a, radius=radius))


@main.command("depth")
@click.argument("name")
@click.argument("d", metavar="D")
@click.option(
    "--limit",
    type=WHOLE_NUMBER,
    default=str(LIMIT.default),
    show_default=True,
    help="At most this many states.",
)
@click.option(
    "--offset",
    type=WHOLE_NUMBER,
    default=str(OFFSET.default),
    show_default=True,
    help="Skip this many states first.",
)
@click.option(
    "--after",
    metavar="STATE",
    help="Start after this state (the last of the previous page): as fast however deep the page.",
)
@lookup_options
def depth_command(
    name: str,
    d: str,
    limit: str,
    offset: str,
    after: str | None,
    goal: str | None,
    db_path: str | None,
    as_json: bool,
) -> None:
    """The states exactly D moves from the goal (a page of them, in state order; a peg build
    of classes: class by class)."""
    question = DepthQuestion.of(name, d, goal, limit, offset, after)
    resolved, answer = _answers(db_path).ask(question)
    _emit(answer, as_json, _drawn(resolved, "depth_text"))


@main.command("farthest")
@click.argument("name")
@click.option(
    "--limit",
    type=WHOLE_NUMBER,
    default=str(FARTHEST_LIMIT.default),
    show_default=True,
    help="At most this many states.",
)
@lookup_options
def farthest_command(
    name: str, limit: str, goal: str | None, db_path: str | None, as_json: bool
) -> None:
    """The states that need the most moves."""
    resolved, answer = _answers(db_path).ask(FarthestQuestion.of(name, goal, limit))
    _emit(answer, as_json, _drawn(resolved, "farthest_text"))


@main.command("stats")
@click.argument("name")
@goal_option
@click.option("--plot", metavar="FILE", help="Also draw the histogram into FILE (.png or .svg).")
@db_option
@json_option
@reports_errors
def stats_command(
    name: str, goal: str | None, plot: str | None, db_path: str | None, as_json: bool
) -> None:
    """How many states, how far the farthest is, and how many lie at each depth."""
    question = StatsQuestion.of(name, goal)
    if plot is None:
        resolved, answer = _answers(db_path).ask(question)
        _emit(answer, as_json, _drawn(resolved, "stats_text"))
        return
    from ..analyst import plot as picture
    from . import text as cli_text

    picture.check_extension(plot)
    resolved, answer = _answers(db_path).ask(question)
    picture.write(plot, answer)
    _emit(
        {**answer, "plot": plot},
        as_json,
        lambda a: cli_text.stats_text(resolved.puzzle, a) + f"drawn to {cli_text.echoed(plot)}\n",
    )


@main.command("serve")
@db_option
@setting_options(*SERVE, *(s for s in APP if s.option))
@click.option("--access-log", is_flag=True, help="Log one line per request to stderr.")
@reports_errors
def serve_command(db_path: str | None, access_log: bool, **given: object) -> None:
    """Answer over HTTP (JSON) from the database, read-only, with gunicorn."""
    from ..http.serve import serve  # gunicorn and Flask load only for this command

    try:
        given["answer_cache"] = SETTINGS["answer_cache"].parse(given["answer_cache"])
    except ValueError as error:
        raise MalformedInput(f"--answer-cache: {error}") from None
    serve(resolve_path(db_path), given, access_log=access_log)


def _json_means_format(command: Callable[..., None]) -> Callable[..., None]:
    """`--json` is `--format json`, and either makes errors JSON too."""

    @functools.wraps(command)
    def wrapper(*args: object, fmt: str, as_json: bool, **kwargs: object) -> None:
        as_json = as_json or fmt == "json"
        return command(*args, fmt="json" if as_json else fmt, as_json=as_json, **kwargs)

    return wrapper


# ignore_unknown_options: SQL that starts with a comment ("-- top states\nSELECT ...") is the
# SQL argument, not an unknown option.
@main.command("sql", context_settings={"ignore_unknown_options": True})
@click.argument("query", metavar="SQL")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "csv", "json"]),
    default="table",
    show_default=True,
    help="An aligned table, CSV with a header, or one JSON object.",
)
@click.option(
    "--limit",
    type=WHOLE_NUMBER,
    help="At most this many rows (default: 1000 for a table, 1000000 for csv and json; 0: no cap).",
)
@click.option(
    "-p",
    "--param",
    "params",
    nargs=2,
    multiple=True,
    metavar="NAME VALUE",
    help="Bind :NAME in the SQL to VALUE, as text; repeat for each parameter.",
)
@setting_options(SETTINGS["sql_time_limit"])
@db_option
@json_option
@_json_means_format
@reports_errors
def sql_command(
    query: str,
    fmt: str,
    limit: str | None,
    params: tuple[tuple[str, str], ...],
    sql_time_limit: str,
    db_path: str | None,
    as_json: bool,
) -> None:
    """Run one read-only SQL query; anything that would write is refused (exit 2).

    \b
    puzzledb sql "SELECT * FROM depth_histogram WHERE puzzle = 'eight'"
    puzzledb sql "SELECT state, depth FROM states WHERE puzzle = 'seven'" --format csv
    puzzledb sql "SELECT count(*) FROM states WHERE puzzle = :p AND depth = :d" -p p eight -p d 20
    """
    started = time.monotonic()
    from puzzledb.db import adhoc

    from ..analyst import sql_output

    rows = None if limit is None else whole_number(limit, "limit")
    seconds = adhoc.parse_time_limit(sql_time_limit)
    try:
        with adhoc.run(resolve_path(db_path), query, params, seconds, since=started) as result:
            cut = sql_output.write(sys.stdout, fmt, result, rows)
    except sql_output.Reported as stop:  # the JSON object ends with the error
        sys.exit(exit_status(stop.error))
    except adhoc.Abandoned as stop:  # the output could not be finished
        with contextlib.suppress(OSError):
            click.echo(f"error: {stop.error.message} (the output is incomplete)", err=True)
        sys.exit(exit_status(stop.error))
    except BrokenPipeError:
        _quiet_stdout()
        sys.exit(EXIT_OUTPUT_CLOSED)
    if cut and rows is None and fmt != "table":
        cap = sql_output.default_limit(fmt)
        click.echo(
            f"puzzledb sql: stopped after {cap:,} rows, the cap for csv and json; "
            f"give --limit N for more (0: no cap)",
            err=True,
        )


#: Exit status when the reader of stdout closed it (`| head`): 128 + SIGPIPE, as a shell
#: reports a program that the signal ended.
EXIT_OUTPUT_CLOSED = 128 + signal.SIGPIPE


def _quiet_stdout() -> None:
    """Point stdout at /dev/null once its reader has gone, so that flushing it at exit raises
    no second BrokenPipeError."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


@main.command("export")
@click.argument("name")
@goal_option
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["csv", "jsonl", "parquet"]),
    default="csv",
    show_default=True,
    help="CSV with a header, one JSON object a line, or Parquet (needs --output and the "
    "extra puzzledb[parquet]).",
)
@click.option(
    "--partition",
    type=click.Choice(["depth"]),
    help="With --format parquet: a folder of depth=N/ partitions (Hive-style) instead of a file.",
)
@click.option("--output", "-o", metavar="FILE", help="Write to FILE instead of stdout.")
@db_option
@json_option
@reports_errors
def export_command(
    name: str,
    goal: str | None,
    fmt: str,
    partition: str | None,
    output: str | None,
    db_path: str | None,
    as_json: bool,
) -> None:
    """Every state of a build with its depth, pred and move, streamed in state order (a peg
    build of classes: class by class), as CSV, JSON Lines or Parquet."""
    from puzzledb.db import export_rows

    from ..analyst import export, parquet
    from . import output_file
    from . import text as cli_text

    if fmt == "parquet":
        if output is None or output == "-":
            raise click.UsageError("--format parquet writes a file: give --output FILE")
        parquet.pyarrow_modules()  # missing: said before anything is read or written
    elif partition:
        raise click.UsageError("--partition goes with --format parquet")
    answers = _answers(db_path)
    with answers.connection() as conn:
        _, build = answers.resolve(conn, name, goal)
    if fmt == "parquet" and partition:
        assert output is not None  # checked above: parquet writes a file
        with output_file.replacing_folder(output, parquet.is_partitioned_export) as folder:
            count = parquet.write_partitions(folder, answers.database, build)
    elif fmt == "parquet":
        assert output is not None  # checked above: parquet writes a file
        with output_file.replacing(output, binary=True, stdout_too=False) as out:
            count = parquet.write_file(out, answers.database, build)
    else:
        batches = export_rows.batches(answers.database, build)
        if output is None or output == "-":
            export.write(sys.stdout, fmt, batches)
            return
        with output_file.replacing(output) as out:
            count = export.write(out, fmt, batches)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "puzzle": build.name,
                    "goal": build.goal,
                    "states": count,
                    "format": fmt,
                    "partition": partition,
                    "output": str(output),
                },
                ensure_ascii=False,
            )
        )
        return
    click.echo(
        f"exported {count:,} states of {build.name} toward {build.goal} to "
        f"{cli_text.echoed(output)}",
        err=True,
    )


@main.command("datasette-metadata")
@click.option("--output", "-o", metavar="FILE", help="Write to FILE instead of stdout.")
@db_option
@reports_errors
def datasette_metadata_command(output: str | None, db_path: str | None) -> None:
    """Metadata for Datasette: descriptions of every table and column, and canned queries.

    \b
    puzzledb datasette-metadata -o metadata.json && datasette puzzledb.sqlite -m metadata.json
    """
    from puzzledb.db import canned, queries

    from ..analyst import datasette
    from . import output_file
    from . import text as cli_text

    path = resolve_path(db_path)
    database = reader(path)
    with database.connection() as conn:
        builds = queries.all_builds(conn)
        document = datasette.metadata(path.stem, canned.objects(conn), builds)
    database.dispose()
    text = json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    if output is None or output == "-":
        click.echo(text, nl=False)
        return
    with output_file.replacing(output) as out:
        out.write(text)
    shown_output = cli_text.echoed(output)
    program, missing = _datasette_program()
    limit = (
        f" --setting sql_time_limit_ms {CLASSES_TIME_LIMIT_MS}"
        if any(b.classes is not None for b in builds)
        else ""
    )
    click.echo(
        f"wrote {shown_output}; try: {cli_text.echoed(program)} {cli_text.echoed(path)} "
        f"-m {shown_output}{limit}{missing}",
        err=True,
    )


#: The time limit the suggested datasette command sets where the file holds a build of
#: classes (english, french): a question by state reads such a build through the states view
#: (its rows' images are computed, never keys), and the canned `path` query took 1.4 to 1.8 s
#: on english --radius 8, past Datasette's default of 1 s (issue 27).
CLASSES_TIME_LIMIT_MS = 10_000


#: How to install Datasette, an optional extra of puzzledb.
DATASETTE_INSTALL = "pip install 'puzzledb[datasette]' (or '.[datasette]' in a checkout)"


def _datasette_program() -> tuple[str, str]:
    """The datasette command to suggest: on PATH, else beside this Python (a venv that is not
    activated); and, when neither has it, how to install it."""
    import shutil

    if shutil.which("datasette"):
        return "datasette", ""
    beside = Path(sys.executable).parent / "datasette"
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside), ""
    return "datasette", f" (Datasette is not installed: {DATASETTE_INSTALL})"


if __name__ == "__main__":  # pragma: no cover
    main()
