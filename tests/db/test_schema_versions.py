"""Files of the schema before moves' `rewrite` (version 5) and before moves' `flipped` (6) are
read as they are, and a build written into one makes it the current version (7); a reader of 5
would misread a twisty build's derived preds as swaps, a reader of 6 a build of chains in
classes', which is why a file holding one says so."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from puzzledb.db import schema

#: The columns of moves each older version did not have yet.
NOT_YET = {5: ("rewrite", "flipped"), 6: ("flipped",)}


def as_written_by(version: int, current: Path, old: Path) -> Path:
    """A copy of `current` as schema `version` wrote it: without the columns it lacked."""
    shutil.copy(current, old)
    with sqlite3.connect(old) as conn:
        for column in NOT_YET[version]:
            conn.execute(f"ALTER TABLE moves DROP COLUMN {column}")
        conn.execute(f"PRAGMA user_version = {version}")
    conn.close()
    return old


def test_a_file_of_schema_5_is_read_and_a_build_into_it_makes_it_6(cli, tmp_path):
    current = tmp_path / "current.sqlite"
    assert cli("build", "seven", "--db", current, "-q").exit_code == 0
    old = as_written_by(5, current, tmp_path / "old.sqlite")
    asked = ("path", "seven", "07214365", "--json")
    answer = cli(*asked, "--db", current)
    assert answer.exit_code == 0 and cli(*asked, "--db", old).stdout == answer.stdout
    built = cli("build", "pyraminx", "--radius", "3", "--db", old, "-q")
    assert built.exit_code == 0, built.output
    with sqlite3.connect(old) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (schema.VERSION,)
        columns = {c for _, c, *_ in conn.execute("PRAGMA table_info(moves)")}
    conn.close()
    assert "rewrite" in columns
    assert cli(*asked, "--db", old).stdout == answer.stdout
    solved = json.loads(cli("path", "pyraminx", "--scramble", "U R'", "--db", old, "--json").stdout)
    assert solved["moves"] == ["R", "U'"]


def test_a_file_of_schema_6_is_read_and_a_build_of_chains_in_classes_makes_it_7(cli, tmp_path):
    """Schema 6 had no moves.`flipped`: its builds of jumps in classes are read as they are
    (their pred from three cells), and a build of chains in classes written into the file
    adds the column and makes it 7."""
    current = tmp_path / "current.sqlite"
    assert cli("build", "english", "--radius", "4", "--db", current, "-q").exit_code == 0
    old = as_written_by(6, current, tmp_path / "old.sqlite")
    with sqlite3.connect(current) as conn:  # a stored row four jumps out, and one of five pegs
        (far,) = conn.execute("SELECT state FROM states WHERE depth = 4 ORDER BY state").fetchone()
    conn.close()
    asked = ("path", "english", far, "--json")
    # the old file asked first: what a reader keeps of a build (db.kept) is read from it
    export = ("export", "english", "--format", "jsonl")
    exported, old_answer = cli(*export, "--db", old).stdout, cli(*asked, "--db", old)
    answer = cli(*asked, "--db", current)
    assert answer.exit_code == 0 and json.loads(answer.stdout)["depth"] == 4
    assert old_answer.stdout == answer.stdout
    assert exported == cli(*export, "--db", current).stdout
    built = cli("build", "english-chain", "--radius", "3", "--db", old, "-q")
    assert built.exit_code == 0, built.output
    with sqlite3.connect(old) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (schema.VERSION,) == (7,)
        marked = conn.execute("SELECT count(flipped) FROM moves").fetchone()[0]
    conn.close()
    assert marked > 0  # the chains' holes, none of the jumps'
    assert cli(*asked, "--db", old).stdout == answer.stdout
    chain = json.loads(cli("path", "english-chain", far, "--db", old, "--json").stdout)
    assert chain["path"][-1] == json.loads(answer.stdout)["goal"] and 1 <= chain["depth"] <= 3
