"""A puzzle from twsearch's `.tws` format (the format of Rokicki's twsearch and ksolve):

    Name 2x2x2                 # optional
    Set CORNER 8 3             # an orbit: its name, its pieces, their orientations
    Solved                     # optional (default: each piece at home, untwisted)
    CORNER
    1 2 3 4 5 6 7 8            # the piece at each position (a number repeated: alike pieces)
    0 0 0 0 0 0 0 0            # each one's orientation
    End
    Move U                     # a move: for each orbit it changes, where each position takes
    CORNER                     #   its piece from (counted from 1), then how much that piece
    3 2 6 4 5 7 1 8            #   turns; an orbit left out stays as it is, an orientation
    0 0 0 0 0 0 0 0            #   line left out turns nothing
    End

Comments run from '#' to the end of the line. `keep` takes a subset of the moves, as
twsearch's --moves does: the 2x2x2 turned by U, R and F alone holds one corner still, which is
how whole-cube turns are factored out.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ...core.errors import BadDefinition
from ...core.message_text import shown
from .orbits import Orbit, Transformation
from .text_form import LABELS, MAX_ORIENTATIONS, Cells

#: The largest orbit: its labels are written with one character each (text_form.py).
MAX_PIECES = len(LABELS)
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_'-]{0,39}")


class _Tokens:
    """The file's words, each with its line number, read one at a time."""

    def __init__(self, text: str, source: str):
        self.source = source
        self.words = [
            (word, number)
            for number, line in enumerate(text.splitlines(), start=1)
            for word in line.split("#", 1)[0].split()
        ]
        self.at = 0

    def fail(self, message: str, line: int | None = None) -> BadDefinition:
        where = line if line is not None else self.line()
        return BadDefinition(f"{self.source}: line {where}: {message}")

    def line(self) -> int:
        return self.words[min(self.at, len(self.words) - 1)][1] if self.words else 1

    def peek(self) -> str | None:
        return self.words[self.at][0] if self.at < len(self.words) else None

    def take(self, what: str) -> str:
        if self.at >= len(self.words):
            raise BadDefinition(f"{self.source}: the file ends where {what} was expected")
        word = self.words[self.at][0]
        self.at += 1
        return word

    def numbers(self, count: int, what: str) -> list[int]:
        out = []
        for _ in range(count):
            line = self.line()
            word = self.take(what)
            if not word.isdecimal() or len(word) > 6:
                raise self.fail(f"{what} must be {count} whole numbers; found {shown(word)}", line)
            out.append(int(word))
        return out


def read_tws(
    text: str, source: str, keep: Sequence[str] | None = None
) -> tuple[tuple[Orbit, ...], tuple[Cells, ...], dict[str, Transformation], str]:
    """(orbits, solved state, moves by name, the file's Name or "") of a .tws text."""
    tokens = _Tokens(text, source)
    orbits: list[Orbit] = []
    solved: dict[str, Cells] = {}
    moves: dict[str, Transformation] = {}
    name = ""
    while (word := tokens.peek()) is not None:
        line = tokens.line()
        tokens.take("a keyword")
        if word == "Name":
            name = tokens.take("the puzzle's name")
        elif word == "Set":
            if solved or moves:
                raise tokens.fail("every Set comes before Solved and the moves", line)
            orbits.append(_orbit(tokens, orbits, line))
        elif word in ("Solved", "StartState"):
            if not orbits:
                raise tokens.fail("Solved before any Set: the orbits come first", line)
            solved = {
                o: (tuple(p - 1 for p in perm), twist)
                for o, (perm, twist) in _block(tokens, orbits, "Solved", solved=True).items()
            }
        elif word == "Move":
            move = tokens.take("the move's name")
            if not NAME.fullmatch(move) or move in moves:
                why = "is given twice" if move in moves else "is not a name of a move"
                raise tokens.fail(f"Move {shown(move)} {why}", line)
            if not orbits:
                raise tokens.fail("Move before any Set: the orbits come first", line)
            parts = _block(tokens, orbits, f"Move {move}", solved=False)
            moves[move] = Transformation(
                tuple(
                    (tuple(p - 1 for p in parts[o.name][0]), parts[o.name][1])
                    if o.name in parts
                    else (tuple(range(o.pieces)), (0,) * o.pieces)
                    for o in orbits
                )
            )
        else:
            raise tokens.fail(
                f"{shown(word)} is not a keyword of the format this reads (Name, Set, Solved, "
                f"Move, End)",
                line,
            )
    if not orbits:
        raise BadDefinition(f"{source}: no Set: a puzzle needs at least one orbit")
    moves = kept(moves, keep, source)
    state = tuple(solved.get(o.name, (tuple(range(o.pieces)), (0,) * o.pieces)) for o in orbits)
    return tuple(orbits), state, moves, name


