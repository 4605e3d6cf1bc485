"""Which codec packs a puzzle into integers for the layered search (builder.search.layered): the
one place that chooses, so the one-machine build (db.build) and the cluster's (db.cluster.build)
cannot disagree on which boards the vectorised search takes, or on how they say it."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from ..kinds.peg import chains as peg_chains
from ..kinds.peg import classes as peg_classes
from ..kinds.peg import packed as peg_packed
from ..kinds.peg import symmetry as peg_symmetry
from ..kinds.peg.puzzle import PegSolitaire
from ..kinds.rush import packed as rush_packed
from ..kinds.sliding import packed
from ..puzzle import Puzzle
from .layered import Codec, PackedResult, layered_bfs
from .memory import MemoryGuard
from .plain_order import InPlainOrder, plain_order_bfs
from .progress import Progress

#: Each codec after the test of the boards it packs, tried in this order: sliding boards, peg
#: boards of single jumps, peg boards of chains of jumps, Rush Hour boards of the moves metric.
CODECS: tuple[tuple[Callable[[Puzzle], bool], Callable[..., Codec]], ...] = (
    (packed.packable, packed.PackedBoard),
    (peg_packed.packable, peg_packed.PackedPegs),
    (peg_chains.packable, peg_chains.PackedChains),
    (rush_packed.packable, rush_packed.codec_of),
)

#: The boards some codec packs, in words: what a refusal tells the user to expect.
PACKED_BOARDS = (
    "the boards the vectorised search packs into integers (sliding boards of one blank, "
    f"one-cell tiles and one tile a move; peg boards of at most {peg_packed.MAX_HOLES} holes)"
)


def cluster_codec_for(puzzle: Puzzle) -> Codec | None:
    """The codec of a build cut into shards by key (db.cluster): one whose codes sort as the
    states' text, or None (a Rush Hour board's codes do not)."""
    codec = codec_for(puzzle)
    return codec if codec is not None and getattr(codec, "text_ordered", True) else None


def codec_for(puzzle: Puzzle) -> Codec | None:
    """The codec that packs `puzzle`, or None where none does (the plain search takes it)."""
    for packs, codec in CODECS:
        if packs(puzzle):
            return codec(puzzle)
    return None


def packed_search(
    codec: Codec,
    goal: str,
    radius: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    sources: list[str] | None = None,
    guard: MemoryGuard | None = None,
) -> PackedResult:
    """The layered search `codec` asks for: the one storing the plain search's very rows
    where it says `plain_order` (builder.search.plain_order), else layered_bfs."""
    if getattr(codec, "plain_order", False):
        return plain_order_bfs(cast(InPlainOrder, codec), goal, radius, progress, sources, guard)
    return layered_bfs(codec, goal, radius, progress, sources, guard)


def not_packed(puzzle: Puzzle) -> str:
    """Why no codec takes `puzzle`, as a refusal says it: which boards are packed, and that
    this one is not (a peg board: its number of holes)."""
    why = f": it has {puzzle.holes} holes" if isinstance(puzzle, PegSolitaire) else ""
    return f"{PACKED_BOARDS}; {puzzle.name} is not one{why}"


def keep_classes(codec: Codec, goal: str, result: PackedResult, progress: Progress) -> None:
    """Keep one position of each class of symmetric ones in `result`, where `codec` packs a
    board of single jumps whose symmetries keep `goal` (the English cross: an eighth of the
    rows, builder.kinds.peg.classes); elsewhere every position stays."""
    if not isinstance(codec, peg_packed.PackedPegs):
        return
    symmetries = codec.puzzle.class_symmetries(goal)
    if len(symmetries) > 1:
        progress.stage("keeping classes")
        result.keep_classes(
            peg_classes.PackedClasses(symmetries, codec.puzzle.holes),
            peg_symmetry.move_images(codec.jumps, symmetries),
        )
