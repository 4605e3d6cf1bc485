"""Every state's number of optimal solutions: exact, equal to an independent count, and told
by every answer (path, moves, stats, the states view, the CLI text)."""

from __future__ import annotations

import json
import sqlite3
import time

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import independent

from puzzledb.builder import catalogue
from puzzledb.builder.search import counting
from puzzledb.builder.search.plain import breadth_first
from puzzledb.db.build import search
from puzzledb.db.connection import reader, writer
from puzzledb.db.store import save_build
from puzzledb.service.answers import Answers

SUCCESSORS = {
    "seven": independent.grid_neighbours(2, 4, "0"),
    "eight": independent.grid_neighbours(3, 3, "0"),
    "lines": independent.grid_neighbours(3, 3, "0"),
    "nooff": independent.grid_neighbours(2, 4, "_", bulb="L"),
}


def stored(db, name, column="solutions"):
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return dict(conn.execute(f"SELECT state, {column} FROM states WHERE puzzle = ?", (name,)))


@pytest.mark.slow  # counts every puzzle's solutions again
@pytest.mark.parametrize("name", list(SUCCESSORS))
def test_every_count_equals_an_independent_count(seed_db, name):
    goal = catalogue.get(name).default_goal
    dist = independent.distances_to(goal, SUCCESSORS[name])
    assert stored(seed_db, name) == independent.solution_counts(dist, SUCCESSORS[name])


def test_peg15_counts_equal_an_independent_count(seed_db):
    dist = independent.peg_distances("000000000000100")
    expected = independent.solution_counts(dist, independent.peg_successors)
    assert stored(seed_db, "peg15") == expected
    assert expected["011111111111111"] > 1


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_count_is_the_number_of_shortest_move_sequences(answers, data):
    """Walk every sequence of `depth` moves from a state near the goal and count those that
    arrive: the definition itself, with no layers."""
    depth = data.draw(st.integers(1, 9), label="depth")
    stats = answers.stats("eight")
    offset = data.draw(st.integers(0, stats["histogram"][depth] - 1), label="offset")
    state = answers.depth("eight", depth, limit=1, offset=offset)["states"][0]
    walked = independent.count_paths(state, "123456780", SUCCESSORS["eight"], depth)
    assert answers.path("eight", state)["solutions"] == walked


def test_the_hardest_eight_state_has_40_and_its_moves_split_them(answers, cli, seed_db):
    path = answers.path("eight", "867254301")
    assert path["depth"] == 31 and path["solutions"] == 40
    moves = answers.moves("eight", "867254301")
    assert moves["solutions"] == 40
    optimal = [m["solutions"] for m in moves["moves"] if m["optimal"]]
    assert sum(optimal) == 40 and len(optimal) == 3
    for m in moves["moves"]:
        assert m["solutions"] == answers.path("eight", m["state"])["solutions"]
    text = cli("path", "eight", "867254301", "--db", seed_db).stdout
    assert text.rstrip().endswith("31 moves, optimal; 40 optimal solutions")
    text = cli("moves", "eight", "867254301", "--db", seed_db).stdout
    assert "is 31 moves from goal 123456780, 40 optimal solutions" in text
    assert "optimal, keeps 29 optimal solutions" in text


def test_stats_names_the_states_with_the_most_solutions(answers, seed_db, cli):
    counts = stored(seed_db, "eight")
    most = max(counts.values())
    expected = sorted(s for s, n in counts.items() if n == most)
    answer = answers.stats("eight")["most_solutions"]
    assert answer == {"solutions": most, "count": len(expected), "states": expected}
    text = cli("stats", "eight", "--db", seed_db).stdout
    assert f"most optimal solutions: {most:,}, from {len(expected)} states: {expected[0]}" in text


def test_a_radius_build_counts_exactly_as_the_complete_build(tmp_path, seed_db):
    eight = catalogue.get("eight")
    part = search(eight, eight.default_goal, radius=12)
    whole = stored(seed_db, "eight")
    rows: dict = {}
    for states, _depths, _moves, counts in part.chunks(10_000):
        rows.update(zip(states, counts))
    assert rows == {s: whole[s] for s in rows} and len(rows) == sum(part.histogram)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.lists(st.integers(0, 2**100), min_size=1, max_size=4), min_size=1, max_size=30))
def test_limb_sums_are_exact_past_64_bits(groups):
    """Each group is the counts of one state's neighbours: sums past 2**64 must not wrap."""
    values = [v for g in groups for v in g]
    targets = np.array([i for i, g in enumerate(groups) for _ in g], np.int64)
    limbs = max(1, max(v.bit_length() for v in values) // 32 + 1)
    counts = [
        np.array([(v >> (32 * k)) & 0xFFFFFFFF for v in values], np.uint32) for k in range(limbs)
    ]
    summed = counting.sum_into(targets, np.arange(len(values)), counts, len(groups))
    assert counting.to_ints(summed) == [sum(g) for g in groups]
    top, where = counting.largest(summed)
    assert top == max(sum(g) for g in groups)
    assert where.tolist() == [i for i, g in enumerate(groups) if sum(g) == top]


def test_a_count_past_64_bits_is_stored_and_answered_exactly(tmp_path):
    """A store round trip of a count no SQLite integer holds: text in the file, the exact
    integer in every answer, never a rounded REAL."""
    eight = catalogue.get("eight")
    result = breadth_first(eight, eight.default_goal, radius=2)
    result.radius = 2
    huge = 2**70 + 12345
    far = sorted(s for s, (d, _, _) in result.table.items() if d == 2)[0]
    result.solutions[far] = huge
    result.most_solutions, result.most_solved_count, result.most_solved = huge, 1, [far]
    path = tmp_path / "big.sqlite"
    db = writer(path)
    save_build(db, eight, result, time.perf_counter())
    db.close()
    with sqlite3.connect(path) as conn:
        value, kind = conn.execute(
            "SELECT solutions, typeof(solutions) FROM states WHERE state = ?", (far,)
        ).fetchone()
    assert (value, kind) == (str(huge), "text")
    answers = Answers(reader(path))
    assert answers.path("eight", far)["solutions"] == huge
    assert answers.stats("eight")["most_solutions"]["solutions"] == huge
    assert json.loads(json.dumps(answers.path("eight", far)))["solutions"] == huge
