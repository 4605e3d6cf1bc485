"""Issue 45's table in one run: each build of puzzledb beside a reference, with the ratio, the
date and the machine's load, then each "must" and "goal" (issue 45's, and issue 32's it kept),
met or not.

    python bench/references.py             # every row: ~40 min, ~8 GB at most, ~25 GB of disk
    python bench/references.py --quick     # without english, eleven, english-chain: ~3 min
    python bench/references.py --repeat 5 --dir /tmp --only eleven

The references, each a search of our own:
- peg_english.c (tests/support/references/, compiled here with the system's `cc -O2`): a
  single-threaded C breadth-first search of the English cross backwards from the goal, every
  position with exact counts of winning jump sequences, and again one position per symmetry
  class. Its layers are asserted equal to what `build english` stores, so the reference is
  checked too. With --quick, both run within --radius jumps of the goal (`english --radius 10`).
  Its every-position search is also `english-chain`'s reference (there is no C search of the
  chain metric): the chain build is held to the time of the single-jump one.
- sliding.c (beside it): a C breadth-first search of a whole board of tiles with exact counts
  of optimal solutions, one byte and one count a position indexed by the board's rank; set
  beside `build eleven` (3x4), its layers and counts asserted equal to the build's.
- eight.c (beside it, compiled the same way): the whole 8-puzzle from its goal, three ways:
  as the articles' C program issue 32 measured does it (a binary search tree of byte boards,
  looked in, then inserted into by a second walk, a node allocated each: the ratio), the same
  tree in one walk (tighter than the article), and packed into words (the floor).
- bench/reference/klotski_bfs.py: a plain Python search from Klotski's start to the exit (116
  moves one piece one cell, 81 one piece anywhere it slides).
- bench/reference/py_klotski_solve.py: py-klotski (PyPI, C++ core) solving the start, when it
  is installed (`pip install py-klotski`, bench only: not one of puzzledb's dependencies);
  else a note.
- the lookup row: bench/startup.py, `puzzledb path eight 867254301 --json` against
  `python -c "import sqlite3, click"`, bytecode cached.
The C sources live with the tests, which check them against puzzledb
(tests/builder/test_c_references.py): what a test needs is not kept in bench/.
- klotski-all (every layout of Klotski's board with the big square, two blanks and any mix of
  the other pieces): its must is a time (≤ 60 s, goal 15 s); py-klotski, which enumerates its
  layouts (with two or more blanks) in C++, does not build here, so the row has no reference.

Each puzzledb build is bench/staged_build.py, a fresh process running what `puzzledb build`
runs into an empty file; each reference a fresh process too. Wall seconds, CPU seconds (user +
system) and peak memory are the process's own (wait4). Short rows run --repeat times,
alternating puzzledb and its reference (and each Klotski build with a `build eight`, which
its must compares it with); the best wall time is shown, with that run's CPU and memory.
The machine is shared: compare within one run. Never run in CI.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REFERENCE = BENCH / "reference"
C_SOURCES = BENCH.parent / "tests" / "support" / "references"
GB = 1024**3

#: The published figures each row asserts.
ENGLISH_POSITIONS, ENGLISH_CLASSES = 187_636_299, 23_475_688
ENGLISH_START = (31, 40_861_647_040_079_968)  # jumps from the finish, winning sequences
ELEVEN_STATES = 239_500_800
KLOTSKI_MOVES = {"klotski": 116, "klotski-straight": 90, "klotski-finger": 81}
KLOTSKI_ALL_STATES = 1_299_392  # layouts of the two-blank family that reach the exit
#: Every "must", as the rows word it: issue 45's (builds at the machine's limit) and those of
#: issue 32 that it left as they were. One not measured in a run is said to be so.
MUSTS = (
    "`eight` ≤ 1.3x the C BFS (the article's)",
    "`klotski` no slower than `build eight` in the same run",
    "`klotski-finger` no slower than `build eight` in the same run",
    "`klotski-straight` no slower than `build eight` in the same run",
    "`english` whole ≤ 20 s",
    "`eleven` with counts ≤ the C search of every position (same run)",
    "`english-chain` whole ≤ the C search of every English position (same run)",
    "`english-chain` file ≤ 15 bytes a position",
    "`klotski-all` (every layout of every piece mix) ≤ 60 s",
    '`puzzledb path eight 867254301 --json` ≤ 1.5x `python -c "import sqlite3, click"`',
)
#: Disk a whole build's file takes today (docs/performance.md), with room to spare: a row whose
#: folder has less free is left out with a note rather than failing half-way.
DISK = {"english": 3 * 1024**3, "eleven": 12 * 1024**3, "english-chain": 3 * 1024**3}
#: Today's `english` file, bytes a position (docs/performance.md): the goal is no more.
ENGLISH_BYTES_TODAY = 11.8


@dataclass
class Run:
    """One process: wall and CPU seconds, peak memory, what it printed."""

    wall: float
    cpu: float
    peak: float  # bytes
    out: str

    def said(self) -> str:
        return f"{self.wall:.2f} s wall, {self.cpu:.2f} s CPU, {self.peak / GB:.2f} GB"


@dataclass
class Row:
    work: str
    ours: str
    reference: str = "–"
    ratio: str = "–"
    load: str = ""


@dataclass
class Verdict:
    """An aim of the issue: its words, whether it is must or goal, and what was measured."""

    kind: str
    aim: str
    met: bool | None  # None: not measured in this run
    measured: str


@dataclass
class Bench:
    work: Path
    repeat: int
    rows: list[Row] = field(default_factory=list)
    verdicts: list[Verdict] = field(default_factory=list)
    binaries: dict[str, Path] = field(default_factory=dict)
    #: the C search of every English position, once run (english-chain's reference too)
    every_english: Run | None = None

    def row(self, row: Row) -> None:
        row.load = load()
        self.rows.append(row)
        print(f"  {row.work}: {row.ours} | {row.reference} | {row.ratio} (load {row.load})")

    def aim(self, kind: str, aim: str, met: bool | None, measured: str) -> None:
        self.verdicts.append(Verdict(kind, aim, met, measured))


def load() -> str:
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


def measured(command: list[str]) -> Run:
    """Run a command to its end: its wall and CPU seconds, peak memory and output."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({child.returncode}):\n{out}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, out)


