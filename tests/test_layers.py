"""Layers that only point down, read from the source: puzzles and searches (builder) know nothing
of storage (db), storage knows nothing of the front ends (service), and no modules import each
other in a circle."""

from __future__ import annotations

import ast
from pathlib import Path

TREE = Path(__file__).resolve().parent.parent
LAYERS = {"builder": 0, "db": 1, "service": 2}


def _modules() -> dict[str, Path]:
    found = {}
    for package in LAYERS:
        for path in (TREE / package).rglob("*.py"):
            parts = path.relative_to(TREE).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
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


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    return {name: _imports(name, path, modules) for name, path in modules.items()}


def test_every_import_points_down_or_sideways():
    upward = [
        (module, target)
        for module, targets in _graph().items()
        for target in targets
        if LAYERS[target.split(".")[0]] > LAYERS[module.split(".")[0]]
    ]
    assert upward == []


def test_no_modules_import_each_other_in_a_circle():
    graph = _graph()
    cycles = []
    for start in graph:  # a path back to itself through imports, found depth first
        stack, seen = [(start, [start])], set()
        while stack:
            module, trail = stack.pop()
            for target in graph[module]:
                if target == start:
                    cycles.append(trail + [start])
                elif target not in seen and target.split(".")[0] in LAYERS:
                    seen.add(target)
                    stack.append((target, trail + [target]))
    # A package's __init__ importing its own modules, which import names from the package, is
    # how a package is made, not a circle between modules.
    real = [
        c
        for c in cycles
        if not any(
            c[i + 1].startswith(c[i] + ".") or c[i].startswith(c[i + 1] + ".")
            for i in range(len(c) - 1)
        )
    ]
    assert real == [], real[:5]


def test_the_graph_is_read():
    graph = _graph()
    assert "db.store" in graph["db.build"] and "builder.search" in graph["db.build"]
    assert "db.queries" in graph["service.answers"]
