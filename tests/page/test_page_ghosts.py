"""Where a picked-up piece can go, shown as chess sites show it: each move's ghost (the whole
piece, translucent, where it would land), a chooser beside the board where two moves' ghosts
overlap, and a piece or peg dragged to its place, with a mouse or a finger (real Chromium, as
test_page.py). Klotski under the straight and finger metrics has two-cell pieces with two moves
that share a cell; peg15 has chains of one peg that end in the same hole."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect
from support.axe import AXE, axe_violations
from support.page_kit import load, settled
from support.servers import puzzledb_serve

from puzzledb.builder import catalogue
from puzzledb.db.build import build
from puzzledb.db.connection import writer

# the horizontal (16, 17) has two blanks on its right: "right" rests on 17-18, "right 2" on
# 18-19, so both moves cover 18; the small at c4 (14) goes down (18) or, under finger, round
# the corner to 19 (the optimal move there)
KLOTSKI = "VBBVVBBVVssVVssVHH__"
RIGHT = "VBBVVBBVVssVVssV_HH_"
RIGHT_2 = "VBBVVBBVVssVVssV__HH"
CORNER = "VBBVVBBVVssVVs_VHH_s"
# peg 6 of peg15 has chains to 1 and to 8, each reached two ways ("1, 8" and "8" both end in 8)
CHAINS = "101111110111111"
AFTER_JUMP_TO_8 = "101111001111111"
ONE_JUMP = "111111111111011"  # peg 10's one jump: over 11 into 12


@pytest.fixture(scope="module")
def ghost_base(tmp_path_factory):
    path = tmp_path_factory.mktemp("ghosts-page") / "ghosts.sqlite"
    db = writer(path)
    for name in ("klotski-straight", "klotski-finger", "klotski", "peg15"):
        puzzle = catalogue.get(name)
        build(db, puzzle, puzzle.default_goal, time.perf_counter())
    db.close()
    with puzzledb_serve(path) as url:
        yield url


def open_page(browser, base, address, state, phone=False):
    """A fresh page at `address`, settled on `state`; a phone is touch-sized and takes taps."""
    if phone:
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, bypass_csp=True
        )
    else:
        context = browser.new_context(viewport={"width": 1200, "height": 900}, bypass_csp=True)
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    page.goto(f"{base}/{address}")
    settled(page, state)
    return page


@pytest.fixture()
def opened(browser, ghost_base):
    pages = []

    def opening(address, state, phone=False):
        page = open_page(browser, ghost_base, address, state, phone)
        pages.append(page)
        return page

    yield opening
    for page in pages:
        problems = page.problems
        page.context.close()
        assert problems == [], "the page failed"


def centre(box, across=0.5, down=0.5):
    return box["x"] + box["width"] * across, box["y"] + box["height"] * down


def slot_box(page, cell):
    return page.locator(f".slot[data-cell='{cell}']").bounding_box()


def spans(box, first, last, slack=4):
    """Whether `box` covers the cells from box `first` to box `last`, and no more."""
    return (
        abs(box["x"] - first["x"]) <= slack
        and abs(box["y"] - first["y"]) <= slack
        and abs(box["x"] + box["width"] - (last["x"] + last["width"])) <= slack
        and abs(box["y"] + box["height"] - (last["y"] + last["height"])) <= slack
    )


def drag(page, start, end):
    """Press at `start`, move in steps, let go at `end` (page coordinates)."""
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=8)
    page.mouse.up()


def touch_drag(page, start, end):
    """A finger pressed at `start`, moved in steps, lifted at `end`: real touch input (the
    browser's own, so it scrolls the page instead unless the piece keeps the gesture)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point(start)]})
    for i in range(1, 9):
        at = (start[0] + (end[0] - start[0]) * i / 8, start[1] + (end[1] - start[1]) * i / 8)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point(at)]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def point(at):
    return {"x": at[0], "y": at[1]}


