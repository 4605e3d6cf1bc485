"""Rush Hour (issue 31): the published figures of the four catalogue cards, both metrics against
an independent search, every question of a rush build from the CLI and the HTTP API, and bad
cards and positions refused with a clear message."""

from __future__ import annotations

import csv
import io
import json
from collections import deque

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzledb.builder import catalogue
from puzzledb.builder.core.errors import BadDefinition, MalformedInput
from puzzledb.builder.definition import load_file
from puzzledb.builder.kinds.rush import RushHour
from puzzledb.builder.search.plain import breadth_first
from puzzledb.db.connection import reader
from puzzledb.service.answers import Answers
from puzzledb.service.cli.options import EXIT_STATUS
from puzzledb.service.http.api.errors import HTTP_STATUS
from puzzledb.service.http.app import create_app

EXAMPLE = "examples/rush.toml"
GOAL_51 = "?" * 16 + "AA" + "?" * 18  # A at the exit: the right edge of row 3


def _rush(puzzle: object) -> RushHour:
    assert isinstance(puzzle, RushHour), puzzle
    return puzzle


def _card(name: str) -> RushHour:
    """A Rush Hour card of the catalogue."""
    return _rush(catalogue.get(name))


def _built(puzzle: RushHour):
    """The plain search from every goal position of the card's cluster, as a build runs it."""
    return breadth_first(puzzle, puzzle.default_goal, None, None, puzzle.goal_positions(GOAL_51))


# -- the published figures (Fogleman's database) --------------------------------------------------
@pytest.mark.parametrize(
    "name, moves",
    [
        ("rush51", 51),
        ("rush60", 60),
        pytest.param("rush58", 58, marks=pytest.mark.slow),
        pytest.param("rush49", 49, marks=pytest.mark.slow),
    ],
)
def test_each_published_card_is_its_published_number_of_moves(name, moves):
    """Moves counted as Fogleman counts them: one vehicle any distance one way, until A stands
    at the exit. A build holds exactly the card's cluster: every move can be undone, so every
    position the card reaches can reach the goal too."""
    puzzle = _card(name)
    assert puzzle.default_goal == GOAL_51
    result = _built(puzzle)
    assert result.table[puzzle.card][0] == moves
    assert result.states == len(puzzle.cluster()) == puzzle.arrangements()
    assert set(result.table) == set(puzzle.cluster())


def test_sizing_a_catalogue_card_walks_no_cluster(monkeypatch):
    """Issue 46: `puzzledb list` asks each catalogue puzzle whether it is too large to build
    whole, and each Rush Hour card walked its cluster in plain Python for it (1.26 s). A 6x6
    card is bounded by the largest 6x6 cluster, published; once walked, by its own size."""
    from puzzledb.builder.kinds.rush import catalogue as cards
    from puzzledb.builder.kinds.rush import puzzle as rush

    def no_walk(*args, **kwargs):
        raise AssertionError("a cluster was walked")

    monkeypatch.setattr(rush, "cluster", no_walk)
    fresh = cards.MAKERS["rush60"]()
    assert fresh.arrangements() == rush.LARGEST_6X6_CLUSTER == 541_934
    monkeypatch.setattr(catalogue, "CATALOGUE", {**catalogue.CATALOGUE, "rush60": fresh})
    assert catalogue.radius_flag("rush60") == ""  # whole, as every 6x6 card is
    monkeypatch.undo()
    assert len(fresh.cluster()) == fresh.arrangements()  # walked: its own size


def test_the_hardest_card_without_walls_has_a_cluster_of_4780_positions():
    puzzle = _card("rush51")
    assert puzzle.card == "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo" and "x" not in puzzle.card
    assert len(puzzle.cluster()) == 4_780  # the size Fogleman's database gives its cluster
    result = _built(puzzle)
    assert result.states == 4_780 and result.max_depth == 51


def test_every_goal_position_has_a_at_the_exit_and_only_those_are_at_depth_0():
    puzzle = _card("rush60")
    result = _built(puzzle)
    at_exit = {s for s in puzzle.cluster() if s[16:18] == "AA"}
    assert {s for s, row in result.table.items() if row[0] == 0} == at_exit
    assert result.histogram[0] == len(at_exit) > 1


