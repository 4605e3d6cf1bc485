"""Every count the page shows has the API's own digits (issue 29, 2), also past 2^53, where a
JavaScript Number rounds: the English board's start has 40,861,647,040,079,968 optimal
solutions, once shown as ...970. The page's JSON reading is checked on crafted text (with the
browser's source text and without it), on real answers whose counts are made that large on
the way (a full English build is far too big for a test), and on real answers as they are
(real Chromium, as test_page.py)."""

from __future__ import annotations

import json
import re
import urllib.request

from playwright.sync_api import expect
from support.page_kit import choose, load, settled

ENGLISH_START = 40_861_647_040_079_968  # as a double: 40,861,647,040,079,970
PAST_2_53 = 2**53 + 1  # as a double: 2^53


def test_big_whole_numbers_are_read_exactly_with_and_without_source_text(page):
    text = json.dumps(
        {
            "solutions": ENGLISH_START,
            "moves": [{"solutions": PAST_2_53, "depth": 30}, {"solutions": 2**53 - 1}],
            "state": "1234567890123456789, 40861647040079968",
            "quoted": 'a "1234567890123456789"',
            "fraction": 0.12345678901234567,
            "negative": -(2**60),
            "small": 12,
        }
    )
    read = page.evaluate(
        """async (text) => {
          const { parseExact } = await import(new URL('static/api.js', document.baseURI));
          return [true, false].map((withSource) => {
            const a = parseExact(text, withSource);
            return [String(a.solutions), typeof a.solutions, String(a.moves[0].solutions),
                    a.moves[0].depth, a.moves[1].solutions, typeof a.moves[1].solutions,
                    a.state, a.quoted, a.fraction, String(a.negative), a.small];
          });
        }""",
        text,
    )
    expected = [
        str(ENGLISH_START),
        "bigint",
        str(PAST_2_53),
        30,
        2**53 - 1,
        "number",
        "1234567890123456789, 40861647040079968",
        'a "1234567890123456789"',
        0.12345678901234567,
        str(-(2**60)),
        12,
    ]
    assert read == [expected, expected]


def shortened(n: int) -> str:
    """A count from 10^9 up as the page shows it: three figures and a power of ten."""
    power = len(str(n)) - 1
    lead = (n * 1000 // 10**power + 5) // 10  # three figures, rounded half up on the fourth
    if lead == 1000:
        lead, power = 100, power + 1
    exact = n % 10 ** (power - 2) == 0
    raised = str(power).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))
    return f"{'' if exact else '≈'}{lead // 100}.{lead % 100:02}×10{raised}"


def test_counts_from_10_to_the_9_are_shortened_to_three_figures(page):
    """The page's rounding against this one, at the threshold, on a carry and past 2^53."""
    counts = [
        999_999_999,
        10**9,
        2_056_320_000,
        4_000_000_000,
        9_994_999_999,
        9_995_000_000,
        PAST_2_53,
        ENGLISH_START,
        10**21 - 1,
    ]
    shown = page.evaluate(
        """async (counts) => {
          const { shortened } = await import(new URL('static/solution.js', document.baseURI));
          return counts.map((n) => shortened(BigInt(n)));
        }""",
        [str(n) for n in counts],
    )
    assert shown == [None] + [shortened(n) for n in counts[1:]]
    assert shown[:6] == [None, "1.00×10⁹", "≈2.06×10⁹", "4.00×10⁹", "≈9.99×10⁹", "≈1.00×10¹⁰"]
    assert shown[7] == "≈4.09×10¹⁶"


def test_counts_past_2_53_keep_every_digit(page):
    """Real answers, their counts raised past 2^53 on the way to the page: shown to three
    figures, with every digit in the title (on hover) and for screen readers."""

    def raised(count):
        def handler(route):
            response = route.fetch()
            body = re.sub(r'"solutions":\s*[1-9]\d*', f'"solutions": {count}', response.text())
            route.fulfill(response=response, body=body)

        return handler

    page.route(re.compile(r"/moves\?"), raised(PAST_2_53))
    page.route(re.compile(r"/path\?"), raised(ENGLISH_START))
    load(page, "123456708")
    settled(page, "123456708")
    optimal = page.locator("#moves .move.optimal")
    count = optimal.locator(".count")
    expect(count).to_have_attribute("title", f"{PAST_2_53:,}")  # not 9,007,199,254,740,992
    expect(count.locator("[aria-hidden='true']")).to_have_text(shortened(PAST_2_53))
    expect(optimal).to_have_accessible_name(re.compile(f", {PAST_2_53:,} solutions$"))
    load(page, "867254301")
    settled(page, "867254301")
    page.click("#solve")
    note = page.locator("#solution-note")
    expect(note).to_contain_text(f"31 moves · {shortened(ENGLISH_START)}")
    expect(note.locator(".count")).to_have_attribute(
        "title",
        f"{ENGLISH_START:,} optimal solutions",  # not ...970
    )
    expect(note.locator(".count .exact")).to_have_text(f"{ENGLISH_START:,}")


def short(n: int) -> str:
    """A count as the goal menu says it: three significant digits, K or M (Intl's compact)."""
    for suffix, size in (("M", 10**6), ("K", 10**3)):
        if n >= size:
            return f"{float(f'{n / size:.3g}'):g}{suffix}"
    return str(n)


def test_the_counts_shown_are_the_apis_digits(page, base):
    """As they are: the optimal moves' counts, Solve's, the farthest states' and the build's."""

    def api(route, **params):
        query = "&".join(f"{k}={v}" for k, v in params.items())
        with urllib.request.urlopen(f"{base}/{route}?{query}") as response:
            return json.load(response)  # Python reads whole numbers exactly

    for puzzle, first, states in [
        ("eight", "647850321", ["647850321", "123456708"]),
        ("peg15", "111101111111111", ["111101111111111"]),
    ]:
        if puzzle != "eight":
            choose(page, puzzle, first)
        build = next(p for p in api("puzzles")["puzzles"] if p["name"] == puzzle)["builds"][0]
        # the menu says the count short, rounded from the API's digits: "181K states"
        expect(page.locator("#goal option").first).to_contain_text(
            f"{short(build['states'])} states"
        )
        far = api("farthest", puzzle=puzzle, limit=50)
        expect(page.locator("#farthest-note")).to_contain_text(f"{far['count']:,} state")
        for state in states:
            load(page, state)
            settled(page, state)  # at once if the state was shown already: its lookup may be
            idle(page)  # pending still, and Solve meanwhile is refused ("wait: looking up")
            moves = {m["move"]: m for m in api("moves", puzzle=puzzle, state=state)["moves"]}
            buttons = page.locator("#moves .move.optimal").all()
            assert buttons
            for button in buttons:
                solutions = moves[button.get_attribute("data-move")]["solutions"]
                expect(button.locator(".count")).to_have_text(re.compile(f"^, {solutions:,} "))
            page.click("#solve")
            path = api("path", puzzle=puzzle, state=state)
            expect(page.locator("#solution-note")).to_contain_text(
                f"· {path['solutions']:,} ", timeout=15_000
            )  # the lookup may wait behind the rest of the suite on a loaded machine
            # stopped, at rest (a load while it plays could lose to the lookup where it ends):
            # not by Pause, disabled once a short solution has played to its end
            page.click("#solution-start")
            idle(page)


def idle(page) -> None:
    """No lookup pending, so the page takes the next click or Load instead of refusing it."""
    expect(page.locator("#board")).to_have_attribute("aria-busy", "false")
