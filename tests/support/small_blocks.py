"""A small board of blocks with a goal pattern, shared by the tests of patterns and metrics."""

from __future__ import annotations

from puzzledb.builder.kinds.sliding.arrangements import ANY

SMALL = """
name = "small-blocks"
rows = 3
cols = 3
blank = "_"
goal = "??????HH?"
start = "VHHVs___s"
[pieces.V]
size = [2, 1]
name = "vertical"
[pieces.H]
size = [1, 2]
name = "horizontal"
[pieces.s]
name = "small"
"""


def matches(state: str, pattern: str) -> bool:
    return all(p in (ANY, s) for s, p in zip(state, pattern, strict=True))
