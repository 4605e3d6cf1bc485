"""The documentation's examples, read from its Markdown and run as a reader would run them.

A page's ```console blocks are a shell session: `$ COMMAND` lines (a line ending in `\\`
goes on to the next, and lines starting `> ` continue it, as the shell's second prompt shows
a quoted text going on), each followed by the output shown. Every command of a page runs, in
order, in one bash process in a new empty folder (so `cd`, variables and `. .venv/bin/activate`
carry over, and the page builds the database it then asks), and each shown output must be what
the command printed, standard error included. In a shown output a line `...` stands for any
lines (none included) and `...` inside a line for any text, for what changes from run to run
(seconds, dates). A command ending in `&` runs in the background until the page ends; the
lines shown under it are the first it prints, awaited until the last of them (its text up to
any `...`) has been printed.

A ```pycon block is a Python session: `>>> ` statements (`... ` continuing one), each followed
by what the interpreter prints; a page's sessions are one session, in order (pycon.py).

Other fenced blocks are not run, but every `puzzledb ...` line in a ```sh block must parse
as a command line of the real CLI (the long builds and installs a page can only show).
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>```+|~~~+)(?P<info>[^\n]*)\n", re.M)
END_MARK = "\x1edoc-example-end"


@dataclass
class Example:
    """One command of a page and the output shown under it."""

    command: str
    shown: list[str]
    line: int  # where the command is on its page (1-based), for failure messages
    background: bool = False


@dataclass
class Block:
    language: str
    text: str
    line: int
    examples: list[Example] = field(default_factory=list)


def pages() -> list[Path]:
    """The site's pages and the README, whose tour runs like any page."""
    return [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]


def blocks(page: Path) -> list[Block]:
    """The fenced blocks of a page, their indentation removed (blocks inside tabs and notes)."""
    text = page.read_text(encoding="utf-8")
    found = []
    position = 0
    while match := FENCE.search(text, position):
        indent, fence = match["indent"], match["fence"]
        end = re.compile(rf"^{re.escape(indent)}{re.escape(fence)}[ \t]*$", re.M)
        closing = end.search(text, match.end())
        if closing is None:
            raise ValueError(
                f"{page.name}: a block opened on line "
                f"{text.count(chr(10), 0, match.start()) + 1} never closes"
            )
        body = text[match.end() : closing.start()]
        lines = [
            line[len(indent) :] if line.startswith(indent) else line.lstrip()
            for line in body.splitlines()
        ]
        language = (match["info"].split() or [""])[0].lstrip("{.").rstrip("}")
        found.append(Block(language, "\n".join(lines), text.count("\n", 0, match.end()) + 1))
        position = closing.end()
    sessions = 0
    for block in found:
        if block.language == "console":
            block.examples = examples(block)
        elif block.language == "pycon":
            block.examples = [python_session(page, sessions, block)]
            sessions += 1
    return found


def python_session(page: Path, number: int, block: Block) -> Example:
    """A ```pycon block as one command: the page's Python session so far replayed quietly,
    then this block's statements run as the interpreter runs them (tests/support/pycon.py),
    its output what the block shows under them."""
    shown = [
        line for line in block.text.splitlines() if not line.startswith((">>> ", "... ", ">>>"))
    ]
    tests = shlex.quote(str(ROOT / "tests"))
    command = f"PYTHONPATH={tests} python -m support.pycon {shlex.quote(str(page))} {number}"
    return Example(command, shown, block.line)


def examples(block: Block) -> list[Example]:
    """A console block's commands, each with the output shown under it."""
    found: list[Example] = []
    lines = block.text.splitlines()
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            raise ValueError(f"line {block.line + i}: output before any command: {lines[i]!r}")
        command = lines[i][2:]
        start = i
        while i + 1 < len(lines) and (
            command.endswith("\\") or lines[i + 1].startswith("> ") or lines[i + 1] == ">"
        ):
            i += 1
            more = lines[i][2:] if lines[i].startswith(">") else lines[i]
            command = command + "\n" + more
        i += 1
        shown = []
        while i < len(lines) and not lines[i].startswith("$ "):
            shown.append(lines[i])
            i += 1
        background = command.rstrip().endswith("&") and not command.rstrip().endswith("&&")
        if background:
            command = command.rstrip()[:-1].rstrip()
        found.append(Example(command, shown, block.line + start, background))
    return found


