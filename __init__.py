"""puzzledb from Python: optimal solutions of puzzles, looked up in a precomputed SQLite file.

    import puzzledb
    tablebase = puzzledb.open("puzzledb.sqlite")          # read-only; a str or a Path
    answer = tablebase.path("eight", "867254301")
    answer.depth, answer.solutions, answer.moves    # 31, 40, ['tile 5 down', ...]

`puzzledb.build("eight", db="puzzledb.sqlite")` makes a file; every error is a
`puzzledb.PuzzledbError` carrying the command line's `code` and `message`. The rest of the
package loads when first used, so `import puzzledb` costs about what `import sqlite3` does.
"""

from __future__ import annotations

#: typing.TYPE_CHECKING without importing typing (mypy reads it as True): `import puzzledb`
#: loads no module but this one.
TYPE_CHECKING = False

#: The distribution's version (pyproject.toml's, checked by a test).
__version__ = "0.1.0"

#: What `puzzledb.NAME` gives, and the module it is loaded from when first asked for.
_LAZY = {
    "open": "puzzledb.service.library.database",
    "build": "puzzledb.service.library.building",
    "Database": "puzzledb.service.library.database",
    "Path": "puzzledb.service.library.results",
    "Moves": "puzzledb.service.library.results",
    "Depth": "puzzledb.service.library.results",
    "Farthest": "puzzledb.service.library.results",
    "Stats": "puzzledb.service.library.results",
    "PuzzleEntry": "puzzledb.service.library.results",
    "SqlRows": "puzzledb.service.library.results",
    "PuzzledbError": "puzzledb.builder.core.errors",
    "MalformedInput": "puzzledb.builder.core.errors",
    "UnknownPuzzle": "puzzledb.builder.core.errors",
    "BadDefinition": "puzzledb.builder.core.errors",
    "TooLarge": "puzzledb.builder.core.errors",
    "Interrupted": "puzzledb.builder.core.errors",
    "NotBuilt": "puzzledb.db.errors",
    "ForeignDatabase": "puzzledb.db.errors",
    "DatabaseVersion": "puzzledb.db.errors",
    "DatabaseFault": "puzzledb.db.errors",
    "Refused": "puzzledb.db.errors",
    "BadQuery": "puzzledb.db.errors",
    "TimeLimit": "puzzledb.db.errors",
    "Unreachable": "puzzledb.service.errors",
    "BeyondRadius": "puzzledb.service.errors",
}

__all__ = [
    "BadDefinition",
    "BadQuery",
    "BeyondRadius",
    "Database",
    "DatabaseFault",
    "DatabaseVersion",
    "Depth",
    "Farthest",
    "ForeignDatabase",
    "Interrupted",
    "MalformedInput",
    "Moves",
    "NotBuilt",
    "Path",
    "PuzzleEntry",
    "PuzzledbError",
    "Refused",
    "SqlRows",
    "Stats",
    "TimeLimit",
    "TooLarge",
    "UnknownPuzzle",
    "Unreachable",
    "__version__",
    "build",
    "open",
]

if TYPE_CHECKING:
    from typing import Any

    from puzzledb.builder.core.errors import (
        BadDefinition,
        Interrupted,
        MalformedInput,
        PuzzledbError,
        TooLarge,
        UnknownPuzzle,
    )
    from puzzledb.db.errors import (
        BadQuery,
        DatabaseFault,
        DatabaseVersion,
        ForeignDatabase,
        NotBuilt,
        Refused,
        TimeLimit,
    )
    from puzzledb.service.errors import BeyondRadius, Unreachable
    from puzzledb.service.library.building import build
    from puzzledb.service.library.database import Database, open
    from puzzledb.service.library.results import (
        Depth,
        Farthest,
        Moves,
        Path,
        PuzzleEntry,
        SqlRows,
        Stats,
    )


def __getattr__(name: str) -> Any:
    """`puzzledb.open` and the rest, imported when first asked for (PEP 562)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'puzzledb' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # asked once
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
