"""What --db names: a path the system refuses, a FIFO, another program's SQLite file, each
refused with a named error, short and escaped, and nothing left beside the file."""

import os
import subprocess

from support.command import puzzledb_command
from support.json_errors import one_error


def test_database_paths_the_system_refuses_are_named_errors(cli, tmp_path):
    """A --db path the system refuses (too long, below a file, a folder, empty) is a named
    error, short, never a traceback."""
    long = tmp_path / ("y" * 5000 + ".sqlite")
    message = one_error(
        cli("path", "eight", "123456780", "--db", long, "--json"), "database_error", 1
    )
    assert len(message) < 400 and "too long" in message
    (tmp_path / "file").write_text("x")
    one_error(
        cli("build", "seven", "--db", tmp_path / "file" / "x.sqlite", "--json"), "database_error", 1
    )
    assert "is a folder" in one_error(
        cli("list", "--db", tmp_path, "--json"), "database_error", 1
    ).replace("it is a folder", "is a folder")
    assert "--db is empty" in one_error(cli("build", "seven", "--db", "", "--json"), "malformed", 2)


def test_a_fifo_as_the_database_is_refused_at_once(tmp_path):
    """A FIFO given as the database is refused at once, by every command, instead of being
    opened and waited on."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for command in (["build", "seven"], ["list"], ["path", "eight", "123456780"]):
        done = subprocess.run(
            [*puzzledb_command(), *command, "--db", str(fifo)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 1 and "FIFO" in done.stderr, (command, done.stderr)


def test_a_foreign_files_table_names_are_shown_short_and_escaped(cli, tmp_path):
    """Another program's SQLite file is refused naming its tables short and escaped, however
    long and hostile their names."""
    import sqlite3

    foreign = tmp_path / "foreign.sqlite"
    with sqlite3.connect(foreign) as conn:
        for i in range(30):
            conn.execute(f'CREATE TABLE "t{i}\u202e\u200b\x1b[31m{"y" * 3000}" (x)')
    conn.close()
    message = one_error(cli("list", "--db", foreign, "--json"), "not_puzzledb", 1)
    assert len(message) <= 1000 and "\u202e" not in message and "\x1b" not in message
    assert "\\u202e" in message and "25 more" in message


def test_a_refused_foreign_wal_file_keeps_nothing_beside_it(cli, tmp_path):
    """Refusing another program's file in WAL mode leaves no -wal or -shm beside it."""
    import sqlite3

    foreign = tmp_path / "foreign.sqlite"
    conn = sqlite3.connect(foreign)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("CREATE TABLE customers (x)")
    conn.commit()
    conn.close()
    one_error(cli("build", "seven", "--db", foreign, "--json"), "not_puzzledb", 1)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["foreign.sqlite"]
