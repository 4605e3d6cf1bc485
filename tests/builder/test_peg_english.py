"""The English 33-hole cross built whole in both metrics, its published figures asserted: opt-in,
as the builds take minutes (english ~3-8, english-chain ~15), several GB of memory, and 2.2 GB
and 24 GB of disk (run with PUZZLEDB_BIG=1; docs/performance.md, "Peg solitaire on the English
cross"). The same codecs are checked on small boards in every run (tests/builder/test_peg_packed.py,
tests/builder/test_peg_chains.py)."""

import json
import os

import pytest

from puzzledb.builder import catalogue
from puzzledb.db import queries
from puzzledb.db.build import build_to
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
