"""Forcing one way of keying a layer's pairs in the search of classes
(builder.search.classes_search), so that a small board's test takes the way a big board does."""

from __future__ import annotations

import pytest

from puzzledb.builder.search import classes_search


def force_two_sorts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every layer keyed as (class, parent) and (class, rank) sorted apart, as a codec of
    many move codes is (chains on the whole cross), however few bits they take."""
    made = classes_search._Keys.__init__

    def two_sorts(self, state_bits: int, rank_bits: int, parents: int) -> None:
        made(self, state_bits, rank_bits, parents)
        self.way, self.low_bits = classes_search.TWO_SORTS, self.parent_bits

    monkeypatch.setattr(classes_search._Keys, "__init__", two_sorts)
