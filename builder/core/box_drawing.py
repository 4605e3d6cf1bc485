"""A board of rectangular regions drawn in box-drawing characters, for a terminal.

It knows no puzzle: a kind says which region covers each cell and what each cell shows, and
this draws lines only between cells of different regions, so a piece larger than one cell is
one box. Widths are counted in terminal columns (katakana take two).
"""

from __future__ import annotations

from collections.abc import Iterable

from .text_width import pad, width

# (up, down, left, right) -> the box-drawing character joining those arms
JUNCTIONS = {
    (0, 1, 0, 1): "┌",
    (0, 1, 1, 0): "┐",
    (1, 0, 0, 1): "└",
    (1, 0, 1, 0): "┘",
    (1, 1, 0, 1): "├",
    (1, 1, 1, 0): "┤",
    (0, 1, 1, 1): "┬",
    (1, 0, 1, 1): "┴",
    (1, 1, 1, 1): "┼",
    (1, 1, 0, 0): "│",
    (0, 0, 1, 1): "─",
    (0, 0, 0, 0): " ",
    (1, 0, 0, 0): "╵",
    (0, 1, 0, 0): "╷",
    (0, 0, 1, 0): "╴",
    (0, 0, 0, 1): "╶",
}


def framed_grid(rows: int, cols: int, region: list, text: list[str], inner: int) -> list[str]:
    """Lines of a `rows` x `cols` grid; `region[cell]` names the region covering each cell,
    `text[cell]` what it shows (a region's text is the first non-empty one of its cells in a
    row), each cell `inner` columns wide inside."""

    def same(r1: int, c1: int, r2: int, c2: int) -> bool:
        inside = 0 <= r1 < rows and 0 <= r2 < rows and 0 <= c1 < cols and 0 <= c2 < cols
        return inside and region[r1 * cols + c1] == region[r2 * cols + c2]

    def across(r: int, c: int) -> bool:  # a line above cell (r, c)
        return 0 <= c < cols and not same(r - 1, c, r, c)

    def down(r: int, c: int) -> bool:  # a line left of cell (r, c)
        return 0 <= r < rows and not same(r, c - 1, r, c)

    lines = []
    for r in range(rows + 1):
        border = ""
        for c in range(cols + 1):
            arms = (down(r - 1, c), down(r, c), across(r, c - 1), across(r, c))
            border += JUNCTIONS[(int(arms[0]), int(arms[1]), int(arms[2]), int(arms[3]))]
            if c < cols:
                border += ("─" if across(r, c) else " ") * (inner + 2)
        lines.append(border)
        if r == rows:
            break
        line, c = "", 0
        while c < cols:
            span = 1
            while c + span < cols and same(r, c, r, c + span):
                span += 1
            label = next((text[r * cols + k] for k in range(c, c + span) if text[r * cols + k]), "")
            line += ("│" if down(r, c) else " ") + pad(label, span * (inner + 3) - 1, "^")
            c += span
        lines.append(line + "│")
    return lines


def widest(texts: Iterable[str]) -> int:
    """The columns the widest of `texts` takes (at least 1)."""
    return max([width(t) for t in texts] + [1])
