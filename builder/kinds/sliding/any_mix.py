"""`AnyMix`: a sliding board whose pieces' shapes are given but not how many of each, so that
one build holds every layout of a whole family (Klotski's: the big square, two blanks, and any
mix of verticals, horizontals and smalls).

A layout's mix (how many of each free piece it has) decides everything about it: which pieces
can twin, so how its moves are said, and which layouts it can reach, all of the same mix. So
each mix is a plain SlidingPuzzle of its own (a `member`), made when first needed, and the
family answers every question of a layout by asking its mix's member. The search too runs a
mix at a time (packed_mixes.py), and the build stores them all as one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from functools import cache
from math import prod

from ...core.errors import BadDefinition, MalformedInput
from ...core.message_text import shown, times
from ...puzzle import ANY, Move, Reason
from .goal_patterns import MAX_GOAL_POSITIONS
from .move_words import Slide
from .puzzle import SlidingPuzzle

#: A mix: how many pieces of each free label, in the order of the family's `free`.
Mix = tuple[int, ...]
#: Layouts counted by mix, by board, pieces and pattern (AnyMix.layouts_by_mix): at most
#: LAYOUTS_KEPT, so goals a service is asked for (each pattern another entry) cannot grow it.
_LAYOUTS: dict[tuple, dict[Mix, int]] = {}
LAYOUTS_KEPT = 64


class AnyMix(SlidingPuzzle):
    """Every layout of `rows` x `cols` with the pieces of `fixed` (label -> how many pieces),
    `blanks` blank cells and any number of each label of `free` filling the rest; shapes in
    `wide` as for SlidingPuzzle. The goal is a pattern (the big square at the exit), and a
    start (the first of `starts`) is one layout of the family."""

    def __init__(
        self,
        name: str,
        rows: int,
        cols: int,
        goal: str,
        blank: str,
        *,
        fixed: dict[str, int],
        free: tuple[str, ...],
        blanks: int,
        **definition: object,
    ):
        self.fixed, self.free, self.blank_cells = dict(fixed), tuple(free), blanks
        self._members: dict[Mix, SlidingPuzzle] = {}
        look = {k: v for k, v in definition.items() if k not in ("starts", "goal_words")}
        self._member_definition = {"rows": rows, "cols": cols, "blank": blank, **look}
        if ANY not in goal:
            raise BadDefinition(f"{name}: a family of layouts needs a goal pattern ('{ANY}')")
        super().__init__(name, rows, cols, goal, blank, **definition)  # type: ignore[arg-type]
        self._check_family()

    def _check_family(self) -> None:
        labels = set(self.fixed) | set(self.free)
        if self.blank in labels or len(labels) != len(self.fixed) + len(self.free):
            raise BadDefinition(f"{self.name}: a label is both fixed and free, or the blank")
        if not self.mixes():
            raise BadDefinition(f"{self.name}: no layout of these pieces fills the board")

    # -- the mixes -------------------------------------------------------------------------
    def area(self, label: str) -> int:
        return prod(self.wide.get(label, (1, 1)))

    def mixes(self) -> list[Mix]:
        """Every mix some layout has, fewest of the first free label first (Klotski's: 35 of
        the 36 ways to fill 14 cells; seven verticals beside the square fit no layout)."""
        return sorted(self.layouts_by_mix(ANY * self.cells))

    def layouts_by_mix(self, pattern: str) -> dict[Mix, int]:
        """How many layouts of each mix match `pattern` ('?' any cell), mixes with none left
        out: one count of every mix at once, ~10 ms for Klotski's board, kept a process."""
        shapes = {label: self.wide.get(label, (1, 1)) for label in (*self.fixed, *self.free)}
        board = (self.rows, self.cols, tuple(sorted(shapes.items())), tuple(self.fixed.items()))
        key = (*board, self.free, self.blank, self.blank_cells, pattern)
        found = _LAYOUTS.get(key)
        if found is None:
            found = _count_layouts(self, shapes, pattern)
            if len(_LAYOUTS) < LAYOUTS_KEPT:
                _LAYOUTS[key] = found
        return found

    def whole_counts(self, mix: Mix) -> dict[str, int]:
        """The pieces of a mix, a wide piece counted once, and the blank cells."""
        counts = {**self.fixed, **dict(zip(self.free, mix)), self.blank: self.blank_cells}
        return {label: n for label, n in counts.items() if n}

    def layout(self, mix: Mix) -> str | None:
        """One layout of the mix (its pieces placed in reading order, first fit), or None:
        the text a member is defined by. Plain Python: a lookup loads no numpy."""
        return _first_layout(self.rows, self.cols, self.wide, self.whole_counts(mix))

    def mix_of(self, state: str, what: str = "state") -> Mix:
        """The mix of a layout's text, or MalformedInput saying why it is no layout of the
        family (an unknown piece, a wrong number of blanks or fixed pieces, a part piece)."""
        symbols = self.text_form.symbols(state, what)
        for cell, symbol in enumerate(symbols):
            self._check_symbol(cell, symbol, what)
        if len(symbols) != self.cells:
            raise MalformedInput(
                f"{what} has {len(symbols)} cells, expected {self.cells} ({self.rows}x{self.cols})"
            )
        found = Counter(symbols)
        if found[self.blank] != self.blank_cells:
            many = found[self.blank]
            raise MalformedInput(
                f"{what} has {many or 'no'} blank{'' if many == 1 else 's'} '{self.blank}', "
                f"expected {self.blank_cells}"
            )
        for label, n in self.fixed.items():
            if found[label] != n * self.area(label):
                raise MalformedInput(
                    f"{what} has piece '{label}' {times(found[label])}, expected "
                    f"{times(n * self.area(label))} ({self.piece_name(label)}, {n} of it)"
                )
        for label in self.free:
            if found[label] % self.area(label):
                raise MalformedInput(
                    f"{what} has piece '{label}' {times(found[label])}: a "
                    f"{self.piece_name(label)} covers {self.area(label)} cells, so that is no "
                    f"whole number of them"
                )
        return tuple(found[label] // self.area(label) for label in self.free)

    def _check_symbol(self, cell: int, symbol: str, what: str, pattern: bool = False) -> None:
        """A cell's symbol is one of the family's pieces or the blank ('?' too in a pattern)."""
        known = {*self.fixed, *self.free, self.blank}
        if symbol in known or (pattern and symbol == ANY):
            return
        if symbol == ANY:
            raise MalformedInput(self.text_form.any_in_a_state(cell, what))
        raise MalformedInput(
            f"{what} has unknown piece {shown(symbol)} at cell {cell}; {self.name} has pieces "
            f"{' '.join(sorted(known - {self.blank}))} and blank {self.blank}"
        )

    def member(self, mix: Mix) -> SlidingPuzzle:
        """The plain puzzle of one mix: its layouts, moves and words are the family's."""
        found = self._members.get(mix)
        if found is None:
            layout = self.layout(mix)
            if layout is None:
                raise MalformedInput(f"no layout of {self.name} has this mix of pieces {mix}")
            counts = self.whole_counts(mix)
            definition = dict(self._member_definition)
            definition["wide"] = {k: v for k, v in self.wide.items() if k in counts}
            found = SlidingPuzzle(self.name, goal=layout, **definition)  # type: ignore[arg-type]
            self._members[mix] = found
        return found

    def member_of(self, state: str) -> SlidingPuzzle:
        return self.member(self.mix_of(state))

    def describe_mix(self, mix: Mix) -> str:
        """A mix in words: "4 verticals, 1 horizontal, 4 smalls"."""
        return ", ".join(
            f"{n} {self.piece_name(label)}{'' if n == 1 else 's'}"
            for label, n in zip(self.free, mix)
        )

    # -- the Puzzle interface: each layout answered by its mix's member ------------------------
    def parse(self, text: str, what: str = "state") -> str:
        named = self.named_start(text, what)
        if named is not None:
            return named
        try:
            mix = self.mix_of(text, what)
            return self.member(mix).parse("".join(self.text_form.symbols(text, what)), what)
        except MalformedInput as error:
            raise self.naming_starts(error, what) from None

    def parse_goal(self, text: str | None) -> str:
        if text is None:
            return self.default_goal
        if not isinstance(text, str) or ANY not in text:
            raise MalformedInput(
                f"{self.name} is built toward goal patterns only ('{ANY}' for any cell): every "
                f"layout of every mix is searched toward one; a puzzle of one mix of pieces "
                f"can be built toward one layout"
            )
        pattern = "".join(self.text_form.symbols(text, "goal"))
        if len(pattern) != self.cells:
            raise MalformedInput(
                f"goal has {len(pattern)} cell{'' if len(pattern) == 1 else 's'}, expected "
                f"{self.cells} ({self.rows}x{self.cols})"
            )
        for cell, symbol in enumerate(pattern):
            self._check_symbol(cell, symbol, "goal", pattern=True)
        count = self.goal_position_count(pattern)
        if count == 0 or count > MAX_GOAL_POSITIONS:
            many = "no layout" if count == 0 else f"{count:,} layouts"
            raise BadDefinition(
                f"goal pattern {shown(pattern)} matches {many} of {self.name}; a build holds "
                f"from 1 to {MAX_GOAL_POSITIONS:,}: fix more cells"
            )
        return pattern

    def goal_position_count(self, pattern: str) -> int:
        return sum(self.layouts_by_mix(pattern).values())

    def goal_positions(self, goal: str) -> list[str]:
        return [state for _, states in self.goals_by_mix(goal) for state in states]

    def goals_by_mix(self, goal: str) -> Iterator[tuple[Mix, list[str]]]:
        """Each mix with the goal's layouts of it, mixes no goal layout has left out."""
        for mix in sorted(self.layouts_by_mix(goal)):
            yield mix, self.member(mix).goal_positions(goal)

    def moves(self, state: str) -> list[tuple[Slide, str]]:
        return self.member_of(state).moves(state)

    def reverse_moves(self, state: str) -> Iterator[tuple[Slide, str]]:
        return self.member_of(state).reverse_moves(state)

    def move_cells(self, state: str, move: Move, after: str) -> tuple[list[int], list[int]]:
        return self.member_of(state).move_cells(state, move, after)

    def single_swap_moves(self) -> bool:
        return False  # the fixed piece is wide in every family this holds

    def arrangements(self) -> int:
        """Every layout of every mix (Klotski's two-blank family: 1,588,914)."""
        return sum(self.layouts_by_mix(ANY * self.cells).values())

    def unreachable_reason(self, state: str, goal: str) -> Reason | None:
        mix = self.mix_of(state)
        if mix not in self.layouts_by_mix(goal):
            return Reason(
                "no layout of these pieces can reach the goal",
                f"{self.describe_mix(mix)}: none of their layouts matches the goal pattern",
            )
        return self.member(mix).unreachable_reason(state, goal)

    @classmethod
    def from_spec(cls, spec: dict) -> AnyMix:
        family = spec["any_mix"]
        return cls(
            *cls.spec_board(spec),
            fixed=family["fixed"],
            free=tuple(family["free"]),
            blanks=family["blanks"],
            **cls.spec_look(spec),
        )

    def spec(self) -> dict:
        return {
            **super().spec(),
            "any_mix": {"fixed": self.fixed, "free": list(self.free), "blanks": self.blank_cells},
        }


def from_spec(spec: dict) -> SlidingPuzzle:
    """A sliding puzzle again from its spec: a family of every mix, or one board."""
    return (AnyMix if "any_mix" in spec else SlidingPuzzle).from_spec(spec)


def _first_layout(
    rows: int, cols: int, wide: dict[str, tuple[int, int]], counts: dict[str, int]
) -> str | None:
    """The first layout of the pieces `counts` (label -> pieces) found by filling the first
    empty cell with each label in turn, or None when no layout exists."""
    cells: list[str | None] = [None] * (rows * cols)
    left = dict(counts)
    labels = sorted(left)

    def fits(cell: int, label: str) -> list[int] | None:
        h, w = wide.get(label, (1, 1))
        top, col = divmod(cell, cols)
        if top + h > rows or col + w > cols:
            return None
        block = [(top + i) * cols + col + j for i in range(h) for j in range(w)]
        return block if all(cells[c] is None for c in block) else None

    def fill() -> bool:
        try:
            cell = cells.index(None)
        except ValueError:
            return True
        for label in labels:
            block = fits(cell, label) if left[label] else None
            if block:
                left[label] -= 1
                for c in block:
                    cells[c] = label
                if fill():
                    return True
                for c in block:
                    cells[c] = None
                left[label] += 1
        return False

    return "".join(c or "" for c in cells) if fill() else None


def _count_layouts(
    family: AnyMix, shapes: dict[str, tuple[int, int]], pattern: str
) -> dict[Mix, int]:
    """Layouts of every mix matching `pattern`: the cells filled in reading order, each first
    empty cell by a piece's top-left corner, memoised on (cell, the covered cells ahead, the
    fixed pieces and blanks left); what follows is counted by mix."""
    rows, cols = family.rows, family.cols
    fixed = tuple(family.fixed)
    labels = (*fixed, *family.free, family.blank)
    masks = {}  # (label, cell) -> the cells it covers from `cell` on, as bits from `cell`
    for label in labels:
        h, w = shapes.get(label, (1, 1))
        for cell in range(rows * cols):
            top, col = divmod(cell, cols)
            block = [(top + i) * cols + col + j for i in range(h) for j in range(w)]
            if (
                top + h <= rows
                and col + w <= cols
                and all(pattern[c] in (ANY, label) for c in block)
            ):
                masks[label, cell] = sum(1 << (c - cell) for c in block)
    # a mix as one number, each free label's count in bits of its own (room for every cell):
    # a piece adds its label's one
    free, width = family.free, (rows * cols).bit_length()
    one = {label: 1 << (width * (len(free) - 1 - i)) for i, label in enumerate(free)}

    @cache
    def ways(cell: int, covered: int, fixed_left: tuple[int, ...], blanks_left: int) -> dict:
        if cell == rows * cols:
            return {0: 1} if not any(fixed_left) and blanks_left == 0 else {}
        if covered & 1:
            return ways(cell + 1, covered >> 1, fixed_left, blanks_left)
        out: dict[int, int] = {}
        for label in labels:
            mask = masks.get((label, cell))
            if mask is None or covered & mask:
                continue
            left, blanks = fixed_left, blanks_left
            if label in family.fixed:
                at = fixed.index(label)
                if not left[at]:
                    continue
                left = (*left[:at], left[at] - 1, *left[at + 1 :])
            elif label == family.blank:
                if not blanks:
                    continue
                blanks -= 1
            more = one.get(label, 0)
            for mix, n in ways(cell + 1, (covered | mask) >> 1, left, blanks).items():
                out[mix + more] = out.get(mix + more, 0) + n
        return out

    found = ways(0, 0, tuple(family.fixed.values()), family.blank_cells)
    return {
        tuple(
            (mix >> (width * (len(free) - 1 - i))) & ((1 << width) - 1) for i in range(len(free))
        ): n
        for mix, n in found.items()
        if n
    }
