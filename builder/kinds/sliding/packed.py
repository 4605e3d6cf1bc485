"""Sliding boards with one blank and one-cell pieces, packed into one unsigned 64-bit integer.

Each cell takes a few bits, cell 0 most significant, and a symbol's digit is its rank in code
point order: so integer order is exactly the text order SQLite sorts states in, and sorted
arrays of codes are rows in key order. Moves are computed on whole arrays at once.
"""

from __future__ import annotations

from typing import TypeGuard

import numpy as np

from ...move_codes import MoveCodes, swapped_cells
from ...puzzle import Puzzle
from . import DIRECTIONS, ONE_CELL, SlidingPuzzle

DIRECTION_NAMES = list(DIRECTIONS)
#: The largest move code the layered search can hold: it keeps them as int16.
MOVE_CODE_MAX = int(np.iinfo(np.int16).max)


class PackedBoard:
    #: Every move steps the blank to a neighbouring cell of a grid, so it flips the colour of
    #: the blank's cell on a chessboard: no move joins two states of one search layer.
    bipartite = True
    #: expand keeps nothing of its own: threads may expand parts of a layer at once.
    expands_in_threads = True

    def __init__(self, puzzle: SlidingPuzzle):
        if not packable(puzzle):
            raise ValueError(f"{puzzle.name} cannot be packed into 64 bits")
        self.puzzle = puzzle
        self.alphabet = sorted(puzzle.counts)
        self.digit = {symbol: i for i, symbol in enumerate(self.alphabet)}
        self.bits = max(1, (len(self.alphabet) - 1).bit_length())
        self.mask = np.uint64((1 << self.bits) - 1)
        cells = puzzle.cells
        self.state_bits = self.bits * cells
        self.shifts = np.array([self.bits * (cells - 1 - i) for i in range(cells)], np.uint64)
        self.blank = self.digit[puzzle.blank]
        # Word-wide constants for finding the blank without unpacking cells (blank_cells).
        ones = sum(1 << (self.bits * i) for i in range(cells))
        self.low_bits = np.uint64(ones)
        self.high_bits = np.uint64(ones << (self.bits - 1))
        self.blank_pattern = np.uint64(ones * self.blank)
        self.codepoints = np.array([ord(s) for s in self.alphabet], np.uint32)
        # neighbour[d, cell] = the cell one step in direction d, or -1 off the board
        self.neighbour = np.array(
            [[_or_minus_one(puzzle.step(c, d)) for c in range(cells)] for d in DIRECTIONS],
            np.int64,
        )
        self._number_moves()

    def _number_moves(self) -> None:
        """Give every (cell, direction, piece) a compact move code and its words."""
        p = self.puzzle
        self.code_of = np.full((p.cells, 4, len(self.alphabet)), -1, np.int32)  # narrowed below
        codes = MoveCodes(p.cells, swaps=True)
        for cell in range(p.cells):
            for d, direction in enumerate(DIRECTION_NAMES):
                target = self.neighbour[d, cell]
                if target < 0:
                    continue
                for digit, symbol in enumerate(self.alphabet):
                    if symbol != p.blank:
                        move = p.one_cell_move(symbol, direction, cell, int(target))
                        self.code_of[cell, d, digit] = codes.code(move)
        self.moves = codes.moves
        # Two bytes a move code halves the memory of a big search; every packable board fits
        # (the most: 60 tile-and-direction families on 16 cells, codes below 15,360).
        if max(self.moves) > MOVE_CODE_MAX:
            raise ValueError(
                f"{p.name}: move code {max(self.moves)} does not fit the search's 16-bit codes"
            )
        self.code_of = self.code_of.astype(np.int16)

    def encode(self, state: str) -> int:
        value = 0
        for symbol in state:
            value = (value << self.bits) | self.digit[symbol]
        return value

    def digits(self, codes: np.ndarray) -> np.ndarray:
        """Each state's cells as digits, one row a state."""
        if self.bits == 4:  # hexadecimal boards: split bytes into nibbles, a byte at a time
            octets = codes.astype(">u8").view(np.uint8).reshape(-1, 8)
            nibbles = np.empty((len(codes), 16), np.uint8)
            nibbles[:, 0::2] = octets >> 4
            nibbles[:, 1::2] = octets & 15
            return nibbles[:, 16 - self.puzzle.cells :]
        return ((codes[:, None] >> self.shifts[None, :]) & self.mask).astype(np.uint8)

    def points(self, codes: np.ndarray) -> np.ndarray:
        """Each state's text as code points, a row a state (what a store writes directly)."""
        return np.ascontiguousarray(self.codepoints[self.digits(codes)])

    def decode(self, codes: np.ndarray) -> list[str]:
        return self.points(codes).view(f"<U{self.puzzle.cells}").ravel().tolist()

    def blank_cells(self, codes: np.ndarray) -> np.ndarray:
        """The blank's cell in each state, found on whole words: XOR makes the blank's digit
        the only zero one, and (x - 0101..) & ~x & 1000.. sets the top bit of the lowest zero
        digit (any false hits lie above it), so the lowest set bit names the blank."""
        x = codes ^ self.blank_pattern
        hits = (x - self.low_bits) & ~x & self.high_bits
        lowest = hits & (~hits + np.uint64(1))
        bit = np.frexp(lowest.astype(np.float64))[1] - 1  # exact: a power of two
        return self.puzzle.cells - 1 - bit // self.bits

    def expand(
        self, codes: np.ndarray, came_by: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """All states one move from `codes`, with the code of the move that leads back and
        the index in `codes` of the state each came from.

        `came_by`, the move code each state was reached by (NO_MOVE for none), leaves out the
        child that move came from: it is one move nearer the goal, so a search would only
        find it again and throw it away.
        """
        blank_cell = self.blank_cells(codes)
        back = self._cell_moved_back(came_by, blank_cell)
        sources = []  # per direction, the states whose blank can move that way
        for d in range(4):
            target = self.neighbour[d, blank_cell]
            ok = target >= 0
            if back is not None:
                ok &= target != back
            sources.append(np.flatnonzero(ok).astype(np.uint32))
        total = sum(len(x) for x in sources)
        children = np.empty(total, np.uint64)
        moves = np.empty(total, np.int16)
        start = 0
        for d, index in enumerate(sources):
            end = start + len(index)
            parent, b = codes[index], blank_cell[index]
            t = self.neighbour[d, b]
            shift_t, shift_b = self.shifts[t], self.shifts[b]
            piece = (parent >> shift_t) & self.mask
            flip = piece ^ np.uint64(self.blank)
            children[start:end] = parent ^ (flip << shift_t) ^ (flip << shift_b)
            # In the child the piece sits at b and moves in direction d back into the blank.
            moves[start:end] = self.code_of[b, d, piece.astype(np.intp)]
            start = end
        return children, moves, np.concatenate(sources)

    def _cell_moved_back(
        self, came_by: np.ndarray | None, blank_cell: np.ndarray
    ) -> np.ndarray | None:
        """For each state, the cell the blank moves to in the child that is the state's own
        predecessor: the other of the two cells its move swaps (-1 where it has no move)."""
        if came_by is None:
            return None
        a, b = swapped_cells(came_by.astype(np.int64), self.puzzle.cells)
        return np.where(came_by < 0, -1, a + b - blank_cell)

    def undo(self, codes: np.ndarray, moves: np.ndarray) -> np.ndarray:
        """The predecessors: each state with the two cells its move code names swapped."""
        cells = self.puzzle.cells
        a, b = swapped_cells(moves.astype(np.int64), cells)
        flip = ((codes >> self.shifts[a]) ^ (codes >> self.shifts[b])) & self.mask
        return codes ^ (flip << self.shifts[a]) ^ (flip << self.shifts[b])


def packable(puzzle: Puzzle) -> TypeGuard[SlidingPuzzle]:
    """Reversible, one blank, no multi-cell pieces, one tile a move (the codec knows only
    one-tile moves; the multi-tile metric takes the plain search), and every cell fits in
    64 bits."""
    if (
        not isinstance(puzzle, SlidingPuzzle)
        or not puzzle.reversible
        or puzzle.wide
        or puzzle.blanks != 1
        or puzzle.metric not in ONE_CELL
    ):
        return False
    bits = max(1, (len(puzzle.counts) - 1).bit_length())
    return bits * puzzle.cells <= 64


def _or_minus_one(value: int | None) -> int:
    return -1 if value is None else value
