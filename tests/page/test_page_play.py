"""Playing on the page: addresses and the browser's history, the solution as a list, honest
loading and failure states, peg dead ends, redo and the solved moment, and targets — in a
real headless Chromium (see test_page.py).
"""

from __future__ import annotations

import json
import re
import urllib.parse
import urllib.request

from playwright.sync_api import expect
from support.page_kit import choose, load, set_target, settled

HARDEST = "867254301"  # eight, 31 moves from the goal


def api(base: str, route: str, **params) -> dict:
    with urllib.request.urlopen(f"{base}/{route}?{urllib.parse.urlencode(params)}", timeout=5) as r:
        return json.loads(r.read())


def shown_query(page) -> dict:
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(page.url).query))


def make_optimal_move(page) -> str:
    """Click the first optimal move listed; the state it leads to, once settled."""
    before = page.get_attribute("#moves", "data-from")
    page.click("#moves .move.optimal >> nth=0")
    expect(page.locator("#moves")).not_to_have_attribute("data-from", before)
    expect(page.locator("#moves")).to_have_attribute("data-from", re.compile("."))
    state = page.get_attribute("#moves", "data-from")
    settled(page, state)
    return state


# -- addresses and history -------------------------------------------------------------------------
def test_a_shared_address_opens_its_position(page, base):
    page.goto(f"{base}/?puzzle=nooff&state=LLONOFF_")
    settled(page, "LLONOFF_")
    expect(page.locator("#puzzle")).to_have_value("nooff")
    expect(page.locator("#distance")).to_have_text("44")
    assert shown_query(page) == {"puzzle": "nooff", "state": "LLONOFF_"}


def test_an_invalid_address_says_why_and_shows_the_first_farthest_state(page, base):
    page.goto(f"{base}/?puzzle=nooff&state=LLONOF")
    settled(page, "FNLLOOF_")
    expect(page.locator("#status")).to_contain_text("state has 6 cells, expected 8")
    assert shown_query(page)["state"] == "FNLLOOF_"


def test_back_and_forward_walk_the_moves_made(page):
    load(page, HARDEST)
    settled(page, HARDEST)
    assert shown_query(page) == {"puzzle": "eight", "state": HARDEST}
    first = make_optimal_move(page)
    second = make_optimal_move(page)
    assert shown_query(page)["state"] == second
    page.go_back()
    settled(page, first)
    expect(page.locator("#distance")).to_have_text("30")
    page.go_back()
    settled(page, HARDEST)
    expect(page.locator("#distance")).to_have_text("31")
    page.go_forward()
    settled(page, first)
    page.go_forward()
    settled(page, second)
    expect(page.locator("#distance")).to_have_text("29")


def test_copy_link_puts_the_address_on_the_clipboard(page, base):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    load(page, HARDEST)
    settled(page, HARDEST)
    page.click("#copy-link")
    expect(page.locator("#status")).to_have_text("Link copied")
    assert page.evaluate("navigator.clipboard.readText()") == page.url
    assert "state=" + HARDEST in page.url


def test_without_a_clipboard_copy_link_selects_the_address_in_a_field(page):
    page.evaluate("Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined})")
    page.click("#copy-link")
    link = page.locator("#link")
    expect(link).to_be_visible()
    expect(link).to_have_value(page.url)
    assert page.evaluate("document.activeElement.id") == "link"


