"""glibc's malloc told to keep the memory a build frees, for the arrays the build makes next.

A layered search and the page writer make and free big numpy temporaries all the time (a
range's children and sort keys, a chunk's records). glibc maps each big one on its own and
unmaps it once freed, so the kernel faults in and zeroes every page of the next one again: a
quarter of an english-chain build's CPU went so. Kept in the heap instead (one arena, no
mapping of its own for any block, no trimming), freed memory is taken again as it is: the
radius-8 english-chain build took 69 s instead of 80 s, at a lower peak. Nothing stored
changes; where malloc is not glibc's (no mallopt, or one that refuses) nothing is done.
"""

from __future__ import annotations

import ctypes

#: mallopt's parameters (glibc's malloc.h)
M_TRIM_THRESHOLD, M_TOP_PAD, M_MMAP_MAX, M_ARENA_MAX = -1, -2, -4, -8
#: Each growth of the heap asks the kernel for this much more (pages are faulted in only once
#: touched): fewer calls to brk as a layer's arrays grow.
TOP_PAD = 256 << 20

SETTINGS = (
    (M_ARENA_MAX, 1),  # threads share the main heap: another arena maps its big blocks
    (M_MMAP_MAX, 0),  # no block mapped on its own: each comes from the heap
    (M_TRIM_THRESHOLD, -1),  # the heap's free top never given back
    (M_TOP_PAD, TOP_PAD),
)


def keep_freed_memory() -> bool:
    """Have this process's malloc keep what it frees (inherited by a forked writer); whether
    malloc took every setting."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    taken = [mallopt(param, value) for param, value in SETTINGS]  # each, whatever the others
    return all(t == 1 for t in taken)
