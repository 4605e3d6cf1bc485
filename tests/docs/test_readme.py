"""The README's two commands: the first installs and runs the main job, the second installs
what the tests need and runs them, and CI runs exactly that second command. (Its tour runs
with the documentation's examples: tests/docs/test_docs.py.)"""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_opens_with_exactly_two_commands():
    first_block = re.match(r"# puzzledb\n\n```sh\n(.*?)```", README, re.S)
    assert first_block, "the README opens with its commands"
    install_and_run, install_and_test = first_block.group(1).strip().splitlines()
    assert install_and_run.startswith("python3 -m venv .venv && .venv/bin/pip install . && ")
    assert "puzzledb build --all" in install_and_run and "puzzledb path" in install_and_run
    assert install_and_test == "bash tests/install.sh && bash tests/run.sh"
    ci = (ROOT / ".ci" / "run").read_text()
    assert install_and_test in ci.splitlines(), ".ci/run must run the README's test command"


def test_readme_is_short_and_says_the_venv_once():
    assert len(README.splitlines()) <= 150
    assert README.count(". .venv/bin/activate") == 1


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_the_suite_runs_the_fast_tier_first_and_prints_its_time():
    """tests/run.sh (the README's test command): the fast tier, then the rest, each run's time
    on its last line, whose exit status is the first failure's. Given one file, it runs that
    file's tests of each tier (test_settings has no page, cluster or slow test: 5, no tests
    collected, is no failure there)."""
    import subprocess

    done = subprocess.run(
        [
            "bash",
            str(ROOT / "tests" / "run.sh"),
            "tests/architecture/test_settings.py",
            "-p",
            "no:cacheprovider",
        ]
        + ["-n", "0", "-q"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert re.fullmatch(
        r"the fast tier took \d+ s \(exit 0\); the page, cluster and slow tests \d+ s \(exit 0\)",
        lines[-1],
    )
    assert re.search(r"^\d+ passed", "\n".join(lines), re.M)
    assert re.search(r"deselected", done.stdout)
