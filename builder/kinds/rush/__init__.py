"""Rush Hour: vehicles that slide along their own axis on a board with walls, and a primary car
A that leaves through the exit on the right edge of its row (issue 31). The kind's files, one
job each:

- puzzle.py: `RushHour`, one card and the Puzzle interface over the parts below;
- geometry.py: where vehicles stand (letter, first cell, length, axis) and how they are called;
- text_form.py: a board's text as the community writes it, and why a text is not a board;
- card.py: the rules of a card (the exit reachable) and why a position is not of its game;
- moves.py: a move as data (`Drive`), its words, and the moves of each metric;
- cluster.py: every position a card reaches; drawing.py: a board as text.
"""

from .moves import METRICS, Drive
from .puzzle import START, RushHour

__all__ = ["METRICS", "START", "Drive", "RushHour"]
