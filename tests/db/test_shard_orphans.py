"""What a killed cluster build leaves beside its file (issue 46, points 4 and 7): its marker
(MAIN.ID-TOKEN.wanted.shard) and the shards it wrote, or once it committed, the shards it
replaced. The next build of the file removes them, and keeps what a live build still wants,
what the manifest lists, and every file not named as a shard of this file.
(tests/cluster/ builds with Dask; these are the shapes its kills leave, made by hand.)"""

from __future__ import annotations

import os
import socket
import subprocess

from puzzledb.builder import catalogue
from puzzledb.db.build import build_to


def _dead_pid() -> int:
    gone = subprocess.Popen(["true"])
    gone.wait()
    return gone.pid


def test_the_next_build_removes_what_a_killed_cluster_build_left(tmp_path):
    db = tmp_path / "main.sqlite"
    build_to(db, catalogue.get("seven"), "12345670")
    host = socket.gethostname()
    killed, running, replaced = (
        "main.sqlite.7-0badc0de",
        "main.sqlite.8-5afe5afe",
        "main.sqlite.3-01d5a4d5",
    )
    (tmp_path / f"{killed}.wanted.shard").write_text(f"{host} {_dead_pid()}\n")
    (tmp_path / f"{running}.wanted.shard").write_text(f"{host} {os.getpid()}\n")
    elsewhere = "main.sqlite.9-e15e7e4e"
    (tmp_path / f"{elsewhere}.wanted.shard").write_text(f"another-host {_dead_pid()}\n")
    for stem in (killed, running, replaced, elsewhere):
        for k in (0, 1):
            (tmp_path / f"{stem}.{k}.shard").write_bytes(b"rows")
    strangers = ["main.sqlite.notes.shard", "other.sqlite.7-0badc0de.0.shard", "main.sqlite.bak"]
    for name in strangers:
        (tmp_path / name).write_text("not a shard of this file's builds")
    build_to(db, catalogue.get("nooff"), "LLNOOFF_")
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == sorted(
        [
            "main.sqlite",
            *strangers,
            *(f"{stem}.{end}.shard" for stem in (running, elsewhere) for end in ("wanted", 0, 1)),
        ]
    )
