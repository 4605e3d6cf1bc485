"""A sliding board drawn as text for a terminal: a framed grid with a wide piece as one box
named once, or, when the pieces are themselves line glyphs, the glyphs alone."""

from __future__ import annotations

from .geometry import Grid


def draw(grid: Grid, state: str) -> list[str]:
    """The board as lines of text (a frame would clash with pieces drawn as line glyphs)."""
    from ...core.box_drawing import framed_grid, widest  # text output only, not a JSON answer

    pieces, rows, cols = grid.pieces, grid.rows, grid.cols
    if any(0x2500 <= ord(g) <= 0x257F for g in pieces.glyphs.values()):
        return [
            " ".join(pieces.glyph(state[r * cols + c]) for c in range(cols)) for r in range(rows)
        ]
    region = list(range(grid.cells))  # which piece covers each cell: a wide piece's share
    text = ["" if s == pieces.blank else pieces.glyph(s) for s in state]
    for _, cells in grid.placed(state):
        if len(cells) > 1:
            for c in cells:
                region[c], text[c] = cells[0], ""
    inner = widest(pieces.glyph(s) for s in set(state))
    for label, cells in grid.placed(state):
        if len(cells) > 1:
            h, w = pieces.wide[label]
            name = pieces.piece_name(label)
            room = w * (inner + 3) - 3  # the block's width inside, a space either side
            text[cells[0] + (h // 2) * cols] = (
                name if widest([name]) <= room else pieces.glyph(label)
            )
    return framed_grid(rows, cols, region, text, inner)
