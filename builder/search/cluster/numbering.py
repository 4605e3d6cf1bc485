"""Codecs that number their moves in the order they meet them, numbered for the whole cluster
by its client.

A codec that `numbers_moves` as it meets them (builder.kinds.peg.chains: a chain's code is its
number among the chains met) would number them differently on each worker. Each layer its
owners first `meet` their part's moves (builder.search.cluster.workers) and send what they met
to the client; the client `number`s them for all (builder.search.cluster.search), as one
process meeting the whole layer would, and each owner `learn`s the codes before expanding: the
move codes, and so each state's move, are the one-machine search's.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import numpy as np

from ..layered import Codec


class NumbersMoves(Codec, Protocol):
    """A codec whose move codes number its moves in the order they are met (`numbers_moves`
    true): the cluster numbers them in its client (see the module's docstring)."""

    def meet(self, codes: np.ndarray, came_by: np.ndarray | None = None) -> Any:
        """A layer's expansion, its moves not numbered yet: `met`, what it met, goes to
        number; the expansion, once its codec has learnt the codes, is used as `expansion`'s."""
        ...

    def number(self, met: list) -> Any:
        """Number what the parts of one layer met, as one process meeting them all would."""
        ...

    def learn(self, numbered: Any) -> None:
        """Take the codes `number` gave (on a worker)."""
        ...


def numbering(codec: Codec | None) -> NumbersMoves | None:
    """The codec, where it numbers its moves as it meets them."""
    return cast(NumbersMoves, codec) if getattr(codec, "numbers_moves", False) else None
