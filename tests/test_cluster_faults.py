"""Faults of cluster builds (issue 28, items 5 and 6): every input and every failure is its
documented JSON error and exit status, never a traceback, and a failed build leaves no shard.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzledb.service.cli import main

DASK = Path(sys.executable).with_name("dask")


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
    from puzzledb.builder import cluster_search

    assert cluster_search.parse(spec) == ("address", spec)
