"""The page's plumbing, in a real headless Chromium (see test_page.py): positions are not
probed as targets one by one; an arrow pressed during a lookup is kept, not lost; a reload
keeps the moves made; a puzzle chosen while the service is down offers Retry; the controls
wait for the script that wires them; an address the service cannot serve is a page with a way
back."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from support.page_kit import choose, eight_as_drawn, load, settled, troubles

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


def test_opening_each_puzzle_asks_for_nothing_its_build_lacks(page, base):
    """Each built puzzle of the test database opened by its address alone: no request
    refused (each a console error too), no console error."""
    seen = troubles(page)
    built = page.evaluate(
        "fetch('puzzles').then((r) => r.json())"
        ".then((a) => a.puzzles.filter((p) => p.builds.length).map((p) => p.name))"
    )
    assert len(built) >= 6
    for puzzle in built:
        page.goto(f"{base}/?puzzle={puzzle}")
        expect(page.locator("#puzzle")).to_have_value(puzzle)
        expect(page.locator("#moves")).to_have_attribute("data-from", re.compile("."))
        expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
    assert seen == []


def first_farthest(page, puzzle: str) -> str:
    return page.evaluate(
        f"fetch('farthest?puzzle={puzzle}&limit=1').then((r) => r.json()).then((a) => a.states[0])"
    )


# -- keys during a lookup --------------------------------------------------------------------------
MOVES = re.compile(r"/moves\?")


class Held:
    """The page's /moves lookups held (unanswered) until released; later ones go through."""

    def __init__(self, page):
        self.page = page
        self.routes: list = []
        self.holding = True
        page.route(MOVES, self.arrived)

    def _held_one(self) -> None:
        """Until a lookup is held: Playwright hands this process the request a little after
        the page sends it (sooner on an idle machine), and one let go unheld would succeed."""
        for _ in range(250):
            if self.routes:
                return
            self.page.wait_for_timeout(20)  # lets Playwright deliver what has arrived
        raise AssertionError("no /moves lookup reached the route in 5 s")

    def arrived(self, route) -> None:
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def release(self) -> None:
        self._held_one()
        self.holding = False
        for route in self.routes:
            route.continue_()

    def fail(self) -> None:
        """The held lookups fail as an overloaded service's do; later ones go through."""
        self._held_one()
        self.holding = False
        for route in self.routes:
            route.fulfill(status=503, body="busy")


def start_at(page, state: str) -> None:
    """`state` on the board, the focus out of the state field (where arrows are the field's):
    waited for, so that the next arrow is the board's (a busy machine once let one reach the
    field)."""
    load(page, state)
    settled(page, state)
    page.keyboard.press("Escape")
    page.wait_for_function("document.activeElement !== document.querySelector('#state-input')")


def test_an_arrow_pressed_during_a_lookup_is_kept_and_made_when_it_answers(page):
    start_at(page, HARDEST)
    held = Held(page)
    status = page.locator("#status")
    page.keyboard.press("ArrowDown")  # the 5 comes down; the new position's lookup is held
    expect(page.locator("#busy")).to_be_visible()
    page.keyboard.press("ArrowLeft")  # kept, and said so
    expect(status).to_have_text("wait: looking up this position; then moving left")
    page.keyboard.press("ArrowUp")  # one is kept at most: this one is refused out loud
    expect(status).to_contain_text("wait: looking up this position; one arrow is kept")
    assert eight_as_drawn(page) == "867204351"  # nothing moved meanwhile
    held.release()
    settled(page, "867240351")  # the kept arrow: the 4 went left
    assert eight_as_drawn(page) == "867240351"
    expect(page.locator("#made")).to_have_text("moves made: 2 (optimal from the start: 31)")
    expect(status).to_have_text("")


