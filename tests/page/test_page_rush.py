"""Rush Hour on the page (issue 31), in a real headless Chromium: cars and trucks drawn as
vehicles, the primary car A in a colour of its own and the exit a gap in the frame; a vehicle
dragged along its axis moves and across it does not; a vehicle clicked shows each place it can
go with the distance that move leads to; a card typed or pasted opens the build that holds it,
or says the command that builds it; the 51-move card played to the end by its hints on a phone
(touch) and a desktop; axe on a board of vehicles. The page's database holds rush51
(conftest.py's page_db); walls come from a small card built here."""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest
from playwright.sync_api import Page, expect
from support.axe import AXE, axe_violations
from support.page_kit import codes, load, opened, settled
from support.servers import TREE, puzzledb_serve

from puzzledb.builder import catalogue
from puzzledb.builder.kinds.rush import RushHour
from puzzledb.builder.kinds.rush.text_form import canonical, shape_of
from puzzledb.db.build import build
from puzzledb.db.connection import writer

CARD = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"  # rush51, 51 moves
# A position of its cluster where truck C (cells 18-20) can go right 1, 2 or 3 cells.
THREE_WAYS = "GBBoLMGHIoLMGHIAAMCCCoooooJKDDEEJKFF"
# A small card with a wall at d1, not built in the page's database.
WALLED = "BBoxoo/ooooCo/AAooCo/oooooo/oooooo/oooooo"
WALLED_STATE = WALLED.replace("/", "")
PAGE_ERRORS = "document.querySelectorAll('#state-error code').length"


def moves_of(base: str, state: str, puzzle: str = "rush51") -> list[dict]:
    with urllib.request.urlopen(f"{base}/moves?puzzle={puzzle}&state={state}") as answer:
        return json.load(answer)["moves"]


def lead(move: dict, cols: int = 6) -> int:
    """The cell a move brings its vehicle's front to: of the cells it enters, the farthest."""
    entered = [c for c in move["to"] if c not in move["from"]]

    def away(cell: int) -> int:
        rows_apart = (abs(cell // cols - f // cols) for f in move["from"])
        cols_apart = (abs(cell % cols - f % cols) for f in move["from"])
        return min(r + c for r, c in zip(rows_apart, cols_apart))

    return max(entered, key=away)


def centre(page: Page, selector: str) -> tuple[float, float]:
    """The middle of the first element `selector` finds."""
    box = page.locator(selector).first.bounding_box()
    assert box, f"{selector} is not shown"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page: Page, start: tuple[float, float], end: tuple[float, float]) -> None:
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=8)
    page.mouse.up()


# -- drawn as vehicles -----------------------------------------------------------------------------
BEFORE = "(el) => getComputedStyle(el, '::before').backgroundImage"