def build(bench: Bench, name: str, radius: int | None = None) -> tuple[Run, dict, Path]:
    """A fresh build into an empty file: the process, what it printed (stages, summary), the
    file (the caller reads and removes it)."""
    db = bench.work / f"{name}.sqlite"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    extra = [] if radius is None else ["--radius", str(radius)]
    run = measured([sys.executable, str(BENCH / "staged_build.py"), name, "--db", str(db), *extra])
    return run, json.loads(run.out.splitlines()[-1]), db


def removed(db: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)


def compiled(bench: Bench, source: str) -> Path:
    """The C reference SOURCE (its .c in tests/support/references/) compiled with the
    system's cc -O2 into the work folder."""
    if source not in bench.binaries:
        cc = shutil.which("cc") or shutil.which("gcc")
        if cc is None:
            raise SystemExit("no C compiler (cc): install one (Debian: apt-get install gcc)")
        binary = bench.work / source
        subprocess.run([cc, "-O2", "-o", str(binary), str(C_SOURCES / f"{source}.c")], check=True)
        bench.binaries[source] = binary
    return bench.binaries[source]


def fields(out: str, head: str) -> list[dict[str, str]]:
    """The lines of a reference's output that begin with `head`, as {word: the word after}."""
    found = []
    for line in out.splitlines():
        words = line.split()
        if words and words[0] == head:
            found.append(dict(zip(words[::2], words[1::2])))
    return found


def best(runs: list[Run]) -> Run:
    return min(runs, key=lambda r: r.wall)


def ratio(ours: Run, theirs: Run) -> str:
    return f"{ours.wall / theirs.wall:.2f}x wall, {ours.cpu / theirs.cpu:.2f}x CPU"


#: The rows --only may name, in the order they run.
ROWS = ("eight", "klotski", "klotski-all", "english", "eleven", "english-chain", "lookup")


# ---- the English cross ----


def room_for(bench: Bench, name: str) -> bool:
    """Whether the work folder has the disk a whole build of `name` takes; if not, says so."""
    free = shutil.disk_usage(bench.work).free
    if free >= DISK[name]:
        return True
    print(
        f"  {name}: left out, {free / GB:.1f} GB free in {bench.work} and its file takes "
        f"about {DISK[name] / GB:.0f} GB (--dir elsewhere)"
    )
    return False


