"""Whether a layered search fits in memory, told before it runs out rather than by the kernel.

The layered search (builder.search.layered) holds every layer it found, and while it expands a
layer it holds that layer's children as well. Both were measured (tracemalloc, `fifteen` and
`nine`): a state kept costs ~14 bytes (a uint64 state, an int16 move, one uint32 limb of its
count), a child being de-duplicated ~70 (the child, its move and parent, the sort's keys and
order). So before each expansion the search predicts its peak from the growth so far (or, for
a board whose layers are known, from those) and stops with `too_large` if the peak would pass
the budget: nothing is stored, and the message names the largest radius that fits.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import MalformedInput, TooLarge
from ..core.numbers import too_large, too_long

#: Bytes a state of a finished layer holds (state, move code, one limb of its count), plus
#: a margin for a second limb on deep layers.
HELD_BYTES = 16
#: Bytes a child takes while its layer is de-duplicated (measured ~60-70, with margin).
CHILD_BYTES = 72
#: Children per new state where the layers are known but the search has not run (`fifteen`:
#: 1.10 measured at depths 15-20, with margin).
CHILDREN_PER_NEW = 1.25
#: Where the machine says how much memory is free, and the cgroup limits (v2, then v1).
MEMINFO = Path("/proc/meminfo")
CGROUP_LIMITS = (
    (Path("/sys/fs/cgroup/memory.max"), Path("/sys/fs/cgroup/memory.current")),
    (
        Path("/sys/fs/cgroup/memory/memory.limit_in_bytes"),
        Path("/sys/fs/cgroup/memory/memory.usage_in_bytes"),
    ),
)

_SIZE = re.compile(r"\s*(\d+(?:\.\d+)?)\s*([kmgt]i?b?|b)?\s*", re.IGNORECASE)
_UNITS = {"": 1, "b": 1, "k": 10**3, "m": 10**6, "g": 10**9, "t": 10**12}


@dataclass(frozen=True)
class Budget:
    """Bytes a search may take, and where that figure came from (for the message)."""

    bytes: int
    source: str

    def __str__(self) -> str:
        return f"{gigabytes(self.bytes)} ({self.source})"


def parse_budget(text: str) -> Budget:
    """`--memory`: '2GB', '512MiB', '1.5G' (decimal units; KiB/MiB/GiB binary)."""
    match = _SIZE.fullmatch(text or "")
    if not match:
        raise MalformedInput(f"--memory takes a size such as 8GB or 512MB, not {_quoted(text)}")
    if too_long(match[1].split(".")[0]):
        raise MalformedInput(too_large("--memory (or PUZZLEDB_MEMORY)", text.strip()))
    unit = (match[2] or "").lower()
    scale = _UNITS[unit[:1]] if "i" not in unit else 1024 ** ("kmgt".index(unit[0]) + 1)
    size = int(float(match[1]) * scale)
    if size <= 0:
        raise MalformedInput(f"--memory must be more than 0, not {_quoted(text)}")
    return Budget(size, "--memory")


def _quoted(text: str) -> str:
    from ..core.message_text import shown

    return shown(text)


def machine_budget() -> Budget:
    """What this machine can give a search now: MemAvailable, or the room left under this
    process's cgroup limit where that is lower."""
    best = Budget(_meminfo_available(), "MemAvailable") if MEMINFO.exists() else None
    for limit_file, usage_file in CGROUP_LIMITS:
        room = _cgroup_room(limit_file, usage_file)
        if room is not None and (best is None or room < best.bytes):
            best = Budget(room, "the cgroup's memory limit")
            break
    return best or Budget(8 * 10**9, "assumed: this system does not say")


def _meminfo_available() -> int:
    for line in MEMINFO.read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) * 1024
    return 0


def _cgroup_room(limit_file: Path, usage_file: Path) -> int | None:
    try:
        limit, usage = limit_file.read_text().strip(), usage_file.read_text().strip()
    except OSError:
        return None
    if limit == "max" or not limit.isdigit() or int(limit) >= 2**62:
        return None
    return max(0, int(limit) - int(usage))


def gigabytes(size: int) -> str:
    return f"{size / 1e9:.1f} GB" if size >= 10**8 else f"{size / 1e6:.1f} MB"


