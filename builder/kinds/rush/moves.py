"""A Rush Hour move as data (`Drive`), its words, and the move rule of each metric.

A vehicle slides along its own axis into empty cells. Under `moves` (the count players and
Fogleman's database use) one vehicle going any number of cells in one direction is one move;
under `steps` one vehicle going one cell is. Every move can be undone by the same vehicle going
back as far, so the reverse moves of a position are its moves turned round.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from puzzledb.builder.puzzle import Move

from .geometry import EMPTY, NOT_VEHICLES, Vehicle, noun

#: How moves are counted: one vehicle any distance one way, or one vehicle one cell.
METRICS = ("moves", "steps")
#: The directions along each axis: (toward the first cell, toward the last).
AXES = {True: ("left", "right"), False: ("up", "down")}
OPPOSITE = {"left": "right", "right": "left", "up": "down", "down": "up"}


@dataclass(frozen=True, kw_only=True)
class Drive(Move):
    """Vehicle `vehicle` (`length` cells long) going `distance` cells `direction`. Under the
    steps metric the move exchanges two cells (the one it leaves and the one it enters), its
    `swap`."""

    vehicle: str
    length: int
    direction: str
    distance: int

    @property
    def family(self) -> Hashable:
        return self.vehicle, self.direction


class MoveRule:
    """The moves of a board of `cols` columns and `cells` cells, counted as `metric` says."""

    def __init__(self, metric: str, cols: int, cells: int):
        self.metric, self.cols, self.cells = metric, cols, cells
        self.farthest = 1 if metric == "steps" else max(cols, cells // cols)
        self._drives: dict[tuple, Drive] = {}
        self._options: dict[tuple[str, int, int, bool], list[list[tuple]]] = {}

    def single_swap_moves(self) -> bool:
        return self.metric == "steps"

    def moves(self, state: str) -> list[tuple[Drive, str]]:
        """Every move from `state`, vehicle by vehicle in the order of their letters."""
        out = []
        cols = self.cols
        for letter in sorted(set(state) - NOT_VEHICLES):
            first = state.find(letter)
            horizontal = (first + 1) % cols != 0 and state[first + 1] == letter
            place = (letter, first, state.count(letter), horizontal)
            ways = self._options.get(place) or self._ways(place)
            for way in ways:
                for ahead, move, lo, hi, symbols in way:
                    if state[ahead] != EMPTY:
                        break
                    if horizontal:  # its cells lo..hi are one run of the row
                        after = state[:lo] + symbols + state[hi:]
                    else:  # its cells are a column apart
                        board = list(state)
                        board[lo:hi:cols] = symbols
                        after = "".join(board)
                    out.append((move, after))
        return out

    def reverse_moves(self, state: str) -> list[tuple[Drive, str]]:
        """(move, earlier): the vehicle that came back here went the other way from there."""
        return [
            (self.drive(m.vehicle, m.length, OPPOSITE[m.direction], m.distance, m.swap), after)
            for m, after in self.moves(state)
        ]

    def _ways(self, place: tuple[str, int, int, bool]) -> list[list[tuple]]:
        """For each direction along the vehicle's axis, its moves in order of distance: (the
        cell that must be empty, the move, and the cells lo, lo + step, .. < hi that change
        with what they then hold), made once per vehicle and `place`: (letter, first cell,
        length, horizontal)."""
        letter, first_cell, length, horizontal = place
        vehicle = Vehicle(letter, first_cell, length, horizontal, 1 if horizontal else self.cols)
        step, length, letter = vehicle.step, vehicle.length, vehicle.letter
        back, forth = AXES[vehicle.horizontal]
        found = []
        for direction, sign in ((back, -1), (forth, 1)):
            end = vehicle.first if sign < 0 else vehicle.last
            way = []
            for distance in range(1, self.farthest + 1):
                ahead = end + sign * distance * step
                if not self._inside(end, ahead, vehicle.horizontal):
                    break
                first = vehicle.first + sign * distance * step
                lo = min(first, vehicle.first)
                hi = max(first, vehicle.first) + length * step
                now = range(first, first + length * step, step)
                symbols = "".join(letter if c in now else EMPTY for c in range(lo, hi, step))
                swap = None
                if self.metric == "steps":
                    left = vehicle.last if sign < 0 else vehicle.first
                    swap = (min(left, ahead), max(left, ahead))
                move = self.drive(letter, length, direction, distance, swap)
                way.append((ahead, move, lo, hi, symbols))
            found.append(way)
        self._options[place] = found
        return found

    def _inside(self, end: int, ahead: int, horizontal: bool) -> bool:
        """Whether `ahead`, a vehicle's next cell past `end` along its axis, is on the board
        (on the same row, for a horizontal one)."""
        if horizontal:
            return 0 <= ahead < self.cells and ahead // self.cols == end // self.cols
        return 0 <= ahead < self.cells

    def drive(
        self,
        vehicle: str,
        length: int,
        direction: str,
        distance: int,
        swap: tuple[int, int] | None = None,
    ) -> Drive:
        """The move of `vehicle` (of `length` cells), made and worded once per board."""
        key = (vehicle, length, direction, distance, swap)
        made = self._drives.get(key)
        if made is None:
            far = "" if distance == 1 else f" {distance}"
            made = self._drives[key] = Drive(
                vehicle=vehicle,
                length=length,
                direction=direction,
                distance=distance,
                swap=swap,
                label=f"{noun(length)} {vehicle} {direction}{far}",
            )
        return made

    def move_cells(self, state: str, move: Move, after: str) -> tuple[list[int], list[int]]:
        """The cells of the vehicle that moved, before and after."""
        letter = getattr(move, "vehicle", "")
        return (
            [c for c, s in enumerate(state) if s == letter],
            [c for c, s in enumerate(after) if s == letter],
        )
