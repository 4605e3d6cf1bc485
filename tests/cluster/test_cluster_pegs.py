"""Peg boards of single jumps built on a Dask cluster answer exactly as one-machine builds
(issue 21, point 1: "the peg boards once they exist").

The peg codec is directed and graded, where the sliding boards of tests/cluster/test_cluster.py are
undirected: the cluster search must read those properties as the one-machine search does, and
pick each state's move as it does. `english` within 6 jumps (7,359 states) and the TOML
`square4` built whole (1,871 states) are small enough to keep the suite fast.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from puzzledb.service.cli.commands import main

ROOT = Path(__file__).resolve().parents[2]
SQUARE = ROOT / "examples" / "square.toml"
#: (what `build` is given, the name the build answers to)
BOARDS: list[tuple[list[object], str]] = [
    (["english", "--radius", "6"], "english"),
    (["--file", SQUARE], "square4"),
]


def run(*args) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def built(path: Path, *options: str) -> Path:
    for args, _ in BOARDS:
        code, out, err = run("build", *args, *options, "--db", path, "-q")
        assert code == 0, out + err
    return path


@pytest.fixture(scope="module")
def one_machine(tmp_path_factory) -> Path:
    # A cluster build stores every position: so must the one-machine build it is compared with
    # (by default a symmetric board is stored one position per class, db.classes).
    return built(tmp_path_factory.mktemp("one") / "pegs.sqlite", "--every-position")


@pytest.fixture(scope="module")
def on_cluster(tmp_path_factory) -> Path:
    return built(tmp_path_factory.mktemp("cluster") / "pegs.sqlite", "--cluster", "local:2")


def exported(path: Path, name: str) -> str:
    to = path.with_name(f"{name}.csv")
    code, out, err = run("export", name, "--db", path, "-o", to)
    assert code == 0, out + err
    return to.read_text()


@pytest.mark.parametrize("name", [name for _, name in BOARDS])
def test_a_peg_board_built_on_a_cluster_is_the_one_machine_build(name, one_machine, on_cluster):
    assert len(list(on_cluster.parent.glob("*.shard"))) == 2 * len(BOARDS)  # 2 a build
    rows = exported(one_machine, name)
    assert exported(on_cluster, name) == rows
    states = [row["state"] for row in csv.DictReader(io.StringIO(rows))]
    assert len(states) == {"english": 7_359, "square4": 1_871}[name]
    for state in states[:: len(states) // 40]:  # about 40, at every depth
        for command in ("path", "moves", "depth"):
            asked = (command, name, state, "--json")
            assert run(*asked, "--db", on_cluster)[:2] == run(*asked, "--db", one_machine)[:2]
    stats = [
        json.loads(run("stats", name, "--db", p, "--json")[1]) for p in (on_cluster, one_machine)
    ]
    for answer in stats:
        del answer["built_at"], answer["build_seconds"]
        del answer["started_at"], answer["finished_at"]
    assert stats[0] == stats[1]


def test_a_peg_board_too_big_to_pack_is_refused_on_a_cluster_saying_why(tmp_path):
    board = tmp_path / "big.toml"
    rows = ", ".join(['"ooooooo"'] * 7)
    goal = "0" * 24 + "1" + "0" * 24
    board.write_text(
        f'kind = "peg"\nname = "big"\nboard = [{rows}]\nlines = "grid"\n'
        f'metric = "chain"\ngoal = "{goal}"\n'
    )
    code, out, _ = run(
        "build",
        "--file",
        board,
        "--radius",
        "2",
        "--cluster",
        "local:2",
        "--db",
        tmp_path / "x",
        "--json",
    )
    assert code == 2, out
    error = json.loads(out)["error"]
    assert error["code"] == "malformed"
    assert "big is not one: it has 49 holes" in error["message"]
    assert "without --cluster" in error["message"]
    assert not (tmp_path / "x").exists()


def test_a_directed_codec_not_graded_compares_every_earlier_layer(
    one_machine, tmp_path, monkeypatch
):
    """Told a peg codec is not graded, the owners compare new states with all their earlier
    layers, as layered_bfs does: on single jumps that finds nothing more, so the rows stay."""
    from puzzledb.builder.search.cluster import search as cluster_search
    from puzzledb.db.cluster import build as cluster_build

    real_codec, real_compared, asked = cluster_build.codec_of, cluster_search._compared, []

    def ungraded(puzzle):
        codec: Any = real_codec(puzzle)  # Any: an attribute the Codec protocol does not name
        codec.graded = False  # on the instance: it goes to the workers with the codec
        return codec

    def compared(codec, sources):
        asked.append(real_compared(codec, sources))
        return asked[-1]

    monkeypatch.setattr(cluster_build, "codec_of", ungraded)
    monkeypatch.setattr(cluster_search, "_compared", compared)
    path = tmp_path / "pegs.sqlite"
    code, out, err = run("build", "--file", SQUARE, "--cluster", "local:2", "--db", path, "-q")
    assert code == 0, out + err
    assert asked == ["all"]
    assert exported(path, "square4") == exported(one_machine, "square4")