def test_the_steps_metric_counts_cells_and_every_step_swaps_two_cells():
    moves = _card("rush60")
    steps = RushHour("steps60", moves.card, metric="steps")
    assert steps.single_swap_moves() and not moves.single_swap_moves()
    result = _built(steps)
    assert result.states == len(moves.cluster())
    assert result.table[steps.card][0] > 60  # a truck going 3 cells is 3 steps
    for move, after in steps.moves(steps.card):
        assert move.swap is not None
        lo, hi = move.swap
        swapped = list(steps.card)
        swapped[lo], swapped[hi] = swapped[hi], swapped[lo]
        assert "".join(swapped) == after and move.distance == 1


# -- both metrics against an independent search ---------------------------------------------------
def _independent_moves(state: str, rows: int, cols: int, far: bool) -> set[str]:
    """Every position one move away, found by coordinates: each letter's cells, then every
    shift along their row or column into empty cells ('o'), one cell or (far) any number."""
    grid = [list(state[r * cols : (r + 1) * cols]) for r in range(rows)]
    found = set()
    for letter in {s for s in state if s not in "ox"}:
        cells = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == letter]
        across = len({r for r, _ in cells}) == 1
        for dr, dc in [(0, -1), (0, 1)] if across else [(-1, 0), (1, 0)]:
            shift = 1
            while True:
                moved = [(r + dr * shift, c + dc * shift) for r, c in cells]
                if not all(0 <= r < rows and 0 <= c < cols for r, c in moved):
                    break
                if any(grid[r][c] != "o" and (r, c) not in cells for r, c in moved):
                    break
                board = [row[:] for row in grid]
                for r, c in cells:
                    board[r][c] = "o"
                for r, c in moved:
                    board[r][c] = letter
                found.add("".join("".join(row) for row in board))
                if not far:
                    break
                shift += 1
    return found


def _independent_distances(card: str, rows: int, cols: int, far: bool) -> dict[str, int]:
    """Each position of the card's cluster and its fewest moves to A's right end at the edge."""
    cluster, queue = {card}, deque([card])
    while queue:
        for after in _independent_moves(queue.popleft(), rows, cols, far):
            if after not in cluster:
                cluster.add(after)
                queue.append(after)
    row = next(i // cols for i, s in enumerate(card) if s == "A")
    goals = [s for s in cluster if s[row * cols + cols - 1] == "A"]
    distance = dict.fromkeys(goals, 0)
    queue = deque(goals)
    while queue:
        state = queue.popleft()
        for after in _independent_moves(state, rows, cols, far):  # every move is reversible
            if after not in distance:
                distance[after] = distance[state] + 1
                queue.append(after)
    assert set(distance) == cluster  # solvable, so every position of the cluster is
    return distance


@pytest.fixture(scope="module")
def small_builds(tmp_path_factory):
    """examples/rush.toml built under both metrics (956 positions each), and the independent
    search's distances of its cluster under each."""
    from click.testing import CliRunner

    from puzzledb.service.cli.commands import main

    path = tmp_path_factory.mktemp("rush") / "small.sqlite"
    runner = CliRunner()
    card = _rush(load_file(EXAMPLE).puzzle)
    for name, metric in (("small-moves", "moves"), ("small-steps", "steps")):
        result = runner.invoke(
            main, ["build", name, "--rush", card.card, "--metric", metric, "--db", str(path), "-q"]
        )
        assert result.exit_code == 0, result.output
    distances = {
        metric: _independent_distances(card.card, 6, 6, metric == "moves")
        for metric in ("moves", "steps")
    }
    return path, distances


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data())
def test_a_path_from_any_position_of_a_small_card_is_optimal_under_both_metrics(small_builds, data):
    path, distances = small_builds
    answers = Answers(reader(path))
    metric = data.draw(st.sampled_from(["moves", "steps"]))
    distance = distances[metric]
    state = data.draw(st.sampled_from(sorted(distance)))
    answer = answers.path(f"small-{metric}", state)
    assert answer["depth"] == distance[state] == len(answer["path"]) - 1
    for before, after in zip(answer["path"], answer["path"][1:]):
        assert after in _independent_moves(before, 6, 6, metric == "moves")
    assert answer["path"][-1][17] == "A"  # A's right end at the exit


