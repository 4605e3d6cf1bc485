"""Klotski on the page: its rectangles drawn as pieces, opened at its named start, its exit
marked on the board's edge (from the goal pattern, not from the page), a finger move made by
a click on a piece and then on one of its destinations, and the same by keyboard alone (real
Chromium, as test_page.py)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import expect
from support.page_kit import settled
from support.servers import puzzledb_serve

from puzzledb.builder import catalogue
from puzzledb.db.build import build
from puzzledb.db.connection import writer

START = "VBBVVBBVVHHVVssVs__s"


@pytest.fixture(scope="module")
def klotski_base(tmp_path_factory):
    path = tmp_path_factory.mktemp("klotski-page") / "k.sqlite"
    db = writer(path)
    # eight: a whole-position goal, no exit; klotski-all: every mix of pieces in one build
    for name in ("klotski-finger", "eight", "klotski-all"):
        puzzle = catalogue.get(name)
        build(db, puzzle, puzzle.default_goal, time.perf_counter())
    db.close()
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


def test_klotski_opens_at_its_classic_start_with_its_goal_in_words(browser, klotski_base):
    """No state in the address: the classic start (the definition's `start`), not a farthest
    state; the Start chooser says so, and the goal menu reads in words."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{klotski_base}/?puzzle=klotski-finger")
        settled(page, START)
        expect(page.locator("#distance")).to_have_text("81")
        expect(page.locator("#start")).to_have_value("named:start")
        expect(page.locator("#start option")).to_have_text(
            ["classic", "hardest (93 moves)", "random, 46 moves from the goal"]
        )
        goal = page.locator("#goal option")
        expect(goal).to_have_text("the big piece out at the bottom · 54K states")
        page.select_option("#start", "hardest")  # the farthest state, then back to the start
        expect(page.locator("#distance")).to_have_text("93")
        page.select_option("#start", "named:start")
        settled(page, START)
        page.select_option("#puzzle", "eight")  # a puzzle that names no start: its hardest
        settled(page, "647850321")
        expect(page.locator("#start")).to_have_value("hardest")
        page.select_option("#puzzle", "klotski-finger")  # chosen from the menu: classic too
        settled(page, START)
    finally:
        context.close()


