"""Reading a list of Rush Hour cards: how long a list of the most cards a build takes
(MAX_CARDS, a million) is read and checked line by line, and how soon a longer one is refused.

    python bench/card_list.py [--cards 1000000] [--repeat 3]

Writes a list of `--cards` lines of Fogleman's format (rush51's line over and over: every
line is parsed and checked as any card is) and one line more than MAX_CARDS, then prints as
a markdown table, headed by the command line, the date (UTC) and the load average: the best
and median seconds of `load_cards` on the first (in this process: the reading and checking
alone, before any search), and of `puzzledb build big --rush-cards FILE --json` on the second
end to end (refused as too long, before a line is read as a card).
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puzzledb.builder.kinds.rush.card_list import MAX_CARDS, load_cards  # noqa: E402

LINE = "51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=MAX_CARDS)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(
        f"`python bench/card_list.py --cards {args.cards} --repeat {args.repeat}`, {now}, "
        f"load {os.getloadavg()[0]:.2f}\n"
    )
    print("| what | lines | best s | median s |")
    print("|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        listed, too_long = Path(folder) / "cards.txt", Path(folder) / "too-long.txt"
        listed.write_text(LINE * args.cards)
        too_long.write_text(LINE * (MAX_CARDS + 1))
        times = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            cards, _, _ = load_cards(str(listed))
            times.append(time.perf_counter() - started)
        assert len(cards) == args.cards
        print(row("read and checked (`load_cards`)", args.cards, times))
        command = [sys.executable, "-m", "puzzledb.service.cli", "build", "big"]
        command += ["--rush-cards", str(too_long), "--db", str(Path(folder) / "x.sqlite")]
        times = []
        for _ in range(args.repeat):
            started = time.perf_counter()
            done = subprocess.run([*command, "--json"], capture_output=True, text=True)
            times.append(time.perf_counter() - started)
            assert done.returncode == 2 and "split the list" in done.stdout, done.stdout[:200]
        print(row("one too many, refused (`puzzledb build`, end to end)", MAX_CARDS + 1, times))


def row(what: str, lines: int, times: list[float]) -> str:
    return f"| {what} | {lines:,} | {min(times):.2f} | {statistics.median(times):.2f} |"


if __name__ == "__main__":
    main()
