"""Sliding-block puzzles on a rectangular board: one rule covers every catalogue board.

Pieces are one cell (tiles, possibly with repeated labels) or rectangles spanning several cells
(NO-OFF's bulb); there may be several blanks. A piece moves into blank cells, counted as its
`metric` says (metrics.py). The kind's files, one job each:

- puzzle.py: `SlidingPuzzle`, the definition and the Puzzle interface over the parts below;
- pieces.py: the pieces' labels, counts, sizes, glyphs and names;
- geometry.py: cells, neighbours, the blocks pieces cover, cell names, symmetries;
- text_form.py: a state's text, and why a text is not one;
- goal_patterns.py, goal_words.py: goals that are patterns; a goal and its exits in words;
- metrics.py and a move rule per metric: unit_moves.py, multi_moves.py, straight_moves.py and
  finger_moves.py (the last two sharing far_moves.py), all on move_rule.py;
- move_words.py: a move as data (`Slide`) and its words; drawing.py: a board as text;
- reachability.py: why a state cannot reach a goal, and how many arrangements there are.
"""

from ...puzzle import cell_name
from .geometry import DIRECTIONS, OPPOSITE, wide_blocks
from .metrics import METRICS, ONE_CELL
from .move_words import MAX_REMEMBERED_SLIDES, Slide
from .puzzle import SlidingPuzzle

__all__ = [
    "DIRECTIONS",
    "MAX_REMEMBERED_SLIDES",
    "METRICS",
    "ONE_CELL",
    "OPPOSITE",
    "Slide",
    "SlidingPuzzle",
    "cell_name",
    "wide_blocks",
]
