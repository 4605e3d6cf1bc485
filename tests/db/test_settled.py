"""db/settled.py on files made to each shape: what a build killed as it put a file at rest can
leave beside it, and what must still be refused (the slow kill test is in test_read_only.py)."""

from __future__ import annotations

import sqlite3

from puzzledb.db import settled

PAGE, SECTOR = 4096, 512


def journal(tmp_path, pages: list[int], magic: bytes = settled.JOURNAL_MAGIC) -> str:
    """A rollback journal of `pages` (each a record of PAGE bytes), header padded to SECTOR."""
    head = magic + len(pages).to_bytes(4, "big") + bytes(8) + SECTOR.to_bytes(4, "big")
    head += PAGE.to_bytes(4, "big")
    body = b"".join(n.to_bytes(4, "big") + bytes(PAGE) + bytes(4) for n in pages)
    path = tmp_path / "x.db-journal"
    path.write_bytes(head.ljust(SECTOR, b"\0") + body)
    return str(path)


def test_a_journal_of_page_one_or_none_hot_is_settled(tmp_path):
    assert settled.journal_of_page_one(journal(tmp_path, [1]))
    assert settled.journal_of_page_one(journal(tmp_path, []))
    assert settled.journal_of_page_one(journal(tmp_path, [1, 2], magic=bytes(8)))  # not hot
    (tmp_path / "empty").write_bytes(b"")
    assert settled.journal_of_page_one(str(tmp_path / "empty"))


def test_a_journal_of_other_pages_or_unknown_is_not(tmp_path):
    assert not settled.journal_of_page_one(journal(tmp_path, [1, 2]))
    assert not settled.journal_of_page_one(journal(tmp_path, [3]))
    assert not settled.journal_of_page_one(journal(tmp_path, [1], magic=b"notmagic"))
    assert not settled.journal_of_page_one(str(tmp_path / "missing"))


def wal_left(tmp_path, checkpointed: bool) -> tuple[str, str]:
    """A database and a copy of its -wal holding a commit, checkpointed into it or not."""
    db = tmp_path / "w.db"
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    conn.execute("CREATE TABLE t (x)")
    conn.executemany("INSERT INTO t VALUES (randomblob(300))", [()] * 200)
    if checkpointed:
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    kept = (tmp_path / "w.db-wal").read_bytes()  # as it stands before any close removes it
    conn.close()
    (tmp_path / "left-wal").write_bytes(kept)
    return str(tmp_path / "left-wal"), str(db)


def test_a_wal_checkpointed_whole_is_settled_and_one_not_is_not(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert settled.wal_in_file(*wal_left(tmp_path / "a", checkpointed=True))
    wal, _ = wal_left(tmp_path / "b", checkpointed=False)
    fresh = tmp_path / "b" / "fresh.db"  # the file without the commit the -wal holds
    sqlite3.connect(fresh).close()
    assert not settled.wal_in_file(wal, str(fresh))
