"""Targets on the page against what `puzzledb build --all` builds: "Set current as target" is
offered where /puzzles says the build takes positions as targets (a position it cannot answer
toward is refused, with why, when set), and elsewhere says why not, in plain words;
`build --all` builds seven's goals for every target (cheap), so any seven position can be a
target."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from playwright.sync_api import expect
from support.page_kit import choose, load, settled
from support.servers import puzzledb_serve

from puzzledb.service.cli.commands import main


@pytest.fixture(scope="module")
def all_db(tmp_path_factory):
    path = tmp_path_factory.mktemp("all") / "puzzledb.sqlite"
    result = CliRunner().invoke(main, ["build", "--all", "--json", "--db", str(path)])
    assert result.exit_code == 0, result.output
    return path, json.loads(result.output)


@pytest.fixture(scope="module")
def base(all_db):
    with puzzledb_serve(all_db[0]) as url:
        yield url


def test_build_all_builds_sevens_goals_for_every_target(all_db):
    built = [(b["name"], b["goal"]) for b in all_db[1]["built"]]
    assert ("seven", "12345670") in built and ("seven", "10234567") in built
    assert [name for name, _ in built].count("seven") == 2


def target_here(page):
    return page.locator("#target-here")


def test_any_seven_position_can_be_the_target(page):
    choose(page, "seven", page_first_farthest(page, "seven"))
    blanks = set()
    for _ in range(4):  # the blank in corners and in the middle of the long sides
        expect(target_here(page)).to_be_enabled()
        expect(page.locator("#target-why")).to_have_text("")
        state = page.get_attribute("#moves", "data-from")
        blanks.add(state.index("0"))
        page.click("#moves .move >> nth=0")
        expect(page.locator("#moves")).not_to_have_attribute("data-from", state)
        expect(page.locator("#moves .move")).not_to_have_count(0)
    assert blanks & {0, 3, 4, 7} and blanks & {1, 2, 5, 6}
    load(page, "12345670")
    settled(page, "12345670")
    page.click("#moves .move >> nth=0")
    expect(page.locator("#moves")).not_to_have_attribute("data-from", "12345670")
    expect(page.locator("#moves")).to_have_attribute("data-from", re.compile("."))  # looked up
    expect(target_here(page)).to_be_enabled()
    away = page.get_attribute("#moves", "data-from")
    page.click("#target-here")
    expect(page.locator("#distance")).to_have_text("0")
    expect(page.locator("#target-note")).to_have_text("toward a target position, not the goal")
    expect(page.locator("#target-input")).to_have_value(away)
    expect(page.locator("#target-why")).to_have_text("This position is the target.")
    expect(target_here(page)).to_be_disabled()


def page_first_farthest(page, puzzle):
    import urllib.request

    base = page.url.split("/?")[0]
    with urllib.request.urlopen(f"{base}/farthest?puzzle={puzzle}&limit=1", timeout=5) as r:
        return json.loads(r.read())["states"][0]


@pytest.mark.parametrize(
    "puzzle, why",
    [
        ("lines", "its pieces are not all distinct"),
        ("atama", "its pieces are not all distinct"),
        ("nooff", "its pieces are not all distinct"),
        ("peg15", "pegs are all alike"),
    ],
)
def test_where_a_target_cannot_be_answered_the_page_says_why_in_words(page, puzzle, why):
    choose(page, puzzle, page_first_farthest(page, puzzle))
    expect(target_here(page)).to_be_disabled()
    note = page.locator("#target-why")
    expect(note).to_contain_text("This position cannot be a target here")
    expect(note).to_contain_text(why)
    assert "puzzledb" not in note.inner_text()  # no command line


def test_eight_answers_a_target_where_its_one_build_can_and_says_why_not_when_set(page):
    """Whether this very position can be a target is asked when it is set, never before."""
    load(page, "647850321")  # blank in the centre: no build has it there
    settled(page, "647850321")
    expect(target_here(page)).to_be_enabled()
    page.click("#target-here")
    error = page.locator("#target-error")
    expect(error).to_contain_text("Not set as the target: no build of eight can answer toward")
    expect(error).to_contain_text("none has its blank where")
    assert "puzzledb" not in error.inner_text()  # no command line
    assert "647850321" not in error.inner_text()  # nor the position's code: "this position"
    expect(page.locator("#target-note")).to_have_text("toward the goal: the tiles in order")
    load(page, "867254310")  # blank in a corner: its build answers through a mirror
    settled(page, "867254310")
    page.click("#target-here")
    expect(page.locator("#target-note")).to_have_text("toward a target position, not the goal")
    expect(page.locator("#distance")).to_have_text("0")
    expect(target_here(page)).to_be_disabled()