def test_an_arrow_kept_for_a_failed_lookup_is_said_not_made(page):
    start_at(page, HARDEST)
    held = Held(page)
    page.keyboard.press("ArrowDown")
    expect(page.locator("#busy")).to_be_visible()
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#status")).to_have_text("wait: looking up this position; then moving left")
    held.fail()
    expect(page.locator("#failure")).to_be_visible()
    expect(page.locator("#status")).to_have_text(
        "Not moved left: the lookup it waited for did not succeed."
    )
    assert eight_as_drawn(page) == "867204351"


# -- a reload --------------------------------------------------------------------------------------
def test_a_reload_keeps_the_moves_made_and_undo_walks_them(page):
    load(page, HARDEST)
    settled(page, HARDEST)
    page.click(".piece[data-label='5']")
    settled(page, "867204351")
    page.click(".piece[data-label='4']")
    settled(page, "867240351")
    page.reload()
    settled(page, "867240351")
    expect(page.locator("#made")).to_have_text("moves made: 2 (optimal from the start: 31)")
    expect(page.locator("#line .step")).to_have_count(3)
    expect(page.locator("#undo")).to_be_enabled()
    page.click("#undo")  # a step the reload brought back: drawn from its own lookup
    settled(page, "867204351")
    assert eight_as_drawn(page) == "867204351"
    expect(page.locator("#made")).to_have_text("moves made: 1 (optimal from the start: 31)")
    expect(page.locator("#distance")).to_have_text("30")
    page.click("#redo")
    settled(page, "867240351")
    assert eight_as_drawn(page) == "867240351"


def test_a_long_game_keeps_its_history_entries_small(page):
    """Each history entry holds the line that led to it; browsers limit an entry's size (640k
    characters in older Firefox), so a step must cost a few dozen characters, not its pieces."""
    load(page, HARDEST)
    settled(page, HARDEST)
    for _ in range(20):
        state = page.get_attribute("#moves", "data-from")
        page.click("#moves .move.optimal >> nth=0")
        expect(page.locator("#moves")).not_to_have_attribute("data-from", state)
        expect(page.locator("#moves .move")).not_to_have_count(0)
    expect(page.locator("#made")).to_have_text("moves made: 20 (optimal from the start: 31)")
    size = page.evaluate("JSON.stringify(history.state).length")
    assert size < 21 * 60, f"{size} characters for a line of 21 steps"
    page.reload()
    expect(page.locator("#made")).to_have_text("moves made: 20 (optimal from the start: 31)")


# -- choosing a puzzle while the service is down -------------------------------------------------
def test_a_puzzle_chosen_while_the_service_is_down_offers_retry_then_shows_it(page, base):
    page.route(f"{base}/**", lambda route: route.abort())  # the service does not answer
    page.select_option("#puzzle", "seven")
    failure = page.locator("#failure")
    expect(failure).to_be_visible()
    expect(failure).to_contain_text("Loading 7-puzzle (2x4) failed: the service did not answer")
    # what shows agrees: the choice pending, nothing of eight left, nothing "loading…" for ever
    expect(page.locator("#puzzle")).to_have_value("seven")
    expect(page.locator("#goal")).to_have_value("12345670")
    expect(page.locator("#state-input")).to_have_value("")
    expect(page.locator(".piece")).to_have_count(0)
    expect(page.locator("#chart")).to_have_text("not loaded")
    expect(page.locator("#farthest-note")).to_have_text("not loaded")
    load(page, "12345670")  # nothing else is tried meanwhile: Retry is the way on
    expect(page.locator("#status")).to_have_text("The service did not answer: press Retry.")
    page.unroute(f"{base}/**")
    page.click("#retry")
    settled(page, "07214365")  # seven's farthest state, as when it is chosen
    expect(failure).to_be_hidden()
    expect(page.locator("#puzzle")).to_have_value("seven")
    expect(page.locator(".piece")).to_have_count(7)
    expect(page.locator("#chart .bar")).not_to_have_count(0)
    assert "puzzle=seven" in page.url


