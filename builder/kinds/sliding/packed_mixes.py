"""The codec of a family of every piece mix (any_mix.AnyMix): a board of blocks a mix, each
packed by packed_blocks.PackedBlocks in one encoding (the family's every label a digit, so
codes of any two mixes compare as their texts do), searched one by one and stored as one build
(builder.search.union)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from ...puzzle import Puzzle
from .any_mix import AnyMix
from .packed_blocks import PackedBlocks, packable


class PackedMixes:
    """See the module's docstring. Its own codes are any mix's: it encodes and decodes them;
    each part's codec makes the moves and undoes them."""

    #: one machine only, as any board of blocks (builder.registry.Packing)
    plain_order = True
    text_ordered = True

    def __init__(self, puzzle: AnyMix):
        self.puzzle = puzzle
        self.alphabet = "".join(sorted({*puzzle.fixed, *puzzle.free, puzzle.blank}))
        first = puzzle.mixes()[0]
        self.shape = PackedBlocks(puzzle.member(first), self.alphabet)  # encodes any mix
        self.state_bits = self.shape.state_bits
        self.stores_pred = True

    def parts(self, goal: str, sources: list[str]) -> Iterator[tuple[PackedBlocks, list[str]]]:
        """Each mix's codec with the sources of that mix, in the family's order of mixes."""
        by_mix: dict[tuple[int, ...], list[str]] = {}
        for state in sources:
            by_mix.setdefault(self.puzzle.mix_of(state), []).append(state)
        for mix in self.puzzle.mixes():
            if mix in by_mix:
                yield PackedBlocks(self.puzzle.member(mix), self.alphabet), by_mix[mix]

    def encode(self, state: str) -> int:
        return self.shape.encode(state)

    def points(self, codes: np.ndarray) -> np.ndarray:
        return self.shape.points(codes)

    def decode(self, codes: np.ndarray) -> list[str]:
        return self.shape.decode(codes)

    def undo(self, codes: np.ndarray, moves: np.ndarray) -> np.ndarray:
        raise NotImplementedError("each mix undoes its own moves (builder.search.union)")


def packs(puzzle: Puzzle) -> bool:
    """A family of every mix whose mixes a board of blocks packs, in one encoding."""
    if not isinstance(puzzle, AnyMix):
        return False
    labels = "".join(sorted({*puzzle.fixed, *puzzle.free, puzzle.blank}))
    return packable(puzzle.member(puzzle.mixes()[0]), labels)
