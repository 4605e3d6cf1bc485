"""Layers that only point down, read from the source: the core (builder/core: errors, message
text, terminal drawing) knows nothing else of puzzledb, puzzles and searches (builder) know
nothing of storage (db), storage knows nothing of the front ends (service), and no modules import
each other in a circle."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from support.import_graph import FOLDERS, TREE, graph

#: The top-level folders (FOLDERS) are layers; builder/core sits below the rest of builder.
LAYERS = {"builder.core": 0, "builder": 1, "db": 2, "service": 3}


def layer(module: str) -> int:
    """The layer of a module: its longest prefix that names one."""
    parts = module.split(".")
    return next(LAYERS[p] for n in (2, 1) if (p := ".".join(parts[:n])) in LAYERS)


def test_every_import_points_down_or_sideways():
    upward = [
        (module, target)
        for module, targets in graph().items()
        for target in targets
        if layer(target) > layer(module)
    ]
    assert upward == []


def test_the_core_imports_nothing_else_of_puzzledb():
    """builder/core is layer 0: what it imports of puzzledb is builder/core itself."""
    found = graph()
    core = {m: targets for m, targets in found.items() if layer(m) == 0}
    assert "builder.core.message_text" in core["builder.core.errors"]  # the walk is real
    assert [(m, t) for m, targets in core.items() for t in targets if layer(t) != 0] == []


def test_the_layers_are_told_apart():
    assert layer("builder.core.errors") == 0 and layer("builder.core") == 0
    assert layer("builder.kinds.peg.puzzle") == 1 and layer("builder.catalogue") == 1
    assert layer("db.store") == 2 and layer("service.cli.commands") == 3


def test_an_upward_import_from_the_core_is_found(tmp_path):
    """The check reads real imports: a core module importing a puzzle kind fails it."""
    core = tmp_path / "builder" / "core"
    core.mkdir(parents=True)
    (tmp_path / "builder" / "catalogue.py").write_text("", encoding="utf-8")
    (core / "errors.py").write_text("from puzzledb.builder import catalogue\n", encoding="utf-8")
    found = graph(tmp_path)
    assert found["builder.core.errors"] == {"builder.catalogue"}
    assert [(m, t) for m, ts in found.items() for t in ts if layer(t) > layer(m)] == [
        ("builder.core.errors", "builder.catalogue")
    ]


def test_no_modules_import_each_other_in_a_circle():
    found = graph()
    cycles = []
    for start in found:  # a path back to itself through imports, found depth first
        stack, seen = [(start, [start])], set()
        while stack:
            module, trail = stack.pop()
            for target in found[module]:
                if target == start:
                    cycles.append(trail + [start])
                elif target not in seen and target.split(".")[0] in FOLDERS:
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
    found = graph()
    assert "db.store" in found["db.build"] and "builder.search.plain" in found["db.build"]
    assert "db.queries" in found["service.answers.resolving"]


#: The front ends: the CLI, the HTTP service and the page, each a thin shell over the answers.
FRONT_ENDS = ("service.cli", "service.http", "service.analyst", "service.web")
#: What the domain must not know: storage (SQL) and the web (HTTP).
SQL_AND_HTTP = ("sqlite3", "flask", "werkzeug", "gunicorn", "http", "urllib")
SQL_TEXT = re.compile(
    r"\b(SELECT|INSERT INTO|UPDATE|DELETE FROM|CREATE (TABLE|INDEX|VIEW)|WITH RECURSIVE)\b"
    r"|\bsubstr\(|\bPRAGMA\b"
)


def _is_front_end(module: str) -> bool:
    return any(module == f or module.startswith(f + ".") for f in FRONT_ENDS)


def test_the_answer_layer_uses_no_front_end():
    """service.answers and everything it imports, however indirectly."""
    found = graph()
    used, todo = set(), ["service.answers"]
    while todo:
        for target in found[todo.pop()]:
            if target not in used:
                used.add(target)
                todo.append(target)
    assert "db.queries" in used  # the walk is real
    assert sorted(m for m in used if _is_front_end(m)) == []


def test_the_domain_knows_no_sql_and_no_http():
    """builder/ imports no database or web library and writes no SQL (f-strings included)."""
    found = []
    for path in (TREE / "builder").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            found += [(path.name, n) for n in names if n.split(".")[0] in SQL_AND_HTTP]
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and SQL_TEXT.search(text):
                found.append((path.name, text[:40]))
    assert found == []


def test_the_domain_rules_are_checked_on_text_that_has_them():
    assert SQL_TEXT.search("SELECT state FROM t") and SQL_TEXT.search("substr(s, 1, 2)")
    assert not SQL_TEXT.search("a piece cannot be selected here")


#: Names of what a front end makes of an error: its exit status or its HTTP status.
STATUS_NAMES = re.compile(r"(exit|http)_?(status|code)|status_code", re.I)


def _status_names(path: Path) -> list[str]:
    """Names in `path` that speak of an exit or HTTP status: attributes, assignments, keywords."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        name = (
            node.id
            if isinstance(node, ast.Name)
            else node.attr
            if isinstance(node, ast.Attribute)
            else node.arg
            if isinstance(node, ast.keyword)
            else None
        )
        if name and STATUS_NAMES.fullmatch(name):
            names.append(name)
    return names


def test_the_bottom_layers_hold_no_statuses():
    """An error's exit status is the CLI's to choose and its HTTP status the API's: builder/ and
    db/ give errors a code only (a waitpid status of a child process is no error's)."""
    found = [
        (path.name, name)
        for package in ("builder", "db")
        for path in (TREE / package).rglob("*.py")
        for name in _status_names(path)
    ]
    assert found == []


def test_every_error_of_the_bottom_layers_has_a_code_and_no_status():
    """Read at run time too: no error class, however its statuses were written, carries one."""
    import importlib
    import pkgutil

    from puzzledb.builder.core.errors import PuzzledbError

    for package in ("builder", "db"):
        for info in pkgutil.walk_packages([str(TREE / package)], f"puzzledb.{package}."):
            importlib.import_module(info.name)
    todo, seen = [PuzzledbError], []
    while todo:
        cls = todo.pop()
        seen.append(cls)
        todo += cls.__subclasses__()
    bottom = [c for c in seen if c.__module__.split(".")[1] in ("builder", "db")]
    assert len(bottom) > 12  # the walk is real (the core's errors and storage's)
    assert [(c.__name__, n) for c in bottom for n in vars(c) if "status" in n] == []


def test_the_status_check_finds_statuses(tmp_path):
    path = tmp_path / "errors.py"
    path.write_text("class E:\n    exit_status = 2\n    http_status = 404\n", encoding="utf-8")
    assert _status_names(path) == ["exit_status", "http_status"]
