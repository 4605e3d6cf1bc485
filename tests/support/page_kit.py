"""What every test of the page shares: a real `puzzledb serve`, the system's headless Chromium
driven by Playwright, and steps such as waiting for a state to settle. conftest.py's fixtures
`base`, `browser` and `page` open these lazily, so only the page's tests import Playwright;
each page test file imports the helper functions it uses.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Page,
    Request,
    Response,
    expect,
    sync_playwright,
)

from support.servers import puzzledb_serve

CHROMIUM = os.environ.get("PUZZLEDB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SOLVE_SECONDS = 20
STATIC = [
    "index.html",
    "page.css",
    "page.js",
    "api.js",
    "board.js",
    "chart.js",
    "picking.js",
    "player.js",
    "browse.js",
    "fonts.css",
    "address.js",
    "solution.js",
    "keys.js",
    "thumbs.js",
    "spark.js",
    "vehicles.js",
    "cards.js",
    "elements.js",
    "messages.js",
    "game.js",
    "requests.js",
    "guarded.js",
    "distance.js",
    "your-moves.js",
    "finish.js",
    "moves-from-here.js",
    "solving.js",
    "moving.js",
    "by-hand.js",
    "typing.js",
    "choosing.js",
    "history.js",
    "hints.js",
    "exact-counts.js",
    "starts.js",
    "stickers.js",
    "target.js",
]
# Shipped too, but no page text to read: the katakana font (binary) and its licence (whose
# copyright line names the font's authors' addresses); tests/page/test_page_browse.py checks them.
FONT_FILES = ["kana.woff2", "kana-OFL.txt"]


# -- a real server and a real browser (conftest.py's fixtures `base`, `browser`, `page`) -------
@contextmanager
def served(db: Path) -> Iterator[str]:
    """`puzzledb serve` on `db`: its base URL."""
    with puzzledb_serve(db) as url:
        yield url


@contextmanager
def chromium() -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"no Chromium at {CHROMIUM}: install it with `apt-get install chromium` "
            f"(or set PUZZLEDB_CHROMIUM)"
        )
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@contextmanager
def eight_page(browser: Browser, base: str) -> Iterator[Page]:
    """The page loaded with eight on the board; `page.refused` lists API refusals seen."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.refused = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: problems.append(str(error)))

    def console(m: ConsoleMessage) -> None:
        # refusals come with status 200 (the page asks for that); what a test that stops the
        # service makes fail is a failed resource
        if m.type == "error" and "Failed to load resource" not in m.text:
            problems.append(m.text)

    def request(r: Request) -> None:
        if not r.url.startswith(base + "/"):
            problems.append(r.url)

    def response(r: Response) -> None:
        if r.status >= 400:
            page.refused.append(r.url)  # type: ignore[attr-defined]

    page.on("console", console)
    page.on("request", request)
    page.on("response", response)
    page.goto(base + "/")
    settled(page, "647850321")
    yield page
    context.close()
    assert problems == [], "the page failed or reached outside the service"


def troubles(page) -> list[str]:
    """Every request refused (4xx, 5xx) and every console error from now on, as they come: a
    browser logs each refusal as a console error."""
    seen: list[str] = []

    def refused(response) -> None:
        if response.status >= 400:
            seen.append(f"{response.status} {response.url}")

    def logged(message) -> None:
        if message.type == "error":
            seen.append(message.text)

    page.on("response", refused)
    page.on("console", logged)
    return seen


def settled(page, state: str) -> None:
    """Wait until `state` is on the board, its moves are listed and no lookup is pending (a
    click then is refused out loud: under a loaded CI run one landed so)."""
    expect(page.locator("#moves")).to_have_attribute("data-from", state)
    expect(page.locator("#state-input")).to_have_value(state)
    expect(page.locator("#board[aria-busy='true']")).to_have_count(0)


def choose(page, puzzle: str, first_farthest: str) -> None:
    page.select_option("#puzzle", puzzle)
    settled(page, first_farthest)


