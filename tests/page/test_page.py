"""The page at "/" in a real headless Chromium (Playwright) against a real `puzzledb serve`.

Chromium is the system's (Debian package `chromium`; tests/install.sh installs it),
never a download. Every test also checks that the page made no request outside the service
and logged no error.
"""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect
from support.page_kit import (
    FONT_FILES,
    SOLVE_SECONDS,
    STATIC,
    choose,
    eight_as_drawn,
    load,
    settled,
)

from puzzledb.service.http.app import create_app


# -- the flows of issue 5 -------------------------------------------------------------------------
def test_solve_plays_the_31_moves_of_the_hardest_eight_state_to_the_goal(page):
    load(page, "867254301")
    settled(page, "867254301")
    expect(page.locator("#distance")).to_have_text("31")
    page.select_option("#speed", "fast")
    page.click("#solve")
    expect(page.locator("#counter")).to_have_text(
        re.compile(r"^move 31 of 31"), timeout=SOLVE_SECONDS * 1000
    )
    expect(page.locator("#distance")).to_have_text("0")
    expect(page.locator("#state-input")).to_have_value("123456780")
    assert eight_as_drawn(page) == "123456780"
    expect(page.locator("#solve")).to_be_disabled()


def test_pause_and_single_steps_move_the_counter_and_the_distance(page):
    load(page, "867254301")
    settled(page, "867254301")
    page.click("#solve")
    page.click("#pause")
    expect(page.locator("#pause")).to_have_text("Resume")
    counter = re.match(r"move (\d+) of 31", page.inner_text("#counter"))
    assert counter is not None
    shown = int(counter.group(1))
    assert shown < 31
    page.click("#forward")
    expect(page.locator("#counter")).to_contain_text(f"move {shown + 1} of 31")
    expect(page.locator("#distance")).to_have_text(str(30 - shown))
    page.click("#back")
    expect(page.locator("#counter")).to_contain_text(f"move {shown} of 31")
    expect(page.locator("#distance")).to_have_text(str(31 - shown))
    page.click("#pause")  # resume
    expect(page.locator("#pause")).to_have_text("Pause")


def test_clicking_a_tile_moves_it_and_the_distance_changes(page):
    load(page, "867254301")
    settled(page, "867254301")
    expect(page.locator(".move.optimal")).to_have_count(3)  # 5 down, 3 right, 1 left
    expect(page.locator(".piece.hint")).to_have_count(3)
    page.click(".piece[data-label='5']")
    settled(page, "867204351")
    expect(page.locator("#distance")).to_have_text("30")
    page.click(".piece[data-label='8']")  # not next to the blank
    expect(page.locator("#status")).to_have_text("That piece cannot move now.")
    expect(page.locator("#distance")).to_have_text("30")
    page.click("#undo")
    settled(page, "867254301")
    expect(page.locator("#distance")).to_have_text("31")


