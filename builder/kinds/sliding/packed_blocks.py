"""Sliding boards of blocks (rectangles of any size, any number of blanks, every metric whose
moves are one piece's: unit, straight, finger) packed into one unsigned 64-bit integer, for the
search that keeps the plain search's order (builder.search.in_order).

A state's code is its cells' digits as in packed.py (a symbol's digit is its rank in code point
order, cell 0 most significant), so integer order is the text order rows are stored in. Beside
each code a layer keeps where every piece stands (its top-left cell, one column a piece, the
columns grouped by label) and which cells are blank: a move is then one XOR of the code (the
piece's block cleared where it was, drawn where it goes), found in a table of the piece's moves
given the blanks around it (packed_moves.py), and no state is ever decoded to be expanded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeGuard

import numpy as np

from ...move_codes import MoveCodes, swapped_cells
from ...puzzle import Move, Puzzle
from .packed_moves import BY_RULE, PieceMoves
from .puzzle import SlidingPuzzle


@dataclass
class BlockLayer:
    """States of a layer: their codes, where each piece stands (one row a state, one column a
    piece, uint8) and their blank cells (bits)."""

    codes: np.ndarray
    pieces: np.ndarray
    blanks: np.ndarray

    def take(self, index: np.ndarray) -> BlockLayer:
        return BlockLayer(self.codes[index], self.pieces[index], self.blanks[index])


@dataclass
class BlockChildren:
    """Every move of a layer: the state it leads to, the state it leaves (its index), its rank
    among that state's moves in the plain search's order, the move back (an identity, named by
    `move_of`), and what builds the child's row (the piece's column and the move's entry)."""

    codes: np.ndarray
    parents: np.ndarray
    ranks: np.ndarray
    identities: np.ndarray
    columns: np.ndarray
    entries: np.ndarray

    def take(self, index: np.ndarray) -> BlockChildren:
        return BlockChildren(*(getattr(self, f)[index] for f in self.__dataclass_fields__))


