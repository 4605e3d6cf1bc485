"""Boards as text, in each puzzle's own look: framed grids, line glyphs, the bulb, a triangle.

Display widths are counted in terminal columns (katakana take two), so boards line up
side by side whatever their pieces.
"""

from __future__ import annotations

import shutil

from .text_width import pad, width

# (up, down, left, right) -> the box-drawing character joining those arms
JUNCTIONS = {
    (0, 1, 0, 1): "┌", (0, 1, 1, 0): "┐", (1, 0, 0, 1): "└", (1, 0, 1, 0): "┘",
    (1, 1, 0, 1): "├", (1, 1, 1, 0): "┤", (0, 1, 1, 1): "┬", (1, 0, 1, 1): "┴",
    (1, 1, 1, 1): "┼", (1, 1, 0, 0): "│", (0, 0, 1, 1): "─", (0, 0, 0, 0): " ",
    (1, 0, 0, 0): "╵", (0, 1, 0, 0): "╷", (0, 0, 1, 0): "╴", (0, 0, 0, 1): "╶",
}
PEG_GLYPH, HOLE_GLYPH = "●", "○"




def draw(puzzle, state: str) -> list[str]:
    if puzzle.kind == "peg":
        return _triangle(puzzle, state)
    if any(0x2500 <= ord(g) <= 0x257F for g in puzzle.glyphs.values()):
        return _glyph_grid(puzzle, state)  # pieces are line glyphs: a frame would clash
    return _framed_grid(puzzle, state)


def _glyph_grid(puzzle, state: str) -> list[str]:
    return [
        " ".join(puzzle.glyph(state[r * puzzle.cols + c]) for c in range(puzzle.cols))
        for r in range(puzzle.rows)
    ]


def _triangle(puzzle, state: str) -> list[str]:
    grid = [[" "] * puzzle.cols for _ in range(puzzle.rows)]
    for hole, (r, c) in enumerate(puzzle.layout):
        grid[r][c] = PEG_GLYPH if state[hole] == "1" else HOLE_GLYPH
    return ["".join(row).rstrip() for row in grid]


def _framed_grid(puzzle, state: str) -> list[str]:
    rows, cols = puzzle.rows, puzzle.cols
    piece = list(range(rows * cols))  # which piece covers each cell: multi-cell pieces share
    text = {c: ("" if s == puzzle.blank else puzzle.glyph(s)) for c, s in enumerate(state)}
    for label, top, left in puzzle.pieces(state):
        h, w = puzzle.wide[label]
        cells = [(top + i) * cols + left + j for i in range(h) for j in range(w)]
        for c in cells:
            piece[c], text[c] = cells[0], ""
        text[(top + h // 2) * cols + left] = puzzle.piece_name(label)
    inner = max([width(puzzle.glyph(s)) for s in set(state)] + [1])

    def same(r1, c1, r2, c2):
        inside = 0 <= r1 < rows and 0 <= r2 < rows and 0 <= c1 < cols and 0 <= c2 < cols
        return inside and piece[r1 * cols + c1] == piece[r2 * cols + c2]

    def across(r, c):  # a line above cell (r, c)
        return 0 <= c < cols and not same(r - 1, c, r, c)

    def down(r, c):  # a line left of cell (r, c)
        return 0 <= r < rows and not same(r, c - 1, r, c)

    lines = []
    for r in range(rows + 1):
        border = ""
        for c in range(cols + 1):
            arms = (down(r - 1, c), down(r, c), across(r, c - 1), across(r, c))
            border += JUNCTIONS[tuple(int(a) for a in arms)]
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


def side_by_side(blocks: list[tuple[str, list[str]]], columns: int | None = None) -> str:
    """Lay out (caption, board lines) blocks left to right, wrapping at the terminal width."""
    columns = columns or shutil.get_terminal_size((100, 24)).columns
    out: list[str] = []
    row: list[tuple[int, list[str]]] = []
    used = 0

    def flush():
        height = max(len(lines) for _, lines in row)
        for i in range(height):
            cells = [pad(lines[i] if i < len(lines) else "", w) for w, lines in row]
            out.append("   ".join(cells).rstrip())
        out.append("")

    for caption, board in blocks:
        lines = [caption] + board
        w = max(width(x) for x in lines)
        if row and used + 3 + w > columns:
            flush()
            row, used = [], 0
        row.append((w, lines))
        used += (3 if used else 0) + w
    if row:
        flush()
    return "\n".join(out).rstrip() + "\n"
