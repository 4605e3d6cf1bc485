"""Errors only storage raises: a file that is no puzzledb or of another version, one SQLite
cannot read, a build not in the file, an analyst's SQL refused, rejected or past its time limit.
"""

from puzzledb.builder.core.errors import PuzzledbError


class NotBuilt(PuzzledbError):
    code = "not_built"


class ForeignDatabase(PuzzledbError):
    """An SQLite file that holds other data: never read as an empty puzzledb, never built into."""

    code = "not_puzzledb"


class DatabaseVersion(PuzzledbError):
    """A puzzledb file of another schema version: refused rather than misread."""

    code = "database_version"


class Refused(PuzzledbError):
    """A statement that would write, attach, or change a setting."""

    code = "refused"


class BadQuery(PuzzledbError):
    """SQL that SQLite rejects: a syntax error, an unknown table or column, two statements."""

    code = "sql_error"


class TimeLimit(PuzzledbError):
    """Work stopped at its time limit: `puzzledb sql` past its --time-limit, or a lookup of the
    service past `serve --time-limit` (a deep page by offset)."""

    code = "time_limit"


class DatabaseFault(PuzzledbError):
    """A file SQLite cannot read: not a database, corrupt, locked."""

    code = "database_error"
