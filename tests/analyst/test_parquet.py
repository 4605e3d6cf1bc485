"""`puzzledb export --format parquet`: the `states` view's rows exactly, in state order or
partitioned by depth, read back by pyarrow and DuckDB; errors; and nothing left by a stop."""

from __future__ import annotations

import json
import re
import signal
import sqlite3
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import duckdb
import pyarrow.parquet as pq
import pytest
from support.stops import stop_while_writing

from puzzledb.builder import catalogue
from puzzledb.builder.search.plain import breadth_first
from puzzledb.db.connection import writer
from puzzledb.db.store import save_build
from puzzledb.service.analyst.parquet import INSTALL, ROW_GROUP

ROOT = Path(__file__).parents[2]
COLUMNS = ["puzzle", "goal", "state", "depth", "pred", "move", "solutions"]
ATAMA = ["atama", "--goal", "ソウアイ*タタノマ"]


def view_rows(db: Path, puzzle: str, goal: str, depth: int | None = None) -> list[tuple]:
    where = "puzzle = ? AND goal = ?" + (" AND depth = ?" if depth is not None else "")
    params = (puzzle, goal) if depth is None else (puzzle, goal, depth)
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return conn.execute(
            f"SELECT {', '.join(COLUMNS)} FROM states WHERE {where} ORDER BY state", params
        ).fetchall()


def file_rows(table) -> list[tuple]:
    return [tuple(row[c] for c in COLUMNS if c in row) for row in table.to_pylist()]


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_a_parquet_file_holds_the_states_view_in_state_order(cli, seed_db, tmp_path):
    out = tmp_path / "atama.parquet"
    result = cli("export", *ATAMA, "--format", "parquet", "-o", out, "--db", seed_db)
    assert result.exit_code == 0, result.output
    assert "exported 181,440 states of atama toward ソウアイ*タタノマ" in result.stderr
    table = pq.read_table(out)
    assert table.schema.names == COLUMNS
    assert str(table.schema.field("solutions").type) == "int64"
    assert file_rows(table) == view_rows(seed_db, "atama", ATAMA[2])
    groups = pq.ParquetFile(out).metadata.num_row_groups
    assert groups == -(-181_440 // ROW_GROUP)  # streamed a row group at a time
    assert [p.name for p in tmp_path.iterdir()] == ["atama.parquet"]


def test_duckdb_reads_the_file_and_the_partitions(cli, seed_db, tmp_path):
    one, parts = tmp_path / "peg15.parquet", tmp_path / "peg15"
    assert cli("export", "peg15", "--format", "parquet", "-o", one, "--db", seed_db).exit_code == 0
    assert (
        cli(
            "export", "peg15", "--format", "parquet", "--partition", "depth", "-o", parts,
            "--db", seed_db,
        ).exit_code
        == 0
    )  # fmt: skip
    with sqlite3.connect(f"file:{seed_db}?mode=ro", uri=True) as conn:
        expected = conn.execute(
            "SELECT depth, count(*), sum(solutions) FROM states WHERE puzzle = 'peg15' "
            "GROUP BY depth ORDER BY depth"
        ).fetchall()
    query = "SELECT depth, count(*), sum(solutions) FROM {} GROUP BY depth ORDER BY depth"
    whole = duckdb.sql(query.format(f"'{one}'"))
    assert whole is not None and whole.fetchall() == expected
    hive = f"read_parquet('{parts}/*/*.parquet', hive_partitioning = true)"
    parts_read = duckdb.sql(query.format(hive))
    assert parts_read is not None and parts_read.fetchall() == expected


def test_partitioned_by_depth_one_folder_a_depth_each_in_state_order(cli, seed_db, tmp_path):
    out = tmp_path / "seven"
    result = cli(
        "export", "seven", "--format", "parquet", "--partition", "depth", "-o", out,
        "--db", seed_db, "--json",
    )  # fmt: skip
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "puzzle": "seven",
        "goal": "12345670",
        "states": 20160,
        "format": "parquet",
        "partition": "depth",
        "output": str(out),
    }
    with sqlite3.connect(f"file:{seed_db}?mode=ro", uri=True) as conn:
        depths = [
            d for (d,) in conn.execute("SELECT depth FROM depth_histogram WHERE puzzle = 'seven'")
        ]
    assert sorted(p.name for p in out.iterdir()) == sorted(f"depth={d}" for d in depths)
    for depth in depths:
        files = list((out / f"depth={depth}").iterdir())
        assert [f.name for f in files] == ["part-0.parquet"]
        table = pq.read_table(files[0])
        assert "depth" not in table.schema.names  # in the folder's name, as Hive has it
        expected = [row[:3] + row[4:] for row in view_rows(seed_db, "seven", "12345670", depth)]
        assert file_rows(table) == expected
    whole = pq.read_table(out)  # the folder as one dataset: depth comes back from the names
    assert whole.num_rows == 20160 and sorted(set(whole.column("depth").to_pylist())) == depths