def _orbit(tokens: _Tokens, orbits: list[Orbit], line: int) -> Orbit:
    name = tokens.take("the orbit's name")
    if not NAME.fullmatch(name) or any(o.name == name for o in orbits):
        why = "is given twice" if any(o.name == name for o in orbits) else "is no orbit's name"
        raise tokens.fail(f"Set {shown(name)} {why}", line)
    pieces, turns = tokens.numbers(2, f"Set {name}'s pieces and orientations")
    if not 1 <= pieces <= MAX_PIECES:
        raise tokens.fail(f"Set {name} has {pieces:,} pieces; from 1 to {MAX_PIECES}", line)
    if not 1 <= turns <= MAX_ORIENTATIONS:
        raise tokens.fail(
            f"Set {name} has {turns:,} orientations; from 1 to {MAX_ORIENTATIONS}", line
        )
    return Orbit(name, pieces, turns)


def _block(
    tokens: _Tokens, orbits: list[Orbit], what: str, solved: bool
) -> dict[str, tuple[tuple[int, ...], tuple[int, ...]]]:
    """The orbits a Solved or Move block gives, each (numbers from 1, orientations), up to its
    End; a permutation is checked to be one, a solved state's numbers to be 1 to n."""
    by_name = {o.name: o for o in orbits}
    parts: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {}
    while True:
        line = tokens.line()
        word = tokens.take(f"End of {what}")
        if word == "End":
            return parts
        orbit = by_name.get(word)
        if orbit is None or word in parts:
            why = "twice" if word in parts else "an orbit no Set names"
            raise tokens.fail(f"{what}: {shown(word)} is {why}", line)
        numbers = tokens.numbers(orbit.pieces, f"{what}: {orbit.name}'s positions")
        if any(not 1 <= p <= orbit.pieces for p in numbers):
            raise tokens.fail(f"{what}: {orbit.name} names a position outside 1 to {orbit.pieces}")
        if not solved and sorted(numbers) != list(range(1, orbit.pieces + 1)):
            raise tokens.fail(
                f"{what}: {orbit.name}'s positions {' '.join(map(str, numbers))} are not a "
                f"permutation: each of 1 to {orbit.pieces} must appear once",
                line,
            )
        twist = (0,) * orbit.pieces
        following = tokens.peek()
        if following is not None and following.isdecimal():
            twist = tuple(tokens.numbers(orbit.pieces, f"{what}: {orbit.name}'s orientations"))
            if any(t >= orbit.orientations for t in twist):
                raise tokens.fail(
                    f"{what}: {orbit.name} turns a piece by {max(twist)}, but its pieces have "
                    f"{orbit.orientations} orientation{'s' if orbit.orientations > 1 else ''} "
                    f"(0 to {orbit.orientations - 1})"
                )
        parts[orbit.name] = (tuple(numbers), twist)


def kept(
    moves: dict[str, Transformation], keep: Sequence[str] | None, source: str
) -> dict[str, Transformation]:
    if not moves:
        raise BadDefinition(f"{source}: no Move: a puzzle needs at least one")
    if keep is None:
        return moves
    unknown = [m for m in keep if m not in moves]
    if unknown:
        raise BadDefinition(
            f"--moves names {', '.join(shown(m) for m in unknown[:5])}, which "
            f"{'is' if len(unknown) == 1 else 'are'} no move of {source} (its moves: "
            f"{', '.join(moves)})"
        )
    if not keep:
        raise BadDefinition("--moves is empty: name at least one move")
    return {m: moves[m] for m in dict.fromkeys(keep)}
