"""Boards side by side in a terminal: each puzzle draws its own board (`Puzzle.draw`); this
lays the drawings out left to right with captions, wrapping at the terminal's width."""

from __future__ import annotations

from puzzledb.builder.core.text_width import pad, width


def side_by_side(blocks: list[tuple[str, list[str]]], columns: int | None = None) -> str:
    """Lay out (caption, board lines) blocks left to right, wrapping at the terminal width."""
    import shutil  # and with it zlib, bz2 and lzma: only text output pays for them

    columns = columns or shutil.get_terminal_size((100, 24)).columns
    out: list[str] = []
    row: list[tuple[int, list[str]]] = []
    used = 0

    def flush() -> None:
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