# -- the solution as a list ------------------------------------------------------------------------
def test_the_solution_is_listed_and_its_moves_can_be_picked(page, base):
    answer = api(base, "path", puzzle="eight", state=HARDEST)
    load(page, HARDEST)
    settled(page, HARDEST)
    page.click("#solve")
    expect(page.locator("#solution-note")).to_have_text(
        f"31 moves · {answer['solutions']:,} optimal solutions"
    )
    steps = page.locator("#solution .step")
    expect(steps).to_have_count(31)
    assert [s.inner_text() for s in steps.all()] == answer["moves"]
    current = page.locator("#solution li[aria-current='step']")
    expect(current).to_have_count(1)  # follows the playing solution
    page.click("#pause")
    counter = re.match(r"move (\d+) of 31", page.inner_text("#counter"))
    assert counter is not None
    shown = int(counter.group(1))
    expect(current.locator(".step")).to_have_attribute("data-index", str(shown))
    page.click("#forward")
    expect(current.locator(".step")).to_have_attribute("data-index", str(shown + 1))

    steps.last.click()
    settled(page, "123456780")
    expect(page.locator("#distance")).to_have_text("0")
    expect(page.locator("#counter")).to_have_text(re.compile("^move 31 of 31"))
    steps.nth(2).click()
    settled(page, answer["path"][3])
    expect(page.locator("#distance")).to_have_text("28")
    expect(current.locator(".step")).to_have_attribute("data-index", "3")
    page.click("#solution-start")
    settled(page, HARDEST)
    expect(current).to_have_count(0)
    page.click("#solution-end")
    settled(page, "123456780")


def test_optimal_moves_show_their_count_of_solutions(page, base):
    load(page, HARDEST)
    settled(page, HARDEST)
    moves = {m["move"]: m for m in api(base, "moves", puzzle="eight", state=HARDEST)["moves"]}
    for button in page.locator("#moves .move.optimal").all():
        solutions = moves[button.get_attribute("data-move")]["solutions"]
        plural = "solution" if solutions == 1 else "solutions"
        expect(button.locator(".depth")).to_contain_text("30 ✓")
        expect(button.locator(".count")).to_have_text(f", {solutions:,} {plural}")


# -- honest states -------------------------------------------------------------------------------
def test_a_failed_lookup_offers_retry_and_the_retry_works(page):
    load(page, HARDEST)
    settled(page, HARDEST)
    failures: list = []

    def fail_once(route):
        if failures:
            return route.continue_()
        failures.append(route.request.url)
        route.fulfill(status=503, body="busy")

    page.route(re.compile(r"/moves\?"), fail_once)
    page.click(".piece[data-label='5']")
    expect(page.locator("#failure")).to_be_visible()
    expect(page.locator("#failure")).to_contain_text("the service did not answer")
    expect(page.locator("#state-input")).to_have_value("867204351")  # the move was made
    page.click(".piece[data-label='3']")
    expect(page.locator("#status")).to_contain_text("press Retry")
    page.click("#retry")
    settled(page, "867204351")
    expect(page.locator("#failure")).to_be_hidden()
    expect(page.locator("#distance")).to_have_text("30")
    assert len(failures) == 1


def test_a_click_while_looking_up_is_refused_out_loud(page):
    load(page, HARDEST)
    settled(page, HARDEST)
    held = []
    page.route(re.compile(r"/moves\?"), lambda route: held.append(route))  # noqa: PLW0108 (Playwright wraps a Python function, not a builtin)
    page.click(".piece[data-label='5']")
    expect(page.locator("#busy")).to_be_visible()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "true")
    page.click(".piece[data-label='3']")
    expect(page.locator("#status")).to_have_text("wait: looking up this position")
    for route in held:
        route.continue_()
    page.unroute(re.compile(r"/moves\?"))
    settled(page, "867204351")
    expect(page.locator("#busy")).to_be_hidden()
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")


# -- peg dead ends -------------------------------------------------------------------------------
def test_a_peg_dead_end_keeps_listing_its_moves(page):
    choose(page, "peg15", "111101111111111")
    expect(page.locator("#pegs")).to_have_text("14 pegs left")
    load(page, "111111110111101")
    settled(page, "111111110111101")
    page.click("#moves .move[data-move='peg 1 jumps to 8']")
    settled(page, "101101111111101")
    expect(page.locator("#distance-words")).to_have_text("no way to the goal from here")
    expect(page.locator("#pegs")).to_have_text("12 pegs left")
    expect(page.locator("#failure")).to_be_hidden()
    moves = page.locator("#moves .move")
    expect(moves).to_have_count(6)
    expect(moves.first.locator(".depth")).to_have_text("dead end")
    moves.first.click()  # still playable
    expect(page.locator("#pegs")).to_have_text("11 pegs left")
    expect(page.locator("#moves .move").first).to_be_visible()


