"""The suite's own layout: every test in a feature folder that docs/architecture.md names,
helpers in tests/support/, nothing imported from bench/, and every path into tests/ that the
docs, the tools and the tests themselves name is a path that exists."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path, PurePath

TREE = Path(__file__).resolve().parents[2]
TESTS = TREE / "tests"
#: What lives in tests/ that is neither a feature folder nor support/.
NOT_FOLDERS = {"node_modules", "__pycache__"}


def python_files() -> list[Path]:
    """The suite's Python files but this one, which names bench/ to look for it."""
    here = Path(__file__).resolve()
    return [p for p in TESTS.rglob("*.py") if not NOT_FOLDERS & set(p.parts) and p != here]


def bench_names_used(path: Path) -> list[str]:
    """What `path` takes from bench/: an import of a bench script's module, or a path to the
    folder (the sys.path entry such an import needs)."""
    bench = {"bench"} | {p.stem for p in (TREE / "bench").glob("*.py")}
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in bench]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found += [node.module] if node.module.split(".")[0] in bench else []
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            a_path = " " not in node.value and "bench" in PurePath(node.value).parts
            found += [repr(node.value)] if a_path else []
    return found


def test_no_test_imports_from_bench():
    """bench/ may use tests/support/ (its servers), never the other way: the benchmarks are
    not run by CI, so what the tests need lives with the tests."""
    used = {str(p.relative_to(TREE)): bench_names_used(p) for p in python_files()}
    assert {path: names for path, names in used.items() if names} == {}


def test_the_bench_check_sees_an_import_from_bench(tmp_path):
    """The check above finds both halves of how tests once reached bench/: the folder put on
    the path, and a module imported from it."""
    sample = tmp_path / "test_sample.py"
    sample.write_text(
        'import sys\nsys.path.insert(0, str(ROOT / "bench"))\nfrom load import wrk_run\n'
    )
    assert sorted(bench_names_used(sample)) == ["'bench'", "load"]


def mapped_folders() -> list[str]:
    """The folders of tests/ named in docs/architecture.md's map of the tests."""
    text = (TREE / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("\n## The tests\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^  (\w+)/ ", section, re.M)


def test_every_test_file_is_in_a_folder_the_architecture_page_names():
    """Tests are found by feature: none at the top of tests/, and the folders on disk are the
    ones the architecture page describes, no more and no fewer."""
    assert sorted(p.name for p in TESTS.glob("test_*.py")) == []
    on_disk = sorted(
        p.name
        for p in TESTS.iterdir()
        if p.is_dir() and p.name not in NOT_FOLDERS and not p.name.startswith(".")
    )
    assert on_disk == sorted(mapped_folders())
    assert "support" in on_disk and not list((TESTS / "support").glob("test_*.py"))


def test_test_file_names_are_unique_across_folders():
    """pytest imports each test file under its own name (the default import mode, with no
    __init__.py in the test folders), so two files of one name would collide."""
    names = Counter(p.name for p in TESTS.rglob("test_*.py") if "node_modules" not in p.parts)
    assert [name for name, count in names.items() if count > 1] == []


#: `Path(__file__)` two folders up: the repository's root from a file at the top of tests/,
#: but tests/ itself from a file in a feature folder.
#: (tests/'s own files, install.sh and node_modules, are one folder up: `parents[1]`.)
TWO_UP = re.compile(
    r"Path\(__file__\)(\.resolve\(\))?"
    r"\.(parent\.parent\b|parents\[1\](?! / \"(install\.sh|node_modules)\"))"
)


def test_no_test_in_a_folder_takes_tests_for_the_root():
    """The root is `parents[2]` from a feature folder; a line written for the flat suite (a
    merge brings one easily) would look for the docs or the package inside tests/."""
    found = [
        f"{path.relative_to(TREE)}:{number}"
        for path in python_files()
        if path.parent != TESTS
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if TWO_UP.search(line)
    ]
    assert found == []


#: Where paths into tests/ are written for people to follow (the CHANGELOG's entries keep the
#: paths of their day).
NAMING = [
    "README.md",
    "mkdocs.yml",
    "pyproject.toml",
    ".ci/run",
    "deploy/nginx.conf",
    "docs/*.md",
    "tools/*.py",
    "bench/*.py",
    "builder/**/*.py",
    "db/**/*.py",
    "service/**/*.py",
    "tests/*.sh",
    "tests/*.mjs",
    "tests/package.json",
    "tests/**/*.py",
]


def test_the_paths_into_tests_that_are_named_exist():
    """A moved test file moves in the docs, tools and comments that send a reader to it."""
    missing = []
    for pattern in NAMING:
        for path in sorted(TREE.glob(pattern)):
            if "node_modules" in path.parts:
                continue
            text = path.read_text(encoding="utf-8")
            for named in re.findall(r"(?<![\w/])tests/[\w./-]*\w", text):
                if not (TREE / named).exists() and not (TREE / f"{named}.py").exists():
                    missing.append(f"{path.relative_to(TREE)}: {named}")
    assert missing == []
