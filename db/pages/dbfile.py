"""A closed SQLite file opened for appending pages: its header read and checked, pages
numbered past its end (never the lock-byte page), and the header brought up to date at the end.

The file is as fileformat2 describes it in 1.2 Pages (pages of one size, numbered from 1),
1.3 The Database Header (the first 100 bytes, big-endian) and 1.4 The Lock-Byte Page.

Only a file no one else has open may be written so: a new build's file before it is linked
into place (db.store.files).

Pages go to the disk past the page cache (O_DIRECT) where the system and the filesystem allow
it and a run of pages is aligned as it requires: a build's file is written once and read
little, and filling the cache with it cost the english build's rows a fifth of their time
(the kernel allocating and copying into gigabytes of cache pages); the build's fsync then has
little left to do. Elsewhere, or for a run that is not aligned, the usual write.
"""

from __future__ import annotations

import errno
import os
import struct
from pathlib import Path

import numpy as np

from . import ranges
from .records import RecordRefused

#: The byte offset of SQLite's lock-byte page: never used for data (sqlite3PendingByte; 1.4
#: The Lock-Byte Page: the page holding bytes 1073741824 to 1073742335).
PENDING_BYTE = 0x40000000
#: What O_DIRECT asks to be a multiple of: a run's bytes, its place in the file and its
#: address in memory (the logical block size of most disks, and of the memory pages).
DIRECT_ALIGN = 4096
#: The most pages SQLite numbers (its page numbers are 32-bit; SQLITE_MAX_PAGE_COUNT; 1.2
#: Pages: the largest page number is 4294967294).
MAX_PAGES = 0xFFFFFFFE


class PageFile:
    """Pages appended to a database file; `close()` writes the header's new size."""

    def __init__(self, path: Path):
        self.fd = os.open(path, os.O_RDWR)
        self.direct = direct_fd(self.fd)
        try:
            header = os.pread(self.fd, 100, 0)
            self.page_size, self.pages = _checked(header, os.fstat(self.fd).st_size)
        except BaseException:
            self._close()
            raise
        self.first_pages = self.pages
        self.usable = self.page_size - header[20]  # 1.3.4 Reserved bytes per page
        self.pending_page = PENDING_BYTE // self.page_size + 1
        self.change_counter = struct.unpack_from(">I", header, 24)[0]  # 1.3.6
        #: pages past this one are refused (db.pages.upper lowers it below its far pages)
        self.limit = MAX_PAGES

    def allocate(self, count: int) -> np.ndarray:
        """`count` new page numbers past the end, in order, the lock-byte page skipped (1.4
        The Lock-Byte Page: SQLite never reads or writes it)."""
        numbers = np.arange(self.pages + 1, self.pages + 1 + count, dtype=np.int64)
        numbers[numbers >= self.pending_page] += 1 if self.pages < self.pending_page else 0
        if count and numbers[-1] > self.limit:
            raise RecordRefused(f"more than {self.limit:,} pages")
        self.pages = int(numbers[-1]) if count else self.pages
        return numbers

    def write(self, numbers: np.ndarray, images: np.ndarray) -> None:
        write_pages(self.fd, self.page_size, numbers, images, direct=self.direct)

    def move_in(self, at: int, count: int) -> np.ndarray:
        """The `count` pages written from byte `at` of this file on (past its end, a page
        numbered 1 there first) made its next pages, the file ending with them: the gap cut
        out where the filesystem can (ranges.collapse), else the pages copied down. Their new
        numbers."""
        numbers = self.allocate(count)
        runs = np.split(np.arange(count), np.flatnonzero(np.diff(numbers) != 1) + 1)
        for k, run in enumerate(runs if count else []):
            first, length = int(run[0]), len(run) * self.page_size
            source, to = at + first * self.page_size, (int(numbers[first]) - 1) * self.page_size
            last = k == len(runs) - 1  # a collapse moves the rest: the earlier runs go first
            if not (last and ranges.collapse(self.fd, to, source - to)):
                ranges.copy_down(self.fd, source, to, length)
        os.ftruncate(self.fd, self.pages * self.page_size)
        return numbers

    def abandon(self) -> None:
        """The file as it was: every page appended cut off, the header untouched."""
        try:
            os.ftruncate(self.fd, self.first_pages * self.page_size)
        finally:
            self._close()

    def close(self) -> None:
        """The header's database size and change counter (with version-valid-for equal to
        it, so the size is trusted); the freelist stays as it was.

        1.3.6 File change counter (offset 24) one up; 1.3.7 In-header database size (offset
        28), valid only while the change counter equals 1.3.16's version-valid-for number
        (offset 92), written equal to it; 1.3.8 Free page list (offsets 32 and 36) and the
        freelist's pages (1.5 The Freelist) untouched: the pages appended are all in use."""
        try:
            counter = (self.change_counter + 1) & 0xFFFFFFFF
            os.pwrite(self.fd, struct.pack(">II", counter, self.pages), 24)
            os.pwrite(self.fd, struct.pack(">I", counter), 92)
            size = self.pages * self.page_size
            if os.fstat(self.fd).st_size < size:
                os.ftruncate(self.fd, size)
        finally:
            self._close()

    def _close(self) -> None:
        if self.direct is not None:
            os.close(self.direct)
        os.close(self.fd)