@pytest.fixture(scope="module")
def huge_db(tmp_path_factory):
    """eight within 2 moves, two of its states given counts past 64 bits: 2**63 (one past
    SQLite's largest integer) and 2**70 + 12345."""
    eight = catalogue.get("eight")
    result = breadth_first(eight, eight.default_goal, radius=2)
    result.radius = 2
    far = sorted(s for s, (d, _, _) in result.table.items() if d == 2)
    result.solutions[far[0]] = 2**63
    result.solutions[far[1]] = 2**70 + 12345
    result.most_solutions, result.most_solved_count, result.most_solved = 2**70 + 12345, 1, [far[1]]
    path = tmp_path_factory.mktemp("huge") / "huge.sqlite"
    db = writer(path)
    save_build(db, eight, result, time.perf_counter())
    db.close()
    return path


@pytest.mark.parametrize("partition", [[], ["--partition", "depth"]])
def test_counts_past_64_bits_are_exact_as_text(cli, huge_db, tmp_path, partition):
    out = tmp_path / "huge"
    result = cli("export", "eight", "--format", "parquet", *partition, "-o", out, "--db", huge_db)
    assert result.exit_code == 0, result.output
    table = pq.read_table(out)
    assert str(table.schema.field("solutions").type) == "string"
    got = {row["state"]: row["solutions"] for row in table.to_pylist()}
    expected = {row[2]: str(row[6]) for row in view_rows(huge_db, "eight", "123456780")}
    assert got == expected
    assert sorted(got.values(), key=int)[-2:] == [str(2**63), str(2**70 + 12345)]
    summed = duckdb.sql(
        f"SELECT sum(solutions::HUGEINT) FROM read_parquet('{out}/*/*.parquet')"
        if partition
        else f"SELECT sum(solutions::HUGEINT) FROM read_parquet('{out}')"
    )
    assert summed is not None
    total = summed.fetchall()[0][0]
    assert total == sum(int(v) for v in expected.values())


