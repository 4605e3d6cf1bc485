"""Peg boards packed into one unsigned 64-bit integer, where a move is one peg's chain of jumps
(the `chain` metric, peg15's rule): the codec for the layered search (builder.search.layered).

Positions pack as in builder.kinds.peg.packed (hole 0 the most significant bit). The search goes
backwards: from a position a peg un-jumps (back over an empty hole, refilling it, into an
empty hole) and may go on un-jumping from where it lands; every prefix of such an un-chain is
a move. A layer's un-chains are grown one jump at a time as a tree of paths, each path holding
the indexes of the states it applies to (a mask test per jump on the states of its parent
path). Each un-jump flips three known bits, so a whole path adds a constant to its state:
one path's children of a sorted layer come out sorted, and a key range of children comes from
a key range of states, as for single jumps (builder.kinds.peg.packed.UnJumps).

Paths with the same flips reach the same child from the same state, which counts once: such
paths are merged, each state keeping the canonical chain (fewest jumps, then lowest holes, as
builder.kinds.peg.puzzle's `_keep_canonical`), so a stored move names what the plain search
names. A chain may add several pegs, so depth does not follow from pegs (not `graded`): each
child is looked up in every state found so far (builder.search.seen). Move codes number the
canonical chains in the order one process meets them (`number`: within a layer, an order of the
chains it meets, not of how it is cut, so a cluster's client numbers what its workers met as one
process would); pred is stored and undo rebuilds it from the code's flips. In a search of
classes (`classes`: builder.search.classes_search) each chain is numbered with its images under
the board's symmetries, and its move says the holes it flips, from which the database derives
pred (moves.flipped), so no pred is stored.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeGuard

import numpy as np

from ...puzzle import Move, Puzzle
from ...search.layered import Children
from ...symmetry.images import sends
from ...symmetry.packed_classes import PackedClasses
from .packed import THREADED_STATES, PegWords, applying, packs, runs_between, sampled_cuts
from .puzzle import PegSolitaire, jumps

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
    #: The chains a layer meets are numbered as one process meets them: a cluster's workers
    #: each meet those of their part (`meet`, whose `met` goes to the client), the client
    #: numbers them all (`number`) and the workers `learn` its codes
    #: (builder.search.cluster.numbering).
    numbers_moves = True

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
        self.adds = [self._bits(o) + self._bits(b) - self._bits(h) for h, b, o in self.unjumps]
        self.moves: dict[int, Move] = {}
        self._codes: dict[tuple[int, ...], int] = {}
        self._flips_of_code: list[int] = []
        #: set on a cluster's worker by `learn`: its codes come from the client only
        self._learns = False
        #: in a search of classes (`classes`): where each symmetry sends each hole, and
        #: move_images[k][code], each code's chain seen through symmetry k
        self._sends: list[list[int]] = []
        self.move_images: list[list[int]] = []

    def classes(self, goal: str) -> tuple[PackedClasses, list[list[int]]] | None:
        """The board's symmetries that keep `goal` over packed positions, and each chain's code
        seen through each (builder.search.codecs.OffersClasses), as packed.PackedPegs.classes:
        None where only the identity keeps it. From then on a chain is numbered with its
        images (each the next code not taken), so every code's image has a code; the lists
        returned grow as chains are numbered, and each move says the holes it flips (the
        database derives pred from them, db.schema)."""
        symmetries = self.puzzle.class_symmetries(goal)
        if len(symmetries) <= 1:
            return None
        if self._codes:
            raise RuntimeError(f"{self.puzzle.name}: classes asked for after chains were numbered")
        self._sends = [sends(takes) for takes in symmetries]
        self.move_images = [[] for _ in symmetries]
        return PackedClasses(symmetries, self.puzzle.holes), self.move_images

    def code(self, path: tuple[int, ...], flips: int) -> int:
        """The move code of the chain along `path` (forward, as a player jumps)."""
        found = self._codes.get(path)
        if found is None:
            if self._learns:
                raise RuntimeError(f"{self.puzzle.name}: the chain {path} was met unnumbered")
            found = self._new_code(path, flips)
            if self._sends:
                self._number_images(path)
        return found

    def _new_code(self, path: tuple[int, ...], flips: int) -> int:
        found = len(self._codes)
        if found > MOST_CODES:
            raise ValueError(
                f"{self.puzzle.name}: more than {MOST_CODES + 1} distinct chains, more than "
                f"16-bit move codes name"
            )
        self._codes[path] = found
        move = jumps(list(path))
        if self._sends:  # a build of classes derives pred from the holes a chain flips
            move = replace(move, flips=self._holes(flips))
        self.moves[found] = move
        self._flips_of_code.append(flips)
        return found

    def _number_images(self, path: tuple[int, ...]) -> None:
        """Number the chain's images not numbered yet, then fill move_images for every code
        numbered since it was last filled: the orbit of each is numbered whole."""
        for to in self._sends:
            image = tuple(to[hole] for hole in path)
            if image not in self._codes:
                self._new_code(image, self._image_flips(path, to))
        filled = len(self.move_images[0])
        for code in range(filled, len(self._codes)):
            holes = self.moves[code].path  # type: ignore[attr-defined]
            for k, to in enumerate(self._sends):
                self.move_images[k].append(self._codes[tuple(to[h] for h in holes)])

    def _image_flips(self, path: tuple[int, ...], to: list[int]) -> int:
        """The bits flipped by the image, through `to`, of the chain along `path`."""
        return sum(self._bits(to[h]) for h in self._holes(self._flips_of_code[self._codes[path]]))

    def _holes(self, flips: int) -> tuple[int, ...]:
        """The holes whose bits `flips` sets, lowest first."""
        n = self.state_bits
        return tuple(h for h in range(n) if flips >> (n - 1 - h) & 1)

    def chain(self, unjumps: tuple[int, ...]) -> tuple[tuple[int, ...], int, int]:
        """The un-chain of these un-jumps (indexes into self.unjumps): (its holes as visited,
        back from the parent; the bits it flips; what it adds to a state)."""
        holes = (self.unjumps[unjumps[0]][0], *(self.unjumps[k][2] for k in unjumps))
        flips = offset = 0
        for k in unjumps:
            flips ^= self.flips[k]
            offset += self.adds[k]
        return holes, flips, offset

    def number(self, met: list[list[tuple[int, ...]]]) -> tuple[int, list[tuple[int, ...]]]:
        """Number the chains of one layer's un-chains (given as their un-jumps, in parts that
        may overlap) as met by one process expanding the whole layer: un-chains by length,
        then by their un-jumps (the order they are grown in); those that add the same to a
        state grouped at the first's place, each group's chains in canonical order (fewest
        jumps, then lowest holes). So the codes do not depend on how the layer was cut, and
        where several chains reach one state the lowest code is the same chain. Returns
        (the first new code, the un-chains of the new codes in order), for `learn`."""
        start, new = len(self._codes), []
        groups: dict[tuple[int, int], list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}
        for unjumps in sorted(set().union(*met), key=lambda u: (len(u), u)):
            holes, flips, offset = self.chain(unjumps)
            groups.setdefault((flips, offset), []).append((holes[::-1], unjumps))
        for (flips, _), forward in groups.items():
            for path, unjumps in sorted(forward, key=lambda f: (len(f[0]), f[0])):
                if path not in self._codes:
                    self.code(path, flips)
                    new.append(unjumps)
        return start, new

    def learn(self, numbered: tuple[int, list[tuple[int, ...]]]) -> None:
        """On a cluster's worker: take the codes the client numbered (`number`'s result); from
        now on a chain not numbered so is an error, never a code of this worker's own."""
        start, new = numbered
        if start != len(self._codes):
            raise RuntimeError(
                f"{self.puzzle.name}: chain codes from {start}, not {len(self._codes)}"
            )
        self._learns = False
        for unjumps in new:
            holes, flips, _ = self.chain(unjumps)
            self.code(holes[::-1], flips)
        self._learns = True

    def undo(self, codes: np.ndarray, moves: np.ndarray) -> np.ndarray:
        """The position each state's chain leads to: the chain's flips applied."""
        flips = np.array(self._flips_of_code or [0], np.uint64)
        return codes ^ flips[moves.astype(np.int64)]

    def expand(self, codes: np.ndarray, came_by: np.ndarray | None = None) -> Children:
        """Every distinct un-chain of every state: (children, move codes, parent indexes)."""
        return self.expansion(codes).between(0, None)

    def expansion(self, codes: np.ndarray, came_by: np.ndarray | None = None) -> UnChains:
        """A layer's un-chains, their chains numbered as met (`number`)."""
        expansion = UnChains(self, codes)
        self.number([expansion.met])
        return expansion

    def meet(self, codes: np.ndarray, came_by: np.ndarray | None = None) -> UnChains:
        """A layer's un-chains, their chains not numbered yet: their un-jumps are `met`."""
        return UnChains(self, codes)


