"""Defects found in review, each pinned by the test that first showed it."""

import json
import os
import signal
import subprocess
import sys
import threading
import time
from math import factorial
from pathlib import Path

import pytest

from puzzledb.builder import catalogue
from puzzledb.builder.definition import from_flags, load_text
from puzzledb.builder.errors import BadDefinition, MalformedInput, PuzzledbError
from puzzledb.builder.progress import Progress
from puzzledb.builder.puzzle import MAX_COMPLETE_STATES
from puzzledb.db.build import build
from puzzledb.db.connection import reader, writer
from puzzledb.service.answers import Answers
from puzzledb.service.cli_options import EXIT_STATUS
from puzzledb.service.questions import whole_number

ROOT = Path(__file__).parent.parent


def one_error(result, code: str, status: int | None = None) -> str:
    """The one JSON error object a --json command printed; its message. The exit status is
    the error table (docs/errors.md) gives the code (tests/test_error_statuses.py holds the two
    together) unless `status` says otherwise."""
    expected = EXIT_STATUS[code] if status is None else status
    assert result.exit_code == expected, result.output
    assert "Traceback" not in result.output
    error = json.loads(result.stdout)["error"]
    assert set(error) == {"code", "message"} and error["code"] == code
    return error["message"]


@pytest.fixture(scope="module")
def radius_db(tmp_path_factory):
    """eight within radius 10: 412056738 (11 moves) is a neighbour of the edge, not stored."""
    from click.testing import CliRunner

    from puzzledb.service.cli import main

    path = tmp_path_factory.mktemp("radius") / "radius.sqlite"
    result = CliRunner().invoke(main, ["build", "eight", "--radius", "10", "--db", str(path), "-q"])
    assert result.exit_code == 0, result.output
    return path


# -- 1. tracebacks ---------------------------------------------------------------------------------


def test_a_full_peg_board_goal_builds_its_single_state(cli, empty_db):
    built = cli("build", "peg15", "--goal", "111111111111111", "--db", empty_db, "--json")
    assert built.exit_code == 0, built.output
    assert json.loads(built.stdout)["built"][0] | {"build_seconds": 0} == {
        "name": "peg15",
        "goal": "111111111111111",
        "states": 1,
        "max_depth": 0,
        "radius": None,
        "build_seconds": 0,
    }
    path = json.loads(
        cli(
            "path",
            "peg15",
            "111111111111111",
            "--goal",
            "111111111111111",
            "--db",
            empty_db,
            "--json",
        ).stdout
    )
    assert path["depth"] == 0 and path["moves"] == []
    fewer = cli("path", "peg15", "111111111111110", "--goal", "111111111111111", "--db", empty_db)
    assert fewer.exit_code == 3 and "too few pegs" in fewer.stderr


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
    folder, reason = locked
    result = cli("stats", "eight", "--plot", folder / "x.png", "--db", seed_db)
    assert result.exit_code == 2 and reason in result.stderr


@pytest.mark.parametrize("output, words", [("", "empty name"), (".", "a folder")])
def test_export_to_an_empty_name_or_a_folder_is_cannot_write(cli, seed_db, tmp_path, output, words):
    result = cli("export", "nooff", "--output", output, "--db", seed_db)
    assert result.exit_code == 2 and words in result.stderr
    assert "Traceback" not in result.output
    folder = cli("export", "nooff", "--output", tmp_path, "--db", seed_db)
    assert folder.exit_code == 2 and "a folder" in folder.stderr
    assert list(tmp_path.iterdir()) == []


# -- 2. usage errors with --json -------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, words",
    [
        (("path", "eight", "--json"), " path: Missing argument 'STATE'"),
        (("path", "eight", "867254301", "--bogus", "--json"), "No such option '--bogus'"),
        (("--json", "depth", "eight", "3"), "No such option '--json'"),
        (("sql", "SELECT 1", "--format", "xml", "--json"), "'xml' is not one of"),
        (("depth", "eight", "3", "--json", "--limit"), "'--limit' requires an argument"),
        (("nosuch", "--json"), "No such command 'nosuch'"),
    ],
)
def test_usage_errors_with_json_are_one_json_object(cli, args, words):
    assert words in one_error(cli(*args), "usage")  # before any database is opened


