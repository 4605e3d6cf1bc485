"""Errors a user can cause, each with the code every front end reports.

They live here, the bottom of the package graph, because puzzles raise them while parsing and
the query layer raises them while looking up. What a code means to a program is the front
ends' to say: the CLI's exit status (service.cli_options) and the HTTP status
(service.api.errors), each from the code.
"""

import unicodedata


class PuzzledbError(Exception):
    """Base class: a message for people plus a machine-readable code."""

    code = "error"

    def __init__(self, message: str):
        message = safe_message(message)
        super().__init__(message)
        self.message = message
        #: What the operator must hear besides the error (a build stored before it that left
        #: the file in WAL mode): `warning:` lines before the message, or a "warnings" list.
        self.warnings: list[str] = []

    def as_json(self) -> dict:
        answer: dict = {"error": {"code": self.code, "message": self.message}}
        if self.warnings:
            answer["warnings"] = self.warnings
        return answer


class MalformedInput(PuzzledbError):
    """Text that is not a state, goal or number of the puzzle at all."""

    code = "malformed"


class UnknownPuzzle(PuzzledbError):
    code = "unknown_puzzle"


class Unreachable(PuzzledbError):
    """A well-formed state from which no sequence of moves reaches the goal."""

    code = "unreachable"


class NotBuilt(PuzzledbError):
    code = "not_built"


class BadDefinition(PuzzledbError):
    """A puzzle definition (goal, sizes, pieces) that cannot describe a puzzle."""

    code = "bad_definition"


class BeyondRadius(PuzzledbError):
    """A solvable state farther from the goal than a radius-limited build reaches."""

    code = "beyond_radius"


class TooLarge(PuzzledbError):
    """A complete search of more states than memory holds; a radius build is the way."""

    code = "too_large"


class CannotWrite(PuzzledbError):
    """An output file named by the user that cannot be written (no such folder, a folder,
    no permission)."""

    code = "cannot_write"


class MissingExtra(PuzzledbError):
    """An optional part of puzzledb asked for whose packages are not installed (pyarrow for
    `export --format parquet`); the message says what to install."""

    code = "missing_extra"


#: Characters of user input repeated in a message before it is cut short.
SHOWN = 40
#: The same for a file path, which is no use cut short where a name is.
PATH_SHOWN = 200


def shown(value: object, limit: int = SHOWN) -> str:
    """User input as it may appear in a message: quoted, at most `limit` characters, with
    control, zero-width and bidirectional characters escaped so none can hide or reorder text.

    A 100 KB name or a 10 MB goal is repeated as its first few characters and its length.
    """
    text = value if isinstance(value, str) else repr(value)
    head = visible(text[:limit])
    if len(text) > limit:
        head += f"... ({len(text):,} characters)"
    return f"'{head}'"


def times(n: int) -> str:
    """How often a piece appears, as a message says it: "once", "twice", "3 times"."""
    return {0: "0 times", 1: "once", 2: "twice"}.get(n, f"{n} times")


#: Combining marks kept on one letter or digit (Vietnamese stacks two); more are escaped.
MARKS_KEPT = 2


def visible(text: str, quotes: bool = True) -> str:
    """`text` with control, zero-width, bidirectional and separator characters escaped
    (`\\u202e`), and combining marks that do not sit on a letter or digit (one at the start
    would sit on the quote before it; a long stack covers the lines around it); with `quotes`,
    also ' and \\ (text shown between quotes)."""
    out, marks = [], None  # marks: how many sit on the last letter or digit; None: no such
    for ch in text:
        category = unicodedata.category(ch)
        if category[0] == "M":
            if marks is not None and marks < MARKS_KEPT:
                marks += 1
                out.append(ch)
            else:
                out.append(_escape(ch))
            continue
        marks = 0 if category[0] in "LN" else None
        if ch in "'\\":
            out.append("\\" + ch if quotes else ch)
        elif category[0] == "C" or category in ("Zl", "Zp") or (category == "Zs" and ch != " "):
            out.append(_escape(ch))  # Cc control, Cf format (zero-width, bidi), Co/Cn
        else:
            out.append(ch)
    return "".join(out)


def _escape(ch: str) -> str:
    code = ord(ch)
    return (
        f"\\x{code:02x}"
        if code < 0x100
        else f"\\u{code:04x}"
        if code < 0x10000
        else f"\\U{code:08x}"
    )


class ForeignDatabase(PuzzledbError):
    """An SQLite file that holds other data: never read as an empty puzzledb, never built into."""

    code = "not_puzzledb"


class DatabaseVersion(PuzzledbError):
    """A puzzledb file of another schema version: refused rather than misread."""

    code = "database_version"


class Interrupted(PuzzledbError):
    """Ctrl-C (SIGINT) or SIGTERM: what was not committed is not stored."""

    code = "interrupted"

    def __init__(self, message: str, signum: int = 2):
        super().__init__(message)
        self.signum = signum


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


class ClusterFailed(PuzzledbError):
    """A build on a Dask cluster that could not reach it, or lost a worker part way: nothing
    is stored."""

    code = "cluster_error"


class DatabaseFault(PuzzledbError):
    """A file SQLite cannot read: not a database, corrupt, locked."""

    code = "database_error"


class UsageFault(PuzzledbError):
    """A command line click cannot parse: a missing argument, an unknown option, a bad choice."""

    code = "usage"


#: The longest message any error carries; what quotes input quotes a short prefix anyway.
MESSAGE_LIMIT = 1000


def safe_message(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """A message as every front end may print it: invisible and control characters escaped
    (SQLite's own messages repeat the SQL text, table names are anyone's) and at most `limit`
    characters. Idempotent on text `shown` made, which holds no such character."""
    text = visible(text, quotes=False)
    if len(text) > limit:
        text = text[: limit - 40] + f"... ({len(text):,} characters in all)"
    return text
