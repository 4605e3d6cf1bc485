"""What an analyst reads of a build of classes (one stored row per class of symmetric peg
positions): the views, `export` in every format, `puzzledb sql` and the Datasette metadata
show every position, checked against the same puzzle built storing every position.

A position's pred and move are one winning jump; the two builds may choose different ones
(each build keeps one of a position's optimal moves), so those are checked to be a jump of
the position into the build one move nearer the goal, and the rest is compared as is."""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
from collections import Counter
from contextlib import closing
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from puzzledb.builder import catalogue
from puzzledb.builder.kinds.peg.puzzle import PegSolitaire
from puzzledb.builder.symmetry import images as peg_symmetry
from puzzledb.db import export_rows as build_rows
from puzzledb.db import queries, state_key
from puzzledb.db.build import build_to
from puzzledb.db.connection import reader

PLUS = [".ooo.", "ooooo", "ooooo", "ooooo", ".ooo."]
GOAL = "000000000010000000000"
COLUMNS = ["puzzle", "goal", "state", "depth", "pred", "move", "solutions"]


def rows_of(db: Path, sql: str, *params) -> list[tuple]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return conn.execute(sql, params).fetchall()


@pytest.fixture(scope="module")
def plus(tmp_path_factory):
    """plus21 built both ways: (the build of classes, the build of every position)."""
    folder = tmp_path_factory.mktemp("classes")
    board = PegSolitaire.from_rows("plus21", PLUS, "grid", GOAL, metric="jump")
    build_to(folder / "classes.db", board, GOAL)
    build_to(folder / "every.db", board, GOAL, classes=False)
    return folder / "classes.db", folder / "every.db"


def jumps_of(db: Path) -> dict[tuple[int, int], str]:
    """The build's jumps in words by (the hole a peg leaves, the hole it lands in)."""
    jumps = {}
    for label, a, c in rows_of(db, "SELECT label, cell_a, cell_c FROM moves"):
        words = re.fullmatch(r"peg (\d+) jumps to (\d+)", label)
        assert words is not None
        start, end = map(int, words.groups())
        assert {start, end} == {a, c}
        jumps[start, end] = label
    return jumps


def assert_one_winning_jump(rows, every: Path) -> None:
    """Each row's pred is its state after one jump of the board, the jump its move names, and
    one move nearer the goal in the build of every position; the goal has neither."""
    depth_of = dict(rows_of(every, "SELECT state, depth FROM states"))
    jumps = jumps_of(every)
    for state, depth, pred, move, _ in rows:
        if depth == 0:
            assert pred is None and move is None
            continue
        left = [i for i, (a, b) in enumerate(zip(state, pred)) if (a, b) == ("1", "0")]
        landed = [i for i, (a, b) in enumerate(zip(state, pred)) if (a, b) == ("0", "1")]
        assert len(left) == 2 and len(landed) == 1  # a peg leaves, one is jumped over
        end = landed[0]
        (start,) = [i for i in left if (i, end) in jumps]
        assert jumps[start, end] == move
        assert depth_of[pred] == depth - 1


def without_moves(rows) -> Counter:
    return Counter((state, depth, solutions) for state, depth, _, _, solutions in rows)


def test_the_states_view_shows_every_position_of_a_build_of_classes(plus):
    classes, every = plus
    sql = "SELECT state, depth, pred, move, solutions FROM states"
    seen, expected = rows_of(classes, sql), rows_of(every, sql)
    assert rows_of(classes, "SELECT classes FROM puzzles") == [(3986,)]
    assert len(seen) == len(expected) == 30532
    assert without_moves(seen) == without_moves(expected)
    assert_one_winning_jump(seen, every)
    assert {r[:2] for r in rows_of(classes, "SELECT puzzle, goal FROM states")} == {
        ("plus21", GOAL)
    }


def test_the_farthest_view_shows_every_farthest_position(plus):
    classes, every = plus
    sql = "SELECT * FROM farthest"
    assert Counter(rows_of(classes, sql)) == Counter(rows_of(every, sql))
    assert len(rows_of(classes, sql)) > len(
        rows_of(classes, "SELECT * FROM nodes_1 WHERE depth = 16")
    )


