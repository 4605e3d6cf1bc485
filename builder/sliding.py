"""Sliding-block puzzles on a rectangular board: one rule covers every catalogue board.

Pieces are one cell (tiles, possibly with repeated labels) or rectangles spanning several cells
(NO-OFF's bulb); there may be several blanks. A piece moves one cell into blank cells.

Ways of counting moves (the `metric`), as players and the literature count them:
"single" (or "unit"): one piece one cell a move; "multi" (one-cell tiles only): sliding 1 to k
tiles of the blank's row or column one cell toward it, all at once (the 15-puzzle's "43
moves"); "straight": one piece any number of cells in one direction; "finger": one piece to any
place it reaches by one-cell steps while nothing else moves, around corners too (Klotski's
"81 moves"). All connect exactly the same states, since each move is a chain of one-cell
moves; only distances differ.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import groupby
from math import factorial, prod

from .arrangements import ANY, Board, TooManyToCount
from .errors import BadDefinition, MalformedInput, shown, times
from .puzzle import ROW_SEPARATOR, SEPARATORS, Move, Puzzle, Reason, split_cells

DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
#: How moves are counted (the module's docstring says each way).
METRICS = ("single", "unit", "multi", "straight", "finger")
#: The metrics where a move is one piece one cell: the rule the numpy codec knows.
ONE_CELL = ("single", "unit")
#: The metrics where one piece goes more than one cell.
FAR = ("straight", "finger")
#: A goal that is a pattern may match at most this many positions: each is a start of the
#: search, held at once (a few hundred bytes each in the plain search).
MAX_GOAL_POSITIONS = 1_000_000
#: Moves a puzzle remembers once made (each a few hundred bytes; a 64-cell board's multi
#: runs are the most, some tens of thousands).
MAX_REMEMBERED_SLIDES = 100_000


@dataclass(frozen=True, kw_only=True)
class Slide(Move):
    """Pieces going one cell `direction`: one piece, or under the multi metric a run of tiles.

    `pieces` holds their labels in reading order of `cells`, the first cell of each, where
    they stand. `at` repeats those cells only when a piece has a twin (an identical piece):
    only then do the words, and so the move, depend on where it is made.
    """

    pieces: str
    direction: str
    at: tuple[int, ...] = ()
    #: for a piece going more than one cell (straight, finger): its way as legs of
    #: (direction, cells), in order ("up", 1), ("right", 1): "vertical up, right"
    route: tuple[tuple[str, int], ...] = ()
    cells: tuple[int, ...] = field(default=(), compare=False)

    @property
    def family(self) -> Hashable:
        return self.pieces, self.direction


class SlidingPuzzle(Puzzle):
    """A board of `rows` x `cols` whose pieces slide into blank cells.

    `wide` maps the label of a piece larger than one cell to its (height, width); in a state
    such a piece is written once per cell it covers. `glyphs` gives how a label is drawn and
    is also accepted as input; `names` gives how a piece is called in move words. `metric`
    is "single" (a move slides one piece) or "multi" (a move slides a run of one to k tiles
    in line with a blank; one-cell pieces only).
    """

    kind = "sliding"

    def __init__(
        self,
        name: str,
        rows: int,
        cols: int,
        goal: str,
        blank: str,
        *,
        title: str = "",
        wide: dict[str, tuple[int, int]] | None = None,
        glyphs: dict[str, str] | None = None,
        names: dict[str, str] | None = None,
        aliases: dict[str, str] | None = None,
        metric: str = "single",
        starts: dict[str, str] | None = None,
        goal_words: dict[str, str] | None = None,
    ):
        self.name, self.title = name, title or name
        self.metric = metric
        self.rows, self.cols, self.blank = rows, cols, blank
        self.wide = {label: (size[0], size[1]) for label, size in (wide or {}).items()}
        self.glyphs = dict(glyphs or {})
        self.names = dict(names or {})
        self.aliases = dict(aliases or {})  # other spellings accepted as input only
        self.starts: dict[str, str] = {}
        # the pieces: those of the goal, or of the first start when the goal is a pattern
        first_start = next(iter((starts or {}).values()), None)
        if ANY in goal and first_start is None:
            raise BadDefinition(
                f"{self.name}: the goal {shown(goal)} is a pattern ('{ANY}' stands for any cell), "
                f"so a start must say which pieces the puzzle has"
            )
        pieces: str = goal if first_start is None or ANY not in goal else first_start
        self._check_definition(pieces, "goal" if pieces is goal else "start")
        self.counts = Counter(pieces)
        self._sorted_pieces = sorted(pieces)
        self.blanks = self.counts[blank]
        self._alias = {**self.aliases, **{glyph: label for label, glyph in self.glyphs.items()}}
        self._goal_positions: dict[str, int] = {}
        self.default_goal = pieces
        for start_name, text in (starts or {}).items():
            self.starts[start_name] = self.parse(text, f"start {shown(start_name)}")
        self.default_goal = self.parse_goal(goal)
        self.goal_words_given = {self.parse_goal(g): w for g, w in (goal_words or {}).items()}
        self._neighbours = [
            [(d, self.step(cell, d)) for d in DIRECTIONS] for cell in range(self.cells)
        ]
        # multi: from each cell, for each way tiles can move into it, the cells beyond it in
        # that line, nearest first (the tiles a multi-tile move can slide toward it)
        self._lines = [
            [(d, line) for d in DIRECTIONS if (line := self._line(cell, OPPOSITE[d]))]
            for cell in range(self.cells)
        ]
        # pieces with an identical piece elsewhere on the board: move words say which one
        self.twins = {
            label
            for label, n in self.counts.items()
            if label != blank and n > prod(self.wide.get(label, (1, 1)))
        }
        self._run_words: dict[tuple[str, str, tuple[int, ...]], str] = {}
        self._masks: dict[tuple[int, int], list[int]] = {}
        self._shifts: dict[tuple[int, int], list[list[tuple]]] = {}
        self._reached: dict[tuple, dict[int, tuple]] = {}
        self._blocks: dict[tuple[int, int], list[list[int]]] = {}
        self._arranged: int | None = None  # arrangements counted on the board (0: too many)
        self._slides: dict[tuple, Slide] = {}
        self._onward = {d: [self.step(c, d) for c in range(self.cells)] for d in DIRECTIONS}

    # -- definition --------------------------------------------------------------------------
    def _check_definition(self, goal: str, what: str = "goal") -> None:
        if self.rows < 1 or self.cols < 1:
            raise BadDefinition(f"{self.name}: rows and cols must be positive")
        if len(goal) != self.rows * self.cols:
            raise BadDefinition(
                f"{self.name}: {what} has {len(goal)} cells, a {self.rows}x{self.cols} board has "
                f"{self.rows * self.cols}"
            )
        if len(self.blank) != 1 or self.blank not in goal:
            raise BadDefinition(f"{self.name}: the {what} must contain the blank '{self.blank}'")
        reserved = set(SEPARATORS + ROW_SEPARATOR + ANY)
        if reserved & set(goal):
            raise BadDefinition(f"{self.name}: labels cannot be space, comma, tab, '/' or '?'")
        for label, (h, w) in self.wide.items():
            if h < 1 or w < 1 or h * w < 2 or h > self.rows or w > self.cols:
                raise BadDefinition(f"{self.name}: piece '{label}' cannot be {h}x{w} here")
        if self.metric not in METRICS:
            raise BadDefinition(
                f"{self.name}: metric must be one of {', '.join(METRICS)}, not {shown(self.metric)}"
            )
        if self.metric == "multi" and self.wide:
            pieces = ", ".join(f"'{label}'" for label in self.wide)
            raise BadDefinition(
                f"{self.name}: the multi-tile metric slides runs of one-cell tiles; it cannot be "
                f"used with pieces larger than one cell ({pieces})"
            )

    def spec(self) -> dict:
        return {
            "kind": self.kind,
            "name": self.name,
            "title": self.title,
            "rows": self.rows,
            "cols": self.cols,
            "goal": self.default_goal,
            "blank": self.blank,
            "wide": {k: list(v) for k, v in self.wide.items()},
            "glyphs": self.glyphs,
            "names": self.names,
            "aliases": self.aliases,
            "metric": self.metric,
            **({"starts": self.starts} if self.starts else {}),
            **({"goal_words": self.goal_words_given} if self.goal_words_given else {}),
        }

    @classmethod
    def from_spec(cls, spec: dict) -> SlidingPuzzle:
        return cls(
            spec["name"],
            spec["rows"],
            spec["cols"],
            spec["goal"],
            spec["blank"],
            title=spec.get("title", ""),
            wide=spec.get("wide"),
            glyphs=spec.get("glyphs"),
            names=spec.get("names"),
            aliases=spec.get("aliases"),
            metric=spec.get("metric", "single"),  # builds stored before metrics were single
            starts=spec.get("starts"),
            goal_words=spec.get("goal_words"),
        )

    # -- text form -----------------------------------------------------------------------------
    def glyph(self, label: str) -> str:
        return self.glyphs.get(label, label)

    def piece_name(self, label: str) -> str:
        return self.names.get(label) or f"tile {self.glyph(label)}"

    def describe_pieces(self) -> str:
        labels = sorted(set(self.counts) - {self.blank})
        return f"{' '.join(labels)} and blank {self.blank}"

    def parse(self, text: str, what: str = "state") -> str:
        """The canonical text of a state; a named start (`klotski start`) stands for its own."""
        named = self.named_start(text, what)
        if named is not None:
            return named
        if (
            type(text) is str
            and len(text) == self.cells
            and not self.wide
            and sorted(text) == self._sorted_pieces
        ):
            return text  # already canonical: the common case of every lookup
        try:
            return self._parsed(text, what)
        except MalformedInput as error:
            raise self.naming_starts(error, what) from None

    def _parsed(self, text: str, what: str) -> str:
        """The canonical text of a state written out cell by cell, or why it is none."""
        symbols = [self._alias.get(s, s) for s in split_cells(text, what, self.cells, self.cols)]
        for cell, symbol in enumerate(symbols):
            if symbol == ANY and ANY not in self.counts:
                raise MalformedInput(
                    f"{what} has '{ANY}' at cell {cell}: '{ANY}' stands for any cell only in a "
                    f"goal; a {what} says what is in every cell"
                )
            if symbol not in self.counts:
                raise MalformedInput(
                    f"{what} has unknown piece {shown(symbol)} at cell {cell}; "
                    f"{self.name} has pieces {self.describe_pieces()}"
                )
        if len(symbols) != self.cells:
            raise MalformedInput(
                f"{what} has {len(symbols)} cells, expected {self.cells} ({self.rows}x{self.cols})"
            )
        found = Counter(symbols)
        if found[self.blank] != self.blanks:
            raise MalformedInput(self._blank_count_message(what, found[self.blank]))
        for label in sorted(self.counts):
            if found[label] != self.counts[label]:
                raise MalformedInput(
                    f"{what} has piece '{label}' {times(found[label])}, "
                    f"expected {times(self.counts[label])}"
                )
        state = "".join(symbols)
        self.pieces(state, what)
        return state

    # -- goals that are patterns -----------------------------------------------------------------
    def parse_goal(self, text: str | None) -> str:
        """A whole position, or a pattern where '?' stands for any cell ("the big piece at the
        exit"); a pattern must match at least one and at most MAX_GOAL_POSITIONS positions."""
        if text is None:
            return self.default_goal
        if not isinstance(text, str) or ANY not in text:
            return self.parse(text, "goal")
        symbols = [self._alias.get(s, s) for s in split_cells(text, "goal", self.cells, self.cols)]
        if len(symbols) != self.cells:
            raise MalformedInput(
                f"goal has {len(symbols)} cells, expected {self.cells} ({self.rows}x{self.cols})"
            )
        for cell, symbol in enumerate(symbols):
            if symbol != ANY and symbol not in self.counts:
                raise BadDefinition(
                    f"goal pattern {shown(text)} has unknown piece {shown(symbol)} at cell "
                    f"{cell}; {self.name} has pieces {self.describe_pieces()}"
                )
        pattern = "".join(symbols)
        found = Counter(symbols)
        for label in sorted(set(found) - {ANY}):
            if found[label] > self.counts[label]:
                raise BadDefinition(
                    f"goal pattern {shown(text)} has '{label}' {times(found[label])}, but "
                    f"{self.name} has it only {times(self.counts[label])}"
                )
        self.goal_position_count(pattern)
        return pattern

    def goal_position_count(self, pattern: str) -> int:
        """How many positions the pattern matches, checked to be 1..MAX_GOAL_POSITIONS."""
        count = self._goal_positions.get(pattern)
        if count is None:
            try:
                count = self._board(pattern).count()
            except TooManyToCount:
                count = None
            if count is None or count > MAX_GOAL_POSITIONS:
                many = "too many to count" if count is None else f"{count:,}"
                raise BadDefinition(
                    f"goal pattern {shown(pattern)} matches {many} positions of {self.name}'s "
                    f"pieces; a build holds at most {MAX_GOAL_POSITIONS:,}: fix more cells"
                )
            if count == 0:
                raise BadDefinition(
                    f"goal pattern {shown(pattern)} matches 0 positions of {self.name}'s "
                    f"pieces ({self.describe_pieces()}): no arrangement of them fits it"
                )
            if len(self._goal_positions) < 64:
                self._goal_positions[pattern] = count
        return count

    def goal_positions(self, goal: str) -> list[str]:
        """Every position the goal stands for: itself, or all that its pattern matches."""
        if ANY not in goal:
            return [goal]
        return list(self._board(goal).each())

    def _board(self, pattern: str) -> Board:
        """The pieces to arrange: a wide piece counted once, not once per cell."""
        counts = dict(self.counts)
        for label, (h, w) in self.wide.items():
            counts[label] //= h * w
        return Board(self.rows, self.cols, self.wide, counts, pattern)

    def _blank_count_message(self, what: str, found: int) -> str:
        expected = "one blank" if self.blanks == 1 else f"{self.blanks} blanks"
        if found == 0:
            return f"{what} has no blank '{self.blank}', expected {expected}"
        return f"{what} has {found} blanks '{self.blank}', expected {expected}"

    def pieces(self, state: str, what: str = "state") -> list[tuple[str, int, int]]:
        """(label, top, left) of every multi-cell piece, checking each covers a full rectangle."""
        if not self.wide:
            return []
        blocks, misfit = wide_blocks(state, self.wide, self.rows, self.cols)
        if misfit:
            label, cell = misfit
            h, w = self.wide[label]
            raise MalformedInput(
                f"{what}: {self.piece_name(label)} must fill a {h}x{w} block of cells "
                f"({h} row{'s' if h > 1 else ''} by {w} column{'s' if w > 1 else ''}); "
                f"the '{label}' at cell {cell} does not start one"
            )
        return blocks

    def exits(self, goal: str) -> list[dict]:
        """Each run of a goal pattern's pinned cells (one piece label, not '?' nor blank)
        along a side of the board: {"side", "cells", "words"}, e.g. Klotski's big piece
        gives the bottom under columns b-c. A whole position pins every piece: no exit."""
        if ANY not in goal:
            return []
        return [
            self._exit(side, list(run))
            for side, line in self._sides()
            for label, run in groupby(line, key=goal.__getitem__)
            if label not in (ANY, self.blank)
        ]

    def described_goal(self, goal: str) -> str:
        """A pattern says which pieces it pins where ("the big piece out at the bottom"); a
        whole position whose tiles read in order says so ("the tiles in order"), else its
        rows."""
        if ANY in goal:
            pinned = [self._pinned_words(label, cells) for label, cells in self._pinned(goal)]
            return ", ".join(pinned) or "any position"
        tiles = [s for s in goal if s != self.blank]
        if not self.wide and tiles == sorted(tiles):
            blanks = [cell_name(c, self.cols) for c, s in enumerate(goal) if s == self.blank]
            if blanks == [cell_name(self.cells - 1, self.cols)]:
                return "the tiles in order"
            return f"the tiles in order, the blank{'s' if len(blanks) > 1 else ''} at " + (
                ", ".join(blanks)
            )
        rows = [
            "".join(map(self.glyph, goal[r : r + self.cols]))
            for r in range(0, self.cells, self.cols)
        ]
        return "the position " + " / ".join(rows)

    def _pinned(self, pattern: str) -> list[tuple[str, list[int]]]:
        """The pieces a pattern pins (not its blanks), each with its cells: a wide piece's
        whole block once, in reading order."""
        out: list[tuple[str, list[int]]] = []
        seen: set[int] = set()
        for cell, label in enumerate(pattern):
            if label in (ANY, self.blank) or cell in seen:
                continue
            size = self.wide.get(label, (1, 1))
            whole = self._mask(size)[cell] and all(
                pattern[c] == label for c in self._block(cell, size)
            )
            cells = self._block(cell, size) if whole else [cell]
            seen.update(cells)
            out.append((label, cells))
        return out

    def _pinned_words(self, label: str, cells: list[int]) -> str:
        """A pinned piece and where: out at the side it touches (an exit), in a corner, or
        at its cells by name (always, for one of identical pieces)."""
        name = f"the {self.names[label]} piece" if label in self.names else self.piece_name(label)
        sides = [side for side, line in self._sides() if set(cells) & set(line)]
        if label in self.twins:
            sides = []  # which of the identical pieces: said by its cells
        if len(sides) == 1:
            return f"{name} out at the {sides[0]}"
        if len(sides) == 2 and set(sides) not in ({"top", "bottom"}, {"left", "right"}):
            return f"{name} in the {sides[0]} {sides[1]} corner"
        first, last = cell_name(cells[0], self.cols), cell_name(cells[-1], self.cols)
        return f"{name} at {first}" if first == last else f"{name} at {first}–{last}"

    def coordinates(self) -> dict | None:
        """Columns by letter and rows by number from the top, as `cell_name` says them, when a
        move can name a cell: a piece with an identical twin is said by where it stands."""
        if not self.twins:
            return None
        return {
            "columns": [cell_name(c, self.cols).rstrip("0123456789") for c in range(self.cols)],
            "rows": [
                cell_name(r * self.cols, self.cols).lstrip("abcdefghijklmnopqrstuvwxyz")
                for r in range(self.rows)
            ],
        }

    def _sides(self) -> list[tuple[str, list[int]]]:
        """The board's four sides, each as its cells in order."""
        rows, cols = self.rows, self.cols
        return [
            ("top", list(range(cols))),
            ("bottom", [(rows - 1) * cols + c for c in range(cols)]),
            ("left", [r * cols for r in range(rows)]),
            ("right", [r * cols + cols - 1 for r in range(rows)]),
        ]

    def _exit(self, side: str, run: list[int]) -> dict:
        """One exit and its words: "bottom, columns b–c" (columns by letter, rows by number,
        as cell names say them)."""
        across = side in ("top", "bottom")
        names = [cell_name(c, self.cols) for c in (run[0], run[-1])]
        ends = [
            name.rstrip("0123456789") if across else name.lstrip("abcdefghijklmnopqrstuvwxyz")
            for name in names
        ]
        what = "column" if across else "row"
        where = f"{what} {ends[0]}" if len(run) == 1 else f"{what}s {ends[0]}–{ends[1]}"
        return {"side": side, "cells": run, "words": f"{side}, {where}"}

    def placed(self, state: str) -> list[tuple[str, list[int]]]:
        """Every piece and the cells it covers (a wide piece's whole block), in reading order
        of its first cell: what a front end draws, so it need not know the wide-piece rule."""
        blocks = {
            top * self.cols + left: (label, top, left) for label, top, left in self.pieces(state)
        }
        out = []
        for cell, label in enumerate(state):
            if cell in blocks:
                h, w = self.wide[label]
                top, left = blocks[cell][1:]
                out.append(
                    (label, [(top + i) * self.cols + left + j for i in range(h) for j in range(w)])
                )
            elif label != self.blank and label not in self.wide:
                out.append((label, [cell]))
        return out

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, state: str) -> list[str]:
        """The board as lines of text: a framed grid with a wide piece as one box named once,
        or, when the pieces are themselves line glyphs, the glyphs alone (a frame would clash)."""
        from .box_drawing import framed_grid, widest  # text output only, not a JSON answer

        if any(0x2500 <= ord(g) <= 0x257F for g in self.glyphs.values()):
            return [
                " ".join(self.glyph(state[r * self.cols + c]) for c in range(self.cols))
                for r in range(self.rows)
            ]
        region = list(range(self.cells))  # which piece covers each cell: a wide piece's share
        text = ["" if s == self.blank else self.glyph(s) for s in state]
        for _, cells in self.placed(state):
            if len(cells) > 1:
                for c in cells:
                    region[c], text[c] = cells[0], ""
        inner = widest(self.glyph(s) for s in set(state))
        for label, cells in self.placed(state):
            if len(cells) > 1:
                h, w = self.wide[label]
                name = self.piece_name(label)
                room = w * (inner + 3) - 3  # the block's width inside, a space either side
                text[cells[0] + (h // 2) * self.cols] = (
                    name if widest([name]) <= room else self.glyph(label)
                )
        return framed_grid(self.rows, self.cols, region, text, inner)

    # -- move rule -----------------------------------------------------------------------------
    def step(self, cell: int, direction: str) -> int | None:
        """The cell one step from `cell` in `direction`, or None off the board."""
        r, c = divmod(cell, self.cols)
        dr, dc = DIRECTIONS[direction]
        r, c = r + dr, c + dc
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return r * self.cols + c
        return None

    def _line(self, cell: int, direction: str) -> list[int]:
        """The cells from `cell` (not included) to the board's edge in `direction`."""
        out = []
        beyond = self.step(cell, direction)
        while beyond is not None:
            out.append(beyond)
            beyond = self.step(beyond, direction)
        return out

    def moves(self, state: str) -> list[tuple[Slide, str]]:
        if self.metric == "multi":
            return self._multi_moves(state)
        if self.metric in FAR:
            return [(move, after) for move, after, _ in self._far_moves(state, backs=False)]
        out = []
        for cell, label in enumerate(state):
            if label == self.blank or label in self.wide:
                continue
            for direction, target in self._neighbours[cell]:
                if target is not None and state[target] == self.blank:
                    lo, hi = min(cell, target), max(cell, target)
                    out.append(
                        (self.slide(label, direction, (cell,), (lo, hi)), _swapped(state, lo, hi))
                    )
        for label, top, left in self.pieces(state):
            out.extend(self._wide_moves(state, label, top, left))
        return out

    def _multi_moves(self, state: str) -> list[tuple[Slide, str]]:
        """For each blank and each way into it, the runs of 1..k tiles beyond it in that line
        (up to the edge or another blank), each sliding one cell toward it."""
        out = []
        blank = self.blank
        cell = state.find(blank)
        while cell >= 0:
            for direction, line in self._lines[cell]:
                cells = list(state)
                into = cell
                for k, tile in enumerate(line, start=1):
                    if state[tile] == blank:
                        break
                    cells[into], cells[tile] = state[tile], blank
                    into = tile
                    if k == 1:
                        move = self.one_cell_move(state[tile], direction, tile, cell)
                    else:
                        run = tuple(sorted(line[:k]))
                        move = self.slide("".join(state[c] for c in run), direction, run)
                    out.append((move, "".join(cells)))
            cell = state.find(blank, cell + 1)
        return out

    def slide(
        self,
        pieces: str,
        direction: str,
        cells: tuple[int, ...],
        swap: tuple[int, int] | None = None,
        route: tuple[tuple[str, int], ...] = (),
    ) -> Slide:
        """The move of `pieces` (labels in reading order) standing at `cells` (the first cell
        of each), with its words; `route` the legs of a piece going more than one cell."""
        key = (pieces, direction, cells, swap, route)
        made = self._slides.get(key)
        if made is None:  # a board has few distinct moves: each is made and worded once
            at = cells if self.twins and any(label in self.twins for label in pieces) else ()
            made = Slide(
                pieces=pieces,
                direction=direction,
                at=at,
                route=route,
                cells=cells,
                swap=swap,
                label=self._words(pieces, direction, cells, at, route),
            )
            if len(self._slides) < MAX_REMEMBERED_SLIDES:
                self._slides[key] = made
        return made

    def _words(
        self, pieces: str, direction: str, cells: tuple[int, ...], at: tuple, route: tuple = ()
    ) -> str:
        """How a move is said: the piece, then the way it goes ("tile 5 down"); a piece with
        a twin by where it stands ("O at c1 right"); a piece going farther by its legs, each
        with its cells when more than one ("small right 2", "vertical up, right"). A run of
        tiles (multi metric) in reading order ("tiles 7 8 left"), named pieces by their names
        ("N and O left")."""
        if route:
            legs = ", ".join(way if n == 1 else f"{way} {n}" for way, n in route)
            return f"{self._piece_words(pieces, cells[0])} {legs}"
        if len(pieces) == 1:
            return f"{self._piece_words(pieces, cells[0])} {direction}"
        key = (pieces, direction, at)
        said = self._run_words.get(key)
        if said is None:
            if at or any(label in self.names for label in pieces):
                words = [self._piece_words(label, cell) for label, cell in zip(pieces, cells)]
                run = f"{', '.join(words[:-1])} and {words[-1]}"
            else:
                run = "tiles " + " ".join(self.glyph(label) for label in pieces)
            said = self._run_words[key] = f"{run} {direction}"
        return said

    def _piece_words(self, label: str, cell: int) -> str:
        """A piece's name, and where it stands when an identical piece could be meant."""
        if label in self.twins:
            return f"{self.piece_name(label)} at {cell_name(cell, self.cols)}"
        return self.piece_name(label)

    def move_cells(self, state: str, move: Move, after: str) -> tuple[list[int], list[int]]:
        """The cells of the piece that moves (a wide piece's whole block), and the blank cells
        it fills. For a run of tiles (multi metric), the one tile a person pushes: the one
        farthest from the blank, whose cell the move leaves blank."""
        changed = [c for c in range(self.cells) if state[c] != after[c]]
        filled = [c for c in changed if state[c] == self.blank]
        label = next(state[c] for c in changed if state[c] != self.blank)
        if self.metric in FAR and isinstance(move, Slide) and move.route:
            # a piece going farther may pass cells it does not stop on: `to` is its whole
            # place at rest, so each destination of a piece names one move
            size = self.wide.get(label, (1, 1))
            return self._block(move.cells[0], size), self._block(self._end(move), size)
        for piece, top, left in self.pieces(state):
            h, w = self.wide[piece]
            block = [(top + i) * self.cols + left + j for i in range(h) for j in range(w)]
            if piece == label and set(block) & set(changed):
                return block, filled
        return [c for c in changed if after[c] == self.blank], filled

    def _end(self, move: Slide) -> int:
        """The top-left cell a piece going farther comes to rest on."""
        r, c = divmod(move.cells[0], self.cols)
        for way, n in move.route:
            dr, dc = DIRECTIONS[way]
            r, c = r + dr * n, c + dc * n
        return r * self.cols + c

    def one_cell_move(self, label: str, direction: str, cell: int, target: int) -> Slide:
        """A one-cell piece at `cell` sliding into the blank at `target`: a swap of the two."""
        return self.slide(label, direction, (cell,), (min(cell, target), max(cell, target)))

    def _wide_moves(
        self, state: str, label: str, top: int, left: int
    ) -> Iterator[tuple[Slide, str]]:
        cell = top * self.cols + left
        blank = self.blank
        for direction, enter, leave, swap in self._wide_shifts(self.wide[label])[cell]:
            if any(state[c] != blank for c in enter):
                continue
            cells = list(state)
            for c in leave:
                cells[c] = blank
            for c in enter:
                cells[c] = label
            yield self.slide(label, direction, (cell,), swap), "".join(cells)

    def _wide_shifts(self, size: tuple[int, int]) -> list[list[tuple]]:
        """For each top-left cell of a piece of `size`, its one-cell moves that stay on the
        board: (direction, the cells it enters, the cells it leaves, the swap when the move is
        one), made once per size."""
        found = self._shifts.get(size)
        if found is not None:
            return found
        h, w = size
        found = self._shifts[size] = []
        for cell in range(self.cells):
            top, left = divmod(cell, self.cols)
            block = {(top + i, left + j) for i in range(h) for j in range(w)}
            out = []
            for direction, (dr, dc) in DIRECTIONS.items():
                moved = {(r + dr, c + dc) for r, c in block}
                inside = all(0 <= r < self.rows and 0 <= c < self.cols for r, c in moved | block)
                if not inside:
                    continue
                enter = sorted(r * self.cols + c for r, c in moved - block)
                leave = sorted(r * self.cols + c for r, c in block - moved)
                swap = (
                    (min(leave[0], enter[0]), max(leave[0], enter[0])) if len(enter) == 1 else None
                )
                out.append((direction, tuple(enter), tuple(leave), swap))
            found.append(out)
        return found

    # -- pieces going farther: straight and finger ---------------------------------------------
    def _far_moves(self, state: str, backs: bool = True) -> Iterator[tuple[Slide, str, tuple]]:
        """Each piece to every place it reaches (in a straight line, or for finger by any
        one-cell steps, nothing else moving): (move, state after, how to say the move back).

        The way back is said as `moves` would say it in the state after: for finger the
        route the same search finds from the piece's new place, since the cells it may cross
        are the same in both states."""
        blanks = sum(1 << c for c, s in enumerate(state) if s == self.blank)
        for label, cell, size in self._every_piece(state):
            own = self._block(cell, size)
            free = blanks | self._mask(size)[cell]
            routes = self._reach(free, cell, size)
            for target, route in routes.items():
                cells = list(state)
                for c in own:
                    cells[c] = self.blank
                for c in self._block(target, size):
                    cells[c] = label
                move = self.slide(label, route[0], (cell,), None, _legs(route))
                back: tuple[str, ...]
                if not backs:
                    back = ()
                elif self.metric == "finger":
                    back = self._reach(free, target, size)[cell]
                else:
                    back = (OPPOSITE[route[0]],) * len(route)
                yield move, "".join(cells), (label, target, back)

    def _every_piece(self, state: str) -> Iterator[tuple[str, int, tuple[int, int]]]:
        """(label, top-left cell, size) of every piece on the board."""
        for cell, label in enumerate(state):
            if label != self.blank and label not in self.wide:
                yield label, cell, (1, 1)
        for label, top, left in self.pieces(state):
            yield label, top * self.cols + left, self.wide[label]

    def _block(self, cell: int, size: tuple[int, int]) -> list[int]:
        """The cells a piece of `size` covers with its top-left cell at `cell`."""
        blocks = self._blocks.get(size)
        if blocks is None:
            h, w = size
            blocks = self._blocks[size] = [
                [(top + i) * self.cols + left + j for i in range(h) for j in range(w)]
                for top, left in (divmod(c, self.cols) for c in range(self.cells))
            ]
        return blocks[cell]

    def _mask(self, size: tuple[int, int]) -> list[int]:
        """For each cell, the bits of the cells a piece of `size` covers with its top-left
        cell there (0 where it would leave the board); made once per size."""
        masks = self._masks.get(size)
        if masks is None:
            h, w = size
            masks = self._masks[size] = [
                sum(1 << c for c in self._block(cell, size))
                if cell // self.cols + h <= self.rows and cell % self.cols + w <= self.cols
                else 0
                for cell in range(self.cells)
            ]
        return masks

    def _reach(self, free: int, start: int, size: tuple[int, int]) -> dict[int, tuple]:
        """Where a piece at `start` can go within the `free` cells (bits), each with its way
        as a list of one-cell steps: in one direction (straight), or any (finger), the fewest
        steps found first in the order up, down, left, right."""
        key = (free, start, size)
        found = self._reached.get(key)
        if found is not None:  # blanks around a piece repeat from state to state
            return found
        if len(self._reached) >= MAX_REMEMBERED_SLIDES:
            self._reached.clear()
        found = self._reached[key] = self._search_reach(free, start, size)
        return found

    def _search_reach(self, free: int, start: int, size: tuple[int, int]) -> dict[int, tuple]:
        masks = self._mask(size)
        neighbours = self._neighbours

        def fits(cell):
            mask = masks[cell]
            return mask and not mask & ~free

        if self.metric == "straight":
            out: dict[int, tuple] = {}
            for d, way in enumerate(DIRECTIONS):
                cell = start
                steps: tuple[str, ...] = ()
                while (onward := neighbours[cell][d][1]) is not None and fits(onward):
                    cell, steps = onward, (*steps, way)
                    out[cell] = steps
            return out
        seen: dict[int, tuple] = {start: ()}
        frontier = [start]
        while frontier:
            nxt = []
            for cell in frontier:
                for way, to in neighbours[cell]:
                    if to is not None and to not in seen and fits(to):
                        seen[to] = (*seen[cell], way)
                        nxt.append(to)
            frontier = nxt
        del seen[start]
        return seen

    def reverse_moves(self, state: str) -> Iterator[tuple[Slide, str]]:
        """Sliding moves undo themselves: the move back is the same pieces the other way,
        from the cells the move took them to."""
        if self.metric in FAR:
            for _, earlier, (label, target, back) in self._far_moves(state):
                yield self.slide(label, back[0], (target,), None, _legs(back)), earlier
            return
        for move, earlier in self.moves(state):
            way = move.direction
            moved = tuple(self._stepped(cell, way) for cell in move.cells)
            yield self.slide(move.pieces, OPPOSITE[way], moved, move.swap), earlier

    def _stepped(self, cell: int, direction: str) -> int:
        """The cell one step on, for a cell a move has just left (so never off the board)."""
        onward = self._onward[direction][cell]
        if onward is None:
            raise ValueError(f"{self.name}: no cell beyond cell {cell} going {direction}")
        return onward

    def single_swap_moves(self) -> bool:
        if self.metric not in ONE_CELL:
            return False  # a run of tiles, a piece going farther: its predecessor is stored
        return all(
            (h == 1 or self.blanks < h) and (w == 1 or self.blanks < w)
            for h, w in self.wide.values()
        )

    # -- hopeless states -------------------------------------------------------------------------
    def arrangements(self) -> int:
        """Orderings of the pieces (cells! over the orderings of identical pieces), a piece of
        several cells counting once; halved where parity leaves only half reachable.

        Exact for one-cell pieces (16!/2 for the 15-puzzle). With wide pieces the arrangements
        are counted on the board (Klotski's pieces have 65,880); where that is too much work,
        an upper bound: an arrangement read row by row, each wide piece at its top-left cell,
        is one ordering of the pieces.
        """
        if self.wide:
            if self._arranged is None:  # counted once: the catalogue asks at import
                try:
                    self._arranged = self._board(ANY * self.cells).count()
                except TooManyToCount:
                    self._arranged = 0
            if self._arranged:
                return self._arranged
        counts = Counter(self.counts)
        for label, (h, w) in self.wide.items():
            counts[label] //= h * w
        count = factorial(sum(counts.values())) // prod(factorial(n) for n in counts.values())
        return count // 2 if self._parity_halves() else count

    def _parity_halves(self) -> bool:
        """One blank among distinct one-cell tiles on a board at least 2x2: parity holds."""
        return (
            not self.wide
            and self.blanks == 1
            and len(self.counts) == self.cells
            and min(self.rows, self.cols) >= 2
        )

    # -- geometry ------------------------------------------------------------------------------
    @property
    def relabelable(self) -> bool:
        """Every piece distinct and one cell, one blank: a path to any target is a path to a
        stored goal with the pieces renamed."""
        return (
            not self.wide
            and self.blanks == 1
            and all(n == 1 for label, n in self.counts.items() if label != self.blank)
        )

    def symmetries(self) -> list[tuple[int, ...]]:
        """The mirror images and half turn of the board, and on a square board the quarter
        turns and the transposes too: each keeps the rule (a piece slides into an adjacent
        blank, along a row or column)."""
        rows, cols = self.rows, self.cols
        maps = [
            lambda r, c: (r, c),
            lambda r, c: (r, cols - 1 - c),
            lambda r, c: (rows - 1 - r, c),
            lambda r, c: (rows - 1 - r, cols - 1 - c),
        ]
        if rows == cols:
            maps += [
                lambda r, c: (c, r),
                lambda r, c: (c, rows - 1 - r),
                lambda r, c: (cols - 1 - c, r),
                lambda r, c: (cols - 1 - c, rows - 1 - r),
            ]
        out = []
        for f in maps:
            cells = tuple(
                f(*divmod(i, cols))[0] * cols + f(*divmod(i, cols))[1] for i in range(self.cells)
            )
            if cells not in out:
                out.append(cells)
        return out

    def unreachable_reason(self, state: str, goal: str) -> Reason | None:
        if ANY in goal:
            return None  # no rule here speaks of a set of goal positions
        for label, (h, w) in self.wide.items():
            here = self._rows_and_cols(state, label)
            there = self._rows_and_cols(goal, label)
            name = self.piece_name(label)
            if self.blanks < w and here[0] != there[0]:
                return Reason(
                    f"{name} can never move up or down (that takes {w} blanks side by side), "
                    f"so it stays in row {_rows_text(here[0])}, but the goal has it in row "
                    f"{_rows_text(there[0])}"
                )
            if self.blanks < h and here[1] != there[1]:
                return Reason(
                    f"{name} can never move left or right (that takes {h} blanks one above "
                    f"the other), so it stays in column {_rows_text(here[1])}, but the goal "
                    f"has it in column {_rows_text(there[1])}"
                )
        distinct_tiles = not self.wide and self.blanks == 1 and len(self.counts) == self.cells
        if distinct_tiles and self._parity(state) != self._parity(goal):
            return Reason(
                "unsolvable by parity: swap any two tiles and it could be solved, but no "
                "sequence of slides swaps just two",
                "the tiles are an odd permutation away from the goal, counting the blank's "
                "row and column too, and every slide keeps that parity",
            )
        return None

    def _rows_and_cols(self, state, label):
        instances = [(top, left) for lab, top, left in self.pieces(state) if lab == label]
        return sorted(top for top, _ in instances), sorted(left for _, left in instances)

    def _parity(self, state: str) -> int:
        """Permutation parity of the labels plus the colour of the blank's square."""
        order = sorted(state)
        rank = [order.index(ch) for ch in state]
        inversions = sum(
            1 for i in range(len(rank)) for j in range(i + 1, len(rank)) if rank[i] > rank[j]
        )
        r, c = divmod(state.index(self.blank), self.cols)
        return (inversions + r + c) % 2


OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}


