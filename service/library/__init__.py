"""puzzledb from Python, as `import puzzledb` gives it (the package's __init__.py loads these
when first asked for): `open` a file and ask it what the command line asks (database.py), each
answer the dict `--json` prints with typed attributes and a picture (results.py, drawn by
service/answers/figure.py);
`build` a file as `puzzledb build` does (building.py)."""