def test_cars_and_trucks_are_drawn_as_vehicles_a_in_red_and_the_exit_a_gap(browser, base):
    with opened(browser, base, "/?puzzle=rush51&state=start") as page:
        settled(page, CARD)
        vehicles = page.locator("#board .piece.vehicle")
        expect(vehicles).to_have_count(13)  # one element a vehicle, however many cells
        cell = page.locator("#board .slot[data-cell='0']").bounding_box()
        assert cell
        truck = page.locator(".piece[data-label='G']").bounding_box()  # vertical, 3 cells
        car = page.locator(".piece[data-label='B']").bounding_box()  # horizontal, 2 cells
        assert truck and car
        assert truck["height"] == pytest.approx(3 * cell["height"], abs=1)
        assert truck["width"] == pytest.approx(cell["width"], abs=1)
        assert car["width"] == pytest.approx(2 * cell["width"], abs=1)
        expect(page.locator(".piece[data-label='G']")).to_have_attribute("aria-label", "truck G")
        primary = page.locator(".piece.primary")
        expect(primary).to_have_count(1)
        expect(primary).to_have_attribute("data-label", "A")
        expect(primary).to_have_attribute("aria-label", "car A, the primary car")
        red = primary.evaluate(BEFORE)
        labels = [v.get_attribute("data-label") for v in vehicles.all()]
        others = [v.evaluate(BEFORE) for v, label in zip(vehicles.all(), labels) if label != "A"]
        assert red not in others
        assert len(set(others)) > 1, "the other vehicles are coloured by letter"
        # the exit: a gap in the right side of the frame, beside A's row (row 3 of 6)
        exit_mark = page.locator("#board .exit")
        expect(exit_mark).to_have_count(1)
        expect(exit_mark).to_have_attribute("data-side", "right")
        gap, board = exit_mark.bounding_box(), page.locator("#board").bounding_box()
        a_box = primary.bounding_box()
        assert gap and board and a_box
        assert gap["x"] >= a_box["x"] + a_box["width"] - 1  # right of A, in the frame
        assert gap["y"] == pytest.approx(a_box["y"], abs=1)
        assert gap["height"] == pytest.approx(a_box["height"], abs=1)
        frame = page.locator("#board").evaluate("(el) => getComputedStyle(el).borderRightColor")
        paper = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert exit_mark.evaluate("(el) => getComputedStyle(el).backgroundColor") == paper != frame
        expect(page.locator("#exit")).to_have_text("exit: right, row 3")
        assert page.problems == []  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def walled_base(tmp_path_factory):
    """A small card with a wall, built alone."""
    path = tmp_path_factory.mktemp("rush-walls") / "w.sqlite"
    db = writer(path)
    card = RushHour("walled", WALLED)
    build(db, card, card.default_goal, time.perf_counter())
    db.close()
    with puzzledb_serve(path) as url:
        yield url


def test_a_wall_is_drawn_as_a_wall_and_never_moves(browser, walled_base):
    with opened(browser, walled_base, "/?puzzle=walled&state=start") as page:
        settled(page, WALLED_STATE)
        wall = page.locator("#board .piece.wall")
        expect(wall).to_have_count(1)
        expect(wall).to_have_attribute("data-cell", "3")
        assert wall.evaluate("(el) => el.tagName") == "DIV"  # no button: no place to go
        expect(page.locator("#board .piece.vehicle")).to_have_count(3)
        page.mouse.click(*centre(page, "#board .piece.wall"))
        expect(page.locator("#status")).to_have_text("A wall never moves.")
        expect(page.locator("#state-input")).to_have_value(WALLED_STATE)
        thumb = page.locator("#farthest .thumb").first  # a small board draws it too
        page.wait_for_function(
            "(img) => img.complete && img.naturalWidth > 0", arg=thumb.element_handle()
        )
        figure = page.request.get(thumb.evaluate("(img) => img.src")).text()
        assert figure.count('fill="url(#pz-wall)"') == 1  # the wall, hatched
        assert figure.count('fill="url(#pz-e0574f-b3261e)"') == 1  # one primary car, red
        assert page.problems == []  # type: ignore[attr-defined]


# -- moving: dragging along the axis, and click-then-destination ----------------------------------
def test_a_vehicle_dragged_along_its_axis_moves_and_across_it_does_not(browser, base):
    with opened(browser, base, "/?puzzle=rush51&state=start") as page:
        settled(page, CARD)
        cell = page.locator("#board .slot[data-cell='0']").bounding_box()
        assert cell
        x, y = centre(page, ".piece[data-label='F']")  # horizontal car F, cells 33-34
        drag(page, (x, y), (x, y - 1.5 * cell["height"]))  # up: across its axis
        expect(page.locator("#status")).not_to_contain_text("No move")
        expect(page.locator(".piece[data-label='F']")).to_have_attribute("data-cell", "33")
        expect(page.locator("#state-input")).to_have_value(CARD)
        expect(page.locator("#made")).to_contain_text("moves made: 0 ")
        x, y = centre(page, ".piece[data-label='M']")  # vertical truck M: sideways, nothing
        drag(page, (x, y), (x - 1.5 * cell["width"], y))
        expect(page.locator(".piece[data-label='M']")).to_have_attribute("data-cell", "11")
        expect(page.locator("#state-input")).to_have_value(CARD)
        x, y = centre(page, ".piece[data-label='F']")  # right, a little off the row: moves
        drag(page, (x, y), (x + 1.1 * cell["width"], y + 0.4 * cell["height"]))
        after = CARD[:33] + "oFF"
        settled(page, after)
        expect(page.locator(".piece[data-label='F']")).to_have_attribute("data-cell", "34")
        expect(page.locator("#distance")).to_have_text("50")
        expect(page.locator("#line")).to_contain_text("car F right")
        x, y = centre(page, ".piece[data-label='F']")  # far past its reach: as far as it goes
        drag(page, (x, y), (x - 4 * cell["width"], y))
        settled(page, CARD)
        assert page.problems == []  # type: ignore[attr-defined]


