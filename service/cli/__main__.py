"""`python -m puzzledb.service.cli`: the command line, as the console script runs it."""

from .commands import main

main()
