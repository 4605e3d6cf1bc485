"""A build that will not fit in memory says so before it starts to thrash (issue 21, point 4)."""

from __future__ import annotations

import hashlib
import json
import re
import tracemalloc
from math import factorial

import pytest
from support.json_errors import one_error

from puzzledb.builder import catalogue
from puzzledb.builder.core.errors import TooLarge
from puzzledb.builder.kinds.sliding import SlidingPuzzle
from puzzledb.builder.kinds.sliding.packed import PackedBoard
from puzzledb.builder.puzzle import MAX_COMPLETE_STATES
from puzzledb.builder.search import known_layers, memory
from puzzledb.builder.search.layered import layered_bfs
from puzzledb.builder.search.progress import Progress
from puzzledb.db import build as builds
from puzzledb.service.cli.options import EXIT_STATUS

#: A budget that `eight` outgrows part way (its search peaks at ~2.8 MB of arrays).
SMALL = 2_000_000


def _fits(message: str) -> int:
    fits = re.search(r"the largest radius that fits is (\d+)", message)
    assert fits is not None, message
    return int(fits[1])


def _search_peak(puzzle, radius: int) -> int:
    """The bytes the search really takes to `radius`: numpy reports its arrays to tracemalloc."""
    tracemalloc.start()
    try:
        layered_bfs(PackedBoard(puzzle), puzzle.default_goal, radius)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_fifteen_within_31_is_refused_before_any_search(cli, empty_db, monkeypatch):
    """The issue's case on its 24 GB machine: refused from the known layers, no search run."""

    def no_search(*args, **kwargs):
        raise AssertionError("the search ran")

    monkeypatch.setattr(builds.codecs, "packed_search", no_search)
    result = cli(
        "build", "fifteen", "--radius", "31", "--memory", "24GB", "--db", empty_db, "--json"
    )
    assert result.exit_code == EXIT_STATUS["too_large"] == 7
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "too_large"
    message = error["message"]
    assert "2,478,364,772 states" in message and "--cluster" in message
    assert "24.0 GB (--memory)" in message
    fits = _fits(message)
    assert 24 <= fits < 31 and f"--radius {fits}" in message
    assert not empty_db.exists()


def test_fifteen_within_31_is_refused_on_this_machine(cli, empty_db, monkeypatch):
    """Without --memory the budget is the machine's: far below the ~117 GB radius 31 needs."""
    need = max(memory.known_peaks(known_layers.FIFTEEN, 31))
    if memory.machine_budget().bytes >= need:
        pytest.skip("this machine holds fifteen within 31 moves")
    monkeypatch.setattr(
        builds.codecs, "packed_search", lambda *a, **k: pytest.fail("the search ran")
    )
    result = cli("build", "fifteen", "--radius", "31", "--db", empty_db)
    assert result.exit_code == 7
    assert "too_large" not in result.stdout and "--cluster" in result.stderr
    assert "MemAvailable" in result.stderr or "cgroup" in result.stderr
    assert not empty_db.exists()


def test_the_known_layers_are_our_own_search_s():
    fifteen = catalogue.get("fifteen")
    assert isinstance(fifteen, SlidingPuzzle)
    found = layered_bfs(PackedBoard(fifteen), fifteen.default_goal, 16).histogram
    assert found == known_layers.FIFTEEN[:17]
    assert sum(known_layers.FIFTEEN[:25]) == 42_928_799  # our radius-24 build (docs/performance.md)


class _Layers(Progress):
    def __init__(self):
        self.depths: list[int] = []

    def layer(self, depth: int, states: int) -> None:
        self.depths.append(depth)


def test_a_small_budget_stops_before_the_layer_that_would_exceed_it(cli, tmp_path):
    """eight (no known layers: the growth so far predicts the next) in 2 MB: refused at the
    layer whose search would pass 2 MB, the old build untouched, and the radius the message
    names does fit."""
    path = tmp_path / "db.sqlite"
    assert cli("build", "eight", "--db", path, "-q").exit_code == 0
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    eight = catalogue.get("eight")

    layers = _Layers()
    with pytest.raises(TooLarge) as refused:
        builds.build_to(
            path, eight, eight.default_goal, progress=layers, memory=memory.Budget(SMALL, "t")
        )
    fits = _fits(refused.value.message)
    assert layers.depths[-1] == fits < 31  # eight's complete search is 31 deep
    assert _search_peak(eight, fits) <= SMALL < _search_peak(eight, fits + 1)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert not list(tmp_path.glob(".db.sqlite.building-*"))

    result = cli("build", "eight", "--memory", "2MB", "--db", path, "--json")
    assert result.exit_code == 7
    assert json.loads(result.stdout)["error"]["code"] == "too_large"
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    within = cli("build", "eight", "--radius", fits, "--memory", "2MB", "--db", path, "--json")
    assert within.exit_code == 0, within.stdout
    assert json.loads(within.stdout)["built"][0]["max_depth"] == fits