def peak(held_states: int, children: float) -> int:
    """The memory of a search holding `held_states` while it de-duplicates `children`."""
    return int(HELD_BYTES * held_states + CHILD_BYTES * children)


def known_peaks(histogram: list[int], radius: int) -> list[int]:
    """From known layer sizes: the peak of each expansion that a build within `radius` makes
    (expanding depth d to find d + 1), then that of holding every layer at the end."""
    peaks = []
    for depth in range(min(radius, len(histogram) - 1)):
        held = sum(histogram[: depth + 1])
        peaks.append(peak(held, CHILDREN_PER_NEW * histogram[depth + 1]))
    peaks.append(peak(sum(histogram[: radius + 1]), 0))
    return peaks


class MemoryGuard:
    """Stops a layered search before an expansion that would not fit in `budget`.

    `name` and `radius` are for the message; `known` are the layer sizes of the board, if
    they are known (builder.search.known_layers), which a build checks before it starts.
    """

    def __init__(
        self, budget: Budget, name: str, radius: int | None, known: list[int] | None = None
    ):
        self.budget, self.name, self.radius, self.known = budget, name, radius, known

    def check_known(self) -> None:
        """Refuse a build whose known layers will not fit, before any search."""
        if self.known is None:
            return
        radius = len(self.known) - 1 if self.radius is None else self.radius
        peaks = known_peaks(self.known, radius)
        if max(peaks) <= self.budget.bytes:
            return
        fits = 0
        while fits < radius and max(known_peaks(self.known, fits + 1)) <= self.budget.bytes:
            fits += 1
        states = sum(self.known[: radius + 1])
        raise self._refusal(max(peaks), fits, f"{states:,} states, known beforehand")

    def before_expanding(self, histogram: list[int], children_per_state: float) -> None:
        """With layers 0..d found (`histogram`), before finding d + 1: `children_per_state`
        is how many children a state of the last layer expanded had (its branching)."""
        if self.known is not None and len(histogram) < len(self.known):
            children = CHILDREN_PER_NEW * self.known[len(histogram)]
        else:
            children = children_per_state * histogram[-1]
        need = peak(sum(histogram), children)
        if need > self.budget.bytes:
            depth = len(histogram) - 1
            raise self._refusal(need, depth, f"{sum(histogram):,} states by depth {depth}, growing")

    def _refusal(self, need: int, fits: int, found: str) -> TooLarge:
        within = "completely" if self.radius is None else f"within radius {self.radius}"
        return TooLarge(
            f"{self.name} {within} needs about {gigabytes(need)} of memory for its search "
            f"({found}) but {self.budget} are available: the largest radius that "
            f"fits is {fits}. Build it with --radius {fits}, give it more with --memory, or "
            f"build it on several machines with --cluster (a Dask scheduler's tcp://HOST:PORT "
            f"or local:N). Nothing was stored; the database holds what it held before"
        )


#: The budget of the command under way (`--memory`), for walks that are no build's search and
#: run before one is set up: a Rush Hour card's cluster, walked to find the positions its goal
#: stands for (when the card is defined, and again when it is built). None: what the machine
#: has free.
BUDGET: ContextVar[Budget | None] = ContextVar("puzzledb_budget", default=None)


@contextmanager
def walking_budget(budget: Budget | None) -> Iterator[None]:
    """Walks within the block (WalkGuard) keep to `budget` (None: what the machine has free)."""
    token = BUDGET.set(budget)
    try:
        yield
    finally:
        BUDGET.reset(token)


class WalkGuard:
    """Stops a walk that is no build's search (a card's cluster) before it would take more than
    the budget of the command under way (BUDGET); `what` says what it walks, for the message."""

    def __init__(self, name: str, what: str):
        self.name, self.what = name, what
        self.budget = BUDGET.get() or machine_budget()

    def check(self, held: int, children: float, bytes_held: int = HELD_BYTES) -> None:
        """With `held` positions found, before finding `children` more (before they are made
        distinct); `bytes_held`: what one found position takes."""
        need = int(bytes_held * held + CHILD_BYTES * children)
        if need > self.budget.bytes:
            raise TooLarge(
                f"{self.name}: {self.what} needs about {gigabytes(need)} of memory "
                f"({held:,} positions found, growing) but {self.budget} are available; give "
                f"it more with --memory, or define a smaller puzzle. Nothing was stored; the "
                f"database holds what it held before"
            )
