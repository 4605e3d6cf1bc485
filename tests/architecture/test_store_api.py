"""The store has one public face: outside db/store/, code uses the names its modules give without
a leading underscore (db/store/__init__.py lists the API), never one of their private ones."""

from __future__ import annotations

import ast
from pathlib import Path

from support.import_graph import TREE, code_folders

#: Where the store's callers live: the package, and the tests, benches and tools that drive it.
CALLERS = [folder.name for folder in code_folders()]
STORE = "db.store"


def _store_module(name: str) -> bool:
    name = name.removeprefix("puzzledb.")
    return name == STORE or name.startswith(STORE + ".")


def _absolute(node: ast.ImportFrom, path: Path) -> str:
    """The module an import names, a relative one resolved from `path`'s package."""
    if not node.level:
        return node.module or ""
    package = list(path.relative_to(TREE).with_suffix("").parts[:-1])
    base = package[: len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def private_uses(path: Path, text: str | None = None) -> list[str]:
    """The private names of the store's modules that the file at `path` (its `text`, if given)
    imports or reads."""
    tree = ast.parse(path.read_text(encoding="utf-8") if text is None else text)
    bound: set[str] = set()  # names in this file that stand for a store module
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _store_module(alias.name) and alias.asname:
                    bound.add(alias.asname)
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(node, path)
            for alias in node.names:
                whole = f"{module}.{alias.name}"
                if _store_module(module) and alias.name.startswith("_"):
                    found.append(whole)
                elif _store_module(whole):  # a module of the store, bound to a name
                    bound.add(alias.asname or alias.name)
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in bound
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            found.append(f"{node.value.id}.{node.attr}")
    return found


def _callers() -> list[Path]:
    store = TREE / "db" / "store"
    return [
        path
        for folder in CALLERS
        for path in sorted((TREE / folder).rglob("*.py"))
        if not path.is_relative_to(store)
    ]


def test_no_caller_uses_a_private_name_of_the_store():
    used = {str(p.relative_to(TREE)): names for p in _callers() if (names := private_uses(p))}
    assert used == {}


def test_a_private_name_of_the_store_is_found():
    """The check is real: the ways callers once reached in are each found, by name or through a
    module bound to another name, and a relative import is resolved from where it is."""
    text = (
        "from .. import store\n"
        "from ..store import _flattened, save_build\n"
        "from puzzledb.db.store import statements as rows\n"
        "store._begin_build(conn, puzzle, result)\n"
        "rows._prefetch(chunks)\n"
        "store.finish_build(conn, row, result, started, progress)\n"
    )
    caller = TREE / "db" / "cluster" / "probe.py"  # read as if it were there
    assert sorted(private_uses(caller, text)) == [
        "db.store._flattened",
        "rows._prefetch",
        "store._begin_build",
    ]
