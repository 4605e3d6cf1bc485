"""The analyst's kit: `puzzledb sql`, `export`, `datasette-metadata` and `stats --plot`."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import re
import signal
import sqlite3
import struct
import subprocess
import sys
import time
import zlib
from contextlib import closing, contextmanager
from pathlib import Path
from urllib.parse import urlencode
from xml.etree import ElementTree

import pytest
from support.command import puzzledb_command
from support.json_errors import one_error

from puzzledb.builder import catalogue
from puzzledb.db import canned, queries, schema, state_key
from puzzledb.db import export_rows as build_rows
from puzzledb.db.connection import reader
from puzzledb.db.errors import BadQuery


def rows_of(db: Path, sql: str, *params) -> list[tuple]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return conn.execute(sql, params).fetchall()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fingerprint(db: Path) -> str:
    """A hash of everything a query can read, from a fresh connection: user_version,
    application_id, the schema and every table's rows. Unlike the main file's bytes, it changes
    with a committed write that still sits in the `-wal` file."""
    h = hashlib.sha256()
    with closing(sqlite3.connect(f"file:{db}?mode=ro", uri=True)) as conn:
        for pragma in ("user_version", "application_id"):
            h.update(repr(conn.execute(f"PRAGMA {pragma}").fetchall()).encode())
        schema = conn.execute(
            "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name"
        ).fetchall()
        h.update(repr(schema).encode())
        for _, table, _, _ in (s for s in schema if s[0] == "table"):
            columns = [c for _, c, *_ in conn.execute(f'PRAGMA table_info("{table}")')]
            row = " || ',' || ".join(f'quote("{c}")' for c in columns)  # 'text', 12, NULL
            (rows,) = conn.execute(
                f'SELECT group_concat({row}, char(10)) FROM "{table}"'
            ).fetchone()
            h.update(repr((table, columns, rows)).encode())
    return h.hexdigest()


@pytest.fixture(scope="module")
def seed_fingerprint(seed_db):
    return fingerprint(seed_db)


# -- puzzledb sql: formats -------------------------------------------------------------------


def test_sql_table_aligns_columns_and_counts_rows(cli, seed_db):
    result = cli(
        "sql",
        "SELECT name, states, max_depth FROM puzzles WHERE name IN "
        "('eight', 'nooff') ORDER BY name",
        "--db",
        seed_db,
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "name   states  max_depth",
        "-----  ------  ---------",
        "eight  181440         31",
        "nooff     540         56",
        "(2 rows)",
    ]


def test_sql_table_pads_wide_characters_by_their_width(cli, seed_db):
    result = cli(
        "sql",
        "SELECT state, depth FROM states WHERE puzzle = 'atama' AND "
        "goal = 'ソウアイ*タタノマ' AND depth = 0",
        "--db",
        seed_db,
    )
    assert result.stdout.splitlines()[:3] == [
        "state              depth",
        "-----------------  -----",
        "ソウアイ*タタノマ      0",
    ]


def test_sql_table_stops_at_the_limit_and_says_so(cli, seed_db):
    result = cli(
        "sql", "SELECT state FROM states WHERE puzzle = 'seven' ORDER BY state", "--db", seed_db
    )
    lines = result.stdout.splitlines()
    assert len(lines) == 2 + 1000 + 1 and lines[2] == "01234576"
    assert "1,000 rows shown, more were cut" in lines[-1]
    short = cli(
        "sql",
        "SELECT state FROM states WHERE puzzle = 'seven' ORDER BY state",
        "--limit",
        "3",
        "--db",
        seed_db,
    ).stdout.splitlines()
    first = rows_of(
        seed_db, "SELECT state FROM states WHERE puzzle = 'seven' ORDER BY state LIMIT 3"
    )
    assert short[2:5] == [s for (s,) in first] and "more were cut" in short[5]


def test_sql_csv_streams_every_row_with_a_header(cli, seed_db):
    result = cli(
        "sql",
        "SELECT state, depth, pred, move FROM states WHERE puzzle = 'seven' ORDER BY state",
        "--format",
        "csv",
        "--db",
        seed_db,
    )
    assert result.exit_code == 0
    table = list(csv.reader(io.StringIO(result.stdout)))
    assert table[0] == ["state", "depth", "pred", "move"]
    assert len(table) == 1 + 20160
    assert table[1] == ["01234576", "22", "10234576", "tile 1 left"]
    assert ["12345670", "0", "", ""] in table  # the goal: NULL pred and move are empty


def test_sql_json_is_one_object_with_columns_rows_and_nulls(cli, seed_db):
    sql = "SELECT state, depth, pred FROM states WHERE puzzle = 'nooff' AND depth <= 1"
    result = cli("sql", sql, "--format", "json", "--db", seed_db)
    answer = json.loads(result.stdout)
    assert answer["columns"] == ["state", "depth", "pred"]
    assert [tuple(r) for r in answer["rows"]] == rows_of(seed_db, sql)
    assert ["LLNOOFF_", 0, None] in answer["rows"]  # the goal: pred is null
    assert answer["count"] == len(answer["rows"]) > 1 and answer["truncated"] is False
    assert json.loads(cli("sql", sql, "--json", "--db", seed_db).stdout) == answer


def test_sql_json_limit_marks_the_answer_truncated(cli, seed_db):
    result = cli(
        "sql",
        "SELECT depth FROM depth_histogram WHERE puzzle = 'eight'",
        "--json",
        "--limit",
        "4",
        "--db",
        seed_db,
    )
    answer = json.loads(result.stdout)
    assert answer["rows"] == [[0], [1], [2], [3]] and answer["truncated"] is True


@pytest.mark.parametrize(
    "sql",
    [
        "PRAGMA table_info(states)",
        "PRAGMA user_version",
        "SELECT name FROM pragma_table_info('puzzles')",
        "SELECT key, value FROM puzzles, json_each(puzzles.definition) WHERE name = 'eight'",
        "EXPLAIN QUERY PLAN SELECT * FROM states WHERE puzzle = 'eight' AND state = '123456780'",
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5) "
        "SELECT sum(i) FROM n",
        "VALUES (1, 'a')",
        "  -- a comment first\n SELECT 1;",
    ],
)
def test_sql_allows_what_only_reads(cli, seed_db, sql):
    result = cli("sql", sql, "--db", seed_db)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    "sql",
    [
        "-- top states\nSELECT 1 AS one",
        "--\nSELECT 1 AS one",
        "/* c */ SELECT 1 AS one",
        "-- a = b\nSELECT 1 AS one",
    ],
)
@pytest.mark.parametrize("where", ["first", "last"])
def test_sql_may_start_with_a_comment(cli, seed_db, sql, where):
    args = ["sql", sql, "--db", seed_db] if where == "first" else ["sql", "--db", seed_db, sql]
    result = cli(*args)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == ["one", "---", "  1", "(1 row)"]


# -- puzzledb sql: every write refused ----------------------------------------------------------

WRITES = [
    # (statement, words the message must contain)
    ("INSERT INTO layers VALUES (1, 99, 1)", "insert into layers"),
    ("REPLACE INTO layers VALUES (1, 0, 7)", "insert into layers"),
    ("UPDATE puzzles SET states = 0", "update puzzles"),
    ("UPDATE sqlite_master SET sql = ''", "UPDATE sqlite_master"),
    ("DELETE FROM moves", "delete from moves"),
    ("WITH x AS (SELECT 1) DELETE FROM layers", "delete from layers"),
    ("DROP TABLE moves", "DROP TABLE moves"),
    ("DROP VIEW states", "DROP VIEW states"),
    ("CREATE TABLE t (x)", "CREATE TABLE t"),
    ("CREATE TEMP TABLE t (x)", "CREATE TEMP TABLE t"),
    ("CREATE INDEX i ON puzzles (title)", "CREATE INDEX"),
    ("CREATE VIEW v AS SELECT 1", "CREATE VIEW v"),
    ("ALTER TABLE puzzles ADD COLUMN x", "alter table puzzles"),
    ("ATTACH DATABASE '{tmp}/other.sqlite' AS other", "attach a database"),
    ("VACUUM", "rewrite the database"),
    ("VACUUM INTO '{tmp}/copy.sqlite'", "rewrite the database"),
    ("PRAGMA user_version = 3", "set PRAGMA user_version = 3"),
    ("PRAGMA query_only = 0", "set PRAGMA query_only = 0"),
    ("PRAGMA journal_mode = DELETE", "set PRAGMA journal_mode = DELETE"),
    ("PRAGMA writable_schema = 1", "set PRAGMA writable_schema = 1"),
    ("BEGIN", "begin a transaction"),
    ("SAVEPOINT s", "savepoint"),
    ("REINDEX", "REINDEX"),
    ("ANALYZE", "ANALYZE"),
]


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
@pytest.mark.parametrize("sql, words", WRITES, ids=[w[0].split(" (")[0][:30] for w in WRITES])
def test_sql_refuses_every_write_and_leaves_the_file_unchanged(
    cli, seed_db, seed_fingerprint, tmp_path, sql, words
):
    result = cli("sql", sql.format(tmp=tmp_path), "--db", seed_db)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: refused `")
    assert words in result.stderr
    assert "Traceback" not in result.output
    assert fingerprint(seed_db) == seed_fingerprint
    assert list(tmp_path.iterdir()) == []  # nothing attached or vacuumed into
    assert rows_of(seed_db, "PRAGMA user_version") == [(schema.VERSION,)]


def test_fingerprint_sees_a_write_that_the_main_file_does_not_show(tmp_path):
    """Why the check above compares data, not the file's bytes: under WAL a committed write
    sits in the -wal file, and the main file stays byte for byte the same."""
    db = tmp_path / "wal.sqlite"
    with closing(sqlite3.connect(db, isolation_level=None)) as setup:
        setup.execute("PRAGMA journal_mode = WAL")
        setup.execute("CREATE TABLE t (x INTEGER)")
        setup.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(100)])
    file_bytes, before = digest(db), fingerprint(db)
    with closing(sqlite3.connect(db, isolation_level=None)) as reading:
        reading.execute("BEGIN")  # an open reader keeps the write from reaching the main file
        reading.execute("SELECT count(*) FROM t").fetchall()
        with closing(sqlite3.connect(db, isolation_level=None)) as writing:
            writing.execute("UPDATE t SET x = x + 1 WHERE x = 7")
        assert digest(db) == file_bytes  # the old check would have passed
        assert fingerprint(db) != before


def test_sql_refusal_as_json(cli, seed_db):
    result = cli("sql", "DELETE FROM puzzles", "--json", "--db", seed_db)
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "refused" and "delete from puzzles" in error["message"]


@pytest.mark.parametrize(
    "sql, words",
    [
        ("SELEC 1", 'SQLite: near "SELEC": syntax error'),
        ("SELECT * FROM nowhere", "SQLite: no such table: nowhere"),
        ("SELECT nosuch FROM puzzles", "SQLite: no such column: nosuch"),
        ("SELECT 1; SELECT 2", "one statement at a time"),
        ("SELECT abs(-9223372036854775808)", "SQLite: integer overflow"),
        ("SELECT foo", "SQLite: no such column: foo"),  # no table named: SQLite said SQLITE_SCHEMA
        ("SELECT nosuch()", "SQLite: no such function: nosuch"),
        ("SELECT :p", "no value for :p: pass -p p VALUE"),
        ("SELECT ?", "named parameters only"),
        ("SELECT zeroblob(20000000)", "at most 10,000,000 bytes (SQLITE_LIMIT_LENGTH)"),
        ("SELECT length(zeroblob(1e9))", "at most 10,000,000 bytes"),
        ("SELECT zeroblob(1e9)", "at most 10,000,000 bytes"),
        (
            "SELECT length(group_concat(printf('%.1000c', 'x'))) FROM states "
            "WHERE puzzle = 'seven'",
            "string or blob too big",
        ),
        ("", "no SQL given"),
        ("  ;  -- nothing\n", "no SQL given"),
    ],
)
def test_sql_errors_exit_2_with_sqlites_message(cli, seed_db, sql, words):
    result = cli("sql", sql, "--db", seed_db)
    assert result.exit_code == 2, result.output
    assert words in result.stderr and "Traceback" not in result.output
    as_json = json.loads(cli("sql", sql, "--json", "--db", seed_db).stdout)
    assert as_json["error"]["code"] == "sql_error"


def test_sql_faults_are_sql_errors_even_before_the_schema_is_read(seed_db, monkeypatch):
    """`SELECT foo` names no table, so SQLite has not read the schema when it fails, and says
    SQLITE_SCHEMA instead of SQLITE_ERROR: the query's fault all the same, whether or not the
    connection it is given has read the schema already (once, `puzzledb sql 'SELECT foo'` was
    a database_error, exit 1)."""
    from puzzledb.db import adhoc

    @contextmanager
    def fresh(path, stuck):
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        try:
            yield conn
        finally:
            conn.close()

    monkeypatch.setattr(adhoc, "_connection", fresh)
    with pytest.raises(BadQuery, match="no such column: foo"), adhoc.run(seed_db, "SELECT foo"):
        pass


def test_sql_without_a_database_exits_4(cli, tmp_path):
    result = cli("sql", "SELECT 1", "--db", tmp_path / "none.sqlite")
    assert result.exit_code == 4 and "no puzzledb database" in result.stderr


@pytest.mark.parametrize("sql", ["SELECT * FROM states", "SELECT 1"])
def test_sql_on_an_empty_file_is_not_built_as_path_says(cli, tmp_path, sql):
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    looked_up = cli("path", "eight", "867254301", "--json", "--db", empty)
    result = cli("sql", sql, "--json", "--db", empty)
    assert result.exit_code == looked_up.exit_code == 4
    error = json.loads(result.stdout)["error"]
    assert error["code"] == json.loads(looked_up.stdout)["error"]["code"] == "not_built"
    assert error["message"].startswith(f"nothing is built in {empty} yet; build a puzzle first")


@pytest.mark.parametrize("sql", ["SELECT * FROM puzzles", "SELECT foo", "SELEC 1"])
def test_sql_on_a_file_that_is_not_sqlite_is_a_database_error(cli, tmp_path, sql):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database at all" * 100)
    result = cli("sql", sql, "--db", junk)
    assert result.exit_code == 1 and "not a database" in result.stderr
    assert (
        json.loads(cli("sql", sql, "--json", "--db", junk).stdout)["error"]["code"]
        == "database_error"
    )


def test_sql_on_a_corrupt_table_is_a_database_error(cli, tmp_path):
    db = tmp_path / "corrupt.sqlite"
    assert cli("build", "nooff", "-q", "--db", db).exit_code == 0
    with closing(sqlite3.connect(db)) as conn:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        table, root = conn.execute(
            "SELECT p.node_table, m.rootpage FROM puzzles AS p JOIN "
            "sqlite_master AS m ON m.name = p.node_table"
        ).fetchone()
    with open(db, "r+b") as f:  # the root page of nooff's node table overwritten with junk
        f.seek(page_size * (root - 1))
        f.write(b"\xff" * page_size)
    result = cli("sql", f"SELECT sum(move) FROM {table}", "--json", "--db", db)
    assert result.exit_code == 1, result.output
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "database_error" and "malformed" in error["message"]


# -- puzzledb sql: parameters ------------------------------------------------------------------


def test_sql_binds_named_parameters(cli, seed_db):
    result = cli(
        "sql",
        "SELECT state FROM states WHERE puzzle = :p AND depth = :d ORDER BY state",
        "-p",
        "p",
        "eight",
        "--param",
        "d",
        "31",
        "--format",
        "csv",
        "--db",
        seed_db,
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == ["state", "647850321", "867254301"]


@pytest.mark.parametrize(
    "sql",
    [
        "SELECT count(*) FROM states WHERE puzzle = :p AND depth >= :d",
        "SELECT count(*) FROM depth_histogram WHERE puzzle = :p AND depth >= :d",
        "SELECT count(*) FROM farthest WHERE puzzle = @p AND depth >= $d",
    ],
)
def test_sql_parameters_are_text_that_an_integer_column_compares_as_a_number(cli, seed_db, sql):
    result = cli("sql", sql, "-p", "p", "eight", "-p", "d", "30", "--json", "--db", seed_db)
    with closing(sqlite3.connect(f"file:{seed_db}?mode=ro", uri=True)) as conn:
        (expected,) = conn.execute(sql, {"p": "eight", "d": 30}).fetchall()  # d an integer
    assert json.loads(result.stdout)["rows"] == [list(expected)] and expected[0] > 0


def test_sql_parameters_against_a_computed_value_need_a_cast(cli, seed_db):
    blank_at = "SELECT count(*) FROM states WHERE puzzle = 'eight' AND instr(state, '0') - 1 = {}"
    text = cli("sql", blank_at.format(":c"), "-p", "c", "4", "--json", "--db", seed_db)
    cast = cli(
        "sql", blank_at.format("CAST(:c AS INTEGER)"), "-p", "c", "4", "--json", "--db", seed_db
    )
    assert json.loads(text.stdout)["rows"] == [[0]]
    assert json.loads(cast.stdout)["rows"] == [[20160]]


def test_sql_parameters_keep_a_states_leading_zero(cli, seed_db):
    result = cli(
        "sql",
        "SELECT depth, typeof(:s) FROM states WHERE puzzle = 'seven' AND state = :s",
        "-p",
        ":s",
        "01234576",
        "--json",
        "--db",
        seed_db,
    )
    assert json.loads(result.stdout)["rows"] == [[22, "text"]]


@pytest.mark.parametrize(
    "sql, params, words",
    [
        ("SELECT :p, :q", ["-p", "p", "1"], "no value for :q: pass -p q VALUE"),
        (
            "SELECT :p",
            ["-p", "p", "1", "-p", "x", "2", "-p", "y", "3"],
            "the query has no parameter :x, :y",
        ),
        ("SELECT 1", ["-p", "x", "2"], "the query has no parameter :x"),
        ("SELECT :p", ["-p", "p", "1", "-p", "p", "2"], "parameter :p is given twice"),
        ("SELECT :p LIMIT :n", [], "no value for :p, :n"),
        (
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1e9) "
            "SELECT count(*) FROM n WHERE i = :x",
            ["--time-limit", "3"],
            "no value for :x",
        ),
    ],
)
def test_sql_parameters_missing_or_unused_are_sql_errors(cli, seed_db, sql, params, words):
    result = cli("sql", sql, *params, "--db", seed_db)
    assert result.exit_code == 2, result.output
    assert words in result.stderr and result.stdout == ""
    as_json = json.loads(cli("sql", sql, *params, "--json", "--db", seed_db).stdout)
    assert as_json["error"]["code"] == "sql_error"


# -- puzzledb sql: time limit and Ctrl-C -------------------------------------------------------

COUNT_TO_1E9 = (
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1e9) SELECT {} FROM n"
)


@pytest.mark.parametrize("fmt, column", [("table", "count(*)"), ("csv", "i"), ("json", "i")])
def test_sql_time_limit_stops_a_runaway_query(cli, seed_db, fmt, column):
    """count(*) never returns a row (stopped while starting); `i` streams rows (stopped in the
    fetch loop)."""
    started = time.monotonic()
    result = cli(
        "sql", COUNT_TO_1E9.format(column), "--format", fmt, "--time-limit", "0.5", "--db", seed_db
    )
    assert result.exit_code == 6, result.output
    assert time.monotonic() - started < 5
    message = (
        "the command ran past its time limit of 0.5 seconds and was stopped; give it "
        "longer with --time-limit 30 (0: no limit)"
    )
    if fmt == "json":  # one object: the rows so far, and the error
        error = json.loads(result.stdout)["error"]
        assert error == {"code": "time_limit", "message": message}
    else:
        assert result.stderr == f"error: {message}\n"


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_sql_time_limit_defaults_to_5_seconds(cli, seed_db):
    started = time.monotonic()
    result = cli("sql", COUNT_TO_1E9.format("count(*)"), "--db", seed_db)
    assert result.exit_code == 6 and "time limit of 5 seconds" in result.stderr
    assert 5 <= time.monotonic() - started < 15


@pytest.mark.parametrize("limit", ["0", "0.25", "3", "1.", ".5"])
def test_sql_time_limit_takes_seconds_or_0(cli, seed_db, limit):
    result = cli("sql", "SELECT 1", "--time-limit", limit, "--db", seed_db)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("limit", ["-1", "abc", "1e3", "inf", ""])
def test_sql_time_limit_rejects_what_is_not_seconds(cli, seed_db, limit):
    result = cli("sql", "SELECT 1", "--time-limit", limit, "--db", seed_db)
    assert result.exit_code == 2 and "--time-limit takes seconds" in result.stderr


def test_sql_time_limit_counts_the_time_spent_writing_rows_too(seed_db):
    from puzzledb.db import adhoc
    from puzzledb.db.errors import TimeLimit

    sql = "SELECT state FROM states WHERE puzzle = 'seven'"
    with pytest.raises(TimeLimit), adhoc.run(seed_db, sql, time_limit=0.3) as query:
        for _batch in query.batches(5000):  # a slow reader at the other end of a pipe
            time.sleep(0.15)


def test_sql_restores_the_sigint_handler(cli, seed_db):
    before = signal.getsignal(signal.SIGINT)
    assert cli("sql", "SELECT 1", "--db", seed_db).exit_code == 0
    assert cli("sql", "SELECT foo", "--db", seed_db).exit_code == 2
    assert signal.getsignal(signal.SIGINT) is before


def _opened(pid: int, path: Path) -> bool:
    fds = Path(f"/proc/{pid}/fd")
    try:
        return any(os.path.realpath(fd) == str(path.resolve()) for fd in fds.iterdir())
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to see the open file")
@pytest.mark.parametrize("fmt, column", [("table", "count(*)"), ("csv", "i")])
def test_ctrl_c_stops_a_running_query_within_a_second(seed_db, fmt, column):
    child = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "puzzledb.service.cli",
            "sql",
            COUNT_TO_1E9.format(column),
            "--format",
            fmt,
            "--time-limit",
            "0",
            "--db",
            str(seed_db),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).parents[2],
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # noqa: PLW1509 (no threads yet)
    )  # as from a terminal
    try:
        deadline = time.monotonic() + 30
        while (
            child.poll() is None and not _opened(child.pid, seed_db) and time.monotonic() < deadline
        ):
            time.sleep(0.02)  # started, imported, parsed its arguments, opened the file
        time.sleep(0.5)
        assert child.stderr is not None
        assert child.poll() is None, child.stderr.read()
        child.send_signal(signal.SIGINT)
        sent = time.monotonic()
        _, stderr = child.communicate(timeout=10)
        assert time.monotonic() - sent < 2
    finally:
        child.kill()
    assert child.returncode == 130
    assert "Traceback" not in stderr
    assert stderr == "error: the query was stopped by Ctrl-C\n"


# -- puzzledb export ---------------------------------------------------------------------------

SEVEN_ROWS = (
    "SELECT state, depth, pred, move, solutions FROM states WHERE puzzle = 'seven' ORDER BY state"
)


def test_export_csv_equals_the_states_view(cli, seed_db):
    result = cli("export", "seven", "--format", "csv", "--db", seed_db)
    assert result.exit_code == 0
    table = list(csv.reader(io.StringIO(result.stdout)))
    expected = [["" if v is None else str(v) for v in row] for row in rows_of(seed_db, SEVEN_ROWS)]
    assert table[0] == ["state", "depth", "pred", "move", "solutions"]
    assert len(table) - 1 == len(expected) == 20160
    assert table[1:] == expected


def test_export_jsonl_equals_the_states_view(cli, seed_db):
    result = cli("export", "seven", "--format", "jsonl", "--db", seed_db)
    lines = result.stdout.splitlines()
    assert len(lines) == 20160
    exported = [json.loads(line) for line in lines]
    assert [tuple(r.values()) for r in exported] == rows_of(seed_db, SEVEN_ROWS)
    assert list(exported[0]) == ["state", "depth", "pred", "move", "solutions"]


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_export_to_a_file(cli, seed_db, tmp_path):
    out = tmp_path / "atama.jsonl"
    result = cli(
        "export",
        "atama",
        "--goal",
        "ソウアイ*タタノマ",
        "--format",
        "jsonl",
        "--output",
        out,
        "--db",
        seed_db,
    )
    assert result.exit_code == 0 and result.stdout == ""
    assert "exported 181,440 states of atama toward ソウアイ*タタノマ" in result.stderr
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 181440
    assert json.loads(lines[0])["state"] < json.loads(lines[-1])["state"]
    assert [p.name for p in tmp_path.iterdir()] == ["atama.jsonl"]  # no .partial left


def test_export_of_a_peg_build_uses_its_stored_pred(cli, empty_db):
    built = cli("build", "peg15", "--every-position", "--db", empty_db)
    assert built.exit_code == 0, built.stderr
    rows = list(csv.reader(io.StringIO(cli("export", "peg15", "--db", empty_db).stdout)))
    expected = rows_of(
        empty_db,
        "SELECT state, depth, pred, move, solutions FROM states "
        "WHERE puzzle = 'peg15' ORDER BY state",
    )
    assert rows[1:] == [["" if v is None else str(v) for v in row] for row in expected]
    assert rows_of(empty_db, "SELECT stores_pred, classes FROM puzzles") == [(1, None)]


def test_export_of_chains_in_classes_derives_each_pred_from_the_chain(cli, seed_db):
    """peg15 (chains; two mirror images keep its goal) stores one position a class: the export
    shows every position, each pred its chain's holes flipped back, as the states view does."""
    rows = list(csv.reader(io.StringIO(cli("export", "peg15", "--db", seed_db).stdout)))
    expected = rows_of(
        seed_db,
        "SELECT state, depth, pred, move, solutions FROM states WHERE puzzle = 'peg15'",
    )
    assert sorted(rows[1:]) == sorted(["" if v is None else str(v) for v in r] for r in expected)
    assert len(rows) - 1 == len(expected)
    depth_of = {state: int(depth) for state, depth, *_ in rows[1:]}
    peg15 = catalogue.get("peg15")
    for state, depth, pred, move, _ in rows[1:]:
        if pred:  # a legal chain of the rules leads there, a move closer
            assert pred in {after for _, after in peg15.moves(state)} and move
            assert depth_of[pred] == int(depth) - 1
    ((stores_pred, classes, states),) = rows_of(
        seed_db, "SELECT stores_pred, classes, states FROM puzzles WHERE name = 'peg15'"
    )
    assert stores_pred == 0 and classes < states == len(expected)
    long = rows_of(
        seed_db,
        "SELECT count(*) FROM moves JOIN puzzles ON puzzles.id = moves.puzzle_id "
        "WHERE name = 'peg15' AND length(replace(flipped, '0', '')) > 3",
    )
    assert long[0][0] > 0  # chains of several jumps, their holes marked in `flipped`