def test_the_machine_s_budget_is_the_lower_of_meminfo_and_the_cgroup(tmp_path, monkeypatch):
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal: 9000000 kB\nMemAvailable:    4000000 kB\n")
    limit, usage = tmp_path / "limit", tmp_path / "usage"
    limit.write_text("3000000000\n")
    usage.write_text("1000000000\n")
    monkeypatch.setattr(memory, "MEMINFO", meminfo)
    monkeypatch.setattr(memory, "CGROUP_LIMITS", ((limit, usage),))
    assert memory.machine_budget() == memory.Budget(2_000_000_000, "the cgroup's memory limit")
    limit.write_text("max\n")
    assert memory.machine_budget() == memory.Budget(4_096_000_000, "MemAvailable")


@pytest.mark.parametrize("text", ["lots", "", "-1GB", "0", "12 parsecs"])
def test_a_bad_memory_size_is_malformed(cli, empty_db, text):
    result = cli("build", "eight", "--memory", text, "--db", empty_db, "--json")
    assert result.exit_code == 2
    assert json.loads(result.stdout)["error"]["code"] == "malformed"
    assert not empty_db.exists()


def test_memory_sizes():
    assert memory.parse_budget("8GB").bytes == 8 * 10**9
    assert memory.parse_budget("1.5g").bytes == 1_500_000_000
    assert memory.parse_budget("512MiB").bytes == 512 * 2**20
    assert memory.parse_budget("2000000").bytes == 2_000_000


#: fifteen-multi's layers (several tiles a move), as our build of radius 12 counted them: 41 s
#: on 2 cores, while radius 14 was still searching after 150 s and 20 after 4 minutes.
FIFTEEN_MULTI = [1, 6, 18, 54, 162, 486, 1457, 4334, 12568, 36046, 102801, 289534, 808623]
#: States a suggested build may reach, to finish in about a minute on 2 cores (issue 27): one
#: tile a move, fifteen --radius 20 (3,418,020 states) took 7 s; several tiles a move cost more
#: a state (more children each), fifteen-multi --radius 12 (1,256,090) 41 s.
FITS_A_MINUTE = {
    "fifteen": (known_layers.FIFTEEN, 3_500_000),
    "fifteen-multi": (FIFTEEN_MULTI, 1_300_000),
}


def test_list_suggests_only_builds_of_about_a_minute(cli, tmp_path):
    """Issue 27: `puzzledb list` suggested fifteen-multi --radius 20, still searching after 4
    minutes. Each radius it suggests for the fifteen boards stays within layers known to
    build in about a minute (the other radius-only board, french, builds in a second)."""
    from puzzledb.db.connection import writer

    path = tmp_path / "empty.sqlite"
    writer(path).close()
    listed = cli("list", "--db", path).stdout
    suggested = dict(re.findall(r"not built \(puzzledb build (\S+) --radius (\d+)\)", listed))
    assert set(suggested) == set(catalogue.RADIUS_ONLY), listed
    for name, (layers, most) in FITS_A_MINUTE.items():
        radius = int(suggested[name])
        assert radius < len(layers) and sum(layers[: radius + 1]) <= most, (name, radius)
    assert int(suggested["french"]) <= catalogue.suggested_radius("french")


def test_arrangements_of_the_catalogue():
    """The size guard's counts of arrangements for the catalogue, and which puzzles may only be
    built within a radius."""
    counts = {name: p.arrangements() for name, p in catalogue.CATALOGUE.items()}
    assert counts["fifteen"] == factorial(16) // 2 == 10_461_394_944_000
    eleven = counts["eleven"]
    assert eleven is not None and eleven == factorial(12) // 2 <= MAX_COMPLETE_STATES  # allowed
    assert counts["lines"] == factorial(9) // 4 and counts["peg15"] == 2**15
    nooff = counts["nooff"]
    assert nooff is not None and nooff >= 540  # a bound: the bulb counts once
    assert catalogue.RADIUS_ONLY == {
        "fifteen": 10_461_394_944_000,
        "fifteen-multi": 10_461_394_944_000,
        "french": 2**37,
    }


