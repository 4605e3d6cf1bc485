"""The symmetries of a peg board: the mirrors and rotations that map its holes onto its holes
and its jumps onto its jumps. What a build does with them (one position kept per class) is
general, in builder.symmetry.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...symmetry.images import Symmetry

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
