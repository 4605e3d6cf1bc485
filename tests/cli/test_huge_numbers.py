"""Numbers past any use (issue 46, point 6): a flag, a TOML field, a card list's field or a
memory budget of hundreds or thousands of digits is refused as malformed or a bad definition,
with a message that quotes a short prefix, never with a traceback (Python refuses to convert
more than 4,300 digits, and float() makes 400 nines infinite)."""

from __future__ import annotations

import json

import pytest

LONG, VERY_LONG = "9" * 400, "9" * 5000
CARD = "AAooooBBoooooooooooooooooooooooooooo"  # a 6x6 card: A and a car B


def board_file(tmp_path, rows: str):
    path = tmp_path / "big.toml"
    path.write_text(
        f'name = "big"\nkind = "sliding"\nrows = {rows}\ncols = 3\ngoal = "123456780"\n'
    )
    return path


def cards_file(tmp_path, moves: str, size: str):
    path = tmp_path / "cards.txt"
    path.write_text(f"{moves} {CARD} {size}\n")
    return path


CASES = {
    "--memory": (lambda tmp: ["build", "eight", "--memory", LONG], None, "malformed", 2),
    "PUZZLEDB_MEMORY": (lambda tmp: ["build", "eight"], {"PUZZLEDB_MEMORY": LONG}, "malformed", 2),
    "--rows": (
        lambda tmp: ["build", "mine", "--rows", VERY_LONG, "--cols", "3", "--goal", "1230"],
        None,
        "malformed",
        2,
    ),
    "toml rows, 5,000 digits": (
        lambda tmp: ["build", "--file", board_file(tmp, VERY_LONG)],
        None,
        "bad_definition",
        2,
    ),
    "toml rows, 400 digits": (
        lambda tmp: ["build", "--file", board_file(tmp, LONG)],
        None,
        "bad_definition",
        2,
    ),
    "card moves": (
        lambda tmp: ["build", "mine", "--rush-cards", cards_file(tmp, VERY_LONG, "3")],
        None,
        "bad_definition",
        2,
    ),
    "card cluster size": (
        lambda tmp: ["build", "mine", "--rush-cards", cards_file(tmp, "3", LONG)],
        None,
        "bad_definition",
        2,
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_a_huge_number_is_refused_in_a_short_message(cli, tmp_path, case):
    args, env, code, status = CASES[case]
    result = cli(*args(tmp_path), "--db", tmp_path / "x.sqlite", "--json", env=env)
    assert result.exit_code == status, result.output
    error = json.loads(result.stdout)["error"]
    assert error["code"] == code
    assert "too large" in error["message"] or "4,300 digits" in error["message"]
    assert len(error["message"]) < 300, error["message"]
    assert not (tmp_path / "x.sqlite").exists()  # refused before any file is made


def test_a_number_within_bounds_is_still_read(cli, tmp_path):
    """The bound is on digits, far past any real size: 18 digits are read as a number (and
    refused for what they mean, a board too big), 19 are not."""
    ok = cli("build", "mine", "--rows", "9" * 18, "--cols", "3", "--goal", "1230", "--json")
    assert "too large: at most 18 digits" not in ok.stdout and "cells" in ok.stdout
    over = cli("build", "mine", "--rows", "9" * 19, "--cols", "3", "--goal", "1230", "--json")
    assert "too large: at most 18 digits" in over.stdout
