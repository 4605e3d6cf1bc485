"""The page as players meet it (issue 44, points 4 to 7), at a phone's size with touch and a
desktop's with a mouse, in a real Chromium: a position loaded from a link or pasted brings the
board into view and is named beside it; Klotski's metric changed keeps the position; the finish
leaves the solved board in view; the desktop's board takes the room it has; the phone's menus
show the words that tell puzzles apart; nothing is wider than a phone; every control is a
finger's size; the exact digits of a big count are a tap away."""

from __future__ import annotations

import json
import time
import urllib.request

import pytest
from playwright.sync_api import expect
from support.axe import AXE, axe_violations
from support.page_kit import box, in_view, opened, settled, tap
from support.servers import puzzledb_serve

from puzzledb.builder import catalogue
from puzzledb.db.build import build
from puzzledb.db.connection import writer

VIEWS = {"phone": (390, 844, True), "desktop": (1280, 800, False)}
BUILT = ["eight", "klotski", "klotski-straight", "rush51", "peg15", "nooff", "pyraminx"]
NEAR, GOAL = "123456708", "123456780"  # eight: one move from the goal


@pytest.fixture(scope="module")
def players_base(tmp_path_factory):
    path = tmp_path_factory.mktemp("players") / "players.sqlite"
    db = writer(path)
    for name in BUILT:
        puzzle = catalogue.get(name)
        build(db, puzzle, puzzle.default_goal, time.perf_counter())
    db.close()
    with puzzledb_serve(path) as url:
        yield url


def api(base: str, route: str) -> dict:
    with urllib.request.urlopen(f"{base}/{route}") as answer:
        return json.load(answer)


def page_at(browser, base: str, view: str, address: str):
    width, height, touch = VIEWS[view]
    return opened(browser, base, address, width, height, touch=touch, axe=True)


def press(page, selector: str) -> None:
    """A tap on a phone, a click on a desktop: as the player of this view would."""
    if page.viewport_size["width"] == 390:
        page.locator(selector).scroll_into_view_if_needed()  # as a player scrolls to it
        tap(page, page.locator(selector))
    else:
        page.click(selector)


def paste(page, text: str) -> None:
    """Text pasted onto the page outside any field, as from a player's clipboard."""
    page.evaluate(
        """(text) => {
          const data = new DataTransfer();
          data.setData("text", text);
          const event = new ClipboardEvent("paste", { clipboardData: data, bubbles: true });
          document.body.dispatchEvent(event);
        }""",
        text,
    )


def to_the_bottom(page) -> None:
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.wait_for_function("window.scrollY > 0")


def axe_clean(page) -> None:
    if not AXE.exists():
        pytest.fail(f"no axe-core at {AXE}: run `bash tests/install.sh`")
    assert axe_violations(page) == []


# -- 4: loading brings the board into view and says what was loaded ----------------------------
@pytest.mark.parametrize("view", VIEWS)
def test_a_link_or_a_paste_shows_the_board_and_names_the_position(browser, players_base, view):
    card = api(players_base, "farthest?puzzle=rush51&limit=3")["states"][2]
    with page_at(browser, players_base, view, f"/?puzzle=eight&state={NEAR}") as page:
        settled(page, NEAR)
        expect(page.locator("#status")).to_have_text("Loaded the position in the link.")
        in_view(page, "#board")
        to_the_bottom(page)
        paste(page, "867254301")
        settled(page, "867254301")
        expect(page.locator("#status")).to_have_text("Loaded the pasted position.")
        in_view(page, "#board")
        in_view(page, "#status")
        to_the_bottom(page)
        paste(page, card)  # a card of another puzzle's cluster: that puzzle opens
        settled(page, card)
        expect(page.locator("#puzzle")).to_have_value("rush51")
        expect(page.locator("#status")).to_contain_text("Loaded the pasted position.")
        expect(page.locator("#status")).to_contain_text("this position is one of its cluster")
        in_view(page, "#board")
        assert page.problems == []


# -- 5: another metric keeps the position ------------------------------------------------------
@pytest.mark.parametrize("view", VIEWS)
def test_changing_klotskis_metric_keeps_the_position(browser, players_base, view):
    state = api(players_base, "depth?puzzle=klotski&d=60&limit=1")["states"][0]
    straight = api(players_base, f"moves?puzzle=klotski-straight&state={state}")["depth"]
    with page_at(browser, players_base, view, f"/?puzzle=klotski&state={state}") as page:
        settled(page, state)
        expect(page.locator("#distance")).to_have_text("60")
        page.select_option("#puzzle", "klotski-straight")
        expect(page.locator("#status")).to_contain_text("Kept the position")
        settled(page, state)
        expect(page.locator("#distance")).to_have_text(str(straight))
        assert f"puzzle=klotski-straight&state={state}" in page.url
        page.select_option("#puzzle", "eight")  # another board: its own start
        settled(page, api(players_base, "farthest?puzzle=eight")["states"][0])
        page.go_back()  # Back returns to the kept position in the other metric
        settled(page, state)
        expect(page.locator("#puzzle")).to_have_value("klotski-straight")
        assert page.problems == []