def test_a_finger_drags_a_vehicle_along_its_axis_and_the_page_does_not_scroll(browser, base):
    """Real touch input (the browser's own, which scrolls the page unless the vehicle keeps
    the gesture) at a phone's size: truck M pushed up by a finger, then C across its axis."""
    with opened(browser, base, "/?puzzle=rush51&state=start", 390, 844, touch=True) as page:
        settled(page, CARD)
        cell = page.locator("#board .slot[data-cell='0']").bounding_box()
        assert cell
        x, y = centre(page, ".piece[data-label='M']")
        touch_drag(page, (x, y), (x + 0.3 * cell["width"], y - 1.2 * cell["height"]))
        after = "GBBoLMGHIoLMGHIAAMCCCKooooJKDDEEJFFo"
        settled(page, after)
        expect(page.locator(".piece[data-label='M']")).to_have_attribute("data-cell", "5")
        x, y = centre(page, ".piece[data-label='C']")
        touch_drag(page, (x, y), (x, y + 1.5 * cell["height"]))
        expect(page.locator(".piece[data-label='C']")).to_have_attribute("data-cell", "18")
        expect(page.locator("#state-input")).to_have_value(after)
        assert page.evaluate("[window.scrollX, window.scrollY]") == [0, 0]
        assert page.problems == []  # type: ignore[attr-defined]


def touch_drag(page: Page, start: tuple[float, float], end: tuple[float, float]) -> None:
    """A finger pressed at `start`, moved in steps, lifted at `end` (Chromium's touch input)."""
    cdp = page.context.new_cdp_session(page)
    steps = [
        (start[0] + (end[0] - start[0]) * i / 8, start[1] + (end[1] - start[1]) * i / 8)
        for i in range(9)
    ]
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point(start)]})
    for at in steps[1:]:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point(at)]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def point(at: tuple[float, float]) -> dict:
    return {"x": at[0], "y": at[1]}


def test_a_clicked_vehicle_shows_each_place_it_can_go_with_the_distance_after(browser, base):
    with opened(browser, base, f"/?puzzle=rush51&state={THREE_WAYS}") as page:
        settled(page, THREE_WAYS)
        page.click(".piece[data-label='C']")
        expect(page.locator(".piece[data-label='C']")).to_have_class(re.compile("selected"))
        marks = page.locator("#board .destination")
        truck_c = [m for m in moves_of(base, THREE_WAYS) if m["move"].startswith("truck C")]
        assert len(truck_c) == 3
        expect(marks).to_have_count(3)
        for move in truck_c:  # each where its front comes to, with the distance it leads to
            mark = page.locator(f"#board .destination[data-move='{move['move']}']")
            expect(mark).to_have_attribute("data-cell", str(lead(move)))
            expect(mark).to_have_text(str(move["depth"]))
            assert ("best" in (mark.get_attribute("class") or "")) == move["optimal"]
            words = f"{move['move']}, after: {move['depth']}"
            slot = page.locator(f"#board .slot[data-cell='{lead(move)}']")
            expect(slot).to_have_attribute("aria-label", re.compile("^" + re.escape(words)))
        farthest = max(truck_c, key=lambda m: len(m["to"]) and max(m["to"]))
        page.mouse.click(*centre(page, f"#board .destination[data-move='{farthest['move']}']"))
        settled(page, farthest["state"])  # the places overlap, the front's cell names one
        expect(page.locator("#distance")).to_have_text(str(farthest["depth"]))
        expect(marks).to_have_count(0)
        assert page.problems == []  # type: ignore[attr-defined]


