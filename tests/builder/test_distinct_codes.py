"""builder.search.layered.distinct: np.unique's answer for the layered search's codes, found
without np.unique (which loads numpy.ma, some 30 ms that a build of eight need not pay)."""

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from puzzledb.builder.search.layered import distinct

CODES = st.lists(st.integers(0, 2**64 - 1), max_size=40)


@given(CODES, st.integers(1, 4))
def test_distinct_is_np_unique(codes, repeats):
    array = np.array(codes * repeats, np.uint64)
    found = distinct(array)
    assert found.dtype == np.uint64
    assert found.tolist() == np.unique(array).tolist() == sorted(set(codes))
