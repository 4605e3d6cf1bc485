"""Sliding boards of blocks (rectangles of any size, any number of blanks, every metric whose
moves are one piece's: unit, straight, finger) packed into one unsigned 64-bit integer, for the
search that keeps the plain search's order (builder.search.plain_order).

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
from ...search.layered import distinct
from ...search.plain_order import Children, Layer
from .any_mix import AnyMix
from .packed_moves import BY_RULE, PieceMoves, UnitPieceMoves
from .puzzle import SlidingPuzzle


@dataclass
class BlockLayer(Layer):
    """States of a layer: their codes, where each piece stands (one row a state, one column a
    piece, uint8) and their blank cells (bits)."""

    pieces: np.ndarray
    blanks: np.ndarray


@dataclass
class BlockChildren(Children):
    """Every move of a layer (its move back an identity: identity_moves), and what builds the
    child's row: the piece's column and the move's entry in the table."""

    columns: np.ndarray
    entries: np.ndarray


class PackedBlocks:
    """The codec of a board of blocks; see the module's docstring."""

    #: searched in the plain search's order (builder.search.plain_order)
    plain_order = True

    def __init__(self, puzzle: SlidingPuzzle, alphabet: str | None = None):
        """`alphabet`: the labels a code's digits stand for, when more than the puzzle's own
        (one encoding for every mix of a family: packed_mixes.py)."""
        if not packable(puzzle, alphabet):
            raise ValueError(f"{puzzle.name} cannot be packed as a board of blocks in 64 bits")
        self.puzzle = puzzle
        cells = self.cells = puzzle.cells
        self.alphabet = sorted(alphabet or puzzle.counts)
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
        grid, labels = puzzle.grid, self.labels
        sizes = [puzzle.wide.get(label, (1, 1)) for label in labels]
        # per (label index, top-left cell): the block's cells (bits, 0 off the board) and
        # the XOR of a code that turns the block blank (or the blank cells into the block)
        self._blocks = [grid.mask(size) for size in sizes]
        self._flips = [
            [
                sum(
                    (self.digit[label] ^ blank) << int(self.shifts[c])
                    for c in grid.block(cell, size)
                )
                if bits
                else 0
                for cell, bits in enumerate(self._blocks[i])
            ]
            for i, (label, size) in enumerate(zip(labels, sizes))
        ]
        self.block = np.array(self._blocks, np.uint64)
        self.flip = np.array(self._flips, np.uint64)
        # by slot (label index * cells + cell): the cells whose blanks decide the piece's
        # moves, and the cells beside it (no move without a blank there)
        beside = UnitPieceMoves(puzzle)
        slots = [(i, label, cell) for i, label in enumerate(labels) for cell in range(cells)]
        self.relevant = np.array(
            [
                self.piece_moves.relevant(label, c) if self._blocks[i][c] else 0
                for i, label, c in slots
            ],
            np.uint64,
        )
        self.touching = np.array(
            [beside.relevant(label, c) if self._blocks[i][c] else 0 for i, label, c in slots],
            np.uint64,
        )
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

    def _digits_of(self, states: list[str]) -> np.ndarray:
        """The cells of `states` as digits, one row a state, without a Python loop a cell."""
        points = np.array(states, f"<U{self.cells}").view(np.uint32).reshape(len(states), -1)
        return np.searchsorted(self.codepoints, points).astype(np.uint8)

    def digits(self, codes: np.ndarray) -> np.ndarray:
        return ((codes[:, None] >> self.shifts[None, :]) & self.mask).astype(np.uint8)

    def points(self, codes: np.ndarray) -> np.ndarray:
        """Each state's text as code points, a row a state (what a store writes directly)."""
        return np.ascontiguousarray(self.codepoints[self.digits(codes)])

    def decode(self, codes: np.ndarray) -> list[str]:
        return self.points(codes).view(f"<U{self.cells}").ravel().tolist()

    def start(self, states: list[str]) -> BlockLayer:
        """The layer of `states` (a goal's positions), in their order; a new search begins."""
        self._forget_moves()
        digits = self._digits_of(states)
        codes = (digits.astype(np.uint64) << self.shifts).sum(axis=1, dtype=np.uint64)
        blanks = (digits == self.digit[self.puzzle.blank]).astype(np.uint64)
        weights = np.uint64(1) << np.arange(self.cells, dtype=np.uint64)
        pieces = [self._top_left_cells(digits, label) for label in self.labels]
        return BlockLayer(codes, np.concatenate(pieces, axis=1), (blanks * weights).sum(axis=1))

    def _top_left_cells(self, digits: np.ndarray, label: str) -> np.ndarray:
        """Where each piece of `label` stands in each state (one row a state): the cells, in
        reading order, that hold the label and no block met before covers (as wide_blocks)."""
        size = self.puzzle.wide.get(label, (1, 1))
        blocks = self._blocks[self.labels.index(label)]
        mine = digits == self.digit[label]
        if size != (1, 1):
            covered = np.zeros_like(mine)
            for cell in range(self.cells):
                top_left = mine[:, cell] & ~covered[:, cell]
                mine[:, cell] = top_left
                if blocks[cell]:  # elsewhere no block starts in a state
                    covered[:, self.puzzle.grid.block(cell, size)] |= top_left[:, None]
        return np.nonzero(mine)[1].astype(np.uint8).reshape(len(digits), -1)

    # -- moves -------------------------------------------------------------------------------
    def children(self, layer: BlockLayer) -> BlockChildren:
        """Every move of every state of `layer`, ranked as the plain search makes them: the
        one-cell pieces by cell, then the larger ones by their top-left cell, each piece's
        moves in its rule's order. Only pieces with a blank beside them can move at all."""
        width = layer.pieces.shape[1]
        cells = self.cells
        slots = (self.column_label * cells + layer.pieces).ravel()
        pairs = np.flatnonzero(self.touching[slots] & np.repeat(layer.blanks, width))
        slots = slots[pairs]
        parents = pairs // width
        keys = (slots.astype(np.uint64) << np.uint64(cells)) | (
            self.relevant[slots] & layer.blanks[parents]
        )
        entry = self.table.entries(keys, self._work_out)
        many = self.table.count[entry]
        pair = np.repeat(np.arange(len(pairs)), many)
        first = np.cumsum(many) - many
        moves = np.repeat(self.table.start[entry] - first, many) + np.arange(len(pair))
        parents, columns = parents[pair], pairs[pair] % width
        placed = (self.column_wide[columns] * cells + slots[pair] % cells) * self.piece_moves.ranks
        return BlockChildren(
            codes=layer.codes[parents] ^ self.table.flip[moves],
            parents=parents,
            ranks=placed + self.table.rank[moves],
            moves=self.table.identity[moves],
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
        flips, blocks = self._flips[label_index], self._blocks[label_index]
        for target, rank, back in self.piece_moves.moves(label, cell, blanks):
            identity = self._identity(back, label_index, target, cell)
            out.append(
                (target, rank, identity, flips[cell] ^ flips[target], blocks[cell] ^ blocks[target])
            )
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

    def number(self, moves: np.ndarray) -> np.ndarray:
        """The codes of `moves` (identities), numbered by the plain search's scheme
        (builder.move_codes) in the order given: the order its rows first use them."""
        codes = []
        for identity in moves.tolist():
            code = self.numbering.code(self.identity_moves[identity])
            label_index, at, to = self.identity_facts[identity]
            self.code_label[code] = label_index
            self.code_at[code] = at if self.labels[label_index] in self.puzzle.twins else -1
            self.code_shift[code] = to - at
            codes.append(code)
        return np.array(codes, np.int64)

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
        # the rows of each move code, from one sort (not one pass over all rows a code)
        made = np.flatnonzero(moves >= 0)
        by_code = made[np.argsort(moves[made], kind="stable")]
        sorted_codes = moves[by_code]
        bounds = np.flatnonzero(np.diff(sorted_codes)) + 1
        for rows in np.split(by_code, bounds):
            if len(rows) == 0:
                continue
            code = int(moves[rows[0]])
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
        """The entry of each of `keys`, working out those not met before."""
        at = self._found(keys)
        missing = np.flatnonzero(at < 0)
        if len(missing):
            unmet = keys[missing]
            self._add(distinct(unmet), work_out)
            at[missing] = self._found(unmet)
        return at

    def _found(self, keys: np.ndarray) -> np.ndarray:
        """The entry of each key, -1 where there is none yet."""
        if len(self.keys) == 0:
            return np.full(len(keys), -1, np.int64)
        at = np.minimum(np.searchsorted(self.keys, keys), len(self.keys) - 1)
        return np.where(self.keys[at] == keys, self.key_entry[at], -1)

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


def packable(puzzle: Puzzle, alphabet: str | None = None) -> TypeGuard[SlidingPuzzle]:
    """A reversible sliding board whose moves are one piece's (unit, straight, finger: the
    multi-tile metric takes the plain search), whose cells fit in 64 bits, and whose keys of
    piece moves (a piece's label and cell, then a bit a cell) do too; a family of every piece
    mix is packed a mix at a time (packed_mixes.py), not here."""
    if not isinstance(puzzle, SlidingPuzzle) or not puzzle.reversible:
        return False
    if type(puzzle.rule) not in BY_RULE or isinstance(puzzle, AnyMix):
        return False
    labels = len(alphabet or puzzle.counts)
    if labels < 2:  # blanks alone: one state, nothing to pack
        return False
    bits = max(1, (labels - 1).bit_length())
    slots = max(1, labels * puzzle.cells).bit_length()
    return bits * puzzle.cells <= 64 and slots + puzzle.cells <= 64