def english(bench: Bench, radius: int | None) -> None:
    """`build english` (whole, or within a radius) against the C search, both modes; every
    layer of all three asserted equal."""
    label = "English cross, whole, with exact counts"
    args = [] if radius is None else ["--radius", str(radius)]
    if radius is not None:
        label = f"English cross within {radius} jumps (--quick's stand-in for the whole)"
    peg = compiled(bench, "peg_english")
    every = measured([str(peg), *args])
    ours, printed, db = build(bench, "english", radius)
    classes = measured([str(peg), "--classes", *args])
    stored = stored_english(db)
    size = db.stat().st_size
    removed(db)
    c_every, c_classes = fields(every.out, "layer"), fields(classes.out, "layer")
    for layer, mine, theirs in zip(stored, c_every, c_classes, strict=True):
        depth, positions, kept, counts = layer
        assert int(mine["positions"]) == int(theirs["positions"]) == positions, (depth, layer)
        assert int(theirs["classes"]) == kept, (depth, layer, theirs)
        assert int(mine["counts"]) == int(theirs["counts"]) == counts, (depth, layer)
    total = sum(layer[1] for layer in stored)
    kept_total = sum(layer[2] for layer in stored)
    if radius is None:
        assert (total, kept_total) == (ENGLISH_POSITIONS, ENGLISH_CLASSES), (total, kept_total)
        # "start depth D count N": the pairs follow the line's first word
        words = next(line.split() for line in every.out.splitlines() if line.startswith("start"))
        start = dict(zip(words[1::2], words[2::2]))
        assert (int(start["depth"]), int(start["count"])) == ENGLISH_START, start
    checked = (
        f"{total:,} positions, {kept_total:,} classes, every layer's counts equal in all three"
    )
    print(f"  english: {checked}")
    search = printed["stages"]["search"]
    bench.row(
        Row(
            label,
            f"`build english{'' if radius is None else f' --radius {radius}'}`: "
            f"{ours.said()} (search {search:.1f} s), "
            f"{size / total:.1f} bytes a position",
            f"C, every position with counts: {every.said()}; "
            f"one position a class, with counts: {classes.said()}",
            f"{ratio(ours, every)} / {ratio(ours, classes)}",
        )
    )
    if radius is None:
        bench.every_english = every
        bench.aim("must", "`english` whole ≤ 20 s", ours.wall <= 20, f"{ours.wall:.0f} s")
        bench.aim(
            "goal",
            "`english` whole ≤ the C search of one position a class (same run)",
            ours.wall <= classes.wall,
            f"{ours.wall:.1f} s against {classes.wall:.1f} s",
        )
        bench.aim(
            "goal",
            f"`english` file ≤ {ENGLISH_BYTES_TODAY} bytes a position (today's)",
            size / total <= ENGLISH_BYTES_TODAY,
            f"{size / total:.1f}",
        )


