"""The page readable and tappable on a phone and a desktop: axe-core (tests/package.json,
installed by tests/install.sh) finds no WCAG 2.2 A/AA violation on eight, atama and
peg15 at 1280x800 and 390x844, and at 390 px wide every control is at least 44x44 px."""

from __future__ import annotations

import pytest
from support.axe import AXE, axe_violations
from support.page_kit import settled

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
PUZZLES = {"eight": "647850321", "atama": "イノソウタ*マタア", "peg15": "111101111111111"}
CONTROLS = "button, select, input, [role=slider], [tabindex]:not([tabindex='-1'])"


@pytest.fixture()
def opened(browser, base, request):
    if not AXE.exists():
        pytest.fail(
            f"no axe-core at {AXE}: run `bash tests/install.sh` (the README's test command)"
        )
    puzzle, size = request.param
    width, height = SIZES[size]
    # the page's policy forbids injected scripts: axe comes in past it, for the test only
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    page = context.new_page()
    page.goto(f"{base}/?puzzle={puzzle}")
    settled(page, PUZZLES[puzzle])
    page.click("#solve")  # the solution list and its controls on show too
    page.click("#pause")
    page.locator("#chart .bar").nth(3).click()  # and a depth's states
    page.wait_for_selector("#browse .state")
    yield page, width
    context.close()


CASES = [(p, s) for p in PUZZLES for s in SIZES]


@pytest.mark.parametrize("opened", CASES, ids=[f"{p}-{s}" for p, s in CASES], indirect=True)
def test_axe_finds_no_wcag_a_or_aa_violation(opened):
    page, _ = opened
    found = axe_violations(page)
    assert found == []


PHONE = [(p, "phone") for p in PUZZLES]


@pytest.mark.parametrize("opened", PHONE, ids=list(PUZZLES), indirect=True)
def test_every_control_is_44_px_square_at_least_on_a_phone(opened):
    page, _ = opened
    small = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
        .filter((e) => e.getClientRects().length && !e.closest('[hidden]'))
        .map((e) => { const r = e.getBoundingClientRect();
          return {what: e.id || e.className.baseVal || e.className || e.tagName,
                  w: Math.round(r.width), h: Math.round(r.height)}; })
        .filter((b) => b.w < 44 || b.h < 44)""",
        CONTROLS,
    )
    assert small == []


def test_axe_finds_no_wcag_a_or_aa_violation_on_the_error_page(browser, base):
    """What a browser gets for an address the service cannot serve (service.http.api.error_page)."""
    context = browser.new_context(bypass_csp=True)  # for axe's script, as above
    page = context.new_page()
    page.goto(f"{base}/nowhere")
    found = axe_violations(page)
    assert found == []
    context.close()
