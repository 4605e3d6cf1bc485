"""gunicorn pinned to the releases the suite passed on (service.http.tested_gunicorn): the pin,
the list and the installed release agree, so a new gunicorn fails here before it is served."""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path

from puzzledb.service.http import tested_gunicorn

ROOT = Path(__file__).resolve().parents[2]


def _pins() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return [d for d in project["dependencies"] if d.replace(" ", "").startswith("gunicorn")]


def test_the_pin_allows_exactly_the_tested_releases():
    (pin,) = _pins()
    assert pin.replace(" ", "") == f"gunicorn=={tested_gunicorn.TESTED[-1]}"
    assert len(tested_gunicorn.TESTED) == 1  # one pin: list more once a range is pinned


def test_the_installed_gunicorn_is_a_tested_one():
    assert version("gunicorn") in tested_gunicorn.TESTED
    assert tested_gunicorn.untested() is None


def test_another_release_is_told(monkeypatch):
    monkeypatch.setattr(tested_gunicorn, "version", lambda name: "99.0")
    said = tested_gunicorn.untested()
    assert said is not None
    assert "tested on gunicorn 27.0.1; this is gunicorn 99.0" in said
    assert said.endswith(f"install gunicorn=={tested_gunicorn.TESTED[-1]}")