# -- ghosts ---------------------------------------------------------------------------------------
def test_a_picked_up_piece_shows_the_whole_piece_where_each_move_would_land(opened):
    page = opened("?puzzle=klotski-straight&state=" + KLOTSKI, KLOTSKI)
    page.click(".piece[data-cell='16']")  # the horizontal: two moves right
    ghosts = page.locator("#board .ghost")
    expect(ghosts).to_have_count(2)
    right = page.locator("#board .ghost[data-move='horizontal right']")
    right_2 = page.locator("#board .ghost[data-move='horizontal right 2']")
    # two cells each, where the piece would rest (not only the cell it enters)
    assert spans(right.bounding_box(), slot_box(page, 17), slot_box(page, 18))
    assert spans(right_2.bounding_box(), slot_box(page, 18), slot_box(page, 19))
    page.click(".piece[data-cell='16']")  # let go: no ghosts
    expect(ghosts).to_have_count(0)


def test_an_optimal_moves_ghost_is_marked_green_and_the_others_are_not(opened):
    page = opened("?puzzle=klotski-finger&state=" + KLOTSKI, KLOTSKI)
    page.click(".piece[data-cell='14']")  # the small at c4: down, or round the corner
    best = page.locator("#board .ghost[data-move='small at c4 down, right']")
    other = page.locator("#board .ghost[data-move='small at c4 down']")
    expect(best).to_have_class("ghost best")
    expect(other).to_have_class("ghost")
    green = page.evaluate("getComputedStyle(document.body).getPropertyValue('--good').trim()")
    colours = """(el) => [
        getComputedStyle(el, '::before').borderTopColor,
        getComputedStyle(el, '::before').backgroundColor,
        el.querySelector('.dot') ? getComputedStyle(el.querySelector('.dot')).backgroundColor
            : 'none',
    ]"""
    as_rgb = page.evaluate(
        "(hex) => { const e = document.createElement('i'); e.style.color = hex;"
        " document.body.append(e); const c = getComputedStyle(e).color; e.remove(); return c; }",
        green,
    )
    # a ghost's outline is not the hint's green; only the optimal one carries a green mark
    assert as_rgb not in other.evaluate(colours)
    border, _, mark = best.evaluate(colours)
    assert border != as_rgb and mark == as_rgb
    assert spans(best.bounding_box(), slot_box(page, 19), slot_box(page, 19))
    page.mouse.click(*centre(best.bounding_box()))  # a ghost is clicked: its move is made
    settled(page, CORNER)
    expect(page.locator("#board .ghost")).to_have_count(0)


# -- two moves' ghosts overlap ---------------------------------------------------------------------
def test_a_click_where_two_ghosts_overlap_offers_both_beside_the_board(opened):
    page = opened("?puzzle=klotski-straight&state=" + KLOTSKI, KLOTSKI)
    page.click(".piece[data-cell='16']")
    page.click(".slot[data-cell='18']")  # under both ghosts
    chooser = page.locator("#board .choices")
    expect(chooser).to_be_visible()
    choices = chooser.locator("button.choice")
    expect(choices).to_have_count(2)
    expect(choices.nth(0)).to_have_attribute("data-move", "horizontal right 2")
    expect(choices.nth(1)).to_have_attribute("data-move", "horizontal right")
    board, box = page.locator("#board").bounding_box(), chooser.bounding_box()
    beside = 0 <= box["x"] - (board["x"] + board["width"]) < 40
    under = 0 <= box["y"] - (board["y"] + board["height"]) < 40
    assert beside or under  # next to the board
    assert box["y"] + box["height"] <= 900  # on screen, no scrolling to find it
    expect(page.locator("#status")).to_contain_text("2 moves end there")
    choices.nth(1).hover()  # a choice shows which ghost it is
    expect(page.locator("#board .ghost.chosen")).to_have_attribute("data-move", "horizontal right")
    page.keyboard.press("Escape")  # not yet: the piece stays picked up
    expect(chooser).to_have_count(0)
    expect(page.locator(".piece.selected")).to_have_count(1)
    page.click(".slot[data-cell='18']")
    chooser.locator("button.choice[data-move='horizontal right']").click()
    settled(page, RIGHT)
    expect(chooser).to_have_count(0)
    page.click(".piece[data-cell='17']")  # and where one ghost alone lies, a click makes it
    page.click(".slot[data-cell='19']")
    settled(page, RIGHT_2)


