"""The two ways a build can keep predecessors give the same rows and the same paths."""

import sqlite3

import pytest

from puzzledb.builder import catalogue
from puzzledb.db.build import build
from puzzledb.db.connection import reader, writer
from puzzledb.service.answers import Answers


@pytest.mark.parametrize("name", ["seven", "nooff"])
def test_compact_and_stored_pred_agree(tmp_path, name):
    puzzle = catalogue.get(name)
    files = {}
    for compact in (True, False):
        files[compact] = tmp_path / f"{compact}.sqlite"
        db = writer(files[compact])
        build(db, puzzle, puzzle.default_goal, compact=compact)
        db.close()
    views = {}
    for compact, path in files.items():
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
            stores = conn.execute("SELECT stores_pred FROM puzzles").fetchone()[0]
            assert stores == (0 if compact else 1)
            views[compact] = conn.execute(
                "SELECT state, depth, pred, move FROM states ORDER BY state"
            ).fetchall()
    assert views[True] == views[False]
    far = Answers(reader(files[True])).farthest(name)["states"][0]
    assert Answers(reader(files[True])).path(name, far) == Answers(reader(files[False])).path(
        name, far
    )


def test_swap_puzzles_derive_pred_by_default_and_peg_chains_store_it_every_position(
    seed_db, cli, empty_db
):
    with sqlite3.connect(f"file:{seed_db}?mode=ro", uri=True) as conn:
        stored = dict(conn.execute("SELECT name, stores_pred FROM puzzles"))
    # peg15's chains in classes: pred is each chain's marked holes flipped back
    assert stored["eight"] == 0 and stored["nooff"] == 0 and stored["peg15"] == 0
    assert cli("build", "peg15", "--every-position", "--db", empty_db, "-q").exit_code == 0
    with sqlite3.connect(f"file:{empty_db}?mode=ro", uri=True) as conn:
        assert conn.execute("SELECT stores_pred, classes FROM puzzles").fetchall() == [(1, None)]


def test_store_pred_from_the_command_line(cli, tmp_path):
    db = tmp_path / "stored.sqlite"
    assert cli("build", "seven", "--store-pred", "--db", db, "-q").exit_code == 0
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        assert conn.execute("SELECT stores_pred FROM puzzles").fetchone()[0] == 1
