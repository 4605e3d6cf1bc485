"""A kind of puzzle of the tests' own, in a folder as builder/kinds/ holds them: what
tests/architecture/test_kinds.py hands the registry to show that a new kind is one folder."""
