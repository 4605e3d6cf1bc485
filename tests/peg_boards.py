"""Peg boards drawn as rows ('o' a hole, '.' none), jumps along rows and columns, for the tests
of the packed peg codec: the English cross and small boards of any shape."""

from puzzledb.builder.peg import PegSolitaire

CROSS = ["..ooo..", "..ooo..", "ooooooo", "ooooooo", "ooooooo", "..ooo..", "..ooo.."]


def grid_board(name: str, rows: list[str], goal: str, metric: str = "jump") -> PegSolitaire:
    """A square-grid board: every run of three holes in a row or column is a line to jump."""
    holes = [(r, c) for r, row in enumerate(rows) for c, mark in enumerate(row) if mark == "o"]
    number = {cell: i for i, cell in enumerate(holes)}
    jumps = []
    for r, c in holes:
        row = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            over, land = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
            if over in number and land in number:
                row.append((number[over], number[land]))
        jumps.append(row)
    puzzle = PegSolitaire(name, jumps, goal, holes)
    puzzle.metric = metric  # type: ignore[attr-defined]  # the jump flag of the new boards
    return puzzle


def english(metric: str = "jump") -> PegSolitaire:
    """The 33-hole cross, goal one peg in the centre hole 16."""
    return grid_board("english", CROSS, "0" * 16 + "1" + "0" * 16, metric)
