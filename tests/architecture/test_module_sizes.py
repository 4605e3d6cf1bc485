"""No module the size of a chapter: a Python module of the package at most 650 lines, a script of
the page at most 700, so each file keeps to one job that its name can say. And every package
folder is one that pyproject.toml installs, so a new folder (a kind's) cannot be left out of
`pip install .`."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYTHON_LINES = 650
SCRIPT_LINES = 700


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_python_module_is_over_650_lines():
    big = {
        str(path.relative_to(ROOT)): _lines(path)
        for folder in ("builder", "db", "service")
        for path in (ROOT / folder).rglob("*.py")
        if _lines(path) > PYTHON_LINES
    }
    assert big == {}


def test_no_script_of_the_page_is_over_700_lines():
    scripts = list((ROOT / "service" / "web" / "static").glob("*.js"))
    assert len(scripts) > 5  # the page's scripts are read
    big = {p.name: _lines(p) for p in scripts if _lines(p) > SCRIPT_LINES}
    assert big == {}


def test_every_package_folder_is_installed():
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    listed = set(setup["setuptools"]["packages"])
    folders = {
        "puzzledb." + ".".join(init.parent.relative_to(ROOT).parts)
        for folder in ("builder", "db", "service")
        for init in (ROOT / folder).rglob("__init__.py")
    }
    assert (ROOT / "__init__.py").exists()  # the package's own: `import puzzledb`
    assert folders | {"puzzledb"} == listed