# -- 6: the finish beside (or under) the solved board ------------------------------------------
@pytest.mark.parametrize("view", VIEWS)
def test_the_finish_leaves_the_solved_board_in_view(browser, players_base, view):
    with page_at(browser, players_base, view, f"/?puzzle=eight&state={NEAR}") as page:
        settled(page, NEAR)
        press(page, ".piece[data-label='8']")
        finish = page.get_by_role("dialog", name="Solved in 1 — optimal!")
        expect(finish).to_be_visible()
        settled(page, GOAL)
        page.wait_for_function("() => document.getAnimations().length === 0")
        in_view(page, "#board")
        in_view(page, "#finish")
        board, panel = box(page, "#board"), box(page, "#finish")
        apart = (
            panel["x"] >= board["x"] + board["width"] or panel["y"] >= board["y"] + board["height"]
        )
        assert apart, f"the finish {panel} covers the board {board}"
        for name in ("Play again", "Next puzzle", "Share"):
            expect(finish.get_by_role("button", name=name)).to_be_visible()
        expect(page.get_by_role("button", name="Play again")).to_be_focused()
        axe_clean(page)
        press(page, "#share")
        expect(page.locator("#status")).to_contain_text("ink")  # "Link copied" or how to copy it
        press(page, "#undo")  # a move away from the goal: the finish goes
        expect(finish).to_be_hidden()
        settled(page, NEAR)
        assert page.problems == []


# -- 7: size and text --------------------------------------------------------------------------
@pytest.mark.parametrize("puzzle", ["eight", "klotski"])
def test_a_desktops_board_takes_most_of_the_windows_height(browser, players_base, puzzle):
    with page_at(browser, players_base, "desktop", f"/?puzzle={puzzle}") as page:
        page.wait_for_selector("#moves li")
        board = box(page, "#board")
        assert board["height"] >= 0.6 * 800, f"{puzzle}'s board is {board['height']} px tall"
        in_view(page, "#board")
        in_view(page, ".board-bar")  # and its controls under it, without scrolling
        assert page.evaluate("window.scrollY") == 0


# every visible control smaller than a finger (44 px), named
SMALL_CONTROLS = """() => [...document.querySelectorAll(
    'button, select, input:not([type=hidden]), summary, [role=button], a[href]')]
  .filter((el) => el.getClientRects().length && getComputedStyle(el).visibility !== 'hidden')
  .filter((el) => { const r = el.getBoundingClientRect();
    return r.width < 43.5 || r.height < 43.5; })
  .map((el) => `${el.tagName} ${el.id || el.className} ${el.textContent.trim().slice(0, 20)}`)"""
# every element that runs past the window's right edge
WIDER = """() => [...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .map((e) => e.id || e.className)"""


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("puzzle", BUILT)
def test_every_control_is_a_fingers_size_and_nothing_is_wider_than_the_window(
    browser, players_base, view, puzzle
):
    with page_at(browser, players_base, view, f"/?puzzle={puzzle}") as page:
        page.wait_for_selector("#moves li")
        page.click("#codes summary")  # the forms folded under it, open
        page.wait_for_selector("#state-input")
        assert page.evaluate(WIDER) == []
        assert page.evaluate(SMALL_CONTROLS) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= VIEWS[view][0]
        assert page.problems == []


def test_a_typed_card_no_build_holds_says_its_command_within_a_phones_width(browser, players_base):
    card = "ooooBB/oooooo/AAoooo/oooCCC/oooooo/oooooo"
    with page_at(browser, players_base, "phone", "/?puzzle=rush51") as page:
        page.wait_for_selector("#moves li")
        page.click("#codes summary")
        page.fill("#state-input", card)
        page.press("#state-input", "Enter")
        expect(page.locator("#state-error .command")).to_contain_text("puzzledb build")
        assert page.evaluate(WIDER) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.problems == []  # the card refused by every build: nothing in the console