def test_export_reads_in_batches(seed_db):
    database = reader(seed_db)
    with database.connection() as conn:
        build = queries.find_build(conn, "seven", "12345670")
        assert build is not None
    sizes = [len(batch) for batch in build_rows.batches(database, build, size=1000)]
    assert sizes == [1000] * 20 + [160]


@pytest.mark.parametrize(
    "args, status, words",
    [
        (["fifteen"], 4, "not built"),
        (["atama", "--goal", "アタマノタイソ*ウ"], 4, "built goals"),
        (["nosuch"], 2, "unknown puzzle"),
        (["eight", "--goal", "12345678"], 2, "8 cells"),
    ],
)
def test_export_errors_like_every_command(cli, seed_db, args, status, words):
    result = cli("export", *args, "--db", seed_db)
    assert result.exit_code == status and words in result.stderr


# -- puzzledb datasette-metadata -------------------------------------------------------------

SAMPLES = {
    "puzzle": "eight",
    "goal": "",
    "state": "867254301",
    "depth": "30",
    "cell": "4",
}


def test_datasette_metadata_describes_every_table_and_view(cli, seed_db):
    result = cli("datasette-metadata", "--db", seed_db)
    assert result.exit_code == 0
    document = json.loads(result.stdout)
    assert list(document["databases"]) == [seed_db.stem]
    tables = document["databases"][seed_db.stem]["tables"]
    in_file = {
        name
        for (name,) in rows_of(
            seed_db, "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')"
        )
    }
    assert set(tables) == in_file
    assert all(t["description"] for t in tables.values())
    for name, kind in [("states", "view"), ("puzzles", "table")]:
        columns = {c for _, c, *_ in rows_of(seed_db, f"PRAGMA table_info({name})")}
        assert set(tables[name]["columns"]) == columns, kind
    node_table = rows_of(seed_db, "SELECT node_table FROM puzzles WHERE name = 'seven'")[0][0]
    assert "20,160 states of seven" in tables[node_table]["description"]


