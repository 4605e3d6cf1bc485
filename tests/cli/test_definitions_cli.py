"""Puzzles defined without code, from the user's command to the answer."""

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).parents[2] / "examples"


def rows(db, name):
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return conn.execute(
            "SELECT state, depth, pred, move FROM states WHERE puzzle = ? ORDER BY state", (name,)
        ).fetchall()


def test_toml_nooff_answers_exactly_like_the_catalogue(cli, tmp_path, seed_db):
    db = tmp_path / "defined.sqlite"
    built = cli("build", "--file", EXAMPLES / "nooff.toml", "--db", db, "--json")
    assert built.exit_code == 0, built.output
    assert json.loads(built.stdout)["built"][0]["states"] == 540
    assert rows(db, "nooff-toml") == rows(seed_db, "nooff")
    path = json.loads(cli("path", "nooff-toml", "LLONOFF_", "--db", db, "--json").stdout)
    catalogue_path = json.loads(cli("path", "nooff", "LLONOFF_", "--db", seed_db, "--json").stdout)
    assert path["depth"] == 44 and path["moves"] == catalogue_path["moves"]
    drawn = cli("path", "nooff-toml", "LLONOFF_", "--db", db).stdout
    assert "│ bulb  │ O │ N │" in drawn  # the definition stored with it draws the bulb
    bad = cli("path", "nooff-toml", "NOOFLLF_", "--db", db)
    assert bad.exit_code == 3 and "bulb can never move up or down" in bad.stderr


def test_ruby_2x2_from_a_file_and_from_flags(cli, tmp_path):
    db = tmp_path / "tiny.sqlite"
    assert cli("build", "--file", EXAMPLES / "ruby2x2.toml", "--db", db, "-q").exit_code == 0
    name = json.loads(cli("list", "--db", db, "--json").stdout)["puzzles"][-1]["name"]
    from_file = json.loads(cli("path", name, "123*", "--db", db, "--json").stdout)
    assert from_file["goal"] == "231*" and from_file["path"][-1] == "231*"
    flags = cli(
        "build",
        "tiny",
        "--rows",
        "2",
        "--cols",
        "2",
        "--goal",
        "231*",
        "--blank",
        "*",
        "--db",
        db,
        "--json",
    )
    assert flags.exit_code == 0, flags.output
    from_flags = json.loads(cli("path", "tiny", "1 2/3 *", "--db", db, "--json").stdout)
    assert from_flags["depth"] == from_file["depth"] and from_flags["path"] == from_file["path"]
    stats = json.loads(cli("stats", "tiny", "--db", db, "--json").stdout)
    assert stats["states"] == 12  # 4!/2: half the arrangements of a 2x2 are reachable


def test_redefining_a_puzzle_replaces_its_stale_builds(cli, tmp_path):
    db = tmp_path / "redefine.sqlite"
    assert (
        cli(
            "build",
            "tiny",
            "--rows",
            "2",
            "--cols",
            "2",
            "--goal",
            "123*",
            "--blank",
            "*",
            "--db",
            db,
            "-q",
        ).exit_code
        == 0
    )
    assert (
        cli(
            "build",
            "tiny",
            "--rows",
            "1",
            "--cols",
            "4",
            "--goal",
            "12*3",
            "--blank",
            "*",
            "--db",
            db,
            "-q",
        ).exit_code
        == 0
    )
    tiny = next(
        p
        for p in json.loads(cli("list", "--db", db, "--json").stdout)["puzzles"]
        if p["name"] == "tiny"
    )
    assert tiny["board"] == "1x4" and [b["goal"] for b in tiny["builds"]] == ["12*3"]


