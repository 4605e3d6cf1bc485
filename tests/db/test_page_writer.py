"""A new file's node table and depth index written as pages (db.pages) store exactly what
SQLite's own inserts store: the builds' fingerprints, SQLite's integrity check, the depth index
still used by depth queries; and the record and page maker alone, on random rows."""

import ctypes
import errno
import fcntl
import itertools
import os
import sqlite3
import struct
from unittest import mock

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import build_fingerprints
from support.file_systems import collapsible, counted_collapses

from puzzledb.builder.search.layered import PackedResult
from puzzledb.builder.search.result import TableResult
from puzzledb.db import schema, side_writer
from puzzledb.db.errors import DatabaseFault
from puzzledb.db.pages import btree, dbfile, leaves, nodes, ranges, upper
from puzzledb.db.pages.dbfile import PageFile
from puzzledb.db.pages.records import RecordRefused, cells, column_field, text_field
from puzzledb.service.builds import plan, run

SAVED = build_fingerprints.saved()
#: Builds of build_fingerprints.BUILDS through the pages: a key of every kind of board, a
#: metric, classes (`fixed`), stored predecessors (eight-multi), peg boards by radius.
QUICK = ["seven", "eight", "peg15", "klotski-finger", "english-every-radius-8"]
SLOW = [
    "eight-multi",
    "french-radius-6",
    "peg15-plain",
    "english-chain-radius-5",
    "english-chain-every-radius-5",
]


@pytest.fixture()
def through_pages(monkeypatch):
    """Every build into a new file goes through db.pages; `written` counts them."""
    monkeypatch.setattr(nodes, "MIN_ROWS", 0)
    written = []
    real = nodes.write

    def counted(*args, **kwargs):
        real(*args, **kwargs)
        written.append(args[0])

    monkeypatch.setattr(nodes, "write", counted)
    return written


def checked(path):
    """The file passes SQLite's integrity check, and a depth query uses the depth index."""
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        for (table,) in conn.execute("SELECT node_table FROM puzzles"):
            plan_rows = conn.execute(
                f"EXPLAIN QUERY PLAN SELECT state FROM {table} WHERE depth = 3"
            ).fetchall()
            assert f"USING COVERING INDEX {table}_by_depth" in plan_rows[0][3]
            by_depth = conn.execute(
                f"SELECT depth, count(*) FROM {table} INDEXED BY {table}_by_depth GROUP BY depth"
            ).fetchall()
            assert (
                by_depth
                == conn.execute(
                    f"SELECT depth, count(*) FROM {table} NOT INDEXED GROUP BY depth"
                ).fetchall()
            )
    conn.close()


@pytest.mark.parametrize(
    "label", [*QUICK, *(pytest.param(label, marks=pytest.mark.slow) for label in SLOW)]
)
def test_a_build_through_pages_stores_the_same_rows(label, tmp_path, through_pages):
    assert build_fingerprints.built(label, tmp_path) == SAVED[label]
    assert through_pages == [tmp_path / f".{label}.sqlite.building-{os.getpid()}"]
    checked(tmp_path / f"{label}.sqlite")


@pytest.mark.parametrize("direct", [True, False], ids=["past the cache", "through it"])
def test_pages_go_past_the_page_cache_where_they_can_and_store_the_same_rows(
    direct, tmp_path, monkeypatch, in_halves
):
    """Runs of pages go to the disk with O_DIRECT where the filesystem allows it (this one,
    ext4 under /tmp, does), in both halves; where it does not (no descriptor), the usual way:
    the same rows either way, SQLite's integrity check passed."""
    if not direct:
        monkeypatch.setattr(dbfile, "direct_fd", lambda fd: None)
    ways = []
    real = dbfile._write_all

    def noted(fd, data, offset):
        ways.append((os.getpid(), fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_DIRECT != 0))
        real(fd, data, offset)

    monkeypatch.setattr(dbfile, "_write_all", noted)
    assert (
        build_fingerprints.built("english-every-radius-8", tmp_path)
        == SAVED["english-every-radius-8"]
    )
    checked(tmp_path / "english-every-radius-8.sqlite")
    here = [past for pid, past in ways if pid == os.getpid()]
    assert here and all(here) == direct and any(here) == direct
    # the child's writes are its own process's: seen here only through the rows they made
    assert in_halves and all(lower > 0 and upper > 0 for lower, upper in in_halves)