def test_the_klotski_title_is_drawn_in_the_shipped_cjk_font(browser, klotski_base):
    """华容道 in the puzzle menu, on a machine with no CJK font of its own: the page's font
    has the glyphs, and Chromium draws every one of them with it (no empty boxes)."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{klotski_base}/?puzzle=klotski-finger&state=start")
        settled(page, START)
        expect(page.locator("#puzzle option:checked")).to_contain_text("华容道")
        assert page.evaluate("""async () => {
            await document.fonts.load('16px "puzzledb kana"', '华容道');
            return document.fonts.check('16px "puzzledb kana"', '华容道');
        }""")
        cdp = page.context.new_cdp_session(page)
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        root = cdp.send("DOM.getDocument")["root"]["nodeId"]
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": "#puzzle"})["nodeId"]
        used = {
            f["familyName"]: f["glyphCount"]
            for f in cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        }
        assert used.get("puzzledb kana", 0) >= 3, used  # 华, 容 and 道
        assert set(used) <= {"puzzledb kana", "DejaVu Sans"}, used  # no other font's boxes
    finally:
        context.close()


def test_the_exit_is_marked_on_the_edge_for_klotski_and_not_for_eight(browser, klotski_base):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{klotski_base}/?puzzle=klotski-finger&state=start")
        settled(page, START)
        mark = page.locator("#board .exit")
        expect(mark).to_have_count(1)
        expect(mark).to_have_attribute("data-side", "bottom")
        expect(page.locator("#exit")).to_have_text("exit: bottom, columns b–c")
        board, exit_box = page.locator("#board").bounding_box(), mark.bounding_box()
        # under the middle two of four columns, below the cells (on the frame)
        quarter = board["width"] / 4
        assert abs(exit_box["x"] - (board["x"] + quarter)) < quarter / 2
        assert abs(exit_box["width"] - 2 * quarter) < quarter / 2
        assert exit_box["y"] > board["y"] + board["height"] * 0.9
        page.goto(f"{klotski_base}/?puzzle=eight&state=867254301")
        settled(page, "867254301")
        expect(page.locator("#board .exit")).to_have_count(0)
        expect(page.locator("#exit")).to_have_text("")
    finally:
        context.close()


def test_a_klotski_move_by_keyboard_alone(browser, klotski_base):
    """Tab to a piece, Enter picks it up, Tab to one of its destinations, Enter moves it
    there; an arrow moves a piece next to a blank."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    try:
        page.goto(f"{klotski_base}/?puzzle=klotski-finger&state=start")
        settled(page, START)
        page.focus(".piece[data-cell='13']")  # the small at b4
        page.keyboard.press("Enter")
        expect(page.locator(".slot.target")).not_to_have_count(0)
        for _ in range(10):  # on through the board in reading order, to the blank at c5
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.dataset.cell") == "18":
                break
        assert page.evaluate("document.activeElement.classList.contains('slot')")
        page.keyboard.press("Enter")
        after = START[:13] + "_" + START[14:18] + "s" + START[19:]
        settled(page, after)  # round the corner, one move
        expect(page.locator("#moves")).to_contain_text("small at c5 left, up")
        page.keyboard.press("u")
        settled(page, START)
        page.keyboard.press("Escape")
        page.evaluate("document.activeElement.blur()")
        page.keyboard.press("ArrowDown")  # a small above a blank comes down
        down = {
            START[:13] + "_" + START[14:17] + "s" + START[18:],
            START[:14] + "_" + START[15:18] + "s" + START[19:],
        }
        expect(page.locator("#state-input")).not_to_have_value(START)
        assert page.input_value("#state-input") in down
        expect(page.locator("#distance")).not_to_have_text("–")
    finally:
        context.close()


def test_klotski_with_its_exit_passes_axe(browser, klotski_base):
    """The exit's mark and words keep the page WCAG 2.2 A/AA clean (as test_page_access.py)."""
    axe = Path(__file__).resolve().parents[1] / "node_modules" / "axe-core" / "axe.min.js"
    if not axe.exists():
        pytest.fail(f"no axe-core at {axe}: run `npm install --prefix tests`")
    context = browser.new_context(viewport={"width": 390, "height": 844}, bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(f"{klotski_base}/?puzzle=klotski-finger&state=start")
        settled(page, START)
        expect(page.locator("#exit")).to_have_text("exit: bottom, columns b–c")
        page.add_script_tag(path=str(axe))
        found = page.evaluate(
            "(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}})"
            ".then((r) => r.violations.map((v) => v.id))",
            ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"],
        )
        assert found == []
    finally:
        context.close()


def test_klotski_all_plays_a_layout_of_any_mix(browser, klotski_base):
    """klotski-all on the page: the classic start at 116 moves, and a layout of another mix
    (three verticals, two horizontals, four smalls: the family's hardest) drawn piece by
    piece, answered and moved like any board."""
    hardest = "VsssVVBBVVBBVHH_HHs_"
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    problems = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        page.goto(f"{klotski_base}/?puzzle=klotski-all&state=start")
        settled(page, START)
        expect(page.locator("#distance")).to_have_text("116")
        page.goto(f"{klotski_base}/?puzzle=klotski-all&state={hardest}")
        settled(page, hardest)
        expect(page.locator("#distance")).to_have_text("179")
        expect(page.locator(".piece")).to_have_count(10)  # B, 3 V, 2 H, 4 s
        expect(page.locator(".piece[data-label='H']")).to_have_count(2)
        # the blank at d5: one move fills it, the small beside it (a click on that small,
        # whose one move it is, would make it too, and a second click would land on it)
        page.click(".slot[data-cell='19']")
        settled(page, hardest[:18] + "_s")
        expect(page.locator("#distance")).to_have_text("178")
    finally:
        context.close()
    assert problems == []
