"""The layered search over classes of symmetric positions: one position of each class searched,
stored and counted, where a board's symmetries keep its moves and its goal (the English cross: 8,
so an eighth of the work and memory of searching every position, builder.search.layered).

Each layer holds the representatives of its classes (the least image of each,
builder.symmetry.packed_classes), sorted. Its children are made as the every-position search makes
them (the codec's `expansion`, a key range at a time) and each is replaced by its least image.
What is stored is what that search followed by PackedResult.keep_classes stores, row for row:

- a class's count is each of its positions' count. A child position t's count sums the counts
  of its parent positions. For a child c of a representative r and each symmetry g with
  g(c) = t, g(r) is a parent of t; every parent of t arises so, each exactly |Stab(r)| times
  (the symmetries fixing r). Weighing each such pair by count(r) * |class of r| =
  count(r) * |G| / |Stab(r)| and dividing the sum by |G| (the number of symmetries) gives
  t's count exactly, in whole numbers.
- the move stored with t is the move the every-position search picks for t: the move to its
  lowest parent (layered.by_parent, asked of the layer's number of positions) or its lowest
  move code. The pair (c, g) names the edge g(r) -> t, whose move is move_images[g][move]; a
  parent is t less the move's offset, so the lowest parent is the one whose move has the
  largest offset: either way the move of least rank wins.
- the histogram and the most solved positions count positions, as keep_classes leaves them.

A codec that numbers its moves as it meets them (builder.kinds.peg.chains) numbers each with its
images, so the same holds with its own codes (not the every-position search's: depths and
counts are the same, the moves kept are its own). Where a move may add several pegs (chains:
not `graded`), each child's class is looked up in a bitmap of every class found so far and
dropped there if found: two thirds of a chain search's children.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import partial
from typing import Protocol

import numpy as np

from ..puzzle import Move
from ..symmetry.packed_classes import PackedClasses
from . import counting, layered, threads
from .layered import NO_MOVE, Expansion, PackedResult, by_parent
from .memory import MemoryGuard
from .result import MOST_SOLVED_KEPT
from .seen import BITMAP_MOST_BITS, Seen, SeenBits, SeenSorted

#: (child, symmetry) pairs grouped at once: about 50 bytes each while they are sorted.
PAIRS_AT_ONCE = 1_000_000
#: Bits of one sort key: where a representative, a move rank and a parent index fit, one
#: plain sort groups them (tests lower it to take the other way).
KEY_BITS = 64
#: The lowest set bit of each byte.
LOWEST_BIT = np.array([(m & -m).bit_length() - 1 if m else 0 for m in range(256)], np.intp)


class ClassCodec(Protocol):
    """What the search of classes needs of a codec (builder.kinds.peg.packed.PackedPegs, or
    chains.PackedChains): a directed search, `graded` or not, whose codes move_images covers;
    one naming `move_between` also says what each code adds to a position (`offset`)."""

    state_bits: int
    moves: dict[int, Move]

    def encode(self, state: str) -> int: ...

    def decode(self, codes: np.ndarray) -> list[str]: ...

    def expansion(self, codes: np.ndarray, came_by: np.ndarray | None = None) -> Expansion: ...


class Layer:
    """One depth's classes: sorted representatives, a move code, a count and the marks of
    the symmetries fixing each, and each class's size (its number of positions)."""

    def __init__(
        self, classes: PackedClasses, reps: np.ndarray, moves: np.ndarray, counts: counting.Limbs
    ):
        self.reps, self.moves, self.counts = reps, moves, counts
        self.fixed = classes.fixing(reps)
        self.sizes = classes.sizes(self.fixed)

    @property
    def positions(self) -> int:
        return int(self.sizes.sum())


