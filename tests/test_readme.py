"""The README's two commands: the first installs and runs the main job, the second installs
what the tests need and runs them, and CI runs exactly that second command. (Its tour runs
with the documentation's examples: tests/test_docs.py.)"""

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_opens_with_exactly_two_commands():
    first_block = re.match(r"# puzzledb\n\n```sh\n(.*?)```", README, re.S)
    assert first_block, "the README opens with its commands"
    install_and_run, install_and_test = first_block.group(1).strip().splitlines()
    assert install_and_run.startswith("python3 -m venv .venv && .venv/bin/pip install . && ")
    assert "puzzledb build --all" in install_and_run and "puzzledb path" in install_and_run
    assert install_and_test == "bash tests/install.sh && .venv/bin/pytest"
    ci = (ROOT / ".ci" / "run").read_text()
    assert install_and_test in ci.splitlines(), ".ci/run must run the README's test command"


def test_readme_is_short_and_says_the_venv_once():
    assert len(README.splitlines()) <= 150
    assert README.count(". .venv/bin/activate") == 1
