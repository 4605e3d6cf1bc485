"""The `puzzledb` command: build puzzles into SQLite and ask it for paths, depths and statistics.

Every query command takes --db, --goal and --json; with --json it prints exactly one JSON
object, an error included. Exit status: 0 answered, 2 malformed input or usage, 3 unreachable
state, 4 not built yet, 5 beyond the radius of a partial build, 6 an SQL query past its time
limit, 7 a build too large for memory, 8 a cluster build that failed, 130/143 interrupted by
Ctrl-C/SIGTERM, 141 the reader of `sql`'s output closed it, 1 anything else (an unreadable or
foreign database file, a failed build).

The group is here; its commands live a module a kind: lookups.py (list, path, moves, depth,
farthest, stats), building.py (build, remove), analysis.py (sql, export, datasette-metadata)
and serving.py (serve). Importing them loads click, the options, the questions and the
settings, no more: each command imports what else it needs as it runs, so a lookup starts fast.
"""

from __future__ import annotations

import click

from ..options import PuzzledbGroup
from .analysis import datasette_metadata_command, export_command, sql_command
from .building import build_command, remove_command
from .lookups import (
    depth_command,
    farthest_command,
    list_command,
    moves_command,
    path_command,
    stats_command,
)
from .serving import serve_command


@click.group(cls=PuzzledbGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="puzzledb")
def main() -> None:
    """puzzledb: optimal solutions of sliding-block and peg puzzles, precomputed in SQLite."""


# --help lists the commands by name; main.commands keeps the order they were always declared in.
for _command in (
    list_command,
    build_command,
    remove_command,
    path_command,
    moves_command,
    depth_command,
    farthest_command,
    stats_command,
    serve_command,
    sql_command,
    export_command,
    datasette_metadata_command,
):
    main.add_command(_command)
