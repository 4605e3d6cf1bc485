"""Rush Hour boards packed into one unsigned 64-bit integer, for the layered search.

A vehicle never leaves its track, so a position is where each vehicle stands along it: a few
bits a vehicle (a car on a row of 6 has 5 places: 3 bits). The vehicles are taken in the order
of their letters (the primary car A first, most significant), and above them sits the number
of the board's layout (builder.kinds.rush.lettering.layout: which vehicles, on which tracks,
and the walls), so one codec packs the positions of many cards at once: a build of a list of
cards searches every cluster in the same arrays. A 6x6 board of 16 vehicles takes 48 bits,
leaving 16 for layouts.

Codes do not sort as the board's text does (a vehicle's place is not its cells' order), so a
build's rows reach SQLite out of key order (it sorts them) and a cluster build, whose shards
are cut by key, does not take this codec (`text_ordered`).

Moves are found on whole arrays: each position's occupied cells are one 64-bit mask (the OR of
its vehicles' cells and the walls), and a vehicle may go k cells one way when the cells it
crosses (a mask per vehicle, place, direction and distance, made once) are all free of it.
Each child comes with its slot: vehicle, direction, distance in the order the plain search's
move rule makes them (builder.kinds.rush.moves), so the search can pick the move the plain
search would (builder.search.plain_order), and with its move back as this codec numbers the
moves of every layout (`move_of`); a search's stored codes are given in the order its rows
first use them (`number`), as the plain search gives them.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from puzzledb.builder.puzzle import Move, Puzzle

from ...search.memory import WalkGuard
from ...search.plain_order import Children, Layer
from .geometry import EMPTY, WALL, Vehicle, placements
from .lettering import layout
from .moves import AXES, OPPOSITE, MoveRule
from .walk import Walked, walk

#: The most cells a packed board has: its occupied cells are one 64-bit mask.
MAX_CELLS = 64
ALL = np.uint64(2**64 - 1)
#: Positions whose children are found at once (see neighbours).
BLOCK = 65_536


class PackedRush:
    """The positions of boards of one size, each of one of `boards`' layouts, as integers."""

    #: searched in the plain search's order (builder.search.plain_order)
    plain_order = True
    #: The moves metric's moves are no swap of two cells: the build stores each predecessor.
    stores_pred = True
    #: Codes do not sort as text: a result names its most solved positions by their text, and
    #: no build cut into shards by key takes this codec.
    text_ordered = False

    def __init__(self, boards: list[str], rows: int, cols: int):
        self.rows, self.cols, self.cells = rows, cols, rows * cols
        self.rule = MoveRule("moves", cols, self.cells)
        self.layouts: dict[tuple, int] = {}
        tracks: list[list[Vehicle]] = []
        self.templates: list[str] = []
        self._boards: list[str] = []
        for board in boards:
            key = layout(board, cols)
            if key not in self.layouts:
                self.layouts[key] = len(tracks)
                self._boards.append(board)
                tracks.append(sorted(placements(board, cols), key=lambda v: v.letter))
                self.templates.append("".join(WALL if s == WALL else EMPTY for s in board))
        self.vehicles = tracks
        self.width = max(len(t) for t in tracks)
        self.places = np.ones((len(tracks), self.width), np.int64)
        for n, track in enumerate(tracks):
            for v, vehicle in enumerate(track):
                self.places[n, v] = self._line(vehicle) - vehicle.length + 1
        self.bits = max(1, int(self.places.max() - 1).bit_length())
        self.layout_shift = self.width * self.bits
        self.state_bits = self.layout_shift + max(0, (len(tracks) - 1).bit_length())
        if self.state_bits > 64:  # packable() and fits() say so first
            raise ValueError(f"a position of these boards takes {self.state_bits} bits, not 64")
        self.shifts = np.array(
            [(self.width - 1 - v) * self.bits for v in range(self.width)], np.uint64
        )
        self.mask = np.uint64((1 << self.bits) - 1)
        self.reach = max(1, int(self.places.max()) - 1)  # the farthest a vehicle goes
        #: a child's slot (see _neighbours) is below this: its rank among its parent's moves
        self.slots = self.order_bound = self.width * 2 * self.reach
        self._tables()
        self._index_layouts()
        # Flat views of the tables, for np.take (far faster than indexing by several arrays).
        self._most = int(self.places.max())
        self._vehicle_rows = np.arange(self.width)[:, None]
        self._crossed = self.crossed.reshape(-1, 2 * self.reach)
        self._delta = self.delta.ravel()
        self._move_of = self.move_of.ravel()
        self._forget_codes()

    def _line(self, vehicle: Vehicle) -> int:
        return self.cols if vehicle.horizontal else self.rows

    def _tables(self) -> None:
        """The masks, cells and moves of every layout's vehicles at every place."""
        count, width, most = len(self.vehicles), self.width, int(self.places.max())
        longest = max(v.length for track in self.vehicles for v in track)
        self.walls = np.zeros(count, np.uint64)
        self.occupies = np.zeros((count, width, most), np.uint64)
        self.crossed = np.full((count, width, most, 2, self.reach), ALL, np.uint64)
        self.cell_of = np.full((count, width, most, longest), self.cells, np.intp)
        self.track = np.full((count, width, most), self.cells, np.intp)
        self.letter = np.zeros((count, width), np.uint32)
        self.first = np.zeros((count, width), np.int64)
        self.step = np.ones((count, width), np.int64)
        self.delta = np.zeros((width, 2, self.reach), np.uint64)
        self.move_of = np.full((count, width, 2, self.reach), -1, np.int16)
        self.table_moves: list[Move] = []
        numbers: dict[Move, int] = {}
        for v in range(width):
            for k in range(1, self.reach + 1):
                up = np.uint64(k << (self.bits * (width - 1 - v)))
                self.delta[v, 0, k - 1] = (~up + np.uint64(1)) & ALL  # k places back
                self.delta[v, 1, k - 1] = up
        for n, track in enumerate(self.vehicles):
            self.walls[n] = _mask(c for c, s in enumerate(self.templates[n]) if s == WALL)
            for v, vehicle in enumerate(track):
                along = (
                    vehicle.first % self.cols if vehicle.horizontal else vehicle.first // self.cols
                )
                first = vehicle.first - along * vehicle.step
                self.letter[n, v], self.first[n, v] = ord(vehicle.letter), first
                self.step[n, v] = vehicle.step
                places = int(self.places[n, v])
                for p in range(places):
                    cells = [first + (p + i) * vehicle.step for i in range(vehicle.length)]
                    self.occupies[n, v, p] = _mask(cells)
                    self.cell_of[n, v, p, : vehicle.length] = cells
                    self.track[n, v, p] = cells[0]
                    for d, sign in enumerate((-1, 1)):
                        for k in range(1, self.reach + 1):
                            if not 0 <= p + sign * k < places:
                                break
                            ahead = cells[0] if sign < 0 else cells[-1]
                            path = [ahead + sign * i * vehicle.step for i in range(1, k + 1)]
                            self.crossed[n, v, p, d, k - 1] = _mask(path)
                for d, direction in enumerate(AXES[vehicle.horizontal]):
                    for k in range(1, self.reach + 1):
                        # The child went `direction` k places: its move back is the other way.
                        move = self.rule.drive(
                            vehicle.letter, vehicle.length, OPPOSITE[direction], k
                        )
                        number = numbers.setdefault(move, len(numbers))
                        if number == len(self.table_moves):
                            self.table_moves.append(move)
                        self.move_of[n, v, d, k - 1] = number
        self._undo = np.zeros((count, max(1, len(numbers))), np.uint64)
        for n, track in enumerate(self.vehicles):
            for v in range(len(track)):
                for d in range(2):
                    for k in range(1, self.reach + 1):
                        # Undoing the stored move takes the child back to its parent.
                        number = int(self.move_of[n, v, d, k - 1])
                        self._undo[n, number] = self.delta[v, 1 - d, k - 1]

    def _forget_codes(self) -> None:
        """A new search: no move has a stored code yet."""
        self.moves: dict[int, Move] = {}
        self._number_of_code: list[int] = []  # each code's move, as move_of numbers it

    # -- codes and text ------------------------------------------------------------------------
    def encode(self, state: str) -> int:
        n = self.layouts[layout(state, self.cols)]
        value = n
        for v, vehicle in enumerate(self.vehicles[n]):
            place = (state.find(vehicle.letter) - int(self.first[n, v])) // int(self.step[n, v])
            value = (value << self.bits) | place
        return value << (self.bits * (self.width - len(self.vehicles[n])))

    def encode_many(self, states: list[str]) -> np.ndarray:
        """encode() of many boards on whole arrays: each board's layout found by a hash of
        what its layout is made of (each occupied cell's letter, axis and line, and the
        walls), then each vehicle's place by where its letter first stands on its track."""
        cells = np.array(states, f"<U{self.cells}").view(np.uint32).reshape(-1, self.cells)
        hashes = np.concatenate(
            [self._hash(cells[i : i + BLOCK]) for i in range(0, len(cells), BLOCK)]
            or [np.empty(0, np.uint64)]
        )
        found = np.minimum(np.searchsorted(self._hashes, hashes), len(self._hashes) - 1)
        if not (self._hashes[found] == hashes).all():
            raise ValueError("a board of no layout this codec packs")
        layouts = self._hash_layout[found]
        codes = layouts.astype(np.uint64) << np.uint64(self.layout_shift)
        rows = np.arange(len(states))
        for v in range(self.width):
            track = self.track[layouts, v]  # (n, places): the cell of each place's first cell
            held = cells[rows[:, None], np.minimum(track, self.cells - 1)]
            there = (held == self.letter[layouts, v][:, None]) & (track < self.cells)
            place = np.argmax(there, axis=1).astype(np.uint64)
            codes |= place << self.shifts[v]
        return codes

    def _hash(self, cells: np.ndarray) -> np.ndarray:
        """A 64-bit hash of each board's layout: the sum of a random number per occupied cell
        (its letter, axis and line) and per wall cell."""
        rows, cols = self.rows, self.cols
        grid = cells.reshape(-1, rows, cols).astype(np.int64)
        same_row = np.zeros(grid.shape, bool)
        same_row[:, :, 1:] |= grid[:, :, 1:] == grid[:, :, :-1]
        same_row[:, :, :-1] |= grid[:, :, :-1] == grid[:, :, 1:]
        line = np.where(
            same_row, np.arange(rows)[None, :, None], rows + np.arange(cols)[None, None, :]
        )
        symbol = np.minimum(grid, 127)
        hashed = self._random[symbol, line].reshape(len(cells), -1)
        walls = cells == ord(WALL)
        hashed[walls] = np.broadcast_to(self._walls_random, cells.shape)[walls]
        return hashed.sum(axis=1, dtype=np.uint64)

    def _index_layouts(self) -> None:
        """The hash of each layout (see _hash), sorted, for encode_many."""
        generator = np.random.default_rng(31)
        self._random = generator.integers(0, 2**63, (128, self.rows + self.cols), np.uint64)
        self._random[ord(EMPTY)] = 0
        self._walls_random = generator.integers(0, 2**63, self.cells, np.uint64)
        boards = np.array([[ord(s) for s in t] for t in self._boards], np.uint32).reshape(
            len(self._boards), self.cells
        )
        hashes = self._hash(boards)
        order = np.argsort(hashes)
        self._hashes, self._hash_layout = hashes[order], order

    def _unpacked(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each code's layout and each of its vehicles' places (0 for a vehicle it lacks)."""
        layouts = (codes >> np.uint64(self.layout_shift)).astype(np.intp)
        places = ((codes[:, None] >> self.shifts[None, :]) & self.mask).astype(np.intp)
        return layouts, places

    def decode(self, codes: np.ndarray) -> list[str]:
        return self.texts(codes).tolist()

    def texts(self, codes: np.ndarray) -> np.ndarray:
        """The boards as a numpy array of text (one more cell a row catches what no vehicle
        covers, and is cut off)."""
        codes = np.asarray(codes, np.uint64)
        layouts, places = self._unpacked(codes)
        board = np.empty((len(codes), self.cells + 1), np.uint32)
        template = np.array([[ord(s) for s in t] for t in self.templates], np.uint32)
        board[:, : self.cells] = template[layouts]
        rows = np.arange(len(codes))
        for v in range(self.width):
            cells = self.cell_of[layouts, v, places[:, v]]
            letters = self.letter[layouts, v]
            for i in range(cells.shape[1]):
                board[rows, cells[:, i]] = letters
        text = np.ascontiguousarray(board[:, : self.cells])
        return text.view(f"<U{self.cells}").ravel()

    # -- the search in the plain search's order (builder.search.plain_order) --------------------
    def start(self, states: list[str]) -> Layer:
        self._forget_codes()
        return Layer(self.encode_many(states))

    def children(self, layer: Layer) -> Children:
        children, moves, parents, slots = self.neighbours(layer.codes)
        return Children(children, parents, slots, moves)

    def child_layer(self, layer: Layer, children: Children) -> Layer:
        return Layer(children.codes)

    def number(self, moves: np.ndarray) -> np.ndarray:
        """Codes for `moves` (as move_of numbers them), the next ones in the order given."""
        first = len(self.moves)
        for move in moves.tolist():
            self.moves[len(self.moves)] = self.table_moves[move]
            self._number_of_code.append(move)
        return np.arange(first, len(self.moves))

    # -- moves ---------------------------------------------------------------------------------
    def neighbours(self, codes: np.ndarray) -> tuple[np.ndarray, ...]:
        """As _neighbours, BLOCK positions at a time: a position's masks take a kilobyte
        while its children are found, so a layer of millions is never gathered at once."""
        if len(codes) <= BLOCK:
            return self._neighbours(codes)
        parts = []
        for start in range(0, len(codes), BLOCK):
            children, moves, parents, slots = self._neighbours(codes[start : start + BLOCK])
            parents += start  # indexes into the whole layer
            parts.append((children, moves, parents, slots))
        return tuple(np.concatenate([p[k] for p in parts]) for k in range(4))

    def _neighbours(self, codes: np.ndarray) -> tuple[np.ndarray, ...]:
        """Every position one move from each of `codes`: (children, the move that leads each
        back as move_of numbers it, the index of its parent, its slot). A parent's children
        come in the order of their slots: vehicle by letter, back then forth, nearest first, as
        the plain search's move rule makes them."""
        layouts = (codes >> np.uint64(self.layout_shift)).astype(np.intp)
        places = ((codes[None, :] >> self.shifts[:, None]) & self.mask).astype(np.intp)
        # One flat index a (vehicle, position) pair, vehicle-major: each row is contiguous.
        where = (layouts[None, :] * self.width + self._vehicle_rows) * self._most + places
        taken = self.walls.take(layouts)
        for row in self.occupies.take(where):
            taken |= row
        crossed = self._crossed.take(where.T.ravel(), axis=0).reshape(len(codes), self.slots)
        free = np.flatnonzero((crossed & taken[:, None]) == 0)
        parents, slots = np.divmod(free, self.slots)
        children = codes.take(parents) + self._delta.take(slots)
        moves = self._move_of.take(layouts.take(parents) * self.slots + slots)
        return children, moves, parents, slots

    def undo(self, codes: np.ndarray, moves: np.ndarray) -> np.ndarray:
        """The predecessors: each position with its stored move (a code of this search's
        `number`) made; a goal (NO_MOVE) stays itself."""
        stored = moves >= 0
        layouts = (codes[stored] >> np.uint64(self.layout_shift)).astype(np.intp)
        back = np.zeros(len(codes), np.uint64)
        numbers = np.array(self._number_of_code, np.intp)[moves[stored]]
        back[stored] = self._undo[layouts, numbers]
        return codes + back

    # -- clusters ------------------------------------------------------------------------------
    def at_exit(self, codes: np.ndarray) -> np.ndarray:
        """Whether the primary car A (the first vehicle) stands at the right edge of its row."""
        layouts, places = self._unpacked(codes)
        return places[:, 0] == self.places[layouts, 0] - 1


def _mask(cells: object) -> np.uint64:
    value = 0
    for cell in cells:  # type: ignore[attr-defined]
        value |= 1 << cell
    return np.uint64(value)


def packable(puzzle: Puzzle) -> bool:
    """A Rush Hour board of the moves metric whose cells fit one 64-bit mask and whose
    positions fit 64 bits (the steps metric's moves are swaps, numbered by cell: the plain
    search takes it)."""
    boards = getattr(puzzle, "packed_boards", None)
    if puzzle.kind != "rush" or boards is None:
        return False
    return fits(boards(), puzzle.rows, puzzle.cols, getattr(puzzle, "metric", ""))


def fits(boards: list[str], rows: int, cols: int, metric: str) -> bool:
    """Whether PackedRush packs positions of these boards' layouts counted in `metric`."""
    if metric != "moves" or rows * cols > MAX_CELLS:
        return False
    layouts = {layout(board, cols): board for board in boards}
    width, most = 1, 2
    for board in layouts.values():
        vehicles = placements(board, cols)
        width = max(width, len(vehicles))
        for v in vehicles:
            most = max(most, (cols if v.horizontal else rows) - v.length + 1)
    bits = width * max(1, (most - 1).bit_length()) + (len(layouts) - 1).bit_length()
    return bits <= 64


class Cards(Protocol):
    """A card, or a list of cards (builder.kinds.rush.puzzle, .cards), as the codec sees it."""

    rows: int
    cols: int

    def packed_boards(self) -> list[str]: ...


def codec_of(puzzle: Cards) -> PackedRush:
    """The codec of a card, or of every cluster of a list of cards (packable first)."""
    return PackedRush(puzzle.packed_boards(), puzzle.rows, puzzle.cols)


def walked(
    boards: list[str], rows: int, cols: int, metric: str, guard: WalkGuard | None = None
) -> tuple[PackedRush, Walked] | None:
    """The clusters of `boards` (builder.kinds.rush.walk) and the codec that walked them;
    None where the codec packs no such board (the caller walks by the move rule)."""
    if not fits(boards, rows, cols, metric):
        return None
    codec = PackedRush(boards, rows, cols)
    return codec, walk(codec, codec.encode_many(boards), guard)