def test_datasette_canned_queries_run_with_sample_parameters(cli, seed_db):
    document = json.loads(cli("datasette-metadata", "--db", seed_db).stdout)
    found = document["databases"][seed_db.stem]["queries"]
    assert set(found) == set(canned.CANNED) and len(found) >= 5
    for name, query in found.items():
        assert query["title"] and query["description"]
        params = set(re.findall(r":(\w+)", query["sql"]))
        assert params <= set(SAMPLES), name
        with sqlite3.connect(f"file:{seed_db}?mode=ro", uri=True) as conn:
            state_key.register(conn)  # as puzzledb's Datasette plugin does
            rows = conn.execute(query["sql"], {p: SAMPLES[p] for p in params}).fetchall()
        assert rows, name


def test_datasette_path_query_walks_to_the_goal(seed_db):
    with sqlite3.connect(f"file:{seed_db}?mode=ro", uri=True) as conn:
        steps = conn.execute(
            canned.CANNED["path"]["sql"],
            {"puzzle": "atama", "goal": "ソウアイ*タタノマ", "state": "ウアタソ*マイタノ"},
        ).fetchall()
        default = conn.execute(
            canned.CANNED["path"]["sql"],
            {"puzzle": "atama", "goal": "", "state": "ウアタソ*マイタノ"},
        ).fetchall()
    assert [s for s, *_ in steps] == list(range(19)) and steps[-1][1] == "ソウアイ*タタノマ"
    assert default[-1][1] == "アタマノタイソウ*" and default[0][2] == len(default) - 1


