"""What the page shows is what was looked up (issue 17): an address it cannot honour falls
back with what was ignored and why, a failed lookup leaves no claim standing, a pending
lookup refuses what would change the position, the move counter agrees with itself, and your
own moves are a list to walk — in a real headless Chromium (see test_page.py)."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import time

from playwright.sync_api import expect
from support.page_kit import load, settled
from support.servers import PUZZLEDB, free_port, puzzledb_serve, running

HARDEST = "867254301"


# -- addresses the page cannot honour --
def test_a_bad_target_in_the_address_is_ignored_with_why_and_the_position_shown(page, base):
    page.goto(f"{base}/?puzzle=eight&state=123456780&to=xyz")
    settled(page, "123456780")
    expect(page.locator("#distance")).to_have_text("0")
    expect(page.locator(".piece")).to_have_count(8)
    expect(page.locator("#status")).to_contain_text("the target “xyz”: to has unknown piece 'x'")
    expect(page.locator("#target-input")).to_have_value("")
    expect(page.locator("#target-note")).to_have_text("toward the goal: the tiles in order")
    assert "to=" not in page.url


def test_an_unknown_puzzle_in_the_address_says_so_plainly(page, base):
    page.goto(f"{base}/?puzzle=fifteen&state=123")
    settled(page, "647850321")
    status = page.locator("#status")
    expect(status).to_contain_text("the puzzle “fifteen”: it is not built in this database")
    expect(status).to_contain_text("Showing eight instead")
    expect(status).not_to_contain_text("cells")  # its state was meant for fifteen
    page.goto(f"{base}/?puzzle=sixteen")
    settled(page, "647850321")
    expect(status).to_contain_text("the puzzle “sixteen”: there is no puzzle of that name")


def test_a_goal_not_built_is_ignored_with_why(page, base):
    page.goto(f"{base}/?puzzle=eight&goal=012345678&state={HARDEST}")
    settled(page, HARDEST)
    expect(page.locator("#status")).to_contain_text(
        "the goal “012345678”: eight is not built toward it"
    )
    expect(page.locator("#distance")).to_have_text("31")


# -- a failed lookup --
def test_a_lookup_failing_with_the_service_stopped_leaves_no_false_claim(browser, seed_db):
    with contextlib.ExitStack() as stack:
        base = stack.enter_context(puzzledb_serve(seed_db))
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto(f"{base}/?puzzle=eight&state=123456708")
        settled(page, "123456708")
        expect(page.locator("#distance-words")).to_have_text("move to the goal")
        stack.close()  # the service stops
        page.click(".piece[data-label='8']")
        failure = page.locator("#failure")
        expect(failure).to_be_visible()
        assert eight_as_drawn_now(page) == "123456780"
        # what is said is about the board shown: the goal, 0 moves away (known from the move)
        expect(page.locator("#distance")).to_have_text("0")
        expect(page.locator("#distance-words")).not_to_contain_text("move to the goal")
        expect(page.locator("#chart .bar.here")).to_have_attribute("data-depth", "0")
        expect(page.locator("#moves .move")).to_have_count(0)
        box = failure.bounding_box()
        assert box["y"] + box["height"] <= 800, "the failure notice is below the fold"
        distance = page.locator("#distance").bounding_box()
        assert box["y"] - (distance["y"] + distance["height"]) < 60, "far from the distance"
        context.close()


def eight_as_drawn_now(page) -> str:
    cells = ["0"] * 9
    for tile in page.locator(".piece").all():
        cells[int(tile.get_attribute("data-cell"))] = tile.get_attribute("data-label")
    return "".join(cells)


def test_a_lookup_the_frozen_service_never_answers_offers_retry_in_time(browser, seed_db):
    """The service stopped dead (SIGSTOP: connections wait, nothing answers): the lookup gives
    up within about 6 s with Retry, instead of "looking up…" for ever; once the service runs
    again, Retry looks the position up."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [*PUZZLEDB, "serve", "--db", str(seed_db), "--port", str(port)]
    with running(command, base, start_new_session=True) as server:  # its workers in its group
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        page.goto(f"{base}/?puzzle=eight&state=123456708")
        settled(page, "123456708")
        os.killpg(server.pid, signal.SIGSTOP)
        try:
            started = time.monotonic()
            page.click(".piece[data-label='8']")  # a move: the position it leads to is looked up
            expect(page.locator("#busy")).to_be_visible()
            expect(page.locator("#retry")).to_be_visible(timeout=8000)
            assert time.monotonic() - started < 8
            expect(page.locator("#busy")).to_be_hidden()
            expect(page.locator("#failure")).to_contain_text("did not answer")
            page.click(".piece[data-label='7']")  # refused, and why: Retry is the way on
            expect(page.locator("#status")).to_have_text("The service did not answer: press Retry.")
        finally:
            os.killpg(server.pid, signal.SIGCONT)
        page.click("#retry")
        settled(page, "123456780")
        expect(page.locator("#failure")).to_be_hidden()
        expect(page.locator("#distance")).to_have_text("0")
        context.close()


