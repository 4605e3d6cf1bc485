"""Symmetries of a board as permutations of its cells, and one position kept per class of
symmetric positions: what any kind whose board has mirrors or rotations can use.

A symmetry that maps a board's cells onto its cells and its moves onto its moves, and leaves the
goal where it is, maps a position to one exactly as far from the goal, with as many optimal
solutions, whose moves are the images of its moves. So a build may store one position of each
class (the least of its images in text order, its "representative") and answer every other
through the symmetry that takes it there: the English peg cross has 8, so its positions take
about an eighth of the rows.

A symmetry is written as `takes`: cell i of the image holds what cell takes[i] of the position
holds. Index 0 is always the identity. Positions are text here, one character a cell, for
readers (no numpy); builder.symmetry.packed_classes does the same to whole arrays of positions
packed one bit a cell, for builds. Which symmetries a board has is its kind's to say
(`Puzzle.symmetries`).
"""

from __future__ import annotations

from collections.abc import Sequence

#: cell i of the image holds what cell takes[i] of the position holds
Symmetry = tuple[int, ...]


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
    """Where each cell goes: the inverse of `takes`."""
    out = [0] * len(takes)
    for there, cell in enumerate(takes):
        out[cell] = there
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
    moves: Sequence[tuple[int, ...]], symmetries: Sequence[Symmetry]
) -> list[list[int]]:
    """images[k][code]: the code of move `code` seen through symmetry k, each move given as
    the cells it involves in an order the symmetries keep (a peg's jump: from, over, into)."""
    code_of = {move: code for code, move in enumerate(moves)}
    out = []
    for takes in symmetries:
        to = sends(takes)
        out.append([code_of[tuple(to[cell] for cell in move)] for move in moves])
    return out
