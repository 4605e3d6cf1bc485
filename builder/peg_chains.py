"""Peg boards packed into one unsigned 64-bit integer, where a move is one peg's chain of jumps
(the `chain` metric, peg15's rule): the codec for the layered search (builder.vector_search).

Positions pack as in builder.peg_packed (hole 0 the most significant bit). The search goes
backwards: from a position a peg un-jumps (back over an empty hole, refilling it, into an
empty hole) and may go on un-jumping from where it lands; every prefix of such an un-chain is
a move. A layer's un-chains are grown one jump at a time as a tree of paths, each path holding
the indexes of the states it applies to (a mask test per jump on the states of its parent
path). Each un-jump flips three known bits, so a whole path adds a constant to its state:
one path's children of a sorted layer come out sorted, and a key range of children comes from
a key range of states, as for single jumps (builder.peg_packed.UnJumps).

Paths with the same flips reach the same child from the same state, which counts once: such
paths are merged, each state keeping the canonical chain (fewest jumps, then lowest holes, as
builder.peg's `_keep_canonical`), so a stored move names what the plain search names. A chain
may add several pegs, so depth does not follow from pegs (not `graded`): each layer is
compared with every earlier one. Move codes number the canonical chains met; pred is stored
and undo rebuilds it from the code's flips.
"""

from __future__ import annotations

from typing import TypeGuard

import numpy as np

from .peg import PegSolitaire, jumps
from .peg_packed import PegWords, packs, run_between, sampled_cuts
from .puzzle import Move

#: Move codes are int16.
MOST_CODES = 2**15 - 1


class PackedChains(PegWords):
    """The codec of one peg board whose moves are chains of jumps by one peg."""

    #: Moves cannot be undone: the search goes backwards, over un-chains.
    directed = True
    #: A chain may add any number of pegs: a child may lie at any earlier depth.
    graded = False
    #: The move code names a chain whose flips give pred; pred is stored, as the plain
    #: search stores it for peg boards.
    stores_pred = True

    def __init__(self, puzzle: PegSolitaire):
        if not packable(puzzle):
            raise ValueError(f"{puzzle.name} cannot be packed as chains for the layered search")
        self.puzzle = puzzle
        n = self.state_bits = puzzle.holes
        # un-jump k from hole `here`: the peg there goes back over `over` into `origin`
        self.unjumps = [(c, b, a) for a in range(n) for b, c in puzzle.jumps[a]]
        self.from_hole: list[list[int]] = [[] for _ in range(n)]
        for k, (here, _, _) in enumerate(self.unjumps):
            self.from_hole[here].append(k)
        self.flips = [self._bits(*t) for t in self.unjumps]
        self.landed = [self._bits(here) for here, _, _ in self.unjumps]
        # a child is its state plus this: the peg leaves `here`, fills `over` and `origin`
        self.offset = [self._bits(o) + self._bits(b) - self._bits(h) for h, b, o in self.unjumps]
        self.moves: dict[int, Move] = {}
        self._codes: dict[tuple[int, ...], int] = {}
        self._flips_of_code: list[int] = []

    def code(self, path: tuple[int, ...], flips: int) -> int:
        """The move code of the chain along `path` (forward, as a player jumps)."""
        found = self._codes.get(path)
        if found is None:
            found = len(self._codes)
            if found > MOST_CODES:
                raise ValueError(
                    f"{self.puzzle.name}: more than {MOST_CODES + 1} distinct chains, more than "
                    f"16-bit move codes name"
                )
            self._codes[path] = found
            self.moves[found] = jumps(list(path))
            self._flips_of_code.append(flips)
        return found

    def undo(self, codes: np.ndarray, moves: np.ndarray) -> np.ndarray:
        """The position each state's chain leads to: the chain's flips applied."""
        flips = np.array(self._flips_of_code or [0], np.uint64)
        return codes ^ flips[moves.astype(np.int64)]

    def expand(self, codes: np.ndarray, came_by: np.ndarray | None = None):
        """Every distinct un-chain of every state: (children, move codes, parent indexes)."""
        return self.expansion(codes).between(0, None)

    def expansion(self, codes: np.ndarray, came_by: np.ndarray | None = None) -> UnChains:
        return UnChains(self, codes)


