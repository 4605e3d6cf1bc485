"""The page in a player's words, on the seed builds (real Chromium, as test_page.py): goals said
in words in the menu, a Start chooser (hardest, random at a depth), position codes folded under
a disclosure, a target the position cannot reach refused with why, and a lost peg position
explained without its state written out. Klotski's classic start and title font are in
test_page_klotski.py, the peg boards' starts in test_page_pegs.py."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from support.page_kit import codes, load, set_target, settled

STATE_WRITTEN_OUT = re.compile(r"[0-9]{10}")


def test_the_goal_menu_says_the_goal_in_words_and_the_count_short(page):
    option = page.locator("#goal option")
    expect(option).to_have_count(1)
    expect(option).to_have_text("the tiles in order · 181K states")
    expect(page.locator("#target-note")).to_have_text("toward the goal: the tiles in order")


def test_position_codes_are_folded_away_until_asked_for(page):
    expect(page.locator("#codes")).not_to_have_attribute("open", "")
    expect(page.locator("#state-input")).to_be_hidden()
    expect(page.locator("#target-input")).to_be_hidden()
    for always in ("#copy-link", "#undo", "#redo", "#target-here"):
        expect(page.locator(always)).to_be_visible()
    assert not STATE_WRITTEN_OUT.search(page.locator(".play").inner_text())
    codes(page)
    expect(page.locator("#state-input")).to_be_visible()
    expect(page.locator("#state-input")).to_have_value("647850321")
    load(page, "867254301")  # typing a state still works
    settled(page, "867254301")
    expect(page.locator("#distance")).to_have_text("31")


def test_the_start_chooser_offers_the_hardest_and_a_random_state_halfway_out(page):
    choices = page.locator("#start option")
    expect(choices).to_have_text(["hardest (31 moves)", "random, 15 moves from the goal"])
    expect(page.locator("#start")).to_have_value("hardest")
    page.select_option("#start", "random")
    expect(page.locator("#moves")).not_to_have_attribute("data-from", "647850321")
    expect(page.locator("#distance")).to_have_text("15")
    expect(page.locator("#moves .move")).not_to_have_count(0)
    first = page.get_attribute("#moves", "data-from")
    page.select_option("#start", "hardest")
    settled(page, "647850321")
    expect(page.locator("#distance")).to_have_text("31")
    page.select_option("#start", "random")
    expect(page.locator("#distance")).to_have_text("15")
    assert page.get_attribute("#moves", "data-from") is not None and first is not None


def test_a_target_the_position_cannot_reach_is_refused_in_words(page):
    swapped = "213456780"  # two tiles swapped: the other half of eight's positions
    set_target(page, swapped)
    error = page.locator("#target-error")
    expect(error).to_contain_text("Not set as the target: No way to the target from here")
    expect(error).to_contain_text("unsolvable by parity")
    assert not STATE_WRITTEN_OUT.search(error.inner_text())
    expect(error).to_be_visible()
    expect(page.locator("#target-note")).to_have_text("toward the goal: the tiles in order")
    expect(page.locator("#distance")).to_have_text("31")
    expect(page.locator("#moves")).not_to_contain_text("dead end")
    assert "to=" not in page.url


def test_an_address_with_a_target_the_position_cannot_reach_opens_toward_the_goal(page, base):
    page.goto(f"{base}/?puzzle=eight&state=123456780&to=213456780")
    settled(page, "123456780")
    status = page.locator("#status")
    expect(status).to_contain_text(
        "Not shown from the address: the target “213456780”: No way to the target from here: "
        "unsolvable by parity"
    )
    expect(page.locator("#target-note")).to_have_text("toward the goal: the tiles in order")
    expect(page.locator("#distance")).to_have_text("0")
    expect(page.locator("#lost")).to_be_hidden()
    assert "to=" not in page.url


def test_a_lost_peg_position_explains_itself_in_words(page, base):
    lost = "010100000000000"  # pegs in holes 1 and 3: too far from hole 12 (a pagoda)
    page.goto(f"{base}/?puzzle=peg15&state={lost}")
    settled(page, lost)
    why = page.locator("#why")
    expect(why).to_have_text(
        "No way to win from here: the pegs left, in holes 1 and 3, are too few or too far from "
        "hole 12 ever to end in it."
    )
    expect(why).to_be_visible()
    details = page.locator("#why-more")
    expect(details).to_be_visible()
    expect(page.locator("#why-details")).to_be_hidden()  # the proof waits to be asked for
    assert not STATE_WRITTEN_OUT.search(page.locator(".play").inner_text())
    page.click("#why-more summary")
    expect(page.locator("#why-details")).to_contain_text("a pagoda function shows it")
    assert not STATE_WRITTEN_OUT.search(page.locator(".play").inner_text())
    page.click("#moves .move[data-move='peg 1 jumps to 6']")  # a dead end: the why follows
    settled(page, "000000100000000")
    expect(why).to_have_text(
        "No way to win from here: it has as many pegs as the goal (1) but in other holes "
        "(hole 6, not hole 12), and every move removes a peg."
    )
    expect(details).to_be_hidden()  # no proof needed
    page.click("#undo")
    settled(page, lost)
    page.select_option("#start", "hardest")  # a position the build holds: no why
    settled(page, "111101111111111")
    expect(page.locator("#lost")).to_be_hidden()
