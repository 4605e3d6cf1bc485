"""A build saved into the file at a path: a new file written beside its name and linked
into place once complete, an existing one changed in one WAL transaction, and the partial
files builds killed part way left beside it removed first.
"""

from __future__ import annotations

import os
import re
from functools import partial
from pathlib import Path

from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.builder.puzzle import Puzzle
from puzzledb.builder.search.progress import Progress
from puzzledb.builder.search.result import SearchResult

from ..connection import at_rest, check_before_writing, writer
from .saving import Save, save_build

#: Ends the name of the side file a second writer fills beside a new file (db.store.two_writers,
#: db.pages.upper).
SIDE_SUFFIX = "-rows"


def save_build_to(
    path: Path,
    puzzle: Puzzle,
    result: SearchResult,
    started: float,
    progress: Progress | None = None,
    save: Save = save_build,
) -> dict:
    """Store `result` in the file at `path`, creating it if need be (`save`, save_build or
    db.cluster.write's own, does it through the file's writer).

    An existing file is changed in one WAL transaction (save_build). A file that does not
    exist yet has nothing to protect, so it is written beside its name without a journal
    (half the disk writes of WAL, which copies every page twice) and linked into place only
    when complete: killed part way, it leaves no database, exactly as before.
    """
    check_before_writing(path)
    _remove_abandoned(path)  # in place too: the file may have been published meanwhile
    if path.exists():
        return _in_place(path, puzzle, result, started, progress, save)
    building = path.with_name(f".{path.name}.building-{os.getpid()}")
    building.unlink(missing_ok=True)
    db = writer(building, journal="OFF")
    try:
        row = save(
            db,
            puzzle,
            result,
            started,
            progress,
            side_file=building.with_name(building.name + SIDE_SUFFIX),
        )
        db.close()  # the file stays in rollback mode: any reader can open it read-only
        fsync(building)
        try:
            os.link(building, path)  # fails rather than replace a file made meanwhile
        except FileExistsError:
            return _in_place(path, puzzle, result, started, progress, save)
        fsync(path.parent)
        return row
    finally:
        db.close()
        building.unlink(missing_ok=True)


def _in_place(
    path: Path,
    puzzle: Puzzle,
    result: SearchResult,
    started: float,
    progress: Progress | None,
    save: Save = save_build,
) -> dict:
    """One WAL transaction into an existing file; afterwards, stored or not, the file goes
    back to rollback journal mode, as it was before the build. When it cannot (a full disk),
    the row returned says why in `not_at_rest`: the build is stored, its pages in the -wal."""
    progress = progress or Progress()
    where = shown(str(path), PATH_SHOWN)
    waiting = f"waiting for another build of {where} to finish"
    reading = f"waiting for the readers of {where} to finish their reads"
    db = writer(
        path,
        ours_only=True,
        waiting=partial(progress.waiting, waiting),
        reading=partial(progress.waiting, reading),
    )
    try:
        row = save(db, puzzle, result, started, progress)
    except BaseException as error:
        db.close()
        reason = at_rest(path)  # the build's own error is the one to tell; this, a warning
        if reason is not None:
            error.not_at_rest = reason  # type: ignore[attr-defined]
        raise
    reason = at_rest(path, db.connection)
    db.close()
    if reason is not None:
        row["not_at_rest"] = reason
    return row


def _remove_abandoned(path: Path) -> None:
    """Partial files left in the folder by builds that were killed (their process is gone), of
    any file's name (a build into one file cleans up after a killed build of another: those
    are many gigabytes, sparse files of a terabyte apparent size, that nothing else would
    remove), with the -journal, -wal and -shm files SQLite may have left beside them and a
    second writer's side file. Files named with this process's id are a dead process's too
    (its id reused): this build is about to make its own, and a stale journal beside it would
    be played back into the new file."""
    left = re.compile(r"\..+\.building-(\d+)(-journal|-wal|-shm|" + re.escape(SIDE_SUFFIX) + ")?")
    for left_over in path.parent.glob(".*.building-*"):
        match = left.fullmatch(left_over.name)
        if match and (int(match[1]) == os.getpid() or not alive(int(match[1]))):
            left_over.unlink(missing_ok=True)


def alive(pid: int) -> bool:
    """Whether a process of this id runs on this machine (one we may not signal does)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def fsync(path: Path) -> None:
    """The file (or folder) at `path` on disk: its data, or a folder's names of files."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
