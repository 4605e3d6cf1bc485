"""The one JSON error a `--json` command prints, checked whole: tests of refusals read its
message through `one_error`."""

from __future__ import annotations

import json

from puzzledb.service.cli.options import EXIT_STATUS


def one_error(result, code: str, status: int | None = None) -> str:
    """The one JSON error object a --json command printed, and nothing beside it; its message.
    The exit status is the one the error table (docs/errors.md) gives the code
    (tests/cli/test_error_statuses.py holds the two together) unless `status` says otherwise."""
    expected = EXIT_STATUS[code] if status is None else status
    assert result.exit_code == expected, result.output
    assert "Traceback" not in result.output
    body = json.loads(result.stdout)
    assert set(body) == {"error"}, body
    error = body["error"]
    assert set(error) == {"code", "message"} and error["code"] == code, error
    return error["message"]
