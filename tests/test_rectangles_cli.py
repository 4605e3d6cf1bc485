"""A board of rectangles from a TOML file, through the command line: the example in examples/
builds and answers (its pattern goal, named start and metric)."""

import json
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).parent.parent / "examples" / "klotski.toml"
START = "VBBVVBBVVHHVVssVs__s"
EXIT = "?????????????BB??BB?"


@pytest.fixture(scope="module")
def example_db(tmp_path_factory):
    from click.testing import CliRunner

    from puzzledb.service.cli import main

    db = tmp_path_factory.mktemp("rectangles") / "example.sqlite"
    built = CliRunner().invoke(main, ["build", "--file", str(EXAMPLE), "--db", str(db), "--json"])
    assert built.exit_code == 0, built.output
    (summary,) = json.loads(built.stdout)["built"]
    assert summary["name"] == "myklotski" and summary["goal"] == EXIT
    assert summary["states"] == 53_954  # every arrangement that can reach the exit
    return db


def test_the_example_answers_from_its_named_start_in_finger_moves(cli, example_db):
    said = cli("path", "myklotski", "start", "--db", example_db, "--json")
    assert said.exit_code == 0, said.output
    path = json.loads(said.stdout)
    assert path["state"] == START and path["depth"] == 81  # Gardner's count
    assert all(r in ("?", s) for s, r in zip(path["reached"], EXIT, strict=True))
    listed = json.loads(cli("list", "--db", example_db, "--json").stdout)["puzzles"]
    (mine,) = [p for p in listed if p["name"] == "myklotski"]
    assert mine["definition"]["metric"] == "finger"
    assert mine["builds"][0]["exits"] == [
        {"side": "bottom", "cells": [17, 18], "words": "bottom, columns b–c"}
    ]
