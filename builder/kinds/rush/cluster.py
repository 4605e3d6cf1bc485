"""A card's cluster: every position its moves reach (Fogleman's database counts it with each
card). Every Rush Hour move can be undone, so every position of a cluster reaches every other,
and a card that can be solved has every position of its cluster solvable too: a build from the
goal positions of the cluster holds exactly the cluster."""

from __future__ import annotations

from collections.abc import Callable, Iterable


def cluster(
    card: str, moves: Callable[[str], Iterable[tuple[object, str]]], limit: int | None = None
) -> list[str] | None:
    """Every position reachable from `card`, the card first, in breadth-first order; None
    once there are more than `limit`."""
    seen = {card}
    found = [card]
    for state in found:  # grows as it goes: a breadth-first walk
        for _, after in moves(state):
            if after not in seen:
                seen.add(after)
                found.append(after)
        if limit is not None and len(found) > limit:
            return None
    return found
