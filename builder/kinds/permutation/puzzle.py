"""`PermutationPuzzle`: a puzzle written as orbits of pieces and moves that permute and twist
them (orbits.py), its positions as text (text_form.py), its moves and their words (moves.py)."""

from __future__ import annotations

from collections import Counter

from ...core.errors import BadDefinition, MalformedInput
from ...core.message_text import shown
from ...puzzle import Move, Puzzle, Reason
from .drawing import outlines, text_net
from .invariants import bound, broken
from .moves import METRICS, Turn, powers
from .net import Net
from .orbits import Orbit, Transformation
from .scramble import held_home, read_scramble
from .text_form import Cells, read, write


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
        also: dict[str, Transformation] | None = None,
        rotations: dict[str, Transformation] | None = None,
        net: Net | None = None,
    ):
        if metric not in METRICS:
            known = ", ".join(f'"{m}"' for m in METRICS)
            raise BadDefinition(f"{name}: metric must be one of {known}, not {shown(metric)}")
        if not moves:
            raise BadDefinition(f"{name}: a puzzle needs at least one move")
        self.name, self.title, self.metric = name, title or name, metric
        self.orbits, self.solved, self.base = orbits, solved, dict(moves)
        self.held = tuple(dict(Counter(labels)) for labels, _ in solved)
        # what a scramble may name beyond the moves (scramble.py), and the stickers (net.py)
        self.also, self.rotations, self.net = dict(also or {}), dict(rotations or {}), net
        self.default_goal = write(orbits, solved)
        self.rows, self.cols = 1, len(self.default_goal)
        self.turns = powers(self.base, orbits, metric)
        self.undone = [(turn, move.inverse(orbits)) for turn, move in self.turns]
        self.starts: dict[str, str] = {}
        for start, text in (starts or {}).items():
            self.starts[start] = self.parse(text, f"start {shown(start)}")

    # -- text form ---------------------------------------------------------------------------
    def parse(self, text: str, what: str = "state") -> str:
        return self.read_position(text, what)[0]

    def read_position(self, text: str, what: str = "state") -> tuple[str, str]:
        named = self.named_start(text, what)
        if named is not None:
            return named, ""
        try:
            if self.net is not None and isinstance(text, str) and self.net.looks_like(text):
                return self._held_home(self.net.read(text, what), f"{what} {shown(text)}")
            if self.net is not None and isinstance(text, str):
                self.net.check_count(text, what)
            return write(self.orbits, read(text, self.orbits, self.held, what)), ""
        except MalformedInput as error:
            raise self.naming_starts(error, what) from None

    def scrambled(self, text: str) -> tuple[str, str]:
        position = read_scramble(text, self.orbits, self.base, self.also, self.rotations)
        if not self.solved_is_home():
            raise MalformedInput(f"{self.name} takes no scramble: its solved state repeats pieces")
        made = self._apply(self._cells(self.default_goal), position)
        return self._held_home(self._cells(made), f"scramble {shown(text)}")

    def solved_is_home(self) -> bool:
        """Whether the solved state holds each piece at its own position untwisted, so a
        position is the transformation that makes it (the catalogue's puzzles)."""
        return all(
            labels == tuple(range(len(labels))) and not any(turns) for labels, turns in self.solved
        )

    def _held_home(self, cells: tuple[Cells, ...], what: str) -> tuple[str, str]:
        """(the key of a position turned as a whole where it moves the pieces the moves hold
        still, a 2x2x2 held another way up or scrambled with an L turn; those whole turns)."""
        words = ""
        if self.rotations and self.solved_is_home():
            position = Transformation(cells)
            found = held_home(position, self.orbits, [m for _, m in self.turns], self.rotations)
            if found is None:
                raise MalformedInput(f"{what} is no position of {self.name} however it is held")
            cells, words = found[0].parts, found[1]
        return write(self.orbits, cells), words

    def stickers(self, state: str) -> str | None:
        """The position's stickers (net.py), where the puzzle has a net."""
        return None if self.net is None else self.net.stickers(self._cells(state))

    def _cells(self, state: str) -> tuple[Cells, ...]:
        """A canonical state's labels and orientations, by orbit."""
        return read(state, self.orbits, self.held, "state")

    def unreachable_reason(self, state: str, goal: str) -> Reason | None:
        """Where `state` breaks what every move keeps (invariants.py) and `goal` does not."""
        moves = [move for _, move in self.turns]
        return broken(self.orbits, moves, self._cells(goal), self._cells(state))

    def _apply(self, cells: tuple[Cells, ...], move: Transformation) -> str:
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
        """The key's characters a move changes; on a puzzle with a net, its stickers (a front
        end lights those the move turns)."""
        if self.net is not None:
            state, after = (
                self.net.stickers(self._cells(state)),
                self.net.stickers(self._cells(after)),
            )
        changed = [i for i, (a, b) in enumerate(zip(state, after)) if a != b]
        return changed, changed

    def single_swap_moves(self) -> bool:
        return False

    def arrangements(self) -> int:
        """At most how many positions the moves reach (invariants.bound): a bound, not the
        count, for telling a search that fits from one that does not."""
        return bound(self.orbits, [move for _, move in self.turns], self.solved)

    def described_goal(self, goal: str) -> str:
        """ "solved" for the solved state of a puzzle whose pieces are all its own."""
        if goal == self.default_goal and self.solved_is_home():
            return "solved"
        return super().described_goal(goal)

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
        """Each piece's key character and its place in the key; on a puzzle with a net, each
        sticker's face letter and its number in the net (the spec's `stickers` place it)."""
        if self.net is not None:
            return [(letter, [k]) for k, letter in enumerate(self.net.stickers(self._cells(state)))]
        out, at = [], 0
        for orbit, chunk in zip(self.orbits, state.split("/")):
            width = len(chunk) // orbit.pieces
            for i in range(orbit.pieces):
                out.append((chunk[i * width : (i + 1) * width], list(range(at, at + width))))
                at += width
            at += 1  # the separator
        return out

    def draw(self, state: str) -> list[str]:
        if self.net is not None:
            return text_net(self.net, self.net.stickers(self._cells(state)))
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
            "moves": _moves_spec(self.base),
            "starts": dict(self.starts),
            "also": _moves_spec(self.also),
            "rotations": _moves_spec(self.rotations),
            "net": None if self.net is None else self.net.spec(),
            "scrambles": self.solved_is_home(),  # a front end offers to type one
            **self._drawn_as(),
        }

    def _drawn_as(self) -> dict:
        """What a front end draws: on a puzzle with a net, a picture `cols` stickers wide and
        `rows` high, each sticker's outline in it (`stickers`: [[x, y], ...]) and its tips'
        (`tips`: [outline, the sticker whose colour it takes]); else the key, a cell a
        character, on a grid of `rows` by `cols`."""
        if self.net is None:
            return {
                "rows": 1,
                "cols": len(self.default_goal),
                "stickers": None,
                "tips": None,
                "colours": None,
            }
        return {**outlines(self.net).spec(), "colours": dict(self.net.colours)}

    @classmethod
    def from_spec(cls, spec: dict) -> PermutationPuzzle:
        orbits = tuple(Orbit(n, p, o) for n, p, o in spec["orbits"])
        return cls(
            spec["name"],
            orbits,
            tuple((tuple(labels), tuple(turns)) for labels, turns in spec["solved"]),
            _moves_of(spec["moves"]),
            title=spec["title"],
            metric=spec["metric"],
            starts=spec.get("starts"),
            also=_moves_of(spec.get("also", {})),
            rotations=_moves_of(spec.get("rotations", {})),
            net=None if spec.get("net") is None else Net.from_spec(spec["net"]),
        )

    def turn_named(self, said: str) -> Turn | None:
        """The move written `said` ("R2"), if it is one of this metric's."""
        return next((turn for turn, _ in self.turns if turn.label == said), None)


def _moves_spec(moves: dict[str, Transformation]) -> dict:
    return {name: [[list(p), list(t)] for p, t in move.parts] for name, move in moves.items()}


def _moves_of(spec: dict) -> dict[str, Transformation]:
    return {
        name: Transformation(tuple((tuple(p), tuple(t)) for p, t in parts))
        for name, parts in spec.items()
    }


def _spaced(chunk: str, orbit: Orbit) -> str:
    width = 2 if orbit.orientations > 1 and len(chunk) == 2 * orbit.pieces else 1
    return " ".join(chunk[i : i + width] for i in range(0, len(chunk), width))
