"""Klotski on the page: its rectangles drawn as pieces, opened at its named start, and a
finger move made by a click on a piece and then on one of its destinations (real Chromium,
as test_page.py)."""

from __future__ import annotations

import time

import pytest
from page_kit import settled
from playwright.sync_api import expect

from puzzledb.builder import catalogue
from puzzledb.db.build import build
from puzzledb.db.connection import writer

from servers import puzzledb_serve

START = "VBBVVBBVVHHVVssVs__s"


@pytest.fixture(scope="module")
def klotski_base(tmp_path_factory):
    path = tmp_path_factory.mktemp("klotski-page") / "k.sqlite"
    engine = writer(path)
    puzzle = catalogue.get("klotski-finger")
    build(engine, puzzle, puzzle.default_goal, time.perf_counter())
    engine.dispose()
    with puzzledb_serve(path) as url:
        yield url


def test_klotski_opens_at_its_start_and_a_finger_move_goes_round_a_corner(browser, klotski_base):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    problems = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        page.goto(f"{klotski_base}/?puzzle=klotski-finger&state=start")
        settled(page, START)
        expect(page.locator("#distance")).to_have_text("81")
        expect(page.locator(".piece")).to_have_count(10)  # ten pieces, each one element
        big = page.locator(".piece[data-label='B']")
        assert big.get_attribute("data-cell") == "1"
        page.click(".piece[data-cell='13']")  # the small at b4: four places to go
        page.click(".slot[data-cell='18']")  # down, then right: round the corner
        after = START[:13] + "_" + START[14:18] + "s" + START[19:]
        settled(page, after)  # one move, not two: it went round the corner in one
        expect(page.locator("#distance")).to_have_text("81")
        expect(page.locator("#moves")).to_contain_text("small at c5 left, up")  # the way back
    finally:
        context.close()
    assert problems == []
