"""The command line (`puzzledb`): entry.py is the console script's first code, commands/ the
commands (the group in its __init__.py, a module a kind of command), options.py the shared
options and the error contract (exit statuses), text.py and render.py what the commands print,
output_file.py --output whole or not at all, progress.py a build's progress line. Nothing is
imported here, so that the entry point loads first."""
