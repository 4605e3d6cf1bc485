"""How many terminal columns text takes, from wcwidth: the one place every table and board of
the command line measures text (katakana take two columns, combining and zero-width
characters none).

Text of printable ASCII, box-drawing lines and block elements (a board of digits, a bar of
█) takes one column a character; only other text loads wcwidth to measure it, so that a
command that prints such text, or none, does not pay for importing it.
"""

from __future__ import annotations

import re

#: Characters one column wide each, as wcwidth measures them: printable ASCII, box drawing
#: (U+2500-U+257F) and block elements (U+2580-U+259F).
NARROW = re.compile("[\x20-\x7e\u2500-\u259f]*")


def width(text: str) -> int:
    """Columns `text` fills; control characters, which have no width of their own, count 0."""
    if NARROW.fullmatch(text):
        return len(text)
    from wcwidth import wcwidth  # loaded only for text that needs it

    return sum(max(wcwidth(ch), 0) for ch in text)


def pad(text: str, size: int, align: str = "<") -> str:
    """`text` padded with spaces to `size` columns: '<' left, '>' right, '^' centred."""
    gap = max(0, size - width(text))
    if align == "^":
        return " " * (gap // 2) + text + " " * (gap - gap // 2)
    if align == ">":
        return " " * gap + text
    return text + " " * gap