def stored_english(db: Path) -> list[tuple[int, int, int, int]]:
    """(depth, positions, classes, the sum of its positions' counts) of each stored layer:
    positions from the layers table, classes and counts from the rows (a class's count times
    its size, the symmetries giving its distinct images)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        build_id, table = conn.execute(
            "SELECT id, node_table FROM puzzles WHERE name = 'english'"
        ).fetchone()
        sizes = dict(
            conn.execute(
                "SELECT fixed, count(*) FROM class_images WHERE puzzle_id = ? GROUP BY fixed",
                (build_id,),
            )
        )
        positions = dict(
            conn.execute("SELECT depth, states FROM layers WHERE puzzle_id = ?", (build_id,))
        )
        kept: dict[int, int] = {}
        counts: dict[int, int] = {}
        # one pass over the rows in key order (a scan, not the depth index's lookups)
        for depth, fixed, solutions in conn.execute(
            f"SELECT depth, fixed, solutions FROM {table} NOT INDEXED"
        ):
            kept[depth] = kept.get(depth, 0) + 1
            counts[depth] = counts.get(depth, 0) + int(solutions) * sizes[fixed]
    assert sorted(positions) == sorted(kept), (positions, kept)
    return [(d, positions[d], kept[d], counts[d]) for d in sorted(positions)]


# ---- Klotski ----


def klotski(bench: Bench, name: str, metric: str) -> None:
    """`build NAME` against the plain Python search of the same metric (and py-klotski's
    solve, when installed), alternated; the start's distance asserted equal. Each build is
    also alternated with a `build eight`, which its must holds it to: the machine's pace
    drifts over minutes, so builds compared are made side by side."""
    ours_runs: list[Run] = []
    eights: list[Run] = []
    theirs_runs: list[Run] = []
    searches: list[float] = []
    python = metric in ("unit", "finger")
    for _ in range(bench.repeat):
        eight_run, _, eight_db = build(bench, "eight")
        eights.append(eight_run)
        removed(eight_db)
        run, printed, db = build(bench, name)
        ours_runs.append(run)
        searches.append(printed["stages"]["search"])
        depth = start_depth(db, name)
        removed(db)
        assert depth == KLOTSKI_MOVES[name], (name, depth)
        if python:
            theirs = measured([sys.executable, str(REFERENCE / "klotski_bfs.py"), metric])
            moves = int(fields(theirs.out, "moves")[0]["moves"])
            assert moves == depth, (name, moves, depth)
            theirs_runs.append(theirs)
    ours = best(ours_runs)
    search = min(searches)
    work = f"Klotski, {metric} metric"
    said = f"`build {name}`: {ours.said()} (search {search:.2f} s), start {depth} moves"
    if not python:
        bench.row(Row(work, said))
    else:
        theirs = best(theirs_runs)
        reference = f"plain Python BFS to the exit ({depth} moves): {theirs.said()}"
        ratios = f"{ratio(ours, theirs)} (Python)"
        solved = py_klotski(bench)
        if solved is None:
            reference += "; py-klotski not installed (`pip install py-klotski`): skipped"
        elif metric == "finger":
            run, moves = solved
            assert moves == depth, ("py-klotski", moves, depth)
            reference += f"; py-klotski's solve of the start ({moves}): {run.said()}"
            ratios += f"; {ratio(ours, run)} (py-klotski)"
        bench.row(Row(work, said, reference, ratios))
    bench.aim(
        "goal",
        f"`{name}`: ≤ 0.5 s of search",
        search <= 0.5,
        f"{search:.2f} s",
    )
    eight = best(eights)
    bench.aim(
        "must",
        f"`{name}` no slower than `build eight` in the same run",
        ours.wall <= eight.wall,
        f"{ours.wall:.2f} s against {eight.wall:.2f} s (best of each, alternated)",
    )


def start_depth(db: Path, name: str) -> int:
    from puzzledb.db.connection import reader
    from puzzledb.service.answers import Answers

    return int(Answers(reader(db)).path(name, "start")["depth"])


_SOLVED: list[tuple[Run, int] | None] = []


def py_klotski(bench: Bench) -> tuple[Run, int] | None:
    """py-klotski's solve of the start, once a run: (the process, its moves), or None when the
    package is not installed."""
    if not _SOLVED:
        script = REFERENCE / "py_klotski_solve.py"
        probe = subprocess.run([sys.executable, str(script), "--check"], capture_output=True)
        if probe.returncode != 0:
            _SOLVED.append(None)
        else:
            run = best([measured([sys.executable, str(script)]) for _ in range(bench.repeat)])
            _SOLVED.append((run, int(fields(run.out, "moves")[0]["moves"])))
    return _SOLVED[0]


# ---- the 8-puzzle ----


def eight(bench: Bench) -> None:
    """`build eight` against the C search of the whole puzzle, alternated; every layer of each
    C search asserted equal to the stored one."""
    binary = compiled(bench, "eight")
    ours_runs: list[Run] = []
    modes = ("article", "tree", "packed")
    runs: dict[str, list[Run]] = {mode: [] for mode in modes}
    for _ in range(bench.repeat):
        run, _, db = build(bench, "eight")
        ours_runs.append(run)
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
            layers = dict(conn.execute("SELECT depth, states FROM layers"))
        removed(db)
        for mode in modes:
            runs[mode].append(measured([str(binary), f"--{mode}"]))
            out = runs[mode][-1].out
            theirs = {int(f["layer"]): int(f["states"]) for f in fields(out, "layer")}
            assert theirs == layers, (mode, theirs, layers)
    ours = best(ours_runs)
    article, tree, packed = (best(runs[mode]) for mode in modes)
    bench.row(
        Row(
            "eight, whole",
            f"`build eight`: {ours.said()}",
            f"C BFS as the articles' program does it (a tree of boards, looked in then "
            f"inserted into, a node allocated each): {article.said()}; the same tree in one "
            f"walk: {tree.said()}; packed words (the floor): {packed.said()}",
            f"{ratio(ours, article)} (the article's); {ratio(ours, tree)} (one walk); "
            f"{ours.wall / packed.wall:.0f}x wall (packed)",
        )
    )
    times = ours.wall / article.wall
    bench.aim("must", "`eight` ≤ 1.3x the C BFS (the article's)", times <= 1.3, f"{times:.2f}x")
    bench.aim("goal", "`eight` ≤ 1.0x the C BFS (the article's)", times <= 1.0, f"{times:.2f}x")


# ---- eleven, english-chain, klotski-all and a lookup ----


def eleven(bench: Bench) -> None:
    """`build eleven` against the C search of every position with counts (sliding.c), every
    layer's positions and counts asserted equal."""
    run, printed, db = build(bench, "eleven")
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        [(table, most)] = conn.execute("SELECT node_table, max_solutions FROM puzzles")
        stored = conn.execute(
            f"SELECT depth, count(*), sum(solutions) FROM {table} GROUP BY depth ORDER BY depth"
        ).fetchall()
    size = db.stat().st_size
    removed(db)
    assert printed["built"]["states"] == ELEVEN_STATES, printed
    reference = measured([str(compiled(bench, "sliding")), "3", "4"])
    layers = [
        (int(f["layer"]), int(f["states"]), int(f["solutions"]))
        for f in fields(reference.out, "layer")
    ]
    assert layers == stored, "the C search and the build differ"
    assert fields(reference.out, "most_solutions") == [{"most_solutions": str(most)}]
    search = printed["stages"]["search"]
    bench.row(
        Row(
            "eleven (3x4) whole with counts",
            f"`build eleven`: {run.said()} (search {search:.0f} s), "
            f"{size / ELEVEN_STATES:.1f} bytes a position",
            f"C, every position with counts: {reference.said()}",
            ratio(run, reference),
        )
    )
    times = run.wall / reference.wall
    bench.aim(
        "must",
        "`eleven` with counts ≤ the C search of every position (same run)",
        times <= 1.0,
        f"{times:.2f}x",
    )
    bench.aim("goal", "`eleven` with counts ≤ 0.6x the C search", times <= 0.6, f"{times:.2f}x")


