"""The `puzzledb` command: build puzzles into SQLite and ask it for paths, depths and statistics.

Every query command takes --db, --goal and --json; with --json it prints exactly one JSON
object, an error included. Exit status: 0 answered, 2 malformed input or usage, 3 unreachable
state, 4 not built yet, 5 beyond the radius of a partial build, 6 an SQL query past its time
limit, 7 a build too large for memory, 8 a cluster build that failed, 130/143 interrupted by
Ctrl-C/SIGTERM, 141 the reader of `sql`'s output closed it, 1 anything else (an unreadable or
foreign database file, a failed build).

The group is here; its commands live a module a kind: lookups.py (list, path, moves, depth,
farthest, stats), building.py (build, remove), analysis.py (sql, export, datasette-metadata)
and serving.py (serve). A command's module is imported when the command runs (or --help lists
them all), and it loads click, the options and the questions, no more: each command imports
what else it needs as it runs, so a lookup starts fast.
"""

from __future__ import annotations

import click

from ..options import PuzzledbGroup

#: Each command, where it lives, in the order --help lists them.
PLACES = {
    "list": ".lookups:list_command",
    "build": ".building:build_command",
    "remove": ".building:remove_command",
    "path": ".lookups:path_command",
    "moves": ".lookups:moves_command",
    "depth": ".lookups:depth_command",
    "farthest": ".lookups:farthest_command",
    "stats": ".lookups:stats_command",
    "serve": ".serving:serve_command",
    "sql": ".analysis:sql_command",
    "export": ".analysis:export_command",
    "datasette-metadata": ".analysis:datasette_metadata_command",
}


@click.group(
    cls=PuzzledbGroup,
    places={name: f"{__name__}{place}" for name, place in PLACES.items()},
    context_settings={"help_option_names": ["-h", "--help"]},
)
@click.version_option(package_name="puzzledb")
def main() -> None:
    """puzzledb: optimal solutions of sliding-block and peg puzzles, precomputed in SQLite."""
