"""The layered search on one thread against all of this machine's cores, alternately.

    python bench/search_threads.py nine fifteen:22 english-chain:9 --repeat 3

Each PUZZLE[:RADIUS] is searched (no rows stored) with builder.search.threads.WORKERS set to
1, then to the cores this process may use, --repeat times alternately, so that the machine's
noise falls on both alike; the two results are checked equal, layer by layer. Prints, headed
by the date (UTC) and the load average, the median wall and CPU seconds of each and the ratio
of the medians. Never run in CI.
"""

from __future__ import annotations

import argparse
import datetime
import os
import statistics
import time

import numpy as np

from puzzledb.builder import catalogue
from puzzledb.builder.search import threads
from puzzledb.builder.search.codecs import codec_for, packed_search


def searched(name: str, radius: int | None, workers: int) -> tuple[float, float, list]:
    """(wall s, CPU s, the layers) of one search with `workers` threads."""
    puzzle = catalogue.get(name)
    codec = codec_for(puzzle)
    if codec is None:
        raise SystemExit(f"{name}: no packed codec")
    threads.WORKERS = workers
    began, cpu = time.perf_counter(), time.process_time()
    result = packed_search(codec, puzzle.default_goal, radius)
    wall, cpu = time.perf_counter() - began, time.process_time() - cpu
    return wall, cpu, [result.layers, result.layer_moves, result.layer_counts]


def same(a: list, b: list) -> bool:
    """Whether two searches' layers, moves and counts are equal."""
    layers_a, moves_a, counts_a = a
    layers_b, moves_b, counts_b = b
    return (
        len(layers_a) == len(layers_b)
        and all(np.array_equal(x, y) for x, y in zip(layers_a, layers_b))
        and all(np.array_equal(x, y) for x, y in zip(moves_a, moves_b))
        and all(
            len(x) == len(y) and all(np.array_equal(p, q) for p, q in zip(x, y))
            for x, y in zip(counts_a, counts_b)
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("puzzles", nargs="+", help="PUZZLE or PUZZLE:RADIUS")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cores = threads.WORKERS
    moment = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"{moment}, load average {' / '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'search':24} {'1 thread':>18} {f'{cores} threads':>18} {'ratio':>7}")
    for spec in args.puzzles:
        name, _, radius = spec.partition(":")
        runs: dict[int, list[tuple[float, float]]] = {1: [], cores: []}
        first: dict[int, list] = {}
        for _ in range(args.repeat):
            for workers in (1, cores):
                wall, cpu, layers = searched(name, int(radius) if radius else None, workers)
                runs[workers].append((wall, cpu))
                first.setdefault(workers, layers)
                del layers
        if not same(first[1], first[cores]):
            raise SystemExit(f"{spec}: the searches differ")
        medians = {
            w: (statistics.median(x for x, _ in r), statistics.median(y for _, y in r))
            for w, r in runs.items()
        }
        cells = [f"{medians[w][0]:7.2f} s ({medians[w][1]:6.2f} CPU)" for w in (1, cores)]
        print(f"{spec:24} {cells[0]:>18} {cells[1]:>18} {medians[1][0] / medians[cores][0]:6.2f}x")
    threads.WORKERS = cores


if __name__ == "__main__":
    main()
