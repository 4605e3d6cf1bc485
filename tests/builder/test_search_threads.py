"""The layered search on several threads (builder.search.threads) finds exactly what it finds
on one: the same states, move codes and counts at every depth, for every kind of codec the
threads take differently: a sliding board whose layers are expanded a slice a thread (and one
whose states leave no room for a move code, expanded whole), single jumps and chains of jumps
taken a key range a thread. Small layers are made to count as big, so that every layer here
is cut; the two runs' layers are compared array for array."""

import time

import numpy as np
import pytest

from puzzledb.builder import catalogue
from puzzledb.builder.kinds.peg import chains, packed
from puzzledb.builder.search import layered, threads
from puzzledb.builder.search.codecs import codec_for, packed_search

SEARCHES = {
    "eight": None,  # 36 bits: a slice of states a thread, children cut by key
    "fifteen": 14,  # 64 bits: expanded whole (first move met), children cut by key
    "english": 6,  # single jumps: the expansion's key ranges
    "english-chain": 4,  # chains, pred stored: their codes named before the threads start
    "peg15": None,  # chains on a triangle: a child may lie at any earlier depth
}


def searched(name: str, radius: int | None, workers: int, monkeypatch) -> list:
    monkeypatch.setattr(threads, "WORKERS", workers)
    monkeypatch.setattr(layered, "THREADED_CHILDREN", 8)
    monkeypatch.setattr(layered, "CHILDREN_AT_ONCE", 20_000)
    monkeypatch.setattr(chains, "THREADED_STATES", 2)  # an un-jump's pass a thread
    monkeypatch.setattr(packed, "THREADED_STATES", 2)
    puzzle = catalogue.get(name)
    codec = codec_for(puzzle)
    assert codec is not None
    result = packed_search(codec, puzzle.default_goal, radius)
    return [result.histogram, result.layers, result.layer_moves, result.layer_counts]


@pytest.mark.parametrize("name", SEARCHES)
def test_two_threads_find_what_one_finds(name, monkeypatch):
    one = searched(name, SEARCHES[name], 1, monkeypatch)
    two = searched(name, SEARCHES[name], 2, monkeypatch)
    assert one[0] == two[0]
    assert len(one[0]) > 3
    for layers_one, layers_two in zip(one[1:], two[1:]):
        for a, b in zip(layers_one, layers_two):
            if isinstance(a, list):  # counts: limbs
                assert len(a) == len(b)
                assert all(np.array_equal(x, y) for x, y in zip(a, b))
            else:
                assert np.array_equal(a, b)


def test_an_error_on_a_thread_reaches_the_caller_and_stops_the_rest():
    began: list[int] = []

    def work(item: int) -> int:
        began.append(item)
        if item == 0:
            raise MemoryError("the first range does not fit")
        time.sleep(0.05)  # the others take long enough to be cancelled
        return item

    original = threads.WORKERS
    threads.WORKERS = 2
    try:
        with pytest.raises(MemoryError, match="first range"):
            threads.in_order(work, list(range(50)))
    finally:
        threads.WORKERS = original
    assert len(began) < 50
