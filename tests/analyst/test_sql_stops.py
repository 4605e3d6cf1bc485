"""`puzzledb sql` stopped part way, run as a real command: its time limit bounds the whole
command (writing rows out included), a row cap bounds its output, and with `--json` stdout is
exactly one JSON object whatever stops it: the time limit, the row cap, Ctrl-C, SIGTERM, an
error while streaming. A reader that closes the pipe ends it quietly."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from puzzledb.builder import catalogue
from puzzledb.db.build import build_to

pytestmark = pytest.mark.slow  # runs queries that take seconds, then stops them

TREE = Path(__file__).resolve().parents[2]
#: Counts for ever: only a stop ends it.
FOREVER = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c"
#: Seconds a test waits for a command that should have ended long before.
PATIENCE = 60


@pytest.fixture(scope="module")
def db(tmp_path_factory):
    path = tmp_path_factory.mktemp("stops") / "seven.sqlite"
    build_to(path, catalogue.get("seven"), "12345670")
    return path


def start(db: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "puzzledb.service.cli", "sql", *args, "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=TREE,
    )


def has_open(child: subprocess.Popen, path: Path, patience: float = 60) -> None:
    """Wait until `child` holds `path` open (a loaded machine may take seconds to start it)."""
    fds = Path(f"/proc/{child.pid}/fd")
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline and child.poll() is None:
        try:
            if any(fd.resolve() == path.resolve() for fd in fds.iterdir()):
                return
        except OSError:
            pass  # a descriptor closed while we looked
        time.sleep(0.05)
    pytest.fail(f"the command never opened {path.name}")


class SlowReader(threading.Thread):
    """Reads a pipe as a slow program at the other end would: 16 KB, then a pause."""

    def __init__(self, pipe, pause: float = 0.02):
        super().__init__(daemon=True)
        self.pipe, self.pause = pipe, pause
        self.chunks: list[bytes] = []

    def run(self):
        while chunk := self.pipe.read1(16384):
            self.chunks.append(chunk)
            time.sleep(self.pause)

    def text(self) -> str:
        self.join(PATIENCE)
        return b"".join(self.chunks).decode("utf-8")


def one_object(text: str) -> dict:
    """stdout parsed as exactly one JSON object (json.loads refuses anything after it)."""
    answer = json.loads(text)
    assert isinstance(answer, dict)
    return answer


def finished(child: subprocess.Popen) -> str:
    """stderr, once the command has ended (it must end: the test fails if it does not)."""
    try:
        child.wait(PATIENCE)
    finally:
        child.kill()
    assert child.stderr is not None
    return child.stderr.read().decode("utf-8")


def test_time_limit_bounds_the_command_while_a_slow_reader_takes_its_rows(db):
    child = start(db, FOREVER, "--json", "--time-limit", "1", "--limit", "0")
    reader = SlowReader(child.stdout)
    reader.start()
    stderr = finished(child)
    answer = one_object(reader.text())
    assert child.returncode == 6 and stderr == ""
    assert answer["error"]["code"] == "time_limit"
    assert "time limit of 1 second" in answer["error"]["message"]
    assert answer["count"] == len(answer["rows"]) and answer["truncated"] is True
    assert answer["rows"][:3] == [[1], [2], [3]]


def test_time_limit_ends_the_command_when_no_one_reads_its_output(db):
    child = start(db, FOREVER, "--time-limit", "1", "--limit", "0", "--format", "csv")
    stderr = finished(child)  # stdout is never read: the pipe fills and stays full
    assert child.returncode == 6
    assert stderr.startswith("error: the command ran past its time limit of 1 second")


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_row_cap_stops_an_endless_result_by_default(db, fmt):
    child = start(db, FOREVER, "--format", fmt, "--time-limit", "0")
    reader = SlowReader(child.stdout, pause=0)
    reader.start()
    stderr = finished(child)
    out = reader.text()
    assert child.returncode == 0
    if fmt == "json":
        answer = one_object(out)
        assert answer["count"] == len(answer["rows"]) == 1_000_000
        assert answer["truncated"] is True and answer["limit"] == 1_000_000
        assert "error" not in answer
    else:
        lines = out.splitlines()
        assert lines[0] == "x" and lines[-1] == "1000000" and len(lines) == 1 + 1_000_000
    assert stderr == (
        "puzzledb sql: stopped after 1,000,000 rows, the cap for csv and json; "
        "give --limit N for more (0: no cap)\n"
    )


def test_row_cap_given_is_not_reported_on_stderr(db):
    child = start(db, FOREVER, "--format", "csv", "--limit", "3")
    out, err = child.communicate(timeout=PATIENCE)
    assert out.decode().splitlines() == ["x", "1", "2", "3"] and err == b""


@pytest.mark.parametrize("signum, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_json_stopped_by_a_signal_mid_stream_is_one_object(db, signum, status):
    child = start(db, FOREVER, "--json", "--time-limit", "0", "--limit", "0")
    assert child.stdout is not None
    head = child.stdout.read(65536)  # rows are streaming
    child.send_signal(signum)
    rest, err = child.communicate(timeout=PATIENCE)
    stderr = err.decode("utf-8")
    answer = one_object((head + rest).decode("utf-8"))
    assert child.returncode == status and "Traceback" not in stderr
    how = "Ctrl-C" if signum == signal.SIGINT else "SIGTERM"
    assert answer["error"] == {"code": "interrupted", "message": f"the query was stopped by {how}"}
    assert answer["count"] == len(answer["rows"]) > 1000 and answer["truncated"] is True


def test_json_error_while_streaming_is_one_object(cli, db):
    """abs() overflows on row 1,501, after a first batch of 1,000 rows was written."""
    sql = (
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) "
        "SELECT CASE WHEN x <= 1500 THEN x ELSE abs(-9223372036854775807 - 1) END AS x FROM c"
    )
    result = cli("sql", sql, "--json", "--db", db)
    answer = one_object(result.stdout)
    assert result.exit_code == 2
    assert answer["error"] == {"code": "sql_error", "message": "SQLite: integer overflow"}
    assert answer["rows"] == [[i] for i in range(1, 1001)] and answer["count"] == 1000


def test_a_reader_that_closes_the_pipe_ends_the_command_quietly(db):
    child = start(db, FOREVER, "--json", "--time-limit", "0", "--limit", "0")
    assert child.stdout is not None
    assert child.stdout.read(1000).startswith(b'{"columns": ["x"], "rows": [')
    child.stdout.close()  # as `| head -c 1000` does
    stderr = finished(child)
    assert child.returncode == 141  # 128 + SIGPIPE, as the shell reports a program it ended
    assert stderr == ""


#: One step of SQLite's virtual machine that runs for minutes: printf appends its 2-GB width a
#: character at a time (each refused by the length limit), never calling the progress handler.
ONE_LONG_STEP = "SELECT " + " + ".join(["length(printf('%.*c', 2147483647, 'x'))"] * 4)


def test_the_time_limit_bounds_one_long_step_inside_sqlite(db):
    child = start(db, ONE_LONG_STEP, "--json", "--time-limit", "1")
    out, err = child.communicate(timeout=PATIENCE)  # the step alone takes minutes
    assert child.returncode == 6 and "Traceback" not in err.decode()
    assert one_object(out.decode())["error"]["code"] == "time_limit"


@pytest.mark.parametrize("signum, status", [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_stops_one_long_step_inside_sqlite(db, signum, status):
    child = start(db, ONE_LONG_STEP, "--time-limit", "0")
    has_open(child, db)  # the query's connection is open: its handlers are in place
    time.sleep(0.5)  # and the step has begun (it runs for seconds)
    child.send_signal(signum)
    out, err = child.communicate(timeout=PATIENCE)
    assert child.returncode == status and out == b""
    how = "Ctrl-C" if signum == signal.SIGINT else "SIGTERM"
    assert err.decode() == f"error: the query was stopped by {how}\n"