def test_chains_of_one_peg_that_end_in_one_hole_are_offered_beside_the_board(opened):
    page = opened("?puzzle=peg15&state=" + CHAINS, CHAINS)
    page.click(".hole[data-hole='6']")
    ghosts = page.locator("#board .ghost")
    expect(ghosts).to_have_count(5)  # to 1 and to 8 two ways each, and back to 6
    hole = page.locator(".hole[data-hole='8']").bounding_box()
    ghost = page.locator("#board .ghost[data-move='peg 6 jumps to 8']").bounding_box()
    (gx, gy), (hx, hy) = centre(ghost), centre(hole)
    assert abs(gx - hx) < 2 and abs(gy - hy) < 2
    page.click(".hole[data-hole='8']")
    choices = page.locator("#board .choices button.choice")
    expect(choices).to_have_count(2)
    page.click("#board .choices button.choice[data-move='peg 6 jumps to 8']")
    settled(page, AFTER_JUMP_TO_8)


def test_the_chooser_passes_axe(opened):
    if not AXE.exists():
        pytest.fail(f"no axe-core at {AXE}: run `bash tests/install.sh`")
    page = opened("?puzzle=klotski-straight&state=" + KLOTSKI, KLOTSKI, phone=True)
    page.tap(".piece[data-cell='16']")
    page.tap(".slot[data-cell='18']")
    expect(page.locator("#board .choices button.choice")).to_have_count(2)
    found = axe_violations(page)
    assert found == []


# -- dragging --------------------------------------------------------------------------------------
def test_a_piece_is_dragged_to_where_it_should_go(opened):
    page = opened("?puzzle=klotski-straight&state=" + KLOTSKI, KLOTSKI)
    piece = page.locator(".piece[data-cell='16']").bounding_box()
    # held by its left cell and let go over 18: that cell lands on 18, so it goes right 2
    drag(page, centre(piece, across=0.25), centre(slot_box(page, 18)))
    settled(page, RIGHT_2)
    expect(page.locator("#board .ghost")).to_have_count(0)


def test_a_drop_where_no_move_goes_puts_the_piece_back_and_says_so(opened):
    page = opened("?puzzle=klotski-straight&state=" + KLOTSKI, KLOTSKI)
    piece = page.locator(".piece[data-cell='16']")
    before = piece.bounding_box()
    drag(page, centre(before, across=0.25), centre(slot_box(page, 8)))  # onto a vertical
    expect(page.locator("#status")).to_contain_text("No move puts it there")
    expect(piece).to_have_css("translate", "none")  # back where it was
    assert piece.bounding_box() == before
    expect(page.locator("#state-input")).to_have_value(KLOTSKI)
    expect(page.locator("#board .ghost")).to_have_count(0)
    page.click(".piece[data-cell='16']")  # and a click after a drag is a click again
    expect(page.locator("#board .ghost")).to_have_count(2)


def test_a_peg_is_dragged_to_its_hole_and_an_overlap_is_offered(opened):
    page = opened("?puzzle=peg15&state=" + ONE_JUMP, ONE_JUMP)
    start = centre(page.locator(".hole[data-hole='10']").bounding_box())
    drag(page, start, centre(page.locator(".hole[data-hole='12']").bounding_box()))
    settled(page, "111111111100111")
    load(page, CHAINS)  # typed in the position code field, below: the board is scrolled back
    settled(page, CHAINS)
    page.locator("#board").scroll_into_view_if_needed()
    start = centre(page.locator(".hole[data-hole='6']").bounding_box())
    drag(page, start, centre(page.locator(".hole[data-hole='8']").bounding_box()))
    expect(page.locator("#board .choices button.choice")).to_have_count(2)
    expect(page.locator(".hole.selected[data-hole='6']")).to_have_count(1)  # still picked up