def english_chain(bench: Bench) -> None:
    """`build english-chain`, against the C search of every English position (one jump a
    move: the chain metric has no C search of its own), run here unless the english row
    ran it."""
    run, printed, db = build(bench, "english-chain")
    size = db.stat().st_size
    removed(db)
    assert printed["built"]["states"] == ENGLISH_POSITIONS, printed
    if bench.every_english is None:
        bench.every_english = measured([str(compiled(bench, "peg_english"))])
    every = bench.every_english
    search = printed["stages"]["search"]
    bench.row(
        Row(
            "english-chain whole",
            f"`build english-chain`: {run.said()} (search {search:.0f} s), "
            f"{size / ENGLISH_POSITIONS:.1f} bytes a position",
            f"C, every English position with counts (one jump a move): {every.said()}",
            ratio(run, every),
        )
    )
    bench.aim(
        "must",
        "`english-chain` whole ≤ the C search of every English position (same run)",
        run.wall <= every.wall,
        f"{run.wall:.0f} s against {every.wall:.0f} s",
    )
    per = size / ENGLISH_POSITIONS
    bench.aim("must", "`english-chain` file ≤ 15 bytes a position", per <= 15, f"{per:.1f}")
    bench.aim("goal", "`english-chain` whole ≤ 45 s", run.wall <= 45, f"{run.wall:.0f} s")


def klotski_all(bench: Bench) -> None:
    """`build klotski-all` in each metric, best of --repeat: every layout of every mix, the
    classic start's distance asserted as `klotski`'s."""
    for name, metric in (
        ("klotski-all", "unit"),
        ("klotski-all-straight", "straight"),
        ("klotski-all-finger", "finger"),
    ):
        runs: list[tuple[Run, dict]] = []
        for _ in range(bench.repeat):
            run, printed, db = build(bench, name)
            depth = start_depth(db, name)
            size = db.stat().st_size
            removed(db)
            assert printed["built"]["states"] == KLOTSKI_ALL_STATES, printed
            assert depth == KLOTSKI_MOVES[name.replace("-all", "")], (name, depth)
            runs.append((run, printed))
        run, printed = min(runs, key=lambda r: r[0].wall)
        search = printed["stages"]["search"]
        bench.row(
            Row(
                f"Klotski, every layout of every mix, {metric} metric",
                f"`build {name}`: {run.said()} (search {search:.2f} s), "
                f"{KLOTSKI_ALL_STATES:,} layouts, start {depth} moves, "
                f"{size / KLOTSKI_ALL_STATES:.0f} bytes a layout",
                "py-klotski (C++) does not build here",
            )
        )
        if metric == "unit":
            aim = "`klotski-all` (every layout of every piece mix) ≤ 60 s"
            bench.aim("must", aim, run.wall <= 60, f"{run.wall:.1f} s")
            bench.aim("goal", "`klotski-all` ≤ 15 s", run.wall <= 15, f"{run.wall:.1f} s")


