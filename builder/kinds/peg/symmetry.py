"""The symmetries of a peg board, and one position kept per class of symmetric positions.

A mirror or rotation of the board that maps its holes onto its holes and its jumps onto its
jumps, and leaves the goal where it is, maps a position to one exactly as far from the goal,
with as many winning lines, whose moves are the images of its moves. So a build may store one
position of each class (the least of its images in text order, its "representative") and
answer every other through the symmetry that takes it there: the English cross has 8, so
its positions take about an eighth of the rows.

A symmetry is written as `takes`: hole i of the image holds what hole takes[i] of the position
holds. Index 0 is always the identity. Positions are text here, for readers (no numpy);
builder.kinds.peg.classes does the same to whole arrays of packed positions, for builds.
"""

from __future__ import annotations

from collections.abc import Sequence

Symmetry = tuple[int, ...]

#: The eight mirrors and rotations of a square grid, as maps of (row, column).
_SQUARE = (
    lambda r, c: (r, c),
    lambda r, c: (r, -c),
    lambda r, c: (-r, c),
    lambda r, c: (-r, -c),
    lambda r, c: (c, r),
    lambda r, c: (c, -r),
    lambda r, c: (-c, r),
    lambda r, c: (-c, -r),
)


def board_symmetries(
    places: Sequence[tuple[int, int]], jumps: Sequence[Sequence[tuple[int, int]]]
) -> list[Symmetry]:
    """The mirrors and rotations of a board (holes at `places`, jumps[h] = (over, land) from
    h) that map holes to holes and jumps to jumps; identity first. A jump preserved is
    checked, not assumed: a board's lines decide, not its outline."""
    spots = {place: hole for hole, place in enumerate(places)}
    moves = {(a, b, c) for a, row in enumerate(jumps) for b, c in row}
    found: list[Symmetry] = []
    for transform in _SQUARE:
        moved = [transform(r, c) for r, c in places]
        top, left = min(r for r, _ in moved), min(c for _, c in moved)
        top0, left0 = min(r for r, _ in places), min(c for _, c in places)
        to = [spots.get((r - top + top0, c - left + left0)) for r, c in moved]
        if any(h is None for h in to) or len(set(to)) != len(to):
            continue
        sends = [int(h) for h in to if h is not None]  # sends[h]: where hole h goes
        if any((sends[a], sends[b], sends[c]) not in moves for a, b, c in moves):
            continue
        takes = [0] * len(sends)
        for hole, there in enumerate(sends):
            takes[there] = hole
        symmetry = tuple(takes)
        if symmetry not in found:
            found.append(symmetry)
    return found


def keeping(symmetries: Sequence[Symmetry], goal: str) -> list[Symmetry]:
    """Those of `symmetries` that leave `goal` as it is: they form a group of their own."""
    return [s for s in symmetries if image(goal, s) == goal]


def image(state: str, takes: Symmetry) -> str:
    return "".join(state[h] for h in takes)


def representative(state: str, symmetries: Sequence[Symmetry]) -> tuple[str, int]:
    """The least image of `state` and the index of the symmetry that gives it (the lowest
    such index)."""
    best, which = state, 0
    for k, takes in enumerate(symmetries[1:], start=1):
        seen = image(state, takes)
        if seen < best:
            best, which = seen, k
    return best, which


def sends(takes: Symmetry) -> list[int]:
    """Where each hole goes: the inverse of `takes`."""
    out = [0] * len(takes)
    for there, hole in enumerate(takes):
        out[hole] = there
    return out


def compose_index(symmetries: Sequence[Symmetry]) -> list[list[int]]:
    """table[j][k]: the index of the symmetry that is k applied first, then j."""
    at = {s: i for i, s in enumerate(symmetries)}
    return [
        [at[tuple(k_takes[h] for h in j_takes)] for k_takes in symmetries] for j_takes in symmetries
    ]


def distinct_images(symmetries: Sequence[Symmetry], fixed: int) -> list[int]:
    """The symmetries giving a position's distinct images, the lowest index of each, when
    `fixed` has bit k set for each symmetry k > 0 that leaves the position as it is: images
    by j and k coincide exactly when k undone after j is one of those."""
    table = compose_index(symmetries)
    inverse = [row.index(0) for row in table]
    stays = {0} | {k for k in range(1, len(symmetries)) if fixed >> k & 1}
    return [
        k
        for k in range(len(symmetries))
        if not any(table[inverse[j]][k] in stays for j in range(k))
    ]


def stabilizer_marks(symmetries: Sequence[Symmetry]) -> list[int]:
    """Every `fixed` a position can have: the marks (bit k for symmetry k > 0) of the
    subgroups of the symmetries, as the symmetries leaving a position as it is form one."""
    table = compose_index(symmetries)
    n = len(symmetries)
    marks = []
    for mark in range(0, 1 << n, 2):  # bit 0, the identity, is implied
        group = [0] + [k for k in range(1, n) if mark >> k & 1]
        if all(table[j][k] in group for j in group for k in group):
            marks.append(mark)
    return marks


def move_images(
    jumps: Sequence[tuple[int, int, int]], symmetries: Sequence[Symmetry]
) -> list[list[int]]:
    """images[k][code]: the code of jump `code` (from, over, into) seen through symmetry k."""
    code_of = {jump: code for code, jump in enumerate(jumps)}
    out = []
    for takes in symmetries:
        to = sends(takes)
        out.append([code_of[(to[a], to[b], to[c])] for a, b, c in jumps])
    return out
