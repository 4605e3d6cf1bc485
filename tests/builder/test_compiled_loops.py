"""builder.core.compiled: a loop numba cannot cache still compiles and runs."""

from __future__ import annotations

import numpy as np

from puzzledb.builder.core.compiled import compiled


def test_a_loop_with_nowhere_to_keep_its_cache_is_compiled_in_the_process():
    namespace: dict = {}
    # A function read from no file: numba has no folder to cache it in, as for an install the
    # user cannot write to and no home folder (also seen here from a read-only mount).
    exec("def total(a):\n    s = 0\n    for x in a:\n        s += x\n    return s\n", namespace)
    total = compiled(namespace["total"])
    assert total(np.arange(10, dtype=np.int64)) == 45
    assert type(total._cache).__name__ == "NullCache"
