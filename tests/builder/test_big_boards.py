"""The boards the articles call too large: 2x5 complete, 4x4 within a radius, and how."""

import io
import json

import pytest

from puzzledb.builder import catalogue
from puzzledb.builder.kinds.sliding import SlidingPuzzle
from puzzledb.builder.kinds.sliding.packed import PackedBoard
from puzzledb.builder.search.layered import layered_bfs
from puzzledb.builder.search.plain import breadth_first
from puzzledb.db.build import search
from puzzledb.db.connection import reader
from puzzledb.service.answers import Answers
from puzzledb.service.cli.progress import TerminalProgress, for_build

pytestmark = pytest.mark.slow  # builds nine and other large boards


@pytest.fixture(scope="module")
def nine_db(tmp_path_factory):
    from click.testing import CliRunner

    from puzzledb.service.cli.commands import main

    path = tmp_path_factory.mktemp("nine") / "nine.sqlite"
    result = CliRunner().invoke(main, ["build", "nine", "--db", str(path), "--json"])
    assert result.exit_code == 0, result.output
    return path


def test_nine_is_complete_with_the_known_radius(nine_db):
    answers = Answers(reader(nine_db))
    stats = answers.stats("nine")
    assert stats["states"] == 1_814_400  # 10!/2
    assert stats["max_depth"] == 55
    assert stats["radius"] is None
    far = answers.farthest("nine")
    state = far["states"][0]
    path = answers.path("nine", state)
    assert path["depth"] == 55 and path["path"][-1] == "1234567890"
    puzzle = catalogue.get("nine")
    for before, move, after in zip(path["path"], path["moves"], path["path"][1:]):
        assert (move, after) in {(m.label, n) for m, n in puzzle.moves(before)}


def test_fifteen_needs_a_radius(cli, tmp_path):
    result = cli("build", "fifteen", "--db", tmp_path / "f.sqlite")
    assert result.exit_code == 7
    assert "--radius" in result.stderr and "10,461,394,944,000" in result.stderr


def test_ruby_articles_fifteen_example_within_a_radius(cli, tmp_path):
    db = tmp_path / "fifteen.sqlite"
    built = cli(
        "build", "fifteen", "--goal", "123456789AFBDEC0", "--radius", "8", "--db", db, "--json"
    )
    assert built.exit_code == 0, built.output
    assert json.loads(built.stdout)["built"][0]["radius"] == 8
    answer = json.loads(
        cli(
            "path",
            "fifteen",
            "123456789abcdef0",
            "--goal",
            "123456789AFBDEC0",
            "--db",
            db,
            "--json",
        ).stdout
    )
    assert answer["state"] == "123456789ABCDEF0" and answer["depth"] == 4
    assert answer["path"][-1] == "123456789AFBDEC0"

    far = cli(
        "path", "fifteen", "0FEDCBA987654321", "--goal", "123456789AFBDEC0", "--db", db, "--json"
    )
    assert far.exit_code == 5
    error = json.loads(far.stdout)["error"]
    assert error["code"] == "beyond_radius" and "radius 8" in error["message"]

    odd = cli("path", "fifteen", "123456789ABCDFE0", "--goal", "123456789AFBDEC0", "--db", db)
    assert odd.exit_code == 3 and "parity" in odd.stderr


def test_radius_build_is_the_complete_build_cut_short():
    eight = catalogue.get("eight")
    whole = search(eight, eight.default_goal)
    part = search(eight, eight.default_goal, radius=12)
    assert part.histogram == whole.histogram[:13]
    assert part.radius == 12 and part.max_depth == 12


@pytest.mark.parametrize("size", [1_000, 7_777, 50_000, 10**9])
def test_rows_stream_in_key_order_in_any_chunk_size(size):
    seven = catalogue.get("seven")
    assert isinstance(seven, SlidingPuzzle)
    result = layered_bfs(PackedBoard(seven), seven.default_goal)
    states, depths, solutions = [], [], []
    for chunk_states, chunk_depths, _moves, chunk_solutions in result.chunks(size):
        assert len(chunk_states) <= max(size * 2, 2)  # buckets are about `size`
        states += chunk_states
        depths += chunk_depths
        solutions += chunk_solutions
    assert states == sorted(states) and len(set(states)) == 20_160
    assert sorted(depths).count(36) == 1
    assert dict(zip(states, solutions)) == breadth_first(seven, seven.default_goal).solutions


def test_progress_shows_layers_rows_and_time_on_a_terminal():
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    screen = Terminal()
    progress = for_build("seven", quiet=False, stream=screen)
    assert isinstance(progress, TerminalProgress)
    seven = catalogue.get("seven")
    result = search(seven, seven.default_goal, progress=progress)
    progress.stage("indexing depths")
    progress.rows(result.states, result.states)
    text = screen.getvalue()
    assert "seven: searching, depth" in text and "states/s" in text and "elapsed" in text
    assert "indexing depths" in text and "storing 20,160 of 20,160 rows (100%)" in text


def test_progress_is_quiet_off_a_terminal_or_when_asked():
    assert not isinstance(for_build("x", quiet=False, stream=io.StringIO()), TerminalProgress)

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    assert not isinstance(for_build("x", quiet=True, stream=Terminal()), TerminalProgress)
