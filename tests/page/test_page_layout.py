"""The page's layout at a desktop, a tablet and a phone size, for the puzzles whose look
differs most: nothing wider than the screen, the moves in view under the board, the peg
triangle clear of the selects, and the chosen puzzle's name whole in its select. One view:
through ten optimal moves made on the board, the board stays put and on screen with its status
bar (distance, prompt, result), every entry of the lists one line on a phone; a move's cells
apart, seen and said; help and shortcuts that fit the puzzle; the frame's coordinates as the
move words name cells; and the finish beside the board when a game is won by hand."""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest
from playwright.sync_api import expect
from support.axe import AXE, axe_violations
from support.page_kit import box, follow_a_hint, in_view, settled, tap
from support.servers import puzzledb_serve

from puzzledb.builder import catalogue
from puzzledb.db.build import build
from puzzledb.db.connection import writer

SIZES = {"desktop": (1280, 800), "tablet": (834, 1112), "phone": (390, 844)}
PUZZLES = {"eight": "647850321", "atama": "イノソウタ*マタア", "peg15": "111101111111111"}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("puzzle", PUZZLES)
def test_the_layout_fits_every_screen(browser, base, size, puzzle):
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{base}/?puzzle={puzzle}")
    settled(page, PUZZLES[puzzle])
    wider = page.evaluate("""() => [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map((e) => e.id || e.className)""")
    assert wider == []
    moves = page.locator(".moves-panel").bounding_box()
    assert moves["y"] < height, "the moves from here start below the fold"
    board = page.locator("#board").bounding_box()
    goal = page.locator("#goal").bounding_box()
    assert board["y"] >= goal["y"] + goal["height"] + 4, "the board touches the goal select"
    fits = page.evaluate("""() => { const s = document.getElementById('puzzle');
        const probe = document.createElement('span'); probe.style.font = getComputedStyle(s).font;
        probe.textContent = s.options[s.selectedIndex].text; document.body.append(probe);
        const w = probe.getBoundingClientRect().width; probe.remove();
        return w + 28 <= s.getBoundingClientRect().width; }""")
    assert fits, "the puzzle's name is cut in its select"
    context.close()


# -- one view: the board and its status bar on screen through a game ------------------------------
# Each puzzle whose look or move rule differs, at a phone's and a desktop's size: a database
# built once for the module (English within radius 10, so its farthest positions are a
# ten-jump game to the goal).
GAMES = ["eight", "klotski", "klotski-straight", "klotski-finger", "english", "peg15"]
VIEWS = {"desktop": (1280, 800), "phone": (390, 844)}
GAME_CASES = [(p, v) for p in GAMES for v in VIEWS]
ARROWS = re.compile("[←↑→↓]|arrow", re.IGNORECASE)

# the text of every visible line box of an element (its screen-reader words left out), as
# [top, bottom] pairs, and whether a cell cuts its words short
LINE_BOXES = """(el) => {
  const boxes = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim() || node.parentElement.closest('.visually-hidden')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) boxes.push([r.top, r.bottom]);
  }
  const cut = [...el.querySelectorAll('.words')].some((w) => w.scrollWidth > w.clientWidth + 1);
  return { boxes, cut };
}"""


@pytest.fixture(scope="module")
def game_base(tmp_path_factory):
    path = tmp_path_factory.mktemp("one-view") / "games.sqlite"
    db = writer(path)
    for name in GAMES:
        puzzle = catalogue.get(name)
        radius = 10 if name == "english" else None
        build(db, puzzle, puzzle.default_goal, time.perf_counter(), radius=radius)
    db.close()
    with puzzledb_serve(path) as url:
        yield url


@pytest.fixture()
def viewed(browser, game_base, request):
    """The page at a size; `page.problems` collects script errors and console errors."""
    width, height = VIEWS[request.param]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.problems = []
    page.on("pageerror", lambda error: page.problems.append(str(error)))
    page.on("console", lambda m: m.type == "error" and page.problems.append(m.text))
    yield page
    context.close()


