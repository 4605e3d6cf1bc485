"""The page by keyboard alone, in a real headless Chromium: arrows move the piece next to the
blank, letters drive Solve, the player and Undo, Tab follows the board, focus stays where the
user is and shows a ring. keys.js's moveToward is also checked on hand-made moves.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from support.page_kit import SOLVE_SECONDS, choose, codes, eight_as_drawn, load, settled

FOCUSED = "document.activeElement"
# The board's Tab stops in DOM order (the order Tab follows): [kind, cell].
STOPS = """() => [...document.querySelectorAll('#board button')].filter((b) => b.tabIndex >= 0)
  .map((b) => [b.classList.contains('piece') ? 'piece' : 'slot', Number(b.dataset.cell)])"""


def start_at(page, state: str) -> None:
    """Load `state` through the field, then leave the field with Escape (keyboard only)."""
    load(page, state)
    settled(page, state)
    page.keyboard.press("Escape")
    assert page.evaluate(f"{FOCUSED} === document.body")


def focused(page, expression: str):
    return page.evaluate(f"(() => {{ const el = {FOCUSED}; return {expression}; }})()")


# -- arrows ----------------------------------------------------------------------------------------
def test_an_arrow_moves_the_tile_next_to_the_blank_that_way(page):
    start_at(page, "867254301")  # the blank in the bottom middle
    page.keyboard.press("ArrowUp")  # nothing below the blank: nothing moves
    expect(page.locator("#state-input")).to_have_value("867254301")
    page.keyboard.press("ArrowDown")  # the 5 above the blank comes down
    settled(page, "867204351")
    assert eight_as_drawn(page) == "867204351"
    expect(page.locator("#distance")).to_have_text("30")
    page.keyboard.press("ArrowLeft")  # the 4 right of the blank goes left
    settled(page, "867240351")
    assert eight_as_drawn(page) == "867240351"
    expect(page.locator("#distance")).to_have_text("29")


def test_arrows_are_left_to_the_field_while_typing(page):
    load(page, "867254301")
    settled(page, "867254301")
    page.keyboard.press("ArrowLeft")  # moves the caret, not a tile
    page.keyboard.press("u")
    expect(page.locator("#state-input")).to_have_value("86725430u1")
    assert eight_as_drawn(page) == "867254301"


def test_an_arrow_moves_the_nooff_bulb_when_it_is_next_to_the_blank(page):
    choose(page, "nooff", "FNLLOOF_")
    start_at(page, "LL_OOFFN")  # the bulb left of the blank
    page.keyboard.press("ArrowRight")
    settled(page, "_LLOOFFN")
    expect(page.locator("#distance")).to_have_text("41")
    expect(page.locator(".piece[data-label='L']")).to_have_attribute("data-cell", "1")
    page.keyboard.press("ArrowLeft")  # and back: the bulb is right of the blank now
    settled(page, "LL_OOFFN")


# -- shortcuts -------------------------------------------------------------------------------------
def test_solve_pause_steps_and_undo_by_their_shortcuts(page):
    start_at(page, "867254301")
    page.keyboard.press("s")
    expect(page.locator("#counter")).to_contain_text("of 31")  # playing
    page.keyboard.press("p")
    expect(page.locator("#pause")).to_have_text("Resume")
    counter = re.match(r"move (\d+) of 31", page.inner_text("#counter"))
    assert counter is not None
    shown = int(counter.group(1))
    page.keyboard.press(".")
    expect(page.locator("#counter")).to_contain_text(f"move {shown + 1} of 31")
    page.keyboard.press(",")
    expect(page.locator("#counter")).to_contain_text(f"move {shown} of 31")
    page.keyboard.press("p")
    expect(page.locator("#counter")).to_have_text(
        re.compile(r"^move 31 of 31"), timeout=SOLVE_SECONDS * 1000
    )
    assert eight_as_drawn(page) == "123456780"
    page.keyboard.press("u")  # Solve's moves are moves made: Undo takes back its last
    expect(page.locator("#distance")).to_have_text("1")
    expect(page.locator("#made")).to_have_text("moves made: 30 (optimal from the start: 31)")


def test_ctrl_z_undoes_a_move_and_r_redoes_it(page):
    start_at(page, "867254301")
    page.keyboard.press("ArrowDown")
    settled(page, "867204351")
    page.keyboard.press("Control+z")
    settled(page, "867254301")
    page.keyboard.press("r")
    settled(page, "867204351")
    page.keyboard.press("Control+z")
    settled(page, "867254301")
    page.keyboard.press("Control+y")
    settled(page, "867204351")


def test_space_on_the_board_pauses_without_moving_the_focused_piece(page):
    start_at(page, "867254301")
    page.focus("#solve")
    page.keyboard.press("Enter")
    expect(page.locator("#counter")).to_contain_text("of 31")
    # Solve disables itself while it plays: the focus went to the board, not to <body>
    expect(page.locator("#board :focus")).to_have_count(1)
    page.keyboard.press(" ")
    expect(page.locator("#pause")).to_have_text("Resume")
    shown = page.inner_text("#counter")
    page.wait_for_timeout(500)
    assert page.inner_text("#counter") == shown  # paused, and no click on the piece moved it
    expect(page.locator("#board :focus")).to_have_count(1)


STILL = (
    """(label) => !document.querySelector(`.piece[data-label='${label}']`).getAnimations().length"""
)
SLIDING = """(label) => document.querySelector(`.piece[data-label='${label}']`).getAnimations()
  .map((a) => a.transitionProperty).sort()"""


@pytest.mark.parametrize("atomic_moves", [True, False], ids=["moveBefore", "insertBefore"])
def test_a_piece_still_slides_while_the_dom_follows_the_board(page, atomic_moves):
    """Reordering the buttons for Tab must not restart the moving piece's style (it would jump)."""
    if not atomic_moves:
        page.evaluate("delete Element.prototype.moveBefore")  # as in browsers without it
    page.select_option("#speed", "slow")
    start_at(page, "867254301")
    # A slide long enough to be seen however loaded the machine is.
    page.evaluate("document.getElementById('board').style.setProperty('--slide', '1500ms')")
    page.focus(".piece[data-label='3']")
    page.keyboard.press("ArrowDown")  # the 5 goes down, after the 3 in board order
    assert page.evaluate(SLIDING, "5") == ["top"]
    settled(page, "867204351")
    page.wait_for_function(STILL, arg="5")
    page.keyboard.press("ArrowUp")  # and back up, before the 3
    assert page.evaluate(SLIDING, "5") == ["top"]
    settled(page, "867254301")
    assert focused(page, "el.dataset.label") == "3"  # the focused piece stayed focused
    assert page.evaluate(STOPS) == [["piece", c] for c in range(7)] + [["slot", 7], ["piece", 8]]


