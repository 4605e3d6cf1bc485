"""Each error code means one thing, with one exit status and one HTTP status, and those are the
ones the error table of docs/errors.md gives: the CLI and the HTTP API map codes to statuses
themselves (service/cli/options.py, service/http/api/errors.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puzzledb.builder.core import errors
from puzzledb.db import errors as db_errors
from puzzledb.service import errors as service_errors
from puzzledb.service.cli.options import EXIT_STATUS, exit_status
from puzzledb.service.http.api.errors import HTTP_STATUS
from puzzledb.service.http.app import create_app

ERRORS = Path(__file__).resolve().parents[2] / "docs" / "errors.md"


def _table() -> dict[str, tuple[list[int], int | None]]:
    """code -> (exit statuses, HTTP status or None for —) from docs/errors.md's error table."""
    text = ERRORS.read_text(encoding="utf-8")
    start = text.index("| exit | HTTP | JSON `code` | when |")
    rows = {}
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        exits, http, codes = (cell.strip() for cell in line.strip("|").split("|")[:3])
        for code in re.findall(r"`([a-z_]+)`", codes):
            assert code not in rows, f"{code} is in two rows"
            statuses = [int(n) for n in exits.split(",")]
            rows[code] = (statuses, None if http == "—" else int(http))
    return rows


def _classes() -> dict[str, type[errors.PuzzledbError]]:
    """code -> the error class that carries it: builder/core/errors.py (every layer's),
    db/errors.py (storage's) or service/errors.py (the front ends')."""
    found = {}
    for value in [v for m in (errors, db_errors, service_errors) for v in vars(m).values()]:
        is_error = isinstance(value, type) and issubclass(value, errors.PuzzledbError)
        if is_error and value is not errors.PuzzledbError:
            assert value.code not in found, f"two errors share the code {value.code}"
            found[value.code] = value
    return found


def test_the_table_is_read():
    table = _table()
    assert table["not_built"] == ([4], 404)
    assert table["usage"] == ([2], None)
    assert len(table) >= 15


def test_every_error_is_in_the_table_once():
    assert sorted(_classes()) == sorted(_table())


def test_one_error_means_a_time_limit():
    """`puzzledb sql` past --time-limit and a lookup past serve's --time-limit: one error."""
    times = [code for code in _table() if "time" in code or "timeout" in code]
    assert times == ["time_limit"]


@pytest.mark.parametrize("code", sorted(_table()))
def test_the_cli_exits_with_the_documented_status(code):
    statuses, _ = _table()[code]
    if code == "interrupted":
        got = [exit_status(errors.Interrupted("stopped", signum)) for signum in (2, 15)]
        assert got == statuses
    else:
        assert [exit_status(_classes()[code]("x"))] == statuses


@pytest.mark.parametrize("code", sorted(_table()))
def test_the_service_answers_with_the_documented_status(code, seed_db):
    """Raised inside a request, the error comes back with the table's status, or, for a
    command's own error, as a 500 that names no code of its own."""
    _, status = _table()[code]
    assert HTTP_STATUS.get(code) == status
    app = create_app(seed_db)
    error = errors.Interrupted("x") if code == "interrupted" else _classes()[code]("x")

    def fail():
        raise error

    app.add_url_rule("/fail", "fail", fail)
    answer = app.test_client().get("/fail")
    if status is None:
        assert (
            answer.status_code == 500
            and answer.json is not None
            and answer.json["error"]["code"] == "internal_error"
        )
    else:
        assert (
            answer.status_code == status
            and answer.json is not None
            and answer.json["error"]["code"] == code
        )


def test_no_status_is_mapped_for_a_code_that_does_not_exist():
    assert set(EXIT_STATUS) <= set(_classes()) and set(HTTP_STATUS) <= set(_classes())