# -- one rule for a pending lookup --
LOOKUPS = re.compile(r"/moves\?(?!.*&to=)")  # not the background check of a target


def held(page) -> list:
    """Hold the page's lookups (the answer is delayed until released)."""
    routes: list = []
    page.route(LOOKUPS, lambda route: routes.append(route))  # noqa: PLW0108 (a builtin fails)
    return routes


def release(page, routes) -> None:
    for route in routes:
        route.continue_()
    page.unroute(LOOKUPS)


def test_a_click_during_a_pending_load_is_refused_and_the_load_arrives(page):
    load(page, HARDEST)
    settled(page, HARDEST)
    routes = held(page)
    load(page, "123456708")
    expect(page.locator("#busy")).to_be_visible()
    page.click(".piece[data-label='5']")  # on the old board
    expect(page.locator("#status")).to_have_text("wait: looking up this position")
    assert eight_as_drawn_now(page) == HARDEST  # the tile did not move
    release(page, routes)
    settled(page, "123456708")
    expect(page.locator("#distance")).to_have_text("1")
    expect(page.locator("#status")).not_to_have_text("wait: looking up this position")
    expect(page.locator("#busy")).to_be_hidden()


def test_undo_and_solve_wait_for_a_pending_lookup_too(page):
    load(page, HARDEST)
    settled(page, HARDEST)
    page.click(".piece[data-label='5']")
    settled(page, "867204351")
    routes = held(page)
    load(page, "123456708")
    page.click("#undo")
    expect(page.locator("#status")).to_have_text("wait: looking up this position")
    page.click("#solve")
    expect(page.locator("#status")).to_have_text("wait: looking up this position")
    release(page, routes)
    settled(page, "123456708")
    expect(page.locator("#solution .step")).to_have_count(0)
    expect(page.locator("#status")).to_have_text("")


# -- one move count --
def test_back_walks_the_moves_made_as_undo_does(page):
    load(page, HARDEST)
    settled(page, HARDEST)
    page.click("#moves .move.optimal >> nth=0")
    expect(page.locator("#made")).to_have_text("moves made: 1 (optimal from the start: 31)")
    page.click("#moves .move.optimal >> nth=0")
    expect(page.locator("#made")).to_have_text("moves made: 2 (optimal from the start: 31)")
    page.go_back()
    expect(page.locator("#made")).to_have_text("moves made: 1 (optimal from the start: 31)")
    page.click("#undo")
    expect(page.locator("#made")).to_have_text("moves made: 0 (optimal from the start: 31)")
    settled(page, HARDEST)


def test_solve_counts_its_moves_with_the_counter(page):
    load(page, HARDEST)
    settled(page, HARDEST)
    page.click("#solve")
    page.click("#pause")
    page.locator("#solution .step").nth(1).click()
    expect(page.locator("#counter")).to_have_text(re.compile("^move 2 of 31"))
    expect(page.locator("#made")).to_have_text("moves made: 2 (optimal from the start: 31)")
    page.click("#back")
    expect(page.locator("#made")).to_have_text("moves made: 1 (optimal from the start: 31)")


def test_solving_toward_a_target_counts_from_the_targets_distance(page, base):
    page.goto(f"{base}/?puzzle=eight&to=012345678&state=647850321")
    settled(page, "647850321")
    depth = page.inner_text("#distance")
    page.click("#solve")
    page.click("#solution-end")
    settled(page, "012345678")
    expect(page.locator("#made")).to_have_text(
        f"moves made: {depth} (optimal from the start: {depth})"
    )


# -- your moves as a list --
def test_your_moves_are_a_list_to_walk_with_lost_ground_marked(page):
    load(page, "123456708")
    settled(page, "123456708")
    page.click(".piece[data-label='7']")  # away from the goal: 1 -> 2
    settled(page, "123456078")
    page.click(".piece[data-label='4']")  # 2 -> 3
    settled(page, "123056478")
    steps = page.locator("#line .step")
    expect(steps).to_have_count(3)
    expect(page.locator("#line li[aria-current='step'] .step")).to_have_attribute("data-index", "2")
    expect(steps.nth(0).locator(".depth")).to_have_text("1")
    expect(steps.nth(1).locator(".depth")).to_have_text("2")
    expect(steps.nth(1).locator(".lost")).to_have_text("+2")
    expect(steps.nth(2).locator(".lost")).to_have_text("+2")
    steps.nth(1).click()
    settled(page, "123456078")
    expect(page.locator("#made")).to_have_text("moves made: 1 (optimal from the start: 1)")
    expect(steps).to_have_count(3)  # the line stays until a new move replaces its end
    page.click(".piece[data-label='7']")
    settled(page, "123456708")
    expect(steps).to_have_count(3)
    expect(steps.nth(2).locator(".lost")).to_have_count(0)
