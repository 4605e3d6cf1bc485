"""The twisty puzzles of the catalogue (builder/kinds/permutation/catalogue.py): each built
whole, its published distribution of distances asserted; the 2x2x2 checked against a model of
its stickers written here by hand, with an independent search; scrambles and sticker strings
read as cubers write them, from the CLI and the HTTP API; every mistake said by name."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzledb.builder.catalogue import CATALOGUE
from puzzledb.builder.core.errors import MalformedInput
from puzzledb.builder.kinds.permutation.puzzle import PermutationPuzzle
from puzzledb.db.connection import reader
from puzzledb.service.answers import Answers
from puzzledb.service.builds import plan, run

ROOT = Path(__file__).resolve().parents[2]
CUBE2_TWS = ROOT / "examples" / "cube2.tws"

#: Published distributions (positions at each distance from solved), whole-puzzle turns
#: factored out: the 2x2x2 in the half-turn and the quarter-turn metric, and the Skewb.
PUBLISHED = {
    "cube2": [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644],
    "cube2-qtm": [
        1,
        6,
        27,
        120,
        534,
        2256,
        8969,
        33058,
        114149,
        360508,
        930588,
        1350852,
        782536,
        90280,
        276,
    ],
    "skewb": [1, 8, 48, 288, 1728, 10248, 59304, 315198, 1225483, 1455856, 81028, 90],
}
#: Published sizes and diameters: Pyraminx with its tips left out.
SIZES = {"cube2": (3_674_160, 11), "cube2-qtm": (3_674_160, 14), "pyraminx": (933_120, 11),
         "skewb": (3_149_280, 11)}  # fmt: skip


@pytest.fixture(scope="module")
def twisty_db(tmp_path_factory):
    """The four twisty puzzles and the .tws 2x2x2 on U, R, F, built as `puzzledb build` does."""
    db = tmp_path_factory.mktemp("twisty") / "db.sqlite"
    run(plan(list(SIZES), db=db))
    run(plan(["cube2-tws"], db=db, tws=str(CUBE2_TWS), moves="U,R,F"))
    return db


@pytest.mark.slow
@pytest.mark.parametrize("name", list(SIZES))
def test_each_twisty_puzzle_has_its_published_figures(twisty_db, cli, name):
    stats = json.loads(cli("stats", name, "--db", twisty_db, "--json").stdout)
    assert (stats["states"], stats["max_depth"]) == SIZES[name]
    if name in PUBLISHED:
        assert stats["histogram"] == PUBLISHED[name]
    farthest = json.loads(cli("farthest", name, "--db", twisty_db, "--json").stdout)
    assert farthest["count"] == stats["histogram"][-1]  # 2,644 and 276 antipodes of the 2x2x2


@pytest.mark.slow
def test_the_tws_cube_on_three_faces_is_the_catalogues_cube(twisty_db, cli):
    ours = json.loads(cli("stats", "cube2", "--db", twisty_db, "--json").stdout)
    theirs = json.loads(cli("stats", "cube2-tws", "--db", twisty_db, "--json").stdout)
    assert theirs["histogram"] == ours["histogram"] and theirs["goal"] == ours["goal"]
    # the same positions under the same keys: the 2,644 farthest of each are one set
    far = [
        json.loads(cli("farthest", name, "--limit", "5000", "--db", twisty_db, "--json").stdout)
        for name in ("cube2", "cube2-tws")
    ]
    assert len(far[0]["states"]) == 2_644 and set(far[0]["states"]) == set(far[1]["states"])


# -- a model of the 2x2x2's 24 stickers, by hand --------------------------------------------------
# Stickers read face by face, U R F D L B, each face row by row from its top left (U with B on
# top, D with F on top, the others with U on top). A move: new[i] = old[TAKES[i]].
SOLVED = "UUUURRRRFFFFDDDDLLLLBBBB"
TAKES = {
    # U: its face turns; the top rows go F -> L -> B -> R -> F
    "U": {1: 0, 3: 1, 2: 3, 0: 2, 16: 8, 17: 9, 8: 4, 9: 5, 4: 20, 5: 21, 20: 16, 21: 17},
    # R: its face turns; the right columns go F -> U -> B (left column, upside down) -> D -> F
    "R": {5: 4, 7: 5, 6: 7, 4: 6, 1: 9, 3: 11, 22: 1, 20: 3, 15: 20, 13: 22, 9: 13, 11: 15},
    # F: its face turns; U's bottom row -> R's left column -> D's top row -> L's right column
    "F": {9: 8, 11: 9, 10: 11, 8: 10, 4: 2, 6: 3, 13: 4, 12: 6, 17: 12, 19: 13, 3: 17, 2: 19},
}


def model_turn(stickers: str, face: str, times: int = 1) -> str:
    for _ in range(times):
        stickers = "".join(stickers[TAKES[face].get(i, i)] for i in range(24))
    return stickers


def model_play(stickers: str, said: str) -> str:
    return model_turn(stickers, said[0], {"": 1, "2": 2, "'": 3}[said[1:]])


def model_ball(start: str, radius: int) -> dict[str, int]:
    """Every position within `radius` half-turn moves of `start`, with its distance."""
    found, frontier = {start: 0}, [start]
    for depth in range(1, radius + 1):
        nxt = []
        for here in frontier:
            for face in "URF":
                there = here
                for _ in range(3):
                    there = model_turn(there, face)
                    if there not in found:
                        found[there] = depth
                        nxt.append(there)
        frontier = nxt
    return found


@pytest.fixture(scope="module")
def near_solved() -> dict[str, int]:
    return model_ball(SOLVED, 6)  # 62,360 positions: with 5 more from a position, all of 11


def model_distance(stickers: str, near_solved: dict[str, int]) -> int:
    """The distance of a position by meeting in the middle: 5 moves from it, 6 from solved."""
    ball = model_ball(stickers, 5)
    return min(d + near_solved[s] for s, d in ball.items() if s in near_solved)


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("URF"), st.sampled_from(["", "2", "'"])), max_size=25))
def test_a_scramble_is_solved_optimally_by_its_path(twisty_db, near_solved, scramble):
    said = " ".join(face + suffix for face, suffix in scramble)
    stickers = SOLVED
    for face, suffix in scramble:
        stickers = model_play(stickers, face + suffix)
    answers = Answers(reader(twisty_db))
    by_stickers = answers.path("cube2", stickers)
    assert by_stickers["depth"] == model_distance(stickers, near_solved)
    if said:
        assert answers.path("cube2", scramble=said)["moves"] == by_stickers["moves"]
    for move in by_stickers["moves"]:
        stickers = model_play(stickers, move)
    assert stickers == SOLVED


@pytest.mark.slow
def test_the_faces_a_build_holds_still_are_turned_through_the_whole_cube(twisty_db):
    answers = Answers(reader(twisty_db))
    for held, undone, first in [
        ("L", "R'", "x"),
        ("D", "U'", "y"),
        ("B", "F'", "z"),
        ("L2", "R2", "x2"),
        ("x y", None, "x' z'"),
        ("R", "R'", None),
    ]:
        answer = answers.path("cube2", scramble=held)
        assert answer["moves"] == ([undone] if undone else [])
        assert answer.get("turn_first") == first
    # a whole cube turned is the same position, however its stickers are read
    assert answers.path("cube2", "UUUURRRRFFFFDDDDLLLLBBBB")["depth"] == 0
    assert answers.path("cube2", "FFFFRRRRDDDDBBBBLLLLUUUU")["depth"] == 0  # turned by x


@pytest.mark.slow
def test_a_scramble_is_answered_from_the_cli_and_the_http_api(twisty_db, cli):
    scramble = "R U2 F' L D"
    printed = cli("path", "cube2", "--scramble", scramble, "--db", twisty_db, "--json")
    assert printed.exit_code == 0, printed.output
    moves = json.loads(printed.stdout)["moves"]
    from puzzledb.service.http.app import create_app

    client = create_app(twisty_db).test_client()
    asked = client.get("/path", query_string={"puzzle": "cube2", "scramble": scramble})
    assert asked.status_code == 200 and asked.get_json()["moves"] == moves
    # played after the scramble (and the whole-cube turn its L and D call for), the moves
    # solve it: the scramble and its solution together are no scramble at all
    first = asked.get_json()["turn_first"]
    together = f"{scramble} {first} {' '.join(moves)}"
    done = client.get("/path", query_string={"puzzle": "cube2", "scramble": together})
    assert done.get_json()["depth"] == 0 and "turn_first" not in done.get_json()
    for name, turns in [("pyraminx", "U L' R B' u r'"), ("skewb", "R U' L B R'")]:
        answer = client.get("/path", query_string={"puzzle": name, "scramble": turns}).get_json()
        again = f"{turns} {' '.join(answer['moves'])}"
        solved = client.get("/path", query_string={"puzzle": name, "scramble": again}).get_json()
        assert 0 < answer["depth"] <= 5 and solved["depth"] == 0
    drawn = cli("path", "cube2", "--scramble", "R", "--db", twisty_db).stdout
    assert "LL FD RR UB   LL FF RR BB" in drawn  # the net after R, then solved


@pytest.mark.parametrize("name", list(SIZES))
def test_a_twisty_build_derives_each_pred_by_its_moves_rewrite(name, tmp_path):
    """No pred is stored (bytes a position at most eight's): the view rewrites each state by
    its move, and every pred it derives is a position of the build one move nearer."""
    db = tmp_path / "near.sqlite"
    run(plan([name], db=db, radius=4))
    with sqlite3.connect(db) as conn:
        table, stored, states = conn.execute(
            "SELECT node_table, stores_pred, states FROM puzzles WHERE name = ?", (name,)
        ).fetchone()
        assert stored == 0
        assert "pred" not in {c for _, c, *_ in conn.execute(f"PRAGMA table_info({table})")}
        rows = conn.execute(
            "SELECT s.depth, p.depth, s.pred FROM states AS s "
            "LEFT JOIN states AS p ON p.puzzle = s.puzzle AND p.state = s.pred "
            "WHERE s.puzzle = ?",
            (name,),
        ).fetchall()
    assert len(rows) == states and states == sum(PUBLISHED.get(name, [states])[:5])
    if name == "cube2":  # the rewrites docs/sql.md shows as the format's example
        with sqlite3.connect(db) as conn:
            shown = conn.execute(
                "SELECT label || '|' || rewrite FROM moves JOIN puzzles ON id = puzzle_id "
                "WHERE name = 'cube2' AND label IN ('U', 'R') ORDER BY code"
            ).fetchall()
        page = (ROOT / "docs" / "sql.md").read_text(encoding="utf-8")
        assert [f"  {line}\n" in page for (line,) in shown] == [True, True]
    assert [r for r in rows if r[0] and r[1] != r[0] - 1] == []
    assert [r for r in rows if not r[0] and r[2] is not None] == []


@pytest.mark.parametrize(
    ("scramble", "said"),
    [
        ("R3", "is R with the suffix '3'"),
        ("R''", "is R with the suffix"),
        ("Rw", "'Rw' is no turn of this puzzle"),
        ("X", "'X' is no turn"),
        ("", "names at least one turn"),
        ("R " * 600, "has 600 turns; at most 500"),
        ("R" * 3000, "is longer than 2,000 characters"),
    ],
)
def test_a_bad_scramble_is_named(scramble, said):
    with pytest.raises(MalformedInput, match=said):
        CATALOGUE["cube2"].scrambled(scramble)


def test_a_pyraminx_turn_has_no_half_turn():
    with pytest.raises(MalformedInput, match="turns 1/3 of the way round, written U or U'"):
        CATALOGUE["pyraminx"].scrambled("U2")


@pytest.mark.parametrize(
    ("stickers", "said"),
    [
        ("UUUURRRRFFFFDDDDLLLLBBBU", "has 5 U stickers"),
        ("UUUURRRRFFFFDDDDLLLLBBB", r"has 23 stickers; a position has 24 \(6 faces of 4"),
        ("UUURURRRFFFFDDDDLLLLBBBB", "is no piece of this puzzle"),
    ],
)
def test_a_bad_sticker_string_is_named(stickers, said):
    with pytest.raises(MalformedInput, match=said):
        CATALOGUE["cube2"].parse(stickers)


def test_a_twisted_corner_is_said_to_be_unreachable():
    cube = CATALOGUE["cube2"]
    twisted = cube.parse("UUUFURRRFRFFDDDDLLLLBBBB")  # URF turned in place
    reason = cube.unreachable_reason(twisted, cube.default_goal)
    assert reason is not None and "twisted by" in str(reason)


@pytest.mark.parametrize("name", ["cube2", "skewb", "pyraminx"])
def test_stickers_and_the_key_are_one_position(name):
    puzzle = CATALOGUE[name]
    assert isinstance(puzzle, PermutationPuzzle)
    for scramble in ["R", "U R2 L'" if name == "cube2" else "U R' L", "R U B' L U' R'"]:
        key = puzzle.scrambled(scramble)[0]
        stickers = puzzle.stickers(key)
        assert stickers is not None and puzzle.parse(stickers) == key


def test_the_pyraminx_net_folds_where_its_faces_meet():
    """Unfolded round F, each face meets F along an edge of the puzzle: the edge piece there
    shows its two stickers side by side across it (their outlines share a side), and each tip
    sits against the centre sticker whose colour it takes."""
    from puzzledb.builder.kinds.permutation.drawing import outlines

    pyraminx = CATALOGUE["pyraminx"]
    assert isinstance(pyraminx, PermutationPuzzle) and pyraminx.net is not None
    net = pyraminx.net
    drawn = outlines(net)

    def corners(polygon):
        return {(round(x, 6), round(y, 6)) for x, y in polygon}

    where: dict[tuple[int, int], list[tuple[str, int]]] = {}
    at = 0
    for name, stickers in net.faces:
        for k, i, *_ in stickers:
            where.setdefault((k, i), []).append((name, at))
            at += 1
    met = set()
    for (k, _), shown in where.items():
        faces = {name for name, _ in shown}
        if k == 0 and "F" in faces:  # an edge on F: L, R and D each meet F across one
            a, b = (drawn.stickers[n] for _, n in shown)
            assert len(corners(a) & corners(b)) == 2, shown
            met |= faces - {"F"}
    assert met == {"L", "R", "D"}
    for tip, source in drawn.tips:
        assert len(corners(tip) & corners(drawn.stickers[source])) == 2
    assert pyraminx.stickers(pyraminx.default_goal) == "FFFFFFLLLLLLRRRRRRDDDDDD"
    assert pyraminx.draw(pyraminx.default_goal)[0].split() == ["(F)", "(L)", "(R)", "(D)"]


def test_a_suffix_turns_back_or_twice():
    cube = CATALOGUE["cube2"]
    solved = cube.default_goal
    assert cube.scrambled("R R'") == (solved, "") == cube.scrambled("F2 F2'")
    assert cube.scrambled("R'") == cube.scrambled("R R R") != cube.scrambled("R")
    assert cube.scrambled("U2") == cube.scrambled("U U") == cube.scrambled("U' U'")
    assert cube.scrambled("L")[1] == "x" and cube.scrambled("L L'") == (solved, "")
