"""The array kernels of the layered search against the straightforward numpy way: the states
each un-jump applies to (packed.applying), a key range of sorted runs of children
(packed.runs_between) and a range's distinct children (layered._distinct_by_position)."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzledb.builder.kinds.peg import packed
from puzzledb.builder.search import counting, layered, threads

BITS = 12
codes_st = st.lists(st.integers(0, 2**BITS - 1), max_size=300, unique=True).map(
    lambda c: np.array(sorted(c), np.uint64)
)


@settings(max_examples=60, deadline=None)
@given(
    codes_st,
    st.lists(st.tuples(st.integers(0, 2**BITS - 1), st.integers(0, 2**BITS - 1)), max_size=8),
    st.integers(1, 40),
    st.booleans(),
)
def test_applying_finds_what_one_pass_a_test_finds(codes, tests, block, threaded):
    masks = [m for m, _ in tests]
    wanted = [w & m for m, w in tests]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(packed, "APPLY_BLOCK", block)
        patch.setattr(threads, "WORKERS", 2)
        found = packed.applying(codes, masks, wanted, threaded)
    assert len(found) == len(tests)
    for hits, mask, want in zip(found, masks, wanted):
        expected = np.flatnonzero((codes & np.uint64(mask)) == np.uint64(want))
        assert hits.dtype == np.uint32
        assert np.array_equal(hits, expected)


@st.composite
def runs_st(draw):
    """A sorted layer and runs of un-jump-like flips: each flips bits `flips` of the states
    whose bits there are `pattern`, so adds flips - 2 * pattern to each."""
    codes = draw(codes_st)
    runs = []
    for move in range(draw(st.integers(0, 6))):
        flips = draw(st.integers(1, 2**BITS - 1))
        pattern = draw(st.integers(0, 2**BITS - 1)) & flips
        index = np.flatnonzero((codes & np.uint64(flips)) == np.uint64(pattern)).astype(np.uint32)
        moves = move if draw(st.booleans()) else np.arange(len(index), dtype=np.int16) + move
        runs.append((np.uint64(flips), flips - 2 * pattern, index, moves))
    return codes, runs


@settings(max_examples=80, deadline=None)
@given(runs_st(), st.integers(0, 2**BITS), st.one_of(st.none(), st.integers(0, 2**BITS)))
def test_runs_between_joins_each_runs_children_in_the_range(drawn, low, high):
    codes, runs = drawn
    children, moves, parents = packed.runs_between(codes, runs, low, high, BITS)
    expected: list[list] = [[], [], []]
    for flips, _, index, move in runs:
        made = codes[index] ^ flips
        inside = (made >= low) & (made < (2**BITS if high is None else high))
        expected[0] += made[inside].tolist()
        expected[1] += np.broadcast_to(move, len(index))[inside].tolist()
        expected[2] += index[inside].tolist()
    assert children.tolist() == expected[0]
    assert moves.tolist() == expected[1]
    assert parents.tolist() == expected[2]


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 2**40), st.integers(-1, 2**15 - 1), st.integers(0, 9)),
        max_size=200,
    ),
    st.lists(st.integers(0, 2**32 - 1), min_size=10, max_size=10),
)
def test_distinct_by_position_keeps_the_lowest_move_and_sums_the_parents(copies, limb):
    children = np.array([c for c, _, _ in copies], np.uint64)
    moves = np.array([m for _, m, _ in copies], np.int16)
    parents = np.array([p for _, _, p in copies], np.uint32)
    counts = [np.array(limb, np.uint32)]
    found, least, summed = layered._distinct_by_position(children, moves, parents, counts)
    states = sorted(set(children.tolist()))
    assert found.tolist() == states
    for state, move, total in zip(states, least.tolist(), counting.to_ints(summed)):
        mine = [(m, p) for c, m, p in copies if c == state]
        assert move == min(mine, key=lambda mp: mp[0] & 0xFFFF)[0]
        assert total == sum(limb[p] for _, p in mine)


def test_a_build_keeps_freed_memory_where_malloc_is_glibcs():
    import platform

    from puzzledb.builder.search import heap

    assert heap.keep_freed_memory() == (platform.libc_ver()[0] == "glibc")
