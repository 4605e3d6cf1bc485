"""Layered breadth-first search over whole numpy arrays of packed states.

Generic over any codec with `encode`, `decode`, `expand`, `moves` and `state_bits`;
`expand` may leave out each state's own predecessor, which the search would discard anyway,
and a codec whose graph is `bipartite` spares a comparison with the current layer. On an
undirected state graph (every move can be undone) the states first met at depth d+1 are the
neighbours of depth d minus depths d and d-1, so only three layers are compared. A `directed`
codec's expand gives the states one move *farther* from the goal (the search runs backwards
over undone moves), which may lie at any earlier depth: each child is looked up once in
every state found so far (builder.search.seen), unless the codec is also `graded` (a state's
depth follows from the state, as a peg board's from its pegs), when nothing is. A codec
with `expansion(codes, came_by)` hands a layer's children one key range at a time
(builder.kinds.peg.packed.UnJumps), so they never all exist at once; one that declares
`stores_pred` (builder.kinds.peg.chains: a chain's code names its flips, not a swap SQL could
undo) has its build store each state's predecessor, which `undo`
rebuilds. Memory is a few bytes per state: each layer is one sorted uint64 array plus an int16
array of move codes; nothing is held per state as a Python object.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Protocol, cast

import numpy as np

from ..puzzle import Move
from ..symmetry.packed_classes import PackedClasses
from . import counting, threads
from .memory import MemoryGuard
from .result import MOST_SOLVED_KEPT, SQL_INT_MAX, SearchResult, for_sql, part_of
from .seen import seen_states

SQL_INT_BITS = SQL_INT_MAX.bit_length()

NO_MOVE = -1
MOVE_BITS = 16  # move codes are int16


#: What expanding a layer gives: (children, the move code of each, the index of its parent).
Children = tuple[np.ndarray, np.ndarray, np.ndarray]
#: A layer's distinct children: (sorted states, a move code each, their solution counts).
Distinct = tuple[np.ndarray, np.ndarray, counting.Limbs]
#: Rows in key order (PackedResult._bucketed): codes, depths, moves, counts, marks, preds.
Bucket = tuple[
    np.ndarray, np.ndarray, np.ndarray, counting.Limbs, np.ndarray | None, np.ndarray | None
]


class Packs(Protocol):
    """What a result asks of its codec, whichever search found it: states to codes and back,
    and each state's predecessor by its stored move (`undo`)."""

    def encode(self, state: str) -> int: ...

    def decode(self, codes: np.ndarray) -> list[str]: ...

    def undo(self, codes: np.ndarray, moves: np.ndarray) -> np.ndarray: ...


class Codec(Packs, Protocol):
    """What the layered search needs of a puzzle packed into integers
    (builder.kinds.sliding.packed)."""

    #: bits of one packed state
    state_bits: int
    #: moves[code] is the move a move code stands for
    moves: dict[int, Move]

    def expand(self, codes: np.ndarray, came_by: np.ndarray | None = None) -> Children: ...


class Expansion(Protocol):
    """A layer's children ready to be taken a key range at a time (a codec's `expansion`)."""

    size: int

    def cuts(self, parts: int) -> list[int]: ...

    def between(self, low: int, high: int | None) -> Children: ...


class NamesParentMoves(Codec, Protocol):
    """A codec that names the move leading from each child to its parent (by_parent)."""

    def move_between(self, children: np.ndarray, parents: np.ndarray) -> np.ndarray: ...


def distinct(codes: np.ndarray) -> np.ndarray:
    """The codes sorted, each once: np.unique(codes), without the test for a masked array by
    which np.unique imports numpy.ma (some 30 ms, which a build of eight need not pay)."""
    codes = np.sort(codes)
    first = np.ones(len(codes), bool)
    first[1:] = codes[1:] != codes[:-1]
    return codes[first]


