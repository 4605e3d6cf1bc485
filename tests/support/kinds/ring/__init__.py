"""The ring: the smallest kind there is (see kind.py)."""