class UnChains:
    """The un-chains of one sorted layer, ready to be taken a key range of children at a time.

    Holds one group per distinct set of flips: the sorted indexes of the states it applies to
    (4 bytes each) and each one's move code (one code for the whole group when a single path
    makes it). The children themselves are made per key range.
    """

    def __init__(self, codec: PackedChains, codes: np.ndarray):
        self.codec, self.codes = codec, codes
        small = len(codes) < 2**32
        # path (back from the child's parent, holes as visited) -> flips, offset, indexes
        paths: dict[tuple[int, ...], tuple[int, int, np.ndarray]] = {}
        Grown = list[tuple[tuple[int, ...], int, int, np.ndarray]]
        frontier: Grown = []
        for k, (here, _, origin) in enumerate(codec.unjumps):
            hits = np.flatnonzero((codes & np.uint64(codec.flips[k])) == np.uint64(codec.landed[k]))
            hits = hits.astype(np.uint32) if small else hits
            if len(hits):
                frontier.append(((here, origin), codec.flips[k], codec.offset[k], hits))
        while frontier:
            grown: Grown = []
            for path, flips, offset, hits in frontier:
                paths[path] = (flips, offset, hits)
                if codec.puzzle.metric != "chain":
                    continue
                states = codes[hits] ^ np.uint64(flips)
                for k in codec.from_hole[path[-1]]:
                    test = np.uint64(codec.flips[k])
                    keep = (states & test) == np.uint64(codec.landed[k])
                    if keep.any():
                        grown.append(
                            (
                                (*path, codec.unjumps[k][2]),
                                flips ^ codec.flips[k],
                                offset + codec.offset[k],
                                hits[keep],
                            )
                        )
            frontier = grown
        # Group the paths by what they add (one child per state), canonical chain first: the
        # same flips may add differently (a jump and its mirror), but not from the same state.
        groups: dict[tuple[int, int], list[tuple[int, ...]]] = {}
        for path, (flips, offset, _) in paths.items():
            groups.setdefault((flips, offset), []).append(path[::-1])
        self.groups = []
        for (flips, offset), forward in groups.items():
            forward.sort(key=lambda p: (len(p), p))
            move_codes = [codec.code(p, flips) for p in forward]
            moves: int | np.ndarray
            if len(forward) == 1:
                index, moves = paths[forward[0][::-1]][2], move_codes[0]
            else:
                every = np.concatenate([paths[p[::-1]][2] for p in forward])
                which = np.repeat(
                    np.array(move_codes, np.int16), [len(paths[p[::-1]][2]) for p in forward]
                )
                # np.unique keeps each state's first entry: its canonical chain's
                index, first = np.unique(every, return_index=True)
                moves = which[first]
            self.groups.append((np.uint64(flips), offset, index, moves))
        self.size = sum(len(g[2]) for g in self.groups)

    def cuts(self, parts: int) -> list[int]:
        """About `parts` - 1 child keys cutting the children into parts of similar size."""
        runs = ((index, flips) for flips, _, index, _ in self.groups)
        return sampled_cuts(self.codes, runs, self.size, parts)

    def between(self, low: int, high: int | None):
        """(children, move codes, parent indexes) of the children with keys in [low, high):
        one sorted run per group of flips."""
        children, moves, parents = [], [], []
        top = 1 << self.codec.state_bits
        high = top if high is None else high
        for flips, offset, index, codes in self.groups:
            i, j, picked, made = run_between(self.codes, index, flips, offset, low, high, top)
            if j > i:
                parents.append(picked)
                children.append(made)
                if isinstance(codes, np.ndarray):
                    moves.append(codes[i:j])
                else:
                    moves.append(np.full(j - i, codes, np.int16))
        if not children:
            return np.empty(0, np.uint64), np.empty(0, np.int16), np.empty(0, np.intp)
        return np.concatenate(children), np.concatenate(moves), np.concatenate(parents)


def packable(puzzle) -> TypeGuard[PegSolitaire]:
    """A peg board whose moves are chains of jumps, with few enough holes."""
    return packs(puzzle, "chain")
