"""A twisty puzzle built on a Dask cluster answers exactly as its one-machine build (issue 42).

Its predecessors are derived from each move's rewrite of the key (db.schema.REWRITE), so a
sharded build's path is walked a lookup a step in Python (db.queries._walk_by_key) where a
one-file build walks in one SQL statement: the two must agree on every row. The Pyraminx
(933,120 positions) is built whole in seconds.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from puzzledb.service.cli.commands import main


def run(*args) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def built(path: Path, *options: str) -> Path:
    code, out, err = run("build", "pyraminx", *options, "--db", path, "-q")
    assert code == 0, out + err
    return path


@pytest.fixture(scope="module")
def one_machine(tmp_path_factory) -> Path:
    return built(tmp_path_factory.mktemp("one") / "twisty.sqlite")


@pytest.fixture(scope="module")
def on_cluster(tmp_path_factory) -> Path:
    return built(tmp_path_factory.mktemp("cluster") / "twisty.sqlite", "--cluster", "local:2")


def exported(path: Path) -> str:
    to = path.with_name("pyraminx.csv")
    code, out, err = run("export", "pyraminx", "--db", path, "-o", to)
    assert code == 0, out + err
    return to.read_text()


def test_a_twisty_puzzle_built_on_a_cluster_is_the_one_machine_build(one_machine, on_cluster):
    assert len(list(on_cluster.parent.glob("*.shard"))) == 2
    rows = exported(one_machine)
    assert exported(on_cluster) == rows
    states = [row["state"] for row in csv.DictReader(io.StringIO(rows))]
    assert len(states) == 933_120
    for state in states[:: len(states) // 40]:  # about 40, at every depth
        for command in ("path", "moves"):
            asked = (command, "pyraminx", state, "--json")
            assert run(*asked, "--db", on_cluster)[:2] == run(*asked, "--db", one_machine)[:2]
    scramble = ("path", "pyraminx", "--scramble", "U R' L B' U' l", "--json")
    answers = [json.loads(run(*scramble, "--db", p)[1]) for p in (on_cluster, one_machine)]
    assert answers[0] == answers[1] and answers[0]["depth"] == 5
