"""Files of the schema before moves' `rewrite` (version 5) are read as they are, and a build
written into one makes it the current version (6); a reader of 5 would misread a twisty
build's derived preds as swaps, which is why a file holding one says 6."""

from __future__ import annotations

import json
import shutil
import sqlite3

from puzzledb.db import schema


def test_a_file_of_schema_5_is_read_and_a_build_into_it_makes_it_6(cli, tmp_path):
    current = tmp_path / "current.sqlite"
    assert cli("build", "seven", "--db", current, "-q").exit_code == 0
    old = tmp_path / "old.sqlite"
    shutil.copy(current, old)
    with sqlite3.connect(old) as conn:
        conn.execute("ALTER TABLE moves DROP COLUMN rewrite")  # as version 5 wrote it
        conn.execute("PRAGMA user_version = 5")
    conn.close()
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