def test_a_filter_on_depth_or_state_reaches_every_image(plus):
    classes, every = plus
    by_depth = (
        "SELECT state, depth, pred, move, solutions FROM states WHERE puzzle = ? AND depth = ?"
    )
    for depth in (0, 7, 16):
        seen = rows_of(classes, by_depth, "plus21", depth)
        assert without_moves(seen) == without_moves(rows_of(every, by_depth, "plus21", depth))
    symmetries = catalogue_free_symmetries(classes)
    stored = rows_of(classes, "SELECT state FROM nodes_1 WHERE fixed = 0 AND depth = 9 LIMIT 1")[0][
        0
    ]
    one = "SELECT depth, solutions FROM states WHERE puzzle = 'plus21' AND state = ?"
    for takes in symmetries:  # each image of a stored row, the stored row among them
        image = peg_symmetry.image(stored, takes)
        assert rows_of(classes, one, image) == rows_of(every, one, image) != []


def catalogue_free_symmetries(db: Path) -> list[tuple[int, ...]]:
    return [
        tuple(json.loads(t))
        for (t,) in rows_of(db, "SELECT takes FROM symmetries ORDER BY symmetry")
    ]


def test_the_views_of_builds_without_classes_stay_as_they_were(plus, tmp_path):
    """Adding a build of classes to a file adds its arms and leaves the others' text alone."""
    path = tmp_path / "both.db"
    board = PegSolitaire.from_rows("plus21", PLUS, "grid", GOAL, metric="jump")
    build_to(path, board, GOAL, classes=False)
    view = "SELECT sql FROM sqlite_master WHERE name = ?"
    alone = {name: rows_of(path, view, name)[0][0] for name in ("states", "farthest")}
    english = catalogue.get("english")
    build_to(path, english, english.default_goal, radius=4)
    for name, before in alone.items():
        after = rows_of(path, view, name)[0][0]
        assert after.startswith(before + "\n    UNION ALL\n    ") and "class_images" in after
        assert "class_images" not in before
    count = "SELECT count(*) FROM states WHERE puzzle = ?"
    assert rows_of(path, count, "plus21") == [(30532,)]
    assert rows_of(path, count, "english") == rows_of(
        path, "SELECT states FROM puzzles WHERE name = 'english'"
    )


def exported(cli, db: Path, fmt: str) -> list[tuple]:
    result = cli("export", "plus21", "--format", fmt, "--db", db)
    assert result.exit_code == 0, result.output
    if fmt == "csv":
        table = list(csv.reader(io.StringIO(result.stdout)))
        assert table[0] == ["state", "depth", "pred", "move", "solutions"]
        return [(s, int(d), p or None, m or None, int(n)) for s, d, p, m, n in table[1:]]
    return [tuple(json.loads(line).values()) for line in result.stdout.splitlines()]


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_export_writes_every_position_as_the_view_shows_it(cli, plus, fmt):
    classes, every = plus
    rows = exported(cli, classes, fmt)
    assert without_moves(rows) == without_moves(exported(cli, every, fmt))
    view = rows_of(classes, "SELECT state, depth, pred, move, solutions FROM states")
    assert Counter(rows) == Counter(view)  # the same image move as the view's
    assert_one_winning_jump(rows, every)


def test_export_comes_by_class_each_class_in_text_order(cli, plus):
    """As docs/sql.md says: stored (class) order, then each class's positions in text order."""
    classes, _ = plus
    symmetries = catalogue_free_symmetries(classes)
    states = [row[0] for row in exported(cli, classes, "csv")]
    assert len(states) == len(set(states)) == 30532
    classes_seen = [peg_symmetry.representative(s, symmetries)[0] for s in states]
    runs = [c for i, c in enumerate(classes_seen) if i == 0 or classes_seen[i - 1] != c]
    assert runs == sorted(set(classes_seen))  # each class once, in stored order
    for i in range(1, len(states)):
        if classes_seen[i] == classes_seen[i - 1]:
            assert states[i - 1] < states[i]
        else:
            assert states[i] == classes_seen[i]  # a class opens with its stored position


