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

#: A pattern cell that any piece or blank matches.
ANY = "?"
#: Distinct partial fillings the count may remember before it gives up (memory bound).
MAX_COUNT_WORK = 2_000_000


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
        """How many arrangements match; TooManyToCount past MAX_COUNT_WORK partial fillings."""
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
        """Every matching arrangement as a state (one label per cell), in the order of filling
        (a build's sources are in this order, which decides the moves its rows keep). Found
        into a list by plain recursion over the covered cells as bits: a generator a level
        would hand every state up through each level, which cost Klotski's 6,795 goal
        positions more than finding them."""
        cells = self.rows * self.cols
        board: list[str] = [""] * cells
        left = list(self.counts)
        found: list[str] = []
        full = (1 << cells) - 1
        # for each cell, the pieces whose top-left may be there: (label, index, block, bits)
        places = [
            [
                (label, i, block, sum(1 << c for c in block))
                for i, label in enumerate(self.labels)
                if (block := self.blocks[i][cell]) is not None
            ]
            for cell in range(cells)
        ]

        def fill(covered: int) -> None:
            if covered == full:
                found.append("".join(board))
                return
            cell = (~covered & (covered + 1)).bit_length() - 1  # the first cell not covered
            for label, i, block, bits in places[cell]:
                if not left[i] or covered & bits:
                    continue
                for c in block:
                    board[c] = label
                left[i] -= 1
                fill(covered | bits)
                left[i] += 1

        fill(0)
        return iter(found)
