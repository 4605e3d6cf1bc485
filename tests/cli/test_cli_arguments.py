"""Values on the command line that start with '-' (a negative depth, a state, an SQL comment)
are values, and options are still options in any position."""

import json

import pytest
from support.json_errors import one_error


@pytest.mark.parametrize(
    "args",
    [
        ("depth", "eight", "-1"),
        ("depth", "--json", "eight", "-1"),
        ("depth", "eight", "-1", "--limit", "3", "--json"),
    ],
)
def test_a_negative_depth_reaches_the_depth_check(cli, seed_db, args):
    """A negative number after the puzzle (found in review taken for an option) reaches the
    depth check, wherever --json stands."""
    message = one_error(cli(*args, "--db", seed_db, "--json"), "malformed")
    assert message == "depth must be 0 or more, got -1"


def test_a_state_starting_with_a_dash_is_a_state(cli, seed_db):
    """A state starting with '-' (found in review taken for an option) is read as a state and
    refused for its piece; after `--` a negative number is a depth."""
    result = cli("path", "--db", seed_db, "eight", "-12345678")
    assert result.exit_code == 2 and "unknown piece '-' at cell 0" in result.stderr
    negative = cli("depth", "--db", seed_db, "eight", "--", "-3")
    assert negative.exit_code == 2 and "depth must be 0 or more, got -3" in negative.stderr


def test_options_are_still_options_in_any_position(cli, seed_db):
    """Values that start with '-' did not cost options their place: any order gives the same
    answer, and a misspelt or stray option is still refused."""
    first = cli("depth", "--json", "--db", seed_db, "--limit", "2", "eight", "3")
    last = cli("depth", "eight", "3", "--limit", "2", "--db", seed_db, "--json")
    assert first.exit_code == last.exit_code == 0 and first.stdout == last.stdout
    assert len(json.loads(first.stdout)["states"]) == 2
    misspelt = cli("depth", "eight", "3", "--limt", "2", "--db", seed_db)
    assert misspelt.exit_code == 2 and "No such option '--limt'" in misspelt.stderr
    extra = cli("depth", "eight", "3", "-7", "--db", seed_db)
    assert extra.exit_code == 2 and "No such option '-7'" in extra.stderr


def test_an_sql_comment_first_reaches_the_sql_command(cli, seed_db):
    """SQL that starts with a `--` comment (found in review taken for an option) reaches
    the sql command."""
    result = cli("sql", "-- note\nSELECT 1 AS one", "--db", seed_db, "--json")
    assert "No such option" not in result.output
    assert result.exit_code == 0 or json.loads(result.stdout)["error"]["code"] != "usage"
