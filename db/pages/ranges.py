"""Pages written far along a file brought down to its end: the gap between cut out by the
filesystem where it can (Linux's FALLOC_FL_COLLAPSE_RANGE, ext4 and XFS: no data copied),
else the pages copied down within the file.

Nothing here is of SQLite's format but its pages' size (fileformat2's 1.2 Pages: every page of
a file is one size, page N at byte (N - 1) * size), of which every offset moved is a multiple;
the caller (dbfile.PageFile.move_in) numbers the pages moved, past the lock-byte page."""

from __future__ import annotations

import ctypes
import errno
import os
from collections.abc import Callable

#: fallocate's mode that removes a range, the rest of the file sliding down (linux/falloc.h).
FALLOC_FL_COLLAPSE_RANGE = 0x08
#: fallocate's errors meaning this file cannot be collapsed so (nothing was changed): the
#: filesystem does not (tmpfs, ...), or not at these offsets (not its blocks' multiples).
UNSUPPORTED = {errno.EOPNOTSUPP, errno.EINVAL, errno.ENOSYS, errno.ENODEV}


def collapse(fd: int, offset: int, length: int) -> bool:
    """Bytes offset..offset+length of the file cut out, what follows moving down by `length`
    (they must not reach the file's end); False, nothing changed, where it cannot be done."""
    fallocate = _fallocate()
    if fallocate is None:
        return False
    while fallocate(fd, FALLOC_FL_COLLAPSE_RANGE, offset, length) != 0:
        failed = ctypes.get_errno()
        if failed in UNSUPPORTED:
            return False
        if failed != errno.EINTR:
            raise OSError(failed, os.strerror(failed))
    return True


def copy_down(fd: int, source: int, to: int, length: int) -> None:
    """`length` bytes at `source` copied to `to`, below it in the same file, in steps that
    never overlap (copy_file_range refuses an overlap within one file)."""
    while length:
        copied = os.copy_file_range(fd, fd, min(length, source - to), source, to)
        if copied == 0:
            raise OSError(f"the file ended {length} bytes early")
        source, to, length = source + copied, to + copied, length - copied


def _fallocate() -> Callable[[int, int, int, int], int] | None:
    """libc's fallocate taking 64-bit offsets, or None (not Linux's libc)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        function = getattr(libc, "fallocate64", None) or libc.fallocate
    except (OSError, AttributeError):
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int64, ctypes.c_int64]
    function.restype = ctypes.c_int
    return function