def wide_blocks(
    state: str, wide: dict[str, tuple[int, int]], rows: int, cols: int
) -> tuple[list[tuple[str, int, int]], tuple[str, int] | None]:
    """The rule of multi-cell pieces, for a state and for a goal being defined: a piece of
    h x w is written once per cell it covers, as whole blocks. Returns the blocks as (label,
    top, left) and the first (label, cell) that starts no whole block (None when all do)."""
    covered = [False] * len(state)
    found: list[tuple[str, int, int]] = []
    for cell, label in enumerate(state):
        if label not in wide or covered[cell]:
            continue
        h, w = wide[label]
        top, left = divmod(cell, cols)
        block = [(top + i) * cols + left + j for i in range(h) for j in range(w)]
        if top + h > rows or left + w > cols or any(state[c] != label or covered[c] for c in block):
            return found, (label, cell)
        for c in block:
            covered[c] = True
        found.append((label, top, left))
    return found, None


def cell_name(cell: int, cols: int) -> str:
    """A cell as a spreadsheet names it: its column's letter, then its row from the top
    ("b1" is the second cell of the first row); past column z, "aa", "ab" and on."""
    row, col = divmod(cell, cols)
    letters = ""
    col += 1
    while col:
        col, digit = divmod(col - 1, 26)
        letters = chr(ord("a") + digit) + letters
    return f"{letters}{row + 1}"


@lru_cache(maxsize=4096)
def _legs(steps: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """One-cell steps as legs: ("up", "right", "right") -> (("up", 1), ("right", 2)); a
    single step has no legs (it reads as its direction alone)."""
    if len(steps) <= 1:
        return ()
    legs: list[tuple[str, int]] = []
    for way in steps:
        if legs and legs[-1][0] == way:
            legs[-1] = (way, legs[-1][1] + 1)
        else:
            legs.append((way, 1))
    return tuple(legs)


def _swapped(state: str, a: int, b: int) -> str:
    return state[:a] + state[b] + state[a + 1 : b] + state[a] + state[b + 1 :]


def _rows_text(indexes: list[int]) -> str:
    return ", ".join(str(i + 1) for i in indexes)
