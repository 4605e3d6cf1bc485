"""Where a command's --output goes: a file that takes the place of the old one only once it is
complete, a device or a link written through, and nothing left behind by a failure, Ctrl-C or
SIGTERM.

Why not click.open_file(..., atomic=True): measured on click 8.5 (tests/analyst/test_output_file.py
keeps the evidence), a failure or Ctrl-C inside its `with` block still renames the partial
file over the target (its close() ignores the `delete` it is given), and a FIFO or a device is
replaced by a regular file (its temporary file is renamed over it: as root, /dev/null
itself). Nor does it handle SIGTERM, which here removes the partial file as Ctrl-C does. What
it does that this module did not, it does here too: a replaced file keeps its mode.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import IO, Any, NoReturn

from puzzledb.builder.core.errors import Interrupted
from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.service.errors import CannotWrite


class _Stopped(KeyboardInterrupt):
    """SIGTERM while the output is written, raised where the writing is, as Ctrl-C is."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


@contextlib.contextmanager
def replacing(output: str, *, binary: bool = False, stdout_too: bool = True) -> Iterator[IO[Any]]:
    """A file open for writing that takes the place of `output` only once it is complete;
    `stdout_too` says whether the command also writes `-` (standard output), which a message
    then offers."""
    target = _named_target(
        output, hint="a file, or - for standard output" if stdout_too else "a file"
    )
    with _refused(output):
        passes_through = target.is_symlink() or (target.exists() and not target.is_file())
    with _interruptible(output):
        if passes_through:
            # A device, a FIFO or a link (/dev/stdout, /dev/null): written through, as a shell
            # redirection would be; renaming a file over it would replace the device itself.
            try:
                with _opened(target, binary) as out:
                    yield out
            except OSError as error:
                raise _cannot_write(output, error) from None
            return
        partial = target.with_name(target.name + ".partial")
        try:
            with _opened(partial, binary) as out:
                _keep_mode(target, partial)
                yield out
            os.replace(partial, target)
        except OSError as error:
            raise _cannot_write(output, error) from None
        finally:
            with contextlib.suppress(OSError):  # never in place of the error that says why
                partial.unlink(missing_ok=True)


@contextlib.contextmanager
def replacing_folder(output: str, replaceable: Callable[[Path], bool]) -> Iterator[Path]:
    """An empty folder to fill that takes the place of `output` only once it is complete.
    `output` may not exist yet, or be a folder that `replaceable(path)` says this command wrote
    (never a folder of anything else: it is removed). The old folder is moved aside, the new
    one renamed into place, then the old removed: a reader sees the old folder or the new one
    whole, never a mix (between the two renames there is an instant with none)."""
    target = _named_target(output, folder=True, hint="a folder that does not exist yet")
    with _refused(output):
        not_a_folder = target.is_symlink() or (target.exists() and not target.is_dir())
        is_folder = target.is_dir()
    if not_a_folder:
        raise CannotWrite(
            f"cannot write {shown(output, PATH_SHOWN)}: it is not a folder; name a folder that "
            f"does not exist yet"
        )
    if is_folder and not replaceable(target):
        raise CannotWrite(
            f"cannot write {shown(output, PATH_SHOWN)}: it is a folder of other files; name a "
            f"folder that does not exist yet (or an earlier export of this kind, to replace it)"
        )
    with _interruptible(output):
        # Made here rather than by tempfile.mkdtemp, so that a stop the instant it exists
        # (inside mkdtemp, before its name came back) still removes it; mode 0o777 less the
        # umask, as any folder the user makes.
        partial = target.with_name(f".{target.name}.{secrets.token_hex(6)}")
        old = partial.with_name(partial.name + ".old")
        ours = True
        try:
            try:
                os.mkdir(partial, 0o777)
            except OSError as error:
                ours = False  # a name taken (never ours to remove) or a folder refused
                raise _cannot_write(output, error) from None
            yield partial
            if target.exists():
                os.replace(target, old)
            os.replace(partial, target)
        except OSError as error:
            raise _cannot_write(output, error) from None
        finally:
            if ours:
                shutil.rmtree(partial, ignore_errors=True)
                shutil.rmtree(old, ignore_errors=True)


def _named_target(output: str, *, hint: str, folder: bool = False) -> Path:
    target = Path(output)
    with _refused(output):
        is_dir = target.is_dir()
    if not target.name or (is_dir and not folder):
        what = "an empty name" if not output else "a folder" if is_dir else "no file"
        raise CannotWrite(f"cannot write {shown(output, PATH_SHOWN)}: it is {what}; name {hint}")
    return target


@contextlib.contextmanager
def _refused(output: str) -> Iterator[None]:
    """Looking at `output` before writing: what the system refuses there (a name too long, a
    folder this user cannot search) is the output's fault, as a failed write is."""
    try:
        yield
    except OSError as error:
        raise _cannot_write(output, error) from None


def _opened(path: Path, binary: bool) -> IO[Any]:
    if binary:
        return open(path, "wb")
    return open(path, "w", encoding="utf-8", newline="")


def _keep_mode(target: Path, partial: Path) -> None:
    """The replaced file's permissions carry over to the new one (as `cp` over a file does)."""
    with contextlib.suppress(FileNotFoundError):
        os.chmod(partial, target.stat().st_mode & 0o7777)


def _cannot_write(output: str, error: OSError) -> CannotWrite:
    return CannotWrite(f"cannot write {shown(output, PATH_SHOWN)}: {error.strerror}")


@contextlib.contextmanager
def _interruptible(output: str) -> Iterator[None]:
    """Ctrl-C and SIGTERM stop the writing where it is, so the partial output is removed and
    the target keeps what it held; reported as an interruption (exit 130 or 143), also when the
    signal reached SQLite first and it answered with its own "interrupted" error."""
    arrived: list[int] = []

    def stop(signum: int, frame: FrameType | None) -> NoReturn:
        arrived.append(signum)
        raise _Stopped(signum)

    previous = {}
    if threading.current_thread() is threading.main_thread():
        for watched in (signal.SIGINT, signal.SIGTERM):
            if signal.getsignal(watched) is not signal.SIG_IGN:
                previous[watched] = signal.signal(watched, stop)
    try:
        yield
    except BaseException as error:
        if not arrived and not isinstance(error, KeyboardInterrupt):
            raise
        signum = arrived[0] if arrived else int(signal.SIGINT)
        raise Interrupted(
            f"interrupted; {shown(output, PATH_SHOWN)} was not written (it holds what it held "
            f"before)",
            signum,
        ) from None
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
