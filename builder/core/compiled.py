"""Loops compiled to machine code (numba), for the few hot paths of a build that numpy's whole-
array steps make slow: each step a temporary, where one pass does it all.

A compiled loop is kept on disk beside its module (numba's cache, in __pycache__) or in the
user's cache, so a build does not compile it again; where neither can be written (an install
read-only to the user running it, no home folder), it is compiled afresh in each process."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from numba import njit

F = TypeVar("F", bound=Callable[..., Any])


def compiled(function: F) -> F:
    """`function` compiled on its first call, releasing the GIL while it runs (a build's
    threads run such loops side by side)."""
    try:
        return cast(F, njit(nogil=True, cache=True)(function))
    except RuntimeError:  # numba finds nowhere to keep its cache
        return cast(F, njit(nogil=True)(function))
