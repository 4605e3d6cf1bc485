"""The searches from the goal, and what they share:

- plain.py: the plain-Python breadth-first search, for any puzzle;
- layered.py: the layered numpy search over a kind's codec (builder/kinds/*/packed.py...);
- plain_order.py: the layered search storing the plain search's very rows and move codes;
- cluster/: the layered search on Dask workers;
- codecs.py: which codec packs a puzzle, or why none does;
- counting.py: exact counts of optimal solutions, however large;
- threads.py: every core for one search (a big layer's key ranges on threads);
- memory.py, known_layers.py: whether a search fits, told before it starts;
- progress.py, result.py: what a build reports as it goes, and what a search hands on.
"""
