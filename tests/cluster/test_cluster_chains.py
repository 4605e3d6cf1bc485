"""Peg boards of the `chain` metric built on a Dask cluster answer exactly as one-machine builds
(issue 21, point 1: "the peg boards once they exist").

A chain's move code is its number among the distinct chains met: each worker meets only those
of its key range, so the client numbers every layer's chains as one process meeting the whole
layer would, and the workers use that numbering. Where several chains reach a state, the lowest
code wins, so the same numbering picks the same chain. `peg15` (4,237 states) on a LocalCluster
and examples/square.toml played in chains (1,871 states) over TCP keep the suite fast.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from puzzledb.builder import catalogue
from puzzledb.builder.kinds.peg import chains as peg_chains
from puzzledb.builder.kinds.peg.puzzle import PegSolitaire
from puzzledb.builder.search.cluster import search as cluster_search
from puzzledb.service.cli.commands import main

ROOT = Path(__file__).resolve().parents[2]
SQL = [
    "SELECT * FROM states ORDER BY state",
    "SELECT code, label FROM moves JOIN puzzles ON puzzles.id = puzzle_id WHERE name = '{}'",
    "SELECT * FROM depth_histogram",
]


def run(*args) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def square(tmp_path_factory) -> Path:
    """examples/square.toml with one peg's chain of jumps a move."""
    text = (ROOT / "examples" / "square.toml").read_text()
    assert 'metric = "jump"' in text
    path = tmp_path_factory.mktemp("board") / "square.toml"
    path.write_text(text.replace('metric = "jump"', 'metric = "chain"'))
    return path


def build(path: Path, *args) -> Path:
    code, out, err = run("build", *args, "--db", path, "-q")
    assert code == 0, out + err
    return path


def answers(path: Path, name: str, tmp: Path) -> list:
    """What a reader sees of the build: its export (state, depth, pred, move label, solutions),
    the states view, the moves table, the stats and a path from every 40th state."""
    to = tmp / f"{path.parent.name}-{name}.csv"
    code, out, err = run("export", name, "--db", path, "-o", to)
    assert code == 0, out + err
    seen: list = [to.read_text()]
    for sql in SQL:
        code, out, err = run("sql", sql.format(name), "--db", path, "--format", "json")
        assert code == 0, out + err
        seen.append(json.loads(out))
    states = [row[2] for row in seen[1]["rows"]]
    for state in states[:: len(states) // 40]:
        for command in ("path", "moves"):
            seen.append(run(command, name, state, "--db", path, "--json")[:2])
    stats = json.loads(run("stats", name, "--db", path, "--json")[1])
    del stats["built_at"], stats["build_seconds"], stats["started_at"], stats["finished_at"]
    return [*seen, stats]


@pytest.mark.parametrize(
    "board, states",
    [(["peg15"], 4_237), (["--file", "square"], 1_871)],
    ids=["peg15 on local:2", "square of chains over tcp"],
)
def test_a_chain_board_built_on_a_cluster_is_the_one_machine_build(
    board,
    states,
    square,
    scheduler,
    tmp_path,
    monkeypatch,
):
    # The client cuts the key space by the first layers it searches itself (numbering their
    # chains): only a few here, so that the workers meet most chains.
    monkeypatch.setattr(cluster_search, "SAMPLE_STATES", 50)
    args = [square if a == "square" else a for a in board]
    cluster = "local:2" if board == ["peg15"] else scheduler[0]
    # a cluster stores every position: so does the one machine with --every-position (peg15's
    # mirror images keep its goal, and its default is one position a class)
    one = build(tmp_path / "one" / "pegs.sqlite", *args, "--every-position")
    on_cluster = build(tmp_path / "cluster" / "pegs.sqlite", *args, "--cluster", cluster)
    assert len(list(on_cluster.parent.glob("*.shard"))) == 2
    name = "peg15" if board == ["peg15"] else "square4"
    seen = answers(on_cluster, name, tmp_path)
    assert seen[1]["count"] == states
    assert len({row[3] for row in seen[1]["rows"]}) > 4  # several layers, each cut between owners
    assert seen == answers(one, name, tmp_path)


def test_the_client_numbers_the_chains_every_part_of_a_layer_met_as_one_process(monkeypatch):
    """Numbering the chains two halves of a layer met gives the codes numbering the whole
    layer gives, and past the int16 codes the same error as one machine."""
    peg15 = catalogue.get("peg15")
    assert isinstance(peg15, PegSolitaire)
    whole, halves = peg_chains.PackedChains(peg15), peg_chains.PackedChains(peg15)
    goals = sorted(whole.encode(s) for s in ("100000000000000", "000010000000000", "0" * 14 + "1"))
    met = whole.expansion(np.array(goals, np.uint64)).met
    assert len(met) > 2
    news = halves.number([met[1::2], met[::2]])
    assert halves.moves == whole.moves and news[0] == 0 and len(news[1]) == len(whole.moves)
    learner = peg_chains.PackedChains(peg15)
    learner.learn(news)
    assert learner.moves == whole.moves and learner._flips_of_code == whole._flips_of_code
    monkeypatch.setattr(peg_chains, "MOST_CODES", 5)
    with pytest.raises(ValueError, match="peg15: more than 6 distinct chains"):
        peg_chains.PackedChains(peg15).number([met])
