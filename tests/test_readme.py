"""The README's two commands and its example SQL, checked against the real thing."""

import re
import sqlite3
from pathlib import Path

import pytest

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
EXAMPLES = re.findall(r"```sql\n(.*?)```\n```text\n(.*?)```", README, re.S)


def test_readme_opens_with_exactly_two_commands():
    first_block = re.search(r"```sh\n(.*?)```", README, re.S).group(1).strip().splitlines()
    assert len(first_block) == 2
    install_and_run, install_and_test = first_block
    assert "pip install ." in install_and_run and "puzzledb build --all" in install_and_run
    assert "puzzledb path" in install_and_run
    assert "'.[test]'" in install_and_test and install_and_test.endswith("pytest")
    ci = (Path(__file__).parent.parent / ".ci" / "run").read_text()
    assert install_and_test in ci, ".ci/run must run the README's test command"


def test_readme_has_example_queries():
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize(
    "sql, expected", EXAMPLES, ids=[f"query{i + 1}" for i in range(len(EXAMPLES))]
)
def test_example_query_gives_the_output_shown(seed_db, sql, expected):
    with sqlite3.connect(f"file:{seed_db}?mode=ro", uri=True) as conn:
        rows = conn.execute(sql).fetchall()
    shown = ["|".join("" if v is None else str(v) for v in row) for row in rows]
    assert shown == expected.strip().splitlines()
