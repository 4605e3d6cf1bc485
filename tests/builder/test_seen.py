"""The set of every state a directed search has found (builder.search.seen): the bitmap and the
merged sorted array answer as a Python set does, layer after layer, and a chain search gives the
same rows whichever of the two it holds."""

from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzledb.builder import catalogue
from puzzledb.builder.kinds.peg.chains import PackedChains
from puzzledb.builder.kinds.peg.puzzle import PegSolitaire
from puzzledb.builder.search import seen
from puzzledb.builder.search.layered import layered_bfs

KINDS: dict[str, Callable[[int], seen.Seen]] = {
    "bitmap": seen.SeenBits,
    "sorted": lambda bits: seen.SeenSorted(),
    "growing": seen.SeenGrowing,
}


@pytest.mark.parametrize("kind", sorted(KINDS))
@settings(max_examples=40, deadline=None)
@given(
    bits=st.integers(1, 12),
    layers=st.lists(st.lists(st.integers(0, 2**12 - 1), max_size=80), max_size=6),
    asked=st.lists(st.integers(0, 2**12 - 1), max_size=80),
)
def test_answers_as_a_set_of_every_layer_added(kind, bits, layers, asked):
    found, truth = KINDS[kind](bits), set()
    top = 1 << bits
    for layer in layers:
        codes = np.unique(np.array([v % top for v in layer], np.uint64))
        fresh = found.new(codes)
        assert fresh.tolist() == [int(v) not in truth for v in codes]
        found.add(codes[fresh])
        truth |= {int(v) for v in codes}
        values = np.array([v % top for v in asked], np.uint64)
        assert found.new(values).tolist() == [int(v) not in truth for v in values]


def test_a_sorted_array_grows_into_a_bitmap_up_to_its_widest():
    growing = seen.seen_states(seen.BITMAP_MOST_BITS)
    assert isinstance(growing, seen.SeenGrowing) and isinstance(growing.inner, seen.SeenSorted)
    assert isinstance(seen.seen_states(seen.BITMAP_MOST_BITS + 1), seen.SeenSorted)


def test_a_bitmap_once_the_array_would_take_a_quarter_of_its_bytes():
    growing = seen.SeenGrowing(12)  # a bitmap of 512 bytes, a quarter of it 16 states
    growing.add(np.arange(0, 30, 2, dtype=np.uint64))
    assert isinstance(growing.inner, seen.SeenSorted)
    growing.add(np.array([31], np.uint64))
    assert isinstance(growing.inner, seen.SeenBits)
    assert growing.new(np.arange(32, dtype=np.uint64)).tolist() == [
        (v % 2 == 1 or v == 30) and v != 31 for v in range(32)
    ]


def test_a_bitmap_marks_the_states_of_one_word_together():
    found = seen.SeenBits(8)
    found.add(np.array([0, 1, 63, 64, 200], np.uint64))
    assert found.words.tolist() == [1 | 2 | 1 << 63, 1, 0, 1 << 8]


def test_a_chain_search_finds_the_same_rows_with_either_set(monkeypatch):
    puzzle = catalogue.get("peg15")
    assert isinstance(puzzle, PegSolitaire)
    by_bitmap = layered_bfs(PackedChains(puzzle), puzzle.default_goal)
    monkeypatch.setattr(seen, "BITMAP_MOST_BITS", 0)
    by_sorted = layered_bfs(PackedChains(puzzle), puzzle.default_goal)
    assert by_bitmap.histogram == by_sorted.histogram and len(by_bitmap.histogram) > 3
    rows = [list(by_bitmap.chunks(10**6)), list(by_sorted.chunks(10**6))]
    assert rows[0] == rows[1]
