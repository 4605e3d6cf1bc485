"""The page's layout at a desktop, a tablet and a phone size, for the puzzles whose look
differs most: nothing wider than the screen, the moves in view under the board, the peg
triangle clear of the selects, and the chosen puzzle's name whole in its select."""

from __future__ import annotations

import pytest
from page_kit import settled

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
