"""A twisty puzzle on the page (issue 42), in a real headless Chromium: the 2x2x2 drawn as the net
of its faces (stickers coloured by the definition's colours, each with its face's letter, said in
words), a scramble typed opens its position, the moves beside the board turn it (a click, the
keyboard) each with the distance it leads to, Solve plays a solution that leaves every face one
colour, a face the build holds still asks for a whole-cube turn first; on a phone as on a
desktop, and axe finds nothing. The Pyraminx and the Skewb are drawn by the outlines their
definitions give (triangles; squares on their points), the Pyraminx's tips in their corners'
colours. Each is built within 5 moves here (the 2x2x2's 12,224 positions)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect
from support.axe import AXE, axe_violations
from support.page_kit import load, opened
from support.servers import puzzledb_serve

from puzzledb.builder import catalogue
from puzzledb.db.build import build
from puzzledb.db.connection import writer

SOLVED = "UUUURRRRFFFFDDDDLLLLBBBB"


@pytest.fixture(scope="module")
def cube_base(tmp_path_factory):
    path = tmp_path_factory.mktemp("twisty") / "cube.sqlite"
    db = writer(path)
    for name in ("cube2", "pyraminx", "skewb"):
        puzzle = catalogue.get(name)
        build(db, puzzle, puzzle.default_goal, time.perf_counter(), radius=5)
    db.close()
    with puzzledb_serve(path) as url:
        yield url


@contextmanager
def cube(browser, base: str, width=1200, height=900, touch=False, axe=False) -> Iterator[Page]:
    """The page with the 2x2x2 drawn; no script error, no console error, a refused scramble's
    included (refusals come with status 200: Puzzledb-Refusal-Status)."""
    with opened(browser, base, "/?puzzle=cube2", width, height, touch, axe) as page:
        expect(page.locator("#board .sticker[data-face]")).to_have_count(24)
        yield page
        assert page.problems == []  # type: ignore[attr-defined]


def stickers(page: Page) -> str:
    """The net as drawn: each sticker's letter, in the order the API numbers them."""
    return "".join(page.locator("#board .sticker").all_text_contents())


def scrambled(page: Page, turns: str, depth: int) -> None:
    load(page, turns)
    expect(page.locator("#distance")).to_have_text(str(depth))


def test_a_scramble_opens_and_solve_leaves_each_face_one_colour(browser, cube_base):
    with cube(browser, cube_base) as page:
        scrambled(page, "R U2 F'", 3)
        drawn = stickers(page)
        assert drawn != SOLVED and sorted(drawn) == sorted(SOLVED)
        white = page.locator("#board .sticker[data-face='U'] polygon").first
        assert white.evaluate("(el) => getComputedStyle(el).fill") == "rgb(250, 250, 250)"
        said = page.locator("#board").get_attribute("aria-label") or ""
        assert "face U:" in said and "face B:" in said
        moves = page.locator("#moves button.move")
        expect(moves).to_have_count(9)  # U, R, F, each three ways
        expect(page.locator("#moves button.move.optimal")).to_have_count(1)
        page.click("#solve")
        expect(page.locator("#distance")).to_have_text("0", timeout=15_000)
        assert stickers(page) == SOLVED


def test_the_move_buttons_turn_it_by_click_and_keyboard(browser, cube_base):
    with cube(browser, cube_base) as page:
        scrambled(page, "R", 1)
        best = page.locator("#moves button.move.optimal")
        expect(best).to_have_attribute("data-move", "R'")
        expect(best.locator(".depth")).to_contain_text("0")
        best.focus()
        page.keyboard.press("Enter")
        expect(page.locator("#distance")).to_have_text("0")
        assert stickers(page) == SOLVED
        page.click("#finish-close")  # the solved moment's dialog
        page.locator("#moves button.move[data-move='F2']").click()
        expect(page.locator("#distance")).to_have_text("1")


def test_a_face_the_build_holds_still_asks_for_a_whole_turn_first(browser, cube_base):
    with cube(browser, cube_base) as page:
        scrambled(page, "L", 1)
        expect(page.locator("#status")).to_contain_text("Turn the whole puzzle first: x")
        expect(page.locator("#moves button.move.optimal")).to_have_attribute("data-move", "R'")
        load(page, "R3")
        expect(page.locator("#state-error")).to_contain_text(
            "as a scramble: scramble: 'R3' is R with the suffix '3'"
        )


@pytest.mark.parametrize(("width", "height", "touch"), [(390, 844, True), (1200, 900, False)])
def test_the_net_fits_and_axe_finds_nothing(browser, cube_base, width, height, touch):
    if not AXE.exists():
        pytest.fail(f"no axe-core at {AXE}: run `bash tests/install.sh`")
    with cube(browser, cube_base, width, height, touch, axe=True) as page:
        scrambled(page, "F R", 2)
        box = page.locator("#board").bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert axe_violations(page) == []


@pytest.mark.parametrize(
    ("name", "scramble", "stickers", "tips"),
    [
        ("pyraminx", "U R'", "FFFFFFLLLLLLRRRRRRDDDDDD", 12),
        ("skewb", "R U'", "UUUUURRRRRFFFFFDDDDDLLLLLBBBBB", 0),
    ],
)
def test_the_other_twisty_puzzles_are_drawn_by_their_outlines(
    browser, cube_base, name, scramble, stickers, tips
):
    goal = quote(catalogue.get(name).default_goal)
    with opened(browser, cube_base, f"/?puzzle={name}&state={goal}", axe=True) as page:
        drawn = page.locator("#board .sticker[data-face]")
        expect(drawn).to_have_count(24 if name == "pyraminx" else 30)
        corners = page.locator("#board .sticker polygon").first.evaluate(
            "(el) => el.points.numberOfItems"
        )
        assert corners == 3  # a triangle: the Pyraminx's first sticker, the Skewb's corner
        expect(page.locator("#board .tip")).to_have_count(tips)
        expect(page.locator("#distance")).to_have_text("0")
        solved = "".join(page.locator("#board .sticker").all_text_contents())
        assert solved == stickers
        load(page, scramble)
        expect(page.locator("#distance")).to_have_text("2")
        assert "".join(page.locator("#board .sticker").all_text_contents()) != solved
        if tips:  # a tip takes its corner's colour: the first tip is F's top corner's
            fills = [
                page.locator(selector).first.evaluate("(el) => getComputedStyle(el).fill")
                for selector in ("#board .tip", "#board .sticker[data-sticker='1'] polygon")
            ]
            assert fills[0] == fills[1]
        page.click("#solve")
        expect(page.locator("#distance")).to_have_text("0", timeout=15_000)
        assert "".join(page.locator("#board .sticker").all_text_contents()) == solved
        assert axe_violations(page) == []
        assert page.problems == []  # type: ignore[attr-defined]  # as cube()
