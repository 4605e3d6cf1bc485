"""The histogram as a way in (bars to click, labels to read at any width), browsing the states
at one depth, and the page's own katakana font, in a real headless Chromium (see test_page.py).
"""

from __future__ import annotations

import itertools
import json
import re
import unicodedata
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect
from support.page_kit import FONT_FILES, choose, codes, settled

WIDTHS = [390, 834, 1280]  # a phone, a tablet, a desktop
STATIC = Path(__file__).resolve().parents[2] / "service" / "web" / "static"


def api(base: str, route: str, **params) -> dict:
    with urllib.request.urlopen(f"{base}/{route}?{urllib.parse.urlencode(params)}", timeout=5) as r:
        return json.loads(r.read())


def listed(page) -> list[str]:
    return [b.get_attribute("data-state") for b in page.locator("#browse .state").all()]


# -- the histogram ---------------------------------------------------------------------------------
def test_clicking_a_bar_lists_its_states_a_page_at_a_time_by_key(page, base):
    count = api(base, "stats", puzzle="eight")["histogram"][20]
    page.click("#chart .bar[data-depth='20']")
    expect(page.locator("#browse h3")).to_have_text(f"{count:,} states at depth 20")
    expect(page.locator("#browse .state")).to_have_count(20)
    first = listed(page)
    assert first == sorted(first) == api(base, "depth", puzzle="eight", d=20, limit=20)["states"]

    page.click("#browse button:text('Next page')")
    expect(page.locator("#browse .state").first).not_to_have_attribute("data-state", first[0])
    second = listed(page)
    assert second[0] > first[-1] and second == sorted(second)
    assert second == api(base, "depth", puzzle="eight", d=20, limit=20, after=first[-1])["states"]
    expect(page.locator("#browse .browse-where")).to_have_text(f"21–40 of {count:,}")

    page.click("#browse button:text('Previous page')")
    expect(page.locator("#browse .state").first).to_have_attribute("data-state", first[0])
    expect(page.locator("#browse button:text('Previous page')")).to_be_disabled()
    # (whether a position can be a target is asked with to=, and refused for most of eight's)
    assert [u.split("?")[0].rsplit("/", 1)[1] for u in page.refused if "&to=" not in u] == []

    page.click(f"#browse .state[data-state='{first[3]}']")
    settled(page, first[3])
    expect(page.locator("#distance")).to_have_text("20")
    expect(page.locator("#chart .bar.here")).to_have_attribute("data-depth", "20")


def test_a_random_position_at_a_depth_is_loaded(page):
    page.click("#chart .bar[data-depth='5']")
    page.click("#browse button:text('Random position at depth 5')")
    expect(page.locator("#distance")).to_have_text("5")
    expect(page.locator("#state-input")).not_to_have_value("647850321")
    expect(page.locator("#chart .bar.here")).to_have_attribute("data-depth", "5")


def test_the_chart_is_a_slider_over_the_depths_for_the_keyboard(page):
    chart = page.locator("#chart svg")  # one control: a bar 9 px wide is no target for a finger
    expect(chart).to_have_attribute("role", "slider")
    expect(chart).to_have_attribute("tabindex", "0")
    expect(chart).to_have_attribute("aria-valuenow", "31")  # the current depth
    expect(chart).to_have_attribute("aria-valuetext", "2 states at depth 31")
    chart.focus()
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(chart).to_have_attribute("aria-valuenow", "29")
    expect(page.locator("#browse h3")).to_have_text(re.compile(r"^[\d,]+ states at depth 29$"))
    page.keyboard.press("ArrowRight")
    expect(page.locator("#browse h3")).to_have_text(re.compile(r"^[\d,]+ states at depth 30$"))
    page.keyboard.press("Home")
    expect(page.locator("#browse h3")).to_have_text("1 state at depth 0")
    assert page.evaluate("document.activeElement.getAttribute('role')") == "slider"
    settled(page, "647850321")  # no arrow moved a tile meanwhile


def test_a_depth_with_one_state_still_has_a_bar_to_see(page):
    for depth in range(11):  # eight has one state at depth 0 and few after
        box = page.locator(f"#chart .bar[data-depth='{depth}']").bounding_box()
        assert box["height"] >= 3, depth
    peak = page.locator("#chart .bar[data-depth='22']").bounding_box()  # 24,047 states
    assert peak["height"] > 5 * page.locator("#chart .bar[data-depth='0']").bounding_box()["height"]


