"""The faces of puzzledb: the command line, and (built on the same answers) the HTTP service."""