def test_an_invalid_state_shows_the_apis_message_next_to_the_field(page):
    load(page, "867254301")
    settled(page, "867254301")
    load(page, "86725430")
    error = page.locator("#state-form #state-error")
    expect(error).to_have_text("state has 8 cells, expected 9 (3x3)")
    expect(page.locator("#state-input")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#distance")).to_have_text("31")
    assert eight_as_drawn(page) == "867254301"
    load(page, "123456870")
    expect(error).to_contain_text("unsolvable by parity")
    # refusals come with status 200 (the header Puzzledb-Refusal-Status): none is a failed
    # request in the console, and their messages are shown all the same
    assert page.refused == []


def test_lines_are_drawn_with_their_glyphs(page):
    choose(page, "lines", "625204341")
    pieces = page.locator(".piece")
    expect(pieces).to_have_count(8)
    glyphs = sorted(p.get_attribute("data-glyph") for p in pieces.all())
    assert glyphs == sorted("┌──┐││└┘")
    assert page.locator(".piece[data-glyph='┌'] svg.lines line").count() == 2  # two arms


def test_atama_tiles_are_katakana(page):
    choose(page, "atama", "イノソウタ*マタア")
    labels = sorted(p.inner_text() for p in page.locator(".piece").all())
    assert labels == sorted("アタマノタイソウ")


def test_the_nooff_bulb_is_one_piece_over_two_cells_and_moves_when_clicked(page):
    choose(page, "nooff", "FNLLOOF_")
    bulb = page.locator(".piece[data-label='L']")
    expect(bulb).to_have_count(1)
    assert bulb.get_attribute("data-span") == "2" and bulb.inner_text().lower() == "bulb"
    tile = page.locator(".piece[data-label='N']").bounding_box()
    box = bulb.bounding_box()
    assert box["width"] == pytest.approx(2 * tile["width"], abs=2)
    assert box["height"] == pytest.approx(tile["height"], abs=2)
    load(page, "LL_OOFFN")
    settled(page, "LL_OOFFN")
    expect(page.locator("#distance")).to_have_text("42")
    bulb.click()
    settled(page, "_LLOOFFN")
    expect(page.locator("#distance")).to_have_text("41")


def test_peg15_is_a_triangle_of_15_holes(page):
    choose(page, "peg15", "111101111111111")
    holes = page.locator(".hole")
    expect(holes).to_have_count(15)
    expect(page.locator(".hole.has-peg")).to_have_count(14)
    rows: dict[int, list[float]] = {}
    for hole in holes.all():
        box = hole.bounding_box()
        rows.setdefault(round(box["y"]), []).append(box["x"] + box["width"] / 2)
    assert [len(rows[y]) for y in sorted(rows)] == [1, 2, 3, 4, 5]
    middles = [sum(xs) / len(xs) for xs in rows.values()]
    assert max(middles) - min(middles) < 2  # each row centred under the apex


def test_a_peg_jumps_when_clicked(page):
    choose(page, "peg15", "111101111111111")
    load(page, "111111111111011")
    settled(page, "111111111111011")
    expect(page.locator("#distance")).to_have_text("9")
    page.click(".hole[data-hole='10']")  # its one jump: over 11 into 12, an optimal move
    settled(page, "111111111100111")
    expect(page.locator("#distance")).to_have_text("8")


def test_a_peg_with_several_chains_is_picked_up_then_placed(page):
    choose(page, "peg15", "111101111111111")
    load(page, "101111110111111")  # peg 6 has five chains: to 1, 8 and back to 6
    settled(page, "101111110111111")
    page.click(".hole[data-hole='6']")
    expect(page.locator(".hole.selected")).to_have_count(1)
    page.click(".hole[data-hole='6']")  # let go
    expect(page.locator(".hole.selected")).to_have_count(0)
    page.click(".hole[data-hole='6']")
    expect(page.locator(".hole.target")).to_have_count(2)  # 1 and 8; back to 6 is listed only
    expect(page.locator(".hole.target.best[data-hole='1']")).to_have_count(1)
    # a tap on hole 1 is on its ghost's dot: two chains end there, so the list tells them apart
    page.locator("#board .ghost.best .dot").first.click()
    offered = page.locator("#moves li.offered")
    expect(offered).to_have_count(2)
    offered.locator(".move[data-move='peg 6 jumps to 1']").click()
    settled(page, "111011010111111")
    expect(page.locator("#distance")).to_have_text("9")


def test_the_histogram_has_a_bar_per_depth_and_marks_the_current_one(page):
    bars = page.locator("#chart .histogram .bar")
    expect(bars).to_have_count(32)  # depths 0..31
    expect(page.locator("#chart .bar.here")).to_have_attribute("data-depth", "31")
    load(page, "123456708")
    settled(page, "123456708")
    expect(page.locator("#chart .bar.here")).to_have_attribute("data-depth", "1")


def test_clicking_a_farthest_state_loads_it(page):
    choose(page, "nooff", "FNLLOOF_")
    states = page.locator("#farthest .state")
    expect(states).to_have_count(3)
    expect(page.locator("#farthest-note")).to_contain_text("3 states, 56 moves")
    page.click("#farthest .state[data-state='OFLLNOF_']")
    settled(page, "OFLLNOF_")
    expect(page.locator("#distance")).to_have_text("56")


# -- the page's routes -----------------------------------------------------------------------------
def test_the_page_and_its_files_are_served_with_a_policy_that_keeps_it_local(seed_db):
    app = create_app(seed_db)
    client = app.test_client()
    index = client.get("/")
    assert index.status_code == 200 and index.mimetype == "text/html"
    assert "default-src 'self'" in index.headers["Content-Security-Policy"]
    assert "static/page.js" in index.get_data(as_text=True)
    static = Path(__file__).resolve().parents[2] / "service" / "web" / "static"
    assert sorted(STATIC + FONT_FILES) == sorted(p.name for p in static.iterdir())  # none left out
    for name in STATIC:
        response = client.get(f"/static/{name}")
        assert response.status_code == 200, name
        addresses = set(re.findall(r"https?://[^\s\"'`]+", response.get_data(as_text=True)))
        assert addresses <= {"http://www.w3.org/2000/svg"}, name  # nothing fetched from afar
    page_routes = {
        r.rule: r.methods for r in app.url_map.iter_rules() if r.endpoint.startswith("web.")
    }
    assert set(page_routes) == {"/", "/static/<path:filename>"}
    assert all(
        (methods or set()) - {"HEAD", "OPTIONS"} == {"GET"} for methods in page_routes.values()
    )
    assert client.post("/").status_code == 405


def test_every_page_file_is_shipped(base):
    for name in STATIC:
        with urllib.request.urlopen(f"{base}/static/{name}", timeout=5) as response:
            assert response.status == 200 and response.read(), name


def test_the_page_reads_no_state_text_and_no_move_words():
    """Pieces and the cells a move changes come from the API; the page repeats no rule. Every
    script is held to that, so a module split off page.js is too, but those that read text on
    purpose: a card typed (cards.js), a class name (browse.js). A state drawn small is the
    service's figure (thumbs.js)."""
    static = Path(__file__).resolve().parents[2] / "service" / "web" / "static"
    reads_text = {"cards.js", "browse.js"}
    scripts = [name for name in STATIC if name.endswith(".js") and name not in reads_text]
    assert {"board.js", "picking.js", "page.js", "vehicles.js"} <= set(scripts)
    for name in scripts:
        source = (static / name).read_text(encoding="utf-8")
        for rule in (".wide", ".blank", "jumps to", "split(", "Array.from(state"):
            assert rule not in source, (name, rule)
