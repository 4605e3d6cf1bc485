"""A token on a ring of cells ("0010": the token in the third cell), to be brought to the first
cell; a move takes it one cell left or right, round the ring's ends."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from puzzledb.builder.core.errors import MalformedInput
from puzzledb.builder.puzzle import Move, Puzzle

TOKEN, EMPTY = "1", "0"


@dataclass(frozen=True, kw_only=True)
class Step(Move):
    """The token going one cell `way` ("left" or "right")."""

    way: str

    @property
    def family(self) -> Hashable:
        return self.way


class Ring(Puzzle):
    kind = "ring"

    def __init__(self, name: str, cells: int, title: str = ""):
        self.name, self.title = name, title or name
        self.rows, self.cols = 1, cells
        self.default_goal = TOKEN + EMPTY * (cells - 1)

    def parse(self, text: str, what: str = "state") -> str:
        if not isinstance(text, str) or len(text) != self.cols or text.count(TOKEN) != 1:
            raise MalformedInput(f"{what} must be {self.cols} cells: one {TOKEN}, else {EMPTY}")
        if set(text) - {TOKEN, EMPTY}:
            raise MalformedInput(f"{what} must be written with {TOKEN} and {EMPTY} only")
        return text

    def _step(self, state: str, way: str) -> tuple[Step, str]:
        here = state.index(TOKEN)
        there = (here + (1 if way == "right" else -1)) % self.cols
        after = [EMPTY] * self.cols
        after[there] = TOKEN
        swap = (min(here, there), max(here, there))
        return Step(way=way, swap=swap, label=f"token {way}"), "".join(after)

    def moves(self, state: str) -> list[tuple[Move, str]]:
        return [self._step(state, way) for way in ("left", "right")]

    def reverse_moves(self, state: str) -> list[tuple[Move, str]]:
        """The token came from the cell on the other side of its way."""
        out: list[tuple[Move, str]] = []
        for way, back in (("left", "right"), ("right", "left")):
            _, earlier = self._step(state, back)
            move, _ = self._step(earlier, way)
            out.append((move, earlier))
        return out

    def move_cells(self, state: str, move: Move, after: str) -> tuple[list[int], list[int]]:
        return [state.index(TOKEN)], [after.index(TOKEN)]

    def placed(self, state: str) -> list[tuple[str, list[int]]]:
        return [(TOKEN, [state.index(TOKEN)])]

    def draw(self, state: str) -> list[str]:
        return [" ".join("●" if c == TOKEN else "○" for c in state)]

    def spec(self) -> dict:
        return {
            "kind": self.kind,
            "name": self.name,
            "title": self.title,
            "goal": self.default_goal,
            "cells": self.cols,
        }

    @classmethod
    def from_spec(cls, spec: dict) -> Ring:
        return cls(spec["name"], spec["cells"], spec["title"])