def one_line_each(page, selector: str) -> None:
    """Every entry's text in one band across (no wrapping), and no move's words cut short."""
    for entry in page.locator(selector).all():
        seen = entry.evaluate(LINE_BOXES)
        tops, bottoms = [t for t, _ in seen["boxes"]], [b for _, b in seen["boxes"]]
        assert max(tops) < min(bottoms), f"{entry.inner_text()!r} wraps"
        assert not seen["cut"], f"{entry.inner_text()!r} is cut short"


@pytest.mark.parametrize(
    ("puzzle", "viewed"), GAME_CASES, ids=[f"{p}-{v}" for p, v in GAME_CASES], indirect=["viewed"]
)
def test_the_board_and_its_status_bar_stay_in_view_through_ten_moves(viewed, game_base, puzzle):
    page = viewed
    address = f"{game_base}/?puzzle={puzzle}"
    if puzzle == "english":  # its classic start is 31 jumps out, beyond this build: the farthest
        with urllib.request.urlopen(f"{game_base}/farthest?puzzle=english&limit=1") as answer:
            address += "&state=" + json.load(answer)["states"][0]
    page.goto(address)
    page.wait_for_selector("#moves li")
    start = int(page.locator("#distance").inner_text())
    board = box(page, "#board")
    for made in range(11):
        in_view(page, "#board")
        # the status bar, or at the goal the finish atop it (the rest of it may be below)
        for shown in (
            ["#finish"] if page.locator("#finish").is_visible() else [".distance", "#status-bar"]
        ):
            in_view(page, shown)
        assert box(page, "#board") == board, "the board moved"
        if page.viewport_size["width"] == 390:
            one_line_each(page, "#moves .move")
            one_line_each(page, "#line .step")
        if made == 10 or page.locator("#finish").is_visible():
            break
        follow_a_hint(page)
        expect(page.locator("#made")).to_contain_text(f"moves made: {made + 1} ")
    if start <= 10:  # the goal reached by hand: the finish, beside or under the board
        dialog = page.get_by_role("dialog", name=f"Solved in {start} — optimal!")
        expect(dialog).to_be_visible()
        in_view(page, "#finish")
        in_view(page, "#board")
        assert page.locator("#board").evaluate(UNCOVERED), "the finish covers the board"
    else:
        expect(page.locator("#made")).to_contain_text("moves made: 10 ")
        expect(page.locator("#line .step")).to_have_count(11)
    assert page.problems == []


# Whole games on a phone, by the hints, from where each opens: Klotski's classic start (116
# moves one cell at a time, 81 under the finger count) and peg15's hardest position (11 chains).
WHOLE_GAMES = {"klotski": 116, "klotski-finger": 81, "peg15": 11}


@pytest.mark.slow  # a third of a second a move: over half a minute for Klotski
@pytest.mark.parametrize(
    ("puzzle", "viewed"),
    [(p, "phone") for p in WHOLE_GAMES],
    ids=list(WHOLE_GAMES),
    indirect=["viewed"],
)
def test_a_whole_game_by_the_hints_on_a_phone_never_scrolls(viewed, game_base, puzzle):
    """Every move a tap on the hinted piece (and its ghost): after each the board is where it
    was, whole on the screen, the window not scrolled, and nothing logged as an error; at the
    end the finish says the game was optimal."""
    page = viewed
    optimal = WHOLE_GAMES[puzzle]
    page.goto(f"{game_base}/?puzzle={puzzle}")
    page.wait_for_selector("#moves li")
    expect(page.locator("#distance")).to_have_text(str(optimal))
    board = box(page, "#board")
    for made in range(1, optimal + 1):
        follow_a_hint(page)
        expect(page.locator("#made")).to_contain_text(f"moves made: {made} ")
        in_view(page, "#board")
        assert box(page, "#board") == board, f"the board moved at move {made}"
        assert page.evaluate("[window.scrollX, window.scrollY]") == [0, 0], f"scrolled at {made}"
        assert page.problems == [], f"errors at move {made}"
    expect(page.get_by_role("dialog", name=f"Solved in {optimal} — optimal!")).to_be_visible()
    in_view(page, "#finish")