class LeafFile:
    """Pages numbered from 1 written from byte `at` of an open file on (a forked writer's
    leaves, far along the database file, which the parent moves in: leaves hold no page
    numbers)."""

    def __init__(self, fd: int, page_size: int, usable: int, at: int, direct: int | None = None):
        self.fd, self.page_size, self.usable, self.at, self.pages = fd, page_size, usable, at, 0
        self.direct = direct

    def allocate(self, count: int) -> np.ndarray:
        numbers = np.arange(self.pages + 1, self.pages + 1 + count, dtype=np.int64)
        self.pages += count
        return numbers

    def write(self, numbers: np.ndarray, images: np.ndarray) -> None:
        write_pages(self.fd, self.page_size, numbers, images, self.at, self.direct)


def direct_fd(fd: int) -> int | None:
    """A second descriptor of fd's file whose writes bypass the page cache (O_DIRECT), or
    None where the system (no O_DIRECT, no /proc) or the filesystem (tmpfs) has none."""
    flag = getattr(os, "O_DIRECT", 0)
    if not flag:
        return None
    try:
        return os.open(f"/proc/self/fd/{fd}", os.O_WRONLY | flag)
    except OSError:
        return None


def write_pages(
    fd: int,
    page_size: int,
    numbers: np.ndarray,
    images: np.ndarray,
    at: int = 0,
    direct: int | None = None,
) -> None:
    """Page images (rows of `images`) at their numbers (page 1 at byte `at`), in runs of
    consecutive ones: through `direct` (direct_fd) where a run is aligned as it asks."""
    if not len(numbers):
        return
    breaks = np.flatnonzero(np.diff(numbers) != 1) + 1
    for run in np.split(np.arange(len(numbers)), breaks):
        first = int(numbers[run[0]])
        pages = np.ascontiguousarray(images[run[0] : run[-1] + 1])
        offset = at + (first - 1) * page_size
        if direct is not None and _aligned(pages, offset):
            try:
                _write_all(direct, pages.reshape(-1).data, offset)
                continue
            except OSError as error:  # a filesystem refusing this run: the usual way
                if error.errno != errno.EINVAL:
                    raise
        _write_all(fd, pages.reshape(-1).data, offset)


def _aligned(pages: np.ndarray, offset: int) -> bool:
    """Whether a run of pages may be written with O_DIRECT (DIRECT_ALIGN)."""
    address = pages.__array_interface__["data"][0]
    return not (offset | pages.nbytes | address) % DIRECT_ALIGN


def _write_all(fd: int, data: memoryview, offset: int) -> None:
    written = 0
    while written < len(data):
        written += os.pwrite(fd, data[written:], offset + written)


def _checked(header: bytes, file_bytes: int) -> tuple[int, int]:
    """(page size, pages) of a file this writer can append to; else RecordRefused.

    1.3.1 Magic Header String; 1.3.2 Page Size (1 standing for 65536); 1.3.3 File format
    version numbers (1 and 1: a rollback journal, not WAL); 1.3.10 Schema format number (4,
    which the records' serial types 8 and 9 need); 1.3.13 Text encoding (1: UTF-8); 1.3.12
    Incremental vacuum settings (offset 52 zero: no 1.8 Pointer Map or Ptrmap Pages to keep
    up); 1.3.7 In-header database size (trusted, and matching the file's length)."""
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
