"""Peg solitaire on a board of holes: a move is a chain of jumps by one peg.

Jumps remove pegs, so moves cannot be undone; distances to the goal come from searching
backwards over `reverse_moves`, which un-jump a peg (putting the jumped pegs back).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from .errors import BadDefinition, MalformedInput, shown
from .puzzle import Move, Puzzle, split_cells

PEG, HOLE = "1", "0"
PEG_GLYPH, HOLE_GLYPH = "●", "○"  # how a terminal shows them


@dataclass(frozen=True, kw_only=True)
class Jumps(Move):
    """A chain of jumps by one peg: the holes it passes through, where it starts first and
    where it ends last (the canonical chain of its result, so forward and reverse moves
    name a move alike)."""

    path: tuple[int, ...]


def jumps(path: list[int]) -> Jumps:
    """The move along `path`, with its words made from it."""
    return Jumps(path=tuple(path), label=_label(path))


class PegSolitaire(Puzzle):
    """Holes numbered 0..n-1; `jumps[h]` lists (jumped-over hole, landing hole) from hole h.

    `layout` gives each hole's (row, column) on a drawing grid, so boards of any shape draw.
    """

    kind = "peg"
    reversible = False

    def __init__(self, name, jumps, goal, layout, *, title=""):
        self.name, self.title = name, title or name
        self.jumps = [tuple(tuple(j) for j in row) for row in jumps]
        self.layout = [tuple(p) for p in layout]
        self.holes = len(self.jumps)
        # Holes per row, in hole order (1, 2, 3, 4, 5 for the triangle): what '/' separates.
        self.row_lengths = [len(list(run)) for _, run in groupby(r for r, _ in self.layout)]
        self.rows = 1 + max(r for r, _ in self.layout)
        self.cols = 1 + max(c for _, c in self.layout)
        if len(self.layout) != self.holes:
            raise BadDefinition(f"{name}: layout and jumps name different numbers of holes")
        for hole, row in enumerate(self.jumps):
            for over, land in row:
                if (over, hole) not in self.jumps[land]:
                    raise BadDefinition(f"{name}: jump {hole}-{over}-{land} has no mirror")
        self.default_goal = goal
        self.default_goal = self.parse(goal, "goal")

    @property
    def cells(self) -> int:
        return self.holes

    def spec(self) -> dict:
        return {
            "kind": self.kind,
            "name": self.name,
            "title": self.title,
            "goal": self.default_goal,
            "jumps": [[list(j) for j in row] for row in self.jumps],
            "layout": [list(p) for p in self.layout],
        }

    @classmethod
    def from_spec(cls, spec: dict) -> PegSolitaire:
        return cls(spec["name"], spec["jumps"], spec["goal"], spec["layout"], title=spec["title"])

    def single_swap_moves(self) -> bool:
        return False

    # -- text form -----------------------------------------------------------------------------
    def parse(self, text: str, what: str = "state") -> str:
        symbols = split_cells(text, what, self.holes, self.row_lengths, "holes")
        for hole, symbol in enumerate(symbols):
            if symbol not in (PEG, HOLE):
                raise MalformedInput(
                    f"{what} has {shown(symbol)} at hole {hole}; write 1 for a peg and 0 for an "
                    f"empty hole"
                )
        if len(symbols) != self.holes:
            raise MalformedInput(
                f"{what} has {len(symbols)} holes, expected {self.holes} (1 = peg, 0 = empty)"
            )
        return "".join(symbols)

    def parse_goal(self, text: str | None) -> str:
        goal = super().parse_goal(text)
        if PEG not in goal:
            raise MalformedInput("goal has no pegs; a goal needs at least one peg")
        return goal

    # -- move rule -----------------------------------------------------------------------------
    def moves(self, state: str) -> list[tuple[Jumps, str]]:
        """Every chain of one or more jumps by one peg.

        Chains that end in the same position are one move, named by the canonical chain
        (fewest jumps, then lowest holes), so forward and reverse moves name it alike.
        """
        best: dict[str, list[int]] = {}
        for start in range(self.holes):
            if state[start] == PEG:
                for path, result in self._chains(state, [start]):
                    _keep_canonical(best, result, path)
        return [(jumps(path), result) for result, path in best.items()]

    def move_cells(self, state: str, move: Move, after: str) -> tuple[list[int], list[int]]:
        """The hole the peg starts in, and the hole its chain ends in."""
        if not isinstance(move, Jumps):
            raise TypeError(f"{self.name} moves are jumps, not {move!r}")
        return [move.path[0]], [move.path[-1]]

    def _chains(self, state, path):
        here = path[-1]
        for over, land in self.jumps[here]:
            if state[over] == PEG and state[land] == HOLE:
                after = _put(state, {here: HOLE, over: HOLE, land: PEG})
                yield path + [land], after
                yield from self._chains(after, path + [land])

    def reverse_moves(self, state: str):
        """Un-jump chains: a peg steps back over an empty hole, refilling it, again and again."""
        best: dict[str, list[int]] = {}
        for end in range(self.holes):
            if state[end] == PEG:
                for back_path, earlier in self._unchains(state, [end]):
                    _keep_canonical(best, earlier, back_path[::-1])
        for earlier, path in best.items():
            yield jumps(path), earlier

    def _unchains(self, state, path):
        here = path[-1]
        for over, origin in self.jumps[here]:
            if state[over] == HOLE and state[origin] == HOLE:
                before = _put(state, {here: HOLE, over: PEG, origin: PEG})
                yield path + [origin], before
                yield from self._unchains(before, path + [origin])

    # -- hopeless states -------------------------------------------------------------------------
    def placed(self, state: str) -> list[tuple[str, list[int]]]:
        """Every peg and its hole."""
        return [(PEG, [hole]) for hole, mark in enumerate(state) if mark == PEG]

    def draw(self, state: str) -> list[str]:
        """The board as lines of text: pegs and empty holes where the layout puts them."""
        grid = [[" "] * self.cols for _ in range(self.rows)]
        for hole, (r, c) in enumerate(self.layout):
            grid[r][c] = PEG_GLYPH if state[hole] == PEG else HOLE_GLYPH
        return ["".join(row).rstrip() for row in grid]

    def arrangements(self) -> int:
        """Each hole holds a peg or not."""
        return 2**self.holes

    def unreachable_reason(self, state: str, goal: str) -> str | None:
        pegs, wanted = state.count(PEG), goal.count(PEG)
        if pegs < wanted:
            return f"too few pegs: it has {pegs} and the goal {wanted}, and every jump removes one"
        if pegs == wanted and state != goal:
            return (
                f"it has as many pegs as the goal ({wanted}) but in other holes, and every "
                f"move removes a peg"
            )
        return None


def _keep_canonical(best: dict, key: str, path: list[int]) -> None:
    if key not in best or (len(path), path) < (len(best[key]), best[key]):
        best[key] = path


def _put(state: str, changes: dict[int, str]) -> str:
    cells = list(state)
    for hole, value in changes.items():
        cells[hole] = value
    return "".join(cells)


def _label(path: list[int]) -> str:
    """'peg 3 jumps to 12' or, for a chain, 'peg 3 jumps to 12, 5'."""
    return f"peg {path[0]} jumps to {', '.join(str(h) for h in path[1:])}"