def test_a_vehicle_moves_by_keyboard_alone(browser, base):
    with opened(browser, base, "/?puzzle=rush51&state=start") as page:
        settled(page, CARD)
        page.locator(".piece[data-label='M']").focus()
        page.keyboard.press("Enter")  # picked up: its one place, cell 5 (up)
        expect(page.locator("#board .destination")).to_have_count(1)
        for _ in range(12):  # back through the board to the marked cell
            page.keyboard.press("Shift+Tab")
            if page.evaluate("document.activeElement.dataset.cell") == "5":
                break
        focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
        assert focused == "truck M up, after: 50, optimal"
        page.keyboard.press("Enter")
        settled(page, "GBBoLMGHIoLMGHIAAMCCCKooooJKDDEEJFFo")
        expect(page.locator("#shortcuts")).to_contain_text("go to a vehicle and pick it up")
        expect(page.locator("#shortcuts")).not_to_contain_text("←")
        assert page.problems == []  # type: ignore[attr-defined]


# -- a card typed or pasted ------------------------------------------------------------------------
PASTE = """(text) => {
  const data = new DataTransfer();
  data.setData('text/plain', text);
  document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
}"""


def test_a_card_pasted_on_another_puzzle_opens_the_build_that_holds_it(page, base):
    """On the 8-puzzle, a position of rush51's cluster pasted in the community's form (rows
    separated by '/', '.' empty) opens rush51 there; typed into the State field, the same."""
    written = "/".join(THREE_WAYS[r : r + 6] for r in range(0, 36, 6)).replace("o", ".")
    page.evaluate(PASTE, written)
    settled(page, THREE_WAYS)
    expect(page.locator("#puzzle")).to_have_value("rush51")
    expect(page.locator("#board .piece.vehicle")).to_have_count(13)
    expect(page.locator("#status")).to_contain_text("this position is one of its cluster")
    assert f"state={THREE_WAYS}" in page.url
    page.select_option("#puzzle", "eight")
    page.wait_for_selector("#board .piece[data-label='8']")
    load(page, CARD)  # typed, canonical
    settled(page, CARD)
    expect(page.locator("#puzzle")).to_have_value("rush51")
    expect(page.locator("#distance")).to_have_text("51")


def test_a_card_no_build_holds_says_the_command_that_builds_it(page, base, cli, tmp_path):
    page.evaluate(PASTE, WALLED.replace("o", "."))
    error = page.locator("#state-error")
    expect(error).to_contain_text("No build here holds this card")
    command = page.locator("#state-error code").inner_text()
    assert re.fullmatch(r"puzzledb build card-[0-9a-f]{8} --rush " + re.escape(WALLED), command)
    expect(page.locator("#puzzle")).to_have_value("eight")  # nothing else changed
    page.evaluate(PASTE, WALLED)  # the same card, however written: the same command
    expect(page.locator("#state-error code")).to_have_text(command)
    documented = " ".join((TREE / "docs" / "page.md").read_text(encoding="utf-8").split())
    assert command in documented, "docs/page.md shows another command for this card"
    built = cli(*command.split()[1:], "--db", tmp_path / "card.sqlite")
    assert built.exit_code == 0, built.stdout + built.stderr
    assert "max depth" in built.stdout
    codes(page)  # a card that is no card: the service's words, no command
    page.fill("#state-input", WALLED.replace("BBo", "BoB"))
    page.press("#state-input", "Enter")
    expect(error).to_contain_text("vehicle B is split")
    assert page.evaluate(PAGE_ERRORS) == 0


READ_CARD = """async (texts) => {
  const { cardRows } = await import('./static/cards.js');
  return texts.map((text) => { const rows = cardRows(text); return rows && rows.join(''); });
}"""


