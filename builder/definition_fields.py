"""What every kind's reader of a definition shares: the fields all definitions have (a name, a
title, goal words), checked the same way and each mistake said naming the file or the flag, and
values described as their writer wrote them. A kind's own fields are its reader's
(builder/kinds/*/definition.py), handed a FieldReader by builder.definition.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NoReturn

from .catalogue import CATALOGUE
from .core.errors import BadDefinition
from .core.message_text import shown

if TYPE_CHECKING:
    from .puzzle import Puzzle

#: A puzzle's (or a start's) name: what a command line and a URL can carry unquoted.
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
MAX_TITLE = 100
#: The options of `puzzledb build` that every kind's definition by flags shares, by field.
COMMON_FLAGS = {"name": "NAME", "goal": "--goal", "metric": "--metric"}


@dataclass(frozen=True)
class Definition:
    """A defined puzzle and its goals (canonical text, the default goal first)."""

    puzzle: Puzzle
    goals: list[str]


def kind_of(value: object) -> str:
    if isinstance(value, bool):
        return f"a boolean ({str(value).lower()})"
    kinds = {
        str: "a string",
        int: "an integer",
        float: "a float",
        list: "an array",
        dict: "a table",
    }
    kind = kinds.get(type(value), "a date or time")
    if isinstance(value, str):
        return f"{kind} ({shown(value)})"
    return f"{kind} ({value!r})" if isinstance(value, (int, float)) else kind


class FieldReader:
    """Checks one raw definition field by field; `fail` prefixes the source of the text."""

    def __init__(self, source: str, flags: Mapping[str, str] | None = None):
        """`source`: the file, "" for flags; `flags`: for flags, the option giving each field
        (COMMON_FLAGS and the kind's own), which messages name instead of the field."""
        self.source, self.flags = source, flags

    def fail(self, message: str) -> NoReturn:
        raise BadDefinition(f"{self.source}: {message}" if self.source else message)

    def field(self, key: str) -> str:
        return self.flags.get(key, key) if self.flags else key

    def check_keys(
        self, table: dict, known: Sequence[str], where: str, required: Sequence[str] = ()
    ) -> None:
        unknown = [k for k in table if k not in known]
        if unknown:
            listed = ", ".join(shown(k) for k in unknown[:5]) + (", ..." if unknown[5:] else "")
            self.fail(
                f"unknown key{'s' if len(unknown) > 1 else ''} {listed}{where}; "
                f"known keys: {', '.join(known)}"
            )
        for key in required:
            if key not in table:
                self.fail(
                    f"missing {self.field(key)}" if self.flags else f"missing key '{key}'{where}"
                )

    def text(self, raw: dict, key: str, default: str) -> str:
        value = raw.get(key, default)
        if not isinstance(value, str):
            self.fail(f"{self.field(key)} must be a string, not {kind_of(value)}")
        return value

    def goal_words(self, raw: dict, goals: list[str]) -> dict[str, str]:
        """Words for goals (goal -> words): a string names the first goal; a table names
        any of them. Printable, at most MAX_TITLE characters, as a title."""
        value = raw.get("goal_words", {})
        table = {goals[0]: value} if isinstance(value, str) else value
        if not isinstance(table, dict):
            self.fail(f"goal_words must be a string or a table, not {kind_of(value)}")
        for goal, words in table.items():
            if goal not in goals:
                self.fail(f"goal_words names {shown(goal)}, which is not one of the goals")
            if not isinstance(words, str) or not words.strip():
                self.fail(f"goal_words for {shown(goal)} must be a non-empty string")
            self.printable(words, "goal_words")
        return dict(table)

    def title(self, value: str) -> str:
        """Shown by list, stats and the page: printable (no control, zero-width or bidi
        characters, which could hide or reorder what is printed around it), at most 100."""
        return self.printable(value, "title")

    def printable(self, value: str, key: str) -> str:
        if (
            len(value) > MAX_TITLE
            or not value.isprintable()
            or any(unicodedata.category(ch) == "Cf" for ch in value)
        ):
            self.fail(
                f"{self.field(key)} must be printable text of at most {MAX_TITLE} "
                f"characters, not {shown(value)}"
            )
        return value

    def name(self, value: object) -> str:
        if not isinstance(value, str):
            self.fail(f"{self.field('name')} must be a string, not {kind_of(value)}")
        if not value:
            self.fail(f"{self.field('name')} is empty")
        if not NAME.fullmatch(value):
            self.fail(
                f"{self.field('name')} {shown(value)} is not a valid puzzle name: use lowercase "
                f"letters, digits, '-' and '_', starting with a letter or digit, at most 40"
            )
        if value in CATALOGUE:
            self.fail(
                f"{self.field('name')} {shown(value)} is a catalogue puzzle; choose another name"
            )
        return value

    def start_table(self, raw: dict) -> dict:
        """The named starts a table gives (`start = "..."` is the one called "start", or a
        [starts] table), checked as a table; each kind checks the names and positions."""
        if "start" in raw and "starts" in raw:
            self.fail("give either 'start' or 'starts', not both")
        table = {"start": raw["start"]} if "start" in raw else raw.get("starts", {})
        if not isinstance(table, dict):
            self.fail(f"starts must be a table of name = position, not {kind_of(table)}")
        if not table and "starts" in raw:
            self.fail("starts is empty: give at least one, or leave it out")
        return dict(table)
