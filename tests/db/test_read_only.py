"""Read-only deployments: a reader that cannot write the database's directory, with no -wal or
-shm beside the file, answers every read command and serves; and a running service follows an
operator's rebuild in place and a new file renamed into place, without a failed request.

As root (root ignores file permissions) the reader runs as `nobody`, with an interpreter and
files `nobody` can reach; where it cannot reach them, the directory is a read-only tmpfs mount
instead. As another user, the directory is simply made unwritable.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import site
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from puzzledb.builder import catalogue
from puzzledb.db.build import build_to

TREE = Path(__file__).resolve().parents[2]


def _importable_tree() -> str:
    """A folder holding `puzzledb` -> this checkout, for an interpreter that does not read the
    editable install's .pth (another user's, given our site-packages on PYTHONPATH)."""
    folder = Path(tempfile.mkdtemp(prefix="puzzledb-path-"))
    # Made when the module is imported, so removed when the interpreter exits: every test
    # here may use it, and collecting the module alone makes it too.
    atexit.register(shutil.rmtree, folder, ignore_errors=True)  # the link, not the tree
    os.chmod(folder, 0o755)
    (folder / "puzzledb").symlink_to(TREE)
    return str(folder)


PYTHONPATH = os.pathsep.join([_importable_tree(), *site.getsitepackages()])


def _nobody_interpreter() -> str | None:
    """An interpreter `nobody` can run with this tree and its libraries, if there is one."""
    if os.geteuid() != 0 or not shutil.which("runuser"):
        return None
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    for candidate in (sys.executable, f"/usr/bin/{version}", "/usr/bin/python3"):
        probe = subprocess.run(
            [
                "runuser",
                "-u",
                "nobody",
                "--",
                "env",
                f"PYTHONPATH={PYTHONPATH}",
                candidate,
                "-c",
                "import puzzledb.service.cli.commands, flask, gunicorn, numpy",
            ],
            capture_output=True,
            timeout=60,
        )
        if probe.returncode == 0:
            return candidate
    return None


class Reader:
    """Runs `puzzledb` as a user who cannot write `directory`."""

    def __init__(self, directory: Path, prefix: list[str], how: str):
        self.directory, self.prefix, self.how = directory, prefix, how

    def command(self, *args) -> list[str]:
        return [*self.prefix, "-m", "puzzledb.service.cli", *map(str, args)]

    def run(self, *args) -> subprocess.CompletedProcess:
        return subprocess.run(
            self.command(*args),
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "PYTHONPATH": PYTHONPATH},
        )

    def cannot_write(self) -> bool:
        probe = [*self.prefix, "-c", f"open({str(self.directory / 'probe')!r}, 'w')"]
        return (
            subprocess.run(
                probe, capture_output=True, env={**os.environ, "PYTHONPATH": PYTHONPATH}
            ).returncode
            != 0
        )


@pytest.fixture()
def published(tmp_path):
    """(reader, served file): seven and nooff built elsewhere, then copied as an operator
    would into a directory the reader cannot write, mode 644, nothing beside it."""
    staging = tmp_path / "staging.sqlite"
    build_to(staging, catalogue.get("seven"), "12345670")
    build_to(staging, catalogue.get("nooff"), "LLNOOFF_")
    interpreter = _nobody_interpreter()
    directory = Path(tempfile.mkdtemp(prefix="puzzledb-ro-"))
    os.chmod(directory, 0o755)
    served = directory / "puzzledb.sqlite"
    shutil.copy(staging, served)
    os.chmod(served, 0o644)
    mounted = False
    if interpreter:
        reader = Reader(directory, ["runuser", "-u", "nobody", "--", interpreter], "nobody")
    elif os.geteuid() == 0:
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", "size=64m", "tmpfs", str(directory)], check=True
        )
        mounted = True
        shutil.copy(staging, served)
        subprocess.run(["mount", "-o", "remount,ro", str(directory)], check=True)
        reader = Reader(directory, [sys.executable], "a read-only mount")
    else:
        os.chmod(directory, 0o555)
        reader = Reader(directory, [sys.executable], "an unwritable directory")
    assert reader.cannot_write(), f"the reader ({reader.how}) can write {directory}"
    yield reader, served
    if mounted:
        subprocess.run(["umount", str(directory)], check=False)
    os.chmod(directory, 0o755)
    shutil.rmtree(directory, ignore_errors=True)


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_every_read_command_works_where_the_reader_cannot_write(published):
    reader, served = published
    assert sorted(p.name for p in served.parent.iterdir()) == ["puzzledb.sqlite"]
    db = ("--db", served)
    path = reader.run("path", "seven", "07214365", *db, "--json")
    assert path.returncode == 0, path.stderr
    assert json.loads(path.stdout)["depth"] == 36
    listed = json.loads(reader.run("list", *db, "--json").stdout)
    assert {p["name"] for p in listed["puzzles"] if p["builds"]} == {"seven", "nooff"}
    for args in [
        ("moves", "nooff", "LLONOFF_"),
        ("depth", "seven", "3"),
        ("farthest", "nooff"),
        ("stats", "seven"),
    ]:
        result = reader.run(*args, *db, "--json")
        assert result.returncode == 0, (args, result.stderr)
        assert json.loads(result.stdout)["puzzle"] == args[1]
    sql = reader.run("sql", "SELECT count(*) AS n FROM puzzles", *db, "--json")
    assert sql.returncode == 0, sql.stderr
    assert "2" in sql.stdout
    exported = reader.run("export", "nooff", *db)
    assert exported.returncode == 0 and len(exported.stdout.splitlines()) == 541
    assert sorted(p.name for p in served.parent.iterdir()) == ["puzzledb.sqlite"]


def test_a_file_left_in_wal_mode_is_read_too(published):
    """A file from an older puzzledb (WAL at rest) copied without its -wal and -shm."""
    reader, served = published
    if reader.how == "a read-only mount":
        pytest.skip("the mount is read-only for the operator too; covered as nobody")
    with sqlite3.connect(served) as conn:
        assert conn.execute("PRAGMA journal_mode = WAL").fetchone()[0] == "wal"
    conn.close()
    assert sorted(p.name for p in served.parent.iterdir()) == ["puzzledb.sqlite"]
    path = reader.run("path", "seven", "07214365", "--db", served, "--json")
    assert path.returncode == 0, path.stderr
    assert json.loads(path.stdout)["depth"] == 36


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_remove_is_refused_where_the_user_cannot_write(published):
    """`remove` by a user who cannot write the file or its folder: database_error (exit 1, as
    a build into such a file), said before anything is touched."""
    reader, served = published
    before = served.read_bytes()
    for args in [("--json",), ()]:
        result = reader.run("remove", "seven", "--db", served, *args)
        assert result.returncode == 1, (result.stdout, result.stderr)
        message = json.loads(result.stdout)["error"] if args else {"message": result.stderr}
        assert args == () or message["code"] == "database_error"
        assert "cannot remove a build from" in message["message"]
        assert "this user cannot write" in message["message"]
        assert "nothing was removed" in message["message"]
    assert served.read_bytes() == before
    assert sorted(p.name for p in served.parent.iterdir()) == ["puzzledb.sqlite"]
    listed = json.loads(reader.run("list", "--db", served, "--json").stdout)
    assert {p["name"] for p in listed["puzzles"] if p["builds"]} == {"seven", "nooff"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(port: int, route: str) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{route}", timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_a_read_only_service_follows_a_rebuild_and_a_newly_published_file(published, tmp_path):
    reader, served = published
    if reader.how == "a read-only mount":
        pytest.skip("the operator cannot write a read-only mount either; covered as nobody")
    port = _free_port()
    server = subprocess.Popen(
        reader.command("serve", "--db", served, "--port", port, "--workers", "1", "--threads", "4"),
        env={**os.environ, "PYTHONPATH": PYTHONPATH},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    failures: list = []
    stop = threading.Event()
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if _get(port, "/health")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline and server.poll() is None, "serve did not start"
            time.sleep(0.1)

        def keep_asking():
            while not stop.is_set():
                status, body = _get(port, "/path?puzzle=nooff&state=LLONOFF_")
                if status != 200 or body["depth"] != 44:
                    failures.append((status, body))

        asker = threading.Thread(target=keep_asking)
        asker.start()
        # 1. The operator rebuilds in place (it can write the directory; the reader cannot).
        assert _get(port, "/stats?puzzle=eight")[0] == 404
        build_to(served, catalogue.get("eight"), "123456780")
        assert _get(port, "/stats?puzzle=eight")[1]["states"] == 181440
        wal = Path(str(served) + "-wal")
        assert not wal.exists() or wal.stat().st_size == 0  # nothing lingers to misapply
        # 2. The operator publishes a new file: built elsewhere, copied beside, renamed over.
        elsewhere = tmp_path / "next.sqlite"
        build_to(elsewhere, catalogue.get("nooff"), "LLNOOFF_")
        build_to(elsewhere, catalogue.get("lines"), "123404526")
        shutil.copy(elsewhere, served.parent / ".next.sqlite")
        os.replace(served.parent / ".next.sqlite", served)
        deadline = time.monotonic() + 5
        while _get(port, "/stats?puzzle=lines")[0] != 200:
            assert time.monotonic() < deadline, "the new file was not answered within 5 s"
            time.sleep(0.05)
        assert _get(port, "/stats?puzzle=seven")[0] == 404  # the new file has no seven
        assert _get(port, "/stats?puzzle=lines")[1]["states"] == 90720
        stop.set()
        asker.join(30)
    finally:
        stop.set()
        server.terminate()
        _, errors = server.communicate(timeout=30)
    assert failures == [], errors
    assert "Traceback" not in errors


# a build's end, as db.store.files runs it in place: its commit in WAL, then at_rest; the
# child says when it committed, and is killed at once or a little later
AT_REST_CHILD = """
import sqlite3, sys
from pathlib import Path
from puzzledb.db.connection import at_rest
path = sys.argv[1]
conn = sqlite3.connect(path, isolation_level=None)
conn.execute("PRAGMA journal_mode = WAL")
conn.execute("BEGIN IMMEDIATE")
conn.execute("CREATE TABLE IF NOT EXISTS ballast (x BLOB)")
conn.executemany("INSERT INTO ballast VALUES (randomblob(200))", [()] * 3000)
conn.execute("COMMIT")
conn.close()
sys.stdout.write("committed")
sys.stdout.flush()
at_rest(Path(path))
"""


@pytest.mark.slow  # forty kills, and a reader started after each
def test_a_build_killed_as_it_puts_the_file_at_rest_leaves_it_readable(published):
    """Issue 46, point 4: a kill while a build switches the file back to DELETE journal mode
    (the checkpoint, the journal-mode switch, the -shm and -wal removed) could leave a hot
    -journal of page 1, or a -wal without its -shm, that a reader who cannot write was
    refused ("attempt to write a readonly database") until some writer opened the file. Each
    kill lands at another instant of it; the reader answers after every one, from the whole
    file, and sees the build's commit."""
    import random

    reader, served = published
    if reader.how == "a read-only mount":
        pytest.skip("the writer cannot write a read-only mount either; covered as nobody")
    env = {**os.environ, "PYTHONPATH": PYTHONPATH}
    left: set[tuple[str, ...]] = set()
    rng = random.Random(46)
    for _ in range(40):
        child = subprocess.Popen(
            [sys.executable, "-c", AT_REST_CHILD, str(served)], stdout=subprocess.PIPE, env=env
        )
        assert child.stdout is not None and child.stdout.read(9) == b"committed"
        time.sleep(rng.random() * 0.006)
        child.kill()
        child.wait()
        for companion in served.parent.iterdir():
            os.chmod(companion, 0o644)
        left.add(tuple(sorted(p.name for p in served.parent.iterdir())))
        path = reader.run("path", "seven", "07214365", "--db", served, "--json")
        assert path.returncode == 0, (left, path.stderr)
        assert json.loads(path.stdout)["depth"] == 36
        counted = reader.run("sql", "SELECT count(*) AS n FROM ballast", "--db", served, "--json")
        assert counted.returncode == 0 and "3000" in counted.stdout, counted.stderr
        with sqlite3.connect(served) as conn:  # the writer: the file whole, back at rest
            conn.execute("DELETE FROM ballast")
            assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        conn.close()
    print("left by the kills:", sorted(left))
