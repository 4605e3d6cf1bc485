"""Puzzles written as permutations: sets of pieces ("orbits"), each with a number of
orientations, and moves that permute each orbit's positions and twist the pieces, as twsearch
and cubing.js define twisty puzzles. The kind's files, one job each:

- orbits.py: orbits, transformations (a move, a position) and how they compose;
- puzzle.py: `PermutationPuzzle`, the Puzzle interface over the rest;
- text_form.py: a position's text, and why a text is not one;
- moves.py: a move's powers, named as cubers write them (R, R2, R'), by metric;
- definition.py: a puzzle from TOML (kind = "permutation");
- tws.py: a puzzle from twsearch's .tws format (`build NAME --tws FILE`);
- kpuzzle.py: a puzzle from cubing.js's KPuzzle JSON (`build NAME --kpuzzle FILE`).
"""
