"""The English 33-hole cross built whole in both metrics, its published figures asserted: opt-in,
as the builds take minutes (english and english-chain ~1 each, chains every position ~4),
several GB of memory, and 2.2, 2.0 and 24 GB of disk (run with PUZZLEDB_BIG=1;
docs/performance.md, "Peg solitaire on the English cross"). The same codecs are checked on
small boards in every run (tests/builder/test_peg_packed.py, tests/builder/test_peg_chains.py,
tests/builder/test_peg_chain_classes.py)."""

import json
import os

import pytest

from puzzledb.builder import catalogue
from puzzledb.db import queries
from puzzledb.db.build import build_to
from puzzledb.db.classes import rows_of as classes_rows
from puzzledb.db.connection import reader
from puzzledb.service.answers import Answers

pytestmark = pytest.mark.skipif(
    not os.environ.get("PUZZLEDB_BIG"), reason="a 10-minute build: set PUZZLEDB_BIG=1"
)

START = "1" * 16 + "0" + "1" * 16
GOAL = "0" * 16 + "1" + "0" * 16


def test_english_positions_depth_and_winning_lines(tmp_path):
    path = tmp_path / "english.sqlite"
    english = catalogue.get("english")
    assert english.default_goal == GOAL and english.parse("start") == START
    row = build_to(path, english, GOAL)
    assert row["states"] == 187_636_299  # as many as the start reaches, by complement duality
    # one row per class of the cross's 8 symmetries: within 50 bytes a position
    assert row["classes"] < row["states"] / 7
    assert path.stat().st_size <= 50 * row["states"]
    database = reader(path)
    with database.connection() as conn:
        build = queries.find_build(conn, "english", GOAL)
        assert build is not None
        depth, solutions, kind = conn.execute(
            f"SELECT depth, solutions, typeof(solutions) FROM {build.node_table} WHERE state = ?",
            (START,),
        ).fetchone()
        steps, counted = queries.path(conn, build, START)
    assert depth == 31 and len(steps) == 32 and steps[-1] == (GOAL, None)
    assert kind == "integer" and solutions == 40_861_647_040_079_968  # past 2**53, exact
    assert json.loads(json.dumps({"solutions": counted}))["solutions"] == solutions
    # the four first jumps are mirror images, stored once: each keeps a quarter of the lines
    first = Answers(database).moves("english", START)["moves"]
    assert len(first) == 4 and all(m["optimal"] and m["depth"] == 30 for m in first)
    assert {m["solutions"] for m in first} == {solutions // 4}


def test_english_chain_positions_and_the_shortest_win(tmp_path):
    path = tmp_path / "english-chain.sqlite"
    chain = catalogue.get("english-chain")
    assert chain.default_goal == GOAL and chain.parse("start") == START
    row = build_to(path, chain, GOAL)
    assert row["states"] == 187_636_299  # the same positions can finish, however moves count
    assert row["max_depth"] == 20  # the farthest positions in chains (docs/puzzles.md)
    database = reader(path)
    with database.connection() as conn:
        build = queries.find_build(conn, "english-chain", GOAL)
        assert build is not None
        (depth,) = conn.execute(
            f"SELECT depth FROM {build.node_table} WHERE state = ?", (START,)
        ).fetchone()
        steps, _ = queries.path(conn, build, START)
    # Bergholt's 18-move solution (1912), proved shortest by Beasley
    assert depth == 18 and len(steps) == 19 and steps[-1] == (GOAL, None)


def test_english_chain_in_classes_answers_as_every_position_on_a_sample(tmp_path):
    """The whole cross in chains, stored one position a class (the default) and every
    position (`--every-position`, pred stored): the same histogram, most solved positions and
    winning lines, and for 200,000 positions drawn from the every-position build the same
    depth and count of shortest solutions, each path walked to the goal by legal chains."""
    chain = catalogue.get("english-chain")
    classes, every = tmp_path / "classes.sqlite", tmp_path / "every.sqlite"
    row = build_to(classes, chain, GOAL)
    every_row = build_to(every, chain, GOAL, classes=False)
    assert row["classes"] < row["states"] / 7 and every_row["classes"] is None
    assert classes.stat().st_size <= 15 * row["states"]  # issue's bound: 15 bytes a position
    for name in ("states", "max_depth", "max_solutions", "max_solutions_states"):
        assert row[name] == every_row[name], name
    database, whole = reader(classes), reader(every)
    with database.connection() as conn, whole.connection() as conn_every:
        build = queries.find_build(conn, "english-chain", GOAL)
        every_build = queries.find_build(conn_every, "english-chain", GOAL)
        assert build is not None and every_build is not None
        histogram = "SELECT depth, states FROM layers WHERE puzzle_id = ? ORDER BY depth"
        assert (
            conn.execute(histogram, (build.id,)).fetchall()
            == conn_every.execute(histogram, (every_build.id,)).fetchall()
        )
        most = "SELECT state FROM most_solved WHERE puzzle_id = ? ORDER BY state"
        assert (
            conn.execute(most, (build.id,)).fetchall()
            == conn_every.execute(most, (every_build.id,)).fetchall()
        )
        sample = conn_every.execute(
            f"SELECT state, depth, solutions FROM {every_build.node_table} "
            f"WHERE abs(random()) % 938 = 0"  # about 200,000 of 187,636,299
        ).fetchall()
        assert len(sample) > 150_000
        found: dict = {}
        for start in range(0, len(sample), 10_000):  # within SQLite's bound parameters
            states = [s for s, _, _ in sample[start : start + 10_000]]
            found |= classes_rows(conn, build, build.node_table, states)
        assert {s: (d, n) for s, d, n in sample} == found
    answers = Answers(database)
    for state, depth, _ in sample[:: len(sample) // 200]:
        path = answers.path("english-chain", state)
        assert path["depth"] == depth and path["path"][-1] == GOAL
        for before, move, after in zip(path["path"], path["moves"], path["path"][1:]):
            assert (move, after) in {(m.label, nxt) for m, nxt in chain.moves(before)}
