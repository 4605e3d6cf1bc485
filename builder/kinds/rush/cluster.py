"""A card's cluster: every position its moves reach (Fogleman's database counts it with each
card). Every Rush Hour move can be undone, so every position of a cluster reaches every other,
and a card that can be solved has every position of its cluster solvable too: a build from the
goal positions of the cluster holds exactly the cluster."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...search.memory import WalkGuard

CHECK_EVERY = 256  # positions expanded between two looks at the memory a walk holds


def cluster(
    card: str,
    moves: Callable[[str], Iterable[tuple[object, str]]],
    limit: int | None = None,
    guard: WalkGuard | None = None,
) -> list[str] | None:
    """Every position reachable from `card`, the card first, in breadth-first order; None
    once there are more than `limit`. `guard` stops it before it outgrows the command's
    memory (a position held as text in a set and a list: about 200 bytes and its length)."""
    seen = {card}
    found = [card]
    held = 200 + len(card)
    for done, state in enumerate(found, start=1):  # grows as it goes: a breadth-first walk
        for _, after in moves(state):
            if after not in seen:
                seen.add(after)
                found.append(after)
        if limit is not None and len(found) > limit:
            return None
        if guard is not None and done % CHECK_EVERY == 0:
            guard.check(len(found), 0, held)
    return found
