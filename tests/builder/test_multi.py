"""The multi-tile metric: sliding 1 to k tiles of the blank's row or column is one move.

The 8-puzzle under it has the same 181,440 states as under one tile a move, but its farthest
states are 24 moves away, not 31. A breadth-first search written here, sharing no code with
builder/, checks every layer of the build, random stored paths, and the words of each move.
"""

import itertools
import json
import random
from collections import Counter

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzledb.builder import catalogue
from puzzledb.builder.core.errors import BadDefinition
from puzzledb.builder.definition import load_text
from puzzledb.builder.kinds.sliding import SlidingPuzzle
from puzzledb.builder.kinds.sliding.packed import packable
from puzzledb.db.connection import reader
from puzzledb.service.answers import Answers

GOAL = "123456780"
SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


# -- an independent model of the metric ------------------------------------------------------


def multi_successors(rows, cols, blank="0"):
    """(words, state) of every multi-tile move: for each blank and each side of it, the runs
    of 1..k tiles on that side, up to the edge or another blank, shifted one cell into it."""
    # (row step, column step) from the blank to the tiles, and the way those tiles then move
    sides = ((-1, 0, "down"), (1, 0, "up"), (0, -1, "right"), (0, 1, "left"))

    def successors(state):
        out = []
        for b, ch in enumerate(state):
            if ch != blank:
                continue
            r, c = divmod(b, cols)
            for dr, dc, way in sides:
                run = []
                rr, cc = r + dr, c + dc
                while 0 <= rr < rows and 0 <= cc < cols and state[rr * cols + cc] != blank:
                    run.append(rr * cols + cc)
                    line = [b] + run  # the blank, then the tiles nearest first
                    cells = list(state)
                    for into, tile in itertools.pairwise(line):
                        cells[into] = state[tile]
                    cells[line[-1]] = blank
                    tiles = [state[t] for t in sorted(run)]
                    words = (
                        f"tile {tiles[0]}" if len(tiles) == 1 else "tiles " + " ".join(tiles)
                    ) + f" {way}"
                    out.append((words, "".join(cells)))
                    rr, cc = rr + dr, cc + dc
        return out

    return successors


def layers(goal, successors, radius=None):
    """Distance to `goal` of every state within `radius` (all when None), layer by layer."""
    dist = {goal: 0}
    frontier = [goal]
    while frontier and (radius is None or dist[frontier[0]] < radius):
        found = []
        for state in frontier:
            for _, nxt in successors(state):
                if nxt not in dist:
                    dist[nxt] = dist[state] + 1
                    found.append(nxt)
        frontier = found
    return dist


def histogram(dist):
    counts = Counter(dist.values())
    return [counts[d] for d in range(max(counts) + 1)]


EIGHT = multi_successors(3, 3)


@pytest.fixture(scope="module")
def independent():
    return layers(GOAL, EIGHT)


@pytest.fixture(scope="module")
def multi_db(tmp_path_factory):
    """eight-multi built completely, and fifteen-multi within 6 moves, by the CLI."""
    from puzzledb.service.cli.commands import main

    path = tmp_path_factory.mktemp("multi") / "multi.sqlite"
    for args in (["eight-multi"], ["fifteen-multi", "--radius", "6"]):
        result = CliRunner().invoke(main, ["build", *args, "--db", str(path), "--json"])
        assert result.exit_code == 0, result.output
    return path


@pytest.fixture(scope="module")
def multi(multi_db):
    return Answers(reader(multi_db))


# -- the figures ------------------------------------------------------------------------------


def test_eight_multi_has_every_state_and_radius_24(multi):
    stats = multi.stats("eight-multi")
    assert stats["states"] == 181_440  # 9!/2, as under one tile a move
    assert stats["max_depth"] == 24  # not 31: a run of tiles is one move
    assert stats["radius"] is None
    assert multi.farthest("eight-multi")["depth"] == 24
    assert multi.farthest("eight-multi")["states"] == ["147208365"]  # one farthest state


def test_every_layer_equals_an_independent_search(multi, independent):
    assert len(independent) == 181_440
    assert multi.stats("eight-multi")["histogram"] == histogram(independent)


