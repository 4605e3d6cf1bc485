"""Puzzles written as permutations (builder/kinds/permutation): the 2x2x2 cube's corners read
from twsearch's format and turned by U and R, checked against the published size of that group
and against a model of the cube written here from the moves alone; the text form, the metrics,
and every mistake of a definition said by name."""

from __future__ import annotations

import json
from collections import deque
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzledb.builder.core.errors import BadDefinition, MalformedInput
from puzzledb.builder.definition import load_text
from puzzledb.builder.kinds.permutation.definition import from_kpuzzle, from_tws
from puzzledb.builder.kinds.permutation.puzzle import PermutationPuzzle
from puzzledb.db.connection import reader
from puzzledb.service.answers import Answers
from puzzledb.service.builds import plan, run
from puzzledb.service.cli.options import EXIT_STATUS

#: The 2x2x2's corners in twsearch's format, as the docs show them.
CUBE2 = Path(__file__).resolve().parents[2] / "examples" / "cube2.tws"

# The model: a corner position as 8 (corner, twist) pairs; each move as where each position
# takes its corner from (from 0) and how much it twists, from the cube itself (Kociemba's
# corner order URF UFL ULB UBR DFR DLF DBL DRB), not from the file the build reads.
MODEL_MOVES = {
    "U": ((3, 0, 1, 2, 4, 5, 6, 7), (0,) * 8),
    "R": ((4, 1, 2, 0, 7, 5, 6, 3), (2, 0, 0, 1, 1, 0, 0, 2)),
}
SOLVED = tuple((c, 0) for c in range(8))


def turn(corners: tuple, name: str, times: int = 1) -> tuple:
    take, twist = MODEL_MOVES[name]
    for _ in range(times):
        corners = tuple(
            (corners[take[i]][0], (corners[take[i]][1] + twist[i]) % 3) for i in range(8)
        )
    return corners


def played(corners: tuple, said: str) -> tuple:
    """A move as cubers write it (R, R2, R') made on the model."""
    times = {"": 1, "2": 2, "'": 3}[said[1:]]
    return turn(corners, said[0], times)


#: The key's characters, as docs/defining-puzzles.md lists them: corner c twisted t is the
#: (3c + t)th.
KEY = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def written(corners: tuple) -> str:
    return "".join(KEY[3 * c + t] for c, t in corners)


def wide(corners: tuple) -> str:
    """The wide form: each corner's number, then its twist."""
    return "".join(f"{c + 1}{t}" for c, t in corners)


def model_distances() -> dict[tuple, int]:
    """Every position U and R reach, with its distance in the half-turn metric."""
    distance = {SOLVED: 0}
    queue = deque([SOLVED])
    while queue:
        here = queue.popleft()
        for name in MODEL_MOVES:
            there = here
            for _ in range(3):
                there = turn(there, name)
                if there not in distance:
                    distance[there] = distance[here] + 1
                    queue.append(there)
    return distance


@pytest.fixture(scope="module")
def model() -> dict[tuple, int]:
    return model_distances()


@pytest.fixture(scope="module")
def two_gen(tmp_path_factory):
    """The 2x2x2 turned by U and R, built from the .tws file as `puzzledb build` does."""
    db = tmp_path_factory.mktemp("twisty") / "db.sqlite"
    run(plan(["ur"], db=db, tws=str(CUBE2), moves="U,R"))
    return db


def test_the_two_generator_group_has_its_published_29160_positions(two_gen, model, cli):
    stats = json.loads(cli("stats", "ur", "--db", two_gen, "--json").stdout)
    assert stats["states"] == 29_160 == len(model)
    histogram = [0] * (max(model.values()) + 1)
    for depth in model.values():
        histogram[depth] += 1
    assert stats["histogram"] == histogram


def test_every_face_answers_a_permutation_build(two_gen, cli):
    """list, SQL and the HTTP API, beside the paths of the test below."""
    listed = json.loads(cli("list", "--db", two_gen, "--json").stdout)["puzzles"]
    (entry,) = [p for p in listed if p["name"] == "ur"]
    assert entry["kind"] == "permutation" and entry["board"] == "8 CORNER"
    deepest = cli("sql", "SELECT count(*) AS n FROM farthest WHERE puzzle = 'ur'", "--db", two_gen)
    assert deepest.stdout.split()[2] == "22"
    from puzzledb.service.http.app import create_app

    client = create_app(two_gen).test_client()
    asked = client.get("/moves?puzzle=ur&state=1051814122607031")
    assert asked.status_code == 200 and asked.get_json()["depth"] == 14
    assert client.get("/path?puzzle=ur&state=zz").status_code == 400


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("UR"), st.integers(1, 3)), max_size=30))
def test_a_path_solves_the_position_when_played(two_gen, model, scramble):
    corners = SOLVED
    for name, times in scramble:
        corners = turn(corners, name, times)
    path = Answers(reader(two_gen)).path("ur", written(corners))
    assert path["depth"] == model[corners]
    for said in path["moves"]:
        corners = played(corners, said)
    assert corners == SOLVED