@pytest.mark.parametrize("width", WIDTHS)
def test_the_chart_labels_are_readable_at_any_width(page, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.wait_for_function(
        """(w) => {
        const svg = document.querySelector('#chart svg'), axis = svg.querySelector('.axis');
        return Math.abs(axis.x2.baseVal.value + 8 - svg.getBoundingClientRect().width) < 1;
    }""",
        arg=width,
    )  # laid out again for the new width
    labels = page.evaluate("""() => [...document.querySelectorAll('#chart svg text')].map((t) => {
        const r = t.getBoundingClientRect();
        return {text: t.textContent, cls: t.getAttribute('class') || '',
                px: parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a,
                left: r.left, right: r.right};
    })""")
    texts = [label["text"] for label in labels]
    assert {"states (log scale)", "moves from the goal", "0", "5", "10", "1", "100"} <= set(texts)
    assert "24K" in texts  # the peak, at depth 22
    assert all(label["px"] >= 11 for label in labels), labels
    depths = sorted(
        (lab for lab in labels if "depth-label" in lab["cls"]), key=lambda lab: lab["left"]
    )
    assert all(a["right"] < b["left"] for a, b in itertools.pairwise(depths)), depths  # no overlap
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # nothing sticks out


# -- katakana --------------------------------------------------------------------------------------
def test_the_font_and_its_licence_are_shipped(base):
    with urllib.request.urlopen(f"{base}/static/kana.woff2", timeout=5) as response:
        assert response.headers["Content-Type"] == "font/woff2"
        assert response.read(4) == b"wOF2" and int(response.headers["Content-Length"]) < 8000
    with urllib.request.urlopen(f"{base}/static/kana-OFL.txt", timeout=5) as response:
        text = response.read().decode()
        assert "SIL OPEN FONT LICENSE Version 1.1" in text and "Copyright 2014-2021 Adobe" in text
    assert FONT_FILES == ["kana.woff2", "kana-OFL.txt"]


def test_every_catalogue_title_has_its_cjk_characters_in_the_shipped_font():
    """What the page's Latin fonts lack (wide, East Asian characters: atama's katakana,
    Klotski's 华容道) is in kana.woff2 and in the unicode-range fonts.css gives it."""
    from fontTools.ttLib import TTFont

    from puzzledb.builder import catalogue

    wide = {
        ch
        for puzzle in catalogue.CATALOGUE.values()
        for ch in puzzle.title
        if unicodedata.east_asian_width(ch) in "WF"
    }
    assert {"华", "容", "道", "ア"} <= wide  # what the rule must catch
    cmap = TTFont(STATIC / "kana.woff2").getBestCmap()
    assert sorted(ch for ch in wide if ord(ch) not in cmap) == []
    css = (STATIC / "fonts.css").read_text(encoding="utf-8")
    found = re.search(r"unicode-range:([^;]*);", css)
    assert found is not None
    ranges = found.group(1)
    covered: set = set()
    for low, high in re.findall(r"U\+([0-9A-F]+)(?:-([0-9A-F]+))?", ranges):
        covered.update(range(int(low, 16), int(high or low, 16) + 1))
    assert sorted(ch for ch in wide if ord(ch) not in covered) == []
    assert (STATIC / "kana.woff2").stat().st_size < 8000  # a few KB, fetched only when needed


def test_atama_is_drawn_with_the_shipped_katakana_everywhere(page):
    choose(page, "atama", "イノソウタ*マタア")
    page.click("#chart .bar[data-depth='3']")
    expect(page.locator("#browse .state")).not_to_have_count(0)
    assert page.evaluate("""async () => {
        await document.fonts.ready;
        return document.fonts.check('16px "puzzledb kana"', 'ア');
    }""")
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]

    def fonts(selector: str) -> dict[str, int]:
        node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        used = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        return {f["familyName"]: f["glyphCount"] for f in used}

    codes(page)  # the state field, folded under "Position code", drawn when opened
    places = {
        "tile": ".piece[data-label='ア'] .label",
        "move list": "#moves .move",
        "farthest": "#farthest .state",
        "depth browser": "#browse .state",
        "title (the select)": "#puzzle",
        "state field": "#state-input",
    }
    for what, selector in places.items():
        used = fonts(selector)
        assert used.get("puzzledb kana", 0) > 0, (what, used)
        assert set(used) <= {"puzzledb kana", "DejaVu Sans", "DejaVu Sans Mono"}, (what, used)
