"""Puzzles defined without code: a definition file (TOML) or `puzzledb build`'s options -> a
puzzle and its goals, whatever its kind.

A file's `kind` names the kind whose reader takes the rest of it (builder.registry: each kind's
`define`, in builder/kinds/KIND/definition.py, where its fields are documented); a file without
one is a sliding board, as the first files were. The fields every kind shares (name, title,
goal words) are checked by builder.definition_fields. Every mistake is a BadDefinition that
names the file and the field, because the person reading it wrote the file, not the code.
"""

from __future__ import annotations

import os
import stat
import tomllib
from collections.abc import Callable
from typing import cast

from . import registry
from .core.errors import BadDefinition
from .core.file_kinds import file_kind
from .core.message_text import PATH_SHOWN, shown
from .core.numbers import MOST_DIGITS
from .definition_fields import Definition, FieldReader

__all__ = ["DEFAULT_KIND", "Definition", "by_flag", "load_file", "load_text", "read_text"]

#: The kind of a file that names none: the first definition files, of sliding boards, had none.
DEFAULT_KIND = "sliding"
#: The largest definition file read: a big board's with every piece named is a few kB.
MAX_FILE_BYTES = 1_000_000


def load_file(path: str | os.PathLike[str]) -> Definition:
    source = str(path)
    return load_text(read_text(path, "a TOML file"), source)


def read_text(path: str | os.PathLike[str], wanted: str) -> str:
    """The UTF-8 text of the definition file at `path` (a TOML file, a .tws file: `wanted`
    says which, as a refusal names it), or BadDefinition naming what it is instead."""
    source = str(path)
    try:
        data = _read_bounded(path, source, wanted)
    except OSError as error:
        reason = error.strerror or error
        raise BadDefinition(f"{source}: cannot read the file: {reason}") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BadDefinition(f"{source}: not UTF-8 text (bad byte at {error.start})") from None


def _read_bounded(path: str | os.PathLike[str], source: str, wanted: str) -> bytes:
    """The bytes of a regular file of at most MAX_FILE_BYTES. A FIFO would block the build
    until someone writes to it and /dev/zero would fill memory: such paths are refused
    before they are read. O_NONBLOCK opens a FIFO made in the meantime without waiting."""
    _check_regular(os.stat(path).st_mode, source, wanted)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(fd, "rb") as file:
        _check_regular(os.fstat(fd).st_mode, source, wanted)
        data = file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise BadDefinition(
            f"{shown(source, PATH_SHOWN)} is larger than {MAX_FILE_BYTES:,} bytes, far more "
            f"than any puzzle's definition; give the path of {wanted}"
        )
    return data


def _check_regular(mode: int, source: str, wanted: str) -> None:
    if not stat.S_ISREG(mode):
        raise BadDefinition(
            f"{shown(source, PATH_SHOWN)} is not a definition file (it is {file_kind(mode)}); "
            f"give the path of {wanted}"
        )


def load_text(text: str, source: str = "<string>") -> Definition:
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BadDefinition(f"{source}: not valid TOML: {error}") from None
    except ValueError:  # tomllib converts every integer: Python refuses past 4,300 digits
        raise BadDefinition(
            f"{source}: a number of more than 4,300 digits; no field of a puzzle needs more "
            f"than {MOST_DIGITS}"
        ) from None
    except RecursionError:  # tomllib reads nested arrays and tables recursively
        raise BadDefinition(
            f"{source}: arrays or tables nested too deeply to read; a puzzle's definition "
            f"nests them at most two deep"
        ) from None
    reader = FieldReader(source)
    name = table.get("kind", DEFAULT_KIND)
    try:
        kind = registry.kind(name) if isinstance(name, str) else None
    except registry.UnknownKind:
        kind = None
    if kind is None:
        known = ", ".join(
            f'"{k.name}"' + (" (the default)" if k.name == DEFAULT_KIND else "")
            for k in registry.kinds()
        )
        reader.fail(f"kind must be one of {known}, not {shown(name)}")
    return Definition(*kind.define(reader, table))


def by_flag(option: str) -> Callable[..., Definition]:
    """The reader of the `puzzledb build` option `option` (its Python name: "rows", "rush",
    "rush_cards"), from the kind that registers it."""
    for kind in registry.kinds():
        if option in kind.flags:
            return cast("Callable[..., Definition]", kind.flags[option])
    raise KeyError(option)