def test_where_no_build_of_vehicles_can_be_asked_the_page_reads_a_card_as_the_service_does(page):
    """The page's own reading of a card (for the command, in a database with no Rush Hour
    build to ask) gives the service's canonical board for every catalogue card, however
    written, and nothing for texts that are no board."""
    boards, written = [], []
    for name in ("rush51", "rush60", "rush58", "rush49"):
        card = catalogue.get(name)
        assert isinstance(card, RushHour)
        rows = [card.card[r : r + 6] for r in range(0, 36, 6)]
        spaced = " / ".join(" ".join(row) for row in rows)
        written += [card.card, "/".join(rows).replace("o", "."), spaced]
        boards += [card.card] * 3
    assert page.evaluate(READ_CARD, written) == boards
    assert boards == [canonical_board(text) for text in written]
    no_cards = ["123456780", "BBoo/oo", "GBBoLoGHIoLMGHIBBMCCCKoMooJKDDEEJFFo", "AA#o", "AAo"]
    assert page.evaluate(READ_CARD, no_cards) == [None] * len(no_cards)


def canonical_board(text: str) -> str:
    return canonical(text, "board", *shape_of(text))


# -- a whole game: the 51-move card by its hints --------------------------------------------------
AT_REST = "() => document.getAnimations().length === 0"


def in_view(page: Page, selector: str) -> None:
    box, size = page.locator(selector).bounding_box(), page.viewport_size
    assert box and size
    assert box["x"] >= 0 and box["y"] >= 0, f"{selector} starts off screen: {box}"
    assert box["x"] + box["width"] <= size["width"] + 0.5, f"{selector} runs off the right"
    assert box["y"] + box["height"] <= size["height"] + 0.5, f"{selector} runs below the fold"


def press(page: Page, at: tuple[float, float], touch: bool) -> None:
    page.wait_for_function(AT_REST)
    if touch:
        page.touchscreen.tap(*at)
    else:
        page.mouse.click(*at)


@pytest.mark.slow  # 51 moves, two taps each
@pytest.mark.parametrize(
    "width, height, touch", [(390, 844, True), (1280, 800, False)], ids=["phone", "desktop"]
)
def test_the_51_move_card_played_to_the_end_by_its_hints(browser, base, width, height, touch):
    """Each move a tap on a vehicle marked green, then on its green destination: after each
    the window has not scrolled, the board is whole on screen and where it was, nothing is
    logged as an error; the finish says the game was optimal."""
    with opened(browser, base, "/?puzzle=rush51", width, height, touch) as page:
        settled(page, CARD)  # its classic start
        expect(page.locator("#distance")).to_have_text("51")
        board = page.locator("#board").bounding_box()
        for made in range(1, 52):
            before = page.get_attribute("#moves", "data-from")
            press(page, centre(page, "#board .piece.hint"), touch)
            best = page.locator("#board .destination.best").first
            expect(best).to_be_visible()
            cell = best.get_attribute("data-cell")
            press(page, centre(page, f"#board .slot[data-cell='{cell}']"), touch)
            expect(page.locator("#moves")).not_to_have_attribute("data-from", before or "")
            expect(page.locator("#distance")).to_have_text(str(51 - made))
            expect(page.locator("#made")).to_contain_text(f"moves made: {made} ")
            in_view(page, "#board")
            assert page.locator("#board").bounding_box() == board, f"the board moved at {made}"
            scrolled = page.evaluate("[window.scrollX, window.scrollY]")
            assert scrolled == [0, 0], f"scrolled at {made}"
            assert page.problems == [], f"errors at move {made}"  # type: ignore[attr-defined]
        expect(page.get_by_role("dialog", name="Solved in 51 — optimal!")).to_be_visible()
        in_view(page, "#finish")


# -- for everyone ----------------------------------------------------------------------------------
@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_a_board_of_vehicles_passes_axe(browser, base, width, height):
    if not AXE.exists():
        pytest.fail(f"no axe-core at {AXE}: run `bash tests/install.sh`")
    address = f"/?puzzle=rush51&state={THREE_WAYS}"
    with opened(browser, base, address, width, height, axe=True) as page:
        settled(page, THREE_WAYS)
        page.click(".piece[data-label='C']")  # its destinations marked too
        expect(page.locator("#board .destination")).to_have_count(3)
        assert axe_violations(page) == []
