"""The puzzle kinds, one folder each with its rules, text, definition and codec: sliding/ (boards
of sliding pieces) and peg/ (peg solitaire). Each implements builder.puzzle.Puzzle."""
