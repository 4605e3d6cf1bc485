"""Each rule and each limit has one home: the swap rule said three ways (Python, numpy, SQL)
agrees, the suggested radius is one number, caches are bounded, and guards are not asserts."""

import ast
import random
import sqlite3
from pathlib import Path
from typing import cast

import numpy as np
import pytest

from puzzledb.builder import catalogue
from puzzledb.builder.core.errors import TooLarge
from puzzledb.builder.kinds.sliding import SlidingPuzzle, packed
from puzzledb.builder.kinds.sliding.packed import PackedBoard
from puzzledb.builder.move_codes import swapped_cells
from puzzledb.db import queries, schema
from puzzledb.db.connection import reader
from puzzledb.db.errors import NotBuilt
from puzzledb.db.kept import PerBuild
from puzzledb.service.answers import Answers
from puzzledb.service.cli.options import EXIT_STATUS


@pytest.mark.parametrize("name", ["eight", "seven", "lines", "atama", "fifteen"])
def test_the_swap_rule_is_one_rule_in_python_numpy_and_sql(name):
    """For every move the Python rule makes, its stored code names the move's own two cells,
    and numpy's undo and the SQL predecessor both give the state the move leads to."""
    puzzle = catalogue.get(name)
    assert isinstance(puzzle, SlidingPuzzle)
    board = PackedBoard(puzzle)
    code_of = {move: code for code, move in board.moves.items()}
    sql = "SELECT " + schema.pred_expression(":state", ":code", puzzle.cells, None)
    conn = sqlite3.connect(":memory:")
    rng = random.Random(name)
    checked = 0
    for _ in range(40):
        state = "".join(rng.sample(puzzle.default_goal, puzzle.cells))
        for move, after in puzzle.moves(state):
            code = code_of[move]
            assert swapped_cells(code, puzzle.cells) == move.swap
            undone = board.undo(
                np.array([board.encode(state)], np.uint64), np.array([code], np.int16)
            )
            assert board.decode(undone) == [after]
            assert conn.execute(sql, {"state": state, "code": code}).fetchone()[0] == after
            checked += 1
    assert checked > 40


def test_a_move_code_too_wide_for_the_search_is_refused_not_asserted(monkeypatch):
    """A guard that `python -O` would strip is no guard: it raises a real error."""
    monkeypatch.setattr(packed, "MOVE_CODE_MAX", 100)
    with pytest.raises(ValueError, match="16-bit"):
        PackedBoard(cast(SlidingPuzzle, catalogue.get("eight")))


def test_the_suggested_radius_has_one_home(monkeypatch, seed_db, cli, tmp_path):
    """The build hints of the answers, of `list` and of a refused build all read one number."""
    monkeypatch.setattr(catalogue, "SUGGESTED_RADIUS", 17)
    answers = Answers(reader(seed_db))
    with pytest.raises(NotBuilt, match="--radius 17"):
        answers.path("fifteen", "123456789ABCDEF0")
    listed = cli("list", "--db", seed_db)
    assert "puzzledb build fifteen --radius 17" in listed.stdout
    refused = cli("build", "fifteen", "--db", tmp_path / "x.sqlite")
    assert refused.exit_code == EXIT_STATUS[TooLarge.code]
    assert "--radius 17" in refused.stderr
    assert "--radius 20" not in listed.stdout + refused.stderr


def test_move_words_are_kept_for_a_bounded_number_of_builds(seed_db, monkeypatch):
    fresh = PerBuild(queries.MOVE_LABELS_KEPT, queries._labels.read)
    monkeypatch.setattr(queries, "_labels", fresh)
    with sqlite3.connect(f"file:{seed_db}?mode=ro", uri=True) as conn:
        builds = queries.all_builds(conn)
        for i in range(queries.MOVE_LABELS_KEPT + 10):
            build = builds[i % len(builds)]
            # a build of another file with the same id is another entry (keyed by the row)
            other = build._replace(built_at=f"{build.built_at} #{i}")
            assert queries.move_labels(conn, other) == queries.move_labels(conn, build)
    assert len(fresh) == queries.MOVE_LABELS_KEPT


def test_builds_of_two_boards_alike_in_every_other_column_are_two(seed_db):
    """What is kept per build (move words, a build of classes' symmetries) is keyed by the
    build: two boards built in the same second into two files, with the same name, id and
    figures, once shared one board's symmetries (a flaky test of symmetric boards)."""
    with sqlite3.connect(f"file:{seed_db}?mode=ro", uri=True) as conn:
        build = queries.all_builds(conn)[0]
    other = build._replace(stored_definition=build.stored_definition + " ")
    assert other != build and len({other, build}) == 2


TREE = Path(__file__).resolve().parents[2]
#: What choosing a codec takes: the packings kinds register (builder.registry), their tests of
#: the boards they pack, the codecs they make.
CODEC_CHOICE = {"packings", "packs", "packable", "PackedBoard", "PackedPegs", "PackedChains"}
CODEC_CHOICE |= {"PackedBlocks", "PackedRush"}
#: The one place that chooses (builder.search.codecs) and where the registry declares a packing.
CHOOSER = "builder/search/codecs.py"
REGISTRY = "builder/registry.py"


def _names(path: Path) -> set[str]:
    """Every name `path` uses or imports: variables, attributes, imported names."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.ImportFrom):
            names.update(alias.name for alias in node.names)
    return names


def test_only_the_codec_registry_chooses_a_codec():
    """builder.search.codecs alone asks which codec packs a puzzle: no other module of the
    house (the one-machine build, the cluster's, the front ends) reads the packings a kind
    registers or names a codec; each kind names its own, in its own folder."""
    found = {
        str(path.relative_to(TREE)): sorted(_names(path) & CODEC_CHOICE)
        for package in ("builder", "db", "service")
        for path in sorted((TREE / package).rglob("*.py"))
        if str(path.relative_to(TREE)) not in (CHOOSER, REGISTRY)
        and not str(path.relative_to(TREE)).startswith("builder/kinds/")
    }
    assert {path: names for path, names in found.items() if names} == {}
    assert {"packings", "packs"} <= _names(TREE / CHOOSER)  # the scan reads