@pytest.mark.parametrize("viewed", ["desktop"], indirect=True)
def test_the_help_fits_the_puzzle_chosen(viewed, game_base):
    page = viewed
    seen = {}
    for puzzle in ("english", "peg15", "klotski"):
        page.goto(f"{game_base}/?puzzle={puzzle}")
        page.wait_for_selector("#moves li")
        help_text = " ".join(p.inner_text() for p in page.locator("footer p:visible").all())
        seen[puzzle] = (help_text, page.locator("#shortcuts").inner_text())
    english, peg15, klotski = seen["english"], seen["peg15"], seen["klotski"]
    assert "one move is one jump" in english[0] and "chain" not in english[0]
    assert "one move is a chain of jumps" in peg15[0]
    assert "peg" not in klotski[0] and "Click a piece" in klotski[0]
    for keys in (english[1], peg15[1]):  # no arrows where they move nothing
        assert not ARROWS.search(keys) and "peg's hole" in keys
    assert "← ↑ → ↓" in klotski[1] and "hole" not in klotski[1]


@pytest.mark.parametrize("viewed", ["phone"], indirect=True)
def test_a_moves_words_distance_and_count_are_apart_and_said_apart(viewed, game_base):
    page = viewed
    page.goto(f"{game_base}/?puzzle=english")
    page.wait_for_selector("#moves .move.optimal")
    for move in page.locator("#moves .move").all():
        words, depth = move.locator(".words").bounding_box(), move.locator(".depth").bounding_box()
        assert words["x"] + words["width"] + 4 <= depth["x"], "the words run into the distance"
        if "optimal" in (move.get_attribute("class") or ""):
            count = move.locator(".count").bounding_box()
            assert depth["x"] + depth["width"] + 4 <= count["x"], "the distance runs into the count"
            said = r"^peg \d+ jumps to \d+\s*, after: \d+\s*, optimal\s*, [\d,]+ winning lines?$"
            expect(move).to_have_accessible_name(re.compile(said))
        else:
            expect(move).to_have_accessible_name(re.compile(r"^peg \d+ jumps to \d+\s*, after: \w"))
    expect(page.locator(".moves-panel .columns")).to_have_text("moveafterwinning lines")


@pytest.mark.parametrize("viewed", ["desktop"], indirect=True)
def test_the_frame_names_columns_and_rows_as_the_move_words_do(viewed, game_base):
    page = viewed
    page.goto(f"{game_base}/?puzzle=klotski&state=start")
    page.wait_for_selector("#moves li")
    with urllib.request.urlopen(f"{game_base}/moves?puzzle=klotski&state=start") as answer:
        moves = json.load(answer)["moves"]
    named = [(m, re.search(r" at ([a-z]+)(\d+) ", m["move"])) for m in moves]
    named = [(m, found) for m, found in named if found]
    assert named, "no move names a cell"
    for move, found in named:
        assert found is not None  # kept above
        column, row = found.groups()
        cell = box(page, f".slot[data-cell='{move['from'][0]}']")  # where the piece stands
        letter = box(page, f".coordinate.column:text-is('{column}')")
        number = box(page, f".coordinate.row:text-is('{row}')")
        assert cell["x"] < letter["x"] + letter["width"] / 2 < cell["x"] + cell["width"]
        first = box(page, ".slot[data-cell='0']")
        assert letter["y"] + letter["height"] <= first["y"]  # on the frame, above the cells
        assert cell["y"] < number["y"] + number["height"] / 2 < cell["y"] + cell["height"]
        assert number["x"] + number["width"] <= first["x"]  # and left of them
    expect(page.locator(".coordinate.column")).to_have_text(["a", "b", "c", "d"])
    expect(page.locator(".coordinate.row")).to_have_text(["1", "2", "3", "4", "5"])
    page.goto(f"{game_base}/?puzzle=eight")  # "tile 5 down": no cell named, no coordinates
    page.wait_for_selector("#moves li")
    expect(page.locator(".coordinate")).to_have_count(0)