class UnChains:
    """The un-chains of one sorted layer, ready to be taken a key range of children at a time.

    Holds one group per distinct set of flips: the sorted indexes of the states it applies to
    (4 bytes each) and which of its chains each one keeps (none when a single path makes the
    group). `met` lists every un-chain met, as its un-jumps, for the codec to number; the move
    codes are looked up when the first children are taken, so that a cluster's worker can
    learn them meanwhile. The children themselves are made per key range.
    """

    def __init__(self, codec: PackedChains, codes: np.ndarray):
        self.codec, self.codes = codec, codes
        # path (back from the child's parent, holes as visited) -> un-jumps, flips, indexes
        paths: dict[tuple[int, ...], tuple[tuple[int, ...], int, int, np.ndarray]] = {}
        Grown = list[tuple[tuple[int, ...], tuple[int, ...], int, int, np.ndarray]]
        frontier: Grown = []

        # The states each un-jump applies to: on every core, where the layer is big.
        big = len(codes) >= THREADED_STATES
        applies = applying(codes, codec.flips, codec.landed, big)
        for k, ((here, _, origin), hits) in enumerate(zip(codec.unjumps, applies)):
            if len(hits):
                frontier.append(((here, origin), (k,), codec.flips[k], codec.adds[k], hits))
        del applies
        while frontier:
            grown: Grown = []
            for path, unjumps, flips, offset, hits in frontier:
                paths[path] = (unjumps, flips, offset, hits)
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
                                (*unjumps, k),
                                flips ^ codec.flips[k],
                                offset + codec.adds[k],
                                hits[keep],
                            )
                        )
            frontier = grown
        self.met = [unjumps for unjumps, _, _, _ in paths.values()]
        # Group the paths by what they add (one child per state), canonical chain first: the
        # same flips may add differently (a jump and its mirror), but not from the same state.
        groups: dict[tuple[int, int], list[tuple[int, ...]]] = {}
        for path, (_, flips, offset, _) in paths.items():
            groups.setdefault((flips, offset), []).append(path[::-1])
        self._chains: list[tuple[int, list[tuple[int, ...]], np.ndarray | None]] = []
        self.groups: list[tuple[np.uint64, int, np.ndarray, int | np.ndarray]] = []
        for (flips, offset), forward in groups.items():
            forward.sort(key=lambda p: (len(p), p))
            kept: np.ndarray | None = None
            if len(forward) == 1:
                index = paths[forward[0][::-1]][3]
            else:
                every = np.concatenate([paths[p[::-1]][3] for p in forward])
                which = np.repeat(
                    np.arange(len(forward), dtype=np.int16 if len(forward) < 2**15 else np.int32),
                    [len(paths[p[::-1]][3]) for p in forward],
                )
                # np.unique keeps each state's first entry: its canonical chain's
                index, first = np.unique(every, return_index=True)
                kept = which[first]
            self._chains.append((flips, forward, kept))
            self.groups.append((np.uint64(flips), offset, index, 0))
        self.size = sum(len(g[2]) for g in self.groups)

    def _named(self) -> None:
        """Each group's move codes: its one chain's, or the chain each state keeps."""
        for g, (flips, forward, kept) in enumerate(self._chains):
            codes = np.array([self.codec.code(p, flips) for p in forward], np.int16)
            moves: int | np.ndarray = int(codes[0]) if kept is None else codes[kept]
            self.groups[g] = (*self.groups[g][:3], moves)
        self._chains = []

    def cuts(self, parts: int) -> list[int]:
        """About `parts` - 1 child keys cutting the children into parts of similar size; the
        move codes looked up now, so that threads may then take parts at once."""
        runs = ((index, flips) for flips, _, index, _ in self.groups)
        cuts = sampled_cuts(self.codes, runs, self.size, parts)
        if self._chains:
            self._named()
        return cuts

    def between(self, low: int, high: int | None) -> Children:
        """(children, move codes, parent indexes) of the children with keys in [low, high):
        one sorted run per group of flips."""
        if self._chains:
            self._named()
        return runs_between(self.codes, self.groups, low, high, self.codec.state_bits)


def packable(puzzle: Puzzle) -> TypeGuard[PegSolitaire]:
    """A peg board whose moves are chains of jumps, with few enough holes."""
    return packs(puzzle, "chain")