def test_export_batches_hold_as_many_positions_as_asked(plus):
    database = reader(plus[0])
    with database.connection() as conn:
        build = queries.find_build(conn, "plus21", GOAL)
        assert build is not None
    assert build.classes == 3986
    sizes = [len(batch) for batch in build_rows.batches(database, build, size=1000)]
    assert sizes == [1000] * 30 + [532]
    at_depth = [r for b in build_rows.batches(database, build, size=7, depth=8) for r in b]
    assert {r[1] for r in at_depth} == {8}
    assert len(at_depth) == rows_of(plus[0], "SELECT states FROM layers WHERE depth = 8")[0][0]


def parquet_rows(table) -> list[tuple]:
    return [tuple(row[c] for c in COLUMNS if c in row) for row in table.to_pylist()]


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_parquet_file_and_depth_partitions_hold_every_position(cli, plus, tmp_path):
    classes, every = plus
    tables = {}
    for name, db in (("classes", classes), ("every", every)):
        one, parts = tmp_path / f"{name}.parquet", tmp_path / name
        for extra in ([], ["--partition", "depth"]):
            out = parts if extra else one
            result = cli("export", "plus21", "--format", "parquet", *extra, "-o", out, "--db", db)
            assert result.exit_code == 0, result.output
        tables[name] = (pq.read_table(one), parts)
    view = rows_of(classes, f"SELECT {', '.join(COLUMNS)} FROM states")
    assert Counter(parquet_rows(tables["classes"][0])) == Counter(view)
    assert Counter(r[:4] + r[6:] for r in parquet_rows(tables["classes"][0])) == Counter(
        r[:4] + r[6:] for r in parquet_rows(tables["every"][0])
    )  # puzzle, goal, state, depth, solutions
    folders = sorted(p.name for p in tables["classes"][1].iterdir())
    assert folders == sorted(p.name for p in tables["every"][1].iterdir())
    for folder in folders:
        depth = int(folder.split("=")[1])
        mine = parquet_rows(pq.read_table(tables["classes"][1] / folder / "part-0.parquet"))
        theirs = parquet_rows(pq.read_table(tables["every"][1] / folder / "part-0.parquet"))
        assert Counter((r[2], r[5]) for r in mine) == Counter((r[2], r[5]) for r in theirs)
        assert Counter(mine) == Counter(r[:3] + r[4:] for r in view if r[3] == depth)


def test_puzzledb_sql_reads_the_views_of_a_build_of_classes(cli, plus):
    classes, every = plus
    sql = (
        "SELECT depth, count(*), sum(solutions) FROM states WHERE puzzle = 'plus21' "
        "GROUP BY depth ORDER BY depth"
    )
    mine = cli("sql", sql, "--format", "json", "--db", classes)
    theirs = cli("sql", sql, "--format", "json", "--db", every)
    assert mine.exit_code == theirs.exit_code == 0, mine.output
    assert json.loads(mine.stdout)["rows"] == json.loads(theirs.stdout)["rows"]
    farthest = cli("sql", "SELECT count(*) FROM farthest", "--format", "csv", "--db", classes)
    assert farthest.stdout == "count(*)\n" + f"{len(rows_of(every, 'SELECT * FROM farthest'))}\n"


def test_datasette_metadata_describes_the_tables_of_classes(cli, plus):
    classes, _ = plus
    document = json.loads(cli("datasette-metadata", "--db", classes).stdout)
    tables = document["databases"][classes.stem]["tables"]
    for name in ("symmetries", "move_images", "class_images", "nodes_1", "puzzles"):
        columns = {c for _, c, *_ in rows_of(classes, f"PRAGMA table_info({name})")}
        assert set(tables[name]["columns"]) == columns, name
        assert "Not part of" not in tables[name]["description"]
    assert "3,986 classes" in tables["nodes_1"]["description"]
    assert "30,532" in tables["nodes_1"]["description"]


