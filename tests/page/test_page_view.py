"""The board stays in view and its pieces hold their own labels (issue 29), on a phone and a
desktop, for eight and Klotski: the page opens with the whole board on screen and keeps it
there move after move, and every label on a piece lies inside that piece (real Chromium, as
test_page.py)."""

from __future__ import annotations

import json
import time
import urllib.request

import pytest
from support.page_kit import settled
from support.servers import puzzledb_serve

from puzzledb.builder import catalogue
from puzzledb.db.build import build
from puzzledb.db.connection import writer

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
OPENING = {"eight": "647850321", "klotski": "VBBVVBBVVHHVVssVs__s"}


@pytest.fixture(scope="module")
def view_base(tmp_path_factory):
    path = tmp_path_factory.mktemp("view-page") / "v.sqlite"
    db = writer(path)
    for name in ("klotski", "eight"):
        puzzle = catalogue.get(name)
        build(db, puzzle, puzzle.default_goal, time.perf_counter())
    db.close()
    with puzzledb_serve(path) as url:
        yield url


@pytest.fixture()
def sized(browser, request):
    contexts = []

    def open_page(size):
        width, height = SIZES[size]
        context = browser.new_context(viewport={"width": width, "height": height})
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


def board_in_view(page, when: str) -> None:
    viewport = page.viewport_size
    box = page.locator("#board").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (
        f"{when}: the board spans {box['y']:.0f} to {box['y'] + box['height']:.0f} px, "
        f"the window 0 to {viewport['height']} (scrolled {page.evaluate('scrollY')} px)"
    )
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], when


def make_optimal_move(page) -> str:
    """Press the first optimal move in the list as a tap would (no scrolling by the test);
    returns the state it leads to, once its moves are listed."""
    before = page.get_attribute("#moves", "data-from")
    move = page.locator("#moves .move.optimal").first
    move.evaluate("(b) => b.click()")
    page.wait_for_function(
        "(before) => { const m = document.getElementById('moves');"
        " return m.dataset.from && m.dataset.from !== before && m.children.length > 0; }",
        arg=before,
    )
    return page.get_attribute("#moves", "data-from")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("puzzle", OPENING)
def test_the_board_stays_in_view_on_load_and_after_each_move(sized, view_base, size, puzzle):
    page = sized(size)
    address = f"{view_base}/?puzzle={puzzle}" + ("&state=start" if puzzle == "klotski" else "")
    page.goto(address)
    settled(page, OPENING[puzzle])
    board_in_view(page, "on load")
    for n in range(1, 11):
        make_optimal_move(page)
        board_in_view(page, f"after move {n}")
    assert page.locator("#line li").count() == 11  # the list of your moves grew under the board


def labels_inside_pieces(page) -> list[str]:
    """Each piece's label that spills out of its piece, with both boxes."""
    boxes = page.evaluate("""() => [...document.querySelectorAll('#board .piece')]
        .filter((piece) => piece.querySelector('.label'))
        .map((piece) => {
          const p = piece.getBoundingClientRect();
          const l = piece.querySelector('.label').getBoundingClientRect();
          return [piece.textContent, [l.left, l.top, l.right, l.bottom],
                  [p.left, p.top, p.right, p.bottom]];
        })""")
    return [
        f"{text}: label {[round(v) for v in label]} in piece {[round(v) for v in piece]}"
        for text, label, piece in boxes
        if not (
            label[0] >= piece[0] - 0.5
            and label[1] >= piece[1] - 0.5
            and label[2] <= piece[2] + 0.5
            and label[3] <= piece[3] + 0.5
        )
    ]


@pytest.mark.parametrize("size", SIZES)
def test_klotski_labels_fit_inside_their_pieces(sized, view_base, size):
    with urllib.request.urlopen(f"{view_base}/path?puzzle=klotski&state=start") as response:
        path = json.load(response)["path"]
    page = sized(size)
    for state in (path[0], path[len(path) // 2], path[-1]):  # the start, midway, the finish
        page.goto(f"{view_base}/?puzzle=klotski&state={state}")
        settled(page, state)
        page.wait_for_timeout(400)  # any slide finished
        assert labels_inside_pieces(page) == [], state
    big = page.locator(".piece[data-label='B']")
    small = page.locator(".piece[data-label='s']").first
    colour = "(el) => getComputedStyle(el, '::before').backgroundImage"
    assert big.evaluate(colour) != small.evaluate(colour), "the big piece has no colour of its own"
