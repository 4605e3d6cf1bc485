"""The page's plumbing, in a real headless Chromium (see test_page.py): positions are not
probed as targets one by one."""

from __future__ import annotations

import re

from page_kit import choose
from playwright.sync_api import expect

HARDEST = "867254301"


# -- targets: asked when set, never probed ---------------------------------------------------------
def test_a_normal_game_probes_no_position_as_a_target(page):
    asked = []
    page.on("request", lambda request: asked.append(request.url))
    page.click("#moves .move >> nth=0")
    expect(page.locator("#made")).to_have_text(re.compile("^moves made: 1 "))
    choose(page, "lines", first_farthest(page, "lines"))
    page.click("#moves .move >> nth=0")
    expect(page.locator("#made")).to_have_text(re.compile("^moves made: 1 "))
    choose(page, "peg15", first_farthest(page, "peg15"))
    expect(page.locator("#target-here")).to_be_disabled()
    expect(page.locator("#target-why")).to_contain_text("pegs are all alike")
    assert [url for url in asked if "to=" in url] == []
    assert page.refused == []  # no 404 (a console error each) from the first position on


def first_farthest(page, puzzle: str) -> str:
    return page.evaluate(
        f"fetch('farthest?puzzle={puzzle}&limit=1').then((r) => r.json()).then((a) => a.states[0])"
    )