@pytest.fixture()
def in_halves(monkeypatch, through_pages):
    """Every build into a new file goes through db.pages with a forked process making the
    upper half's leaves, cut into leaves often (small streams); `halves` counts them."""
    monkeypatch.setattr(side_writer, "MIN_ROWS", 1)
    monkeypatch.setattr(btree, "CUT_BYTES", 5000)
    halves = []
    real = upper.filled_in_halves

    def counted(*args, **kwargs):
        parts = real(*args, **kwargs)
        halves.append([sum(len(p) for p in part.rows.pages) for part in parts])
        return parts

    monkeypatch.setattr(upper, "filled_in_halves", counted)
    return halves


@pytest.mark.skipif(not hasattr(os, "fork") or (os.cpu_count() or 1) < 2, reason="needs fork")
@pytest.mark.parametrize("label", ["eight", "english-every-radius-8"])
def test_a_build_in_two_halves_stores_the_same_rows(label, tmp_path, in_halves):
    assert build_fingerprints.built(label, tmp_path) == SAVED[label]
    ((lower, upper_leaves),) = in_halves
    assert lower > 0 and upper_leaves > 0  # both halves made leaves, copied in
    assert [p.name for p in tmp_path.iterdir()] == [f"{label}.sqlite"]  # no side file left
    checked(tmp_path / f"{label}.sqlite")


@pytest.mark.skipif(not hasattr(os, "fork") or (os.cpu_count() or 1) < 2, reason="needs fork")
def test_a_half_the_child_refuses_is_stored_through_sqlite(tmp_path, monkeypatch, in_halves):
    def refused(*args):
        raise RecordRefused("refused in the child")

    monkeypatch.setattr(upper, "_upper_half", refused)
    assert build_fingerprints.built("eight", tmp_path) == SAVED["eight"]
    assert [p.name for p in tmp_path.iterdir()] == ["eight.sqlite"]
    checked(tmp_path / "eight.sqlite")


