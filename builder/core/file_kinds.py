"""What kind of file a path names, in words: a user who gives a folder, a FIFO or a device
where a file belongs is told which, and nothing waits on a FIFO or reads a device forever."""

import stat

KINDS = [
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISSOCK, "a socket"),
]


def file_kind(mode: int) -> str:
    """'a folder', 'a FIFO', ... for an `st_mode` that is not a regular file's."""
    return next((name for test, name in KINDS if test(mode)), "not a regular file")