# -- redo, moves made, the solved moment ---------------------------------------------------------
def test_undo_then_redo_and_a_new_move_clears_redo(page):
    load(page, HARDEST)
    settled(page, HARDEST)
    first = make_optimal_move(page)
    expect(page.locator("#redo")).to_be_disabled()
    page.click("#undo")
    settled(page, HARDEST)
    page.click("#redo")
    settled(page, first)
    expect(page.locator("#made")).to_have_text("moves made: 1 (optimal from the start: 31)")
    page.click("#undo")
    settled(page, HARDEST)
    make_optimal_move(page)
    expect(page.locator("#redo")).to_be_disabled()


def test_solving_by_hand_shows_the_moves_made_against_the_optimal(page):
    load(page, HARDEST)
    settled(page, HARDEST)
    page.click("#solve")
    page.locator("#solution .step").nth(27).click()  # 3 moves to go
    expect(page.locator("#distance")).to_have_text("3")
    # Solve's moves up to where it rests are moves made: one count, the counter's
    expect(page.locator("#counter")).to_have_text(re.compile("^move 28 of 31"))
    expect(page.locator("#made")).to_have_text("moves made: 28 (optimal from the start: 31)")
    page.wait_for_selector("#moves .move.optimal")
    make_optimal_move(page)
    expect(page.locator("#made")).to_have_text("moves made: 29 (optimal from the start: 31)")
    expect(page.locator("#announce")).to_have_text("2 moves to the goal")
    make_optimal_move(page)
    expect(page.locator("#solved")).to_be_hidden()
    make_optimal_move(page)
    solved = "Solved in 31 (28 by Solve) — optimal!"
    expect(page.locator("#solved")).to_have_text(solved)
    expect(page.locator("#announce")).to_have_text(solved)


def test_solving_a_few_moves_by_hand_from_a_loaded_position(page):
    load(page, "123456708")
    settled(page, "123456708")
    page.click(".piece[data-label='7']")  # away from the goal
    settled(page, "123456078")
    page.click(".piece[data-label='7']")
    settled(page, "123456708")
    page.click(".piece[data-label='8']")
    settled(page, "123456780")
    expect(page.locator("#solved")).to_have_text("Solved in 3 — 2 more than optimal (1)")


# -- targets -------------------------------------------------------------------------------------
def test_a_target_with_its_blank_in_a_corner_gives_a_path_ending_there(page, base):
    depth = api(base, "path", puzzle="eight", state="647850321", to="012345678")["depth"]
    set_target(page, "012345678")
    expect(page.locator("#distance")).to_have_text(str(depth))
    expect(page.locator("#distance-words")).to_have_text("moves to the target")
    assert shown_query(page) == {"puzzle": "eight", "to": "012345678", "state": "647850321"}
    page.click("#solve")
    page.click("#solution-end")
    settled(page, "012345678")
    expect(page.locator("#distance")).to_have_text("0")
    page.click("#target-clear")
    settled(page, "012345678")
    expect(page.locator("#distance-words")).to_have_text("moves to the goal")


def test_a_target_without_a_build_is_refused_and_the_goal_kept(page):
    set_target(page, "102345678")
    expect(page.locator("#target-error")).to_contain_text(
        "no build of eight can answer toward 102345678"
    )
    expect(page.locator("#target-note")).to_contain_text("toward the goal")
    expect(page.locator("#distance-words")).to_have_text("moves to the goal")
    assert "to" not in shown_query(page)


def test_an_address_with_a_target_opens_toward_it(page, base):
    page.goto(f"{base}/?puzzle=eight&to=012345678&state=647850321")
    settled(page, "647850321")
    depth = api(base, "moves", puzzle="eight", state="647850321", to="012345678")["depth"]
    expect(page.locator("#distance")).to_have_text(str(depth))
    expect(page.locator("#target-input")).to_have_value("012345678")