def layered_bfs(
    codec: Codec,
    goal: str,
    radius: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    sources: list[str] | None = None,
    guard: MemoryGuard | None = None,
) -> PackedResult:
    """Every state within `radius` moves of `goal` (all of them when radius is None), with
    its number of optimal solutions. `sources`, the positions the goal stands for (a
    pattern's matches), all start at depth 0; default: the goal alone.

    `progress(depth, states_so_far)` is called after each layer; `guard` (builder.search.memory)
    stops the search with `too_large` before an expansion that memory would not hold.
    """
    sources = [goal] if sources is None else sources
    current = distinct(np.array([codec.encode(s) for s in sources], np.uint64))
    found = FoundLayers(current, radius, progress, guard)
    previous = np.empty(0, np.uint64)
    # From several sources a move may join two states equally far from the goal: the colours
    # of a chessboard no longer tell layers apart.
    bipartite = getattr(codec, "bipartite", False) and len(current) == 1
    directed = getattr(codec, "directed", False)
    graded = getattr(codec, "graded", False) and len(current) == 1
    seen = seen_states(codec.state_bits) if directed and not graded else None
    while found.expanding():
        keep: Callable[[np.ndarray], np.ndarray] | None = None
        if seen is not None:  # any earlier depth: one look-up in every state found
            seen.add(current)  # each layer as it is expanded: the last one found never is
            keep = seen.new
        elif not directed:
            earlier = [previous] if bipartite else [previous, current]
            keep = partial(_new_against, earlier)
        children, moves, counts, expanded = _children(
            codec, current, found.moves[-1], found.counts[-1], keep=keep
        )
        if len(children) == 0:
            break
        found.add(children, moves, counts, expanded)
        previous, current = current, children
    return found.result(goal, codec, codec.moves, getattr(codec, "stores_pred", False))


class FoundLayers:
    """Each depth's states (sorted codes), move codes and solution counts as a layered search
    finds them, and when it stops: kept alike by layered_bfs and builder.search.plain_order."""

    def __init__(
        self,
        codes: np.ndarray,
        radius: int | None,
        progress: Callable[[int, int], None] | None,
        guard: MemoryGuard | None,
    ):
        self.layers = [codes]
        self.moves = [np.full(len(codes), NO_MOVE, np.int16)]
        self.counts = [counting.ones(len(codes))]
        self.total = len(codes)
        self.branching = 4.0  # children per state expanded, until the first expansion tells
        self.radius, self.progress, self.guard = radius, progress, guard

    def expanding(self) -> bool:
        """Whether to expand the last layer: not past the radius; the guard stops the search
        with `too_large` before an expansion that memory would not hold."""
        if self.radius is not None and len(self.layers) > self.radius:
            return False
        if self.guard is not None:
            self.guard.before_expanding([len(x) for x in self.layers], self.branching)
        return True

    def add(
        self, codes: np.ndarray, moves: np.ndarray, counts: counting.Limbs, expanded: int
    ) -> None:
        """The next layer, found among `expanded` children of the last one."""
        self.branching = expanded / max(len(self.layers[-1]), 1)
        self.layers.append(codes)
        self.moves.append(moves)
        self.counts.append(counts)
        self.total += len(codes)
        if self.progress:
            self.progress(len(self.layers) - 1, self.total)

    def result(
        self, goal: str, codec: Packs, moves: dict[int, Move], stores_pred: bool
    ) -> PackedResult:
        result = PackedResult(
            goal=goal,
            histogram=[len(x) for x in self.layers],
            moves=moves,
            stores_pred=stores_pred,
            codec=codec,
            layers=self.layers,
            layer_moves=self.moves,
            layer_counts=self.counts,
        )
        result.note_most_solved()
        return result


#: Children sorted at once when a codec hands them out by key range: bounds the memory of
#: sorting one layer's children (about 30 bytes each) to a few hundred MB.
CHILDREN_AT_ONCE = 8_000_000


