"""Faults of cluster builds (issue 28, items 5 and 6): every input and every failure is its
documented JSON error and exit status, never a traceback, and a failed build leaves no shard.
"""

from __future__ import annotations

import hashlib
import json
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.file_systems import small_file_system

from puzzledb.service.cli.commands import main

DASK = Path(sys.executable).with_name("dask")
PUZZLEDB = Path(sys.executable).with_name("puzzledb")


def run(*args) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("spec", "why"),
    [
        ("tcp://127.0.0.1", "it has no :PORT"),
        ("tcp://127.0.0.1:8786/x", "'/x' follows the port"),
        ("tcp://[::1]:x", "the port 'x' is not a number"),
        ("tcp://127.0.0.1:99999", "the port '99999' is not 1 to 65,535"),
        ("tcp://127.0.0.1:0", "the port '0' is not 1 to 65,535"),
        ("tcp://:0", "it names no host"),
        ("tcp://[::1", "lacks its ]"),
        ("tcp://[nowhere]:8786", "'nowhere' is not an IPv6 address"),
        ("tcp://a b:8786", "'a b' is not a host name"),
        ("tcp://127.0.0.1:" + "9" * 5000, "is not 1 to 65,535"),
    ],
)
def test_a_bad_scheduler_address_is_malformed_before_anything(spec, why, tmp_path):
    """Checked whole before Dask sees it: not Dask's ValueError (exit 1, a traceback), nor a
    port or host Dask takes, only to give up after 30 s."""
    code, out, err = run("build", "eight", "--cluster", spec, "--db", tmp_path / "x", "--json")
    assert code == 2
    error = json.loads(out)["error"]
    assert error["code"] == "malformed" and why in error["message"]
    assert spec[:20] in error["message"] and len(error["message"]) < 400
    assert list(tmp_path.iterdir()) == []
    code, out, err = run("build", "eight", "--cluster", spec, "--db", tmp_path / "x")
    assert code == 2 and out == "" and err.startswith("error: --cluster takes")
    assert "Traceback" not in err and err.count("\n") == 1


def test_an_escaped_prefix_of_a_bad_address_is_quoted():
    code, out, _ = run("build", "eight", "--cluster", "tcp://\u202e" + "x" * 100, "--json")
    message = json.loads(out)["error"]["message"]
    assert code == 2 and "'tcp://\\u202exxx" in message and "(107 characters)" in message
    assert "\u202e" not in message


@pytest.mark.parametrize("spec", ["tcp://[::1]:8786", "tcp://node-7.example.org:8786"])
def test_a_good_address_passes_the_check(spec):
    from puzzledb.builder.search.cluster import addresses

    assert addresses.parse(spec) == ("address", spec)


# -- a scheduler killed part way ----------------------------------------------------------


@pytest.fixture()
def scheduler(tmp_path):
    """A `dask scheduler` and two `dask worker` processes (no nanny: each closes once its
    scheduler is gone, after the task it runs), on a free loopback port: (address, the
    scheduler's process, the workers' processes). Each test kills the scheduler."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    logs = open(tmp_path / "dask.log", "w")  # noqa: SIM115  (closed below)
    scheduler = subprocess.Popen(
        [DASK, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
        cwd=tmp_path,
        stdout=logs,
        stderr=logs,
    )
    worker = [str(DASK), "worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard"]
    worker += ["--memory-limit", "0", "--host", "127.0.0.1"]
    workers = [subprocess.Popen(worker, cwd=tmp_path, stdout=logs, stderr=logs) for _ in range(2)]
    try:
        from distributed import Client

        with Client(address, timeout=30) as client:
            client.wait_for_workers(2, timeout=60)
        yield address, scheduler, workers
    finally:
        for process in [scheduler, *workers]:  # ours
            process.kill()
            process.wait(timeout=10)
        logs.close()


def deepest_layer() -> int:
    """On a worker: the most layers any build's owner there holds (0 before the search)."""
    owned = getattr(sys.modules.get("puzzledb.builder.search.cluster.workers"), "_OWNED", {})
    return max((len(owner.layers) for owner in owned.values()), default=0)


