"""The documentation site: every example runs as shown, the site builds strictly, nothing in it
points outside the repository. How examples are written and read: tests/doc_examples.py."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import click
import doc_examples
import pytest

ROOT = Path(__file__).resolve().parent.parent
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


def test_the_architecture_map_names_every_module():
    """docs/architecture.md's map of the tree: each module of the three layers is on it."""
    text = (doc_examples.DOCS / "architecture.md").read_text(encoding="utf-8")
    for folder in ("builder", "db", "service"):
        for module in sorted((ROOT / folder).glob("*.py")):
            if module.name != "__init__.py":
                assert module.name in text, f"{folder}/{module.name} is not on the map"
        for sub in sorted(p for p in (ROOT / folder).iterdir() if p.is_dir()):
            if sub.name != "__pycache__":
                assert f"{sub.name}/" in text, f"{folder}/{sub.name}/ is not on the map"