# -- Tab and focus ---------------------------------------------------------------------------------
def test_tab_follows_the_board_and_skips_covered_cells(page):
    start_at(page, "867254301")
    stops = page.evaluate(STOPS)
    assert stops == [["piece", c] for c in range(7)] + [["slot", 7], ["piece", 8]]
    assert page.locator("#board .slot[tabindex='-1'][aria-hidden='true']").count() == 8
    page.focus("#goal")
    page.keyboard.press("Tab")  # the first stop after the goal is the piece in cell 0
    assert focused(page, "el.classList.contains('piece') && el.dataset.cell") == "0"
    page.keyboard.press("ArrowDown")  # the 5 slides from cell 4 to cell 7
    settled(page, "867204351")
    stops = page.evaluate(STOPS)
    assert stops == [["piece", c] for c in range(4)] + [["slot", 4]] + [
        ["piece", c] for c in range(5, 9)
    ]
    assert focused(page, "el.dataset.cell") == "0"


def test_a_wide_piece_is_one_stop_and_its_cells_are_skipped(page):
    choose(page, "nooff", "FNLLOOF_")
    stops = page.evaluate(STOPS)
    assert stops == [
        ["piece", 0],
        ["piece", 1],
        ["piece", 2],
        ["piece", 4],
        ["piece", 5],
        ["piece", 6],
        ["slot", 7],
    ]
    pieces = page.locator("#board .piece").count()
    blanks = page.locator("#board .slot:not([aria-hidden])").count()
    assert (pieces, blanks) == (6, 1) and len(stops) == pieces + blanks


