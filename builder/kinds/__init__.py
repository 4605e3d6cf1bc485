"""The puzzle kinds, one folder each with its rules, text, definition and codec: sliding/ (boards
of sliding pieces), peg/ (peg solitaire) and rush/ (Rush Hour). Each implements
builder.puzzle.Puzzle."""