def test_usage_errors_without_json_keep_clicks_message(cli):
    result = cli("path", "eight")
    assert result.exit_code == 2 and result.stdout == ""
    assert "Usage: " in result.stderr and "Missing argument 'STATE'" in result.stderr


# -- 3. values that start with '-' -----------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("depth", "eight", "-1"),
        ("depth", "--json", "eight", "-1"),
        ("depth", "eight", "-1", "--limit", "3", "--json"),
    ],
)
def test_a_negative_depth_reaches_the_depth_check(cli, seed_db, args):
    message = one_error(cli(*args, "--db", seed_db, "--json"), "malformed")
    assert message == "depth must be 0 or more, got -1"


def test_a_state_starting_with_a_dash_is_a_state(cli, seed_db):
    result = cli("path", "--db", seed_db, "eight", "-12345678")
    assert result.exit_code == 2 and "unknown piece '-' at cell 0" in result.stderr
    negative = cli("depth", "--db", seed_db, "eight", "--", "-3")
    assert negative.exit_code == 2 and "depth must be 0 or more, got -3" in negative.stderr


def test_options_are_still_options_in_any_position(cli, seed_db):
    first = cli("depth", "--json", "--db", seed_db, "--limit", "2", "eight", "3")
    last = cli("depth", "eight", "3", "--limit", "2", "--db", seed_db, "--json")
    assert first.exit_code == last.exit_code == 0 and first.stdout == last.stdout
    assert len(json.loads(first.stdout)["states"]) == 2
    misspelt = cli("depth", "eight", "3", "--limt", "2", "--db", seed_db)
    assert misspelt.exit_code == 2 and "No such option '--limt'" in misspelt.stderr
    extra = cli("depth", "eight", "3", "-7", "--db", seed_db)
    assert extra.exit_code == 2 and "No such option '-7'" in extra.stderr


def test_an_sql_comment_first_reaches_the_sql_command(cli, seed_db):
    result = cli("sql", "-- note\nSELECT 1 AS one", "--db", seed_db, "--json")
    assert "No such option" not in result.output
    assert result.exit_code == 0 or json.loads(result.stdout)["error"]["code"] != "usage"


# -- 4. moves beyond a radius ----------------------------------------------------------------------


def test_moves_beyond_the_radius_say_so(cli, radius_db):
    answer = json.loads(cli("moves", "eight", "012456738", "--db", radius_db, "--json").stdout)
    assert [{k: v for k, v in m.items() if k != "pieces"} for m in answer["moves"]] == [
        {
            "move": "tile 1 left",
            "state": "102456738",
            "depth": 9,
            "solutions": 1,
            "optimal": True,
            "beyond_radius": False,
            "from": [1],
            "to": [0],
        },
        {
            "move": "tile 4 up",
            "state": "412056738",
            "depth": None,
            "solutions": None,
            "optimal": False,
            "beyond_radius": True,
            "from": [3],
            "to": [0],
        },
    ]
    assert next(list(m) for m in answer["moves"]) == [
        "move",
        "state",
        "depth",
        "solutions",
        "optimal",
        "beyond_radius",
        "from",
        "to",
        "pieces",
    ]
    text = cli("moves", "eight", "012456738", "--db", radius_db).stdout
    assert "412056738  beyond radius 10" in text and "cannot reach" not in text


def test_moves_that_cannot_reach_the_goal_are_not_beyond_any_radius(cli, seed_db):
    answer = json.loads(cli("moves", "peg15", "011010110010000", "--db", seed_db, "--json").stdout)
    assert not any(m["beyond_radius"] for m in answer["moves"])
    assert any(m["depth"] is None for m in answer["moves"])


# -- 5. farthest of a radius build -----------------------------------------------------------------


def test_farthest_of_a_radius_build_is_the_radius_edge(cli, radius_db, seed_db):
    answer = json.loads(cli("farthest", "eight", "--db", radius_db, "--json").stdout)
    assert list(answer) == ["puzzle", "goal", "depth", "radius", "count", "states"]
    assert answer["radius"] == 10 and answer["depth"] == 10 and answer["count"] == 286
    text = cli("farthest", "eight", "--limit", "1", "--db", radius_db).stdout
    assert (
        "286 states at the radius edge, 10 moves away (built only within radius 10; "
        "farther states, if any, are not stored)"
    ) in text
    assert "farthest state" not in text
    complete = json.loads(cli("farthest", "eight", "--db", seed_db, "--json").stdout)
    assert complete["radius"] is None