def test_each_power_of_a_move_is_a_move_in_htm_and_only_quarters_in_qtm():
    htm = from_tws("c", str(CUBE2), "U,R").puzzle
    qtm = from_tws("c", str(CUBE2), "U,R", "qtm").puzzle
    assert isinstance(htm, PermutationPuzzle) and isinstance(qtm, PermutationPuzzle)
    assert [t.label for t, _ in htm.turns] == ["U", "U2", "U'", "R", "R2", "R'"]
    assert [t.label for t, _ in qtm.turns] == ["U", "U'", "R", "R'"]
    after = {m.label: s for m, s in htm.moves(htm.default_goal)}
    assert after["R"] == written(turn(SOLVED, "R"))
    assert after["R'"] == written(turn(SOLVED, "R", 3))


def test_a_position_that_is_none_is_said_so():
    puzzle = from_tws("c", str(CUBE2)).puzzle
    for text, said in [
        ("10203040506070", r"written with 8 characters \(one a piece\) or 16"),
        ("147ADG", "not 6 characters"),
        ("147ADGJJ", "holds piece 7 2 times"),
        ("147ADGJz", "holds 'z', which is no piece of it"),
        ("1020304050607090", "holds '9', which is no piece of it"),
        ("1020304050607083", "orientation '3'"),
        ("1020304050607010", "holds piece 1 2 times"),
        ("10203040/50607080", "has 2 parts, expected 1"),
    ]:
        with pytest.raises(MalformedInput, match=said):
            puzzle.parse(text)
    assert puzzle.parse("10 20 30 40, 50 60 70 80") == puzzle.default_goal == "147ADGJM"
    assert puzzle.parse(wide(turn(SOLVED, "R"))) == written(turn(SOLVED, "R"))


TOML = """kind = "permutation"
name = "ring3"
[orbits]
PIECE = [3, 2]
[moves]
R = { PIECE = [[3, 1, 2], [1, 0, 1]] }
"""


def test_a_toml_puzzle_builds_and_answers(cli, tmp_path):
    toml, db = tmp_path / "ring3.toml", tmp_path / "ring3.sqlite"
    toml.write_text(TOML, encoding="utf-8")
    built = cli("build", "--file", toml, "--db", db, "--json")
    assert built.exit_code == 0, built.output
    defined = load_text(TOML).puzzle
    assert isinstance(defined, PermutationPuzzle) and defined.default_goal == "135"
    order = defined.base["R"].order(defined.orbits)  # R moves 3 pieces round: 3 positions
    stats = json.loads(cli("stats", "ring3", "--db", db, "--json").stdout)
    assert stats["states"] == order == 3


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (("[3, 1, 2], [1, 0, 1]", "[3, 1, 1], [1, 0, 1]"), "is not a permutation"),
        (("[3, 1, 2], [1, 0, 1]", "[3, 1, 2], [2, 0, 1]"), "turns a piece outside 0 to 1"),
        (("R = { PIECE", "R = { EDGE"), "names 'EDGE', which is no orbit"),
        (("PIECE = [3, 2]", "PIECE = [3, 11]"), "from 1 to 10 orientations"),
        (('kind = "permutation"', 'kind = "permutation"\nmetric = "stm"'), "metric must be"),
    ],
)
def test_a_toml_mistake_is_named(change, said):
    with pytest.raises(BadDefinition, match=said):
        load_text(TOML.replace(*change), "ring3.toml")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Set C 3 1\nMove A\nC\n1 1 2\nEnd\n", r"line 3: Move A: C's positions 1 1 2 are not a"),
        ("Set C 3 2\nMove A\nC\n2 3 1\n0 0 2\nEnd\n", "turns a piece by 2, but its pieces have 2"),
        ("Set C 3 1\nMove A\nC\n2 3 1\n", "the file ends where End of Move A was expected"),
        ("Set C 3 1\nTurn A\n", r"line 2: 'Turn' is not a keyword"),
        ("Set C 3 1\n", "no Move: a puzzle needs at least one"),
        ("Move A\nEnd\n", "Move before any Set"),
        ("Set C 3 1\nMove A\nD\n1 2 3\nEnd\n", "'D' is an orbit no Set names"),
    ],
)
def test_a_tws_mistake_is_named_with_its_line(tmp_path, text, said):
    path = tmp_path / "bad.tws"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(BadDefinition, match=said):
        from_tws("bad", str(path))


