"""The ring as the house knows it (builder.registry): a token on a ring of cells, a move taking
it one cell left or right. Everything a kind must give, and nothing more: no codec (the plain
search builds it), no famous puzzles."""

from __future__ import annotations

from puzzledb.builder.definition_fields import FieldReader
from puzzledb.builder.puzzle import Puzzle
from puzzledb.builder.registry import Kind


def _from_spec(spec: dict) -> Puzzle:
    from .puzzle import Ring

    return Ring.from_spec(spec)


def _define(reader: FieldReader, table: dict) -> tuple[Puzzle, list[str]]:
    from .puzzle import Ring

    reader.check_keys(table, ("kind", "name", "title", "cells"), "", required=("name", "cells"))
    cells = table["cells"]
    if not isinstance(cells, int) or not 3 <= cells <= 40:
        reader.fail("cells must be a whole number from 3 to 40")
    ring = Ring(reader.name(table["name"]), cells, reader.title(reader.text(table, "title", "")))
    return ring, [ring.default_goal]


KIND = Kind(name="ring", from_spec=_from_spec, define=_define)