class PackedBlocks:
    """The codec of a board of blocks; see the module's docstring."""

    def __init__(self, puzzle: SlidingPuzzle):
        if not packable(puzzle):
            raise ValueError(f"{puzzle.name} cannot be packed as a board of blocks in 64 bits")
        self.puzzle = puzzle
        cells = self.cells = puzzle.cells
        self.alphabet = sorted(puzzle.counts)
        self.digit = {symbol: i for i, symbol in enumerate(self.alphabet)}
        self.bits = max(1, (len(self.alphabet) - 1).bit_length())
        self.state_bits = self.bits * cells
        self.mask = np.uint64((1 << self.bits) - 1)
        self.shifts = np.array([self.bits * (cells - 1 - i) for i in range(cells)], np.uint64)
        self.codepoints = np.array([ord(s) for s in self.alphabet], np.uint32)
        self.piece_moves: PieceMoves = BY_RULE[type(puzzle.rule)](puzzle)
        blank = self.digit[puzzle.blank]
        self.labels = sorted(set(puzzle.counts) - {puzzle.blank})
        counts = puzzle.piece_set.whole_counts()
        #: each piece's label (its index in labels), one a column
        self.column_label = np.array(
            [i for i, label in enumerate(self.labels) for _ in range(counts[label])], np.int64
        )
        self.column_wide = np.array(
            [self.labels[i] in puzzle.wide for i in self.column_label], np.int64
        )
        grid = puzzle.grid
        # per (label, top-left cell): the block's cell bits, and the XOR turning it blank
        self.block = np.zeros((len(self.labels), cells), np.uint64)
        self.flip = np.zeros((len(self.labels), cells), np.uint64)
        self.relevant = np.zeros((len(self.labels), cells), np.uint64)
        for i, label in enumerate(self.labels):
            size = puzzle.wide.get(label, (1, 1))
            for cell, bits in enumerate(grid.mask(size)):
                if bits:
                    self.block[i, cell] = bits
                    self.flip[i, cell] = sum(
                        (self.digit[label] ^ blank) << int(self.shifts[c])
                        for c in grid.block(cell, size)
                    )
                    self.relevant[i, cell] = self.piece_moves.relevant(label, cell)
        #: a piece's moves are ranked below this, each piece's below the next one's
        self.order_bound = 2 * cells * self.piece_moves.ranks
        #: as the plain search: where every move swaps two cells, SQL derives the predecessor
        self.stores_pred = not puzzle.single_swap_moves()
        self._forget_moves()

    def _forget_moves(self) -> None:
        """A new search: no move numbered, no table entry made."""
        self.numbering = MoveCodes(self.cells, self.puzzle.single_swap_moves())
        self.identities: dict[Move, int] = {}
        self.identity_moves: list[Move] = []
        #: each identity's (label index, the cell it is made at, the cell it takes the piece to)
        self.identity_facts: list[tuple[int, int, int]] = []
        self.code_of_identity = np.full(0, -1, np.int64)
        # for undo: each move code's label, the cell it is made from (-1: the label's one
        # piece, wherever it stands) and how far (in cells) it takes the piece's top-left cell
        self.code_label: dict[int, int] = {}
        self.code_at: dict[int, int] = {}
        self.code_shift: dict[int, int] = {}
        self.table = _MoveTable()

    @property
    def moves(self) -> dict[int, Move]:
        return self.numbering.moves

    # -- text --------------------------------------------------------------------------------
    def encode(self, state: str) -> int:
        value = 0
        for symbol in state:
            value = (value << self.bits) | self.digit[symbol]
        return value

    def digits(self, codes: np.ndarray) -> np.ndarray:
        return ((codes[:, None] >> self.shifts[None, :]) & self.mask).astype(np.uint8)

    def decode(self, codes: np.ndarray) -> list[str]:
        points = np.ascontiguousarray(self.codepoints[self.digits(codes)])
        return points.view(f"<U{self.cells}").ravel().tolist()

    def start(self, states: list[str]) -> BlockLayer:
        """The layer of `states` (a goal's positions), in their order; a new search begins."""
        self._forget_moves()
        pieces = np.zeros((len(states), len(self.column_label)), np.uint8)
        blanks = np.zeros(len(states), np.uint64)
        for row, state in enumerate(states):
            where: dict[str, list[int]] = {}
            for label, cell, _ in self.puzzle.grid.every_piece(state):
                where.setdefault(label, []).append(cell)
            pieces[row] = [cell for label in self.labels for cell in sorted(where[label])]
            blanks[row] = sum(1 << c for c, s in enumerate(state) if s == self.puzzle.blank)
        codes = np.array([self.encode(s) for s in states], np.uint64)
        return BlockLayer(codes, pieces, blanks)

    # -- moves -------------------------------------------------------------------------------
    def children(self, layer: BlockLayer) -> BlockChildren:
        """Every move of every state of `layer`, ranked as the plain search makes them: the
        one-cell pieces by cell, then the larger ones by their top-left cell, each piece's
        moves in its rule's order."""
        n, width = layer.pieces.shape
        cells = self.cells
        where = layer.pieces.astype(np.int64)
        labels = np.broadcast_to(self.column_label, (n, width))
        keys = (
            ((labels * cells + where).astype(np.uint64) << np.uint64(cells))
            | (self.relevant[labels, where] & layer.blanks[:, None])
        ).ravel()
        distinct, which = np.unique(keys, return_inverse=True)
        entry = self.table.entries(distinct, self._work_out)[which.ravel()]
        many = self.table.count[entry]
        pair = np.repeat(np.arange(n * width), many)
        first = np.cumsum(many) - many
        moves = np.repeat(self.table.start[entry] - first, many) + np.arange(len(pair))
        parents, columns = np.divmod(pair, width)
        placed = (self.column_wide[columns] * cells + where.ravel()[pair]) * self.piece_moves.ranks
        return BlockChildren(
            codes=layer.codes[parents] ^ self.table.flip[moves],
            parents=parents,
            ranks=placed + self.table.rank[moves],
            identities=self.table.identity[moves],
            columns=columns,
            entries=moves,
        )

    def child_layer(self, layer: BlockLayer, children: BlockChildren) -> BlockLayer:
        """The layer of `children`, each piece where its move took it."""
        pieces = layer.pieces[children.parents]
        pieces[np.arange(len(pieces)), children.columns] = self.table.target[children.entries]
        blanks = layer.blanks[children.parents] ^ self.table.blanks[children.entries]
        return BlockLayer(children.codes, pieces, blanks)

    def _work_out(self, key: int) -> list[tuple[int, int, int, int, int]]:
        """A table entry's moves: (target cell, rank, identity, code XOR, blanks XOR)."""
        cells = self.cells
        slot, blanks = divmod(key, 1 << cells)
        label_index, cell = divmod(slot, cells)
        label = self.labels[label_index]
        out = []
        for target, rank, back in self.piece_moves.moves(label, cell, blanks):
            identity = self._identity(back, label_index, target, cell)
            code = int(self.flip[label_index, cell] ^ self.flip[label_index, target])
            bits = int(self.block[label_index, cell] ^ self.block[label_index, target])
            out.append((target, rank, identity, code, bits))
        return out

    def _identity(self, move: Move, label_index: int, at: int, to: int) -> int:
        """The number of a move back (made at `at`, taking the piece to `to`): equal moves,
        as the plain search's numbering tells them apart, share one."""
        found = self.identities.get(move)
        if found is None:
            found = self.identities[move] = len(self.identity_moves)
            self.identity_moves.append(move)
            self.identity_facts.append((label_index, at, to))
        return found

    def number(self, identities: np.ndarray) -> np.ndarray:
        """The move codes of `identities`, in the order the plain search stores states (so a
        code is given to each move the first time a stored state is found by it)."""
        if len(self.code_of_identity) < len(self.identity_moves):
            grown = np.full(len(self.identity_moves), -1, np.int64)
            grown[: len(self.code_of_identity)] = self.code_of_identity
            self.code_of_identity = grown
        seen, first = np.unique(identities, return_index=True)
        for identity in seen[np.argsort(first)].tolist():
            if self.code_of_identity[identity] < 0:
                move = self.identity_moves[identity]
                code = self.numbering.code(move)
                self.code_of_identity[identity] = code
                label_index, at, to = self.identity_facts[identity]
                label = self.labels[label_index]
                twin = label in self.puzzle.twins
                self.code_label[code] = label_index
                self.code_at[code] = at if twin else -1
                self.code_shift[code] = to - at
        return self.code_of_identity[identities]

    # -- the way back --------------------------------------------------------------------------
    def undo(self, codes: np.ndarray, moves: np.ndarray) -> np.ndarray:
        """The predecessors: each state with its move made (NO_MOVE, -1: the state itself)."""
        moves = moves.astype(np.int64)
        out = codes.copy()
        if self.numbering.swaps:
            a, b = swapped_cells(moves, self.cells)
            flip = ((codes >> self.shifts[a]) ^ (codes >> self.shifts[b])) & self.mask
            done = codes ^ (flip << self.shifts[a]) ^ (flip << self.shifts[b])
            return np.where(moves < 0, codes, done)
        digits = self.digits(codes)
        for code in np.unique(moves[moves >= 0]).tolist():
            rows = np.flatnonzero(moves == code)
            label = self.code_label[code]
            at = self.code_at[code]
            if at < 0:  # the label's one piece: its first cell is its top-left one
                mine = digits[rows] == self.digit[self.labels[label]]
                at_cells = mine.argmax(axis=1)
            else:
                at_cells = np.full(len(rows), at)
            to_cells = at_cells + self.code_shift[code]
            out[rows] ^= self.flip[label, at_cells] ^ self.flip[label, to_cells]
        return out


