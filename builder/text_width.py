"""How many terminal columns text takes, from wcwidth: the one place every table and board of
the command line measures text (katakana take two columns, combining and zero-width
characters none)."""

from __future__ import annotations

from wcwidth import wcwidth


def width(text: str) -> int:
    """Columns `text` fills; control characters, which have no width of their own, count 0."""
    return sum(max(wcwidth(ch), 0) for ch in text)


def pad(text: str, size: int, align: str = "<") -> str:
    """`text` padded with spaces to `size` columns: '<' left, '>' right, '^' centred."""
    gap = max(0, size - width(text))
    if align == "^":
        return " " * (gap // 2) + text + " " * (gap - gap // 2)
    if align == ">":
        return " " * gap + text
    return text + " " * gap