def by_parent(codec: Codec, layer_states: int) -> bool:
    """Whether the children of a layer of `layer_states` states take the move to their
    lowest parent (the codec names it: `move_between`; a child and its parent's index then
    share one sort key), rather than their lowest move code. The cluster search asks it of
    the whole layer, so that its rows are this search's."""
    parent_bits = _index_bits(layer_states)
    named = hasattr(codec, "expansion") and hasattr(codec, "move_between")
    return named and codec.state_bits + parent_bits <= 64


#: Children of a layer below this many are made on one thread: cutting a small layer into
#: ranges costs more than a second core saves.
THREADED_CHILDREN = 1 << 20


def _children(
    codec: Codec,
    current: np.ndarray,
    came_by: np.ndarray | None,
    counts: counting.Limbs,
    lowest_parent: bool | None = None,
    keep: Callable[[np.ndarray], np.ndarray] | None = None,
) -> tuple[np.ndarray, np.ndarray, counting.Limbs, int]:
    """The distinct children of a layer, sorted, with a move code and a count each, and how
    many children the layer expanded to before they were made distinct (the memory guard's
    branching factor: those held at once). `lowest_parent`: see by_parent (default: asked of
    this layer). `keep(children)`, asked of each key range's distinct children on the range's
    own thread, says which to keep (a search's test for new states); None keeps them all.

    A big layer's children are cut into key ranges (builder.search.threads): a child's every
    copy falls in one range, so each range is made distinct on its own, on any core."""
    if not hasattr(codec, "expansion"):
        return _children_of_layer(codec, current, came_by, counts, keep)
    expansion: Expansion = codec.expansion(current, came_by)  # type: ignore[attr-defined]
    at_once = threads.WORKERS if expansion.size >= THREADED_CHILDREN else 1
    expanded = min(expansion.size, CHILDREN_AT_ONCE * at_once)
    cuts = expansion.cuts(max(math.ceil(expansion.size / CHILDREN_AT_ONCE), at_once))
    if lowest_parent is None:
        lowest_parent = by_parent(codec, len(current))

    work = partial(_range_children, expansion, codec, current, counts, lowest_parent, keep)
    parts = threads.in_order(work, list(itertools.pairwise([0, *cuts, None])))
    del work, expansion  # its indexes go before the ranges are joined
    return (*_joined(parts), expanded)


def _range_children(
    expansion: Expansion,
    codec: Codec,
    current: np.ndarray,
    counts: counting.Limbs,
    lowest_parent: bool,
    keep: Callable[[np.ndarray], np.ndarray] | None,
    bounds: tuple[int, int | None],
) -> Distinct:
    """The distinct children of one key range of an expansion, those `keep` keeps."""
    children, moves, parents = expansion.between(*bounds)
    if lowest_parent:  # by_parent: the codec names the move to a parent
        named = cast(NamesParentMoves, codec)
        found = _distinct_by_parent(named, current, children, parents, counts)
    else:
        found = _distinct_children(children, moves, parents, counts, codec.state_bits)
    del children, moves, parents
    return _kept(found, keep)


