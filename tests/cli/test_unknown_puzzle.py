"""A misspelt puzzle name (issue 27): the message lists the catalogue and what the file itself
has built, so a puzzle defined in TOML or by --rows is named too."""

import json

import pytest

from puzzledb.service.http.app import create_app


@pytest.fixture(scope="module")
def tiny_db(tmp_path_factory):
    """A file holding one puzzle of its own (tiny, by --rows) and one of the catalogue."""
    from click.testing import CliRunner

    from puzzledb.service.cli.commands import main

    path = tmp_path_factory.mktemp("tiny") / "own.sqlite"
    runner = CliRunner()
    for args in (
        ["tiny", "--rows", "2", "--cols", "2", "--goal", "231*", "--blank", "*"],
        ["nooff"],
    ):
        result = runner.invoke(main, ["build", *args, "--db", str(path), "-q"])
        assert result.exit_code == 0, result.output
    return path


def test_the_cli_names_the_puzzles_built_in_the_file(cli, tiny_db):
    result = cli("path", "tinyy", "123", "--db", tiny_db)
    assert result.exit_code == 2
    message = result.stderr
    assert "unknown puzzle 'tinyy'; known puzzles: eight, " in message
    assert f"; built in '{tiny_db}': nooff, tiny" in message
    as_json = cli("stats", "tinyy", "--db", tiny_db, "--json")
    assert as_json.exit_code == 2
    error = json.loads(as_json.stdout)["error"]
    assert error["code"] == "unknown_puzzle"
    assert error["message"].endswith(f"built in '{tiny_db}': nooff, tiny")


def test_a_built_puzzle_of_its_own_still_answers(cli, tiny_db):
    result = cli("path", "tiny", "23*1", "--db", tiny_db, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["reached"] == "231*"


def test_http_names_them_too_without_the_servers_path(tiny_db):
    response = create_app(tiny_db).test_client().get("/path?puzzle=tinyy&state=123")
    assert response.status_code == 404
    error = response.get_json()["error"]
    assert error["code"] == "unknown_puzzle"
    assert error["message"].endswith("; built in this database: nooff, tiny")
    assert str(tiny_db) not in error["message"]


def test_an_empty_file_adds_nothing(cli, tmp_path):
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    result = cli("path", "tinyy", "123", "--db", empty)
    assert result.exit_code == 2 and "built in" not in result.stderr
