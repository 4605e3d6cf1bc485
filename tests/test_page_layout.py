"""The page's layout at a desktop, a tablet and a phone size, for the puzzles whose look
differs most: nothing wider than the screen, the moves in view under the board, the peg
triangle clear of the selects, and the chosen puzzle's name whole in its select. Also: a
move's cells apart, seen and said, and help and shortcuts that fit the puzzle."""

from __future__ import annotations

import re
import time

import pytest
from page_kit import settled
from playwright.sync_api import expect

from puzzledb.builder import catalogue
from puzzledb.db.build import build
from puzzledb.db.connection import writer

from servers import puzzledb_serve

SIZES = {"desktop": (1280, 800), "tablet": (834, 1112), "phone": (390, 844)}
PUZZLES = {"eight": "647850321", "atama": "イノソウタ*マタア", "peg15": "111101111111111"}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("puzzle", PUZZLES)
def test_the_layout_fits_every_screen(browser, base, size, puzzle):
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{base}/?puzzle={puzzle}")
    settled(page, PUZZLES[puzzle])
    wider = page.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map((e) => e.id || e.className)""")
    assert wider == []
    moves = page.locator(".moves-panel").bounding_box()
    assert moves["y"] < height, "the moves from here start below the fold"
    board = page.locator("#board").bounding_box()
    goal = page.locator("#goal").bounding_box()
    assert board["y"] >= goal["y"] + goal["height"] + 4, "the board touches the goal select"
    fits = page.evaluate("""() => { const s = document.getElementById('puzzle');
        const probe = document.createElement('span'); probe.style.font = getComputedStyle(s).font;
        probe.textContent = s.options[s.selectedIndex].text; document.body.append(probe);
        const w = probe.getBoundingClientRect().width; probe.remove();
        return w + 28 <= s.getBoundingClientRect().width; }""")
    assert fits, "the puzzle's name is cut in its select"
    context.close()


# -- the puzzles that differ most, in a database built once ---------------------------------------
# Each puzzle whose look or move rule differs, at a phone's and a desktop's size: a database
# built once for the module (English within radius 10, so its farthest positions are a
# ten-jump game to the goal).
GAMES = ["eight", "klotski", "klotski-straight", "klotski-finger", "english", "peg15"]
VIEWS = {"desktop": (1280, 800), "phone": (390, 844)}
GAME_CASES = [(p, v) for p in GAMES for v in VIEWS]
ARROWS = re.compile("[←↑→↓]|arrow", re.IGNORECASE)


@pytest.fixture(scope="module")
def game_base(tmp_path_factory):
    path = tmp_path_factory.mktemp("one-view") / "games.sqlite"
    engine = writer(path)
    for name in GAMES:
        puzzle = catalogue.get(name)
        radius = 10 if name == "english" else None
        build(engine, puzzle, puzzle.default_goal, time.perf_counter(), radius=radius)
    engine.dispose()
    with puzzledb_serve(path) as url:
        yield url


@pytest.fixture()
def viewed(browser, game_base, request):
    """The page at a size; `page.problems` collects script errors and console errors."""
    width, height = VIEWS[request.param]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    page.on("console", lambda m: m.type == "error" and page.problems.append(m.text))
    yield page
    context.close()


@pytest.mark.parametrize("viewed", ["desktop"], indirect=True)
def test_the_help_fits_the_puzzle_chosen(viewed, game_base):
    page = viewed
    seen = {}
    for puzzle in ("english", "peg15", "klotski"):
        page.goto(f"{game_base}/?puzzle={puzzle}")
        page.wait_for_selector("#moves li")
        help_text = " ".join(p.inner_text() for p in page.locator("footer p:visible").all())
        seen[puzzle] = (help_text, page.locator("#shortcuts").inner_text())
    english, peg15, klotski = seen["english"], seen["peg15"], seen["klotski"]
    assert "one move is one jump" in english[0] and "chain" not in english[0]
    assert "one move is a chain of jumps" in peg15[0]
    assert "peg" not in klotski[0] and "Click a piece" in klotski[0]
    for keys in (english[1], peg15[1]):  # no arrows where they move nothing
        assert not ARROWS.search(keys) and "peg's hole" in keys
    assert "← ↑ → ↓" in klotski[1] and "hole" not in klotski[1]


@pytest.mark.parametrize("viewed", ["phone"], indirect=True)
def test_a_moves_words_distance_and_count_are_apart_and_said_apart(viewed, game_base):
    page = viewed
    page.goto(f"{game_base}/?puzzle=english")
    page.wait_for_selector("#moves .move.optimal")
    for move in page.locator("#moves .move").all():
        words, depth = move.locator(".words").bounding_box(), move.locator(".depth").bounding_box()
        assert words["x"] + words["width"] + 4 <= depth["x"], "the words run into the distance"
        if "optimal" in (move.get_attribute("class") or ""):
            count = move.locator(".count").bounding_box()
            assert depth["x"] + depth["width"] + 4 <= count["x"], "the distance runs into the count"
            said = r"^peg \d+ jumps to \d+\s*, after: \d+\s*, optimal\s*, [\d,]+ winning lines?$"
            expect(move).to_have_accessible_name(re.compile(said))
        else:
            expect(move).to_have_accessible_name(re.compile(r"^peg \d+ jumps to \d+\s*, after: \w"))
    expect(page.locator(".moves-panel .columns")).to_have_text("moveafterwinning lines")