def classes_bfs(
    codec: ClassCodec,
    classes: PackedClasses,
    move_images: list[list[int]],
    goal: str,
    radius: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    sources: list[str] | None = None,
    guard: MemoryGuard | None = None,
) -> PackedResult:
    """As layered_bfs then PackedResult.keep_classes, searching classes only: every class
    within `radius` moves of `goal`, its representative, depth, move, count and fixing
    symmetries. `progress(depth, positions_so_far)` and `guard` as layered_bfs's."""
    sources = [goal] if sources is None else sources
    positions = np.unique(np.array([codec.encode(s) for s in sources], np.uint64))
    reps = np.unique(classes.least_images(positions)[0])
    first = Layer(classes, reps, np.full(len(reps), NO_MOVE, np.int16), counting.ones(len(reps)))
    if first.positions != len(positions):
        raise ValueError("the goal's positions are not closed under the board's symmetries")
    layers = [first]
    # Several sources may reach a position by paths of different lengths: compare with all.
    graded = getattr(codec, "graded", False) and len(positions) == 1
    seen = None if graded else _seen(codec.state_bits)  # every class found so far
    if seen is not None:
        seen.add(reps)
    step = _Step(codec, classes, move_images, seen)
    total = first.positions
    branching = 4.0
    while radius is None or len(layers) <= radius:
        if guard is not None:
            guard.before_expanding([len(x.reps) for x in layers], branching)
        current = layers[-1]
        found, moves, counts, pairs = step.children(current)  # new classes only
        branching = pairs / max(len(current.reps), 1)
        if len(found) == 0:
            break
        layers.append(Layer(classes, found, moves, counts))
        if seen is not None:
            seen.add(found)
        total += layers[-1].positions
        if progress:
            progress(len(layers) - 1, total)
    result = PackedResult(
        goal=goal,
        histogram=[x.positions for x in layers],
        moves=codec.moves,
        stores_pred=False,
        codec=codec,  # type: ignore[arg-type]  # decode is all the result asks of it
        layers=[x.reps for x in layers],
        layer_moves=[x.moves for x in layers],
        layer_counts=[x.counts for x in layers],
        layer_fixed=[x.fixed for x in layers],
        symmetries=list(classes.symmetries),
        move_images=move_images,
    )
    _note_most_solved(result, classes, layers)
    return result