# -- 6. list suggests what works -------------------------------------------------------------------


def test_list_suggests_a_radius_for_radius_only_puzzles(cli, tmp_path):
    text = cli("list", "--db", tmp_path / "none.sqlite").stdout
    assert "not built (puzzledb build fifteen --radius 20)" in text
    assert "not built (puzzledb build eleven)" in text


# -- 7. peg15 rows ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["1/11/111/1111/11011", "1 / 1 1 / 1,1,1 / 1111 / 1 1 0 1 1"])
def test_peg15_takes_rows_of_the_triangle(text):
    assert catalogue.get("peg15").parse(text) == "111111111111011"


@pytest.mark.parametrize(
    "text, words",
    [
        (
            "11/1/111/1111/11011",
            "row 1 has 2 holes, expected 1 (its rows have 1, 2, 3, 4, 5 holes)",
        ),
        ("1/11/111/111/11111", "row 4 has 3 holes, expected 4"),
        ("1/11/111/1111/110111", "row 5 has 6 holes, expected 5"),
        ("1/11/111/1111", "has 4 rows, expected 5"),
        ("1/11/111/1111/1101/1", "has 6 rows, expected 5"),
    ],
)
def test_peg15_refuses_wrong_rows_naming_them(text, words):
    with pytest.raises(MalformedInput) as refused:
        catalogue.get("peg15").parse(text)
    assert words in refused.value.message


# -- 8. interruptions ------------------------------------------------------------------------------


def _wrapping_build_to(monkeypatch, act):
    """Make the CLI's build_to call `act(job_number, progress)` before building."""
    import puzzledb.db.build as build_module

    real, calls = build_module.build_to, []

    def build_to(path, puzzle, goal, started=None, progress=None, **options):
        calls.append(puzzle.name)
        act(len(calls), progress)
        return real(path, puzzle, goal, started, progress=progress, **options)

    monkeypatch.setattr(build_module, "build_to", build_to)


def test_ctrl_c_after_a_build_committed_names_what_was_stored(cli, empty_db, monkeypatch):
    def second_is_interrupted(job, progress):
        if job == 2:
            raise KeyboardInterrupt

    _wrapping_build_to(monkeypatch, second_is_interrupted)
    result = cli("build", "seven", "nooff", "--db", empty_db, "--json")
    message = one_error(result, "interrupted", 130)
    assert "stored: seven toward 12345670" in message
    assert "not stored: nooff toward LLNOOFF_" in message
    assert "unchanged" not in message
    assert [b["name"] for b in Answers(reader(empty_db)).catalogue()["puzzles"] if b["builds"]] == [
        "seven"
    ]


def test_ctrl_c_while_a_build_commits_waits_for_the_commit(cli, empty_db, monkeypatch):
    class InterruptAtCommit(Progress):
        def __init__(self, inner):
            self.inner = inner

        def stage(self, name):
            self.inner.stage(name)
            if name == "committing":
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(0.01)  # the handler runs here: too late to undo this build

    import puzzledb.db.build as build_module

    real = build_module.build_to

    def build_to(path, puzzle, goal, started=None, progress=None, **options):
        return real(path, puzzle, goal, started, progress=InterruptAtCommit(progress), **options)

    monkeypatch.setattr(build_module, "build_to", build_to)
    result = cli("build", "seven", "nooff", "--db", empty_db)
    assert result.exit_code == 130, result.output
    assert "interrupted (SIGINT); stored: seven toward 12345670; not stored: nooff" in result.stderr
    assert Answers(reader(empty_db)).stats("seven")["states"] == 20_160


def test_ctrl_c_before_anything_committed_says_the_database_is_unchanged(
    cli, empty_db, monkeypatch
):
    def first_is_interrupted(job, progress):
        raise KeyboardInterrupt

    _wrapping_build_to(monkeypatch, first_is_interrupted)
    result = cli("build", "seven", "--db", empty_db)
    assert result.exit_code == 130
    assert "interrupted (SIGINT); nothing was stored: the database is unchanged" in result.stderr
    assert not empty_db.exists()


