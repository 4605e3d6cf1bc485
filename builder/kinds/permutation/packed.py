"""Positions of a puzzle written as permutations packed into one unsigned 64-bit integer: the
permutation kind's codec for the layered search (builder.search.layered).

Each position of each orbit is one field of a few bits, the first position most significant,
holding the value its key character stands for (piece * orientations + orientation:
text_form.py), so codes sort as the keys do and a layer's rows reach SQLite in key order. A
move is a table per position: the child's field at i is the parent's field at perm[i] turned
by twist[i], so a layer's children by one move are a sum of table look-ups over its fields, all
on whole arrays. Every move has its undoing among the moves (a turn's inverse is a power of
it), so the graph is undirected and a move code names the move back toward the parent.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeGuard

import numpy as np

from ...puzzle import Move, Puzzle, Rewrite
from ...search.layered import Children
from .puzzle import PermutationPuzzle
from .text_form import KEY, ORBIT_SEPARATOR, narrow, values

#: The boards this codec packs, as a refusal lists them (builder.search.codecs).
BOARDS = "puzzles written as permutations whose key fits 64 bits"
#: A layer's positions expanded at once: their fields and children stay a few MB.
BLOCK = 1 << 18


def _layout(puzzle: PermutationPuzzle) -> list[tuple[int, int]] | None:
    """(bits, orientations) of each position's field, every orbit in turn; None where a key
    is not one character a position, or the fields pass 63 bits (SQLite's integers)."""
    fields = []
    for orbit, held in zip(puzzle.orbits, puzzle.held):
        pieces = max(held) + 1
        if not narrow(orbit, pieces):
            return None
        bits = max(1, (pieces * orbit.orientations - 1).bit_length())
        fields += [(bits, orbit.orientations)] * orbit.pieces
    return fields if sum(b for b, _ in fields) <= 63 else None


def packable(puzzle: Puzzle) -> TypeGuard[PermutationPuzzle]:
    return isinstance(puzzle, PermutationPuzzle) and _layout(puzzle) is not None


class PackedPermutation:
    """The codec of one puzzle written as permutations (see the module's docstring)."""

    #: expand keeps nothing of its own: threads may expand parts of a layer at once.
    expands_in_threads = True
    #: A move's rewrite of the key (Move.rewrite) lets the database derive each predecessor.
    stores_pred = False

    def __init__(self, puzzle: PermutationPuzzle):
        layout = _layout(puzzle)
        if layout is None:
            raise ValueError(f"{puzzle.name} cannot be packed into 64 bits")
        self.puzzle = puzzle
        bits = [b for b, _ in layout]
        self.state_bits = sum(bits)
        ends = np.cumsum(bits)
        self.shifts = (self.state_bits - ends).astype(np.uint64)
        self.masks = np.array([(1 << b) - 1 for b in bits], np.uint64)
        self.width = len(layout)
        # the key's characters, with a separator after each orbit but the last
        self.columns: list[int] = []
        at = 0
        for k, orbit in enumerate(puzzle.orbits):
            self.columns += range(at, at + orbit.pieces)
            at += orbit.pieces + (k < len(puzzle.orbits) - 1)
        self.text_width = at
        self.separators = sorted(set(range(at)) - set(self.columns))
        self.key_points = np.frombuffer(KEY.encode("ascii"), np.uint8)
        self.back = [self._undoing(k) for k in range(len(puzzle.turns))]
        # tables[k][i][v]: what move k puts at position i from a field of value v taken from
        # position sources[k][i], already shifted into place
        self.sources, self.tables = [], []
        self.moves: dict[int, Move] = {}
        values = [b for b, _ in self._letters(puzzle)]
        for k, (turn, move) in enumerate(puzzle.turns):
            perm = [j + base for base, (p, _) in zip(self._bases(), move.parts) for j in p]
            twist = [t for _, tw in move.parts for t in tw]
            self.sources.append(perm)
            self.tables.append(
                [self._table(layout[i][1], twist[i], self.shifts[i]) for i in range(self.width)]
            )
            rewrite = self._rewrite(perm, twist, layout, values)
            self.moves[k] = replace(turn, rewrite=rewrite)

    def _bases(self) -> list[int]:
        out, at = [], 0
        for orbit in self.puzzle.orbits:
            out.append(at)
            at += orbit.pieces
        return out

    def _letters(self, puzzle: PermutationPuzzle) -> list[tuple[int, int]]:
        """(letters, orientations) of each position: how many KEY letters its orbit uses."""
        out = []
        for orbit, held in zip(puzzle.orbits, puzzle.held):
            out += [(values(orbit, max(held) + 1), orbit.orientations)] * orbit.pieces
        return out

    def _rewrite(
        self, perm: list[int], twist: list[int], layout: list[tuple[int, int]], letters: list[int]
    ) -> Rewrite:
        """A move as a rewrite of the key's text (Move.rewrite): position i's letter comes
        from position perm[i], turned twist[i] times; each separator stays where it is."""
        out: list[tuple[int, str, str]] = [(c, "", "") for c in range(self.text_width)]
        for i, column in enumerate(self.columns):
            ways, t = layout[i][1], twist[i]
            before = after = ""
            if t % ways:
                before = KEY[: letters[i]]
                after = "".join(
                    KEY[v // ways * ways + (v % ways + t) % ways] for v in range(letters[i])
                )
            out[column] = (self.columns[perm[i]], before, after)
        return tuple(out)

    def _table(self, ways: int, twist: int, shift: np.uint64) -> np.ndarray:
        value = np.arange(len(KEY), dtype=np.uint64)
        turned = value // ways * ways + (value % ways + twist) % ways
        return turned << shift

    def _undoing(self, k: int) -> int:
        """The code of the move that undoes move k: a power of the same move."""
        move = self.puzzle.turns[k][1]
        inverse = move.inverse(self.puzzle.orbits)
        return next(i for i, (_, m) in enumerate(self.puzzle.turns) if m == inverse)

    # -- codes and text ----------------------------------------------------------------------
    def fields(self, codes: np.ndarray) -> np.ndarray:
        """Each position's field, a row a code (uint8)."""
        out = np.empty((len(codes), self.width), np.uint8)
        for i in range(self.width):
            out[:, i] = (codes >> self.shifts[i]) & self.masks[i]
        return out

    def encode(self, state: str) -> int:
        chars = state.replace(ORBIT_SEPARATOR, "")
        return sum(KEY.index(c) << int(s) for c, s in zip(chars, self.shifts))

    def points(self, codes: np.ndarray) -> np.ndarray:
        """Each key as code points, a row a key (what a store writes directly)."""
        out = np.full((len(codes), self.text_width), ord(ORBIT_SEPARATOR), np.uint8)
        out[:, self.columns] = self.key_points[self.fields(codes)]
        return out

    def decode(self, codes: np.ndarray) -> list[str]:
        points = self.points(codes).astype(np.uint32)
        return points.view(f"<U{self.text_width}").ravel().tolist()

    # -- moves -------------------------------------------------------------------------------
    def apply(self, codes: np.ndarray, k: int, fields: np.ndarray | None = None) -> np.ndarray:
        """The positions move k makes from these."""
        fields = self.fields(codes) if fields is None else fields
        out = np.zeros(len(codes), np.uint64)
        for j, table in zip(self.sources[k], self.tables[k]):
            out += table[fields[:, j]]
        return out

    def undo(self, codes: np.ndarray, moves: np.ndarray) -> np.ndarray:
        """The position each state's move (toward the goal) leads to."""
        out = np.empty(len(codes), np.uint64)
        for k in np.unique(moves).tolist():
            picked = np.flatnonzero(moves == k)
            out[picked] = self.apply(codes[picked], k)
        return out

    def expand(self, codes: np.ndarray, came_by: np.ndarray | None = None) -> Children:
        """Every move of every state: (children, the move back from each, parent indexes)."""
        count = len(self.sources)
        children = np.empty(len(codes) * count, np.uint64)
        moves = np.empty(len(codes) * count, np.int16)
        parents = np.empty(len(codes) * count, np.uint32 if len(codes) < 2**32 else np.intp)
        at = 0
        for start in range(0, len(codes), BLOCK):
            block = codes[start : start + BLOCK]
            fields = self.fields(block)
            index = np.arange(start, start + len(block), dtype=parents.dtype)
            for k in range(count):
                to = slice(at, at + len(block))
                children[to] = self.apply(block, k, fields)
                moves[to] = self.back[k]
                parents[to] = index
                at = to.stop
        return children, moves, parents
