"""Every arrangement of a set of rectangular pieces on a board that matches a pattern.

A goal that is a pattern ("the big piece at the exit, the rest anywhere") stands for all the
positions it matches; a build puts them all at depth 0. They are found by filling the board in
reading order: the first empty cell is the top-left cell of whatever piece (or blank) covers it.
Counting first, with the partial fillings that behave alike merged, keeps both bounded: a
pattern matching too many positions is refused with its count before any is listed.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import factorial, prod
from typing import TYPE_CHECKING

from ...puzzle import ANY  # a pattern cell that any piece or blank matches

if TYPE_CHECKING:  # numpy is imported where a board of wide pieces is listed
    import numpy as np

#: Distinct partial fillings the count may remember before it gives up (memory bound).
MAX_COUNT_WORK = 2_000_000
#: Partial fillings each() extends at once; more are taken in turn, in order (memory bound).
FILL_CHUNK = 1 << 16


#: Counts made, by board, pieces and pattern (Board.count).
_COUNTED: dict[tuple, int] = {}


class TooManyToCount(Exception):
    """The count needs more work than MAX_COUNT_WORK: far more positions than any build."""


class Board:
    """Pieces to place: `shapes` maps each label to its (height, width), `counts` to how many
    pieces (or blank cells) of it there are."""

    def __init__(self, rows: int, cols: int, shapes: dict, counts: dict, pattern: str):
        self.rows, self.cols = rows, cols
        self.labels = sorted(counts)
        self.counts = tuple(counts[label] for label in self.labels)
        self.pattern = pattern
        self.shapes = tuple(shapes.get(label, (1, 1)) for label in self.labels)
        self.wide = any(shapes.get(label, (1, 1)) != (1, 1) for label in self.labels)
        # for each label and cell: the cells its piece covers with its top-left there, or None
        # where it leaves the board or a cell of the pattern wants something else
        self.blocks = [
            [self._block(label, shapes.get(label, (1, 1)), cell) for cell in range(rows * cols)]
            for label in self.labels
        ]

    def _block(self, label: str, size: tuple[int, int], cell: int) -> tuple[int, ...] | None:
        h, w = size
        top, left = divmod(cell, self.cols)
        if top + h > self.rows or left + w > self.cols:
            return None
        block = tuple((top + i) * self.cols + left + j for i in range(h) for j in range(w))
        if any(self.pattern[c] not in (ANY, label) for c in block):
            return None
        return block

    def count(self) -> int:
        """How many arrangements match; TooManyToCount past MAX_COUNT_WORK partial fillings.
        Plain Python, memoised on the fillings that behave alike (the cells covered, the
        pieces left): a command that only lists puzzles counts without loading numpy. Each
        board and pattern is counted once a process (`puzzledb list` asks Klotski's seven
        times)."""
        key = (self.rows, self.cols, self.pattern, tuple(self.labels), self.counts, self.shapes)
        if key not in _COUNTED:
            _COUNTED[key] = self._count()
        return _COUNTED[key]

    def _count(self) -> int:
        cells = self.rows * self.cols
        if not self.wide:
            return self._count_cells()

        memo: dict[tuple, int] = {}
        blocks = [
            [None if b is None else sum(1 << (c - cell) for c in b) for cell, b in enumerate(row)]
            for row in self.blocks
        ]

        def ways(cell: int, covered: int, left: tuple[int, ...]) -> int:
            while cell < cells and covered & 1:
                cell, covered = cell + 1, covered >> 1
            if cell == cells:
                return 1
            key = (cell, covered, left)
            found = memo.get(key)
            if found is not None:
                return found
            if len(memo) >= MAX_COUNT_WORK:
                raise TooManyToCount
            total = 0
            for i, n in enumerate(left):
                bits = blocks[i][cell] if n else None
                if bits is None or covered & bits:
                    continue
                total += ways(cell, covered | bits, left[:i] + (n - 1,) + left[i + 1 :])
            memo[key] = total
            return total

        return ways(0, 0, self.counts)

    def _count_cells(self) -> int:
        """One-cell pieces only: the free cells take the pieces the pattern leaves, in any
        order (a multinomial), so even 16 distinct tiles are counted at once."""
        left = dict(zip(self.labels, self.counts))
        for symbol in self.pattern:
            if symbol != ANY:
                if left.get(symbol, 0) == 0:
                    return 0
                left[symbol] -= 1
        return factorial(sum(left.values())) // prod(factorial(n) for n in left.values())

    def each(self) -> Iterator[str]:
        """Every matching arrangement as a state (one label per cell), in sorted order, which is
        the order of filling (the first cell where two differ is the top-left of the piece the
        earlier one placed there first); a build's sources are in this order, which decides the
        moves its rows keep. Found a piece at a time for all partial fillings at once
        (Klotski's 6,795 goal positions in a few milliseconds: a Python recursion took 40), in
        chunks of at most FILL_CHUNK fillings taken depth first, so memory stays bounded."""
        import numpy as np

        steps = _Steps(self)
        total = sum(self.counts)
        found: list[np.ndarray] = []

        def fill(covered: np.ndarray, left: np.ndarray, placed: np.ndarray) -> None:
            """Put the next piece on every partial filling in every way it goes, children after
            their parent and in label order; `placed` holds each filling's pieces so far as
            label * cells + top-left cell (later pieces are kept as each step's parents and
            pieces, and joined to them only for the fillings wanted)."""
            parents: list[np.ndarray] = []
            pieces: list[np.ndarray] = []

            def history(wanted: np.ndarray) -> np.ndarray:
                """The pieces placed so far on the fillings `wanted` (indices)."""
                columns = []
                for parent, piece in zip(reversed(parents), reversed(pieces)):
                    columns.append(piece[wanted])
                    wanted = parent[wanted]
                return np.column_stack([placed[wanted], *reversed(columns)])

            step = placed.shape[1]
            while step < total and len(covered):
                if len(covered) > FILL_CHUNK:
                    now = history(np.arange(len(covered)))
                    for at in range(0, len(covered), FILL_CHUNK):
                        part = slice(at, at + FILL_CHUNK)
                        fill(covered[part], left[part], now[part])
                    return
                parent, piece, covered, left = steps.next(covered, left)
                parents.append(parent)
                pieces.append(piece)
                step += 1
            if len(covered):
                found.append(history(np.flatnonzero(steps.whole(covered))))

        covered, left = steps.start()
        fill(covered, left, np.zeros((1, 0), dtype=np.intp))
        placed = np.concatenate(found) if found else np.zeros((0, total), dtype=np.intp)
        return iter(steps.drawn(placed))


class _Steps:
    """A board's pieces put on partial fillings a piece at a time, in numpy: a filling is the
    cells it covers (words of bits) and the pieces it has left (a count a label); its next
    piece goes at its first cell not covered (that cell's piece has its top-left there)."""

    def __init__(self, board: Board):
        import numpy as np

        cells, labels = board.rows * board.cols, len(board.labels)
        self.cells, self.labels, self.counts = cells, board.labels, board.counts
        self.words = words = (cells + 63) // 64
        # per top-left cell and label: the cells the piece covers, as bits (all set where it
        # may not go there)
        taken = [
            [sum(1 << c for c in b) if b is not None else (1 << 64 * words) - 1 for b in row]
            for row in board.blocks
        ]
        mask = 2**64 - 1
        self.bits = (
            np.array(
                [[[(m >> 64 * w) & mask for w in range(words)] for m in row] for row in taken],
                dtype=np.uint64,
            )
            .reshape(labels, cells, words)
            .transpose(1, 0, 2)
            .copy()
        )
        # per piece code (label * cells + top-left cell): the cells its piece covers (repeated
        # to the largest piece's size; none where it may not go)
        size = max((len(b) for row in board.blocks for b in row if b is not None), default=1)
        self.covers = np.array(
            [
                [*b, *[b[0]] * (size - len(b))] if b else [0] * size
                for row in board.blocks
                for b in row
            ],
            dtype=np.intp,
        )
        self.full = ~np.uint64(0)

    def start(self) -> tuple[np.ndarray, np.ndarray]:
        """The empty filling: (covered, left), the cells past the board's last counted as
        covered."""
        import numpy as np

        cells, words = self.cells, self.words
        covered = np.zeros((1, words), dtype=np.uint64)
        if cells % 64:
            covered[0, -1] = self.full << np.uint64(cells % 64)
        return covered, np.array([self.counts], dtype=np.int16)

    def next(
        self, covered: np.ndarray, left: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Every filling one piece on: (the filling each came from, the piece put as label *
        cells + top-left cell, covered, left), children after their parent, in label order."""
        import numpy as np

        word = (covered != self.full).argmax(axis=1)
        low = covered[:, 0] if self.words == 1 else covered[np.arange(len(covered)), word]
        low = ~low & (low + np.uint64(1))  # the first cell not covered, as a bit
        first = word * 64 + np.frexp(low.astype(np.float64))[1] - 1
        fits = (left > 0) & ~(covered[:, None, :] & self.bits[first]).any(axis=2)
        parent, label = np.nonzero(fits)  # (filling, label) pairs, in that order
        at = first[parent]
        covered = covered[parent] | self.bits[at, label]
        left = left[parent]
        left[np.arange(len(left)), label] -= 1
        return parent, label * self.cells + at, covered, left

    def whole(self, covered: np.ndarray) -> np.ndarray:
        """Which fillings cover the whole board."""
        return (covered == self.full).all(axis=1)

    def drawn(self, placed: np.ndarray) -> list[str]:
        """Each filling (its pieces as codes, one row a filling) as a state's text."""
        import numpy as np

        cells = self.cells
        boards = np.zeros((len(placed), cells), dtype=np.uint8)
        rows = np.arange(len(placed))[:, None]
        for code in placed.T:
            boards[rows, self.covers[code]] = (code // cells + 1)[:, None]
        symbols = np.array(["", *self.labels], dtype="U1")[boards]
        return symbols.view(f"U{cells}").ravel().tolist()
