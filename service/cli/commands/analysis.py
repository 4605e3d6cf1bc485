"""The analyst's commands: `sql` (one read-only query, as a table, CSV or JSON), `export` (every
row of a build as CSV, JSON Lines or Parquet) and `datasette-metadata`. They read the file
beyond the answers the lookups give; their kit (service.analyst, db.adhoc, pyarrow) loads only
when one of them runs.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path

import click

from puzzledb.db.connection import reader, resolve_path

from ...questions import whole_number
from ...settings import SETTINGS
from ..options import (
    WHOLE_NUMBER,
    DashedValues,
    db_option,
    exit_status,
    goal_option,
    json_option,
    reports_errors,
    setting_options,
)
from .lookups import answers_from


def _json_means_format(command: Callable[..., None]) -> Callable[..., None]:
    """`--json` is `--format json`, and either makes errors JSON too."""

    @functools.wraps(command)
    def wrapper(*args: object, fmt: str, as_json: bool, **kwargs: object) -> None:
        as_json = as_json or fmt == "json"
        return command(*args, fmt="json" if as_json else fmt, as_json=as_json, **kwargs)

    return wrapper


# ignore_unknown_options: SQL that starts with a comment ("-- top states\nSELECT ...") is the
# SQL argument, not an unknown option.
@click.command("sql", cls=DashedValues, context_settings={"ignore_unknown_options": True})
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

    from ...analyst import sql_output

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


@click.command("export", cls=DashedValues)
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

    from ...analyst import export, parquet
    from .. import output_file
    from .. import text as printed

    if fmt == "parquet":
        if output is None or output == "-":
            raise click.UsageError("--format parquet writes a file: give --output FILE")
        parquet.pyarrow_modules()  # missing: said before anything is read or written
    elif partition:
        raise click.UsageError("--partition goes with --format parquet")
    answers = answers_from(db_path)
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
        f"{printed.echoed(output)}",
        err=True,
    )


@click.command("datasette-metadata", cls=DashedValues)
@click.option("--output", "-o", metavar="FILE", help="Write to FILE instead of stdout.")
@db_option
@reports_errors
def datasette_metadata_command(output: str | None, db_path: str | None) -> None:
    """Metadata for Datasette: descriptions of every table and column, and canned queries.

    \b
    puzzledb datasette-metadata -o metadata.json && datasette puzzledb.sqlite -m metadata.json
    """
    from puzzledb.db import canned, queries

    from ...analyst import datasette
    from .. import output_file
    from .. import text as printed

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
    shown_output = printed.echoed(output)
    program, missing = _datasette_program()
    limit = (
        f" --setting sql_time_limit_ms {CLASSES_TIME_LIMIT_MS}"
        if any(b.classes is not None for b in builds)
        else ""
    )
    click.echo(
        f"wrote {shown_output}; try: {printed.echoed(program)} {printed.echoed(path)} "
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