#: What a table entry's moves are worked out by: its key's moves, (target cell, rank,
#: identity, code XOR, blanks XOR) each.
WorkOut = Callable[[int], list[tuple[int, int, int, int, int]]]


class _MoveTable:
    """The table of piece moves by key (label, top-left cell, relevant blanks), grown as keys
    are met: each key's moves are the rows start..start+count of the move columns."""

    def __init__(self) -> None:
        self.keys = np.zeros(0, np.uint64)
        self.key_entry = np.zeros(0, np.int64)
        self.start = np.zeros(0, np.int64)
        self.count = np.zeros(0, np.int64)
        self.target = np.zeros(0, np.uint8)
        self.rank = np.zeros(0, np.int64)
        self.identity = np.zeros(0, np.int64)
        self.flip = np.zeros(0, np.uint64)
        self.blanks = np.zeros(0, np.uint64)

    def entries(self, keys: np.ndarray, work_out: WorkOut) -> np.ndarray:
        """The entry of each of `keys` (sorted, distinct), working out those not met before."""
        at = np.searchsorted(self.keys, keys)
        known = at < len(self.keys)
        known[known] = self.keys[at[known]] == keys[known]
        if not known.all():
            self._add(keys[~known], work_out)
            at = np.searchsorted(self.keys, keys)
        return self.key_entry[at]

    def _add(self, keys: np.ndarray, work_out: WorkOut) -> None:
        first_entry, first_move = len(self.start), len(self.target)
        moves = [work_out(key) for key in keys.tolist()]
        counts = np.array([len(m) for m in moves], np.int64)
        rows = [row for m in moves for row in m]
        columns = list(zip(*rows)) if rows else [(), (), (), (), ()]
        self.start = np.concatenate([self.start, first_move + np.cumsum(counts) - counts])
        self.count = np.concatenate([self.count, counts])
        self.target = np.concatenate([self.target, np.array(columns[0], np.uint8)])
        self.rank = np.concatenate([self.rank, np.array(columns[1], np.int64)])
        self.identity = np.concatenate([self.identity, np.array(columns[2], np.int64)])
        self.flip = np.concatenate([self.flip, np.array(columns[3], np.uint64)])
        self.blanks = np.concatenate([self.blanks, np.array(columns[4], np.uint64)])
        merged = np.concatenate([self.keys, keys])
        entry = np.concatenate([self.key_entry, first_entry + np.arange(len(keys))])
        order = np.argsort(merged, kind="stable")
        self.keys, self.key_entry = merged[order], entry[order]


def packable(puzzle: Puzzle) -> TypeGuard[SlidingPuzzle]:
    """A reversible sliding board whose moves are one piece's (unit, straight, finger: the
    multi-tile metric takes the plain search), whose cells fit in 64 bits, and whose keys of
    piece moves (a piece's label and cell, then a bit a cell) do too."""
    if not isinstance(puzzle, SlidingPuzzle) or not puzzle.reversible:
        return False
    if type(puzzle.rule) not in BY_RULE:
        return False
    labels = len(puzzle.counts)
    bits = max(1, (labels - 1).bit_length())
    slots = max(1, labels * puzzle.cells).bit_length()
    return bits * puzzle.cells <= 64 and slots + puzzle.cells <= 64