def test_without_pyarrow_the_message_says_what_to_install(cli, seed_db, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # as if not installed: import fails
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    out = tmp_path / "x.parquet"
    plain = cli("export", "seven", "--format", "parquet", "-o", out, "--db", seed_db)
    assert plain.exit_code == 9 and "Traceback" not in plain.output
    assert "pip install 'puzzledb[parquet]'" in plain.stderr and "pyarrow" in plain.stderr
    as_json = cli("export", "seven", "--format", "parquet", "-o", out, "--db", seed_db, "--json")
    assert as_json.exit_code == 9
    body = json.loads(as_json.stdout)
    assert (
        body["error"]["code"] == "missing_extra" and "puzzledb[parquet]" in body["error"]["message"]
    )
    assert list(tmp_path.iterdir()) == []


def test_the_extra_the_message_names_installs_pyarrow_and_duckdb():
    """Issue 27: the message named `cluster`, which installs Dask too, and nothing installed
    DuckDB, which the docs read the export with: the extra `parquet` installs both, the
    tests install it, and `cluster` is Dask's alone."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    named = re.search(r"pip install 'puzzledb\[(\w+)\]'", INSTALL)
    assert named and named[1] == "parquet"
    packages = {re.split(r"[<>=\[ ]", r, maxsplit=1)[0] for r in extras["parquet"]}
    assert packages == {"pyarrow", "duckdb"}
    assert "puzzledb[parquet]" in extras["test"]
    assert not any(r.startswith(("pyarrow", "duckdb")) for r in extras["cluster"])


def test_lookups_and_text_exports_do_not_import_pyarrow(seed_db):
    script = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from puzzledb.service.cli.commands import main\n"
        f"db = {str(seed_db)!r}\n"
        "for args in (['path', 'eight', '867254301'], ['export', 'seven'], ['stats', 'eight']):\n"
        "    assert CliRunner().invoke(main, [*args, '--db', db]).exit_code == 0\n"
        "print('pyarrow' in sys.modules)\n"
    )
    ran = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT)
    assert ran.stdout == "False\n", ran.stderr


@pytest.mark.parametrize(
    "args, words",
    [
        (["--format", "parquet"], "give --output FILE"),
        (["--format", "parquet", "-o", "-"], "give --output FILE"),
        (["--partition", "depth", "-o", "x.csv"], "--partition goes with --format parquet"),
        (["--format", "parquet", "--partition", "year", "-o", "x"], "'year' is not"),
    ],
)
def test_usage_errors(cli, seed_db, args, words):
    plain = cli("export", "seven", *args, "--db", seed_db)
    assert plain.exit_code == 2 and words in plain.stderr
    as_json = cli("export", "seven", *args, "--db", seed_db, "--json")
    body = json.loads(as_json.stdout)
    assert as_json.exit_code == 2 and body["error"]["code"] == "usage"


def test_a_folder_of_other_files_is_not_replaced(cli, seed_db, tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    result = cli(
        "export", "seven", "--format", "parquet", "--partition", "depth", "-o", tmp_path,
        "--db", seed_db, "--json",
    )  # fmt: skip
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["code"] == "cannot_write"
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_an_earlier_partitioned_export_is_replaced_whole(cli, seed_db, tmp_path):
    out = tmp_path / "parts"
    stale = out / "depth=99"
    stale.mkdir(parents=True)
    (stale / "part-0.parquet").write_bytes(b"old")
    args = ["--format", "parquet", "--partition", "depth", "-o", out, "--db", seed_db]
    assert cli("export", "seven", *args).exit_code == 0
    assert not stale.exists() and pq.read_table(out).num_rows == 20160
    assert [p.name for p in tmp_path.iterdir()] == ["parts"]


def test_a_build_not_there_writes_nothing(cli, seed_db, tmp_path):
    result = cli("export", "fifteen", "--format", "parquet", "-o", tmp_path / "f", "--db", seed_db)
    assert result.exit_code == 4 and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("partition", [[], ["--partition", "depth"]])
def test_a_parquet_export_stopped_part_way_leaves_the_old_output_and_nothing_else(
    seed_db, tmp_path, partition
):
    target = tmp_path / "atama"
    if partition:
        (target / "depth=0").mkdir(parents=True)
        (target / "depth=0" / "part-0.parquet").write_bytes(b"the old export")
    else:
        target.write_bytes(b"the old export")
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzledb.service.cli", "export", *ATAMA, "--format", "parquet"]
        + [*partition, "--output", str(target), "--db", str(seed_db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    status, stderr = stop_while_writing(child, tmp_path, {"atama"}, signal.SIGTERM)
    assert status == 143 and "was not written" in stderr and "Traceback" not in stderr
    assert [p.name for p in tmp_path.iterdir()] == ["atama"]
    old = target / "depth=0" / "part-0.parquet" if partition else target
    assert old.read_bytes() == b"the old export"
    if partition:
        assert [p.name for p in target.iterdir()] == ["depth=0"]


@pytest.mark.parametrize("empty", [False, True], ids=["existing", "empty_name"])
@pytest.mark.parametrize("partition", [[], ["--partition", "depth"]], ids=["file", "folder"])
def test_a_refused_output_does_not_suggest_standard_output(
    cli, seed_db, tmp_path, partition, empty
):
    """Parquet refuses `-`, so its cannot_write message must not offer it as the way out."""
    (tmp_path / "notes.txt").write_text("")
    target = "" if empty else tmp_path if not partition else tmp_path / "notes.txt"
    args = ["export", "seven", "--format", "parquet", *partition, "--output", target]
    result = cli(*args, "--db", seed_db, "--json")
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "cannot_write"
    assert "standard output" not in error["message"]