def digest(folder: Path) -> dict[str, str]:
    """Each file of `folder` by name: the main file's rows (its header changes as a build
    that rolled back puts it back at rest), any other file's bytes."""
    files = {}
    for f in sorted(folder.iterdir()):
        if f.name == "p.sqlite":
            with sqlite3.connect(f"file:{f}?mode=ro", uri=True) as conn:
                files[f.name] = "\n".join(conn.iterdump())
        else:
            files[f.name] = hashlib.sha256(f.read_bytes()).hexdigest()
    return files


def stored(folder: Path) -> Path:
    """A file holding a build of seven (made on this machine), as the build it replaces."""
    folder.mkdir()
    db = folder / "p.sqlite"
    code, out, err = run("build", "seven", "--db", db, "-q")
    assert code == 0, out + err
    return db


def killed_build(scheduler, db: Path, when) -> subprocess.CompletedProcess:
    """`puzzledb build nine --cluster ... --json` in its own process, its scheduler killed
    once `when()` says so; the build's outcome, once it and the workers have ended (a worker
    runs its task on after the scheduler is gone, then closes)."""
    address, process, workers = scheduler
    build = subprocess.Popen(
        [PUZZLEDB, "build", "nine", "--cluster", address, "--db", db, "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    while build.poll() is None and not when():
        time.sleep(0.05)
    assert build.poll() is None, "the build ended before the scheduler was killed"
    process.kill()  # the scheduler this test started
    process.wait(timeout=10)
    out, err = build.communicate(timeout=300)
    for worker in workers:
        worker.wait(timeout=300)
    return subprocess.CompletedProcess(build.args, build.returncode, out, err)


def assert_lost_scheduler(outcome: subprocess.CompletedProcess, doing: str) -> None:
    assert outcome.returncode == 8, outcome.stderr
    assert outcome.stdout.count("\n") == 1, outcome.stdout
    error = json.loads(outcome.stdout)["error"]
    assert error["code"] == "cluster_error"
    assert error["message"].startswith(f"lost the Dask scheduler while {doing}")
    assert "nothing was stored" in error["message"]
    assert "Traceback" not in outcome.stderr and "Error" not in outcome.stderr, outcome.stderr


def test_a_scheduler_killed_mid_search_is_a_cluster_error(scheduler, tmp_path):
    """Issue 28, 6: Dask's FuturesCancelledError traceback and exit 1 before."""
    import cloudpickle
    from distributed import Client

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # deepest_layer, on workers
    db = stored(tmp_path / "data")
    before = digest(db.parent)
    with Client(scheduler[0], timeout=30) as watcher:

        def searching() -> bool:
            return max(watcher.run(deepest_layer).values()) >= 12

        outcome = killed_build(scheduler, db, searching)
    assert_lost_scheduler(outcome, "finding depth")
    assert digest(db.parent) == before


def test_a_scheduler_killed_while_shards_are_written_leaves_no_shard(scheduler, tmp_path):
    """Issue 28, 6: a worker wrote on after its scheduler was killed and left its shard (once
    70 MB) after the build had failed and removed what it had named."""
    db = stored(tmp_path / "data")
    before = digest(db.parent)

    def writing() -> bool:
        return any(p.stat().st_size > 0 for p in db.parent.glob("p.sqlite.*.[0-9].shard"))

    outcome = killed_build(scheduler, db, writing)
    assert_lost_scheduler(outcome, "writing its rows")
    assert digest(db.parent) == before


# -- a full disk ---------------------------------------------------------------------------


@pytest.fixture()
def small_disk(tmp_path):
    """A folder on a file system of 1 MB (tmpfs: needs root), unmounted after."""
    with small_file_system(tmp_path / "small", "1M") as folder:
        yield folder


def test_a_full_disk_under_the_shards_is_a_database_error(small_disk):
    """Issue 28, 6: cluster_error with Dask's traceback of the worker's failed task, where
    the table (and a build on one machine) says database_error; and no shard is left."""
    out = subprocess.run(
        [PUZZLEDB, "build", "eight", "--cluster", "local:1", "--db", small_disk / "p.sqlite"]
        + ["--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 1, out.stderr
    error = json.loads(out.stdout)["error"]
    assert error["code"] == "database_error"
    assert error["message"].startswith("cannot build eight toward 123456780 into ")
    assert "database or disk is full (writing shard p.sqlite." in error["message"]
    assert "it was not stored" in error["message"]
    assert out.stderr == ""
    assert list(small_disk.iterdir()) == []
