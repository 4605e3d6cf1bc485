"""Every class of bad input and hopeless state: its exit status, its message, its JSON."""

import json
import subprocess

import pytest
from support.command import puzzledb_command
from support.json_errors import one_error

MALFORMED = [
    # (puzzle, state, words the message must contain)
    ("eight", "12345678", "8 cells, expected 9"),
    ("eight", "1234567800", "10 cells, expected 9"),
    ("eight", "12345678X", "unknown piece 'X' at cell 8"),
    ("eight", "113456780", "piece '1' twice, expected once"),
    ("eight", "123456789", "unknown piece '9'"),
    ("eight", "123456781", "no blank '0'"),
    ("seven", "12345600", "2 blanks '0', expected one blank"),
    ("eight", "12/345/6780", "row 1 has 2 cells, expected 3"),
    ("eight", "   ", "empty"),
    ("lines", "123404527", "unknown piece '7'"),
    ("lines", "113404526", "piece '1' twice"),
    ("atama", "アタマノタイソウ#", "unknown piece '#'"),
    ("nooff", "LNLOOFF_", "bulb must fill a 1x2 block"),
    ("nooff", "LLLOOFF_", "piece 'L' 3 times, expected twice"),
    ("nooff", "NOOLLFF_", "the 'L' at cell 3 does not start one"),
    ("peg15", "11111111111101", "14 holes, expected 15"),
    ("peg15", "11111111111102x", "'2' at hole 13"),
]


@pytest.mark.parametrize("name, state, words", MALFORMED)
def test_malformed_state_exits_2_and_says_what_is_wrong(cli, seed_db, name, state, words):
    result = cli("path", name, state, "--db", seed_db)
    assert result.exit_code == 2
    assert words in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize("name, state, words", MALFORMED[:4])
def test_malformed_state_as_json(cli, seed_db, name, state, words):
    result = cli("path", name, state, "--db", seed_db, "--json")
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "malformed"
    assert words in error["message"]


UNREACHABLE = [
    ("eight", "123456870", "parity"),
    ("eight", "213456780", "parity"),
    ("seven", "21345670", "parity"),
    ("nooff", "NOOFLLF_", "bulb can never move up or down"),
    ("peg15", "000000000000000", "too few pegs"),
    ("peg15", "100000000000000", "as many pegs as the goal"),
    ("peg15", "110000000000000", "position class differs"),
    ("peg15", "000100000000010", "no move is left to make"),
]


@pytest.mark.parametrize("name, state, why", UNREACHABLE)
def test_unreachable_state_exits_3_and_says_why(cli, seed_db, name, state, why):
    result = cli("path", name, state, "--db", seed_db)
    assert result.exit_code == 3, result.output
    assert why in result.stderr
    as_json = cli("path", name, state, "--db", seed_db, "--json")
    assert as_json.exit_code == 3
    assert json.loads(as_json.stdout)["error"]["code"] == "unreachable"


def test_goal_not_built_exits_4_and_gives_the_build_command(cli, seed_db):
    result = cli("path", "eight", "123456780", "--goal", "012345678", "--db", seed_db)
    assert result.exit_code == 4
    assert "puzzledb build eight --goal 012345678" in result.stderr
    assert "built goals: 123456780" in result.stderr


def test_puzzle_not_built_exits_4(cli, tmp_path):
    fresh = tmp_path / "only-seven.sqlite"
    assert cli("build", "seven", "--db", fresh, "-q").exit_code == 0
    result = cli("stats", "eight", "--db", fresh, "--json")
    assert result.exit_code == 4
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "not_built"
    assert "puzzledb build eight" in error["message"]


def test_missing_database_exits_4_and_says_how_to_build(cli, tmp_path):
    result = cli("path", "eight", "867254301", "--db", tmp_path / "none.sqlite")
    assert result.exit_code == 4
    assert "no puzzledb database" in result.stderr and "puzzledb build" in result.stderr


def test_unknown_puzzle_exits_2_and_lists_the_known_ones(cli, seed_db):
    result = cli("path", "fifteen-ish", "123", "--db", seed_db, "--json")
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "unknown_puzzle"
    assert "eight" in error["message"] and "peg15" in error["message"]


@pytest.mark.parametrize(
    "args, words",
    [
        (("depth", "eight", "x"), "depth must be a whole number"),
        (("depth", "eight", "--", "-3"), "depth must be 0 or more, got -3"),
        (("depth", "eight", "3", "--limit", "-1"), "limit must be 0 or more, got -1"),
        (("depth", "eight", "3", "--limit", "ten"), "limit must be a whole number"),
        (("depth", "eight", "3", "--limit", "10001"), "limit must be at most 10000"),
        (("depth", "eight", "3", "--offset", "1.5"), "offset must be a whole number"),
        (("farthest", "eight", "--limit", "x"), "limit must be a whole number"),
        (("path", "eight", "867254301", "--goal", "12345678"), "goal has 8 cells"),
        (("build", "eight", "seven", "--goal", "123456780"), "--goal needs exactly one"),
        (("build",), "name a puzzle to build"),
        (("build", "nine-ish"), "unknown puzzle"),
    ],
)
def test_bad_numbers_and_options_exit_2(cli, seed_db, args, words):
    result = cli(*args[:1], "--db", seed_db, *args[1:])
    assert result.exit_code == 2
    assert words in result.stderr


def test_a_file_that_is_not_a_database_is_reported_not_traced(cli, tmp_path):
    bogus = tmp_path / "bogus.sqlite"
    bogus.write_text("this is not sqlite" * 100)
    result = cli("stats", "eight", "--db", bogus)
    assert result.exit_code == 1
    assert "cannot use the database" in result.stderr
    assert "Traceback" not in result.output


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
    """A usage error with --json (found in review printing click's text) is one JSON error
    object, code usage, wherever --json stands and before any database is opened."""
    assert words in one_error(cli(*args), "usage")  # before any database is opened


def test_usage_errors_without_json_keep_clicks_message(cli):
    """Without --json a usage error keeps click's usage text, on stderr alone."""
    result = cli("path", "eight")
    assert result.exit_code == 2 and result.stdout == ""
    assert "Usage: " in result.stderr and "Missing argument 'STATE'" in result.stderr


def test_a_full_output_is_a_named_error(seed_db):
    """Output to a full disk (/dev/full) is a named error with exit 2, not a traceback."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*puzzledb_command(), "list", "--db", str(seed_db)],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2 and "No space left" in done.stderr
    assert "Traceback" not in done.stderr
