"""Run a page's ```pycon session as the interactive interpreter would, for doc_examples.

    PYTHONPATH=tests python -m support.pycon PAGE N

The page's pycon blocks before block N run quietly (a session is one namespace across the
page), then block N's statements run one by one, each expression's value printed as the
interpreter prints it (sys.displayhook) along with what the statement prints itself.
"""

from __future__ import annotations

import contextlib
import io
import sys
from pathlib import Path

from support.doc_examples import blocks


def statements(text: str) -> list[str]:
    """The block's statements: a `>>> ` line and the `... ` lines under it."""
    found: list[str] = []
    for line in text.splitlines():
        if line.startswith(">>> ") or line == ">>>":
            found.append(line[4:])
        elif line.startswith("... ") and found:
            found[-1] += "\n" + line[4:]
    return found


def run(source: str, namespace: dict) -> None:
    code = compile(source + "\n", "<doc>", "single")
    exec(code, namespace)


def main(page: Path, number: int) -> None:
    sessions = [b for b in blocks(page) if b.language == "pycon"]
    namespace: dict = {"__name__": "__main__"}
    for block in sessions[:number]:
        with contextlib.redirect_stdout(io.StringIO()):
            for statement in statements(block.text):
                run(statement, namespace)
    for statement in statements(sessions[number].text):
        run(statement, namespace)


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
