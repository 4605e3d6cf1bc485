"""Which codec packs a puzzle into integers for the layered search (builder.search.layered): the
one place that chooses, so the one-machine build (db.build) and the cluster's (db.cluster.build)
cannot disagree on which boards the vectorised search takes, or on how they say it."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeAlias, cast

from ..kinds.peg import chains as peg_chains
from ..kinds.peg import classes as peg_classes
from ..kinds.peg import packed as peg_packed
from ..kinds.peg import symmetry as peg_symmetry
from ..kinds.peg.puzzle import PegSolitaire
from ..kinds.sliding import packed, packed_blocks
from ..kinds.sliding.packed_blocks import PackedBlocks
from ..puzzle import Puzzle
from .layered import Codec, PackedResult, layered_bfs
from .memory import MemoryGuard
from .plain_order import plain_order_bfs
from .progress import Progress

if TYPE_CHECKING:
    from ..kinds.rush.packed import Cards, PackedRush


#: Rush Hour's codec module, loaded only for a Rush Hour board (_rush_packable).
RUSH_PACKED = __name__.rsplit(".", 2)[0] + ".kinds.rush.packed"


def _rush_packable(puzzle: Puzzle) -> bool:
    """builder.kinds.rush.packed's test, its modules loaded only for a Rush Hour board: they
    take about 15 ms to load, which a build of eight need not pay."""
    if puzzle.kind != "rush":
        return False
    from ..kinds.rush import packed as rush_packed

    return rush_packed.packable(puzzle)


def _rush_codec(puzzle: Puzzle) -> PackedRush:
    from ..kinds.rush import packed as rush_packed

    return rush_packed.codec_of(cast("Cards", puzzle))


#: The codecs whose moves are not all swaps, searched in the plain search's order
#: (builder.search.plain_order), which only the one-machine search does.
PlainOrderCodec: TypeAlias = "PackedBlocks | PackedRush"
#: Each codec after the test of the boards it packs, tried in this order: sliding boards, peg
#: boards of single jumps, peg boards of chains of jumps.
CODECS: tuple[tuple[Callable[[Puzzle], bool], Callable[..., Codec]], ...] = (
    (packed.packable, packed.PackedBoard),
    (peg_packed.packable, peg_packed.PackedPegs),
    (peg_chains.packable, peg_chains.PackedChains),
)
#: Then the codecs in the plain search's order: the other sliding boards, boards of blocks
#: (any pieces, any blanks, one piece a move, builder.kinds.sliding.packed_blocks), and Rush
#: Hour boards of the moves metric.
ONE_MACHINE_CODECS: tuple[tuple[Callable[[Puzzle], bool], Callable[..., PlainOrderCodec]], ...] = (
    (packed_blocks.packable, packed_blocks.PackedBlocks),
    (_rush_packable, _rush_codec),
)

#: The boards some codec packs, in words: what a refusal tells the user to expect.
PACKED_BOARDS = (
    "the boards the vectorised search packs into integers (sliding boards of one blank, "
    f"one-cell tiles and one tile a move; peg boards of at most {peg_packed.MAX_HOLES} holes), "
    "and on one machine only sliding boards of blocks (any pieces, any blanks, one piece a move) "
    "and Rush Hour boards"
)


def codec_for(puzzle: Puzzle) -> Codec | PlainOrderCodec | None:
    """The codec that packs `puzzle` for the one-machine search, or None where none does (the
    plain search takes it): CODECS first, then ONE_MACHINE_CODECS."""
    packed_here = _shared_codec_for(puzzle)
    if packed_here is not None:
        return packed_here
    for packs, codec in ONE_MACHINE_CODECS:
        if packs(puzzle):
            return codec(puzzle)
    return None


def cluster_codec_for(puzzle: Puzzle) -> Codec | None:
    """The codec of a build cut into shards by key (db.cluster): one of CODECS, or None."""
    return _shared_codec_for(puzzle)


def _shared_codec_for(puzzle: Puzzle) -> Codec | None:
    """The first of CODECS that packs `puzzle`, or None."""
    for packs, codec in CODECS:
        if packs(puzzle):
            return codec(puzzle)
    return None


def packed_search(
    codec: Codec | PlainOrderCodec,
    goal: str,
    radius: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    sources: list[str] | None = None,
    guard: MemoryGuard | None = None,
) -> PackedResult:
    """The layered search `codec` asks for: in the plain search's order where its rows must be
    the plain search's (builder.search.plain_order: boards of blocks, Rush Hour), else
    layered_bfs."""
    if isinstance(codec, PackedBlocks):  # one call a codec: each its own layers' types
        return plain_order_bfs(codec, goal, radius, progress, sources, guard)
    rush = sys.modules.get(RUSH_PACKED)  # not loaded: the codec is no Rush Hour board's
    if rush is not None and isinstance(codec, rush.PackedRush):
        return plain_order_bfs(codec, goal, radius, progress, sources, guard)
    return layered_bfs(cast(Codec, codec), goal, radius, progress, sources, guard)


def not_packed(puzzle: Puzzle) -> str:
    """Why no codec of the cluster's takes `puzzle`, as a refusal says it: which boards are
    packed, and that this one is not (a peg board: its number of holes), or is a board of
    blocks or of Rush Hour (packed on one machine only)."""
    if packed_blocks.packable(puzzle):
        return f"{PACKED_BOARDS}; {puzzle.name} is a board of blocks"
    if _rush_packable(puzzle):
        return f"{PACKED_BOARDS}; {puzzle.name} is a Rush Hour board"
    why = f": it has {puzzle.holes} holes" if isinstance(puzzle, PegSolitaire) else ""
    return f"{PACKED_BOARDS}; {puzzle.name} is not one{why}"


def symmetric_classes(
    codec: Codec | PlainOrderCodec, goal: str
) -> tuple[peg_packed.PackedPegs, peg_classes.PackedClasses, list[list[int]]] | None:
    """Where `codec` packs a board of single jumps whose symmetries keep `goal` (the English
    cross: 8, builder.kinds.peg.classes): that codec, those symmetries over packed positions,
    and each move's code seen through each. None where a build stores every position."""
    if not isinstance(codec, peg_packed.PackedPegs):
        return None
    symmetries = codec.puzzle.class_symmetries(goal)
    if len(symmetries) <= 1:
        return None
    return (
        codec,
        peg_classes.PackedClasses(symmetries, codec.puzzle.holes),
        peg_symmetry.move_images(codec.jumps, symmetries),
    )


def keep_classes(
    codec: Codec | PlainOrderCodec, goal: str, result: PackedResult, progress: Progress
) -> None:
    """Keep one position of each class of symmetric ones in `result` (an every-position
    search's), where symmetric_classes finds symmetries; elsewhere every position stays. The
    build searches those classes directly (builder.search.classes_search), to the same rows."""
    found = symmetric_classes(codec, goal)
    if found is not None:
        progress.stage("keeping classes")
        result.keep_classes(*found[1:])
