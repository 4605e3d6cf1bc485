"""Peg solitaire, one job a file:

- puzzle.py: `PegSolitaire`, the Puzzle interface over the parts below;
- board.py: a board drawn as rows of holes, its jumps and its drawing;
- rules.py: why a position cannot finish (position classes, pagoda functions);
- symmetry.py: the board's symmetries and the classes of positions they make;
- definition.py: a peg board from TOML;
- packed.py (single jumps), chains.py (chains of jumps), classes.py (classes in numpy): the
  codecs that pack positions into integers for the layered search.
"""
