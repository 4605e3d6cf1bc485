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


def test_plan_names_only_what_is_missing():
    assert "would install: chromium nginx\n" in run("--plan", "chromium nginx").stdout
    assert "would install: nginx\n" in run("--plan", "nginx").stdout
    assert "would install: npm\n" in run("--plan", "npm").stdout


def test_a_machine_with_every_tool_installs_no_debian_package():
    done = run("--plan", "")
    tools = ("chromium", "nginx", "npm")
    if all(
        subprocess.run(["bash", "-c", f"command -v {t}"], capture_output=True).returncode == 0
        for t in tools
    ):
        assert "would install: nothing\n" in done.stdout


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