def script(runs: list[Example]) -> str:
    """One bash script running a page's commands in order, marking where each one's output ends."""
    parts = [
        "exec 2>&1",
        "background=()",
        "trap 'for p in \"${background[@]}\"; do kill -TERM -- -$p 2>/dev/null; done; wait' EXIT",
        "set -m",  # each background command in its own process group, ended whole at the end
    ]
    for n, example in enumerate(runs):
        if example.background:
            log = f".doc-background-{n}.log"
            # Awaited: the last line shown (its text up to any `...`), else as many lines.
            last = [line.split("...")[0] for line in example.shown if line.strip() != "..."]
            if last and last[-1].strip():
                needle = shlex.quote(last[-1])
                upto = f"grep -m1 -n -F -- {needle} {log} | cut -d: -f1"
            else:
                upto = f"echo {len(example.shown)}"
            parts += [
                f"( {example.command} ) > {log} 2>&1 &",
                "background+=($!)",
                f'for _ in $(seq 300); do n=$({upto}); [ -n "$n" ] && '
                f"[ $(wc -l < {log}) -ge $n ] && break; sleep 0.1; done",
                f'head -n "${{n:-0}}" {log}',
                f"printf '\\n{END_MARK} 0\\n'",
            ]
        else:
            parts += [example.command, f"printf '\\n{END_MARK} %s\\n' \"$?\""]
    return "\n".join(parts) + "\n"


def outputs(printed: str) -> list[tuple[str, int]]:
    """Each command's output and exit status, from the marks `script` made."""
    found = []
    text = printed
    while (at := text.find("\n" + END_MARK + " ")) >= 0:
        output = text[:at]
        rest = text[at + len(END_MARK) + 2 :]
        status, _, text = rest.partition("\n")
        found.append((output, int(status)))
    return found


def pattern(shown: list[str]) -> re.Pattern[str]:
    """The shown lines as a pattern: a line `...` is any lines, `...` in a line any text."""
    parts = []
    for line in shown:
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            pieces = line.rstrip().split("...")
            parts.append(".*".join(re.escape(piece) for piece in pieces) + r"\n")
    return re.compile("".join(parts))


def matches(shown: list[str], printed: str) -> bool:
    lines = [line.rstrip() for line in printed.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    text = "".join(line + "\n" for line in lines)
    while shown and not shown[-1].strip():
        shown = shown[:-1]
    return pattern(shown).fullmatch(text) is not None


def sh_commands(block: Block) -> list[list[str]]:
    """The `puzzledb ...` lines of a block shown and not run, split as a shell would."""
    commands = []
    for line in block.text.replace("\\\n", " ").splitlines():
        for part in re.split(r"&&|\|\||;|\|", line.split(" #")[0]):
            words = shlex.split(part.strip(), comments=True) if part.strip() else []
            while words and "=" in words[0] and not words[0].startswith("-"):
                words = words[1:]  # VAR=value before the command
            if words and words[0] in ("puzzledb", ".venv/bin/puzzledb"):
                commands.append(words[1:])
    return commands


def run_page(page: Path, folder: Path, env: dict[str, str]) -> list[tuple[Example, str, int]]:
    """Each command of `page` run in order in `folder`, with what it printed and its status."""
    import subprocess

    runs = [e for b in blocks(page) for e in b.examples]
    done = subprocess.run(
        ["bash", "-c", script(runs)],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    printed = outputs(done.stdout)
    if len(printed) != len(runs):
        raise RuntimeError(f"{page.name}: the page stopped early:\n{done.stdout[-3000:]}")
    return [(e, out, status) for e, (out, status) in zip(runs, printed)]


if __name__ == "__main__":
    # `python tests/support/doc_examples.py docs/PAGE.md`: what each example that differs
    # prints now, to compare with the page (from the checkout, in puzzledb's virtual
    # environment).
    import os
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / ".venv").symlink_to(Path(sys.prefix))
        env = dict(
            os.environ,
            PATH=f"{Path(sys.executable).parent}:{os.environ['PATH']}",
            COLUMNS="100",
            LC_ALL="C.UTF-8",
        )
        for example, out, status in run_page(Path(sys.argv[1]), Path(folder), env):
            if not matches(example.shown, out):
                print(f"--- line {example.line} (exit {status}): $ {example.command}\n{out}")
