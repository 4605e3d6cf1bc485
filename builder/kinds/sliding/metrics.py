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

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .move_rule import MoveRule

#: Each metric's rule, by the metric's name: where it lives ("module:class"), imported when a
#: puzzle of that metric is made (eight's lookup loads the one-cell rule, not the four).
RULES: dict[str, str] = {
    "single": ".unit_moves:UnitMoves",
    "unit": ".unit_moves:UnitMoves",
    "multi": ".multi_moves:MultiMoves",
    "straight": ".straight_moves:StraightMoves",
    "finger": ".finger_moves:FingerMoves",
}


def rule(metric: str) -> type[MoveRule]:
    """The rule of a metric's moves (a name of RULES), its module imported now."""
    module, _, name = RULES[metric].partition(":")
    found: type[MoveRule] = getattr(importlib.import_module(module, __package__), name)
    return found


#: How moves are counted (the module's docstring says each way).
METRICS = tuple(RULES)
#: The metrics where a move is one piece one cell: the rule the numpy codec knows.
ONE_CELL = ("single", "unit")
