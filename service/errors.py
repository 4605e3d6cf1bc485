"""Errors only the front ends raise: an answer the database cannot give (a state that cannot
reach the goal, or lies past a radius build), a command line that does not parse, an output
file that cannot be written, an optional extra not installed.
"""

from puzzledb.builder.core.errors import PuzzledbError


class Unreachable(PuzzledbError):
    """A well-formed state from which no sequence of moves reaches the goal."""

    code = "unreachable"


class BeyondRadius(PuzzledbError):
    """A solvable state farther from the goal than a radius-limited build reaches."""

    code = "beyond_radius"


class CannotWrite(PuzzledbError):
    """An output file named by the user that cannot be written (no such folder, a folder,
    no permission)."""

    code = "cannot_write"


class MissingExtra(PuzzledbError):
    """An optional part of puzzledb asked for whose packages are not installed (pyarrow for
    `export --format parquet`); the message says what to install."""

    code = "missing_extra"


class UsageFault(PuzzledbError):
    """A command line click cannot parse: a missing argument, an unknown option, a bad choice."""

    code = "usage"
