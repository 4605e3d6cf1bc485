"""The C searches bench/references.py sets beside puzzledb (support/references/*.c) compile with
the system's cc and agree with puzzledb on small cases, so its ratios compare the same work:
the 8-puzzle's layers whole (and, counting every layer's optimal solutions too, any board of
tiles: eight here, eleven on the bench), and the English cross within a few jumps of the goal,
every layer's positions, classes and counts of winning jump sequences.

A C compiler is needed: every machine of the project's kind has gcc from the start (and so do
Debian's python:3.11 images; their -slim variants do not). Without one these tests fail and say
what to install; they are not skipped.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest

from puzzledb.builder import catalogue
from puzzledb.db.build import build_to

REFERENCE = Path(__file__).resolve().parents[2] / "tests" / "support" / "references"
#: English radius: 8 jumps out is 106,760 positions in 13,449 classes, built in about a second.
RADIUS = 8


@pytest.fixture(scope="module")
def binaries(tmp_path_factory):
    """Each C reference compiled once: source name -> program."""
    folder = tmp_path_factory.mktemp("c-references")
    return {source: compiled(source, folder) for source in ("eight", "peg_english", "sliding")}


def compiled(source: str, folder: Path) -> Path:
    cc = shutil.which("cc") or shutil.which("gcc")
    assert cc, "no C compiler: the C references need cc (Debian: apt-get install gcc)"
    binary = folder / source
    done = subprocess.run(
        [cc, "-O2", "-Wall", "-Werror", "-o", str(binary), str(REFERENCE / f"{source}.c")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return binary


def output(binary: Path, *args: str) -> list[dict[str, str]]:
    """The program's lines, each as {word: the word after it}."""
    done = subprocess.run([str(binary), *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return [dict(zip(w[::2], w[1::2])) for w in (line.split() for line in done.stdout.splitlines())]


def layers(database: Path, name: str, goal: str) -> dict[int, int]:
    with sqlite3.connect(database) as conn:
        return dict(
            conn.execute(
                "SELECT depth, l.states FROM layers l JOIN puzzles p ON p.id = l.puzzle_id "
                "WHERE p.name = ? AND p.goal = ?",
                (name, goal),
            )
        )


@pytest.mark.parametrize(
    "mode",
    [
        # about 1 s of CPU each: a tree of boards
        pytest.param("--article", marks=pytest.mark.slow),
        pytest.param("--tree", marks=pytest.mark.slow),
        "--packed",
    ],
)
def test_the_c_8_puzzle_search_finds_eights_layers(seed_db, binaries, mode):
    lines = output(binaries["eight"], mode)
    assert {"mode": mode.removeprefix("--")} in lines  # the search asked for, not the default
    found = {int(line["layer"]): int(line["states"]) for line in lines if "layer" in line}
    stored = layers(seed_db, "eight", "123456780")
    assert found == stored
    assert sum(found.values()) == 181_440 and max(found) == 31


def test_the_c_peg_search_finds_englishs_layers_classes_and_counts(binaries, tmp_path):
    peg = binaries["peg_english"]
    every = [line for line in output(peg, "--radius", str(RADIUS)) if "layer" in line]
    classes = [
        line for line in output(peg, "--classes", "--radius", str(RADIUS)) if "layer" in line
    ]
    database = tmp_path / "english.sqlite"
    english = catalogue.get("english")
    build_to(database, english, english.default_goal, radius=RADIUS)
    with sqlite3.connect(database) as conn:
        build_id, table = conn.execute("SELECT id, node_table FROM puzzles").fetchone()
        size = dict(
            conn.execute(
                "SELECT fixed, count(*) FROM class_images WHERE puzzle_id = ? GROUP BY fixed",
                (build_id,),
            )
        )
        rows = conn.execute(f"SELECT depth, fixed, solutions FROM {table}").fetchall()
    positions = layers(database, "english", english.default_goal)
    assert len(every) == len(classes) == len(positions) == RADIUS + 1
    for depth, (mine, theirs) in enumerate(zip(every, classes)):
        kept = [(fixed, int(solutions)) for d, fixed, solutions in rows if d == depth]
        counts = sum(solutions * size[fixed] for fixed, solutions in kept)
        assert int(mine["layer"]) == int(theirs["layer"]) == depth
        assert int(mine["positions"]) == int(theirs["positions"]) == positions[depth]
        assert int(theirs["classes"]) == len(kept)
        assert int(mine["counts"]) == int(theirs["counts"]) == counts
    assert sum(positions.values()) == 106_760  # up to 9 pegs (builder/catalogue.py)


@pytest.mark.parametrize(
    "name, size",
    [("eight", ("3", "3")), pytest.param("nine", ("2", "5"), marks=pytest.mark.slow)],
)
def test_the_c_tile_search_finds_each_layers_positions_and_solutions(
    binaries, tmp_path, name, size
):
    """The reference bench/references.py times beside `build eleven`, on boards built here:
    each depth's positions and the sum of their counts of optimal solutions, and the most."""
    lines = output(binaries["sliding"], *size)
    puzzle = catalogue.get(name)
    database = tmp_path / f"{name}.sqlite"
    build_to(database, puzzle, puzzle.default_goal)
    with sqlite3.connect(database) as conn:
        [(table, most)] = conn.execute("SELECT node_table, max_solutions FROM puzzles")
        stored = conn.execute(
            f"SELECT depth, count(*), sum(solutions) FROM {table} GROUP BY depth ORDER BY depth"
        ).fetchall()
    found = [
        (int(line["layer"]), int(line["states"]), int(line["solutions"]))
        for line in lines
        if "layer" in line
    ]
    assert found == stored
    assert {"most_solutions": str(most)} in lines
    assert {"total_states": str(sum(n for _, n, _ in stored))} in lines
