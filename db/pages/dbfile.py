"""A closed SQLite file opened for appending pages: its header read and checked, pages
numbered past its end (never the lock-byte page), and the header brought up to date at the end.

Only a file no one else has open may be written so: a new build's file before it is linked
into place (db.store.save_build_to).
"""

from __future__ import annotations

import os
import struct
from pathlib import Path

import numpy as np

from .records import RecordRefused

#: The byte offset of SQLite's lock-byte page: never used for data (sqlite3PendingByte).
PENDING_BYTE = 0x40000000


class PageFile:
    """Pages appended to a database file; `close()` writes the header's new size."""

    def __init__(self, path: Path):
        self.fd = os.open(path, os.O_RDWR)
        try:
            header = os.pread(self.fd, 100, 0)
            self.page_size, self.pages = _checked(header, os.fstat(self.fd).st_size)
        except BaseException:
            os.close(self.fd)
            raise
        self.first_pages = self.pages
        self.usable = self.page_size - header[20]
        self.pending_page = PENDING_BYTE // self.page_size + 1
        self.change_counter = struct.unpack_from(">I", header, 24)[0]

    def allocate(self, count: int) -> np.ndarray:
        """`count` new page numbers past the end, in order, the lock-byte page skipped."""
        numbers = np.arange(self.pages + 1, self.pages + 1 + count, dtype=np.int64)
        numbers[numbers >= self.pending_page] += 1 if self.pages < self.pending_page else 0
        self.pages = int(numbers[-1]) if count else self.pages
        return numbers

    def write(self, numbers: np.ndarray, images: np.ndarray) -> None:
        write_pages(self.fd, self.page_size, numbers, images)

    def copy_in(self, source: int, count: int) -> np.ndarray:
        """Pages 1..count of the file open as `source` appended; their new numbers."""
        numbers = self.allocate(count)
        breaks = np.flatnonzero(np.diff(numbers) != 1) + 1
        for run in np.split(np.arange(count), breaks):
            if not len(run):
                continue
            at, end = int(run[0]) * self.page_size, (int(run[-1]) + 1) * self.page_size
            to = (int(numbers[run[0]]) - 1) * self.page_size
            while at < end:
                copied = os.copy_file_range(source, self.fd, end - at, at, to)
                if copied == 0:
                    raise OSError(f"the leaves' file ended {end - at} bytes early")
                at, to = at + copied, to + copied
        return numbers

    def abandon(self) -> None:
        """The file as it was: every page appended cut off, the header untouched."""
        try:
            os.ftruncate(self.fd, self.first_pages * self.page_size)
        finally:
            os.close(self.fd)

    def close(self) -> None:
        """The header's database size and change counter (with version-valid-for equal to
        it, so the size is trusted); the freelist stays as it was."""
        try:
            counter = (self.change_counter + 1) & 0xFFFFFFFF
            os.pwrite(self.fd, struct.pack(">II", counter, self.pages), 24)
            os.pwrite(self.fd, struct.pack(">I", counter), 92)
            size = self.pages * self.page_size
            if os.fstat(self.fd).st_size < size:
                os.ftruncate(self.fd, size)
        finally:
            os.close(self.fd)


class LeafFile:
    """Pages numbered from 1 in a plain file of their own (a forked writer's leaves, which
    the parent copies into the database: leaves hold no page numbers)."""

    def __init__(self, path: Path, page_size: int, usable: int):
        self.fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o644)
        self.page_size, self.usable, self.pages = page_size, usable, 0

    def allocate(self, count: int) -> np.ndarray:
        numbers = np.arange(self.pages + 1, self.pages + 1 + count, dtype=np.int64)
        self.pages += count
        return numbers

    def write(self, numbers: np.ndarray, images: np.ndarray) -> None:
        write_pages(self.fd, self.page_size, numbers, images)


def write_pages(fd: int, page_size: int, numbers: np.ndarray, images: np.ndarray) -> None:
    """Page images (rows of `images`) at their numbers, in runs of consecutive ones."""
    if not len(numbers):
        return
    breaks = np.flatnonzero(np.diff(numbers) != 1) + 1
    for run in np.split(np.arange(len(numbers)), breaks):
        first = int(numbers[run[0]])
        data = np.ascontiguousarray(images[run[0] : run[-1] + 1]).reshape(-1).data
        written = 0
        while written < len(data):
            written += os.pwrite(fd, data[written:], (first - 1) * page_size + written)


def _checked(header: bytes, file_bytes: int) -> tuple[int, int]:
    """(page size, pages) of a file this writer can append to; else RecordRefused."""
    if header[:16] != b"SQLite format 3\x00":
        raise RecordRefused("not an SQLite file")
    page_size = struct.unpack_from(">H", header, 16)[0]
    page_size = 65536 if page_size == 1 else page_size
    change, pages = struct.unpack_from(">II", header, 24)
    checks = {
        "rollback journal file format": header[18] == 1 and header[19] == 1,
        "schema format 4": struct.unpack_from(">I", header, 44)[0] == 4,
        "UTF-8": struct.unpack_from(">I", header, 56)[0] == 1,
        "no auto-vacuum": struct.unpack_from(">I", header, 52)[0] == 0,
        "a trusted page count": struct.unpack_from(">I", header, 92)[0] == change,
        "a page count matching the file": pages * page_size == file_bytes,
    }
    missing = [name for name, ok in checks.items() if not ok]
    if missing:
        raise RecordRefused("the file has not " + ", ".join(missing))
    return page_size, pages
