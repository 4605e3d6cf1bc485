"""Ways of counting moves (a puzzle's `metric`), as players and the literature count them, each
with the rule that makes its moves.

"single" (or "unit"): one piece one cell a move; "multi" (one-cell tiles only): sliding 1 to k
tiles of the blank's row or column one cell toward it, all at once (the 15-puzzle's "43
moves"); "straight": one piece any number of cells in one direction; "finger": one piece to any
place it reaches by one-cell steps while nothing else moves, around corners too (Klotski's
"81 moves"). All connect exactly the same states, since each move is a chain of one-cell
moves; only distances differ.
"""

from __future__ import annotations

from .finger_moves import FingerMoves
from .move_rule import MoveRule
from .multi_moves import MultiMoves
from .straight_moves import StraightMoves
from .unit_moves import UnitMoves

#: Each metric's rule, by the metric's name.
RULES: dict[str, type[MoveRule]] = {
    "single": UnitMoves,
    "unit": UnitMoves,
    "multi": MultiMoves,
    "straight": StraightMoves,
    "finger": FingerMoves,
}
#: How moves are counted (the module's docstring says each way).
METRICS = tuple(RULES)
#: The metrics where a move is one piece one cell: the rule the numpy codec knows.
ONE_CELL = ("single", "unit")
