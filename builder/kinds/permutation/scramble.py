"""Scrambles as cubers write them (WCA notation): turns parted by spaces, each a move's name
and a suffix: none (a turn clockwise), `'` (back), `2` (twice), `2'` (twice back, as the WCA
writes it too). Names are the build's moves, the moves it holds still (`also`: the 2x2x2's L, D
and B, each the opposite face's turn and a turn of the whole cube) and whole-puzzle turns
(`rotations`: x, y, z). A scramble that moves the pieces a build holds still is turned back as
a whole, so the same position is answered: L is R with the cube turned after it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ...core.errors import MalformedInput
from ...core.message_text import shown
from .moves import said
from .orbits import Orbit, Transformation

#: The longest scramble read, in characters and in turns: a real one is 10 to 30 turns.
MAX_SCRAMBLE_TEXT = 2_000
MAX_TURNS = 500
_TOKEN = re.compile(r"(?P<name>[A-Za-z]+)(?P<times>2?)(?P<back>'?)")


def powered(name: str, token: str, order: int) -> int:
    """The power of a move of this `order` that `token` (its name and suffix) means."""
    found = _TOKEN.fullmatch(token)
    if found is None or found["name"] != name:
        raise MalformedInput(f"scramble: {shown(token)} is not a turn")
    times = 2 if found["times"] else 1
    if times == 2 and order != 4:
        raise MalformedInput(
            f"scramble: {shown(token)}: {name} turns 1/{order} of the way round, written "
            f"{name} or {name}' (no half turn)"
        )
    return (-times if found["back"] else times) % order


def read_scramble(
    text: object,
    orbits: tuple[Orbit, ...],
    moves: dict[str, Transformation],
    also: dict[str, Transformation],
    rotations: dict[str, Transformation],
) -> Transformation:
    """The position a scramble makes from the solved one, as a transformation."""
    if not isinstance(text, str):
        raise MalformedInput("a scramble must be text")
    if len(text) > MAX_SCRAMBLE_TEXT:
        raise MalformedInput(
            f"scramble {shown(text)} is longer than {MAX_SCRAMBLE_TEXT:,} characters"
        )
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise MalformedInput("a scramble names at least one turn, such as R U2 F'")
    if len(tokens) > MAX_TURNS:
        raise MalformedInput(
            f"scramble {shown(text)} has {len(tokens):,} turns; at most {MAX_TURNS}"
        )
    known = {**moves, **also, **rotations}
    position = Transformation.identity(orbits)
    for token in tokens:
        found = _TOKEN.fullmatch(token)
        name = found["name"] if found else token.rstrip("0123456789'")
        if name in known and found is None:
            raise MalformedInput(
                f"scramble: {shown(token)} is {name} with the suffix {shown(token[len(name) :])};"
                f" a turn is written alone, with ', with 2 or with 2'"
            )
        if name not in known:
            names = " ".join(known)
            raise MalformedInput(
                f"scramble: {shown(token)} is no turn of this puzzle (its turns: {names}, each "
                f"alone, with ' or with 2)"
            )
        move = known[name]
        order = move.order(orbits)
        for _ in range(powered(name, token, order)):
            position = position.then(move, orbits)
    return position


def held_home(
    position: Transformation,
    orbits: tuple[Orbit, ...],
    moves: list[Transformation],
    rotations: dict[str, Transformation],
) -> tuple[Transformation, str] | None:
    """(`position` turned as a whole so that the positions no move changes hold their own
    pieces untwisted, that turn in the fewest of the rotations' turns: "x y'"); None where no
    turn of the whole does it."""
    for turn, words in _whole_turns(orbits, tuple(rotations.items())):
        candidate = position.then(turn, orbits)
        if _holds_still(candidate, moves):
            return candidate, words
    return None


def _holds_still(position: Transformation, moves: list[Transformation]) -> bool:
    for k, (perm, twist) in enumerate(position.parts):
        for i in range(len(perm)):
            fixed = all(m.parts[k][0][i] == i and m.parts[k][1][i] == 0 for m in moves)
            if fixed and (perm[i] != i or twist[i] != 0):
                return False
    return True


@lru_cache(maxsize=16)
def _whole_turns(
    orbits: tuple[Orbit, ...], rotations: tuple[tuple[str, Transformation], ...]
) -> list[tuple[Transformation, str]]:
    """Every turn of the whole puzzle the rotations make (the cube's 24), each with the fewest
    of their turns that make it (x, x2, x'...), the identity first: made once a puzzle, not
    once a scramble (it was most of a scramble's millisecond)."""
    steps = []
    for name, rotation in rotations:
        order, power = rotation.order(orbits), rotation
        for times in range(1, order):
            steps.append((said(name, times, order), power))
            power = power.then(rotation, orbits)
    found = [(Transformation.identity(orbits), "")]
    seen = {found[0][0]}
    for turn, words in found:  # grows as it goes: a breadth-first closure
        for word, step in steps:
            nxt = turn.then(step, orbits)
            if nxt not in seen:
                seen.add(nxt)
                found.append((nxt, f"{words} {word}".strip()))
    return found
