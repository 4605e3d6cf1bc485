"""tests/install.sh, the README's second command's first half: on a fresh machine of our kind
(Debian 12, Node.js from NodeSource with its own npm, no Chromium, no nginx) it asks apt for
exactly what is missing, and apt can install that without a conflict."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "install.sh"
#: Debian packages a fresh machine of our kind lacks, whatever this one has installed since.
NOT_ON_A_FRESH_MACHINE = re.compile(r"Package: (chromium|nginx|libnginx-mod)")


def run(mode: str, missing: str, **env: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PUZZLEDB_ASSUME_MISSING=missing, **env)
    return subprocess.run(
        ["bash", str(SCRIPT), mode], env=env, capture_output=True, text=True, timeout=600
    )


TOOLS = ("chromium", "nginx", "npm")


def installed(tool: str) -> bool:
    return subprocess.run(["bash", "-c", f"command -v {tool}"], capture_output=True).returncode == 0


@pytest.mark.parametrize("missing", ["chromium nginx", "nginx", "npm", ""])
def test_plan_names_only_what_is_missing(missing):
    """What is assumed missing, and whatever this machine really lacks (a new machine has no
    Chromium until the script has run once), in the script's order."""
    wanted = [t for t in TOOLS if t in missing.split() or not installed(t)]
    assert f"would install: {' '.join(wanted) or 'nothing'}\n" in run("--plan", missing).stdout


@pytest.mark.slow  # apt simulates a fresh machine's install
def test_fresh_machine_install_simulates_without_conflict(tmp_path):
    """apt-get install -s of what a fresh machine lacks, against this machine's package list
    without Chromium and nginx: nodejs from NodeSource conflicts with Debian's npm, so asking
    for npm beside an npm command, as the README once did, fails here."""
    paragraphs = Path("/var/lib/dpkg/status").read_text(encoding="utf-8").split("\n\n")
    fresh = tmp_path / "status"
    fresh.write_text("\n\n".join(p for p in paragraphs if not NOT_ON_A_FRESH_MACHINE.match(p)))
    done = run("--simulate", "chromium nginx", PUZZLEDB_DPKG_STATUS=str(fresh))
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "would install: chromium nginx\n" in done.stdout
    assert "Inst chromium " in done.stdout and "Inst nginx" in done.stdout
    assert "Inst npm " not in done.stdout
    assert "broken packages" not in done.stdout + done.stderr
    with_npm = run("--simulate", "chromium nginx npm", PUZZLEDB_DPKG_STATUS=str(fresh))
    node = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "nodejs"], capture_output=True, text=True
    )
    if "nodesource" in node.stdout:  # the check above can fail: it is not vacuous
        assert with_npm.returncode != 0 and "Conflicts: npm" in with_npm.stdout