@SETTINGS
@given(data=st.data())
def test_stored_paths_are_shortest_chains_of_multi_moves(multi, independent, data):
    stats = multi.stats("eight-multi")
    depth = data.draw(st.integers(0, stats["max_depth"]), label="depth")
    offset = data.draw(st.integers(0, stats["histogram"][depth] - 1), label="offset")
    state = multi.depth("eight-multi", depth, limit=1, offset=offset)["states"][0]
    answer = multi.path("eight-multi", state)
    assert answer["depth"] == independent[state] == depth
    assert len(answer["moves"]) == depth and answer["path"][0] == state
    assert answer["path"][-1] == GOAL
    for before, words, after in zip(answer["path"], answer["moves"], answer["path"][1:]):
        assert (words, after) in EIGHT(before), f"{words!r} from {before} is not a multi move"


def test_an_odd_permutation_is_still_unsolvable(multi):
    from puzzledb.service.errors import Unreachable

    with pytest.raises(Unreachable, match="parity"):
        multi.path("eight-multi", "213456780")


# -- the rule and its words ---------------------------------------------------------------------


def test_moves_from_the_blank_bottom_left():
    puzzle = catalogue.get("eight-multi")
    moves = {m.label: after for m, after in puzzle.moves("123456078")}
    assert moves == {
        "tile 4 down": "123056478",
        "tiles 1 4 down": "023156478",
        "tile 7 left": "123456708",
        "tiles 7 8 left": "123456780",
    }


@settings(max_examples=200, deadline=None)
@given(st.permutations(GOAL))
def test_the_rule_matches_the_independent_model(cells):
    state = "".join(cells)
    puzzle = catalogue.get("eight-multi")
    made = [(m.label, after) for m, after in puzzle.moves(state)]
    assert sorted(made) == sorted(EIGHT(state))
    # One-tile moves are exactly the single metric's, words and swap alike.
    singles = {(m, after) for m, after in puzzle.moves(state) if m.swap is not None}
    assert singles == set(catalogue.get("eight").moves(state))
    assert all(
        m.swap is None and m.label.startswith("tiles ")
        for m, _ in puzzle.moves(state)
        if (m, _) not in singles
    )
    # Every move is undone by the same tiles going the other way.
    for move, earlier in puzzle.reverse_moves(state):
        assert (move.label, state) in {(m.label, a) for m, a in puzzle.moves(earlier)}
    assert sorted(e for _, e in puzzle.reverse_moves(state)) == sorted(a for _, a in made)


