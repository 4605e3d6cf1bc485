"""A list of cards in Fogleman's line format, read line by line, and why a line is no card.

One card a line: `moves board cluster_size`, e.g.
`51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780` (the optimal number of moves, the board in the
text form of text_form.py, the number of positions its cluster holds), fields separated by
spaces or tabs. Blank lines and lines starting with '#' are skipped; a '#' after the fields
starts a comment. A line that does not parse is refused with its number and its first
characters, before anything is searched.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from typing import NoReturn

from puzzledb.builder.core.errors import BadDefinition, MalformedInput
from puzzledb.builder.core.file_kinds import file_kind
from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.builder.core.numbers import too_large, too_long

from .card import check_card
from .text_form import canonical, check_size, shape_of

#: How much of a bad line a message quotes.
LINE_SHOWN = 40
#: The most cards one file may list: a build holds every position of every cluster.
MAX_CARDS = 1_000_000
#: The largest list read: a million cards of Fogleman's format.
MAX_LIST_BYTES = 64 * 2**20


@dataclass(frozen=True)
class CardLine:
    """One card of a list: where it stands (`line`, from 1), its board as written (canonical
    text), and the figures the list gives for it (None: none given, nothing to check)."""

    line: int
    board: str
    moves: int | None = None
    cluster_size: int | None = None


def load_cards(path: str) -> tuple[list[CardLine], int, int]:
    """The cards of the list at `path` (a regular file of UTF-8 text), as read_cards reads."""
    source = shown(path, PATH_SHOWN)
    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            raise BadDefinition(f"{source} is not a list of cards (it is {file_kind(mode)})")
        with open(path, "rb") as file:
            data = file.read(MAX_LIST_BYTES + 1)
    except OSError as error:
        raise BadDefinition(f"{source}: cannot read the file: {error.strerror or error}") from None
    if len(data) > MAX_LIST_BYTES:
        raise BadDefinition(f"{source} is larger than {MAX_LIST_BYTES:,} bytes; split the list")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BadDefinition(f"{source}: not UTF-8 text (bad byte at {error.start})") from None
    return read_cards(text, source)


def read_cards(text: str, source: str) -> tuple[list[CardLine], int, int]:
    """The cards of a list and their board's (rows, cols), every board the same shape."""
    cards: list[CardLine] = []
    shape: tuple[int, int] | None = None
    lines = text.splitlines()
    if len(lines) > MAX_CARDS and _cards_in(lines) > MAX_CARDS:  # refused before any is read
        raise BadDefinition(f"{source}: more than {MAX_CARDS:,} cards; split the list")
    for number, raw in enumerate(lines, start=1):
        fields = raw.split("#", 1)[0].split()
        if not fields:
            continue
        where = f"{source} line {number}"
        if len(fields) != 3:
            _fail(where, raw, f"has {len(fields)} fields, expected 3: moves board cluster_size")
        moves, board, size = fields
        for value, what in ((moves, "moves"), (size, "cluster_size")):
            if not (value.isascii() and value.isdecimal()):
                _fail(where, raw, f"{what} {shown(value, LINE_SHOWN)} is not a whole number")
            if too_long(value):
                _fail(where, raw, too_large(what, value))
        try:
            rows, cols = shape_of(board, "board")
            check_size(rows, cols, "board")
            if shape is not None and (rows, cols) != shape:
                raise MalformedInput(
                    f"board is {rows}x{cols}, the cards before it {shape[0]}x{shape[1]}: every "
                    f"card of a list is one size"
                )
            state = canonical(board, "board", rows, cols)
            check_card(state, cols, "board")
        except (MalformedInput, BadDefinition) as error:
            _fail(where, raw, error.message)
        shape = rows, cols
        cards.append(CardLine(number, state, int(moves), int(size)))
        if len(cards) > MAX_CARDS:
            raise BadDefinition(f"{source}: more than {MAX_CARDS:,} cards; split the list")
    if shape is None:
        raise BadDefinition(f"{source}: no card: expected lines of moves board cluster_size")
    return cards, shape[0], shape[1]


def _cards_in(lines: list[str]) -> int:
    """How many lines hold a card (not blank, not only a comment): counted without reading one."""
    return sum(1 for line in lines if line.split("#", 1)[0].strip())


def _fail(where: str, raw: str, why: str) -> NoReturn:
    raise BadDefinition(f"{where} ({shown(raw.strip(), LINE_SHOWN)}): {why}")
