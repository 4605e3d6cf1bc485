"""ruff's checks (lint and format, the version pinned in pyproject.toml) and ESLint over the
working tree, run with the suite so that `pytest` is the one test command (mypy:
tests/architecture/test_layout.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


@pytest.mark.parametrize(
    "command",
    [["ruff", "check"], ["ruff", "format", "--check"]],
    ids=["ruff", "ruff-format"],
)
def test_code_check_is_clean(command):
    done = subprocess.run(
        [str(BIN / command[0]), *command[1:]], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-2000:]


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_page_scripts_pass_eslint():
    """ESLint (tests/eslint.config.mjs, the version pinned in tests/package.json) over the
    page's scripts; tests/install.sh installs it beside axe-core."""
    eslint = ROOT / "tests" / "node_modules" / ".bin" / "eslint"
    assert eslint.exists(), "ESLint is not installed: run `bash tests/install.sh`"
    done = subprocess.run(
        [
            str(eslint),
            "--config",
            "tests/eslint.config.mjs",
            "--max-warnings",
            "0",
            "service/web/static/",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-2000:]