# -- a state found by its class's key (issue 30) -------------------------------------------------

BY_KEY = (
    "SELECT depth, pred, move, solutions FROM states "
    "WHERE puzzle = 'plus21' AND state = :s AND stored = state_key('plus21', '', :s)"
)


def test_every_image_is_shown_under_its_classs_stored_key(plus):
    """The view's `stored` column is the least image (builder.symmetry.images), a row of the
    node table: what state_key() gives for the image, and what a build of every position
    stores as the state itself."""
    classes, every = plus
    symmetries = catalogue_free_symmetries(classes)
    rows = rows_of(classes, "SELECT state, stored FROM states")
    held = {s for (s,) in rows_of(classes, "SELECT state FROM nodes_1")}
    assert len(rows) == 30532 and len(held) == 3986
    for state, stored in rows:
        assert stored == peg_symmetry.representative(state, symmetries)[0] and stored in held
    assert all(s == k for s, k in rows_of(every, "SELECT state, stored FROM states"))


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_state_key_finds_each_position_as_the_view_does(cli, plus):
    """`puzzledb sql` registers state_key(): the question by key gives each position's row
    as the question by state alone (which reads every image), for positions spread over three
    depths and the goal."""
    classes, _ = plus
    alone = BY_KEY.split(" AND stored")[0]
    for depth in (0, 5, 9, 16):
        states = [s for (s,) in rows_of(classes, "SELECT state FROM states WHERE depth = ?", depth)]
        for state in states[:: max(1, len(states) // 8)]:
            seen = json.loads(
                cli("sql", BY_KEY, "-p", "s", state, "--db", classes, "--json").stdout
            )
            want = json.loads(cli("sql", alone, "-p", "s", state, "--db", classes, "--json").stdout)
            assert seen["rows"] == want["rows"] != [] and seen["rows"][0][0] == depth


def test_state_key_reads_each_arm_by_its_key(cli, plus):
    """No arm of the view is read whole: each symmetry's arm searches the node table by its
    key (a SCAN of `n` would read the build)."""
    classes, _ = plus
    state = rows_of(classes, "SELECT state FROM states WHERE depth = 9 LIMIT 1")[0][0]
    plan = json.loads(
        cli(
            "sql", "EXPLAIN QUERY PLAN " + BY_KEY, "-p", "s", state, "--db", classes, "--json"
        ).stdout
    )["rows"]
    details = [row[-1] for row in plan]
    searches = [d for d in details if d == "SEARCH n USING PRIMARY KEY (state=?)"]
    assert len(searches) == len(catalogue_free_symmetries(classes))
    assert not [d for d in details if re.match(r"SCAN n\b|.*AUTOMATIC", d)], details


def test_state_key_leaves_what_is_no_position_of_a_build_as_it_is(plus, tmp_path):
    """A puzzle not built, a text of another length, a value not text: no key to compute, so
    the state itself (no row matches). A file that is not puzzledb's (Datasette registers the
    function on every file it opens) gives the same."""
    classes, _ = plus
    with sqlite3.connect(f"file:{classes}?mode=ro", uri=True) as conn:
        state_key.register(conn)
        ask = "SELECT state_key(?, ?, ?)"
        assert conn.execute(ask, ("eight", "", "123")).fetchone() == ("123",)
        assert conn.execute(ask, ("plus21", "", "0101")).fetchone() == ("0101",)
        assert conn.execute(ask, ("plus21", "", 7)).fetchone() == (7,)
        assert conn.execute(ask, ("plus21", "no such goal", GOAL)).fetchone() == (GOAL,)
    other = tmp_path / "other.db"
    with closing(sqlite3.connect(other)) as conn:
        conn.execute("CREATE TABLE t (x)")
        state_key.register(conn)
        assert conn.execute("SELECT state_key('plus21', '', 'ab')").fetchone() == ("ab",)
