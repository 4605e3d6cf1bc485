"""The errors every layer may raise, each with the code every front end reports: input that is
not a state or goal, a definition that describes no puzzle, a search too large, a signal.

They live in the core, below every layer, because puzzles raise them while parsing and each
layer above raises them again. Errors only storage raises are db.errors', those only the front
ends raise service.errors'. What a code means to a program is the front ends' to say: the CLI's
exit status (service.cli.options) and the HTTP status (service.http.api.errors), each from the code.
"""

from .message_text import safe_message


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


class BadDefinition(PuzzledbError):
    """A puzzle definition (goal, sizes, pieces) that cannot describe a puzzle."""

    code = "bad_definition"


class TooLarge(PuzzledbError):
    """A complete search of more states than memory holds; a radius build is the way."""

    code = "too_large"


class Interrupted(PuzzledbError):
    """Ctrl-C (SIGINT) or SIGTERM: what was not committed is not stored."""

    code = "interrupted"

    def __init__(self, message: str, signum: int = 2):
        super().__init__(message)
        self.signum = signum


class ClusterFailed(PuzzledbError):
    """A build on a Dask cluster that could not reach it, or lost a worker part way: nothing
    is stored."""

    code = "cluster_error"
