"""Goals that are patterns: '?' stands for any cell ("the big piece at the exit, the rest
anywhere"), and the goal for every position the pattern matches, all at depth 0 of a build.

A pattern must match at least one position and at most MAX_GOAL_POSITIONS: each is a start of
the search, so they are counted (builder.kinds.sliding.arrangements) before any is listed.
"""

from __future__ import annotations

from collections import Counter

from ...core.errors import BadDefinition, MalformedInput
from ...core.message_text import shown, times
from .arrangements import ANY, TooManyToCount
from .text_form import TextForm

#: A goal that is a pattern may match at most this many positions: each is a start of the
#: search, held at once (a few hundred bytes each in the plain search).
MAX_GOAL_POSITIONS = 1_000_000


class GoalPatterns:
    """Reads, counts and lists the patterns of a board whose states `text` reads."""

    def __init__(self, text: TextForm):
        self.text, self.grid, self.pieces = text, text.grid, text.pieces
        self._counts: dict[str, int] = {}

    def parse(self, text: str) -> str:
        """A pattern's canonical text: it must match 1..MAX_GOAL_POSITIONS positions."""
        pieces, grid = self.pieces, self.grid
        symbols = self.text.symbols(text, "goal")
        if len(symbols) != grid.cells:
            raise MalformedInput(
                f"goal has {len(symbols)} cells, expected {grid.cells} ({grid.rows}x{grid.cols})"
            )
        for cell, symbol in enumerate(symbols):
            if symbol != ANY and symbol not in pieces.counts:
                raise BadDefinition(
                    f"goal pattern {shown(text)} has unknown piece {shown(symbol)} at cell "
                    f"{cell}; {pieces.puzzle} has pieces {pieces.describe()}"
                )
        pattern = "".join(symbols)
        found = Counter(symbols)
        for label in sorted(set(found) - {ANY}):
            if found[label] > pieces.counts[label]:
                raise BadDefinition(
                    f"goal pattern {shown(text)} has '{label}' {times(found[label])}, but "
                    f"{pieces.puzzle} has it only {times(pieces.counts[label])}"
                )
        self.count(pattern)
        return pattern

    def count(self, pattern: str) -> int:
        """How many positions the pattern matches, checked to be 1..MAX_GOAL_POSITIONS."""
        count = self._counts.get(pattern)
        if count is None:
            name = self.pieces.puzzle
            try:
                count = self.grid.arranged(pattern).count()
            except TooManyToCount:
                count = None
            if count is None or count > MAX_GOAL_POSITIONS:
                many = "too many to count" if count is None else f"{count:,}"
                raise BadDefinition(
                    f"goal pattern {shown(pattern)} matches {many} positions of {name}'s "
                    f"pieces; a build holds at most {MAX_GOAL_POSITIONS:,}: fix more cells"
                )
            if count == 0:
                raise BadDefinition(
                    f"goal pattern {shown(pattern)} matches 0 positions of {name}'s "
                    f"pieces ({self.pieces.describe()}): no arrangement of them fits it"
                )
            if len(self._counts) < 64:
                self._counts[pattern] = count
        return count

    def positions(self, goal: str) -> list[str]:
        """Every position the goal stands for: itself, or all that its pattern matches."""
        if ANY not in goal:
            return [goal]
        return list(self.grid.arranged(goal).each())
