"""Many Rush Hour cards in one build (`puzzledb build NAME --rush-cards FILE`): cards a second,
bytes a position, and the single-card search of rush51 (the layered search on packed boards).

    python bench/rush_cards.py                 # 10,000 generated cards, seed 31
    python bench/rush_cards.py --cards 2000 --seed 7 --dir /tmp

The cards are this script's own (`generate`): 6x6 boards, the primary car on row 3, 12 to 14
other cars and trucks at random and now and then a wall, kept when their cluster can be
solved and holds at most 5,000 positions (drawn cards of this kind average ~7,000; Fogleman's
database ~3,800 a card). Their figures (moves, cluster_size) are found once by the build's
own walk and search, written in Fogleman's line format, and the timed build checks them again.
Never run in CI.
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from puzzledb.builder import catalogue  # noqa: E402
from puzzledb.builder.kinds.rush.card_list import CardLine  # noqa: E402
from puzzledb.builder.kinds.rush.cards import RushCards  # noqa: E402
from puzzledb.builder.kinds.rush.packed import PackedRush, codec_of  # noqa: E402
from puzzledb.builder.kinds.rush.walk import walk  # noqa: E402
from puzzledb.builder.search.plain_order import plain_order_bfs  # noqa: E402
from puzzledb.db.build import search  # noqa: E402

SIDE = 6
#: Cards drawn and walked together while generating.
BATCH = 2_000
#: The largest cluster a generated card may have: the issue's single card is of ~5,000.
MAX_CLUSTER = 5_000
EXIT_ROW = 2


def board(rng: random.Random) -> str:
    """One random 6x6 card: A on row 3 left of the exit, then cars and trucks dropped where
    they fit (none horizontal in front of A), sometimes a wall off A's row."""
    cells = ["o"] * SIDE * SIDE
    a = rng.randrange(SIDE - 2)
    cells[EXIT_ROW * SIDE + a] = cells[EXIT_ROW * SIDE + a + 1] = "A"
    letters = iter("BCDEFGHIJKLMNPQRSTUVWYZ")
    wanted = rng.randint(12, 14)  # with A at most 15 vehicles: 45 bits, and 19 for layouts
    for _ in range(200):
        if wanted == 0:
            break
        length = 3 if rng.random() < 0.3 else 2
        horizontal = rng.random() < 0.5
        row, col = rng.randrange(SIDE), rng.randrange(SIDE)
        if (col if horizontal else row) + length > SIDE or (horizontal and row == EXIT_ROW):
            continue
        spots = [(row * SIDE + col + (i if horizontal else i * SIDE)) for i in range(length)]
        if any(cells[s] != "o" for s in spots):
            continue
        letter = next(letters)
        for s in spots:
            cells[s] = letter
        wanted -= 1
    free = [c for c in range(SIDE * SIDE) if cells[c] == "o" and c // SIDE != EXIT_ROW]
    if free and rng.random() < 0.1:
        cells[rng.choice(free)] = "x"
    return "".join(cells)


def generate(count: int, seed: int) -> list[str]:
    """`count` solvable cards of distinct clusters of at most MAX_CLUSTER positions, drawn
    with `seed`, walked BATCH at a time."""
    rng = random.Random(seed)
    kept: list[str] = []
    while len(kept) < count:
        drawn = [board(rng) for _ in range(BATCH)]
        codec = PackedRush(drawn, SIDE, SIDE)
        walked = walk(codec, codec.encode_many(drawn))
        goals = walked.cluster[codec.at_exit(walked.codes)]
        solvable = np.bincount(goals, minlength=len(walked.sizes)) > 0
        solvable &= walked.sizes <= MAX_CLUSTER
        first: dict[int, int] = {}
        for i, cluster in enumerate(walked.card_cluster.tolist()):
            first.setdefault(cluster, i)
        kept += [drawn[i] for cluster, i in first.items() if solvable[cluster]]
    return list(dict.fromkeys(kept))[:count]  # two batches may share a cluster: the build says


def card_list(cards: list[str]) -> str:
    """The cards in Fogleman's format, their figures found by the build's own walk and search
    (each timed, as a build runs them, and printed)."""
    started = time.perf_counter()
    lines = [CardLine(i, b) for i, b in enumerate(cards)]
    puzzle = RushCards.from_lines("bench", lines, SIDE, SIDE, "moves", "bench")
    walked = time.perf_counter()
    result = search(puzzle, puzzle.default_goal)
    searched = time.perf_counter()
    print(
        f"  walk of the clusters {walked - started:.1f} s, search {searched - walked:.1f} s: "
        f"{result.states:,} positions, {result.states / (searched - walked):,.0f} a second"
    )
    depths = result.depths_of([c.board for c in puzzle.listed])
    sizes = [puzzle.sizes[n] for n in puzzle.card_cluster]
    return "".join(f"{d} {b} {n}\n" for b, d, n in zip(cards, depths, sizes))


def single_card(name: str, runs: int) -> tuple[float, float, int]:
    """rush51's search on packed boards: the median and best of `runs`, in seconds."""
    puzzle = catalogue.get(name)
    sources = puzzle.goal_positions(puzzle.default_goal)
    times = []
    for _ in range(runs):
        codec = codec_of(puzzle)
        started = time.perf_counter()
        result = plain_order_bfs(codec, puzzle.default_goal, sources=sources)
        times.append(time.perf_counter() - started)
    return statistics.median(times), min(times), result.states


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--dir", default=None, help="where the list and database go")
    parser.add_argument("--runs", type=int, default=20, help="runs of the single-card search")
    args = parser.parse_args()
    print("load: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    median, best, states = single_card("rush51", args.runs)
    print(f"rush51 search alone: {states:,} positions, median {median * 1e3:.1f} ms, ", end="")
    print(f"best {best * 1e3:.1f} ms of {args.runs}")
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        started = time.perf_counter()
        cards = generate(args.cards, args.seed)
        listed = Path(folder) / "cards.txt"
        listed.write_text(card_list(cards))
        made = time.perf_counter() - started
        print(
            f"generated {len(cards):,} cards (seed {args.seed}) and their figures in {made:.1f} s"
        )
        database = Path(folder) / "cards.sqlite"
        command = [sys.executable, "-m", "puzzledb.service.cli", "build", "bench"]
        command += ["--rush-cards", str(listed), "--db", str(database), "-q"]
        started = time.perf_counter()
        subprocess.run(command, check=True)
        seconds = time.perf_counter() - started
        with sqlite3.connect(database) as conn:
            states = conn.execute("SELECT states FROM puzzles WHERE name = 'bench'").fetchone()[0]
        size = database.stat().st_size
        print(
            f"built {len(cards):,} cards ({states:,} positions) in {seconds:.1f} s, the whole ",
            end="",
        )
        print(
            f"command: {len(cards) / seconds:,.0f} cards a second, {states / seconds:,.0f} a second"
        )
        print(f"database {size:,} bytes: {size / states:.1f} bytes a position")
        print("load: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
