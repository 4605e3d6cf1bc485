"""The pieces of a sliding board: their labels and counts, sizes, glyphs and names.

A piece is one cell (a tile; labels may repeat) or a rectangle of h x w cells, written once
per cell it covers; the blank is a label too, one per blank cell. Every other part of the kind
asks here how many of a piece there are, how it is drawn and how it is called.
"""

from __future__ import annotations

from collections import Counter
from math import prod


class Pieces:
    """The labels of `position` (the goal, or a start when the goal is a pattern) with their
    counts; `wide` maps the label of a piece larger than one cell to its (height, width),
    `glyphs` how a label is drawn (also accepted as input), `names` how a piece is called,
    `aliases` other spellings accepted as input only. `puzzle` is the puzzle's name, with
    which messages about its pieces begin."""

    def __init__(
        self,
        puzzle: str,
        position: str,
        blank: str,
        wide: dict[str, tuple[int, int]],
        glyphs: dict[str, str],
        names: dict[str, str],
        aliases: dict[str, str],
    ):
        self.puzzle = puzzle
        self.blank, self.wide = blank, wide
        self.glyphs, self.names, self.aliases = glyphs, names, aliases
        self.counts = Counter(position)
        self.sorted = sorted(position)
        self.blanks = self.counts[blank]
        #: what input may say for a label: its aliases and its glyph
        self.alias = {**aliases, **{glyph: label for label, glyph in glyphs.items()}}
        #: pieces with an identical piece elsewhere on the board: move words say which one
        self.twins = {
            label
            for label, n in self.counts.items()
            if label != blank and n > prod(wide.get(label, (1, 1)))
        }

    def glyph(self, label: str) -> str:
        return self.glyphs.get(label, label)

    def piece_name(self, label: str) -> str:
        return self.names.get(label) or f"tile {self.glyph(label)}"

    def describe(self) -> str:
        """The labels and the blank, as messages list them ("1 2 3 and blank 0")."""
        labels = sorted(set(self.counts) - {self.blank})
        return f"{' '.join(labels)} and blank {self.blank}"

    def whole_counts(self) -> dict[str, int]:
        """How many of each piece there are, a wide piece counted once, not once per cell."""
        counts = dict(self.counts)
        for label, (h, w) in self.wide.items():
            counts[label] //= h * w
        return counts

    @property
    def distinct_tiles(self) -> bool:
        """One blank among one-cell tiles that all differ: the rule of parity holds."""
        return not self.wide and self.blanks == 1 and len(self.counts) == len(self.sorted)

    @property
    def relabelable(self) -> bool:
        """Every piece distinct and one cell, one blank: a path to any target is a path to a
        stored goal with the pieces renamed."""
        return (
            not self.wide
            and self.blanks == 1
            and all(n == 1 for label, n in self.counts.items() if label != self.blank)
        )
