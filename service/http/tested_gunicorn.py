"""The gunicorn releases `puzzledb serve` was tested on. Its worker (service.http.worker)
subclasses gunicorn's threaded worker and reads its internals, which gunicorn does not keep from
one release to the next: pyproject.toml pins these releases, tests/http/test_tested_gunicorn.py
fails on any other, and serve warns when it runs on one (an install that ignored the pin)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

#: Each release the whole suite passed on (tests/http/test_serve_worker.py checks the internals).
TESTED = ("27.0.1",)


def untested() -> str | None:
    """What serve warns of when the installed gunicorn is not one of TESTED, else None."""
    try:
        installed = version("gunicorn")
    except PackageNotFoundError:  # gunicorn imported, yet no metadata: a copy on the path
        installed = "of unknown version"
    if installed in TESTED:
        return None
    return (
        f"puzzledb serve was tested on gunicorn {', '.join(TESTED)}; this is gunicorn "
        f"{installed}, whose internals its worker may not find as it expects: install "
        f"gunicorn=={TESTED[-1]}"
    )
