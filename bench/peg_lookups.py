"""What storing one position per class of symmetric positions costs a lookup: `english` built
to a radius twice, by classes (the default) and with every position, then the same paths,
moves and depth pages asked of both through the answer layer, in one run.

    python bench/peg_lookups.py              # radius 12: ~7 million positions, ~2 min
    python bench/peg_lookups.py --radius 9

Prints microseconds a question for each build and their ratio (the machine is shared: compare
the ratio, not the times across runs). Never run in CI.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puzzledb.builder import catalogue  # noqa: E402
from puzzledb.db.build import build_to  # noqa: E402
from puzzledb.db.connection import reader  # noqa: E402
from puzzledb.service.answers import Answers  # noqa: E402


def timed(ask, questions, rounds: int) -> float:
    """Best of `rounds` of asking every question, in microseconds a question."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for question in questions:
            ask(question)
        best = min(best, time.perf_counter() - start)
    return best / len(questions) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--radius", type=int, default=12)
    parser.add_argument("--dir", type=Path, default=None, help="where the databases go")
    args = parser.parse_args()
    english = catalogue.get("english")
    with tempfile.TemporaryDirectory(dir=args.dir, prefix=".bench-") as folder:
        answers = {}
        for name, classes in (("classes", True), ("every position", False)):
            path = Path(folder) / f"{classes}.sqlite"
            row = build_to(path, english, english.default_goal, radius=args.radius, classes=classes)
            size = path.stat().st_size
            print(f"{name}: {row['states']:,} positions, {size / row['states']:.1f} bytes each")
            answers[name] = Answers(reader(path))
        every = answers["every position"]
        deep = every.depth("english", args.radius, limit=10_000)["states"]
        sample = random.Random(1).sample(deep, min(200, len(deep)))
        kinds = {
            "path": lambda a: lambda s: a.path("english", s),
            "moves": lambda a: lambda s: a.moves("english", s),
            "depth page of 100": lambda a: lambda s: a.depth("english", args.radius, after_text=s),
        }
        for kind, asker in kinds.items():
            took = {name: timed(asker(a), sample, 3) for name, a in answers.items()}
            print(
                f"{kind:18} classes {took['classes']:8.0f} us   every position "
                f"{took['every position']:8.0f} us   ratio "
                f"{took['classes'] / took['every position']:.2f}"
            )


if __name__ == "__main__":
    main()