def _puzzledb() -> list[str]:
    script = Path(sys.executable).parent / "puzzledb"
    return [str(script)] if script.exists() else [sys.executable, "-m", "puzzledb.service.cli"]


def _wait_for(condition, seconds=30.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def test_sigterm_during_a_build_is_a_clean_interruption(tmp_path):
    db = tmp_path / "term.sqlite"
    child = subprocess.Popen(
        _puzzledb() + ["build", "seven", "nine", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    _wait_for(lambda: db.exists() or child.poll() is not None)  # seven is stored, nine begins
    time.sleep(0.3)
    child.send_signal(signal.SIGTERM)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 143, (out, err)
    assert "Traceback" not in err
    assert "interrupted (SIGTERM); stored: seven toward 12345670; not stored: nine" in err
    answers = Answers(reader(db))
    assert [p["name"] for p in answers.catalogue()["puzzles"] if p["builds"]] == ["seven"]
    assert not list(tmp_path.glob(".*building*"))


def test_sigterm_during_a_first_build_leaves_no_database(tmp_path):
    db = tmp_path / "first.sqlite"
    child = subprocess.Popen(
        _puzzledb() + ["build", "nine", "--db", str(db), "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    _wait_for(lambda: list(tmp_path.glob(".first.sqlite.building-*")) or child.poll() is not None)
    child.send_signal(signal.SIGTERM)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 143, (out, err)
    error = json.loads(out)["error"]
    assert error["code"] == "interrupted" and "the database is unchanged" in error["message"]
    assert list(tmp_path.iterdir()) == []


# -- 9. leftovers ----------------------------------------------------------------------------------


def _dead_pid() -> int:
    gone = subprocess.Popen(["true"])
    gone.wait()
    return gone.pid


def test_the_next_build_removes_abandoned_partials_and_their_journals(cli, tmp_path):
    dead, alive = _dead_pid(), os.getppid()
    (tmp_path / f".new.sqlite.building-{os.getpid()}-journal").write_text("stale")  # id reused
    for pid in (dead, alive):
        for suffix in ("", "-journal", "-wal", "-shm"):
            (tmp_path / f".new.sqlite.building-{pid}{suffix}").write_text("")
    assert cli("build", "seven", "--db", tmp_path / "new.sqlite", "-q").exit_code == 0
    left = sorted(p.name for p in tmp_path.glob(".new.sqlite.building-*"))
    assert left == sorted(
        f".new.sqlite.building-{alive}{s}" for s in ("", "-journal", "-shm", "-wal")
    )


def test_an_interrupted_build_stops_its_row_thread(tmp_path):
    class Interrupt(Progress):
        def rows(self, written, total):
            raise KeyboardInterrupt

    engine = writer(tmp_path / "rows.sqlite")
    with pytest.raises(KeyboardInterrupt):
        build(engine, catalogue.get("eight"), "123456780", progress=Interrupt())
    engine.dispose()
    assert [t for t in threading.enumerate() if t.name == "puzzledb-rows"] == []


# -- 10. size guard --------------------------------------------------------------------------------


def test_arrangements_of_the_catalogue():
    counts = {name: p.arrangements() for name, p in catalogue.CATALOGUE.items()}
    assert counts["fifteen"] == factorial(16) // 2 == 10_461_394_944_000
    assert counts["eleven"] == factorial(12) // 2 <= MAX_COMPLETE_STATES  # stays allowed
    assert counts["lines"] == factorial(9) // 4 and counts["peg15"] == 2**15
    assert (counts["nooff"] or 0) >= 540  # a bound: the bulb counts once
    assert catalogue.RADIUS_ONLY == {
        "fifteen": 10_461_394_944_000,
        "fifteen-multi": 10_461_394_944_000,
        "french": 2**37,
    }


def test_english_is_weighed_by_its_published_count_toward_its_own_goal_only(cli, empty_db):
    english = catalogue.get("english")
    assert catalogue.states_bound(english) == 187_636_299 <= MAX_COMPLETE_STATES
    assert catalogue.states_bound(english, english.default_goal) == 187_636_299
    other = "1" + "0" * 32
    assert catalogue.states_bound(english, other) == 2**33
    message = one_error(
        cli("build", "english", "--goal", other, "--db", empty_db, "--json"), "too_large"
    )
    assert "8,589,934,592" in message and "--radius" in message
    assert not empty_db.exists()


def test_a_big_board_from_flags_needs_a_radius(cli, empty_db):
    args = ("build", "big", "--rows", "4", "--cols", "4", "--goal", "123456789ABCDEF0")
    message = one_error(cli(*args, "--db", empty_db, "--json"), "too_large", 7)
    assert "10,461,394,944,000" in message and "500,000,000" in message
    assert "puzzledb build big --rows 4 --cols 4 --goal 123456789ABCDEF0 --radius 20" in message
    assert not empty_db.exists()
    assert cli(*args, "--radius", "3", "--db", empty_db, "-q").exit_code == 0


def test_a_big_board_from_toml_needs_a_radius(cli, empty_db, tmp_path):
    toml = tmp_path / "big.toml"
    toml.write_text(
        'name = "big"\nrows = 5\ncols = 5\nblank = "."\ngoal = "ABCDEFGHIJKLMNOPQRSTUVWX."\n',
        encoding="utf-8",
    )
    message = one_error(cli("build", "--file", toml, "--db", empty_db, "--json"), "too_large", 7)
    assert f"{factorial(25) // 2:,} states" in message and "--radius" in message


def test_many_identical_pieces_are_few_arrangements(cli, empty_db):
    result = cli(
        "build",
        "dots",
        "--rows",
        "4",
        "--cols",
        "4",
        "--goal",
        "1111111122222220",
        "--db",
        empty_db,
        "--json",
    )
    assert result.exit_code == 0, result.output  # 16!/(8! 7!) = 102,960
    assert json.loads(result.stdout)["built"][0]["states"] == 102_960


# -- 11. user input repeated in messages -----------------------------------------------------------


def test_a_100_kb_name_is_cut_short(cli, seed_db):
    message = one_error(
        cli("path", "x" * 100_000, "123", "--db", seed_db, "--json"), "unknown_puzzle"
    )
    # the file's own built puzzles follow ("; built in FILE: ..."): the name is what is cut
    assert len(message.split("; built in ")[0]) < 300 and "(100,000 characters)" in message
    assert "x" * 41 not in message


def test_invisible_characters_are_escaped(cli, seed_db):
    result = cli("path", "ab\u200bc\u202eevil", "123", "--db", seed_db)
    assert "'ab\\u200bc\\u202eevil'" in result.stderr
    assert "\u200b" not in result.stderr and "\u202e" not in result.stderr
    flags = cli(
        "build", "ab\u200bc", "--rows", "2", "--cols", "2", "--goal", "1230", "--db", seed_db
    )
    assert flags.exit_code == 2 and "'ab\\u200bc'" in flags.stderr


@pytest.mark.parametrize(
    "make",
    [
        lambda big: load_text(f'name = "t"\nrows = 2\ncols = 2\ngoal = "{big}"\n'),
        lambda big: load_text(f'name = "t"\nrows = 2\ncols = 2\ngoals = ["1230", "{big}"]\n'),
        lambda big: load_text(f'name = "t"\nrows = 2\ncols = 2\ngoal = "1230"\nblank = "{big}"\n'),
        lambda big: load_text(
            f'name = "t"\nrows = 2\ncols = 2\ngoal = "1230"\n[pieces.1]\nname = " {big}"\n'
        ),
        lambda big: load_text(f'name = "t"\nrows = 2\ncols = 2\ngoal = "1230"\n[pieces."{big}"]\n'),
        lambda big: load_text(f'name = "t"\nrows = "{big}"\ncols = 2\ngoal = "1230"\n'),
        lambda big: from_flags(big, 2, 2, "1230"),
        lambda big: catalogue.get("eight").parse(big),
        lambda big: whole_number(big, "depth"),
        lambda big: whole_number("1" * 100 + big, "limit"),
    ],
)
def test_huge_input_is_never_repeated_whole(make):
    with pytest.raises((BadDefinition, MalformedInput, PuzzledbError)) as refused:
        make("x" * 10_000_000)
    assert len(refused.value.message) < 400, refused.value.message[:400]


# -- a second hostile run --------------------------------------------------------------------------


def _one_error(result, code: str, status: int) -> str:
    assert result.exit_code == status, result.output
    body = json.loads(result.stdout)
    assert set(body) == {"error"} and body["error"]["code"] == code, body
    assert "Traceback" not in result.output
    return body["error"]["message"]


def test_export_writes_through_a_device_or_a_link_instead_of_replacing_it(cli, seed_db, tmp_path):
    real, link = tmp_path / "real.csv", tmp_path / "link.csv"
    link.symlink_to(real)
    assert cli("export", "nooff", "--output", link, "--db", seed_db).exit_code == 0
    assert link.is_symlink() and len(real.read_text().splitlines()) == 541
    assert cli("export", "nooff", "--output", os.devnull, "--db", seed_db).exit_code == 0
    assert Path(os.devnull).is_char_device()


def test_database_paths_the_system_refuses_are_named_errors(cli, tmp_path):
    long = tmp_path / ("y" * 5000 + ".sqlite")
    message = _one_error(
        cli("path", "eight", "123456780", "--db", long, "--json"), "database_error", 1
    )
    assert len(message) < 400 and "too long" in message
    (tmp_path / "file").write_text("x")
    _one_error(
        cli("build", "seven", "--db", tmp_path / "file" / "x.sqlite", "--json"), "database_error", 1
    )
    assert "is a folder" in _one_error(
        cli("list", "--db", tmp_path, "--json"), "database_error", 1
    ).replace("it is a folder", "is a folder")
    assert "--db is empty" in _one_error(
        cli("build", "seven", "--db", "", "--json"), "malformed", 2
    )


def test_a_fifo_as_the_database_is_refused_at_once(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for command in (["build", "seven"], ["list"], ["path", "eight", "123456780"]):
        done = subprocess.run(
            [*_puzzledb(), *command, "--db", str(fifo)], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 1 and "FIFO" in done.stderr, (command, done.stderr)


def test_a_full_output_is_a_named_error(seed_db):
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*_puzzledb(), "list", "--db", str(seed_db)],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2 and "No space left" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_foreign_files_table_names_are_shown_short_and_escaped(cli, tmp_path):
    import sqlite3

    foreign = tmp_path / "foreign.sqlite"
    with sqlite3.connect(foreign) as conn:
        for i in range(30):
            conn.execute(f'CREATE TABLE "t{i}\u202e\u200b\x1b[31m{"y" * 3000}" (x)')
    conn.close()
    message = _one_error(cli("list", "--db", foreign, "--json"), "not_puzzledb", 1)
    assert len(message) <= 1000 and "\u202e" not in message and "\x1b" not in message
    assert "\\u202e" in message and "25 more" in message


def test_sql_messages_are_short_and_escaped(cli, seed_db):
    message = _one_error(
        cli("sql", "SELECT " + "a" * 100_000, "--db", seed_db, "--json"), "sql_error", 2
    )
    assert len(message) <= 1000
    message = _one_error(
        cli("sql", "SELECT a\u202eb\x1b[2Jc", "--db", seed_db, "--json"), "sql_error", 2
    )
    assert "\u202e" not in message and "\x1b" not in message


def test_sigterm_during_a_query_is_a_clean_interruption(seed_db):
    query = (
        "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c "
        "WHERE i < 1000000000) SELECT count(*) FROM c"
    )
    child = subprocess.Popen(
        [*_puzzledb(), "sql", query, "--time-limit", "0", "--db", str(seed_db)],
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
    message = _one_error(
        cli("sql", "SELECT fts3_tokenizer('simple')", "--db", seed_db, "--json"), "refused", 2
    )
    assert "fts3_tokenizer" in message


@pytest.mark.parametrize("title", ["a\u202eb", "x" * 101, "tab\there"])
def test_a_title_must_be_printable_and_short(title):
    text = f'name = "tt"\ntitle = "{title}"\nrows = 1\ncols = 2\ngoal = "10"\n'
    with pytest.raises(BadDefinition, match="title must be printable"):
        load_text(text)


def test_a_refused_foreign_wal_file_keeps_nothing_beside_it(cli, tmp_path):
    import sqlite3

    foreign = tmp_path / "foreign.sqlite"
    conn = sqlite3.connect(foreign)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE customers (x)")
    conn.commit()
    conn.close()
    _one_error(cli("build", "seven", "--db", foreign, "--json"), "not_puzzledb", 1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["foreign.sqlite"]
