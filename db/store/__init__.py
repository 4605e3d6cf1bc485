"""A finished search stored in the database: the one face of the store.

Everything a build changes (its node table, its rows in puzzles, moves and layers, the old
build it replaces, the views) happens between one BEGIN and one COMMIT; interrupted or killed
before COMMIT, the file answers exactly as before. A big build into a new file is the one
exception: no reader can see that file until it is complete and linked into place, so it
commits twice (as_pages, two_writers).

Callers (db.build, db.cluster.write, db.remove) use these names, and only these:

- save_build_to: a build into the file at a path, new (written beside it, linked into place)
  or existing (one WAL transaction);
- save_build: a build through a file's writer, its way of saving chosen;
- Save: what save_build_to calls to store through the writer (save_build, or a cluster's own);
- begin_build: the schema, the old build dropped, the new puzzles row and its empty node table;
- write_rows: rows in key order through a cursor, as multi-row INSERTs;
- finish_build: with every row in, the depth index, moves, layers, most solved states,
  symmetries, views and the build's times;
- rewrite_views: the views over every build, written again;
- drop_build: everything one build wrote;
- create_schema: our tables in an empty file, or nothing in one of ours; any other refused;
- fsync: a file or folder on disk;
- SIDE_SUFFIX: ends the name of a second writer's side file beside a new file.

Its modules, one way of saving each:

- transaction.py: the statements of a build's transaction but its rows (begin, finish, drop,
  views);
- statements.py: the rows through SQLite's INSERTs, the depth index sorted after them;
- as_pages.py: the node table and depth index of a new file written as pages (db.pages);
- two_writers.py: half the rows of a new file stored by a second process (db.side_writer);
- files.py: the file at a path: new beside its name, or in place; abandoned partial files;
- saving.py: the way of saving chosen for a build.
"""

from .files import SIDE_SUFFIX, fsync, save_build_to
from .saving import Save, save_build
from .statements import write_rows
from .transaction import begin_build, create_schema, drop_build, finish_build, rewrite_views

__all__ = [
    "SIDE_SUFFIX",
    "Save",
    "begin_build",
    "create_schema",
    "drop_build",
    "finish_build",
    "fsync",
    "rewrite_views",
    "save_build",
    "save_build_to",
    "write_rows",
]
