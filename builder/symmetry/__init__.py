"""Symmetries of a board and the classes of positions they make, for any kind: images.py over
positions as text (readers, the store), packed_classes.py over numpy arrays of positions packed
one bit a cell (builds of classes)."""
