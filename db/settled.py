"""Whether a file alone holds its last committed state, though SQLite will not open it for a
reader that cannot write beside it: what a build killed as it put the file back at rest
(db.connection.at_rest, `PRAGMA journal_mode = DELETE`) can leave.

SQLite leaves the file consistent, but a reader needs to write to use what is beside it:

- a hot `-journal` of the switch itself, which rewrote page 1 alone (the journal-mode bytes of
  the header): SQLite would roll page 1 back first (SQLITE_READONLY_ROLLBACK);
- a `-wal` without its `-shm`: the switch checkpointed every frame into the file, removed the
  -shm, and was killed before it removed the -wal; SQLite would rebuild the -shm first
  (SQLITE_CANTOPEN).

In both, the file's pages other than page 1's journal mode are its last committed state, so a
reader may open it `immutable=1`. These functions check that from the files' formats (sqlite.
org/fileformat.html): the journal holds page 1 and nothing else; every page's last committed
frame in the -wal equals that page of the file. Anything else, or anything unexpected, is not
settled, and the reader says what to do.
"""

from __future__ import annotations

import os

JOURNAL_MAGIC = bytes.fromhex("d9d505f920a163d7")
WAL_MAGICS = (0x377F0682, 0x377F0683)
WAL_HEADER, FRAME_HEADER, PAGE_HEADER = 32, 24, 100


def journal_of_page_one(journal: str) -> bool:
    """Whether a rollback journal holds page 1 alone (a journal-mode switch's), or is no hot
    journal at all: empty, or its first byte 0 (a header not written yet, or zeroed as its
    transaction committed), which SQLite ignores."""
    try:
        with open(journal, "rb") as f:
            data = f.read(1 << 20)  # a journal of page 1 is a few kilobytes
            size = os.fstat(f.fileno()).st_size
    except OSError:
        return False
    if not data or data[0] == 0:
        return True  # not hot
    if data[:8] != JOURNAL_MAGIC or len(data) < 28 or size > len(data):
        return False
    sector, page = int.from_bytes(data[20:24], "big"), int.from_bytes(data[24:28], "big")
    if not (512 <= sector <= 65536 and 512 <= page <= 65536) or sector > len(data):
        return False
    records = (len(data) - sector) // (page + 8)
    pages = {int.from_bytes(data[sector + i * (page + 8) :][:4], "big") for i in range(records)}
    return pages <= {1}


def wal_in_file(wal: str, database: str) -> bool:
    """Whether every page's last committed frame in a -wal equals that page of the file: the
    -wal checkpointed whole (an empty one too)."""
    try:
        with open(wal, "rb") as w, open(database, "rb") as db:
            header = w.read(WAL_HEADER)
            if len(header) < WAL_HEADER:
                return True  # no frame: nothing that is not in the file
            if int.from_bytes(header[:4], "big") not in WAL_MAGICS:
                return False
            page, salts = int.from_bytes(header[8:12], "big"), header[16:24]
            last: dict[int, int] = {}  # page number -> offset of its last committed frame
            pending: dict[int, int] = {}
            offset = WAL_HEADER
            while True:
                frame = w.read(FRAME_HEADER)
                if len(frame) < FRAME_HEADER or frame[8:16] != salts:
                    break
                pending[int.from_bytes(frame[:4], "big")] = offset
                if int.from_bytes(frame[4:8], "big"):  # a commit: what came before counts
                    last.update(pending)
                    pending.clear()
                offset += FRAME_HEADER + page
                w.seek(offset)
            for number, at in last.items():
                w.seek(at + FRAME_HEADER)
                db.seek((number - 1) * page)
                written, stored = w.read(page), db.read(page)
                if number == 1:  # the header's journal-mode bytes may differ: compare the rest
                    written, stored = written[PAGE_HEADER:], stored[PAGE_HEADER:]
                if written != stored:
                    return False
            return True
    except OSError:
        return False
