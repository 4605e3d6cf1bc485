"""Shared fixtures: a database with every seed puzzle built once per test session.

Tests that only read share `seed_db`; tests that build or break things get `empty_db`.
"""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from support.seeds import ATAMA_ARTICLE_GOAL

from puzzledb.builder import catalogue
from puzzledb.db.build import build
from puzzledb.db.connection import reader, writer
from puzzledb.service.answers import Answers

#: Tiers, by marker (pyproject.toml names them): `page` (Chromium, any test using `browser`)
#: and `cluster` (Dask, every test in tests/cluster/) are given here; `slow` is written on each
#: test that takes seconds. The fast tier is `pytest -m "not page and not cluster and not
#: slow"`.
CLUSTER_FOLDER = Path(__file__).parent / "cluster"


def pytest_collection_modifyitems(items):
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.page)
        if item.path.is_relative_to(CLUSTER_FOLDER):
            item.add_marker(pytest.mark.cluster)


@pytest.fixture(scope="session")
def seed_db(tmp_path_factory):
    """Every seed puzzle toward its default goal, plus atama toward the article's goal."""
    path = tmp_path_factory.mktemp("seed") / "puzzledb.sqlite"
    db = writer(path)
    for name in catalogue.SEEDS:
        puzzle = catalogue.get(name)
        build(db, puzzle, puzzle.default_goal, time.perf_counter())
    build(db, catalogue.get("atama"), ATAMA_ARTICLE_GOAL, time.perf_counter())
    db.close()
    return path


@pytest.fixture(scope="session")
def answers(seed_db):
    return Answers(reader(seed_db))


@pytest.fixture()
def empty_db(tmp_path):
    return tmp_path / "fresh.sqlite"


@pytest.fixture()
def cli():
    """Run `puzzledb ...` in-process; returns the click Result (exit_code, stdout, stderr)."""
    from puzzledb.service.cli.commands import main

    runner = CliRunner()

    def run(*args, env=None):
        return runner.invoke(main, [str(a) for a in args], env=env, catch_exceptions=False)

    return run


# -- the page's fixtures: Playwright is imported by the page's tests alone (support/page_kit.py) --
@pytest.fixture(scope="session")
def page_db(seed_db, tmp_path_factory):
    """The seed database and the 51-move Rush Hour card (4,780 positions), which the page's
    tests of vehicles play: a copy, so the seed database stays as the other tests know it."""
    path = tmp_path_factory.mktemp("page") / "puzzledb.sqlite"
    with sqlite3.connect(seed_db) as source, sqlite3.connect(path) as copy:
        source.backup(copy)
    source.close()
    copy.close()
    db = writer(path)
    card = catalogue.get("rush51")
    build(db, card, card.default_goal, time.perf_counter())
    db.close()
    return path


@pytest.fixture(scope="module")
def base(page_db):
    """`puzzledb serve` on the page's database, one per test module: its base URL."""
    from support.page_kit import served

    with served(page_db) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    """The system's headless Chromium, one per test module."""
    from support.page_kit import chromium

    with chromium() as launched:
        yield launched


@pytest.fixture()
def page(browser, base):
    """The page loaded with eight on the board; `page.refused` lists API refusals seen."""
    from support.page_kit import eight_page

    with eight_page(browser, base) as opened:
        yield opened