# -- the finish ------------------------------------------------------------------------------------
NEAR, AWAY, GOAL = "123456708", "123456078", "123456780"  # eight: one move from the goal


def click_tile(page, label: str, reached: str) -> None:
    """A click where the player sees the tile (Playwright's click scrolls the page when a mark
    lies over the tile's middle: a scroll no player makes)."""
    tap(page, page.locator(f".piece[data-label='{label}']"))
    settled(page, reached)


@pytest.mark.parametrize("view", list(VIEWS))
def test_the_finish_shows_beside_the_board_and_offers_the_next_game(browser, game_base, view):
    width, height = VIEWS[view]
    # the page's policy forbids injected scripts: axe comes in past it, for this test only
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{game_base}/?puzzle=eight&state={NEAR}")
    settled(page, NEAR)
    dialog = page.locator("#finish")
    click_tile(page, "7", AWAY)  # away from the goal, and back: two moves more than optimal
    click_tile(page, "7", NEAR)
    click_tile(page, "8", GOAL)
    title = "Solved in 3 — 2 more than optimal (1)"
    expect(page.get_by_role("dialog", name=title)).to_be_visible()
    expect(page.get_by_role("button", name="Play again")).to_be_focused()
    expect(page.locator("#solved")).to_have_text(title)  # said in the status bar as well
    assert page.locator("#board").evaluate(UNCOVERED), "the finish covers the board"
    if not AXE.exists():
        pytest.fail(f"no axe-core at {AXE}: run `bash tests/install.sh`")
    found = axe_violations(page)  # (its checks may scroll the page)
    assert found == []
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.locator("#board :focus")).to_have_count(1)  # back where the game was played
    for close in ("Close", "Play again"):
        page.click("#undo")
        settled(page, NEAR)
        click_tile(page, "8", GOAL)
        expect(dialog).to_be_visible()
        page.get_by_role("dialog").get_by_role("button", name=close).click()
        expect(dialog).to_be_hidden()
    settled(page, NEAR)  # played again: the game's start, its moves still to redo
    expect(page.locator("#made")).to_have_text("moves made: 0 (optimal from the start: 1)")
    expect(page.locator("#redo")).to_be_enabled()
    click_tile(page, "8", GOAL)
    expect(page.get_by_role("dialog", name="Solved in 1 — optimal!")).to_be_visible()
    names = [p["name"] for p in api_puzzles(game_base) if p["builds"]]
    following = names[names.index("eight") + 1]
    page.get_by_role("button", name="Next puzzle").click()
    expect(page.locator("#puzzle")).to_have_value(following)
    expect(dialog).to_be_hidden()
    page.wait_for_selector("#moves li")
    context.close()
    assert problems == []


def api_puzzles(base: str) -> list[dict]:
    with urllib.request.urlopen(f"{base}/puzzles") as answer:
        return json.load(answer)["puzzles"]


# what is drawn at the middle of an element is the element (or within it): nothing covers it
UNCOVERED = """(el) => {
  const r = el.getBoundingClientRect();
  const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return el.contains(top);
}"""


@pytest.mark.parametrize("viewed", ["desktop"], indirect=True)
def test_the_chooser_beside_the_board_leaves_the_status_bar_readable(viewed, game_base):
    """Beside the board is the status bar: the chooser for moves that end in one place sits
    low beside the board, under the distance and the prompt that says to choose."""
    page = viewed
    state = "VBBVVBBVVssVVssVHH__"  # the horizontal can go right 1 or 2: their ghosts overlap
    page.goto(f"{game_base}/?puzzle=klotski-straight&state={state}")
    settled(page, state)
    page.click(".piece[data-cell='16']")
    page.click(".slot[data-cell='18']")  # under both ghosts
    expect(page.locator("#board .choices button.choice")).to_have_count(2)
    expect(page.locator("#status")).to_contain_text("choose one beside the board")
    for shown in ("#status", "#distance"):
        assert page.locator(shown).evaluate(UNCOVERED), f"the chooser covers {shown}"
    in_view(page, "#board .choices")