# -- a finger --------------------------------------------------------------------------------------
def test_a_tap_picks_a_piece_up_and_a_tap_on_a_ghost_moves_it(opened):
    page = opened("?puzzle=klotski-finger&state=" + KLOTSKI, KLOTSKI, phone=True)
    page.tap(".piece[data-cell='16']")
    expect(page.locator("#board .ghost")).to_have_count(2)
    page.tap(".slot[data-cell='19']")  # under the ghost of "right 2" alone
    settled(page, RIGHT_2)


def test_a_finger_drags_a_piece_round_a_corner(opened):
    page = opened("?puzzle=klotski-finger&state=" + KLOTSKI, KLOTSKI, phone=True)
    page.locator("#board").scroll_into_view_if_needed()
    touch_drag(
        page,
        centre(page.locator(".piece[data-cell='14']").bounding_box()),
        centre(slot_box(page, 19)),
    )
    settled(page, CORNER)


# -- a tap on a ghost always moves ----------------------------------------------------------------
# The vertical at a2-a3 goes up or down one cell: each ghost lies half over the piece itself, its
# dot on the piece's edge; a tap there once let the piece go instead of moving it (issue 44).
HALF_OVER = "_BBVVBBVVHHs_VsVsVsV"


def state_shown(page) -> str:
    return page.locator("#state-input").input_value()


def picked_up(page, base, state):
    """The cells of a piece with two moves or more, one of them optimal (tapped, it is picked
    up and its optimal ghost has a dot), by the API's moves; None where no piece has."""
    answer = page.request.get(
        f"{base}/moves", params={"puzzle": "klotski-straight", "state": state}
    ).json()
    by_piece: dict[tuple, list] = {}
    for move in answer["moves"]:
        by_piece.setdefault(tuple(move["from"]), []).append(move)
    for cells, moves in sorted(by_piece.items()):
        if len(moves) > 1 and any(m["optimal"] for m in moves):
            return list(cells)
    return None


@pytest.mark.parametrize("phone", [True, False], ids=["phone", "mouse"])
def test_thirty_taps_on_ghost_dots_all_move(opened, ghost_base, phone):
    """A piece with several moves is picked up (a tap), then its optimal ghost's green dot
    tapped: it moves, however the ghost lies over the piece itself or over another ghost. Where
    no piece has several moves, the list's best move is made and play goes on from there."""
    page = opened("?puzzle=klotski-straight&state=" + HALF_OVER, HALF_OVER, phone=phone)
    tap = page.touchscreen.tap if phone else page.mouse.click
    taps = 0
    for _ in range(150):  # the start is far from the goal: every move optimal, 30 taps come first
        if taps == 30:
            break
        before = state_shown(page)
        page.wait_for_function("document.getAnimations().length === 0")  # the last slide over
        cells = picked_up(page, ghost_base, before)
        if cells is None:
            page.locator("#moves button.move.optimal").first.click()
        else:
            page.locator("#board").scroll_into_view_if_needed()  # the list's click scrolled
            tap(*centre(slot_box(page, cells[-1])))
            dot = page.locator("#board .ghost .dot").first
            expect(dot).to_be_visible()
            tap(*centre(dot.bounding_box()))
        expect(page.locator("#moves")).not_to_have_attribute("data-from", before)
        after = state_shown(page)
        assert after != before, f"tap {taps + 1} on a ghost's dot did not move"
        expect(page.locator("#moves")).to_have_attribute("data-from", after)  # looked up
        taps += cells is not None
    assert taps == 30
