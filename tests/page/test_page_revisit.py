"""A shared address opened again: reloaded, revisited, and come back to with Back from
another site. The browser revalidates the page's files (304s) and applies the 304's headers
to the copy it keeps, so every response for the page, 304s included, carries the page's own
Content-Security-Policy; with the JSON's policy the page came back unstyled and stuck."""

from __future__ import annotations

import urllib.request

from playwright.sync_api import ConsoleMessage, expect
from support.page_kit import settled

from puzzledb.service.http.api.headers import PAGE_POLICY

ADDRESS = "/?puzzle=eight&state=867254301"
ELSEWHERE = "http://elsewhere.test/"


def shows_the_position(page) -> None:
    settled(page, "867254301")
    expect(page.locator("#distance")).to_have_text("31")
    expect(page.locator("#busy")).to_be_hidden()
    expect(page.locator("#puzzle")).to_have_value("eight")
    # styled: the stylesheet applied (the board is drawn as a dark frame, not a bare list)
    assert page.evaluate("getComputedStyle(document.getElementById('board')).position") == (
        "relative"
    )


def opened(browser, base):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    refused: list[str] = []

    def console(m: ConsoleMessage) -> None:
        if "Content Security Policy" in m.text:
            refused.append(m.text)

    page.on("console", console)
    page.goto(base + ADDRESS)
    shows_the_position(page)
    return context, page, refused


def test_a_reload_shows_the_position_again(browser, base):
    context, page, refused = opened(browser, base)
    page.reload()
    shows_the_position(page)
    page.reload()
    shows_the_position(page)
    assert refused == []
    context.close()


def test_opening_the_same_address_again_shows_the_position(browser, base):
    context, page, refused = opened(browser, base)
    page.goto(base + ADDRESS)
    shows_the_position(page)
    second = context.new_page()
    second.goto(base + ADDRESS)
    shows_the_position(second)
    assert refused == []
    context.close()


def test_back_into_the_page_from_another_site_shows_the_position(browser, base):
    context, page, refused = opened(browser, base)
    context.route(
        ELSEWHERE + "**",
        lambda route: route.fulfill(content_type="text/html", body="<p>another site</p>"),
    )
    page.goto(ELSEWHERE)
    expect(page.locator("p")).to_have_text("another site")
    page.go_back()
    shows_the_position(page)
    assert refused == []
    context.close()


def test_every_answer_for_the_page_carries_its_policy_304s_included(base):
    for name in ("/", "/static/page.css", "/static/page.js", "/static/kana.woff2"):
        with urllib.request.urlopen(base + name, timeout=5) as first:
            assert first.headers["Content-Security-Policy"] == PAGE_POLICY, name
            tag = first.headers["ETag"]
        again = urllib.request.Request(base + name, headers={"If-None-Match": tag})
        try:
            urllib.request.urlopen(again, timeout=5)
            raise AssertionError(f"{name}: no 304 for its own ETag")
        except urllib.error.HTTPError as e:
            assert e.code == 304, name
            assert e.headers["Content-Security-Policy"] == PAGE_POLICY, name
