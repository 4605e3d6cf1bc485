"""No stale names: every repository path and every dotted module name that the documentation,
the README, the docstrings and the comments give exists, so a file or a module that moves or
goes cannot leave a reader looking for it.

A path counts when it starts with a folder of the repository (`builder/kinds/peg/puzzle.py`);
it may be written from a layer's folder (`kinds/peg/puzzle.py`, in builder/) or from the page
naming it (`images/page.png`, in docs/). A segment in capitals stands for any (`KIND`,
`PAGE.md`), as `*` does. A dotted name counts when it starts with a layer (`builder.`, `db.`,
`service.`, with or without `puzzledb.`): its longest prefix that is a module must import, and
the rest be attributes of it (`builder.symmetry.images.representative`).
"""

from __future__ import annotations

import ast
import importlib
import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.import_graph import code_folders

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("builder", "db", "service", "tests")
PATH = re.compile(
    r"(?<![\w./:-])((?:[\w.-]+/)+(?:[\w*-]+(?:\.[\w*-]+)*)?)(?![\w/])",
)
DOTTED = re.compile(r"(?<![\w./-])(?:puzzledb\.)?(?:builder|db|service)(?:\.[A-Za-z_]\w*)+")
PLACEHOLDER = re.compile(r"[A-Z][A-Z0-9_-]*(\.\w+)?")


def _folders() -> set[str]:
    """The names of the repository's folders, anywhere in it: what a path may start with."""
    skip = {".git", ".venv", "node_modules", "__pycache__", "build", "site", ".mypy-root"}
    names = set()
    for path in ROOT.rglob("*"):
        parts = path.relative_to(ROOT).parts
        if path.is_dir() and not skip.intersection(parts) and not parts[0].startswith("."):
            names.add(path.name)
    return names | {".ci"}


FOLDERS = _folders()


def _pieces(path: Path) -> Iterator[str]:
    """The docstrings and comments of a Python file."""
    source = path.read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            docstring = ast.get_docstring(node, clean=False)
            if docstring:
                yield docstring
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield token.string


def _texts() -> Iterator[tuple[Path, str]]:
    for page in sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]:
        yield page, page.read_text(encoding="utf-8")
    for folder in code_folders(ROOT):
        for path in sorted(folder.rglob("*.py")):
            if "node_modules" in path.parts:
                continue
            if path == Path(__file__).resolve():
                continue  # its docstring shows the forms a name takes, some on purpose not here
            for piece in _pieces(path):
                yield path, piece


def _pattern(path: str) -> str:
    """`path` as a glob: a segment in capitals stands for any."""
    return "/".join("*" if PLACEHOLDER.fullmatch(s) else s for s in path.split("/"))


def path_exists(path: str, where: Path) -> bool:
    """Whether `path`, named in the file `where`, is in the repository: from its root, from a
    layer's folder, or from where's own folder."""
    pattern = _pattern(path.rstrip("/"))
    for base in [ROOT, *(ROOT / layer for layer in LAYERS), where.parent]:
        for form in (pattern, pattern + ".py"):  # a module may be named by its path alone
            if any(base.glob(form)) if "*" in form else (base / form).exists():
                return True
    return False


def module_name_exists(name: str) -> bool:
    parts = name.removeprefix("puzzledb.").split(".")
    for n in range(len(parts), 0, -1):
        try:
            found = importlib.import_module("puzzledb." + ".".join(parts[:n]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[n:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


def stale(text: str, where: Path) -> list[str]:
    """The paths and dotted names in `text` (from the file `where`) that do not exist."""
    found = []
    for match in PATH.finditer(text):
        path = match.group(1)
        if path.count("/") == 1 and path.endswith("/"):
            continue  # a folder by its name alone (the tree map's `peg/`): one of FOLDERS
        if path.split("/")[0] in FOLDERS and not path_exists(path, where):
            found.append(path)
    for match in DOTTED.finditer(text):
        name = match.group(0)
        if not module_name_exists(name):
            found.append(name)
    return found


def test_no_text_names_the_notes_puzzledb_was_written_from():
    """The rules and figures live in docs/puzzles.md: nothing points to a file users never see."""
    examples = [(p, p.read_text(encoding="utf-8")) for p in (ROOT / "examples").iterdir()]
    found = [
        str(where.relative_to(ROOT))
        for where, text in [*_texts(), *examples]
        if "PUZZLES" + ".md" in text or "../" + "shared" in text
    ]
    assert found == []


@pytest.mark.slow  # imports every module a docstring names
def test_no_doc_docstring_or_comment_names_what_is_not_there():
    missing = [
        f"{where.relative_to(ROOT)}: {name}"
        for where, text in _texts()
        for name in stale(text, where)
    ]
    assert missing == []


def test_stale_names_are_found():
    """The check is real: names that once were, and the forms a name may take."""
    here = ROOT / "docs" / "architecture.md"
    text = (
        "`builder/vector_search.py` and db.shards, builder.kinds.peg.classes.PackedClasses; "
        "but builder/search/layered.py, kinds/peg/puzzle.py, images/page.png, "
        "builder/kinds/KIND/definition.py, puzzledb.builder.symmetry.images.representative, "
        "service.http.worker, N/part-0.parquet and HTTP/1.1 are fine"
    )
    assert stale(text, here) == [
        "builder/vector_search.py",
        "db.shards",
        "builder.kinds.peg.classes.PackedClasses",
    ]