def _children_of_layer(
    codec: Codec,
    current: np.ndarray,
    came_by: np.ndarray | None,
    counts: counting.Limbs,
    keep: Callable[[np.ndarray], np.ndarray] | None,
) -> tuple[np.ndarray, np.ndarray, counting.Limbs, int]:
    """_children for a codec that expands a whole layer at once: a big layer is expanded a
    slice of states a thread (where the codec `expands_in_threads`: it keeps no state of its
    own), its children cut by key into ranges, and each range made distinct on a thread."""
    bits, workers = codec.state_bits, threads.WORKERS
    big = len(current) * 2 >= THREADED_CHILDREN  # a few children a state
    # Where state and move share no word, a child keeps its first move met (np.unique):
    # the layer is then expanded whole, so that its children come in the one order.
    order_free = bits + MOVE_BITS <= 64
    if workers > 1 and big and order_free and getattr(codec, "expands_in_threads", False):
        edges = np.linspace(0, len(current), workers + 1).astype(np.int64).tolist()
        spans = list(itertools.pairwise(edges))
    else:
        spans = [(0, len(current))]

    def expanded_slice(span: tuple[int, int]) -> Children:
        a, b = span
        children, moves, parents = codec.expand(
            current[a:b], None if came_by is None else came_by[a:b]
        )
        return children, moves, parents if a == 0 else parents.astype(np.int64) + a

    slices = threads.in_order(expanded_slice, spans)
    expanded = sum(len(c) for c, _, _ in slices)
    if workers == 1 or expanded < THREADED_CHILDREN:
        children, moves, parents = (np.concatenate(x) for x in zip(*slices))
        del slices
        found = _distinct_children(children, moves, parents, counts, bits)
        del children, moves, parents  # before the test for new states: memory's peak
        return (*_kept(found, keep), expanded)
    pivots = _pivots([c for c, _, _ in slices], workers)
    ranged = threads.in_order(lambda s: _by_range(s, pivots), slices)
    del slices

    def distinct(r: int) -> Distinct:
        pieces = [by_range[r] for by_range in ranged]
        for by_range in ranged:
            by_range[r] = None  # each piece freed once joined
        children, moves, parents = (np.concatenate(x) for x in zip(*pieces))
        del pieces
        found = _distinct_children(children, moves, parents, counts, bits)
        del children, moves, parents
        return _kept(found, keep)

    parts = threads.in_order(distinct, list(range(len(pivots) + 1)))
    return (*_joined(parts), expanded)