def test_bad_definitions_exit_2_with_the_reason(cli, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "oops"\nrows = 2\ncols = 2\ngoal = "12*"\nblank = "*"\n')
    result = cli("build", "--file", bad, "--db", tmp_path / "x.sqlite")
    assert result.exit_code == 2 and "bad.toml" in result.stderr and "goal" in result.stderr
    for args, words in [
        (("build", "--file", tmp_path / "missing.toml"), "missing.toml"),
        (
            ("build", "tiny", "--rows", "2", "--cols", "x", "--goal", "123*", "--blank", "*"),
            "--cols",
        ),
        (("build", "tiny", "--rows", "2", "--cols", "2", "--goal", "1234"), "blank"),
        (("build", "eight", "--rows", "3", "--cols", "3", "--goal", "123456780"), "catalogue"),
        (("build", "a", "b", "--rows", "2", "--cols", "2", "--goal", "123*"), "exactly one NAME"),
        (("build", "--all", "--file", EXAMPLES / "nooff.toml"), "--all"),
        (("build", "eight", "--blank", "*"), "--blank goes with --rows"),
    ]:
        result = cli(*args, "--db", tmp_path / "x.sqlite")
        assert result.exit_code == 2, (args, result.output)
        assert words in result.stderr, (args, result.stderr)
        assert "Traceback" not in result.output


@pytest.mark.parametrize("ask", ["--goal", "--to"])
def test_the_build_a_not_built_message_suggests_works_for_a_puzzle_from_a_file(cli, tmp_path, ask):
    """A puzzle defined in TOML is not in the catalogue, so `puzzledb build NAME --goal G` is
    unknown_puzzle: the not_built message must give a command that builds it (its --file)."""
    import shlex

    db = tmp_path / "p.sqlite"
    example = EXAMPLES / "square.toml"
    assert cli("build", "--file", example, "--db", db, "-q").exit_code == 0
    other = "0" * 15 + "1"
    result = cli("path", "square4", "1" * 14 + "00", ask, other, "--db", db, "--json")
    assert result.exit_code == 4
    message = json.loads(result.stdout)["error"]["message"]
    command = shlex.split(message.split("build it with: ")[1].split(" (")[0])
    assert command[:2] == ["puzzledb", "build"] and "FILE" in command
    command[command.index("FILE")] = str(example)
    built = cli(*command[1:], "--json")
    assert built.exit_code == 0, built.stdout
    assert json.loads(built.stdout)["built"][0]["goal"] == other


def test_a_deeply_nested_toml_file_is_a_bad_definition_not_a_traceback(tmp_path):
    """tomllib reads nested arrays recursively: 1,000 levels in 3 KB ended in a RecursionError."""
    deep = tmp_path / "deep.toml"
    deep.write_text('name = "deep"\nrows = ' + "[" * 1000 + "]" * 1000 + "\n")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "puzzledb.service.cli",
            "build",
            "--file",
            str(deep),
            "--json",
            "--db",
            str(tmp_path / "x.sqlite"),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr[-500:]
    error = json.loads(done.stdout)["error"]
    assert error["code"] == "bad_definition" and "nested too deeply" in error["message"]
    assert not (tmp_path / "x.sqlite").exists()


@pytest.mark.parametrize(
    "toml, words",
    [
        (  # a piece name of 900,000 characters made a 10 MB file for 12 states
            'name = "long"\nrows = 2\ncols = 2\ngoal = "LL1_"\nblank = "_"\n'
            '[pieces.L]\nsize = [1, 2]\nname = "' + "x" * 900_000 + '"\n',
            "pieces.L.name has 900,000 characters, at most 40",
        ),
        (
            'name = "wide"\nrows = 2\ncols = 2\ngoal = "LL1_"\nblank = "_"\n'
            '[pieces.L]\nsize = [1, 2]\nname = "' + "x" * 41 + '"\n',
            "has 41 characters, at most 40",
        ),
        (
            'kind = "peg"\nname = "wide"\ngoal = "1"\nboard = ["ooo' + "." * 97 + '"]\n',
            "board row 1 has 100 cells, at most 64",
        ),
        (
            'kind = "peg"\nname = "tall"\ngoal = "1"\nboard = ["ooo",' + '"...",' * 64 + "]\n",
            "the board has 65 rows, at most 64",
        ),
    ],
    ids=["huge-piece-name", "piece-name-41", "wide-peg-row", "tall-peg-board"],
)
def test_every_string_a_definition_holds_has_a_cap(cli, tmp_path, toml, words):
    path = tmp_path / "def.toml"
    path.write_text(toml)
    result = cli("build", "--file", path, "--json", "--db", tmp_path / "x.sqlite")
    error = json.loads(result.stdout)["error"]
    assert result.exit_code == 2 and error["code"] == "bad_definition", result.stdout[:300]
    assert words in error["message"] and len(error["message"]) <= 1000
    assert not (tmp_path / "x.sqlite").exists()
