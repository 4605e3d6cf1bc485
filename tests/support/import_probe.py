"""A puzzledb command run in a fresh interpreter that then names the libraries it imported:
`python -c PROBE % (NAMES,) ARGS...` prints, last on stderr, which of NAMES were loaded and the
exit code. Tests of start-up cost (a lookup loads no numpy) run it."""

PROBE = """
import sys
sys.argv = ["puzzledb", *sys.argv[1:]]
from puzzledb.service.cli.commands import main
try:
    main()
except SystemExit as done:
    code = done.code
print(sorted({m.split(".")[0] for m in sys.modules} & set(%r)), code, file=sys.stderr)
"""
