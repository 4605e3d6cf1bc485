"""Every answer is the same bytes as before answers were typed: the samples of
tests/support/answer_bytes.py (CLI `--json` and HTTP bodies, refusals included), asked of the
code as it is now, against the text the code gave before (tests/support/answer_bytes.json)."""

from __future__ import annotations

import pytest
from support import answer_bytes

SAVED = answer_bytes.saved()


@pytest.fixture(scope="module")
def answered(tmp_path_factory) -> dict[str, str]:
    return answer_bytes.answered(answer_bytes.database(tmp_path_factory.mktemp("bytes") / "db"))


def test_the_samples_are_the_ones_saved(answered):
    assert sorted(answered) == sorted(SAVED)
    assert len(SAVED) == 2 * len(answer_bytes.SAMPLES) + len(answer_bytes.REFUSALS) + 1


@pytest.mark.parametrize("label", sorted(SAVED))
def test_an_answer_is_the_same_bytes(answered, label):
    assert answered[label].encode() == SAVED[label].encode()