class _Step:
    """Expands one layer of classes into the next: the tables that stay the same while the
    codec's move codes do (a codec numbering its moves as met, chains, adds some a layer)."""

    def __init__(
        self,
        codec: ClassCodec,
        classes: PackedClasses,
        move_images: list[list[int]],
        seen: Seen | None = None,
    ):
        self.codec, self.classes, self.move_images, self.seen = codec, classes, move_images, seen
        self.group = len(classes.symmetries)
        self.codes = -1
        self._ranks: dict[bool, _Ranks] = {}
        self._flip_images: np.ndarray | None = None

    def ranks(self, lowest_parent: bool) -> _Ranks:
        """The order of preference among move codes: the move to the lowest parent first (the
        child less the largest offset, `offset` where the codec names `move_between`), else
        the lowest code; made again when codes were added."""
        codes = len(self.move_images[0])
        if codes != self.codes:
            self.codes, self._ranks = codes, {}
            self.rank_bits = max(1, (codes - 1).bit_length())
            self.rank_mask = np.uint64((1 << self.rank_bits) - 1)
        if lowest_parent not in self._ranks:
            images = np.array(self.move_images, np.intp).reshape(self.group, codes)
            if lowest_parent:
                offset = self.codec.offset  # type: ignore[attr-defined]
                order: Sequence[int] | range = sorted(range(codes), key=lambda c: -offset[c])
            else:
                order = range(codes)
            self._ranks[lowest_parent] = _Ranks(order, images)
        return self._ranks[lowest_parent]

    def children(self, layer: Layer) -> tuple[np.ndarray, np.ndarray, counting.Limbs, int]:
        """The next layer's classes (in a search that is not graded, only those not found
        before): (sorted representatives, a move code and a count each, the number of
        (child, symmetry) pairs kept).

        Each block of children becomes sort keys (representative, move rank, parent index),
        a block sorted while it is small; the layer's keys are then one stable sort, a merge
        of those runs, and one pass groups them."""
        expansion = self.codec.expansion(layer.reps)  # numbers what moves it meets first
        ranks = self.ranks(by_parent(self.codec, layer.positions))  # type: ignore[arg-type]
        images = self.images(layer)
        keys = _Keys(self.codec.state_bits, self.rank_bits, len(layer.reps))
        big = expansion.size >= layered.THREADED_CHILDREN
        cuts = expansion.cuts(max(math.ceil(expansion.size / PAIRS_AT_ONCE), 2 if big else 1))

        ends: list[int | None] = [*cuts, None]
        ranges = list(zip([0, *cuts], ends))
        made = threads.in_order(
            partial(self._block_keys, expansion, ranks, keys, images), ranges, big
        )
        del expansion, images  # its indexes go before the merge
        blocks = [block for block, _, _ in made]
        parents = [from_parents for _, from_parents, _ in made if from_parents is not None]
        bests = [best for _, _, best in made if best is not None]
        del made
        weights = counting.weighed(layer.counts, layer.sizes)
        if keys.way == ARGSORT:
            found, least_ranks, sums, pairs = self._argsorted(blocks, parents, keys, weights)
        else:  # the classes cut into ranges, each range's pairs grouped on a thread
            parts = _by_class(blocks, bests, keys, threads.WORKERS * 2 if big else 1)
            del blocks, bests
            from .group_loop import side_by_side  # compiled: only a search of classes loads it

            table = side_by_side(weights)
            del weights
            grouped = threads.in_order(partial(self._group, keys, table), parts, big)
            del parts
            found = np.concatenate([g[0] for g in grouped])
            least_ranks = np.concatenate([g[1] for g in grouped])
            limbs = max(len(g[2]) for g in grouped)
            sums = [
                np.concatenate([counting.padded(g[2], limbs)[i] for g in grouped])
                for i in range(limbs)
            ]
            pairs = sum(g[3] for g in grouped)
            del grouped
        moves = ranks.code_of[least_ranks.view(np.intp)]
        return found, moves, counting.divided(sums, self.group), pairs

    def _group(
        self, keys: _Keys, weights: np.ndarray, part: tuple[list, list]
    ) -> tuple[np.ndarray, np.ndarray, counting.Limbs, int]:
        """One range of classes' pairs, from each block's sorted run of them: (its classes,
        each one's least move rank, its summed weighed counts, how many pairs); `weights` the
        parents' weighed counts (group_loop.side_by_side)."""
        from .group_loop import grouped

        runs, best_runs = part
        whole = runs[0] if len(runs) == 1 else np.concatenate(runs)
        if len(runs) > 1:
            whole.sort()  # values alone: numpy's vectorised sort beats merging the runs
        found, firsts, columns = grouped(whole, keys.low_bits, keys.parent_bits, weights)
        if keys.way == ONE_WORD:
            least_ranks = (firsts >> np.uint64(keys.parent_bits)) & self.rank_mask
        else:  # each class's least rank, from the blocks' own (class, least rank) runs
            best = best_runs[0] if len(best_runs) == 1 else np.concatenate(best_runs)
            if len(best_runs) > 1:
                best.sort()
            least_ranks = best[_run_starts(best >> np.uint64(keys.rank_bits))] & self.rank_mask
            del best
        sums = counting.carried(columns)
        return found, least_ranks, sums, len(whole)

    def _argsorted(
        self, blocks: list, parents: list, keys: _Keys, weights: list[np.ndarray]
    ) -> tuple[np.ndarray, np.ndarray, counting.Limbs, int]:
        """As _group, where (class, rank) and the parents do not fit one word: an argsort."""
        whole = blocks[0] if len(blocks) == 1 else np.concatenate(blocks)
        order = np.argsort(whole, kind="stable")
        whole = whole[order]
        indexes = np.concatenate(parents)[order].astype(np.intp)
        del order
        heads = whole >> np.uint64(keys.rank_bits)
        starts = _run_starts(heads)
        found = heads[starts]
        del heads
        least_ranks = whole[starts] & self.rank_mask
        return found, least_ranks, counting.sum_wide_runs(starts, indexes, weights), len(whole)

    def images(self, layer: Layer) -> tuple[np.ndarray, np.ndarray] | None:
        """Where the codec names each move code's flipped bits (`move_flips`: a child is its
        parent with them flipped), the images of the layer's representatives and of those
        bits (PackedClasses.least_by_parents reads a child's off them), else None."""
        flips = getattr(self.codec, "move_flips", None)
        if flips is None:
            return None
        if self._flip_images is None:
            self._flip_images = self.classes.all_images(flips)
        return self.classes.all_images(layer.reps), self._flip_images

    def _block_keys(
        self,
        expansion: Expansion,
        ranks: _Ranks,
        keys: _Keys,
        images: tuple[np.ndarray, np.ndarray] | None,
        bounds: tuple[int, int | None],
    ) -> tuple[np.ndarray, np.ndarray | None, np.ndarray | None]:
        """One key range of children as sort keys (keys.way), on a thread of its own where the
        layer is big: (the keys, sorted where they hold their parents, else the parents beside
        them; where a second key holds the ranks, each class's least rank, sorted). Children
        of classes found before are left out (a search that is not graded)."""
        children, moves, from_parents = expansion.between(*bounds)
        asked = (moves, ranks.by_mark, self.codes)
        if images is not None:
            parent_images, flip_images = images
            least, marks, first = self.classes.least_by_parents(
                children, from_parents, parent_images, flip_images, asked
            )
        else:
            least, marks, maybe = self.classes.least_images(children, asked)
            assert maybe is not None
            first = maybe
        del children
        if self.seen is not None:  # most children of chains were found before
            new = np.flatnonzero(self.seen.new(least))
            least, marks, moves, from_parents, first = (
                least[new],
                marks[new],
                moves[new],
                from_parents[new],
                first[new],
            )
        block, ranked, from_parents = self._pairs(least, marks, moves, from_parents, first, ranks)
        del least, marks, moves, first
        if from_parents.dtype == np.intp:  # uint32 where a layer is under 2**32
            from_parents = from_parents.view(np.uint64)
        if keys.way == ARGSORT:
            block <<= np.uint64(keys.rank_bits)
            block |= ranked
            return block, from_parents, None
        best = None
        if keys.way == TWO_SORTS:
            best = block << np.uint64(keys.rank_bits)
            best |= ranked
            best.sort()
            best = best[_run_starts(best >> np.uint64(keys.rank_bits))]
        else:
            block <<= np.uint64(keys.rank_bits)
            block |= ranked
        block <<= np.uint64(keys.parent_bits)
        block |= from_parents
        block.sort()
        return block, None, best

    def _pairs(
        self,
        least: np.ndarray,
        marks: np.ndarray,
        moves: np.ndarray,
        parents: np.ndarray,
        first: np.ndarray,
        ranks: _Ranks,
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each child once per symmetry taking it to its least image (`marks`), with the rank
        of the move from that image's parent (the representative's image) to it: the child's
        move seen through the symmetry (`first` that rank through the first such symmetry,
        PackedClasses.least_images's)."""
        ranked = [first]
        # a child some symmetries fix (rare) has more than one bit: clearing the lowest leaves some
        several = np.flatnonzero(marks & (marks - np.uint8(1)))
        if len(several) == 0:
            return least, ranked[0], parents
        out_least, out_parents = [least], [parents]
        rest = marks[several] & (marks[several] - np.uint8(1))
        while len(several):
            out_least.append(least[several])
            out_parents.append(parents[several])
            ranked.append(ranks.by_symmetry[LOWEST_BIT[rest] * self.codes + moves[several]])
            rest &= rest - np.uint8(1)
            left = rest != 0
            several, rest = several[left], rest[left]
        return np.concatenate(out_least), np.concatenate(ranked), np.concatenate(out_parents)


#: How a layer's (child, symmetry) pairs are keyed (_Keys): (class, rank, parent) in one word;
#: (class, parent) and (class, rank) sorted apart; or (class, rank) argsorted, parents beside.
ONE_WORD, TWO_SORTS, ARGSORT = "one word", "two sorts", "argsort"


class _Keys:
    """The way one layer's pairs are keyed, by the bits of a class, a move rank and a parent
    index: all three in one word where they fit KEY_BITS, else two words sorted apart (a codec
    of many move codes, chains), else an argsort (a board of more holes)."""

    def __init__(self, state_bits: int, rank_bits: int, parents: int):
        self.rank_bits = rank_bits
        self.parent_bits = parent_bits = max(1, (parents - 1).bit_length())
        if state_bits + rank_bits + parent_bits <= KEY_BITS:
            self.way, self.low_bits = ONE_WORD, rank_bits + parent_bits
        elif state_bits + max(rank_bits, parent_bits) <= KEY_BITS:
            self.way, self.low_bits = TWO_SORTS, parent_bits
        else:
            self.way, self.low_bits = ARGSORT, rank_bits


class _Ranks:
    """One order of preference among move codes, as tables: the rank of each code, the code of
    each rank, and by_symmetry[k * codes + code] the rank of a code seen through symmetry k;
    by_mark the same through the lowest symmetry a mark names (the first of a child's)."""

    def __init__(self, order: Sequence[int] | range, images: np.ndarray):
        self.code_of = np.array(list(order), np.int16)
        rank = np.empty(len(self.code_of), np.uint64)
        rank[self.code_of] = np.arange(len(self.code_of), dtype=np.uint64)
        by_symmetry = rank[images]
        self.by_symmetry = by_symmetry.ravel()
        self.by_mark = by_symmetry[LOWEST_BIT[: 1 << len(images)]].ravel()


def _seen(state_bits: int) -> Seen:
    """The classes found so far: a bitmap from the start where the key space allows one (only
    the pages that classes fall on are touched), as children are looked up in blocks not
    sorted, where a binary search of a sorted array costs a cache miss at every step."""
    return SeenBits(state_bits) if state_bits <= BITMAP_MOST_BITS else SeenSorted()


def _by_class(
    blocks: list[np.ndarray], bests: list[np.ndarray], keys: _Keys, parts: int
) -> list[tuple[list, list]]:
    """Each block's sorted keys (and its sorted (class, least rank) runs) cut at the same
    classes into `parts` ranges of about as many pairs: [(the blocks' slices, the runs'
    slices)] by range, so that each range is grouped alone."""
    if parts <= 1:
        return [(blocks, bests)]
    size = sum(len(b) for b in blocks)
    stride = max(1, size // (parts * 256))
    sample = np.sort(np.concatenate([b[::stride] >> np.uint64(keys.low_bits) for b in blocks]))
    if len(sample) == 0:
        return [(blocks, bests)]
    cuts = np.unique(sample[np.linspace(0, len(sample) - 1, parts + 1).astype(np.int64)[1:-1]])
    edges = [np.searchsorted(b, cuts << np.uint64(keys.low_bits)) for b in blocks]
    best_edges = [np.searchsorted(b, cuts << np.uint64(keys.rank_bits)) for b in bests]
    out = []
    for j in range(len(cuts) + 1):
        out.append(
            (
                [_between(b, e, j) for b, e in zip(blocks, edges)],
                [_between(b, e, j) for b, e in zip(bests, best_edges)],
            )
        )
    return out


def _between(values: np.ndarray, edges: np.ndarray, j: int) -> np.ndarray:
    """The j-th of the slices `edges` cuts `values` into."""
    low = 0 if j == 0 else int(edges[j - 1])
    high = len(values) if j == len(edges) else int(edges[j])
    return values[low:high]


def _run_starts(sorted_values: np.ndarray) -> np.ndarray:
    first = np.empty(len(sorted_values), bool)
    first[:1] = True
    np.not_equal(sorted_values[1:], sorted_values[:-1], out=first[1:])
    return np.flatnonzero(first)


def _note_most_solved(result: PackedResult, classes: PackedClasses, layers: list[Layer]) -> None:
    """The most solutions any position has, how many positions have them, and the first
    MOST_SOLVED_KEPT of those positions in state order: every image of the classes that do."""
    best = 0
    where: list[tuple[int, np.ndarray]] = []
    for depth, layer in enumerate(layers):
        top, index = counting.largest(layer.counts)
        if top > best:
            best, where = top, []
        if top == best:
            where.append((depth, index))
    result.most_solutions = best
    result.most_solved_count = sum(int(layers[d].sizes[index].sum()) for d, index in where)
    kept = np.empty(0, np.uint64)
    for depth, index in where:
        for start in range(0, len(index), MOST_SOLVED_KEPT):
            reps = layers[depth].reps[index[start : start + MOST_SOLVED_KEPT]]
            if len(kept) == MOST_SOLVED_KEPT and reps[0] > kept[-1]:
                break  # a representative is the least of its images, and they come in order
            images = [reps] + [classes.images(reps, k) for k in range(1, len(classes.symmetries))]
            kept = np.unique(np.concatenate([kept, *images]))[:MOST_SOLVED_KEPT]
    result.most_solved = result.codec.decode(kept)
