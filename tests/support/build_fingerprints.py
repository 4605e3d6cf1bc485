"""Today's builds as fingerprints: what a build stores (every row of its nodes table, its layers,
most-solved states, move labels, symmetries and the puzzles row but its clock), hashed, for a
fixed set of builds made as `puzzledb build` makes them, kept in build_fingerprints.json beside
this.

tests/builder/test_build_fingerprints.py builds the same again with the code as it is now and
compares, so a faster search (issue 32: classes, packed blocks, merged chains) cannot change one
stored byte. The file was written by the code before those searches; write it again only when
what a build stores is meant to change, and say so in the commit:

    python tests/support/build_fingerprints.py
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import sys
import tempfile
from pathlib import Path

from puzzledb.db import schema
from puzzledb.service.builds import plan, run

SAVED = Path(__file__).with_name("build_fingerprints.json")

#: (label, the build's words as keywords of service.builds.plan): the searches issue 32 changes.
BUILDS: list[tuple[str, dict]] = [
    ("seven", {"names": ["seven"]}),
    ("eight", {"names": ["eight"]}),
    ("eight-multi", {"names": ["eight-multi"]}),
    ("nine", {"names": ["nine"]}),
    ("atama", {"names": ["atama"]}),
    ("nooff", {"names": ["nooff"]}),
    ("lines", {"names": ["lines"]}),
    ("klotski", {"names": ["klotski"]}),
    ("klotski-straight", {"names": ["klotski-straight"]}),
    ("klotski-finger", {"names": ["klotski-finger"]}),
    ("peg15", {"names": ["peg15"]}),
    ("peg15-plain", {"names": ["peg15"], "classes": False}),
    ("english-radius-10", {"names": ["english"], "radius": 10}),
    ("english-every-radius-8", {"names": ["english"], "radius": 8, "classes": False}),
    ("english-chain-radius-5", {"names": ["english-chain"], "radius": 5}),
    ("english-chain-every-radius-5", {"names": ["english-chain"], "radius": 5, "classes": False}),
    ("french-radius-6", {"names": ["french"], "radius": 6}),
    ("rush51", {"names": ["rush51"]}),
]

#: The puzzles row's columns that say when and how long, not what: left out of a fingerprint.
CLOCK = ("id", "built_at", "build_seconds", "started_at", "finished_at")
#: Each table a build writes beside its nodes, keyed by puzzle_id.
BESIDE = ("layers", "most_solved", "moves", "symmetries", "move_images", "class_images")


def fingerprint(database: Path) -> dict[str, str]:
    """Each build in `database`, by name and goal: a sha256 of everything it stores."""
    connection = sqlite3.connect(database)
    connection.row_factory = sqlite3.Row
    prints = {}
    for build in connection.execute("SELECT * FROM puzzles ORDER BY name, goal").fetchall():
        digest = hashlib.sha256()
        columns = build.keys()  # a Row iterates over its values, not its names
        kept = {k: build[k] for k in columns if k not in CLOCK and k != "node_table"}
        digest.update(json.dumps(kept, sort_keys=True).encode())
        nodes = connection.execute(f"SELECT * FROM {build['node_table']} ORDER BY state")
        digest.update(json.dumps([d[0] for d in nodes.description]).encode())
        for row in nodes:
            digest.update(repr(tuple(row)).encode())
        for table in BESIDE:
            rows = connection.execute(f"SELECT * FROM {table} WHERE puzzle_id = ?", (build["id"],))
            digest.update(table.encode())
            for row in sorted(_stored(table, row)[1:] for row in rows):
                digest.update(repr(row).encode())
        prints[f"{build['name']} {build['goal']}"] = digest.hexdigest()
    connection.close()
    return prints


def _stored(table: str, row: sqlite3.Row) -> tuple:
    """A row's values but those of a column added since the fingerprints were saved
    (db.schema.ADDED_COLUMNS) that the build leaves NULL: a build that stores nothing new
    keeps its fingerprint."""
    added = {column for t, column, _ in schema.ADDED_COLUMNS if t == table}
    names = row.keys()  # a Row iterates over its values
    return tuple(v for k, v in zip(names, row, strict=True) if not (k in added and v is None))


def built(label: str, directory: Path) -> dict[str, str]:
    """The fingerprints of build `label` of BUILDS, made in a new file under `directory`."""
    words = dict(BUILDS)[label]
    database = directory / f"{label}.sqlite"
    run(plan(db=database, **words))
    return fingerprint(database)


def saved() -> dict[str, dict[str, str]]:
    return json.loads(SAVED.read_text(encoding="utf-8"))


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as directory:
        prints = {}
        for label, _ in BUILDS:
            print(label, file=sys.stderr)
            prints[label] = built(label, Path(directory))
    SAVED.write_text(json.dumps(prints, indent=1, sort_keys=True) + "\n", encoding="utf-8")