def test_the_address_names_a_puzzle_chosen_while_the_service_is_down(page, base):
    """The address names what the page shows as chosen: the puzzle asked for, with no
    position until one is shown, so a link copied or a reload asks for it again, and Back
    goes to the puzzle before. Once Retry shows it, its position is named in the same entry."""
    page.route(f"{base}/**", lambda route: route.abort())
    page.select_option("#puzzle", "seven")
    expect(page.locator("#failure")).to_be_visible()
    expect(page).to_have_url(f"{base}/?puzzle=seven")
    page.unroute(f"{base}/**")
    page.click("#retry")
    settled(page, "07214365")
    expect(page).to_have_url(f"{base}/?puzzle=seven&state=07214365")
    page.go_back()  # one entry for the choice and where it opened: Back is eight again
    settled(page, "647850321")
    expect(page.locator("#puzzle")).to_have_value("eight")
    expect(page).to_have_url(f"{base}/?puzzle=eight&state=647850321")
    page.route(f"{base}/**", lambda route: route.abort())
    page.go_forward()  # Forward to seven while the service is down again: named, Retry offered
    expect(page.locator("#failure")).to_be_visible()
    expect(page.locator("#puzzle")).to_have_value("seven")
    expect(page).to_have_url(f"{base}/?puzzle=seven&state=07214365")


# -- before the scripts, and without them ----------------------------------------------------------
CONTROLS = "main button, main select, main input:not([hidden])"
SCRIPT = re.compile(r"/static/page\.js$")


def test_the_controls_are_disabled_until_the_scripts_have_wired_them(browser, base):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    scripts: list = []
    page.route(SCRIPT, lambda route: scripts.append(route))  # noqa: PLW0108 (Playwright wraps a Python function, not a builtin)
    with page.expect_request(SCRIPT):  # the page is parsed; its script is held
        page.goto(base + "/", wait_until="commit")
    expect(page.locator("#solution-end")).to_be_attached()  # the last control
    controls = page.locator(CONTROLS)
    assert controls.count() > 15
    for control in controls.all():  # nothing looks usable that does nothing yet
        expect(control).to_be_disabled()
    assert len(scripts) == 1
    scripts[0].continue_()
    settled(page, "647850321")
    for name in ("#puzzle", "#goal", "#start", "#solve", "#speed", "#state-input", "#copy-link"):
        expect(page.locator(name)).to_be_enabled()
    expect(page.locator("#undo")).to_be_disabled()  # nothing to undo: the page decides
    context.close()


def test_without_javascript_the_page_says_it_needs_it(browser, base):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(base + "/")
    note = page.locator("header noscript p")  # (Playwright's text search skips <noscript>)
    expect(note).to_be_visible()
    expect(note).to_contain_text("This page needs JavaScript")
    for control in page.locator(CONTROLS).all():
        expect(control).to_be_disabled()
    context.close()


# -- addresses the service cannot serve ------------------------------------------------------------
FRAME = "rgb(52, 69, 78)"  # the page's header (page.css --frame)


@pytest.mark.parametrize(
    "address, status",
    [
        ("/nowhere/at/all", 404),
        ("/?puzzle=eight&state=" + "x" * 3000, 414),  # refused by the app
        ("/?puzzle=eight&state=" + "x" * 9000, 414),  # refused by serve's worker, before the app
    ],
    ids=["unknown path", "long query", "long request line"],
)
def test_an_address_the_service_cannot_serve_is_a_page_with_a_way_back(page, base, address, status):
    response = page.goto(base + address)
    assert response.status == status
    expect(page.locator("main h2")).to_have_text(re.compile(f"^{status} "))
    expect(page.locator("main p").first).not_to_be_empty()
    header = page.evaluate("getComputedStyle(document.querySelector('header')).backgroundColor")
    assert header == FRAME  # styled: the policy let it load the page's stylesheet
    page.click("text=Go to the puzzle page")
    settled(page, "647850321")