def test_a_steps_build_derives_each_pred_by_swapping_two_cells(small_builds, cli):
    path, distances = small_builds
    rows = json.loads(
        cli(
            "sql",
            "SELECT state, depth, pred FROM states WHERE puzzle = 'small-steps' AND depth > 0",
            "--db",
            path,
            "--json",
        ).stdout
    )["rows"]
    assert len(rows) == len(distances["steps"]) - sum(d == 0 for d in distances["steps"].values())
    for state, depth, pred in rows:
        assert pred in _independent_moves(state, 6, 6, far=False)
        assert distances["steps"][pred] == depth - 1


# -- every question of a build, from the CLI and the HTTP API ------------------------------------
@pytest.fixture(scope="module")
def rush_db(tmp_path_factory):
    from click.testing import CliRunner

    from puzzledb.service.cli.commands import main

    path = tmp_path_factory.mktemp("rush51") / "rush.sqlite"
    result = CliRunner().invoke(main, ["build", "rush51", "--db", str(path)])
    assert result.exit_code == 0, result.output
    assert "4,780 states, max depth 51" in result.stdout
    return path


def _json(cli, *args):
    result = cli(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_cli_answers_a_rush_build_as_any_other(cli, rush_db):
    card = _card("rush51").card
    path = _json(cli, "path", "rush51", "start", "--db", rush_db)
    assert path["depth"] == 51 and path["path"][0] == card and path["reached"][16:18] == "AA"
    assert path["moves"][0] in {"truck M up", "car F right"}
    moves = _json(cli, "moves", "rush51", "start", "--db", rush_db)
    optimal = {m["move"] for m in moves["moves"] if m["optimal"]}
    assert optimal == {"truck M up", "car F right"}
    assert {m["move"]: m["depth"] for m in moves["moves"]}["car B right"] == 51
    farthest = _json(cli, "farthest", "rush51", "--db", rush_db)
    assert card in farthest["states"] and farthest["depth"] == 51
    depth = _json(cli, "depth", "rush51", "0", "--db", rush_db)
    assert all(s[16:18] == "AA" for s in depth["states"])
    stats = _json(cli, "stats", "rush51", "--db", rush_db)
    assert stats["states"] == 4_780 and stats["max_depth"] == 51
    text = cli("path", "rush51", "start", "--db", rush_db).stdout
    assert "51 moves" in text and "→" in text  # the exit drawn on the frame


def test_sql_and_export_hold_every_position_of_the_cluster(cli, rush_db):
    rows = _json(
        cli,
        "sql",
        "SELECT depth, count(*) FROM states WHERE puzzle = 'rush51' GROUP BY depth",
        "--db",
        rush_db,
    )["rows"]
    assert sum(n for _, n in rows) == 4_780 and max(d for d, _ in rows) == 51
    exported = cli("export", "rush51", "--db", rush_db).stdout
    records = list(csv.DictReader(io.StringIO(exported)))
    assert len(records) == 4_780
    assert {r["state"] for r in records} == set(_card("rush51").cluster())


def test_the_http_api_answers_a_rush_build(rush_db):
    client = create_app(rush_db).test_client()
    answer = client.get("/path?puzzle=rush51&state=start").get_json()
    assert answer["depth"] == 51
    moves = client.get("/moves?puzzle=rush51&state=start").get_json()
    card = _card("rush51").card
    assert moves["pieces"][0] == {"label": "G", "cells": [0, 6, 12]}
    assert {m["move"] for m in moves["moves"]} >= {"truck M up", "car F right", "car B right"}
    listed = {p["name"]: p for p in client.get("/puzzles").get_json()["puzzles"]}
    assert listed["rush51"]["kind"] == "rush" and listed["rush51"]["board"] == "6x6"
    assert listed["rush51"]["starts"] == [{"name": "start", "state": card}]
    bad = client.get("/path?puzzle=rush51&state=GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFoF")
    assert bad.status_code == HTTP_STATUS["malformed"]
    assert "vehicle F" in bad.get_json()["error"]["message"]
    walled = "x" + card[1:]
    far = client.get(f"/path?puzzle=rush51&state={walled}")
    assert far.status_code == HTTP_STATUS["unreachable"]


def test_the_catalogue_says_each_vehicle_for_drawing_and_no_other_kind_has_vehicles(rush_db):
    """What the page draws a card by: each vehicle's name as the move words call it, its axis
    (read from the card, so a vertical truck is vertical) and the primary car; walls by the
    symbol the pieces label them with."""
    client = create_app(rush_db).test_client()
    listed = {p["name"]: p for p in client.get("/puzzles").get_json()["puzzles"]}
    drawn = listed["rush51"]["vehicles"]
    assert drawn["empty"] == "o" and drawn["wall"] == "x"
    by_letter = {v["label"]: v for v in drawn["vehicles"]}
    card = _card("rush51").card
    assert sorted(by_letter) == sorted(set(card) - {"o"})
    assert by_letter["A"] == {"label": "A", "name": "car A", "axis": "horizontal", "primary": True}
    assert by_letter["G"] == {"label": "G", "name": "truck G", "axis": "vertical", "primary": False}
    assert [v["label"] for v in drawn["vehicles"] if v["primary"]] == ["A"]
    moves = client.get("/moves?puzzle=rush51&state=start").get_json()["moves"]
    names = {v["name"] for v in drawn["vehicles"]}
    assert all(m["move"].rsplit(" ", 1)[0] in names for m in moves)  # "truck M up": truck M
    walled = _rush(catalogue.get("rush60")).vehicles()
    assert "x" not in {v["label"] for v in walled["vehicles"]}
    assert all(p["vehicles"] is None for p in listed.values() if p["kind"] != "rush")


# -- bad cards and positions ----------------------------------------------------------------------
BAD_CARDS = [
    # (board, words the message must contain)
    ("BBBCDE/FGGCDE/F.AADE/HHI.../.JI.KK/.JLLMx", "vehicle M is one cell (e6)"),
    ("BBBCDE/FGGCDE/F.AADE/HHI.../.JI.KK/.JLLMM/BOOOOO", "vehicle B is bent"),
    ("BBBCDE/FGGCDE/F.AADE/HHI.../.JI.KK/AJLLMM", "vehicle A is bent"),
    ("BBBCDE/FGGCDE/F.ooDE/HHI.../.JI.KK/.JLLMM", "no primary car A"),
    ("AoBBoo/Aooooo/oooooo/oooooo/oooooo/oooooo", "primary car A is vertical"),
    ("BBBCDE/FGGCDE/FAA.DE/HHI.../.JI.KK/.JLLMM/", "row 7 has 0 cells, its first row has 6"),
    ("BBBCDE/FGGCDE/F.AADE/HHI../.JI.KK/.JLLMM", "row 4 has 5 cells"),
    ("BBBCDEFGGCDEF.AADEHHI....JI.KK.JLLM", "35 cells"),
    ("BBBCDE/FGGCDE/F.AAxE/HHI.../.JI.KK/.JLLMM", "a wall at e3 stands between"),
    ("BBBCoo/FGGCoo/F.AAKK/HHI.../.JI.../.JLLMM", "horizontal vehicle K stands between"),
    ("BBBCDE/FGGCDE/F.AA#E/HHI.../.JI.KK/.JLLMM", "'#' at e3"),
    ("BBBCDE/FGGCDE/F.AA?E/HHI.../.JI.KK/.JLLMM", "only in a goal"),
    ("BBooxo/ooooCo/AAooCo/ooooCo/ooooxo/oooooo", "cannot be solved"),
]


@pytest.mark.parametrize("board, words", BAD_CARDS)
def test_a_bad_card_is_refused_with_what_is_wrong_and_nothing_written(cli, empty_db, board, words):
    result = cli("build", "mycard", "--rush", board, "--db", empty_db, "--json")
    error = json.loads(result.stdout)["error"]
    assert result.exit_code == EXIT_STATUS[error["code"]] == 2
    assert words in error["message"], error["message"]
    assert "Traceback" not in result.output and not empty_db.exists()


BAD_POSITIONS = [
    # (position of rush51, code, words)
    ("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFF", "malformed", "35 cells"),
    ("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFoF", "malformed", "vehicle F is split"),
    ("GBBoLoGHIoLMGHIoAMCCCKoMooJKDDEEJFFo", "malformed", "vehicle A is one cell"),
    ("GBBoLoGHIoLMGHIooMCCCKoMooJKDDEEJFFo", "malformed", "no primary car A"),
    ("xBBoLoxHIoLMoHIAAMCCCKoMooJKDDEEJFFo", "unreachable", "walls are not the card's"),
    ("GBBNLoGHINLMGHIAAMCCCKoMooJKDDEEJFFo", "unreachable", "the card has no vehicle N"),
    ("GBBBLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo", "unreachable", "B is a horizontal truck"),
    ("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDFFJEEo", "unreachable", "no sequence of moves"),
]


@pytest.mark.parametrize("state, code, words", BAD_POSITIONS)
def test_a_position_not_of_the_card_says_why(cli, rush_db, state, code, words):
    result = cli("path", "rush51", state, "--db", rush_db, "--json")
    error = json.loads(result.stdout)["error"]
    assert error["code"] == code and result.exit_code == EXIT_STATUS[code]
    assert words in error["message"], error["message"]


def test_a_position_with_the_cards_vehicles_may_still_lie_outside_its_cluster():
    """E and F swapped on the bottom row: the same vehicles and walls, so no rule tells it
    apart, but no move swaps two cars of one row: it is in another cluster."""
    puzzle = _card("rush51")
    other = puzzle.parse("GBBoLo/GHIoLM/GHIAAM/CCCKoM/ooJKDD/FFJEEo")
    assert puzzle.unreachable_reason(other, puzzle.default_goal) is None
    assert other not in puzzle.cluster()
    with pytest.raises(MalformedInput, match="or a start by name: start"):
        puzzle.parse("nosuchstart")


# -- defined in TOML -------------------------------------------------------------------------------
def test_the_toml_example_defines_a_card_named_start(cli, empty_db):
    defined = load_file(EXAMPLE)
    puzzle = defined.puzzle
    assert isinstance(puzzle, RushHour) and puzzle.metric == "moves"
    assert defined.goals == [puzzle.default_goal] and puzzle.starts["start"] == puzzle.card
    assert catalogue.from_spec(puzzle.spec()).spec() == puzzle.spec()
    assert cli("build", "--file", EXAMPLE, "--db", empty_db, "-q").exit_code == 0
    path = _json(cli, "path", "rushsmall", "start", "--db", empty_db)
    assert path["depth"] == _independent_distances(puzzle.card, 6, 6, far=True)[puzzle.card]


@pytest.mark.parametrize(
    "extra, words",
    [
        ('start = "BBoooo/oooooo/ooAAoo"\nmetric = "far"', 'metric must be one of "moves"'),
        ('title = "no card"', "missing key 'start'"),
        ('start = "ooo/AAo/ooo"\nlength = 2', "unknown key 'length'"),
        ('start = "ooo/AAx/ooo"', "a wall at c2 stands between"),
    ],
)
def test_a_bad_toml_card_names_the_field(tmp_path, extra, words):
    path = tmp_path / "card.toml"
    path.write_text(f'kind = "rush"\nname = "card"\n{extra}\n', encoding="utf-8")
    with pytest.raises(BadDefinition, match=words):
        load_file(path)


@settings(max_examples=400, deadline=None)
@given(
    cols=st.integers(2, 6),
    rows=st.integers(2, 6),
    data=st.data(),
)
def test_a_board_is_judged_whole_quickly_exactly_when_no_vehicle_is_wrong(cols, rows, data):
    """check_vehicles judges a board by each letter's ends and count (a million-card list is
    read in seconds), and only a failing board cell by cell: both say the same of any board."""
    from puzzledb.builder.kinds.rush import text_form

    # vehicles painted on an empty board, a later one over an earlier: mostly boards whose
    # vehicles are whole, some with one cut, bent, split or vertical
    board = ["o"] * (rows * cols)
    for letter in data.draw(st.lists(st.sampled_from("AABCx"), max_size=4)):
        row, col = data.draw(st.integers(0, rows - 1)), data.draw(st.integers(0, cols - 1))
        across, length = data.draw(st.booleans()), data.draw(st.integers(1, 3))
        for k in range(length):
            r, c = (row, col + k) if across else (row + k, col)
            if r < rows and c < cols:
                board[r * cols + c] = letter
    cells = "".join(board)
    try:
        text_form._name_the_wrong_vehicle(cells, "board", cols)
        wrong = False
    except MalformedInput:
        wrong = True
    assert text_form._vehicles_whole(cells, cols) is not wrong, cells
    if wrong:
        with pytest.raises(MalformedInput):
            text_form.check_vehicles(cells, "board", rows, cols)