def test_the_command_line_refuses_what_a_tws_build_cannot_take(cli, tmp_path):
    db = tmp_path / "x.sqlite"
    unknown = cli("build", "c", "--tws", CUBE2, "--moves", "U,X", "--db", db)
    assert unknown.exit_code == EXIT_STATUS[BadDefinition.code]
    assert "--moves names 'X', which is no move of" in unknown.stderr
    assert "(its moves: U, R, F)" in unknown.stderr
    alone = cli("build", "c", "--moves", "U", "--db", db)
    assert alone.exit_code == EXIT_STATUS[MalformedInput.code]
    assert "--moves keeps some of the moves of a --tws or --kpuzzle file" in alone.stderr
    assert not db.exists()


def test_a_tws_path_that_is_no_file_is_refused_before_it_is_read(tmp_path):
    """A FIFO would hold the build until someone wrote to it, a device fill memory."""
    import os

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path, kind in ((fifo, "a FIFO"), ("/dev/zero", "a device"), (tmp_path, "a folder")):
        with pytest.raises(BadDefinition, match=f"it is {kind}\\); give the path of a .tws file"):
            from_tws("c", str(path))


def kpuzzle_of_the_model() -> dict:
    """The model's 2x2x2 as cubing.js writes a puzzle, with F from the .tws file's own
    numbers (the model turns U and R only)."""
    moves = {
        name: {"CORNERS": {"permutation": list(take), "orientationDelta": list(twist)}}
        for name, (take, twist) in MODEL_MOVES.items()
    }
    moves["F"] = {
        "CORNERS": {
            "permutation": [1, 5, 2, 3, 0, 4, 6, 7],
            "orientationDelta": [1, 2, 0, 0, 2, 1, 0, 0],
        }
    }
    return {
        "name": "2x2x2",
        "orbits": [{"orbitName": "CORNERS", "numPieces": 8, "numOrientations": 3}],
        "defaultPattern": {"CORNERS": {"pieces": list(range(8)), "orientation": [0] * 8}},
        "moves": moves,
        "derivedMoves": None,
    }


def test_a_kpuzzle_file_is_the_same_puzzle_as_the_tws_file(tmp_path, cli, two_gen):
    path = tmp_path / "cube2.json"
    path.write_text(json.dumps(kpuzzle_of_the_model()), encoding="utf-8")
    from_json = from_kpuzzle("c", str(path), "U,R").puzzle
    from_text = from_tws("c", str(CUBE2), "U,R").puzzle
    assert isinstance(from_json, PermutationPuzzle) and isinstance(from_text, PermutationPuzzle)
    assert from_json.base == from_text.base and from_json.default_goal == from_text.default_goal
    db = tmp_path / "k.sqlite"
    built = cli("build", "k", "--kpuzzle", path, "--moves", "U,R", "--db", db, "--json")
    assert json.loads(built.stdout)["built"][0]["states"] == 29_160


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d["moves"]["U"]["CORNERS"].update(permutation=[0] * 8), "not a permutation"),
        (lambda d: d["orbits"][0].update(numOrientations=11), "of 1 to 10 orientations"),
        (lambda d: d["moves"]["U"].update(EDGES={}), "names 'EDGES', which is no orbit"),
        (lambda d: d.update(extra=1), "unknown key 'extra'"),
        (
            lambda d: d["defaultPattern"]["CORNERS"].update(orientationMod=[3] * 8),
            "orientationMod",
        ),
    ],
)
def test_a_kpuzzle_mistake_is_named(tmp_path, change, said):
    data = kpuzzle_of_the_model()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BadDefinition, match=said):
        from_kpuzzle("bad", str(path))


def test_a_puzzle_is_defined_by_one_file_of_moves(cli, tmp_path):
    both = cli("build", "c", "--tws", CUBE2, "--kpuzzle", CUBE2, "--db", tmp_path / "x.sqlite")
    assert both.exit_code == EXIT_STATUS[MalformedInput.code]
    assert "--tws and --kpuzzle each define the puzzle" in both.stderr
    not_json = cli("build", "c", "--kpuzzle", CUBE2, "--db", tmp_path / "x.sqlite")
    assert not_json.exit_code == EXIT_STATUS[BadDefinition.code]
    assert "not JSON" in not_json.stderr