@settings(max_examples=100, deadline=None)
@given(st.permutations("123456789ABCDEF0"))
def test_each_tile_a_person_pushes_names_one_move(cells):
    state = "".join(cells)
    puzzle = catalogue.get("fifteen-multi")
    blank = state.index("0")
    pushed = []
    for move, after in puzzle.moves(state):
        tile, filled = puzzle.move_cells(state, move, after)
        assert filled == [blank] and len(tile) == 1
        assert after[tile[0]] == "0"  # the tile pushed is the farthest: its cell is left blank
        pushed.append(tile[0])
    r, c = divmod(blank, 4)
    in_line = {i for i in range(16) if i != blank and (i // 4 == r or i % 4 == c)}
    assert sorted(pushed) == sorted(in_line)  # 6 moves, one per tile in the blank's row/column


def test_runs_stop_at_another_blank():
    puzzle = SlidingPuzzle("row", 1, 5, "12003", "0", metric="multi")
    assert sorted(m.label for m, _ in puzzle.moves("12003")) == [
        "tile 2 right",
        "tile 3 left",
        "tiles 1 2 right",
    ]
    assert sorted((m.label, a) for m, a in puzzle.moves("12003")) == sorted(
        multi_successors(1, 5)("12003")
    )


def test_named_pieces_are_listed_by_name():
    puzzle = SlidingPuzzle(
        "named", 1, 4, "NOF_", "_", names={"N": "N", "O": "O", "F": "F"}, metric="multi"
    )
    assert sorted(m.label for m, _ in puzzle.moves("NOF_")) == [
        "F right",
        "N, O and F right",
        "O and F right",
    ]
    # into "_NOF": the same pieces, the other way, from the states before
    assert sorted((m.label, earlier) for m, earlier in puzzle.reverse_moves("_NOF")) == [
        ("N and O right", "NO_F"),
        ("N right", "N_OF"),
        ("N, O and F right", "NOF_"),
    ]


def test_multi_takes_the_plain_search_and_stores_pred():
    eight, multi = catalogue.get("eight"), catalogue.get("eight-multi")
    assert packable(eight) and not packable(multi)
    assert eight.single_swap_moves() and not multi.single_swap_moves()
    assert multi.arrangements() == eight.arrangements() == 181_440
    assert "eight-multi" not in catalogue.SEEDS and "fifteen-multi" not in catalogue.SEEDS
    assert catalogue.RADIUS_ONLY["fifteen-multi"] == catalogue.RADIUS_ONLY["fifteen"]


def test_the_stored_definition_keeps_the_metric():
    for name in ("eight-multi", "fifteen-multi"):
        puzzle = catalogue.get(name)
        assert puzzle.spec()["metric"] == "multi"
        again = catalogue.from_spec(json.loads(json.dumps(puzzle.spec())))
        assert isinstance(again, SlidingPuzzle)
        assert again.metric == "multi" and again.spec() == puzzle.spec()
        state = "".join(random.Random(1).sample(puzzle.default_goal, puzzle.cells))
        assert again.moves(state) == puzzle.moves(state)
    assert catalogue.get("eight").spec()["metric"] == "single"
    old = {k: v for k, v in catalogue.get("eight").spec().items() if k != "metric"}
    stored_before = catalogue.from_spec(old)  # builds stored before the key
    assert isinstance(stored_before, SlidingPuzzle) and stored_before.metric == "single"


def test_multi_with_a_wide_piece_or_an_unknown_metric_is_refused():
    with pytest.raises(BadDefinition, match=r"multi-tile metric .* larger than one cell"):
        SlidingPuzzle("x", 2, 4, "LLNOOFF_", "_", wide={"L": (1, 2)}, metric="multi")
    with pytest.raises(
        BadDefinition,
        match="metric must be one of single, unit, multi, straight, finger, not 'fast'",
    ):
        SlidingPuzzle("x", 3, 3, GOAL, "0", metric="fast")


# -- from the command line ----------------------------------------------------------------------


def test_path_and_moves_through_the_cli(cli, multi_db):
    path = json.loads(cli("path", "eight-multi", "123456078", "--db", multi_db, "--json").stdout)
    assert path["depth"] == 1 and path["moves"] == ["tiles 7 8 left"]
    drawn = cli("path", "eight-multi", "123456078", "--db", multi_db).stdout
    assert "1. tiles 7 8 left" in drawn
    moves = json.loads(cli("moves", "eight-multi", "123456078", "--db", multi_db, "--json").stdout)[
        "moves"
    ]
    by_words = {m["move"]: (m["from"], m["to"], m["depth"]) for m in moves}
    assert by_words == {
        "tiles 7 8 left": ([8], [6], 0),
        "tile 7 left": ([7], [6], 1),
        "tile 4 down": ([3], [6], 2),
        "tiles 1 4 down": ([0], [6], 2),
    }
    # eight's farthest states need 31 single moves, fewer here
    far = json.loads(cli("path", "eight-multi", "867254301", "--db", multi_db, "--json").stdout)
    assert far["depth"] < 31 and far["path"][-1] == GOAL


def test_fifteen_multi_within_a_radius(cli, multi, multi_db):
    stats = multi.stats("fifteen-multi")
    assert stats["radius"] == 6
    assert stats["histogram"] == histogram(
        layers("123456789ABCDEF0", multi_successors(4, 4), radius=6)
    )
    edge = multi.depth("fifteen-multi", 6, limit=1)["states"][0]
    answer = json.loads(cli("path", "fifteen-multi", edge, "--db", multi_db, "--json").stdout)
    assert answer["depth"] == 6 and answer["path"][-1] == "123456789ABCDEF0"
    successors = multi_successors(4, 4)
    for before, words, after in zip(answer["path"], answer["moves"], answer["path"][1:]):
        assert (words, after) in successors(before)


TOML = 'name = "mine"\nrows = 3\ncols = 3\ngoal = "123456780"\n'


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_toml_metric_multi_builds_like_the_catalogue(cli, tmp_path, multi):
    toml = tmp_path / "mine.toml"
    toml.write_text(TOML + 'metric = "multi"\n')
    db = tmp_path / "mine.sqlite"
    built = cli("build", "--file", toml, "--db", db, "--json")
    assert built.exit_code == 0, built.output
    mine = json.loads(cli("stats", "mine", "--db", db, "--json").stdout)
    assert mine["states"] == 181_440 and mine["max_depth"] == 24
    assert mine["histogram"] == multi.stats("eight-multi")["histogram"]
    path = json.loads(cli("path", "mine", "123456078", "--db", db, "--json").stdout)
    assert path["moves"] == ["tiles 7 8 left"]
    default = load_text(TOML).puzzle
    assert isinstance(default, SlidingPuzzle) and default.metric == "single"  # the default


def test_toml_refuses_an_unknown_metric_naming_the_field(cli, tmp_path):
    toml = tmp_path / "fast.toml"
    toml.write_text(TOML + 'metric = "fast"\n')
    refused = cli("build", "--file", toml, "--db", tmp_path / "x.sqlite")
    assert refused.exit_code == 2
    assert (
        "fast.toml" in refused.stderr
        and 'metric must be one of "single", "unit", "multi"' in refused.stderr
    )
    with pytest.raises(BadDefinition, match=r"metric must be a string"):
        load_text(TOML + "metric = 2\n", "two.toml")


def test_toml_refuses_multi_with_a_wide_piece():
    text = (
        'name = "bulbs"\nrows = 2\ncols = 4\ngoal = "LLNOOFF_"\nblank = "_"\n'
        'metric = "multi"\n[pieces.L]\nsize = [1, 2]\n'
    )
    with pytest.raises(
        BadDefinition,
        match=r"bulbs.toml: \[pieces.L\]: size \[1, 2\] cannot be "
        r"used with metric = \"multi\"",
    ):
        load_text(text, "bulbs.toml")
    single = load_text(text.replace('metric = "multi"\n', "")).puzzle
    assert isinstance(single, SlidingPuzzle) and single.metric == "single"


# -- targets and flags -------------------------------------------------------------------------


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
@settings(
    max_examples=5, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.randoms(use_true_random=False))
def test_a_path_to_any_corner_target_is_a_shortest_chain_of_multi_moves(multi, rng):
    """A target with its blank in a corner is served by the one default build, through a
    mirror or rotation and a renaming; its length equals a search from the target here."""
    tiles = list("12345678")
    rng.shuffle(tiles)
    corner = rng.choice([0, 2, 6, 8])
    target = "".join(tiles[:corner] + ["0"] + tiles[corner:])
    dist = layers(target, EIGHT)
    state = rng.choice(sorted(dist))
    answer = multi.path("eight-multi", state, to_text=target)
    assert answer["goal"] == target and answer["depth"] == dist[state]
    assert answer["path"][0] == state and answer["path"][-1] == target
    for before, move, after in zip(answer["path"], answer["moves"], answer["path"][1:]):
        assert (move, after) in EIGHT(before)


@pytest.mark.slow  # builds a multi-goal puzzle from the command line
def test_flags_define_a_multi_puzzle(cli, tmp_path):
    db = tmp_path / "flags.sqlite"
    result = cli(
        "build",
        "mine",
        "--rows",
        "3",
        "--cols",
        "3",
        "--goal",
        GOAL,
        "--metric",
        "multi",
        "--db",
        db,
        "--json",
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["built"][0]["max_depth"] == 24
    refused = cli("build", "eight", "--metric", "multi", "--db", db, "--json")
    assert refused.exit_code == 2 and "--metric goes with --rows" in refused.stdout
