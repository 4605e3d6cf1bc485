"""Forcing one way of keying a layer's pairs in the search of classes
(builder.search.classes_search), so that a small board's test takes the way a big board does."""

from __future__ import annotations

import pytest

from puzzledb.builder.kinds.peg import packed as peg_packed
from puzzledb.builder.search import classes_search, layered, threads


def force_two_sorts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every layer keyed as (class, parent) and (class, rank) sorted apart, as a codec of
    many move codes is (chains on the whole cross), however few bits they take."""
    made = classes_search._Keys.__init__

    def two_sorts(self, state_bits: int, rank_bits: int, parents: int) -> None:
        made(self, state_bits, rank_bits, parents)
        self.way, self.low_bits = classes_search.TWO_SORTS, self.parent_bits

    monkeypatch.setattr(classes_search._Keys, "__init__", two_sorts)


def grouped_by(monkeypatch: pytest.MonkeyPatch, way: str) -> None:
    """Set up a way of grouping a layer's children, as its name says: "parts" (many small key
    ranges merged), "two keys" (argsorted), "two sorts", "threads" (every layer cut into
    ranges, each on a thread), or "threads, " and one of the others. Other words are left to
    the caller."""
    if way.startswith("threads"):
        monkeypatch.setattr(threads, "WORKERS", 2)
        monkeypatch.setattr(layered, "THREADED_CHILDREN", 8)
        monkeypatch.setattr(peg_packed, "THREADED_STATES", 2)
    if way.endswith("parts"):
        monkeypatch.setattr(classes_search, "PAIRS_AT_ONCE", 64)
    elif way.endswith("two keys"):
        monkeypatch.setattr(classes_search, "KEY_BITS", 8)
    elif way.endswith("two sorts"):
        force_two_sorts(monkeypatch)