@pytest.mark.skipif(not hasattr(os, "fork") or (os.cpu_count() or 1) < 2, reason="needs fork")
def test_a_half_the_child_fails_fails_the_build_and_leaves_no_file(
    tmp_path, monkeypatch, in_halves
):
    def full(*args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(upper, "_upper_half", full)
    with pytest.raises(DatabaseFault, match="No space left"):
        build_fingerprints.built("eight", tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_english_radius_6_through_pages_is_the_sqlite_build(tmp_path, monkeypatch):
    run(plan(db=tmp_path / "sqlite.sqlite", names=["english"], radius=6))
    monkeypatch.setattr(nodes, "MIN_ROWS", 0)
    run(plan(db=tmp_path / "pages.sqlite", names=["english"], radius=6))
    pages, sqlite = (
        build_fingerprints.fingerprint(tmp_path / f) for f in ("pages.sqlite", "sqlite.sqlite")
    )
    assert pages == sqlite
    checked(tmp_path / "pages.sqlite")


def test_a_build_the_pages_refuse_is_stored_through_sqlite(tmp_path, monkeypatch):
    monkeypatch.setattr(nodes, "MIN_ROWS", 0)
    monkeypatch.setattr(leaves, "max_payload", lambda usable: 10)  # every record refused
    assert build_fingerprints.built("peg15", tmp_path) == SAVED["peg15"]
    checked(tmp_path / "peg15.sqlite")


def test_rows_out_of_key_order_are_refused_and_stored_through_sqlite(tmp_path, through_pages):
    """A Rush Hour search hands its rows over in the order of its codes, not of the keys'
    text: a b-tree made of them in that order would be corrupt, so SQLite inserts them."""
    assert build_fingerprints.built("rush51", tmp_path) == SAVED["rush51"]
    assert through_pages == []
    checked(tmp_path / "rush51.sqlite")


def refuse_row_objects(monkeypatch):
    """From now on a packed search's rows are refused as Python objects (PackedResult.chunks):
    the page writer must take them as arrays."""

    def refused(*args, **kwargs):
        raise AssertionError("rows made as Python objects")

    monkeypatch.setattr(PackedResult, "chunks", refused)


@pytest.mark.parametrize("label", ["peg15-plain", "klotski-finger"])  # chains; blocks anyhow
def test_stored_predecessors_are_written_from_arrays(label, tmp_path, through_pages, monkeypatch):
    refuse_row_objects(monkeypatch)
    assert build_fingerprints.built(label, tmp_path) == SAVED[label]
    assert len(through_pages) == 1
    checked(tmp_path / f"{label}.sqlite")


@pytest.mark.parametrize(
    "words",
    [
        # 120,349 positions, pred by a chain's flips
        {"names": ["english-chain"], "radius": 4, "classes": False},
        {"names": ["eight"], "compact": False},  # pred stored where a swap would derive it
    ],
)
def test_stored_predecessors_from_arrays_are_the_sqlite_build(words, tmp_path, monkeypatch):
    run(plan(db=tmp_path / "sqlite.sqlite", **words))
    monkeypatch.setattr(nodes, "MIN_ROWS", 0)
    refuse_row_objects(monkeypatch)
    run(plan(db=tmp_path / "pages.sqlite", **words))
    pages, sqlite = (
        build_fingerprints.fingerprint(tmp_path / f) for f in ("pages.sqlite", "sqlite.sqlite")
    )
    assert pages == sqlite
    checked(tmp_path / "pages.sqlite")
    with sqlite3.connect(tmp_path / "pages.sqlite") as conn:
        (table,) = conn.execute("SELECT node_table FROM puzzles").fetchone()
        goals = conn.execute(f"SELECT count(*) FROM {table} WHERE pred IS NULL").fetchone()
        assert goals == conn.execute(f"SELECT count(*) FROM {table} WHERE depth = 0").fetchone()
    conn.close()


def test_a_small_build_keeps_sqlites_way(tmp_path, monkeypatch):
    written = []
    monkeypatch.setattr(nodes, "write", lambda *a, **k: written.append(a))
    run(plan(db=tmp_path / "eight.sqlite", names=["eight"]))
    assert written == []
    assert not nodes.worthwhile(181_440) and nodes.worthwhile(239_500_800)


# The record and page maker alone, on random rows.

KEYS = st.text(alphabet=st.sampled_from("ab\u00e9\u30a2z0"), min_size=0, max_size=40)
INTS = st.one_of(
    st.sampled_from([0, 1, -1, 2, 127, 128, -128, -129, 2**15, 2**23, 2**31, 2**47, 2**48]),
    st.sampled_from([2**63 - 1, -(2**63), 2**31 - 1, -(2**31), 2**47 - 1, -(2**47)]),
    st.integers(-(2**63), 2**63 - 1),
)
COUNTS = st.one_of(st.integers(0, 2**63 - 1), st.integers(2**63, 2**80), st.sampled_from([0, 1]))
ROW = st.tuples(st.integers(0, 6), st.one_of(st.none(), INTS), COUNTS, st.one_of(st.none(), KEYS))


def new_file(path, stores_pred, page_size):
    """A file as a build leaves it before its rows: the empty node table and depth index."""
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA page_size = {page_size}")
    conn.execute(schema.node_table_ddl("nodes_1", stores_pred))
    conn.execute(schema.node_index_ddl("nodes_1"))
    roots = dict(conn.execute("SELECT name, rootpage FROM sqlite_master"))
    conn.commit()
    conn.close()
    return roots["nodes_1"], roots["nodes_1_by_depth"]


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    rows=st.dictionaries(KEYS, ROW, max_size=600),
    stores_pred=st.booleans(),
    page_size=st.sampled_from([512, 1024, 4096]),
    chunk=st.integers(1, 300),
)
def test_random_rows_read_back_as_written(tmp_path_factory, rows, stores_pred, page_size, chunk):
    path = tmp_path_factory.mktemp("pages") / "random.sqlite"
    table_root, index_root = new_file(path, stores_pred, page_size)
    histogram = [max(1, sum(1 for r in rows.values() if r[0] == d)) for d in range(7)]
    result = TableResult(
        "goal",
        histogram,
        {},
        stores_pred,
        table={key: (depth, move, pred) for key, (depth, move, _, pred) in rows.items()},
        solutions={key: count for key, (_, _, count, _) in rows.items()},
    )
    with (
        mock.patch.object(leaves, "CHUNK_ROWS", chunk),
        mock.patch.object(btree, "CUT_BYTES", 2000),
    ):
        nodes.write(path, table_root, index_root, result)
    expected = [
        (key, depth, move, count if count < 2**63 else str(count))
        + ((pred,) if stores_pred else ())
        for key, (depth, move, count, pred) in sorted(rows.items())
    ]
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("SELECT * FROM nodes_1 ORDER BY state").fetchall() == expected
        for key, depth, *_ in expected[:: max(1, len(expected) // 20)]:
            found = conn.execute("SELECT depth FROM nodes_1 WHERE state = ?", (key,)).fetchall()
            assert found == [(depth,)]
        for depth in range(7):
            keys = conn.execute(
                "SELECT state FROM nodes_1 INDEXED BY nodes_1_by_depth WHERE depth = ?", (depth,)
            ).fetchall()
            assert keys == [(row[0],) for row in expected if row[1] == depth]
    conn.close()


def test_a_record_too_big_for_its_page_is_refused_and_the_file_left_as_it_was(tmp_path):
    path = tmp_path / "big.sqlite"
    table_root, index_root = new_file(path, False, 512)
    before = path.read_bytes()
    keys = [f"{i:04}" for i in range(3000)] + ["z" * 600]
    result = TableResult(
        "goal",
        [len(keys)],
        {},
        False,
        table=dict.fromkeys(keys, (0, None, None)),
        solutions=dict.fromkeys(keys, 1),
    )
    with mock.patch.object(leaves, "CHUNK_ROWS", 1000), pytest.raises(RecordRefused):
        nodes.write(path, table_root, index_root, result)
    assert path.read_bytes() == before


def test_page_numbers_pass_over_sqlites_lock_byte_page(tmp_path):
    """The page holding byte 2**30 of the file is never used by SQLite: a file past 1 GiB
    (eleven's, 10 GB) must leave it out of every tree, or SQLite reports it corrupt."""
    path = tmp_path / "numbers.sqlite"
    new_file(path, False, 4096)
    file = PageFile(path)
    lock_page = 2**30 // 4096 + 1
    file.pages = lock_page - 3  # as if the file had grown to just below it
    assert file.allocate(5).tolist() == [lock_page + k for k in (-2, -1, 1, 2, 3)]
    assert file.allocate(2).tolist() == [lock_page + 4, lock_page + 5]
    file.abandon()


def _sqlite_varint(value: int) -> bytes:
    """SQLite's varint, written from its definition: seven bits a byte, high bit set on
    every byte but the last, most significant first (values below 2**56)."""
    groups = [value & 0x7F]
    value >>= 7
    while value:
        groups.append(0x80 | (value & 0x7F))
        value >>= 7
    return bytes(reversed(groups))


def test_every_varint_a_record_uses_is_sqlites():
    """Records of one text of every length to 8185 bytes (serial type 13 + 2 * length, up to
    2**14 - 1), written by the page writer, are SQLite's bytes: the payload's size and the serial
    type a varint each, one byte below 128 and two from there, which small builds rarely reach."""
    lengths = np.arange((2**14 - 13) // 2 + 1, dtype=np.int64)
    data = np.full((len(lengths), int(lengths[-1])), ord("x"), np.uint8)
    made = cells([text_field(data, lengths)], max_payload=10**6)
    for length in lengths.tolist():
        serial = _sqlite_varint(13 + 2 * length)
        header = bytes([1 + len(serial)]) + serial
        record = header + b"x" * length
        expected = _sqlite_varint(len(record)) + record
        assert bytes(made.buf[made.starts[length] : made.starts[length + 1]]) == expected


def _keys_of_width(width: int):
    """Keys of few byte values (the high bit among them), so that long prefixes are shared."""
    key = st.lists(st.sampled_from([0, 1, 0x7F, 0x80, 0xFF]), min_size=width, max_size=width)
    return st.lists(key.map(bytes), min_size=2, max_size=9)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 20).flatmap(_keys_of_width), st.booleans())
def test_keys_of_one_length_are_refused_exactly_when_not_strictly_increasing(keys, sort):
    """The order check's fast way for keys of one length (words compared, not bytes) agrees
    with Python's comparison of bytes, SQLite's BINARY collation."""
    keys = sorted(keys) if sort else keys
    data = np.frombuffer(b"".join(keys), np.uint8).reshape(len(keys), -1)
    field = leaves.text_field(data, np.full(len(keys), data.shape[1], np.int64))
    increasing = all(a < b for a, b in itertools.pairwise(keys))
    if increasing:
        assert leaves._check_order(field, None) == keys[-1]
    else:
        with pytest.raises(RecordRefused, match="out of order"):
            leaves._check_order(field, None)


# The upper half's leaves, written far along the file by the child, moved in by the parent.

needs_fork = pytest.mark.skipif(
    not hasattr(os, "fork") or (os.cpu_count() or 1) < 2, reason="needs fork"
)


@pytest.fixture()
def collapses(monkeypatch):
    """What each collapse of the file's gap returned (True: done by the filesystem)."""
    return counted_collapses(monkeypatch)


@needs_fork
def test_the_upper_half_slides_down_with_no_copy(tmp_path, in_halves, collapses):
    """Where the tests' temporary folder collapses a range of pages (ext4, as on the machines
    that run them), the child's leaves move with no byte copied; elsewhere they are copied."""
    can = collapsible(tmp_path)
    collapses.clear()  # the probe's
    assert build_fingerprints.built("eight", tmp_path) == SAVED["eight"]
    assert collapses == [can]
    assert [p.name for p in tmp_path.iterdir()] == ["eight.sqlite"]
    checked(tmp_path / "eight.sqlite")


@needs_fork
def test_the_upper_half_is_copied_down_where_the_file_cannot_collapse(
    tmp_path, monkeypatch, in_halves, collapses
):
    def unsupported(fd, mode, offset, length):  # as tmpfs or btrfs answer
        ctypes.set_errno(errno.EOPNOTSUPP)
        return -1

    monkeypatch.setattr(ranges, "_fallocate", lambda: unsupported)
    assert (
        build_fingerprints.built("english-every-radius-8", tmp_path)
        == SAVED["english-every-radius-8"]
    )
    ((lower, upper_leaves),) = in_halves
    assert lower > 0 and upper_leaves > 0 and collapses == [False]
    checked(tmp_path / "english-every-radius-8.sqlite")


def grown_to(path, pages):
    """The file grown to `pages` pages without writing them: all past its last page free,
    listed on one freelist trunk page (SQLite never reads a free leaf page), the rest holes."""
    with open(path, "r+b") as f:
        header = bytearray(f.read(100))
        page_size = struct.unpack_from(">H", header, 16)[0]
        page_size = 65536 if page_size == 1 else page_size
        had, free = struct.unpack_from(">II", header, 28)
        leaves = range(had + 2, pages + 1)
        assert free == 0 and 0 < len(leaves) <= page_size // 4 - 8
        f.seek(had * page_size)
        f.write(struct.pack(f">II{len(leaves)}I", 0, len(leaves), *leaves))
        struct.pack_into(">III", header, 28, pages, had + 1, pages - had)
        f.seek(0)
        f.write(header)
        f.truncate(pages * page_size)


def pages_of(path):
    with open(path, "rb") as f:
        return struct.unpack_from(">I", f.read(100), 28)[0]


def keyed_rows(n):
    """n rows of a result that the writer takes in two halves, and what SQLite stores of them."""
    table = {f"key{i:07}": (i % 7, i % 4, None) for i in range(n)}
    solutions = {key: 1 + i % 3 for i, key in enumerate(table)}
    result = TableResult(
        "goal", [n // 7 + (d < n % 7) for d in range(7)], {}, False, table, solutions
    )
    return result, [(k, d, m, solutions[k]) for k, (d, m, _) in sorted(table.items())]


@needs_fork
@pytest.mark.parametrize("collapse", [True, False])
def test_the_upper_half_moved_in_leaves_the_lock_byte_page_out(
    tmp_path, monkeypatch, collapses, collapse
):
    """A file whose lower half ends below byte 2**30 and whose upper half would cover it: the
    page there (SQLite's lock-byte page) holds nothing, and its numbers skip it, whether the
    child's pages are collapsed down (those before it copied first) or all copied."""
    monkeypatch.setattr(side_writer, "MIN_ROWS", 1)
    monkeypatch.setattr(btree, "CUT_BYTES", 5000)  # leaves made as the rows come
    if not collapse:
        monkeypatch.setattr(ranges, "_fallocate", lambda: None)
    moves = []
    real = PageFile.move_in

    def counted(file, at, count):
        moves.append((file.pages, count))
        return real(file, at, count)

    monkeypatch.setattr(PageFile, "move_in", counted)
    result, expected = keyed_rows(150_000)
    sizing = tmp_path / "sizing.sqlite"  # how many pages each half makes, learnt first
    table, index = new_file(sizing, False, 65536)
    made = pages_of(sizing)
    nodes.write(sizing, table, index, result, side=tmp_path / "side")
    ((lower_end, upper_pages),) = moves
    lock_page = 2**30 // 65536 + 1
    path = tmp_path / "lock.sqlite"
    table, index = new_file(path, False, 65536)
    grown_to(path, lock_page - 1 - (lower_end - made) - upper_pages // 2)
    nodes.write(path, table, index, result, side=tmp_path / "side")
    lower_end, upper_pages = moves[-1]
    assert lower_end < lock_page <= lower_end + upper_pages  # the case is reached
    assert collapses == [collapse, collapse]  # the sizing file's, then this one's
    with open(path, "rb") as f:
        f.seek((lock_page - 1) * 65536)
        assert f.read(65536) == bytes(65536)
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("SELECT * FROM nodes_1 ORDER BY state").fetchall() == expected
        by_depth = conn.execute(
            "SELECT depth, count(*) FROM nodes_1 INDEXED BY nodes_1_by_depth GROUP BY depth"
        ).fetchall()
        assert by_depth == [(d, n) for d, n in enumerate(result.histogram)]
    conn.close()


@needs_fork
def test_a_refusal_after_the_child_wrote_far_leaves_the_file_as_it_was(tmp_path, monkeypatch):
    """The lower half reaching the child's pages (FAR made small) is refused, as any refusal:
    the file cut back to what SQLite left, the child's pages and the gap gone."""
    monkeypatch.setattr(side_writer, "MIN_ROWS", 1)
    monkeypatch.setattr(btree, "CUT_BYTES", 5000)
    monkeypatch.setattr(upper, "FAR", 8 * 4096)
    result, _ = keyed_rows(150_000)
    path = tmp_path / "far.sqlite"
    table, index = new_file(path, False, 4096)
    before = path.read_bytes()
    with pytest.raises(RecordRefused, match="more than 8 pages"):
        nodes.write(path, table, index, result, side=tmp_path / "side")
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["far.sqlite"]


@needs_fork
def test_a_file_that_cannot_reach_far_is_filled_by_one_process(tmp_path, monkeypatch, in_halves):
    """A filesystem whose largest file ends before FAR (the file refused there): no child."""
    real = os.ftruncate

    def refused_far(fd, length):
        if length > upper.FAR:
            raise OSError(errno.EFBIG, os.strerror(errno.EFBIG))
        real(fd, length)

    monkeypatch.setattr(os, "ftruncate", refused_far)
    assert build_fingerprints.built("eight", tmp_path) == SAVED["eight"]
    ((pages,),) = in_halves  # one run of leaves: one process made them
    assert pages > 0
    checked(tmp_path / "eight.sqlite")


@pytest.mark.parametrize(("alphabet", "dtype"), [("01", np.uint8), ("ab\u00e9\u30a2", np.uint32)])
def test_a_masked_matrix_of_code_points_is_the_column_of_its_texts(alphabet, dtype):
    """Preds as SearchResult.arrays gives them (a row of code points each, a goal's row
    masked) make the field that the same texts and None make: ASCII as its bytes, other text
    by way of str."""
    rng = np.random.default_rng(7)
    points = rng.choice([ord(c) for c in alphabet], (50, 9)).astype(dtype)
    null = rng.random(50) < 0.2
    null[:2] = True, False
    matrix = np.ma.MaskedArray(points, np.broadcast_to(null[:, None], points.shape))
    texts = [None if n else "".join(map(chr, row)) for row, n in zip(points.tolist(), null)]
    made, expected = column_field(matrix), column_field(texts)
    assert made.serial.tolist() == expected.serial.tolist()
    assert [bytes(made.data[i, :k]) for i, k in enumerate(made.length)] == [
        bytes(expected.data[i, :k]) for i, k in enumerate(expected.length)
    ]
