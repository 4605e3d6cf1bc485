"""The documentation site: every example runs as shown, the site builds strictly, nothing in it
points outside the repository. How examples are written and read: tests/support/doc_examples.py."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from support import doc_examples

ROOT = Path(__file__).resolve().parents[2]
PAGES = doc_examples.pages()
RUN = [p for p in PAGES if any(b.examples for b in doc_examples.blocks(p))]
SHOWN = [p for p in PAGES if any(b.language == "sh" for b in doc_examples.blocks(p))]


def page_id(page: Path) -> str:
    return str(page.relative_to(doc_examples.ROOT))


def environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PUZZLEDB_")}
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env.update(
        COLUMNS="100",
        LC_ALL="C.UTF-8",
        NO_COLOR="1",
        PYTHONDONTWRITEBYTECODE="1",
        NO_MKDOCS_2_WARNING="1",
    )
    return env


@pytest.mark.slow  # every page's examples, builds and servers included
@pytest.mark.parametrize("page", RUN, ids=page_id)
def test_page_examples_print_what_they_show(page, tmp_path):
    """Each command of the page, run in order in a new folder, prints the output shown."""
    (tmp_path / ".venv").symlink_to(Path(sys.prefix))  # `. .venv/bin/activate` as in the tour
    ran = doc_examples.run_page(page, tmp_path, environment())
    wrong = []  # every example that differs, so that one run shows them all
    for example, output, status in ran:
        where = f"{page_id(page)}:{example.line}: $ {example.command}"
        if not doc_examples.matches(example.shown, output):
            shown = "\n".join(example.shown)
            wrong.append(f"{where}\nshown:\n{shown}\nprinted (exit {status}):\n{output}")
        elif status != 0 and not [s for s in example.shown if s.strip() not in ("", "...")]:
            wrong.append(f"{where}: exit {status} with no output shown to say why")
    assert not wrong, "\n\n".join(wrong)


@pytest.mark.parametrize("page", SHOWN, ids=page_id)
def test_shown_commands_parse(page):
    """Commands a page shows without running (long builds, deployments) are real command lines."""
    from puzzledb.service.cli.commands import main

    for block in doc_examples.blocks(page):
        if block.language != "sh":
            continue
        for args in doc_examples.sh_commands(block):
            where = f"{page_id(page)}:{block.line}: puzzledb {' '.join(args)}"
            try:
                with click.Context(main, info_name="puzzledb") as ctx:
                    name, command, rest = main.resolve_command(ctx, list(args))
                    assert command is not None and name is not None, where
                    command.make_context(name, rest, parent=ctx).close()
            except click.exceptions.Exit:
                pass  # --help, --version
            except click.ClickException as error:
                pytest.fail(f"{where}: {error.format_message()}")


def test_pages_point_to_nothing_outside_the_repository():
    """The project stands alone: no page sends its reader to a file we do not ship, nor to a
    web address (a service the examples start on this machine aside)."""
    for page in [*PAGES, ROOT / "CHANGELOG.md"]:
        text = page.read_text(encoding="utf-8")
        assert "PUZZLES.md" not in text and "../shared" not in text, page_id(page)
        assert not re.search(r"\bissues? \d", text), f"{page_id(page)} names an issue"
        away = re.findall(r"https?://(?!127\.0\.0\.1|localhost|HOST|\.\.\.)[^\s)'\"`]+", text)
        assert not away, f"{page_id(page)}: {away}"


@pytest.mark.slow  # MkDocs builds the whole site
def test_site_builds_strictly(tmp_path):
    """A broken link, a missing page or a page left out of the navigation fails the build."""
    done = subprocess.run(
        [
            str(Path(sys.executable).parent / "mkdocs"),
            "build",
            "--strict",
            "-q",
            "--site-dir",
            str(tmp_path / "site"),
        ],
        cwd=ROOT,
        env=environment(),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "site" / "index.html").is_file()


#: A name on the map: a file or folder, at the start of a line of the tree, before its words.
MAP_NAME = re.compile(r"[\w.-]+(?:/[\w.-]+)*/?")


def _architecture_map(text: str) -> dict[str, str]:
    """The map in docs/architecture.md's "The tree": path -> the words that describe it.

    A line names files at its indent (two spaces a folder deeper than the folder above it),
    separated by ", ", then describes them; a line indented further goes on describing."""
    block = text.split("## The tree", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    found: dict[str, str] = {}
    folders: list[str] = []  # the folder each indent level is in
    named: list[str] = []  # the paths the last line named, which a further line describes
    for line in block.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        rest = line.strip()
        names = []
        while indent % 2 == 0 and indent // 2 <= len(folders) and (m := MAP_NAME.match(rest)):
            if not ("." in m.group(0) or m.group(0).endswith("/")):
                break
            names.append(m.group(0))
            rest = rest[m.end() :]
            if not rest.startswith(", "):
                break
            rest = rest[2:]
        if not names:
            for path in named:
                found[path] += " " + rest.strip()
            continue
        del folders[indent // 2 :]
        base = "".join(folders)
        named = [base + name for name in names]
        for path in named:
            found[path] = rest.strip()
        if names[-1].endswith("/") and len(names) == 1:
            folders.append(names[0])
    return found


def test_the_architecture_map_is_read():
    tree = "a/  a folder\n  b.py, c.py  two\n          more words\n  d/\n    e.py  e\n"
    assert _architecture_map(f"## The tree\n```text\n{tree}```") == {
        "a/": "a folder",
        "a/b.py": "two more words",
        "a/c.py": "two more words",
        "a/d/": "",
        "a/d/e.py": "e",
    }


def test_the_architecture_map_names_every_module_where_it_is():
    """docs/architecture.md's map of the tree matches the tree: each module and folder of the
    package, and each of the page's scripts, is on it at its path (or, for a folder whose files
    the map names in words, in its folder's words), and every path on it exists, so a file that
    moves must move on the map."""
    text = (doc_examples.DOCS / "architecture.md").read_text(encoding="utf-8")
    on_map = _architecture_map(text)
    assert {"builder/core/errors.py", "db/cluster/", "service/http/api/"} <= set(on_map)
    missing = [path for path in on_map if not (ROOT / path).exists()]
    assert missing == [], f"on the map but not in the tree: {missing}"
    listed = {path.rstrip("/") for path in on_map}
    listed |= {str(Path(path).parent) for path in listed}  # web/static/ is in web/
    for folder in ("builder", "db", "service"):
        for path in sorted((ROOT / folder).rglob("*")):
            where = str(path.relative_to(ROOT))
            if "__pycache__" in where or path.name == "__init__.py":
                continue
            if path.is_dir() and any(path.glob("*.py")):
                assert where in listed, f"{where}/ is not on the map"
            elif path.suffix in (".py", ".js") and where not in listed:
                words = on_map.get(str(path.parent.relative_to(ROOT)) + "/", "")
                assert re.search(rf"\b{re.escape(path.name)}\b", words), (
                    f"{where} is not on the map"
                )
