"""Hints as a choice (issue 44, point 1), in a real Chromium: with hints off the page gives no
answer away (no optimal piece outlined, no distance, no move's outcome listed) but marks the
pieces that can move, and the Hint button gives one optimal move; Klotski is played from its
classic start to the goal that way on a phone. The choice is remembered in the address and the
browser; the last move made is outlined; Undo and Redo add no entries to the history."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect
from support.axe import AXE, axe_violations
from support.page_kit import AT_REST, follow_a_hint, in_view, tap
from support.servers import puzzledb_serve

from puzzledb.builder import catalogue
from puzzledb.db.build import build
from puzzledb.db.connection import writer

VIEWS = {"phone": (390, 844, True), "desktop": (1280, 800, False)}


@pytest.fixture(scope="module")
def hints_base(tmp_path_factory):
    path = tmp_path_factory.mktemp("hints") / "hints.sqlite"
    db = writer(path)
    klotski = catalogue.get("klotski")
    build(db, klotski, klotski.default_goal, time.perf_counter())
    db.close()
    with puzzledb_serve(path) as url:
        yield url


@pytest.fixture()
def viewed(browser, request):
    width, height, touch = VIEWS[request.param]
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=touch, bypass_csp=True
    )
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    page.on("console", lambda m: m.type == "error" and page.problems.append(m.text))
    yield page
    context.close()


def nothing_given_away(page) -> None:
    """With hints off and none asked for: no optimal piece, move or distance shown, but the
    pieces that can move marked."""
    expect(page.locator("#board .hint")).to_have_count(0)
    expect(page.locator("#moves .optimal")).to_have_count(0)
    expect(page.locator("#moves .depth")).to_have_count(0)
    assert page.locator("#board .movable").count() >= 1
    assert not page.locator("#distance").is_visible()
    assert "optimal" not in page.locator("#made").inner_text()


@pytest.mark.slow  # 116 moves, a Hint asked for each
@pytest.mark.parametrize("viewed", ["phone"], indirect=True)
def test_klotski_from_its_classic_start_by_the_hint_button_alone(viewed, hints_base):
    page = viewed
    page.goto(f"{hints_base}/?puzzle=klotski&state=start&hints=off")
    page.wait_for_selector("#moves li")
    for made in range(1, 117):
        nothing_given_away(page)
        tap(page, page.locator("#hint"))
        expect(page.locator("#status")).to_contain_text("Hint: ")
        expect(page.locator("#board .hint")).to_have_count(1)
        expect(page.locator("#moves .optimal")).to_have_count(1)  # the move given, and only it
        follow_a_hint(page)
        expect(page.locator("#made")).to_have_text(f"moves made: {made}")
        expect(page.locator("#board .last")).to_have_count(1)  # the piece just moved
        assert page.problems == [], f"errors at move {made}"
    expect(page.get_by_role("dialog", name="Solved in 116 — optimal!")).to_be_visible()


@pytest.mark.parametrize("viewed", ["phone", "desktop"], indirect=True)
def test_hints_off_is_remembered_and_hints_on_tells_all_again(viewed, hints_base):
    if not AXE.exists():
        pytest.fail(f"no axe-core at {AXE}: run `bash tests/install.sh`")
    page = viewed
    page.goto(f"{hints_base}/?puzzle=klotski&state=start")
    page.wait_for_selector("#moves .optimal")
    assert page.locator("#distance").inner_text() == "116"
    page.locator("#hints").click()
    expect(page.locator("#hints")).to_have_attribute("aria-pressed", "false")
    nothing_given_away(page)
    assert "hints=off" in page.url
    in_view(page, "#hint")
    page.reload()  # remembered by the address, and by the browser for a new one
    page.wait_for_selector("#moves li")
    expect(page.locator("#hints")).to_have_attribute("aria-pressed", "false")
    nothing_given_away(page)
    page.goto(f"{hints_base}/?puzzle=klotski&state=start")
    page.wait_for_selector("#moves li")
    expect(page.locator("#hints")).to_have_attribute("aria-pressed", "false")
    assert axe_violations(page) == []
    page.locator("#hints").click()
    expect(page.locator("#moves .optimal")).not_to_have_count(0)
    expect(page.locator("#distance")).to_have_text("116")
    assert "hints=off" not in page.url
    assert page.problems == []


@pytest.mark.parametrize("viewed", ["desktop"], indirect=True)
def test_undo_and_redo_add_no_history_entries(viewed, hints_base):
    page = viewed
    page.goto(f"{hints_base}/?puzzle=klotski&state=start")
    page.wait_for_selector("#moves .optimal")
    states = [follow_a_hint(page) for _ in range(3)]
    entries = page.evaluate("history.length")
    for button in ("#undo", "#undo", "#redo"):
        page.wait_for_function(AT_REST)
        page.click(button)
    expect(page.locator("#moves")).to_have_attribute("data-from", states[1])
    assert page.evaluate("history.length") == entries
    assert page.url.endswith(f"state={states[1]}")  # the entry shown names where it is
    assert page.problems == []


@pytest.mark.parametrize("viewed", ["phone", "desktop"], indirect=True)
def test_a_position_picked_from_a_list_brings_the_board_into_view(viewed, hints_base):
    """Issue 44, point 4: the farthest list and the states at a depth lie far below the board
    on a phone; a position picked there is shown with the board back in view and what was
    loaded said under it."""
    page = viewed
    page.goto(f"{hints_base}/?puzzle=klotski&state=start")
    page.wait_for_selector("#farthest .state")
    picked = page.locator("#farthest .state").first
    state = picked.get_attribute("data-state")
    picked.scroll_into_view_if_needed()
    picked.click()
    expect(page.locator("#moves")).to_have_attribute("data-from", state or "")
    expect(page.locator("#status")).to_contain_text("Loaded a farthest position.")
    in_view(page, "#board")
    bar = page.locator("#chart .bar[data-depth='40']")
    bar.scroll_into_view_if_needed()
    bar.click()
    picked = page.locator("#browse .state").nth(2)
    state = picked.get_attribute("data-state")
    picked.scroll_into_view_if_needed()
    assert page.evaluate("window.scrollY") > 0
    picked.click()
    expect(page.locator("#moves")).to_have_attribute("data-from", state or "")
    expect(page.locator("#status")).to_have_text("Loaded a position from States at a depth.")
    in_view(page, "#board")
    assert page.problems == []