def lookup(bench: Bench) -> None:
    """bench/startup.py's first row: `path --json` against an interpreter loading sqlite3 and
    click, bytecode cached as an install leaves it."""
    run = measured([sys.executable, str(BENCH / "startup.py"), "--repeat", "15"])
    line = next(
        x for x in run.out.splitlines() if x.startswith("`puzzledb path eight 867254301 --json`:")
    )
    times = float(line.split(": ")[1].split("x")[0])
    bench.row(
        Row(
            "a lookup, end to end",
            "`puzzledb path eight 867254301 --json`, median of 15 (bench/startup.py)",
            '`python -c "import sqlite3, click"`',
            f"{times:.2f}x wall",
        )
    )
    aim = '`puzzledb path eight 867254301 --json` ≤ 1.5x `python -c "import sqlite3, click"`'
    bench.aim("must", aim, times <= 1.5, f"{times:.2f}x")
    bench.aim("goal", "the lookup ≤ 1.3x the floor", times <= 1.3, f"{times:.2f}x")


def report(bench: Bench, began: str, quick: bool) -> None:
    said = {v.aim for v in bench.verdicts}
    assert {v.aim for v in bench.verdicts if v.kind == "must"} <= set(MUSTS), said
    for aim in MUSTS:
        if aim not in said:  # its row was left out: --quick, --only, or too little disk
            bench.aim("must", aim, None, "row not run")
    print()
    print(
        f"{began}; {platform.node()}: {os.cpu_count()} cores, {platform.machine()}, "
        f"Python {platform.python_version()}; load average (1 / 5 / 15 min) at each row's end"
    )
    if quick:
        print("--quick: english within a radius, no eleven, no english-chain")
    print()
    print("| work | puzzledb | reference | ratio | load |")
    print("|---|---|---|---|---|")
    for row in bench.rows:
        print(f"| {row.work} | {row.ours} | {row.reference} | {row.ratio} | {row.load} |")
    print()
    print("| aim | kind | measured | met |")
    print("|---|---|---|---|")
    for v in bench.verdicts:
        met = {True: "met", False: "NOT met", None: "not measured"}[v.met]
        print(f"| {v.aim} | {v.kind} | {v.measured} | {met} |")
    musts = [v for v in bench.verdicts if v.kind == "must"]
    open_musts = [v.aim for v in musts if v.met is not True]
    print()
    if open_musts:
        print(f"musts not met (or not measured) in this run: {len(open_musts)} of {len(musts)}")
    else:
        print(f"every must met in this run ({len(musts)})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="leave out english, eleven and english-chain"
    )
    parser.add_argument(
        "--radius", type=int, default=10, help="--quick's english radius (default 10)"
    )
    parser.add_argument("--repeat", type=int, default=3, help="runs of each short row")
    parser.add_argument(
        "--only",
        action="append",
        choices=ROWS,
        help="run only this row (again for more)",
    )
    parser.add_argument("--dir", type=Path, default=None, help="where the files go")
    args = parser.parse_args()
    began = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    print(f"{began}, load before: {load()}")
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="puzzledb-references-") as folder:
        bench = Bench(Path(folder), max(1, args.repeat))
        only = set(args.only or ROWS)
        if "eight" in only:
            eight(bench)
        if "klotski" in only:
            klotski(bench, "klotski", "unit")
            klotski(bench, "klotski-finger", "finger")
            klotski(bench, "klotski-straight", "straight")
        if "klotski-all" in only:
            klotski_all(bench)
        if "english" in only and (args.quick or room_for(bench, "english")):
            english(bench, args.radius if args.quick else None)
        long_rows = {"eleven": eleven, "english-chain": english_chain}
        for name, row in long_rows.items():
            if name in only and not args.quick and room_for(bench, name):
                row(bench)
        if "lookup" in only:
            lookup(bench)
    report(bench, began, args.quick)


if __name__ == "__main__":
    main()
