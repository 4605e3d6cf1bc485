"""Layer 0, the kernel every layer uses and that imports nothing else of puzzledb: the errors
every layer raises (errors.py), user input as a message shows it (message_text.py), terminal
text and boards that know no puzzle (text_width.py, box_drawing.py), the kind of a file
named where a file belongs (file_kinds.py), and loops compiled by numba (compiled.py)."""
