"""Which codec packs a puzzle into integers for the layered search (builder.search.layered): the
one place that chooses, so the one-machine build (db.build) and the cluster's (db.cluster.build)
cannot disagree on which boards the vectorised search takes, or on how they say it.

It names no kind: each kind registers its codecs (builder.registry's `Packing`), and a puzzle is
offered to its own kind's, in the order the kind gives them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeAlias, cast, runtime_checkable

from .. import registry
from ..puzzle import Puzzle
from ..symmetry.packed_classes import PackedClasses
from .classes_search import ClassCodec
from .layered import Codec, PackedResult, layered_bfs
from .memory import MemoryGuard
from .plain_order import InPlainOrder, plain_order_bfs
from .progress import Progress
from .union import Union, union_search

#: What the one-machine build may search: a codec of either search.
AnyCodec: TypeAlias = "Codec | InPlainOrder | Union"


@runtime_checkable
class OffersClasses(Protocol):
    """A codec whose boards may have symmetries that keep a goal: it says which, for a build of
    classes (builder.search.classes_search), over its packed positions."""

    def classes(self, goal: str) -> tuple[PackedClasses, list[list[int]]] | None:
        """(those symmetries over packed positions, each move's code seen through each), or
        None where no symmetry but the identity keeps `goal`."""
        ...


def _packings(puzzle: Puzzle) -> tuple[registry.Packing, ...]:
    try:
        return registry.kind(puzzle.kind).packings
    except registry.UnknownKind:
        return ()


def codec_for(puzzle: Puzzle) -> AnyCodec | None:
    """The codec that packs `puzzle` for the one-machine search, or None where none does (the
    plain search takes it): its kind's codecs, those a cluster shares first."""
    packings = _packings(puzzle)
    for packing in sorted(packings, key=lambda p: p.plain_order):
        if packing.packs(puzzle):
            return cast(AnyCodec, packing.codec(puzzle))
    return None


def cluster_codec_for(puzzle: Puzzle) -> Codec | None:
    """The codec of a build cut into shards by key (db.cluster): one that does not keep the
    plain search's order, or None."""
    for packing in _packings(puzzle):
        if not packing.plain_order and packing.packs(puzzle):
            return cast(Codec, packing.codec(puzzle))
    return None


def packed_search(
    codec: AnyCodec,
    goal: str,
    radius: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    sources: list[str] | None = None,
    guard: MemoryGuard | None = None,
) -> PackedResult:
    """The layered search `codec` asks for: in the plain search's order where its rows must be
    the plain search's (builder.search.plain_order: boards of blocks, Rush Hour), else
    layered_bfs."""
    if hasattr(codec, "parts"):  # a union of searches that never meet (builder.search.union)
        whole = list(dict.fromkeys(sources or [goal]))
        return union_search(cast(Union, codec), goal, radius, progress, whole, guard, packed_search)
    if getattr(codec, "plain_order", False):  # InPlainOrder's, as its kind registers it
        return plain_order_bfs(cast(InPlainOrder, codec), goal, radius, progress, sources, guard)
    return layered_bfs(cast(Codec, codec), goal, radius, progress, sources, guard)


def packed_boards() -> str:
    """The boards some codec packs, in words: what a refusal tells the user to expect."""
    shared: list[str] = []
    one_machine: list[str] = []
    for kind in registry.kinds():
        for packing in kind.packings:
            words = packing.boards
            if isinstance(words, registry.Lazy):
                words = words.resolve()
            if words:
                (one_machine if packing.plain_order else shared).append(words)
    return (
        f"the boards the vectorised search packs into integers ({'; '.join(shared)}), "
        f"and on one machine only {' and '.join(one_machine)}"
    )


def not_packed(puzzle: Puzzle) -> str:
    """Why no codec of the cluster's takes `puzzle`, as a refusal says it: which boards are
    packed, and that this one is not (with what its kind says of it), or is one that only
    the one-machine search packs (a board of blocks, a Rush Hour board)."""
    for packing in _packings(puzzle):
        if packing.plain_order and packing.packs(puzzle):
            return f"{packed_boards()}; {puzzle.name} is {packing.called}"
    return f"{packed_boards()}; {puzzle.name} is not one{puzzle.why_not_packed()}"


def symmetric_classes(
    codec: AnyCodec, goal: str
) -> tuple[ClassCodec, PackedClasses, list[list[int]]] | None:
    """Where `codec` offers classes of symmetric positions toward `goal` (a peg board of single
    jumps whose symmetries keep the goal: the English cross has 8): that codec, those
    symmetries over packed positions, and each move's code seen through each. None where a
    build stores every position."""
    if not isinstance(codec, OffersClasses):
        return None
    found = codec.classes(goal)
    return None if found is None else (cast(ClassCodec, codec), *found)


def keep_classes(codec: AnyCodec, goal: str, result: PackedResult, progress: Progress) -> None:
    """Keep one position of each class of symmetric ones in `result` (an every-position
    search's), where symmetric_classes finds symmetries; elsewhere every position stays. The
    build searches those classes directly (builder.search.classes_search), to the same rows."""
    found = symmetric_classes(codec, goal)
    if found is not None:
        progress.stage("keeping classes")
        result.keep_classes(*found[1:])
