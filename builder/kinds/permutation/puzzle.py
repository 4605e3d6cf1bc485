"""`PermutationPuzzle`: a puzzle written as orbits of pieces and moves that permute and twist
them (orbits.py), its positions as text (text_form.py), its moves and their words (moves.py)."""

from __future__ import annotations

from collections import Counter
from math import factorial, prod

from ...core.errors import BadDefinition, MalformedInput
from ...core.message_text import shown
from ...puzzle import Move, Puzzle
from .moves import METRICS, Turn, powers
from .orbits import Orbit, Transformation
from .text_form import LABELS, Cells, read, write

_INDEX = {ch: i for i, ch in enumerate(LABELS)}


class PermutationPuzzle(Puzzle):
    """Orbits of pieces, a solved state (each orbit's labels and orientations by position, a
    label repeated for pieces that cannot be told apart), and named moves; `metric` says which
    of their powers are one move (moves.py)."""

    kind = "permutation"

    def __init__(
        self,
        name: str,
        orbits: tuple[Orbit, ...],
        solved: tuple[Cells, ...],
        moves: dict[str, Transformation],
        *,
        title: str = "",
        metric: str = "htm",
        starts: dict[str, str] | None = None,
    ):
        if metric not in METRICS:
            known = ", ".join(f'"{m}"' for m in METRICS)
            raise BadDefinition(f"{name}: metric must be one of {known}, not {shown(metric)}")
        if not moves:
            raise BadDefinition(f"{name}: a puzzle needs at least one move")
        self.name, self.title, self.metric = name, title or name, metric
        self.orbits, self.solved, self.base = orbits, solved, dict(moves)
        self.held = tuple(dict(Counter(labels)) for labels, _ in solved)
        self.default_goal = write(orbits, solved)
        self.rows, self.cols = 1, len(self.default_goal)
        self.turns = powers(self.base, orbits, metric)
        self.undone = [(turn, move.inverse(orbits)) for turn, move in self.turns]
        self.starts: dict[str, str] = {}
        for start, text in (starts or {}).items():
            self.starts[start] = self.parse(text, f"start {shown(start)}")

    # -- text form ---------------------------------------------------------------------------
    def parse(self, text: str, what: str = "state") -> str:
        named = self.named_start(text, what)
        if named is not None:
            return named
        try:
            return write(self.orbits, read(text, self.orbits, self.held, what))
        except MalformedInput as error:
            raise self.naming_starts(error, what) from None

    def _cells(self, state: str) -> list[tuple[list[int], list[int]]]:
        """A canonical state's labels and orientations, by orbit (no checks: it is one)."""
        out = []
        for orbit, chunk in zip(self.orbits, state.split("/")):
            if orbit.orientations > 1:
                out.append(([_INDEX[c] for c in chunk[::2]], [int(c) for c in chunk[1::2]]))
            else:
                out.append(([_INDEX[c] for c in chunk], [0] * orbit.pieces))
        return out

    def _apply(self, cells: list[tuple[list[int], list[int]]], move: Transformation) -> str:
        parts = []
        for orbit, (labels, turns), (perm, twist) in zip(self.orbits, cells, move.parts):
            n = orbit.orientations
            parts.append(
                (
                    tuple(labels[j] for j in perm),
                    tuple((turns[j] + t) % n for j, t in zip(perm, twist)),
                )
            )
        return write(self.orbits, tuple(parts))

    # -- move rule ---------------------------------------------------------------------------
    def moves(self, state: str) -> list[tuple[Move, str]]:
        cells = self._cells(state)
        return [(turn, self._apply(cells, move)) for turn, move in self.turns]

    def reverse_moves(self, state: str) -> list[tuple[Move, str]]:
        """Each move, and the position it was made in: this one with the move undone."""
        cells = self._cells(state)
        return [(turn, self._apply(cells, back)) for turn, back in self.undone]

    def move_cells(self, state: str, move: Move, after: str) -> tuple[list[int], list[int]]:
        changed = [i for i, (a, b) in enumerate(zip(state, after)) if a != b]
        return changed, changed

    def single_swap_moves(self) -> bool:
        return False

    def arrangements(self) -> int:
        """Each orbit's pieces in any order, each turned any way: a bound, not the count."""
        return prod(
            factorial(orbit.pieces)
            // prod(factorial(n) for n in held.values())
            * orbit.orientations**orbit.pieces
            for orbit, held in zip(self.orbits, self.held)
        )

    def why_no_targets(self) -> str:
        return (
            "a build answers toward its own goal only, so a target is a goal of its own: "
            "build it with --goal"
        )

    def alike_pieces(self) -> str:
        return "pieces that turn as well as move"

    # -- what front ends show ----------------------------------------------------------------
    def board_words(self) -> str:
        return ", ".join(f"{o.pieces} {o.name}" for o in self.orbits)

    def placed(self, state: str) -> list[tuple[str, list[int]]]:
        out, at = [], 0
        for orbit, chunk in zip(self.orbits, state.split("/")):
            width = 2 if orbit.orientations > 1 else 1
            for i in range(orbit.pieces):
                out.append((chunk[i * width : (i + 1) * width], list(range(at, at + width))))
                at += width
            at += 1  # the separator
        return out

    def draw(self, state: str) -> list[str]:
        wide = max(len(o.name) for o in self.orbits)
        return [
            f"{orbit.name:<{wide}}  {_spaced(chunk, orbit)}"
            for orbit, chunk in zip(self.orbits, state.split("/"))
        ]

    # -- storage -----------------------------------------------------------------------------
    def spec(self) -> dict:
        return {
            "kind": self.kind,
            "name": self.name,
            "title": self.title,
            "metric": self.metric,
            "goal": self.default_goal,
            "orbits": [[o.name, o.pieces, o.orientations] for o in self.orbits],
            "solved": [[list(labels), list(turns)] for labels, turns in self.solved],
            "moves": {
                name: [[list(perm), list(twist)] for perm, twist in move.parts]
                for name, move in self.base.items()
            },
            "starts": dict(self.starts),
        }

    @classmethod
    def from_spec(cls, spec: dict) -> PermutationPuzzle:
        orbits = tuple(Orbit(n, p, o) for n, p, o in spec["orbits"])
        return cls(
            spec["name"],
            orbits,
            tuple((tuple(labels), tuple(turns)) for labels, turns in spec["solved"]),
            {
                name: Transformation(tuple((tuple(p), tuple(t)) for p, t in parts))
                for name, parts in spec["moves"].items()
            },
            title=spec["title"],
            metric=spec["metric"],
            starts=spec.get("starts"),
        )

    def turn_named(self, said: str) -> Turn | None:
        """The move written `said` ("R2"), if it is one of this metric's."""
        return next((turn for turn, _ in self.turns if turn.label == said), None)


def _spaced(chunk: str, orbit: Orbit) -> str:
    width = 2 if orbit.orientations > 1 else 1
    return " ".join(chunk[i : i + width] for i in range(0, len(chunk), width))
