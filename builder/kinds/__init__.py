"""The kinds of puzzle, each in its own package with one home for its rules."""