def test_enter_on_a_piece_moves_it_and_the_focus_stays_on_it(page):
    start_at(page, "867254301")
    page.focus(".piece[data-label='5']")
    page.keyboard.press("Enter")
    settled(page, "867204351")
    assert focused(page, "el.classList.contains('piece') && el.dataset.label") == "5"
    page.keyboard.press("Tab")  # on from cell 7: the 1 in cell 8
    assert focused(page, "el.dataset.label") == "1"


def test_a_move_from_the_list_leaves_the_focus_on_the_board(page):
    start_at(page, "867254301")
    page.focus("#moves .move[data-move='tile 5 down']")
    page.keyboard.press("Enter")
    settled(page, "867204351")
    assert focused(page, "el.closest('#board') !== null && el.dataset.label") == "5"


def test_keyboard_focus_shows_a_ring(page):
    start_at(page, "867254301")
    page.focus("#goal")
    page.keyboard.press("Tab")
    ring = focused(page, "[getComputedStyle(el).outlineStyle, getComputedStyle(el).outlineWidth]")
    assert ring[0] != "none" and float(ring[1].removesuffix("px")) >= 2
    codes(page)
    page.focus("#state-input")
    page.keyboard.press("Tab")  # Load, a button on the light page
    assert focused(page, "el.tagName") == "BUTTON"
    assert float(focused(page, "getComputedStyle(el).outlineWidth").removesuffix("px")) >= 2


def test_peg_holes_are_stops_in_reading_order(page):
    choose(page, "peg15", "111101111111111")
    holes = page.evaluate("""() => [...document.querySelectorAll('#board .hole')]
      .filter((b) => b.tabIndex >= 0).map((b) => Number(b.dataset.hole))""")
    assert holes == list(range(15))
    page.focus(".hole[data-hole='4']")
    page.keyboard.press("ArrowDown")  # pegs are played with Enter, not arrows
    expect(page.locator("#state-input")).to_have_value("111101111111111")


# -- moveToward on hand-made moves -----------------------------------------------------------------
TOWARD = """async ([definition, moves]) => {
  const { moveToward } = await import(new URL('static/keys.js', document.baseURI));
  const pick = (way) => { const m = moveToward(way, moves, definition); return m && m.name; };
  return Object.fromEntries(['up', 'down', 'left', 'right'].map((way) => [way, pick(way)]));
}"""


def toward(page, definition, moves):
    return page.evaluate(TOWARD, [definition, moves])


def test_move_toward_reads_the_way_from_the_cells(page):
    eight = {"kind": "sliding", "rows": 3, "cols": 3}
    single = [
        {"name": "5 down", "from": [4], "to": [7]},
        {"name": "3 right", "from": [6], "to": [7]},
        {"name": "1 left", "from": [8], "to": [7]},
    ]
    assert toward(page, eight, single) == {
        "up": None,
        "down": "5 down",
        "left": "1 left",
        "right": "3 right",
    }
    multi = [
        {"name": "3 6 down", "from": [2], "to": [8]},  # listed first, but farther
        {"name": "6 down", "from": [5], "to": [8]},
        {"name": "7 8 right", "from": [6], "to": [8]},
        {"name": "8 right", "from": [7], "to": [8]},
    ]
    assert toward(page, eight, multi) == {
        "up": None,
        "down": "6 down",
        "left": None,
        "right": "8 right",
    }


def test_move_toward_moves_wide_pieces_and_leaves_pegs_alone(page):
    wide = {"kind": "sliding", "rows": 3, "cols": 4}
    moves = [
        {"name": "bulb right", "from": [0, 1], "to": [2]},
        {"name": "tall up", "from": [7, 11], "to": [3]},
        {"name": "square left", "from": [5, 6, 9, 10], "to": [4, 8]},
    ]
    assert toward(page, wide, moves) == {
        "up": "tall up",
        "down": None,
        "left": "square left",
        "right": "bulb right",
    }
    two_blanks = [
        {"name": "first", "from": [4], "to": [0]},
        {"name": "second", "from": [5], "to": [1]},
    ]
    assert toward(page, wide, two_blanks)["up"] == "first"  # as near: the one listed first
    peg = {"kind": "peg", "layout": [[0, 0], [1, 0], [2, 0]]}
    assert toward(page, peg, [{"name": "jump", "from": [0], "to": [2]}]) == {
        "up": None,
        "down": None,
        "left": None,
        "right": None,
    }