def test_english_is_weighed_by_its_published_count_toward_its_own_goal_only(cli, empty_db):
    """English is weighed by its published count toward its own goal only: toward another it
    is 2^33 positions and refused as too large, with no file made."""
    english = catalogue.get("english")
    assert catalogue.states_bound(english) == 187_636_299 <= MAX_COMPLETE_STATES
    assert catalogue.states_bound(english, english.default_goal) == 187_636_299
    other = "1" + "0" * 32
    assert catalogue.states_bound(english, other) == 2**33
    message = one_error(
        cli("build", "english", "--goal", other, "--db", empty_db, "--json"), "too_large"
    )
    assert "8,589,934,592" in message and "--radius" in message
    assert not empty_db.exists()


def test_a_big_board_from_flags_needs_a_radius(cli, empty_db):
    """A big board from flags needs a radius: too_large names the count, the limit and the
    command that works, which then builds."""
    args = ("build", "big", "--rows", "4", "--cols", "4", "--goal", "123456789ABCDEF0")
    message = one_error(cli(*args, "--db", empty_db, "--json"), "too_large", 7)
    assert "10,461,394,944,000" in message and "500,000,000" in message
    assert "puzzledb build big --rows 4 --cols 4 --goal 123456789ABCDEF0 --radius 20" in message
    assert not empty_db.exists()
    assert cli(*args, "--radius", "3", "--db", empty_db, "-q").exit_code == 0


def test_a_big_board_from_toml_needs_a_radius(cli, empty_db, tmp_path):
    """A big board defined in TOML needs a radius too."""
    toml = tmp_path / "big.toml"
    toml.write_text(
        'name = "big"\nrows = 5\ncols = 5\nblank = "."\ngoal = "ABCDEFGHIJKLMNOPQRSTUVWX."\n',
        encoding="utf-8",
    )
    message = one_error(cli("build", "--file", toml, "--db", empty_db, "--json"), "too_large", 7)
    assert f"{factorial(25) // 2:,} states" in message and "--radius" in message


def test_many_identical_pieces_are_few_arrangements(cli, empty_db):
    """Identical pieces are counted once (16!/(8! 7!)), so a board of many alike is small
    enough to build whole."""
    result = cli(
        "build",
        "dots",
        "--rows",
        "4",
        "--cols",
        "4",
        "--goal",
        "1111111122222220",
        "--db",
        empty_db,
        "--json",
    )
    assert result.exit_code == 0, result.output  # 16!/(8! 7!) = 102,960
    assert json.loads(result.stdout)["built"][0]["states"] == 102_960


def _big_card() -> str:
    """A 16x16 card: A in row 8, and 13 vertical cars across the top, each free to run down
    its column: a cluster of many millions of positions."""
    rows = [["o"] * 16 for _ in range(16)]
    rows[7][0] = rows[7][1] = "A"
    for i, letter in enumerate("BCDEFGHIJKLMN"):
        rows[0][2 + i] = rows[1][2 + i] = letter
    return "/".join("".join(r) for r in rows)


@pytest.mark.slow  # walks some hundred thousand positions in Python before it stops
@pytest.mark.parametrize("budget", ["40MB", "150MB"])
def test_a_rush_cards_cluster_walk_keeps_to_memory(tmp_path, budget):
    """Issue 46, point 5: a big --rush card's cluster is walked to find its goal positions
    before any search, and that walk ignored --memory (past 2.68 GB with --memory 1GB). It is
    guarded too: refused as too_large, the process's peak far under what it found, no file."""
    from support.command import run_measured

    db = tmp_path / "big.sqlite"
    command = ["build", "big", "--rush", _big_card(), "--memory", budget]
    done = run_measured([*command, "--db", str(db), "--json"], timeout=120)
    assert done.returncode == EXIT_STATUS["too_large"] == 7, done.stderr[-2000:]
    error = json.loads(done.stdout)["error"]
    assert error["code"] == "too_large"
    assert "walking the card's cluster" in error["message"] and "(--memory)" in error["message"]
    allowed = memory.parse_budget(budget).bytes + 250 * 10**6  # and the interpreter, numpy
    assert done.peak_bytes < allowed, f"{done.peak_bytes / 10**6:.0f} MB"
    assert not db.exists()