def _pivots(children: list[np.ndarray], ranges: int) -> np.ndarray:
    """About `ranges` - 1 keys cutting these children into ranges of similar size."""
    total = sum(len(c) for c in children)
    stride = max(1, total // (ranges * 1024))
    sample = np.sort(np.concatenate([c[::stride] for c in children]))
    return distinct(sample[np.linspace(0, len(sample) - 1, ranges + 1).astype(np.int64)[1:-1]])


def _by_range(found: Children, pivots: np.ndarray) -> list[Children | None]:
    """Children, their moves and parents, cut at the pivots (a child equal to a pivot goes
    above it): one (children, moves, parents) a range, in key order."""
    children, moves, parents = found
    where = np.searchsorted(pivots, children, side="right")
    cut: list[Children | None] = []
    for r in range(len(pivots) + 1):
        picked = np.flatnonzero(where == r)
        cut.append((children[picked], moves[picked], parents[picked]))
    return cut


def _kept(found: Distinct, keep: Callable[[np.ndarray], np.ndarray] | None) -> Distinct:
    """The distinct children `keep` keeps (all of them when keep is None)."""
    if keep is None:
        return found
    new = keep(found[0])
    if new.all():
        return found
    return found[0][new], found[1][new], counting.take(found[2], new)


def _joined(parts: list[Distinct]) -> Distinct:
    """Key ranges' distinct children, one after another."""
    if len(parts) == 1:
        return parts[0]
    limbs = max(len(c) for _, _, c in parts)
    return (
        np.concatenate([f for f, _, _ in parts]),
        np.concatenate([m for _, m, _ in parts]),
        [np.concatenate([counting.padded(c, limbs)[i] for _, _, c in parts]) for i in range(limbs)],
    )


def _distinct_children(
    children: np.ndarray,
    moves: np.ndarray,
    parents: np.ndarray,
    counts: counting.Limbs,
    state_bits: int,
) -> Distinct:
    """Sorted distinct children, each with one move code that reaches it and its number of
    optimal solutions through these parents: the sum of their counts (each parent reaches a
    child once, as its one blank moves to a cell in one way only). Of these the caller keeps
    the children that prove new, whose counts are then complete: every neighbour one move
    nearer the goal is a parent in this layer.

    Where the state leaves room for each child's position, a plain sort of the two in one
    word groups them (_distinct_by_position); else, where it leaves 16 bits free, state and
    move share one word and a single argsort does it (the lowest move code wins); otherwise
    np.unique keeps the first occurrence.
    """
    if state_bits + _index_bits(len(children)) <= 64:
        return _distinct_by_position(children, moves, parents, counts)
    if state_bits + MOVE_BITS <= 64:
        shift = np.uint64(MOVE_BITS)
        keys = children << shift
        keys |= moves.astype(np.uint16)  # in place: no 8-byte temporaries of the moves
        order = np.argsort(keys, kind="stable")  # faster here: children come in runs
        keys = keys[order]
        states = keys >> shift
        first = np.empty(len(keys), bool)
        first[:1] = True
        np.not_equal(states[1:], states[:-1], out=first[1:])
        del states
        starts = np.flatnonzero(first)
        del first
        picked = keys[starts]
        del keys
        found, moves = picked >> shift, picked.astype(np.uint16).view(np.int16)
        return found, moves, counting.sum_runs(starts, parents[order], counts)
    found, index, group = np.unique(children, return_index=True, return_inverse=True)
    return found, moves[index], counting.sum_into(group, parents, counts, len(found))


def _index_bits(size: int) -> int:
    """Bits that number `size` items."""
    return max(1, (size - 1).bit_length())


def _distinct_by_position(
    children: np.ndarray, moves: np.ndarray, parents: np.ndarray, counts: counting.Limbs
) -> Distinct:
    """As _distinct_children, where a child and its position share one word: a plain sort
    (twice as fast as the argsort of child and move) groups each child's copies, whose
    positions give their moves (the lowest code wins, as uint16, as there) and parents."""
    bits = _index_bits(len(children))
    shift = np.uint64(bits)
    keys = children << shift
    keys |= np.arange(len(children), dtype=np.uint64)
    keys.sort()
    order = (keys & np.uint64((1 << bits) - 1)).view(np.intp)  # below 2**63: no copy
    keys >>= shift  # the children, sorted
    first = np.empty(len(keys), bool)
    first[:1] = True
    np.not_equal(keys[1:], keys[:-1], out=first[1:])
    starts = np.flatnonzero(first)
    del first
    found = keys[starts]
    del keys
    least = np.minimum.reduceat(moves[order].astype(np.uint16), starts).view(np.int16)
    return found, least, counting.sum_runs(starts, parents[order], counts)


def _distinct_by_parent(
    codec: NamesParentMoves,
    current: np.ndarray,
    children: np.ndarray,
    parents: np.ndarray,
    counts: counting.Limbs,
) -> Distinct:
    """As _distinct_children, where a child and its parent's index share one word: a plain
    sort (no argsort, no gather) then groups each child's parents, and the codec names the
    move from the first parent to the child (`move_between`)."""
    bits = np.uint64(_index_bits(len(current)))
    keys = (children << bits) | parents.astype(np.uint64)
    keys.sort()  # values alone: numpy's vectorised sort beats timsort merging the runs
    states = keys >> bits
    first = np.empty(len(keys), bool)
    first[:1] = True
    np.not_equal(states[1:], states[:-1], out=first[1:])
    del states
    parents = (keys & np.uint64((1 << int(bits)) - 1)).astype(np.intp)
    starts = np.flatnonzero(first)
    found = keys[starts] >> bits
    del keys, first
    moves = codec.move_between(found, current[parents[starts]])
    return found, moves, counting.sum_runs(starts, parents, counts)


def _new_against(layers: list[np.ndarray], values: np.ndarray) -> np.ndarray:
    """Which sorted values are in none of these sorted layers."""
    new = np.ones(len(values), bool)
    for layer in layers:
        new &= ~_member(values, layer)
    return new


def _member(values: np.ndarray, sorted_set: np.ndarray) -> np.ndarray:
    if len(sorted_set) == 0:
        return np.zeros(len(values), bool)
    at = np.minimum(np.searchsorted(sorted_set, values), len(sorted_set) - 1)
    return sorted_set[at] == values


@dataclass
class PackedResult(SearchResult):
    codec: Packs
    layers: list[np.ndarray]  # per depth, its states as sorted packed codes
    layer_moves: list[np.ndarray]  # per depth, each state's move code toward the goal
    layer_counts: list[counting.Limbs]  # per depth, its solution counts (builder.search.counting)
    #: per depth, in a build of classes (keep_classes): the marks of the symmetries fixing each
    layer_fixed: list[np.ndarray] | None = None
    #: per depth, each state's pred's code, where each part of a union undid its own moves
    layer_preds: list[np.ndarray] | None = None  # (builder.search.union); None: codec.undo

    @property
    def rows(self) -> int:
        return sum(len(layer) for layer in self.layers)

    def keep_classes(self, classes: PackedClasses, move_images: list[list[int]]) -> None:
        """Keep one state of each class of symmetric states, its representative (`classes`:
        builder.symmetry.packed_classes.PackedClasses). The histogram and the most solved
        states stay those of every state; each layer shrinks in place, so memory only falls."""
        self.layer_fixed = []
        for depth, layer in enumerate(self.layers):
            least, fixed, _ = classes.classify(layer)
            self.layers[depth] = layer[least]
            self.layer_moves[depth] = self.layer_moves[depth][least]
            self.layer_counts[depth] = counting.take(self.layer_counts[depth], least)
            self.layer_fixed.append(fixed[least])
            del least, fixed
        self.symmetries = list(classes.symmetries)
        self.move_images = move_images

    def depths_of(self, states: list[str]) -> list[int | None]:
        many = getattr(self.codec, "encode_many", None)
        codes = (
            many(states) if many else np.array([self.codec.encode(s) for s in states], np.uint64)
        )
        depths = np.full(len(codes), -1, np.int64)
        for depth, layer in enumerate(self.layers):
            depths[_member(codes, layer)] = depth
        return [None if d < 0 else d for d in depths.tolist()]

    def note_most_solved(self) -> None:
        """Find the most optimal solutions any state has, and which states have them."""
        best = 0
        where: list[tuple[int, np.ndarray]] = []
        for depth, counts in enumerate(self.layer_counts):
            top, index = counting.largest(counts)
            if top > best:
                best, where = top, []
            if top == best:
                where.append((depth, index))
        self.most_solutions = best
        self.most_solved_count = sum(len(index) for _, index in where)
        # the first by code are the first by name, unless codes do not sort as text
        kept = MOST_SOLVED_KEPT if getattr(self.codec, "text_ordered", True) else None
        named = [self.codec.decode(self.layers[d][index[:kept]]) for d, index in where]
        self.most_solved = sorted(s for states in named for s in states)[:MOST_SOLVED_KEPT]

    def chunks(self, size: int, part: tuple[int, int] = (0, 1)) -> Iterator[tuple[list, ...]]:
        """Rows in key order, one bucket of the key space at a time (see _bucketed)."""
        for codes, depths, moves, counts, fixed, preds in self._bucketed(size, part):
            goal_rows = np.flatnonzero(moves == NO_MOVE).tolist()
            move_list: list[int | None] = moves.tolist()
            for i in goal_rows:
                move_list[i] = None
            columns: tuple[list, ...] = (
                self.codec.decode(codes),
                depths.tolist(),
                move_list,
                _for_sql(_trimmed(counts)),
            )
            if preds is not None:
                named: list[str | None] = list(self.codec.decode(preds))
                for i in goal_rows:
                    named[i] = None
                columns += (named,)
            if fixed is not None:
                columns += (fixed.tolist(),)
            yield columns

    def arrays(self, size: int, part: tuple[int, int] = (0, 1)) -> Iterator[tuple]:
        """As chunks, but as arrays where the codec can: states as a matrix of code points
        (a row a state), depths and fixed marks as arrays, moves as a masked array (the
        goal's masked), counts as an array where they fit 64 bits, preds as a masked matrix
        of code points (a goal's row masked); no Python object a row."""
        points = getattr(self.codec, "points", None)
        if points is None:
            yield from self.chunks(size, part)
            return
        for codes, depths, moves, counts, fixed, preds in self._bucketed(size, part):
            trimmed = _trimmed(counts)
            goals = moves == NO_MOVE
            columns: tuple = (
                points(codes),
                depths,
                np.ma.MaskedArray(moves, goals),
                _for_sql(trimmed)
                if counting.may_exceed(trimmed, SQL_INT_BITS)
                else counting.to_array(trimmed),
            )
            if preds is not None:
                drawn = points(preds)
                columns += (np.ma.MaskedArray(drawn, np.broadcast_to(goals[:, None], drawn.shape)),)
            if fixed is not None:
                columns += (fixed,)
            yield columns

    def _bucketed(self, size: int, part: tuple[int, int]) -> Iterator[Bucket]:
        """(codes, depths, moves, counts, fixed marks or None, preds' codes where stored) in key
        order, one bucket of the key space at a time: preds only where the build stores them.

        Every layer is sorted, so a bucket [low, high) is a slice of each layer: gather the
        slices, sort that bucket alone. No array of all states is ever built.
        """
        limbs = max(len(c) for c in self.layer_counts)
        kept = (self.layer_fixed, self.layer_preds)
        for low, high in part_of(self._buckets(size), part):
            codes_, depths_, moves_, fixed_, preds_ = [], [], [], [], []  # type: ignore[var-annotated]
            counts_: list[counting.Limbs] = []
            for depth, layer in enumerate(self.layers):
                a = int(np.searchsorted(layer, low))
                b = len(layer) if high is None else int(np.searchsorted(layer, high))
                if b > a:
                    codes_.append(layer[a:b])
                    moves_.append(self.layer_moves[depth][a:b])
                    depths_.append(np.full(b - a, depth, np.int16))
                    counts_.append(
                        counting.padded(counting.take(self.layer_counts[depth], slice(a, b)), limbs)
                    )
                    for found, layers in zip((fixed_, preds_), kept):
                        if layers is not None:
                            found.append(layers[depth][a:b])
            if not codes_:
                continue
            order = np.argsort(np.concatenate(codes_), kind="stable")  # the sorted runs merged
            codes, depths, moves = (np.concatenate(x)[order] for x in (codes_, depths_, moves_))
            counts = counting.take(
                [np.concatenate([c[i] for c in counts_]) for i in range(limbs)], order
            )
            fixed = np.concatenate(fixed_)[order] if fixed_ else None
            preds: np.ndarray | None = None
            if self.stores_pred:  # a union's parts undid their own moves, else undone here
                preds = np.concatenate(preds_)[order] if preds_ else self.codec.undo(codes, moves)
            yield codes, depths, moves, counts, fixed, preds

    def _buckets(self, size: int) -> list[tuple[np.uint64, np.uint64 | None]]:
        """Boundaries that cut the key space into buckets of about `size` states."""
        count = math.ceil(self.rows / size)
        if count <= 1:
            return [(np.uint64(0), None)]
        stride = max(1, self.rows // (count * 32))
        sample = np.sort(np.concatenate([layer[::stride] for layer in self.layers]))
        cuts = distinct(sample[np.linspace(0, len(sample) - 1, count + 1).astype(np.int64)[1:-1]])
        edges = [np.uint64(0)] + list(cuts) + [None]
        return list(itertools.pairwise(edges))


def _for_sql(counts: counting.Limbs) -> list[int] | list[int | str]:
    """Counts as SQLite binds them; looking for one too large for its integers only when the
    limbs say there may be one (scanning every count costs as much as converting it)."""
    values = counting.to_ints(counts)
    return for_sql(values) if counting.may_exceed(counts, SQL_INT_BITS) else values


def _trimmed(counts: counting.Limbs) -> counting.Limbs:
    """Limbs without the zero ones on top (padding), so common counts convert fast."""
    while len(counts) > 1 and not counts[-1].any():
        counts = counts[:-1]
    return counts
