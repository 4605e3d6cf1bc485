"""The imports of the package's modules, read from the source (lazy imports included): what
tests/architecture/ holds the layers and the kinds to."""

from __future__ import annotations

import ast
from pathlib import Path

TREE = Path(__file__).resolve().parents[2]
#: The top-level folders of the package.
FOLDERS = ("builder", "db", "service")


def modules(tree: Path = TREE) -> dict[str, Path]:
    found = {}
    for package in FOLDERS:
        for path in (tree / package).rglob("*.py"):
            parts = path.relative_to(tree).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The puzzledb modules `name` imports (anywhere in it, lazy imports included)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            candidates = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                stem = ".".join(base + ([node.module] if node.module else []))
            else:
                stem = node.module or ""
            candidates = [stem] + [f"{stem}.{alias.name}" for alias in node.names]
        else:
            continue
        for candidate in candidates:
            local = candidate.removeprefix("puzzledb.")
            if local in modules:
                targets.add(local)
    targets.discard(name)
    return targets


def graph(tree: Path = TREE) -> dict[str, set[str]]:
    """Each module (builder.search.codecs) -> the puzzledb modules it imports."""
    found = modules(tree)
    return {name: imports(name, path, found) for name, path in found.items()}


#: Top-level folders that hold no code of ours, or none we keep.
NOT_CODE = {"docs", "examples", "deploy", "build", "site", "node_modules"}


def code_folders(tree: Path = TREE) -> list[Path]:
    """The repository's folders of Python code: the package's, the tests', the benches', the
    tools' (every top-level folder but hidden ones and NOT_CODE)."""
    return [
        p
        for p in sorted(tree.iterdir())
        if p.is_dir() and p.name[0] not in "._" and p.name not in NOT_CODE
    ]
