"""Offline side of puzzledb: puzzle definitions and the breadth-first searches over them."""
