"""What a build stores is the same bytes as before the faster searches of issue 32: each build of
tests/support/build_fingerprints.py (small boards, eight, nine, peg15, the three Klotski metrics,
radius builds of the English and French crosses in classes, every position, and chains), made
again with the code as it is now, against the fingerprint the code gave before."""

from __future__ import annotations

import pytest
from support import build_fingerprints

SAVED = build_fingerprints.saved()
#: The builds quick enough for the fast tier (well under 1.5 s each).
QUICK = {
    "seven",
    "nooff",
    "lines",
    "eight",
    "peg15",
    "peg15-plain",
    "french-radius-6",
    "english-every-radius-8",
    "rush51",
}


def test_every_build_has_a_saved_fingerprint():
    assert sorted(SAVED) == sorted(label for label, _ in build_fingerprints.BUILDS)


@pytest.mark.parametrize(
    "label",
    [
        pytest.param(label, marks=() if label in QUICK else pytest.mark.slow)
        for label, _ in build_fingerprints.BUILDS
    ],
)
def test_a_build_stores_the_same_bytes(label, tmp_path):
    assert build_fingerprints.built(label, tmp_path) == SAVED[label]