def codes(page) -> None:
    """Open the "Position code" disclosure (closed at first), where states are typed."""
    if not page.locator("#codes").evaluate("(d) => d.open"):
        page.click("#codes summary")


def load(page, text: str) -> None:
    codes(page)
    page.fill("#state-input", text)
    page.press("#state-input", "Enter")


def set_target(page, text: str) -> None:
    codes(page)
    page.fill("#target-input", text)
    page.press("#target-input", "Enter")


def eight_as_drawn(page) -> str:
    """The 8-puzzle board as drawn: each tile's label at its cell, 0 for the blank."""
    cells = ["0"] * 9
    for tile in page.locator(".piece").all():
        cells[int(tile.get_attribute("data-cell"))] = tile.get_attribute("data-label")
    return "".join(cells)


@contextmanager
def opened(
    browser, base: str, address: str, width=1200, height=900, touch=False, axe=False
) -> Iterator[Page]:
    """The page at `address`; `page.problems` collects script and console errors. `axe`: the
    page's Content-Security-Policy bypassed, for axe's script."""
    context = browser.new_context(
        viewport={"width": width, "height": height},
        has_touch=touch,
        is_mobile=touch,
        bypass_csp=axe,
    )
    page = context.new_page()
    problems: list[str] = []
    page.problems = problems  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.goto(base + address)
    try:
        yield page
    finally:
        context.close()


# -- a player's steps on the board (test_page_layout.py, test_page_hints.py) -----------------
# where to click an optimal move's ghost: the middle of a cell (or hole) it covers that the
# piece picked up does not (a click on the piece itself lets it go)
GHOST_SPOT = """() => {
  const ghost = document.querySelector('#board .ghost.best').getBoundingClientRect();
  const held = document.querySelector('#board .selected').getBoundingClientRect();
  const inside = (r, x, y) => x > r.left && x < r.right && y > r.top && y < r.bottom;
  for (const cell of document.querySelectorAll('#board .slot, #board .hole')) {
    const r = cell.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (inside(ghost, x, y) && !inside(held, x, y)) return [x, y];
  }
  throw new Error('no cell under the ghost but the piece');
}"""


def box(page, selector: str) -> dict:
    found = page.locator(selector).bounding_box()
    assert found, f"{selector} is not shown"
    return found


def in_view(page, selector: str) -> None:
    b, size = box(page, selector), page.viewport_size
    assert b["x"] >= 0 and b["y"] >= 0, f"{selector} starts off screen: {b}"
    assert b["x"] + b["width"] <= size["width"] + 0.5, f"{selector} runs off the right: {b}"
    assert b["y"] + b["height"] <= size["height"] + 0.5, f"{selector} runs below the fold: {b}"


AT_REST = "() => document.getAnimations().length === 0"  # no piece sliding, no peg jumping


def tap(page, locator) -> None:
    """A tap where a player sees `locator`, once nothing moves on the board. Not Playwright's
    click, which scrolls an element still sliding to the top of the window before it clicks:
    a scroll no player makes."""
    page.wait_for_function(AT_REST)
    b = locator.bounding_box()
    page.mouse.click(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2)


def follow_a_hint(page) -> str:
    """An optimal move made on the board as a player would: the green piece (or peg), then,
    if it was picked up, its ghost with a green dot; the prompt meanwhile in view. The state
    reached."""
    before = page.get_attribute("#moves", "data-from")
    tap(page, page.locator(".board .hint").first)
    if page.locator(".board .selected").count():
        expect(page.locator("#status")).to_contain_text("click")
        in_view(page, "#status")
        page.wait_for_function(AT_REST)
        page.mouse.click(*page.evaluate(GHOST_SPOT))
        chooser = page.locator("#board .choices button.best")
        if chooser.count():  # two moves rest it there: the chooser beside the board
            in_view(page, "#status")
            in_view(page, "#board .choices")
            tap(page, chooser.first)
    expect(page.locator("#moves")).not_to_have_attribute("data-from", before or "")
    expect(page.locator("#moves")).to_have_attribute("data-from", re.compile("."))
    state = page.get_attribute("#moves", "data-from")
    settled(page, state)
    return state
