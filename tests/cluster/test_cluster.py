"""Builds on a Dask cluster answer exactly as one-machine builds (issue 21, points 1, 2, 6).

`nine` (1,814,400 states, 55 deep) is built once on one machine, once on a LocalCluster of
two worker processes and once on a `dask scheduler` with two `dask worker` processes started
apart over TCP on loopback, as on real hosts; every reader must not tell them apart.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzledb.builder import catalogue
from puzzledb.builder.search.cluster import connect as cluster_connect
from puzzledb.builder.search.cluster import search as cluster_search
from puzzledb.db import build as builds
from puzzledb.db.connection import reader
from puzzledb.db.store import SIDE_SUFFIX
from puzzledb.service.answers import Answers
from puzzledb.service.cli.commands import main
from puzzledb.service.cli.options import EXIT_STATUS
from puzzledb.service.http.app import create_app

NINE = catalogue.get("nine")
#: States whose answers are compared: the goal, near it, far, and the farthest.
STATES = ["1234567890", "0123456789", "9876543210", "1357924680"]
DASK = Path(sys.executable).with_name("dask")
TREE = Path(__file__).resolve().parents[2]


def run(*args) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def digest(folder: Path) -> dict[str, str]:
    return {f.name: hashlib.sha256(f.read_bytes()).hexdigest() for f in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def one_machine(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("one") / "nine.sqlite"
    builds.build_to(path, NINE, NINE.default_goal)
    return path


@pytest.fixture(scope="module")
def one_machine_rows(one_machine) -> bytes:
    return exported(one_machine, one_machine.with_suffix(".csv"))


@pytest.fixture(scope="module")
def on_local_cluster(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("local") / "nine.sqlite"
    code, out, err = run("build", "nine", "--cluster", "local:2", "--db", path, "--json")
    assert code == 0, out + err
    assert json.loads(out)["built"][0]["states"] == 1_814_400
    return path


@pytest.fixture(scope="module")
def on_tcp_cluster(tmp_path_factory, scheduler) -> Path:
    path = tmp_path_factory.mktemp("tcp") / "nine.sqlite"
    code, out, err = run("build", "nine", "--cluster", scheduler[0], "--db", path, "-q")
    assert code == 0, out + err
    return path


def exported(path: Path, to: Path) -> bytes:
    code, out, err = run("export", "nine", "--db", path, "-o", to)
    assert code == 0, out + err
    return to.read_bytes()


TIMES = ("built_at", "build_seconds", "started_at", "finished_at")


def without_times(answer):
    """An answer with its builds' times (built_at, build_seconds, started_at, finished_at)
    left out."""
    if isinstance(answer, dict):
        return {k: without_times(v) for k, v in answer.items() if k not in TIMES}
    if isinstance(answer, list):
        return [without_times(v) for v in answer]
    return answer


def answers_of(path: Path) -> list:
    """What every command and route answers for `path`, build times left out."""
    return without_times(_answers_of(path))


def _answers_of(path: Path) -> list:
    out: list = []
    for state in STATES:
        for command in ("path", "depth", "moves"):
            out.append(run(command, "nine", state, "--db", path, "--json")[:2])
    out.append(json.loads(run("stats", "nine", "--db", path, "--json")[1]))
    out.append(run("farthest", "nine", "--db", path, "--json")[:2])
    listed = json.loads(run("list", "--db", path, "--json")[1])
    out.append(listed)  # the builds' times are left out above
    for sql in (
        "SELECT * FROM states WHERE state > '5' ORDER BY state LIMIT 3",
        "SELECT * FROM states WHERE depth = 30 ORDER BY state DESC LIMIT 3",
        "SELECT count(*), sum(solutions) FROM states WHERE depth = 40",
        "SELECT * FROM farthest",
        "SELECT * FROM depth_histogram",
        "SELECT state, pred, move FROM states WHERE state = '9876543210'",
    ):
        out.append(json.loads(run("sql", sql, "--db", path, "--format", "json")[1]))
    # answers compared, not timed: a loaded machine must not turn one into a time_limit
    client = create_app(path, {"time_limit": 60}).test_client()
    for route in ("/path", "/moves", "/depth"):
        for state in STATES[:3]:
            out.append(client.get(route, query_string={"puzzle": "nine", "state": state}).json)
    out.append(client.get("/farthest", query_string={"puzzle": "nine"}).json)
    out.append(client.get("/").status_code)
    answer = Answers(reader(path))
    out.append(answer.path("nine", "0123456789"))
    return out


def test_a_local_cluster_build_is_the_one_machine_build(
    one_machine, one_machine_rows, on_local_cluster, tmp_path
):
    shards = sorted(on_local_cluster.parent.glob("*.shard"))
    assert len(shards) == 2
    before = digest(on_local_cluster.parent)
    assert exported(on_local_cluster, tmp_path / "c.csv") == one_machine_rows
    assert answers_of(on_local_cluster) == answers_of(one_machine)
    assert digest(on_local_cluster.parent) == before  # readers never write


def test_the_manifest_lists_each_shard(on_local_cluster):
    with sqlite3.connect(f"file:{on_local_cluster}?mode=ro", uri=True) as conn:
        rows = conn.execute(
            "SELECT shard, low, high, file, rows, bytes, sha256, token FROM shards ORDER BY shard"
        ).fetchall()
        assert (
            conn.execute("SELECT name FROM sqlite_master WHERE name = 'nodes_1'").fetchall() == []
        )
    assert [r[0] for r in rows] == [0, 1]
    assert rows[0][1] is None and rows[1][2] is None and rows[0][2] == rows[1][1]
    assert sum(r[4] for r in rows) == 1_814_400
    for _, low, high, file, count, size, sha256, token in rows:
        shard = on_local_cluster.parent / file
        assert shard.stat().st_size == size
        assert hashlib.sha256(shard.read_bytes()).hexdigest() == sha256
        with sqlite3.connect(f"file:{shard}?mode=ro", uri=True) as conn:
            assert conn.execute("SELECT token FROM shard_meta").fetchall() == [(token,)]
            states = [s for (s,) in conn.execute("SELECT state FROM nodes_1 ORDER BY state")]
        assert len(states) == count
        assert (low is None or low <= states[0]) and (high is None or states[-1] < high)
    code, out, _ = run("sql", "SELECT count(*) AS n FROM nodes_1", "--db", on_local_cluster)
    assert code == 0 and "1814400" in out.replace(",", "")


def _copy(path: Path, to: Path) -> Path:
    shutil.copytree(path.parent, to)
    return to / path.name


@pytest.mark.parametrize("damage", ["missing", "truncated", "foreign"])
def test_a_bad_shard_is_a_database_error_naming_it(
    on_local_cluster, on_tcp_cluster, damage, tmp_path
):
    path = _copy(on_local_cluster, tmp_path / "copy")
    shard = sorted(path.parent.glob("*.shard"))[1]
    if damage == "missing":
        shard.unlink()
    elif damage == "truncated":
        with open(shard, "r+b") as file:
            file.truncate(shard.stat().st_size - 4096)
    else:  # the same size and name, another build's rows
        other = sorted(on_tcp_cluster.parent.glob("*.shard"))
        shutil.copy(max(other, key=lambda f: f.stat().st_size), shard)
        with open(shard, "r+b") as file:
            file.truncate(os.stat(sorted(on_local_cluster.parent.glob("*.shard"))[1]).st_size)
    for args in (("path", "nine", "0123456789"), ("sql", "SELECT 1"), ("farthest", "nine")):
        code, out, _ = run(*args, "--db", path, "--json")
        assert code == EXIT_STATUS["database_error"] == 1, out
        error = json.loads(out)["error"]
        assert error["code"] == "database_error"
        assert shard.name in error["message"]
    code, _, err = run("export", "nine", "--db", path, "-o", tmp_path / "rows.csv")
    assert code == 1 and shard.name in err and not (tmp_path / "rows.csv").exists()
    response = create_app(path).test_client().get("/path?puzzle=nine&state=0123456789")
    assert (
        response.status_code == 503
        and response.json is not None
        and response.json["error"]["code"] == "database_error"
    )


def test_a_cluster_of_separate_processes_over_tcp(one_machine_rows, on_tcp_cluster, tmp_path):
    assert exported(on_tcp_cluster, tmp_path / "t.csv") == one_machine_rows
    assert run("stats", "nine", "--db", on_tcp_cluster, "--json")[0] == 0


def test_a_rebuild_removes_the_shards_it_replaced(scheduler, tmp_path):
    """On the cluster again, then on one machine: each time the old shard files go, the new
    build answers, and a build of another puzzle in the file keeps its shards."""
    path = tmp_path / "db.sqlite"
    assert run("build", "seven", "--cluster", scheduler[0], "--db", path, "-q")[0] == 0
    assert run("build", "eight", "--cluster", scheduler[0], "--db", path, "-q")[0] == 0
    seven = set(tmp_path.glob("db.sqlite.1-*.shard"))
    first = set(tmp_path.glob("*.shard")) - seven
    assert len(seven) == len(first) == 2
    service = create_app(path).test_client()  # its connection follows the rebuild below
    assert service.get("/path?puzzle=eight&state=867254301").status_code == 200
    assert run("build", "eight", "--cluster", scheduler[0], "--db", path, "-q")[0] == 0
    response = service.get("/path?puzzle=eight&state=867254301")
    assert (
        response.status_code == 200 and response.json is not None and response.json["depth"] == 31
    )
    second = set(tmp_path.glob("*.shard")) - seven
    assert len(second) == 2 and not second & first
    assert run("path", "eight", "867254301", "--db", path)[0] == 0
    assert run("build", "eight", "--db", path, "-q")[0] == 0
    assert set(tmp_path.glob("*.shard")) == seven
    code, out, _ = run("path", "eight", "867254301", "--db", path, "--json")
    assert code == 0 and json.loads(out)["depth"] == 31
    assert run("farthest", "seven", "--db", path)[0] == 0


def test_more_shards_than_a_reader_attaches_are_refused_before_the_search(
    scheduler, tmp_path, monkeypatch
):
    from puzzledb.db.cluster import read as sharded

    monkeypatch.setattr(sharded, "attachable", lambda: 1)
    monkeypatch.setattr(cluster_search, "cluster_bfs", lambda *a, **k: pytest.fail("searched"))
    path = tmp_path / "db.sqlite"
    code, out, _ = run("build", "eight", "--cluster", scheduler[0], "--db", path, "--json")
    assert code == 8
    message = json.loads(out)["error"]["message"]
    assert "2 workers" in message and "at most 1 files" in message
    assert not path.exists() and not list(tmp_path.glob("*.shard"))


def test_a_poll_that_meets_the_clients_stale_view_loses_no_worker(scheduler, monkeypatch):
    """Every 2 s Dask's client replaces its cached view of the cluster (scheduler_info) with
    one listing no worker; a poll of a running layer that read it between its own refresh and
    its return took every owner for gone, and a 15-minute build (english-chain) failed with
    `cluster_error` while both workers ran. Here the poll always meets that view."""
    from distributed import Client

    with Client(scheduler[0], timeout=30) as client:
        client.sync(client._update_scheduler_info)  # what the client does every 2 s
        stale = client._scheduler_identity
        assert stale["workers"] == {}
        monkeypatch.setattr(client, "scheduler_info", lambda *a, **k: stale)
        owners = cluster_connect.worker_addresses(client)
        assert len(owners) == 2
        slow = client.submit(time.sleep, 3 * cluster_connect.POLL_SECONDS, pure=False)
        assert cluster_connect.gathered(client, [slow], owners, "waiting") == [None]


def test_a_worker_killed_mid_build_fails_it_cleanly(
    one_machine_rows, on_tcp_cluster, scheduler, monkeypatch, tmp_path
):
    """The build stops with cluster_error and its own exit status; the sharded build it was
    replacing answers as before, its files untouched, and the new shards are gone."""
    before = digest(on_tcp_cluster.parent)
    real_layer = cluster_search._layer
    victim = scheduler[1][1]

    def layer(client, token, owners, depth, *rest):
        if depth == 20:
            victim.kill()  # a worker process this test started
            victim.wait(timeout=10)
            time.sleep(0.5)
        return real_layer(client, token, owners, depth, *rest)

    monkeypatch.setattr(cluster_search, "_layer", layer)
    code, out, _ = run("build", "nine", "--cluster", scheduler[0], "--db", on_tcp_cluster, "--json")
    assert code == EXIT_STATUS["cluster_error"] == 8
    error = json.loads(out)["error"]
    assert error["code"] == "cluster_error"
    assert "left the Dask cluster" in error["message"] and "nothing was stored" in error["message"]
    assert digest(on_tcp_cluster.parent) == before
    assert exported(on_tcp_cluster, tmp_path / "t.csv") == one_machine_rows


@pytest.mark.parametrize("spec", ["local:0", "local:x", "udp://x", "", "local:65"])
def test_a_bad_cluster_address_is_malformed(spec, tmp_path):
    code, out, _ = run("build", "eight", "--cluster", spec, "--db", tmp_path / "x", "--json")
    assert code == 2 and json.loads(out)["error"]["code"] == "malformed"
    assert not (tmp_path / "x").exists()


def test_an_unreachable_scheduler_is_a_cluster_error(tmp_path, monkeypatch):
    monkeypatch.setattr(cluster_connect, "CONNECT_SECONDS", 2)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens there once closed
    code, out, _ = run(
        "build", "eight", "--cluster", f"tcp://127.0.0.1:{port}", "--db", tmp_path / "x", "--json"
    )
    assert code == 8 and json.loads(out)["error"]["code"] == "cluster_error"
    assert "cannot reach the Dask cluster" in json.loads(out)["error"]["message"]
    assert not (tmp_path / "x").exists()


def test_a_lookup_of_a_sharded_build_loads_no_dask(on_local_cluster):
    from support.import_probe import PROBE

    heavy = ("numpy", "dask", "distributed", "pyarrow")
    for args in (["path", "nine", "0123456789"], ["sql", "SELECT count(*) FROM states"]):
        out = subprocess.run(
            [sys.executable, "-c", PROBE % (heavy,), *args, "--db", str(on_local_cluster)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        imported, code = out.stderr.strip().splitlines()[-1].rsplit(" ", 1)
        assert imported == "[]" and code in ("0", "None"), out.stderr


PUZZLEDB = Path(sys.executable).with_name("puzzledb")
#: A line of Dask's own on stderr: its logs ("distributed.nanny - WARNING - ..."), Python's
#: warnings (".../distributed/node.py:195: UserWarning: Port 8787 is already in use"), and
#: tornado's.
DASK_LINE = ("distributed", "dask", "tornado", "Warning", "warnings.warn")


def dask_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if any(w in line for w in DASK_LINE)]


@pytest.fixture()
def port_8787_taken():
    """Dask's dashboard port held, as by another cluster or Jupyter on the machine (or
    already held by one: then it stays so)."""
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", 8787))
            s.listen()
        except OSError:
            pass  # another process holds it
        yield


@pytest.fixture()
def checkout(tmp_path) -> Path:
    """A git repository with the project's .gitignore, as a clone the README's commands run
    in."""
    subprocess.run(["git", "init", "-q", tmp_path], check=True)
    shutil.copy(TREE / ".gitignore", tmp_path / ".gitignore")
    return tmp_path


def untracked(checkout: Path) -> list[str]:
    status = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=checkout,
        capture_output=True,
        text=True,
        check=True,
    )
    return [line for line in status.stdout.splitlines() if line != "?? .gitignore"]


@pytest.mark.parametrize("quiet", [[], ["-q"]])
def test_a_local_cluster_build_says_nothing_of_dask(quiet, checkout, port_8787_taken):
    """Issue 27: `build --cluster local:2` printed Dask's warning that port 8787 was in use
    (a dashboard nobody asked for). Only puzzledb's own lines on stderr; none with -q. And
    its files, puzzledb.sqlite and a shard a worker, leave `git status` clean."""
    env = {k: v for k, v in os.environ.items() if k != "PUZZLEDB_DB"}
    out = subprocess.run(
        [PUZZLEDB, "build", "seven", "--cluster", "local:2", *quiet],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=checkout,
        env=env,
    )
    assert out.returncode == 0, out.stderr
    assert dask_lines(out.stderr) == [], out.stderr
    if quiet:
        assert out.stderr == "" and out.stdout == ""
    else:
        assert out.stdout.startswith("built seven toward 12345670: 20,160 states")
    assert len(list(checkout.glob("puzzledb.sqlite.*.shard"))) == 2
    assert untracked(checkout) == []


def test_a_builds_passing_files_are_ignored_by_git(checkout):
    """What a build killed part way may leave beside the file (db.store.files: the partial file,
    SQLite's journals, a second writer's side file) and a shard's SQLite side files."""
    partial = f".puzzledb.sqlite.building-{os.getpid()}"
    names = [partial, *(partial + s for s in ("-journal", "-wal", "-shm", SIDE_SUFFIX))]
    names += ["puzzledb.sqlite.3-0123abcd.1.shard-journal"]
    for name in names:
        (checkout / name).write_bytes(b"")
    assert untracked(checkout) == []


#: A local cluster whose worker is slow to exit once asked to stop (as on a loaded machine,
#: or one freeing a large build's layers): Dask's nanny kills it after 4 s, and says so.
SLOW_TO_EXIT = """
import atexit, time
from puzzledb.builder.search.cluster import connect
with connect.connected("local:1") as client:
    client.run(atexit.register, time.sleep, 30)
print("closed")
"""


def test_a_worker_killed_as_the_cluster_closes_goes_unsaid(tmp_path):
    """Issue 27: "Worker process still alive after 4.0 seconds, killing", twice after a
    build whose rows were all stored, read as a failure: that message is dropped as the
    cluster closes, and that message only."""
    out = subprocess.run(
        [sys.executable, "-c", SLOW_TO_EXIT],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert out.returncode == 0 and out.stdout == "closed\n", out.stderr
    assert dask_lines(out.stderr) == [], out.stderr
