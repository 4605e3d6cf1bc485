"""A player's words from the puzzle definitions: each goal said as a person would ("the big
piece out at the bottom", not a ?-pattern), the named starts offered by /puzzles, and a lost
position or a wrong-parity target explained without a state written out."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from puzzledb.builder import catalogue
from puzzledb.builder.core.errors import BadDefinition
from puzzledb.builder.definition import load_file
from puzzledb.builder.kinds.sliding.catalogue import KLOTSKI_START
from puzzledb.db import queries
from puzzledb.db.build import build
from puzzledb.db.connection import writer
from puzzledb.db.errors import DatabaseFault
from puzzledb.service.http.app import create_app

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
STATE_WRITTEN_OUT = re.compile(r"[0-9A-Za-z?_]{10}")  # a 10+ character state or pattern

CATALOGUE_WORDS = {
    "eight": "the tiles in order",
    "fifteen": "the tiles in order",
    "klotski": "the big piece out at the bottom",
    "english": "one peg left in the centre (hole 16)",
    "peg15": "one peg left in hole 12",
    "french": "one peg left in hole 31",
    "lines": "the frame closed round the blank",  # the definition's own words
}


@pytest.mark.parametrize("name, words", CATALOGUE_WORDS.items())
def test_each_catalogue_goal_is_said_in_words(name, words):
    puzzle = catalogue.get(name)
    assert puzzle.goal_words(puzzle.default_goal) == words


def test_the_general_rules_of_each_kind():
    seven, klotski = catalogue.get("seven"), catalogue.get("klotski")
    assert seven.goal_words("10234567") == "the tiles in order, the blank at b1"
    assert klotski.goal_words("BB??BB" + "?" * 14) == "the big piece in the top left corner"
    # identical pieces are told apart by their cells
    assert klotski.goal_words("?" * 17 + "ss?") == "the small piece at b5, the small piece at c5"
    english = catalogue.get("english")
    assert english.goal_words(english.starts["start"]) == "32 pegs: every hole full but 16"
    three = "".join("1" if h in (2, 9, 30) else "0" for h in range(33))
    assert english.goal_words(three) == "3 pegs left, in holes 2, 9 and 30"


def test_a_toml_definition_names_its_goals_and_keeps_the_words_with_its_build(tmp_path):
    file = tmp_path / "words.toml"
    file.write_text(
        'name = "tw"\nrows = 2\ncols = 2\ngoals = ["1230", "3210"]\n'
        '[goal_words]\n"3210" = "the tiles backwards"\n',
        encoding="utf-8",
    )
    defined = load_file(str(file))
    puzzle = defined.puzzle
    assert [puzzle.goal_words(g) for g in defined.goals] == [
        "the tiles in order",  # the rule, where the file gives no words
        "the tiles backwards",
    ]
    again = catalogue.from_spec(puzzle.spec())  # as stored with a build
    assert again.goal_words("3210") == "the tiles backwards"
    nooff = load_file("examples/nooff.toml").puzzle
    assert nooff.goal_words(nooff.default_goal) == "the bulb top left, then NO over OFF"


@pytest.mark.parametrize(
    "words, message",
    [
        ("goal_words = 3\n", "goal_words must be a string or a table"),
        ('[goal_words]\n"3012" = "x"\n', "goal_words names '3012', which is not one of"),
        ('goal_words = "a\\u0007b"\n', "goal_words must be printable text"),
    ],
)
def test_bad_goal_words_are_refused_naming_the_field(tmp_path, words, message):
    file = tmp_path / "bad.toml"
    file.write_text(f'name = "tw"\nrows = 2\ncols = 2\ngoal = "1230"\n{words}', encoding="utf-8")
    with pytest.raises(BadDefinition, match=re.escape(message)):
        load_file(str(file))


# -- the API -------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def client(tmp_path_factory):
    path = tmp_path_factory.mktemp("words") / "words.sqlite"
    db = writer(path)
    for name in ("eight", "peg15"):
        puzzle = catalogue.get(name)
        build(db, puzzle, puzzle.default_goal, time.perf_counter())
    nooff = catalogue.get("nooff")  # a pattern goal, quick to build (Klotski's takes 15 s)
    build(db, nooff, nooff.parse_goal("?????LL?"), time.perf_counter())
    english = catalogue.get("english")
    build(db, english, english.default_goal, time.perf_counter(), radius=3)
    square = load_file(str(EXAMPLES / "square.toml")).puzzle  # built whole: it holds its start
    build(db, square, square.default_goal, time.perf_counter())
    db.close()
    return create_app(Path(path), {"answer_cache": 0}).test_client()


def entries(client) -> dict[str, dict]:
    answer = client.get("/puzzles").get_json()
    return {entry["name"]: entry for entry in answer["puzzles"]}


def test_puzzles_lists_the_named_starts_of_each_puzzle(client):
    listed = entries(client)
    assert listed["klotski"]["starts"] == [{"name": "start", "state": KLOTSKI_START}]
    centre_empty = "1" * 16 + "0" + "1" * 16  # the English cross's classic start
    assert listed["english"]["starts"] == [{"name": "start", "state": centre_empty}]
    assert listed["eight"]["starts"] == []  # it names none


def test_each_build_says_which_named_starts_it_holds(client):
    """A client opens a build at a start it holds, never asking for one it lacks: English
    within radius 3 does not reach its classic start, 31 jumps out."""
    listed = entries(client)
    held = {name: [b["starts"] for b in listed[name]["builds"]] for name in listed}
    assert held["english"] == [[]]
    assert held["square4"] == [["start"]]
    assert held["eight"] == [[]]  # it names none
    assert held["square4"][0] == [s["name"] for s in listed["square4"]["starts"]]


def test_a_build_whose_rows_cannot_be_read_leaves_the_catalogue_answering(client, monkeypatch):
    """Reading a build's starts (a cluster build's missing shard, say) fails that build's
    starts only: /puzzles still lists every build, as before it read any rows."""

    def unreadable(*_):
        raise DatabaseFault("cannot read a shard")

    monkeypatch.setattr(queries, "depths_of", unreadable)
    response = client.get("/puzzles")
    assert response.status_code == 200
    listed = {e["name"]: e for e in response.get_json()["puzzles"]}
    assert [b["starts"] for b in listed["square4"]["builds"]] == [[]]


def test_puzzles_says_each_builds_goal_in_words(client):
    listed = entries(client)
    said = {name: [b["goal_words"] for b in listed[name]["builds"]] for name in listed}
    assert said["nooff"] == ["the bulb piece out at the bottom"]
    assert said["english"] == ["one peg left in the centre (hole 16)"]
    assert said["eight"] == ["the tiles in order"]
    assert said["fifteen"] == []  # not built: no builds to say


def test_a_lost_peg_position_is_explained_in_words_with_the_proof_apart(client):
    two_corners = "".join("1" if h in (0, 32) else "0" for h in range(33))
    answer = client.get(
        "/moves", query_string={"puzzle": "english", "state": two_corners, "any": "true"}
    ).get_json()
    assert answer["depth"] is None and answer["beyond_radius"] is False
    why = answer["why"]
    assert why.startswith("No way to win from here: ") and "holes 0 and 32" in why
    assert not STATE_WRITTEN_OUT.search(why), why
    assert "pagoda" not in why and "t**d" not in why  # the lecture is kept apart
    assert "pagoda function" in answer["why_details"]


def test_a_radius_build_says_beyond_in_words(client):
    answer = client.get(
        "/moves", query_string={"puzzle": "english", "state": "start", "any": "true"}
    ).get_json()
    assert answer["beyond_radius"] is True
    assert answer["why"].startswith("Too far for this build: ")
    assert "within 3" in answer["why"] and not STATE_WRITTEN_OUT.search(answer["why"])


def test_a_wrong_parity_target_is_answered_as_a_target_not_a_goal(client):
    swapped = "213456780"
    asked = {"puzzle": "eight", "state": "123456780", "to": swapped}
    refused = client.get("/moves", query_string=asked)
    assert refused.status_code == 404
    message = refused.get_json()["error"]["message"]
    assert f"cannot reach the target {swapped}" in message and "parity" in message
    answer = client.get("/moves", query_string={**asked, "any": "true"}).get_json()
    assert answer["depth"] is None and answer["beyond_radius"] is False
    assert answer["why"].startswith("No way to the target from here: unsolvable by parity")
    assert all(m["depth"] is None for m in answer["moves"])


def test_moves_any_on_the_command_line_names_the_state_then_says_why_and_the_proof(cli, seed_db):
    lost = "010100000000000"
    result = cli("moves", "peg15", lost, "--any", "--db", seed_db)
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert first.startswith(f"peg15: {lost}: No way to win from here: the pegs left, in holes 1")
    assert first.endswith("less than the goal's 1.000)")  # the proof, in brackets after
