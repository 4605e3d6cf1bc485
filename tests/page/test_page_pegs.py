"""Peg boards drawn without code on the page: the English cross (built within a radius) and a
4x4 square defined in TOML (built whole) drawn square, a peg clicked then its landing hole, the
winning lines each jump keeps and the pegs left; axe-core finds nothing on the cross (real
Chromium, as test_page.py)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect
from support.axe import AXE, TAGS
from support.page_kit import settled, troubles
from support.servers import puzzledb_serve

from puzzledb.builder import catalogue
from puzzledb.builder.definition import load_file
from puzzledb.db.build import build
from puzzledb.db.connection import writer

# pegs in holes 22, 23, 25 and 28: 22 over 23 wins; 23 can also jump to 21 or 31, and lose
FOUR = "000000000000000000000011010010000"


@pytest.fixture(scope="module")
def peg_base(tmp_path_factory):
    path = tmp_path_factory.mktemp("peg-page") / "pegs.sqlite"
    db = writer(path)
    english = catalogue.get("english")
    build(db, english, english.default_goal, time.perf_counter(), radius=4)
    square = load_file("examples/square.toml").puzzle
    build(db, square, square.default_goal, time.perf_counter())
    db.close()
    with puzzledb_serve(path) as url:
        yield url


@pytest.fixture()
def peg_page(browser, peg_base):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    yield page, peg_base
    context.close()
    assert problems == []


def centres(page) -> dict[int, tuple[float, float]]:
    out = {}
    for hole in page.locator(".hole").all():
        box = hole.bounding_box()
        out[int(hole.get_attribute("data-hole"))] = (
            box["x"] + box["width"] / 2,
            box["y"] + box["height"] / 2,
        )
    return out


def test_the_cross_is_drawn_square_row_by_row(peg_page):
    page, base = peg_page
    page.goto(f"{base}/?puzzle=english&state={FOUR}")
    settled(page, FOUR)
    expect(page.locator(".hole")).to_have_count(33)
    expect(page.locator(".hole.has-peg")).to_have_count(4)
    at = centres(page)
    rows: dict[int, list[int]] = {}
    for hole, (_, y) in at.items():
        rows.setdefault(round(y), []).append(hole)
    assert [len(rows[y]) for y in sorted(rows)] == [3, 3, 7, 7, 7, 3, 3]
    across = at[17][0] - at[16][0]
    down = at[23][1] - at[16][1]
    assert across > 10 and abs(across - down) < 1  # square, not staggered
    assert abs(at[0][0] - at[8][0]) < 1  # hole 0 above hole 8: the arms line up


def test_a_peg_is_clicked_then_its_landing_hole(peg_page):
    page, base = peg_page
    page.goto(f"{base}/?puzzle=english&state={FOUR}")
    settled(page, FOUR)
    expect(page.locator("#pegs")).to_have_text("4 pegs left")
    winning = page.locator("#moves .move[data-move='peg 22 jumps to 24']")
    expect(winning.locator(".depth")).to_contain_text("2 ✓")
    expect(winning).to_have_accessible_name(re.compile(r", optimal\s*, 1 winning line$"))
    page.click(".hole[data-hole='23']")  # two jumps: it is picked up, and both are offered
    expect(page.locator(".hole.selected")).to_have_count(1)
    expect(page.locator(".hole.target")).to_have_count(2)
    page.click(".hole[data-hole='31']")
    after = FOUR[:23] + "0" + FOUR[24:28] + "0" + FOUR[29:31] + "1" + FOUR[32:]
    settled(page, after)
    expect(page.locator("#pegs")).to_have_text("3 pegs left")
    expect(page.locator("#distance-words")).to_contain_text("no way")  # not "beyond radius"


def test_the_square_board_plays_to_the_end(peg_page):
    page, base = peg_page
    page.goto(f"{base}/?puzzle=square4&state=start")
    start = "1101111111111111"
    settled(page, start)
    expect(page.locator(".hole")).to_have_count(16)
    at = centres(page)
    assert abs((at[1][0] - at[0][0]) - (at[4][1] - at[0][1])) < 1
    expect(page.locator("#distance")).to_have_text("14")
    expect(page.locator("#moves .move.optimal")).to_have_count(2)
    expect(page.locator("#moves")).to_contain_text("35,113 winning lines")
    page.click(".hole[data-hole='10']")  # one jump: over 6 into 2, made at once
    settled(page, "1111110111011111")
    expect(page.locator("#distance")).to_have_text("13")
    expect(page.locator("#pegs")).to_have_text("14 pegs left")


def test_a_peg_board_built_whole_opens_at_its_classic_start(peg_page):
    """square4 names a start (every hole full but hole 2) and its whole build holds it."""
    page, base = peg_page
    seen = troubles(page)
    page.goto(f"{base}/?puzzle=square4")
    settled(page, "1101111111111111")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    assert seen == []
    expect(page.locator("#start")).to_have_value("named:start")
    expect(page.locator("#start option").first).to_have_text("classic")
    expect(page.locator("#goal option")).to_have_text("one peg left in hole 1 · 1.87K states")


def test_the_cross_built_within_a_radius_opens_at_its_farthest_and_offers_the_classic(peg_page):
    """english's classic start is 31 jumps out, beyond the radius-4 build: the page opens at
    the farthest state it holds, and the classic start, chosen, says in words why it has no
    distance. Opening it asks for nothing the build lacks (/puzzles says which starts each
    build holds): no refusal, no console error."""
    page, base = peg_page
    seen = troubles(page)
    page.goto(f"{base}/?puzzle=english")
    expect(page.locator("#moves")).to_have_attribute("data-from", re.compile("^[01]{33}$"))
    expect(page.locator("#start")).to_have_value("hardest")
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    assert seen == []
    expect(page.locator("#distance")).to_have_text("4")
    expect(page.locator("#start option")).to_have_text(
        ["classic", "farthest in this build (4 moves)", "random, 2 moves from the goal"]
    )
    expect(page.locator("#goal option")).to_have_text(
        re.compile(r"^one peg left in the centre \(hole 16\) · [\d.]+K? states, radius 4$")
    )
    page.select_option("#start", "named:start")
    settled(page, "1" * 16 + "0" + "1" * 16)
    expect(page.locator("#pegs")).to_have_text("32 pegs left")
    expect(page.locator("#why")).to_have_text(
        "Too far for this build: this position is more than 4 moves from the goal, and the "
        "build holds only positions within 4."
    )
    expect(page.locator("#distance-words")).to_have_text("beyond this build's radius")


# peg15 (one move a chain of jumps) where peg 10 has chains of up to nine jumps
CHAINS = "011010111111010"
LONGEST = "peg 10 jumps to 3, 0, 5, 3, 12, 5, 14, 12, 10"
# whether an element shows all of its text: nothing cut (the ellipsis) or hidden past its box
WHOLE = "(el) => el.scrollWidth <= el.clientWidth"


def test_a_long_chain_of_jumps_reads_whole_on_a_phone(browser, base):
    """On a 390 px screen every move's words show whole, wrapped within their row, in the
    list of moves and in your moves; the page does not grow wider than the screen."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.goto(f"{base}/?puzzle=peg15&state={CHAINS}")
        settled(page, CHAINS)
        words = page.locator("#moves .move .words")
        expect(words.filter(has_text=LONGEST)).to_have_count(1)
        for each in words.all():
            assert each.evaluate(WHOLE), f"{each.inner_text()!r} is cut"
            depth = each.locator("xpath=../span[contains(@class, 'depth')]").bounding_box()
            mine = each.bounding_box()
            assert mine["x"] + mine["width"] <= depth["x"], f"{each.inner_text()!r} runs on"
        page.click(f"#moves .move[data-move='{LONGEST}']")
        expect(page.locator("#made")).to_contain_text("moves made: 1 ")
        made = page.locator("#line .step .words").last
        expect(made).to_have_text(LONGEST)
        assert made.evaluate(WHOLE), "the move made is cut in your moves"
        step = page.locator("#line .step").last.bounding_box()
        assert step["x"] + step["width"] <= 390, "your move runs off the screen"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_axe_finds_nothing_on_the_cross(browser, peg_base, size):
    if not AXE.exists():
        pytest.fail(f"no axe-core at {AXE}: run `npm install --prefix tests`")
    width, height = size
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    page = context.new_page()
    try:
        page.goto(f"{peg_base}/?puzzle=english&state={FOUR}")
        settled(page, FOUR)
        page.click(".hole[data-hole='23']")  # a peg picked up, its targets marked
        page.add_script_tag(path=str(AXE))
        found = page.evaluate(
            "(tags) => axe.run(document, {runOnly: {type: 'tag', values: tags}})"
            ".then((r) => r.violations.map((v) => ({id: v.id, nodes: v.nodes.map((n) => "
            "n.target)})))",
            TAGS,
        )
        assert found == []
    finally:
        context.close()
