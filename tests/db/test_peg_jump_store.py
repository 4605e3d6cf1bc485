"""A peg board of single jumps stored without pred: the database flips a jump's three holes
back (moves.cell_a < cell_b < cell_c) wherever a predecessor is read, checked against an
independent search; and a file of the schema before cell_c is refused, not misread."""

import itertools
import sqlite3

import pytest
from support.independent import grid_peg_successors, peg_distances, solution_counts

from puzzledb.builder.kinds.peg.puzzle import PegSolitaire
from puzzledb.db import export_rows as build_rows
from puzzledb.db import queries, schema
from puzzledb.db.build import build_to
from puzzledb.db.connection import reader
from puzzledb.db.errors import DatabaseVersion

ROWS = [".oo.", "oooo", "oooo", ".oo."]
GOAL = "000001000000"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    path = tmp_path_factory.mktemp("peg") / "cross.sqlite"
    build_to(path, PegSolitaire.from_rows("cross12", ROWS, "grid", GOAL, metric="jump"), GOAL)
    return path


def test_pred_is_derived_not_stored_and_leads_one_jump_nearer(built):
    successors = grid_peg_successors(ROWS)
    dist = peg_distances(GOAL, len(GOAL), successors)
    counts = solution_counts(dist, successors)
    database = reader(built)
    with database.connection() as conn:
        build = queries.find_build(conn, "cross12", GOAL)
        assert build is not None
        columns = [r[1] for r in conn.execute(f"PRAGMA table_info({build.node_table})")]
    assert not build.stores_pred and "pred" not in columns
    rows = [r for batch in build_rows.batches(database, build) for r in batch]
    assert {s: d for s, d, *_ in rows} == dist
    for state, depth, pred, move, solutions in rows:
        assert solutions == counts[state]
        if depth == 0:
            assert (pred, move) == (None, None)
            continue
        assert pred in successors(state) and dist[pred] == depth - 1
        start, land = (int(h) for h in move.removeprefix("peg ").split(" jumps to "))
        assert (state[start], state[land], pred[start], pred[land]) == ("1", "0", "0", "1")


def test_the_states_view_and_a_path_derive_the_same_pred(built):
    database = reader(built)
    with database.connection() as conn:
        build = queries.find_build(conn, "cross12", GOAL)
        assert build is not None
        view = dict(conn.execute("SELECT state, pred FROM states WHERE puzzle = 'cross12'"))
        cells = conn.execute("SELECT cell_a, cell_b, cell_c FROM moves").fetchall()
        far = max(view, key=lambda s: s.count("1"))
        steps, _ = queries.path(conn, build, far)
    assert all(a < b < c for a, b, c in cells)
    walked = [s for s, _ in steps]
    assert walked[-1] == GOAL and len(walked) == far.count("1")
    assert all(view[s] == t for s, t in itertools.pairwise(walked))


def test_a_file_of_the_schema_before_jumps_is_refused(built, tmp_path):
    old = tmp_path / "old.sqlite"
    with sqlite3.connect(built) as source, sqlite3.connect(old) as copy:
        source.backup(copy)
        copy.execute("PRAGMA user_version = 2")
    copy.close()
    # 4: builds of classes (db.classes); 5: the views' `stored`; 6: moves' `rewrite`;
    # 7: moves' `flipped` (chains in classes)
    assert schema.VERSION == 7 and schema.READS == (5, 6, 7)
    with pytest.raises(DatabaseVersion, match="schema 2; this one reads 5 and 6 and 7"):
        reader(old)