def test_the_phones_menus_show_the_words_that_tell_puzzles_apart(browser, players_base):
    """What a closed select shows of each option (as much as fits its box) differs from option
    to option."""
    seen = """(id) => { const s = document.getElementById(id);
      const room = s.getBoundingClientRect().width - 28;
      const probe = document.createElement('span');
      probe.style.font = getComputedStyle(s).font;
      probe.style.whiteSpace = 'pre';
      document.body.append(probe);
      const shown = [...s.options].map((o) => {
        let n = o.text.length;
        for (probe.textContent = o.text; probe.getBoundingClientRect().width > room;)
          probe.textContent = o.text.slice(0, --n);
        return probe.textContent;
      });
      probe.remove();
      return shown; }"""
    with page_at(browser, players_base, "phone", "/?puzzle=klotski") as page:
        page.wait_for_selector("#moves li")
        shown = page.evaluate(seen, "puzzle")
        assert len(shown) == len(BUILT) and len(set(shown)) == len(shown), shown
        assert all(len(s) >= 6 for s in shown)
        assert any(s.startswith("Klotski, one piece in one direction") for s in shown), shown


@pytest.mark.parametrize("view", VIEWS)
def test_the_exact_digits_of_a_big_count_are_a_tap_away(browser, players_base, view):
    start = catalogue.get("klotski").starts["start"]
    moves = api(players_base, f"moves?puzzle=klotski&state={start}")["moves"]
    big = max(m["solutions"] for m in moves if m["optimal"])
    assert big >= 10**9
    with page_at(browser, players_base, view, f"/?puzzle=klotski&state={start}") as page:
        settled(page, start)
        first = page.locator("#moves .move.optimal .count").first
        short, exact = first.locator(".short"), first.locator(".exact")
        expect(short).to_have_text("≈2.06×10⁹")
        expect(exact).to_have_text(f"{big:,}")  # heard, not seen
        assert first.locator(".exact").bounding_box()["width"] <= 1
        toggle = page.get_by_role("button", name="Exact digits")
        expect(toggle).to_be_visible()
        press(page, "#exact-counts")
        expect(toggle).to_have_attribute("aria-pressed", "true")
        expect(short).to_be_hidden()
        assert exact.bounding_box()["width"] > 40  # seen: its digits laid out
        row, digits = box(page, "#moves li:first-child .move"), exact.bounding_box()
        assert row["x"] <= digits["x"] and digits["x"] + digits["width"] <= row["x"] + row["width"]
        axe_clean(page)
        press(page, "#exact-counts")
        expect(short).to_be_visible()
        page.goto(f"{players_base}/?puzzle=eight")  # no count shortened: no toggle
        page.wait_for_selector("#moves li")
        expect(toggle).to_be_hidden()
        assert page.problems == []


# -- 8: listed states drawn as the board is ----------------------------------------------------
LOADED = "(img) => img.complete && img.naturalWidth > 0"


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("puzzle", ["klotski", "rush51"])
def test_farthest_and_browse_thumbnails_are_the_boards_figures(browser, players_base, view, puzzle):
    """Each listed state is a picture of its board in the board's look (the service's figure,
    the one a notebook shows: service/answers/figure.py, its colours the page's), not a grid of
    letters; those at a depth too, after a bar of the histogram is chosen."""
    from puzzledb.service.answers.figure import board_svg

    farthest = api(players_base, f"farthest?puzzle={puzzle}&limit=50")["states"]
    with page_at(browser, players_base, view, f"/?puzzle={puzzle}") as page:
        page.wait_for_selector("#moves li")
        thumbs = page.locator("#farthest .thumb")
        expect(thumbs).to_have_count(len(farthest))
        thumbs.first.scroll_into_view_if_needed()
        page.wait_for_function(LOADED, arg=thumbs.first.element_handle())
        assert thumbs.first.evaluate("(img) => img.tagName") == "IMG"
        drawn = page.request.get(thumbs.first.evaluate("(img) => img.src"))
        assert drawn.headers["content-type"] == "image/svg+xml; charset=utf-8"
        moves = api(players_base, f"moves?puzzle={puzzle}&state={farthest[0]}&any=true")
        entry = next(p for p in api(players_base, "puzzles")["puzzles"] if p["name"] == puzzle)
        goal = entry["default_goal"]
        definition = {**catalogue.get(puzzle).spec(), "goal": goal}
        assert drawn.text() == board_svg(definition, moves["pieces"])
        assert page.locator("#farthest .cell").count() == 0  # no letters in cells
        bar = page.locator("#chart .bar[data-depth='5']")
        bar.scroll_into_view_if_needed()
        bar.click()
        listed = page.locator("#browse .thumb")
        expect(listed.first).to_be_visible()
        listed.first.scroll_into_view_if_needed()
        page.wait_for_function(LOADED, arg=listed.first.element_handle())
        axe_clean(page)
        assert page.problems == []
