"""Any position to any position, from builds toward a few goals.

When every piece of a puzzle is distinct, a target T is the goal of a stored build G seen
through a renaming of the pieces: give each piece of T the name of the piece of G in its cell,
and a path from S to T is, renamed the same way, a path to G. T's blank must then sit where
G's does; a symmetry of the board (a mirror, a rotation, the transpose) carries it there, as
the move rule looks the same in every symmetric image. So one build per class of blank cell
serves every target. Knows puzzles only through `symmetries()`, `relabelable` and `blank`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from .puzzle import ANY, Puzzle


@dataclass(frozen=True)
class Frame:
    """How states of a question look to a build: cell i of the build's view is cell
    `cells[i]` of the question's board, with each piece renamed by `names`."""

    cells: tuple[int, ...]
    names: dict

    @property
    def identity(self) -> bool:
        return self.cells == tuple(range(len(self.cells))) and all(
            a == b for a, b in self.names.items()
        )

    def to_build(self, state: str) -> str:
        return "".join(self.names[state[c]] for c in self.cells)

    @cached_property
    def _back(self) -> dict:
        """The renaming undone, made once for all the states of a path."""
        return {b: a for a, b in self.names.items()}

    def from_build(self, state: str) -> str:
        out = [""] * len(self.cells)
        for i, c in enumerate(self.cells):
            out[c] = self._back[state[i]]
        return "".join(out)


def frame_for(puzzle: Puzzle, target: str, goals: list[str]) -> tuple[str, Frame] | None:
    """A stored goal (from `goals`, in order of preference) and the frame that turns `target`
    into it; None when none can. A goal equal to the target needs no frame at all. A pattern
    goal ('?' for any cell) is a set of positions, no one position to rename: it serves none."""
    if target in goals:
        return target, Frame(tuple(range(puzzle.cells)), {s: s for s in set(target)})
    goals = [g for g in goals if not is_pattern(g)]
    if not puzzle.relabelable or puzzle.blank is None:
        return None
    for cells in puzzle.symmetries():
        image = "".join(target[c] for c in cells)
        blank = image.index(puzzle.blank)
        for goal in goals:
            if goal.index(puzzle.blank) == blank:
                return goal, Frame(tuple(cells), dict(zip(image, goal)))
    return None


def is_pattern(goal: str) -> bool:
    """Whether a goal is a pattern ('?' any cell) rather than one whole position."""
    return ANY in goal


def goals_for_every_target(puzzle: Puzzle) -> list[str]:
    """The fewest goals whose builds serve every target: one per class of blank cell under
    the board's symmetries, the default goal for its own class, and for each other class the
    default goal's pieces in order with the blank at the class's first cell."""
    blank = puzzle.blank
    if blank is None:  # a board with a blank to place (a sliding board's)
        raise TypeError(f"{puzzle.name} has no blank: its goals serve no other targets")
    classes: dict[int, set[int]] = {}
    for cell in range(puzzle.cells):
        orbit = {cells.index(cell) for cells in puzzle.symmetries()}
        classes.setdefault(min(orbit), orbit)
    default = puzzle.default_goal
    own = default.index(blank)
    pieces = [s for s in default if s != blank]
    goals = []
    for first, orbit in sorted(classes.items()):
        if own in orbit:
            goals.append(default)
        else:
            goals.append("".join(pieces[:first] + [blank] + pieces[first:]))
    return goals
