"""The README's two commands, its example SQL and its example HTTP answers, checked against the
real thing."""

import re
import sqlite3
from pathlib import Path

import pytest

README = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
EXAMPLES = re.findall(r"```sql\n(.*?)```\n```text\n(.*?)```", README, re.S)
#: `$ curl -s 'http://127.0.0.1:8000/ROUTE'` and the body shown under it (wrapped, continuation
#: lines indented), up to a blank line or the end of the block.
CURLS = re.findall(
    r"^\$ curl -s 'http://127\.0\.0\.1:8000(/[^']*)'\n((?:(?!\$ |```)[^\n]+\n)+)", README, re.M
)


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


def test_readme_shows_an_http_answer():
    assert any(route.startswith("/moves?") for route, _ in CURLS)


@pytest.mark.parametrize("route, shown", CURLS, ids=[route for route, _ in CURLS])
def test_readme_http_answer_is_the_real_one(seed_db, route, shown):
    """The body shown is the service's, byte for byte once the wrapping is undone."""
    from puzzledb.service.app import create_app

    body = create_app(seed_db).test_client().get(route).get_data(as_text=True)
    assert "".join(line.strip() for line in shown.splitlines()) == body.strip()
