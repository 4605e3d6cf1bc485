"""A board of rectangles from a TOML file, through the command line: the example in examples/
builds and answers (its pattern goal, named start and metric), and each mistake issue 19
lists is refused with its exit status and HTTP status, with nothing written."""

import hashlib
import json
from pathlib import Path

import pytest

from puzzledb.service.http.app import create_app

pytestmark = pytest.mark.slow  # builds a rectangles puzzle in finger moves

EXAMPLE = Path(__file__).parents[2] / "examples" / "klotski.toml"
START = "VBBVVBBVVHHVVssVs__s"
EXIT = "?????????????BB??BB?"


@pytest.fixture(scope="module")
def example_db(tmp_path_factory):
    from click.testing import CliRunner

    from puzzledb.service.cli.commands import main

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


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize(
    "change, words",
    [
        ((f'start = "{START}"', 'start = "VBBVVBBVVHHVVssVs_?s"'), "only a goal may be a pattern"),
        ((f'goal = "{EXIT}"', 'goal = "?????????????XX??XX?"'), "unknown piece 'X'"),
        ((f'goal = "{EXIT}"', 'goal = "?????????????BBB?BB?"'), "'B' 5 times"),
        (('metric = "finger"', 'metric = "multi"'), 'cannot be used with metric = "multi"'),
        ((f'start = "{START}"', 'start = "VBBVVBVBVHHVVssVs__s"'), "does not fit start"),
        ((f'start = "{START}"', 'start = "VBBVVBBVVHHVVsssV__s"'), "does not fit start"),
    ],
)
def test_a_bad_rectangles_file_exits_2_and_writes_nothing(cli, tmp_path, example_db, change, words):
    text = EXAMPLE.read_text(encoding="utf-8")
    assert change[0] in text
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(*change), encoding="utf-8")
    fresh = tmp_path / "fresh.sqlite"
    before = digest(example_db)
    for db in (fresh, example_db):  # a new file is not made, an existing one not changed
        result = cli("build", "--file", bad, "--db", db, "--json")
        assert result.exit_code == 2, result.output
        (line,) = result.stdout.splitlines()  # exactly one JSON object
        error = json.loads(line)["error"]
        assert error["code"] == "bad_definition" and words in error["message"]
        assert "bad.toml" in error["message"]
    assert not fresh.exists()
    assert digest(example_db) == before


@pytest.mark.parametrize(
    "query, code, words",
    [
        ({"state": "VBBVVBBVVHHVVssVs_?s"}, "malformed", "only in a goal"),
        ({"state": "VBBVVBVBVHHVVssVs__s"}, "malformed", "2x2 block"),
        ({"state": "start", "goal": "?????????????XX??XX?"}, "bad_definition", "unknown piece"),
        ({"state": "start", "goal": "?????????????BBB?BB?"}, "bad_definition", "'B' 5 times"),
    ],
)
def test_the_same_mistakes_over_http_are_400s(example_db, query, code, words):
    client = create_app(example_db).test_client()
    before = digest(example_db)
    response = client.get("/path", query_string={"puzzle": "myklotski", **query})
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == code and words in error["message"]
    assert digest(example_db) == before