def test_datasette_metadata_to_a_file(cli, seed_db, tmp_path):
    out = tmp_path / "metadata.json"
    result = cli("datasette-metadata", "--output", out, "--db", seed_db)
    assert result.exit_code == 0 and "datasette" in result.stderr
    assert json.loads(out.read_text(encoding="utf-8"))["title"] == "puzzledb"


def test_datasette_metadata_says_how_to_install_datasette_when_it_is_missing(
    cli, seed_db, tmp_path, monkeypatch
):
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python"))  # no datasette beside it
    out = tmp_path / "metadata.json"
    result = cli("datasette-metadata", "--output", out, "--db", seed_db, env={"PATH": "/nowhere"})
    assert result.exit_code == 0
    assert result.stderr == (  # peg15 is a build of classes: the time it may need is set
        f"wrote {out}; try: datasette {seed_db} -m {out} --setting sql_time_limit_ms 10000 "
        f"(Datasette is not installed: "
        f"pip install 'puzzledb[datasette]' (or '.[datasette]' in a checkout))\n"
    )


def test_the_datasette_recipe_runs(cli, seed_db, tmp_path):
    """docs/analyst.md's recipe, `puzzledb datasette-metadata` then `datasette FILE -m
    metadata.json`, with Datasette itself (the test extra installs it) answering a canned
    query from the metadata."""
    out = tmp_path / "metadata.json"
    assert cli("datasette-metadata", "--output", out, "--db", seed_db).exit_code == 0
    datasette = Path(sys.executable).parent / "datasette"
    answer = subprocess.run(
        [
            str(datasette),
            str(seed_db),
            "-m",
            str(out),
            "--get",
            f"/{seed_db.stem}/histogram.json?puzzle=eight&goal=&_shape=arrays",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert answer.returncode == 0, answer.stderr
    rows = json.loads(answer.stdout)["rows"]
    assert rows == [list(r) for r in rows_of(seed_db, HISTOGRAM_OF_EIGHT)]


#: The farthest states of eight: the longest walk the canned path query makes there.
FARTHEST_OF_EIGHT = ["647850321", "867254301"]


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
@pytest.mark.parametrize("state", FARTHEST_OF_EIGHT)
def test_datasette_answers_the_canned_path_query_within_its_default_limit(
    cli, seed_db, tmp_path, state
):
    """Issue 27: the documented recipe (docs/analyst.md), then the canned `path` query of a
    farthest state of
    eight in a file of several builds, with Datasette's default settings (its 1 s
    sql_time_limit_ms): it timed out, as each step of the walk read the states view, every
    build of the file, whole. The path is the one `puzzledb path` gives."""
    out = tmp_path / "metadata.json"
    assert cli("datasette-metadata", "--output", out, "--db", seed_db).exit_code == 0
    answer = subprocess.run(
        [
            str(Path(sys.executable).parent / "datasette"),
            str(seed_db),
            "-m",
            str(out),
            "--get",
            f"/{seed_db.stem}/path.json?puzzle=eight&goal=&state={state}&_shape=arrays",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert answer.returncode == 0, answer.stdout + answer.stderr
    rows = json.loads(answer.stdout)["rows"]
    expected = json.loads(cli("path", "eight", state, "--db", seed_db, "--json").stdout)
    assert [r[1] for r in rows] == expected["path"]
    assert [r[0] for r in rows] == list(range(32)) and [r[2] for r in rows] == list(
        range(31, -1, -1)
    )
    assert [r[3] for r in rows[:-1]] == expected["moves"] and rows[-1][3] is None


def test_the_canned_path_query_looks_each_state_up_by_key(seed_db):
    """In a file of several builds (the states view one UNION ALL arm each), every step of
    the walk over a build of one state a row finds its state by the node table's key: no
    step reads the view (a SCAN of a table, or an automatic index built from the view). The
    arms of a build of classes (peg15's, `x`: its images computed) are planned as a scan of
    it, which SQLite skips at once for another puzzle (its constant puzzle differs)."""
    with closing(sqlite3.connect(f"file:{seed_db}?mode=ro", uri=True)) as conn:
        plan = conn.execute(
            "EXPLAIN QUERY PLAN " + canned.CANNED["path"]["sql"],
            {"puzzle": "eight", "goal": "", "state": FARTHEST_OF_EIGHT[0]},
        ).fetchall()
    parent = {node: up for node, up, _, _ in plan}
    detail = {node: text for node, _, _, text in plan}

    def of_classes(node: int) -> bool:  # within a build of classes' arms, or looking them up
        while node:
            if detail[node] == "CO-ROUTINE x" or detail[node].startswith("SEARCH x "):
                return True
            node = parent.get(node, 0)
        return False

    details = [text for node, text in detail.items() if not of_classes(node)]
    assert any("USING PRIMARY KEY (state=?)" in d for d in details), details
    assert not [d for d in details if re.match(r"SCAN (n|s)\b|.*AUTOMATIC", d)], details
    assert any(d == "CO-ROUTINE x" for d in detail.values())  # peg15 is a build of classes


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_the_datasette_command_suggested_for_builds_of_classes_sets_the_time_they_need(
    cli, tmp_path
):
    """A build of classes (english) is read through the states view by state, its images
    computed: the suggested command raises Datasette's 1 s time limit, and with it the
    canned path query answers as `puzzledb path` does."""
    db, out = tmp_path / "puzzledb.sqlite", tmp_path / "metadata.json"
    assert cli("build", "english", "--radius", "6", "--db", db, "-q").exit_code == 0
    made = cli("datasette-metadata", "--output", out, "--db", db)
    setting = ["--setting", "sql_time_limit_ms", "10000"]
    assert made.exit_code == 0 and f"-m {out} {' '.join(setting)}" in made.stderr
    state = rows_of(db, "SELECT state FROM states WHERE puzzle = 'english' AND depth = 6")[-1][0]
    answer = subprocess.run(
        [
            str(Path(sys.executable).parent / "datasette"),
            str(db),
            "-m",
            str(out),
            *setting,
            "--get",
            f"/{db.stem}/path.json?puzzle=english&goal=&state={state}&_shape=arrays",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert answer.returncode == 0, answer.stdout + answer.stderr
    expected = json.loads(cli("path", "english", state, "--db", db, "--json").stdout)
    assert [r[1] for r in json.loads(answer.stdout)["rows"]] == expected["path"]


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_datasette_finds_a_state_of_a_build_of_classes_by_its_key(cli, tmp_path):
    """Issue 30: with puzzledb's plugin (its `datasette` entry point), Datasette knows
    state_key(): the canned `state` query and the same question typed as SQL answer within
    Datasette's default 1 s limit, as `puzzledb moves` does, where `state = ?` alone reads
    every image of the build (about 1 s on radius 9)."""
    db, out = tmp_path / "puzzledb.sqlite", tmp_path / "metadata.json"
    assert cli("build", "english", "--radius", "9", "--db", db, "-q").exit_code == 0
    assert cli("datasette-metadata", "--output", out, "--db", db).exit_code == 0
    state = rows_of(db, "SELECT state FROM farthest WHERE puzzle = 'english' LIMIT 1")[0][0]
    typed = (
        "SELECT depth, move, pred, solutions FROM states WHERE puzzle = 'english' "
        "AND state = :s AND stored = state_key('english', '', :s)"
    )
    rows = []
    for address in (
        f"/{db.stem}/state.json?puzzle=english&goal=&state={state}&_shape=arrays",
        f"/{db.stem}.json?" + urlencode({"sql": typed, "s": state, "_shape": "arrays"}),
    ):
        answer = subprocess.run(
            [str(Path(sys.executable).parent / "datasette"), str(db), "-m", str(out)]
            + ["--get", address],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert answer.returncode == 0, answer.stdout + answer.stderr
        rows.append(json.loads(answer.stdout)["rows"])
    path = json.loads(cli("path", "english", state, "--db", db, "--json").stdout)
    expected = [path["depth"], path["moves"][0], path["path"][1], path["solutions"]]
    assert rows == [[[state, *expected]], [expected]]


HISTOGRAM_OF_EIGHT = (
    "SELECT depth, states FROM depth_histogram WHERE puzzle = 'eight' AND goal = '123456780' "
    "ORDER BY depth"
)


# -- puzzledb stats --plot ---------------------------------------------------------------------


def _png_chunks(data: bytes):
    at = 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at : at + 8])
        body = data[at + 8 : at + 8 + length]
        assert (
            zlib.crc32(kind + body)
            == struct.unpack(">I", data[at + 8 + length : at + 12 + length])[0]
        )
        yield kind, body
        at += 12 + length


def test_plot_png_is_a_valid_png(cli, seed_db, tmp_path):
    out = tmp_path / "eight.png"
    result = cli("stats", "eight", "--plot", out, "--db", seed_db)
    assert result.exit_code == 0 and f"drawn to {out}" in result.stdout
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    chunks = list(_png_chunks(data))
    assert chunks[0][0] == b"IHDR" and chunks[-1] == (b"IEND", b"")
    width, height, depth, color = struct.unpack(">IIBB", chunks[0][1][:10])
    assert (width, height, depth) == (800, 480, 8) and color in (2, 6)  # RGB or RGBA
    pixels = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    assert len(pixels) == height * (1 + (3 if color == 2 else 4) * width)


@pytest.mark.parametrize("name", ["nooff", "peg15"])
def test_plot_svg_has_one_bar_a_depth(cli, seed_db, tmp_path, name):
    out = tmp_path / f"{name}.SVG"
    result = cli("stats", name, "--plot", out, "--json", "--db", seed_db)
    answer = json.loads(result.stdout)
    assert answer["plot"] == str(out)
    root = ElementTree.parse(out).getroot()
    bars = {
        g.get("id"): g
        for g in root.iter("{http://www.w3.org/2000/svg}g")
        if (g.get("id") or "").startswith("bar-")
    }
    assert sorted(str(b) for b in bars) == sorted(
        f"bar-{d}" for d in range(answer["max_depth"] + 1)
    )
    texts = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert f"{name}: states by depth" in texts
    assert "depth (moves from the goal)" in texts and "states" in texts


def test_plot_svg_keeps_a_katakana_goal(cli, seed_db, tmp_path):
    out = tmp_path / "atama.svg"
    cli("stats", "atama", "--goal", "ソウアイ*タタノマ", "--plot", out, "--db", seed_db)
    assert "goal ソウアイ*タタノマ" in out.read_text(encoding="utf-8")


@pytest.mark.parametrize("file", ["eight.gif", "eight.jpg", "eight", "eight.png.txt"])
def test_plot_rejects_other_extensions(cli, seed_db, tmp_path, file):
    result = cli("stats", "eight", "--plot", tmp_path / file, "--db", seed_db)
    assert result.exit_code == 2
    assert ".png" in result.stderr and ".svg" in result.stderr
    assert list(tmp_path.iterdir()) == []


# -- startup stays light -----------------------------------------------------------------------


def test_the_kit_loads_only_when_its_commands_run():
    code = (
        "import sys, puzzledb.service.cli.commands; print(sorted(m for m in sys.modules if "
        "m.startswith('puzzledb.service.analyst') or m in "
        "('puzzledb.db.adhoc', 'puzzledb.db.canned', 'puzzledb.db.export_rows')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parents[2],
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    "where, reason",
    [
        ("missing/x.png", "No such file or directory"),
        ("folder.png", "Is a directory"),
        ("file.txt/x.svg", "Not a directory"),
    ],
)
def test_plot_into_a_path_that_cannot_be_written_is_cannot_write(
    cli, seed_db, tmp_path, where, reason
):
    """`stats --plot` into a missing folder, onto a folder or below a file (found in review as
    tracebacks) is cannot_write, naming the path and the system's reason."""
    (tmp_path / "folder.png").mkdir()
    (tmp_path / "file.txt").write_text("")
    target = tmp_path / where
    message = one_error(
        cli("stats", "eight", "--plot", target, "--db", seed_db, "--json"), "cannot_write"
    )
    assert f"--plot '{target}'" in message and reason in message
    plain = cli("stats", "eight", "--plot", target, "--db", seed_db)
    assert plain.exit_code == 2 and reason in plain.stderr and "Traceback" not in plain.output


@pytest.fixture()
def locked(tmp_path):
    """A folder the test cannot write: mode 555, or for root (who ignores modes) a read-only
    tmpfs mounted there."""
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o555)
    if os.geteuid() != 0:
        yield folder, "Permission denied"
        return
    subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(folder)], check=True)
    try:
        yield folder, "Read-only file system"
    finally:
        subprocess.run(["umount", str(folder)], check=False)


def test_plot_into_a_read_only_folder_is_cannot_write(cli, seed_db, locked):
    """`stats --plot` into a folder it may not write (found in review as a traceback) is
    cannot_write, with the system's reason."""
    folder, reason = locked
    result = cli("stats", "eight", "--plot", folder / "x.png", "--db", seed_db)
    assert result.exit_code == 2 and reason in result.stderr


def test_sql_messages_are_short_and_escaped(cli, seed_db):
    """SQLite's messages about a huge or hostile query come back short and escaped."""
    message = one_error(
        cli("sql", "SELECT " + "a" * 100_000, "--db", seed_db, "--json"), "sql_error", 2
    )
    assert len(message) <= 1000
    message = one_error(
        cli("sql", "SELECT a\u202eb\x1b[2Jc", "--db", seed_db, "--json"), "sql_error", 2
    )
    assert "\u202e" not in message and "\x1b" not in message


def test_sigterm_during_a_query_is_a_clean_interruption(seed_db):
    """SIGTERM during a long query stops it cleanly: exit 143, its own words, no traceback."""
    query = (
        "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c "
        "WHERE i < 1000000000) SELECT count(*) FROM c"
    )
    child = subprocess.Popen(
        [*puzzledb_command(), "sql", query, "--time-limit", "0", "--db", str(seed_db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(1.0)
    child.send_signal(signal.SIGTERM)
    _, errors = child.communicate(timeout=30)
    assert child.returncode == 143 and "stopped by SIGTERM" in errors
    assert "Traceback" not in errors


def test_sql_refuses_functions_that_reach_outside_the_data(cli, seed_db):
    """`puzzledb sql` refuses functions that reach outside the data (fts3_tokenizer)."""
    message = one_error(
        cli("sql", "SELECT fts3_tokenizer('simple')", "--db", seed_db, "--json"), "refused", 2
    )
    assert "fts3_tokenizer" in message
