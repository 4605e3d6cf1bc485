"""klotski-all: every layout of Klotski's board with the big square, two blanks and any mix of
verticals, horizontals and smalls, in one build (builder/kinds/sliding/any_mix.py, searched a
mix at a time by packed_mixes.py and builder/search/union.py).

Checked against figures no one here wrote (py-klotski's count of layouts, Klotski's 65,880
layouts of its own pieces and its 116-move start), against the `klotski` build (the classic
mix, row for row), and against an independent search of whole mixes (tests/support)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.independent import (
    block_successors,
    distances_from_all,
    klotski_layouts,
    solution_counts,
)

from puzzledb.builder.catalogue import CATALOGUE
from puzzledb.builder.kinds.sliding.any_mix import AnyMix


def family() -> AnyMix:
    made = CATALOGUE["klotski-all"]
    assert isinstance(made, AnyMix)
    return made


SIZES = {"B": (2, 2), "V": (2, 1), "H": (1, 2)}
GOAL = "?????????????BB??BB?"
#: A mix, (verticals, horizontals, smalls), counted in SQL from a layout's text.
MIX_SQL = (
    "(length(state) - length(replace(state, 'V', ''))) / 2, "
    "(length(state) - length(replace(state, 'H', ''))) / 2, "
    "length(state) - length(replace(state, 's', ''))"
)


def puzzledb(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "puzzledb.service.cli", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def family_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("klotski-all") / "k.sqlite"
    built = puzzledb("build", "klotski", "klotski-all", "--db", str(db), "-q")
    assert built.returncode == 0, built.stderr
    return db


def rows_of(db, name: str, where: str = "1") -> dict[str, tuple]:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        found = conn.execute(
            f"SELECT state, depth, solutions, pred, move FROM states WHERE puzzle = ? AND {where}",
            (name,),
        )
        return {state: rest for state, *rest in found}


# -- counts ------------------------------------------------------------------------------------
def test_layouts_are_counted_as_py_klotski_and_an_independent_count_count_them():
    """py-klotski counts 29,334,498 layouts of the big square with two or more blanks; the
    independent count agrees, and for two blanks the family's own count agrees with it mix
    by mix (Klotski's own pieces: the famous 65,880)."""
    assert sum(sum(klotski_layouts(b).values()) for b in range(2, 17)) == 29_334_498
    by_mix = klotski_layouts(2)
    assert family().layouts_by_mix("?" * 20) == by_mix
    assert by_mix[(4, 1, 4)] == 65_880
    assert family().arrangements() == sum(by_mix.values()) == 1_588_914
    assert family().layouts_by_mix(GOAL) == klotski_layouts(2, GOAL)
    assert len(family().mixes()) == 35  # of the 36 ways to fill 14 cells: 7 verticals fit none


def test_goals_asked_for_keep_a_bounded_number_of_counts():
    """A service asked toward many goal patterns keeps at most LAYOUTS_KEPT counts of them."""
    from puzzledb.builder.kinds.sliding import any_mix

    asked = 0
    for blank in range(20):
        for small in range(20):
            if blank != small and asked < any_mix.LAYOUTS_KEPT + 20:
                cells = ["?"] * 20
                cells[blank], cells[small] = "_", "s"
                family().layouts_by_mix("".join(cells))
                asked += 1
    assert asked == any_mix.LAYOUTS_KEPT + 20
    assert len(any_mix._LAYOUTS) <= any_mix.LAYOUTS_KEPT


# -- the build ---------------------------------------------------------------------------------
@pytest.mark.slow  # builds every Klotski layout once a test process (about 10 s)
def test_the_classic_start_is_116_moves(family_db):
    said = puzzledb("path", "klotski-all", "start", "--json", "--db", str(family_db))
    answer = json.loads(said.stdout)
    assert answer["state"] == "VBBVVBBVVHHVVssVs__s" and answer["depth"] == 116


@pytest.mark.slow  # builds every Klotski layout once a test process (about 10 s)
def test_the_classic_mix_is_klotskis_build_row_for_row(family_db):
    """The mix of Klotski's own pieces is a search of its own: every row (depth, count of
    optimal solutions, pred and move words) is the one `build klotski` stores."""
    classic = rows_of(family_db, "klotski")
    within = rows_of(family_db, "klotski-all", f"({MIX_SQL}) = (4, 1, 4)")
    assert len(classic) == 53_954 and within == classic


@pytest.mark.slow  # builds every Klotski layout once a test process (about 10 s)
@pytest.mark.parametrize("mix", [(0, 0, 14), (1, 0, 12), (0, 1, 12), (6, 1, 0)])
def test_a_whole_mix_is_an_independent_search(family_db, mix):
    """Every layout of the mix that reaches the goal, its depth and count of optimal
    solutions, as a plain search from all the goal's layouts finds them."""
    successors = block_successors(5, 4, "_", SIZES)
    v, h, s = mix
    sources = family().member(mix).goal_positions(GOAL)
    depth = distances_from_all(sources, successors)
    counts = solution_counts(depth, successors)
    stored = rows_of(family_db, "klotski-all", f"({MIX_SQL}) = ({v}, {h}, {s})")
    assert {state: (depth[state], counts[state]) for state in depth} == {
        state: (d, n) for state, (d, n, *_) in stored.items()
    }


@pytest.mark.slow  # builds every Klotski layout once a test process (about 10 s)
def test_mixes_no_goal_layout_has_are_unreachable_with_words(family_db):
    seven_horizontals = "HHHHHHHHHHHHBBHHBB__"
    said = puzzledb("path", "klotski-all", seven_horizontals, "--json", "--db", str(family_db))
    error = json.loads(said.stdout)["error"]
    assert said.returncode == 3 and error["code"] == "unreachable"
    assert "0 verticals, 7 horizontals, 0 smalls" in error["message"]


@pytest.mark.parametrize(
    "state, words",
    [
        ("BBssBBsssssssssss___", "has 3 blanks '_', expected 2"),
        ("BBssBBssssssssssssXX", "unknown piece 'X' at cell 18"),
        ("BBVsBBssssssssssss__", "a vertical covers 2 cells, so that is no whole number"),
        ("BBssBBsssssssssss_H_", "a horizontal covers 2 cells"),
        ("BsBsBBssssssssssss__", "big must fill a 2x2 block"),
        ("VBBVVBBVVHHVVssVs_?s", "'?' stands for any cell only in a goal"),
    ],
)
@pytest.mark.slow  # builds every Klotski layout once a test process (about 10 s)
def test_a_wrong_layout_is_named(family_db, state, words):
    said = puzzledb("path", "klotski-all", state, "--json", "--db", str(family_db))
    error = json.loads(said.stdout)["error"]
    assert said.returncode == 2 and error["code"] == "malformed" and words in error["message"]


@pytest.mark.parametrize(
    "args, code, words",
    [
        (["--to", "VVVVVVVVHHsssBB_sBB_"], "malformed", "built toward goal patterns only"),
        (["--goal", "?" * 20], "bad_definition", "matches 1,588,914 layouts of klotski-all"),
        (["--goal", "?" * 3], "malformed", "goal has 3 cells, expected 20"),
    ],
)
@pytest.mark.slow  # builds every Klotski layout once a test process (about 10 s)
def test_a_goal_or_target_the_family_cannot_be_built_toward_is_refused(
    family_db, args, code, words
):
    """A family is built toward patterns of at most a million layouts: a whole layout as the
    target, or every layout as the goal, is refused as it is asked, with no build to suggest."""
    said = puzzledb("path", "klotski-all", "start", *args, "--json", "--db", str(family_db))
    error = json.loads(said.stdout)["error"]
    assert said.returncode == 2 and error["code"] == code and words in error["message"]


@pytest.mark.slow  # builds every Klotski layout once a test process (about 10 s)
def test_the_hardest_layout_of_each_mix_is_one_query(family_db):
    """The query the SQL guide gives for the hardest layouts of each mix: the classic mix's is
    the `klotski` build's farthest, and the farthest of all is one of them."""
    with sqlite3.connect(f"file:{family_db}?mode=ro", uri=True) as conn:
        hardest = conn.execute(
            f"""SELECT {MIX_SQL}, max(depth) FROM states WHERE puzzle = 'klotski-all'
                GROUP BY 1, 2, 3 ORDER BY 1, 2, 3"""
        ).fetchall()
        classic_max = conn.execute(
            "SELECT max_depth FROM puzzles WHERE name = 'klotski'"
        ).fetchone()[0]
        farthest = conn.execute(
            "SELECT max(depth) FROM farthest WHERE puzzle = 'klotski-all'"
        ).fetchone()[0]
    by_mix = {(v, h, s): d for v, h, s, d in hardest}
    assert set(by_mix) == set(klotski_layouts(2, GOAL))  # every mix with a goal layout
    assert by_mix[(4, 1, 4)] == classic_max == 126
    assert farthest == max(by_mix.values())


# -- any layout, against a search done here ---------------------------------------------------
@pytest.mark.slow  # each example searches a mix's component in plain Python
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_layouts_depth_is_an_independent_searchs(family_db, data):
    with sqlite3.connect(f"file:{family_db}?mode=ro", uri=True) as conn:
        total = conn.execute("SELECT states FROM puzzles WHERE name = 'klotski-all'").fetchone()[0]
        at = data.draw(st.integers(0, total - 1))
        state, depth = conn.execute(
            "SELECT state, depth FROM states WHERE puzzle = 'klotski-all' LIMIT 1 OFFSET ?",
            (at,),
        ).fetchone()
    successors = block_successors(5, 4, "_", SIZES)
    seen, frontier, d = {state}, [state], 0
    while not any(s[13:15] == s[17:19] == "BB" for s in frontier):
        frontier = list({t for s in frontier for t in successors(s)} - seen)
        seen.update(frontier)
        d += 1
    assert d == depth
