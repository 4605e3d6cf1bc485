"""Peg solitaire on a board of holes: a move is one jump, or a chain of jumps by one peg.

Jumps remove pegs, so moves cannot be undone; distances to the goal come from searching
backwards over `reverse_moves`, which un-jump a peg (putting the jumped pegs back).

Two metrics count moves: "chain" (one peg's chain of jumps is one move, peg15's rule and the
default) and "jump" (every jump a move, so a position with p pegs is p - g moves from a goal
of g pegs). A board is drawn as rows of '.' (no hole) and 'o' (a hole) with the lines jumps
follow (builder.kinds.peg.board); peg15 keeps its listed jumps.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from ...core.errors import BadDefinition, MalformedInput
from ...core.message_text import shown
from ...puzzle import SEPARATORS, Move, Puzzle, Reason, split_cells
from ...symmetry.images import Symmetry, keeping
from .board import HOLE_MARK, NO_HOLE_MARK, board_jumps, check_board
from .rules import FEW_PEGS, Golden, Layout, class_reason, pagoda_reason, pagodas, said_holes
from .rules import Jumps as JumpTable
from .symmetry import board_symmetries

PEG, HOLE = "1", "0"
#: How moves are counted: one peg's chain of jumps (the default, peg15's) or one jump.
METRICS = ("chain", "jump")
#: The radius a suggested build of a board too large to search completely gives it, by metric:
#: positions grow about fourfold a jump (fifteenfold a chain) near the goal, so these build in
#: seconds on the plain search (english: 106,760 positions of up to 9 pegs).
SUGGESTED_RADIUS = {"jump": 8, "chain": 4}
PEG_GLYPH, HOLE_GLYPH = "●", "○"  # how a terminal shows them


@dataclass(frozen=True, kw_only=True)
class Jumps(Move):
    """A chain of jumps by one peg: the holes it passes through, where it starts first and
    where it ends last (the canonical chain of its result, so forward and reverse moves
    name a move alike)."""

    path: tuple[int, ...]


def jumps(path: list[int]) -> Jumps:
    """The move along `path`, with its words made from it."""
    return Jumps(path=tuple(path), label=_label(path))


class PegSolitaire(Puzzle):
    """Holes numbered 0..n-1; `jumps[h]` lists (jumped-over hole, landing hole) from hole h.

    `layout` gives each hole's (row, column) on a drawing grid, so boards of any shape draw.
    `metric` says what one move is ("chain" or "jump"); `starts` names positions (`english
    start`); `board`, when the board was drawn (`from_rows`), is its rows, so a state may also
    be typed as those rows with '.' off the board.
    """

    kind = "peg"
    reversible = False

    def __init__(
        self,
        name: str,
        jumps: JumpTable,
        goal: str,
        layout: Layout,
        *,
        title: str = "",
        metric: str = "chain",
        starts: Mapping[str, str] | None = None,
        board: Sequence[str] | None = None,
        lines: str | None = None,
        goal_words: Mapping[str, str] | None = None,
    ) -> None:
        self.name, self.title = name, title or name
        if metric not in METRICS:
            known = ", ".join(f'"{m}"' for m in METRICS)
            raise BadDefinition(f"{name}: metric must be one of {known}, not {shown(metric)}")
        self.metric = metric
        self.jumps = [tuple((over, land) for over, land in row) for row in jumps]
        self.layout = [(r, c) for r, c in layout]
        self.holes = len(self.jumps)
        self.board = None if board is None else tuple(board)
        self.lines = lines
        # Holes per row, in hole order (1, 2, 3, 4, 5 for the triangle): what '/' separates.
        self.row_lengths = [len(list(run)) for _, run in groupby(r for r, _ in self.layout)]
        self.rows = 1 + max(r for r, _ in self.layout)
        self.cols = 1 + max(c for _, c in self.layout)
        if len(self.layout) != self.holes:
            raise BadDefinition(f"{name}: layout and jumps name different numbers of holes")
        for hole, row in enumerate(self.jumps):
            for over, land in row:
                if (over, hole) not in self.jumps[land]:
                    raise BadDefinition(f"{name}: jump {hole}-{over}-{land} has no mirror")
        self.starts: dict[str, str] = {}
        self._pagodas: list[tuple[int, list[Golden]]] | None = None  # made when first asked
        self.default_goal = goal
        for start_name, text in (starts or {}).items():
            if not set(start_name) - set(PEG + HOLE):
                raise BadDefinition(
                    f"{name}: start {shown(start_name)} reads as a position; name it with letters"
                )
            self.starts[start_name] = self.parse(text, f"start {shown(start_name)}")
        self.default_goal = self.parse_goal(goal)
        self.goal_words_given = {self.parse_goal(g): w for g, w in (goal_words or {}).items()}

    @classmethod
    def from_rows(
        cls,
        name: str,
        board: object,
        lines: str,
        goal: str,
        *,
        title: str = "",
        metric: str = "chain",
        starts: Mapping[str, str] | None = None,
        goal_words: Mapping[str, str] | None = None,
    ) -> PegSolitaire:
        """A board drawn as rows of '.' (no hole) and 'o' (a hole); `lines` is "grid" or
        "triangle" (builder.kinds.peg.board)."""
        rows = check_board(board, name)
        jumps, layout = board_jumps(rows, lines, name)
        return cls(
            name,
            jumps,
            goal,
            layout,
            title=title,
            metric=metric,
            starts=starts,
            board=rows,
            lines=lines,
            goal_words=goal_words,
        )

    @property
    def cells(self) -> int:
        return self.holes

    def spec(self) -> dict:
        return {
            "kind": self.kind,
            "name": self.name,
            "title": self.title,
            "goal": self.default_goal,
            "jumps": [[list(j) for j in row] for row in self.jumps],
            "layout": [list(p) for p in self.layout],
            "metric": self.metric,
            **({"starts": self.starts} if self.starts else {}),
            **({"board": list(self.board), "lines": self.lines} if self.board else {}),
            **({"goal_words": self.goal_words_given} if self.goal_words_given else {}),
        }

    @classmethod
    def from_spec(cls, spec: dict) -> PegSolitaire:
        return cls(
            spec["name"],
            spec["jumps"],
            spec["goal"],
            spec["layout"],
            title=spec["title"],
            metric=spec.get("metric", "chain"),  # builds stored before metrics were chains
            starts=spec.get("starts"),
            board=spec.get("board"),
            lines=spec.get("lines"),
            goal_words=spec.get("goal_words"),
        )

    def single_swap_moves(self) -> bool:
        return False

    # -- text form -----------------------------------------------------------------------------
    def parse(self, text: str, what: str = "state") -> str:
        """One '1' (peg) or '0' (empty) per hole in reading order, '/' between rows allowed;
        a named start (`english start`); or, on a drawn board, its rows in full with '.' (or
        '0') where there is no hole, as a player copies the board."""
        named = self.named_start(text, what)
        if named is not None:
            return named
        if type(text) is str and len(text) == self.holes and not text.strip("01"):
            return text  # already canonical: the common case of every lookup
        try:
            return self._parsed(text, what)
        except MalformedInput as error:
            raise self.naming_starts(error, what) from None

    def _parsed(self, text: object, what: str) -> str:
        drawn = self._drawn(text, what)
        if drawn is not None:
            return drawn
        symbols = split_cells(text, what, self.holes, self.row_lengths, "holes")
        for hole, symbol in enumerate(symbols):
            if symbol not in (PEG, HOLE):
                raise MalformedInput(
                    f"{what} has {shown(symbol)} at hole {hole}; write 1 for a peg and 0 for an "
                    f"empty hole"
                )
        if len(symbols) != self.holes:
            raise MalformedInput(
                f"{what} has {len(symbols)} hole{'' if len(symbols) == 1 else 's'}, expected "
                f"{self.holes} (1 = peg, 0 = empty)" + self._drawn_hint()
            )
        return "".join(symbols)

    def _drawn(self, text: object, what: str) -> str | None:
        """The state of text written as the board's whole grid (every row as wide as the
        drawing, '.' or '0' off the board), or None when the text is not that shape."""
        if self.board is None or not isinstance(text, str):
            return None
        width = len(self.board[0])
        rows = [[ch for ch in row if ch not in SEPARATORS] for row in text.strip().split("/")]
        flat = [ch for row in rows for ch in row]
        if not (
            len(flat) == width * len(self.board)
            and (len(rows) == 1 or all(len(row) == width for row in rows))
        ):
            return None
        out = []
        for cell, symbol in enumerate(flat):
            r, c = divmod(cell, width)
            on_board = self.board[r][c] == HOLE_MARK
            if on_board and symbol in (PEG, HOLE):
                out.append(symbol)
            elif on_board:
                raise MalformedInput(
                    f"{what} has {shown(symbol)} at row {r + 1}, column {c + 1}, a hole; write 1 "
                    f"for a peg and 0 for an empty hole"
                )
            elif symbol == PEG:
                raise MalformedInput(
                    f"{what} has a peg off the board at row {r + 1}, column {c + 1}; the board "
                    f"has no hole there ('.')"
                )
            elif symbol not in (NO_HOLE_MARK, HOLE):
                raise MalformedInput(
                    f"{what} has {shown(symbol)} at row {r + 1}, column {c + 1}, off the board; "
                    f"write '.' there"
                )
        return "".join(out)

    def _drawn_hint(self) -> str:
        if self.board is None:
            return ""
        return (
            f", or the board's {len(self.board)} rows of {len(self.board[0])} with '.' off the "
            f"board"
        )

    def parse_goal(self, text: str | None) -> str:
        goal = super().parse_goal(text)
        if PEG not in goal:
            raise MalformedInput("goal has no pegs; a goal needs at least one peg")
        return goal

    # -- move rule -----------------------------------------------------------------------------
    def moves(self, state: str) -> list[tuple[Jumps, str]]:
        """Every chain of one or more jumps by one peg (one jump under the jump metric).

        Chains that end in the same position are one move, named by the canonical chain
        (fewest jumps, then lowest holes), so forward and reverse moves name it alike.
        """
        best: dict[str, list[int]] = {}
        for start in range(self.holes):
            if state[start] == PEG:
                for path, result in self._chains(state, [start]):
                    _keep_canonical(best, result, path)
        return [(jumps(path), result) for result, path in best.items()]

    def move_cells(self, state: str, move: Move, after: str) -> tuple[list[int], list[int]]:
        """The hole the peg starts in, and the hole its chain ends in."""
        if not isinstance(move, Jumps):
            raise TypeError(f"{self.name} moves are jumps, not {move!r}")
        return [move.path[0]], [move.path[-1]]

    def _chains(self, state: str, path: list[int]) -> Iterator[tuple[list[int], str]]:
        here = path[-1]
        for over, land in self.jumps[here]:
            if state[over] == PEG and state[land] == HOLE:
                after = _put(state, {here: HOLE, over: HOLE, land: PEG})
                yield path + [land], after
                if self.metric == "chain":
                    yield from self._chains(after, path + [land])

    def reverse_moves(self, state: str) -> Iterator[tuple[Jumps, str]]:
        """Un-jump chains: a peg steps back over an empty hole, refilling it, again and again."""
        best: dict[str, list[int]] = {}
        for end in range(self.holes):
            if state[end] == PEG:
                for back_path, earlier in self._unchains(state, [end]):
                    _keep_canonical(best, earlier, back_path[::-1])
        for earlier, path in best.items():
            yield jumps(path), earlier

    def _unchains(self, state: str, path: list[int]) -> Iterator[tuple[list[int], str]]:
        here = path[-1]
        for over, origin in self.jumps[here]:
            if state[over] == HOLE and state[origin] == HOLE:
                before = _put(state, {here: HOLE, over: PEG, origin: PEG})
                yield path + [origin], before
                if self.metric == "chain":
                    yield from self._unchains(before, path + [origin])

    # -- hopeless states -------------------------------------------------------------------------
    def placed(self, state: str) -> list[tuple[str, list[int]]]:
        """Every peg and its hole."""
        return [(PEG, [hole]) for hole, mark in enumerate(state) if mark == PEG]

    def draw(self, state: str) -> list[str]:
        """The board as lines of text: pegs and empty holes where the layout puts them."""
        grid = [[" "] * self.cols for _ in range(self.rows)]
        for hole, (r, c) in enumerate(self.layout):
            grid[r][c] = PEG_GLYPH if state[hole] == PEG else HOLE_GLYPH
        return ["".join(row).rstrip() for row in grid]

    def arrangements(self) -> int:
        """Each hole holds a peg or not."""
        return 2**self.holes

    def unreachable_reason(self, state: str, goal: str) -> Reason | None:
        """Why `state` can never finish as `goal`, in a player's words (pegs named by their
        holes), with the rule's proof when one is needed."""
        pegs, wanted = state.count(PEG), goal.count(PEG)
        if pegs < wanted:
            return Reason(
                f"too few pegs: {_pegs(pegs)} left{_in_holes(state)} and the goal needs "
                f"{wanted}, and every jump removes one"
            )
        if pegs == wanted and state != goal:
            return Reason(
                f"it has as many pegs as the goal ({wanted}) but in other holes "
                f"({said_holes(state)}, not {said_holes(goal)}), and every move removes a peg"
            )
        if self._pagodas is None:
            self._pagodas = pagodas(self.jumps)
        where = "of the board" if self.board else "of its drawing"
        return class_reason(state, goal, self.places, self.jumps, where) or pagoda_reason(
            state, goal, self._pagodas
        )

    def described_goal(self, goal: str) -> str:
        """Pegs counted and their holes named: "one peg left in the centre (hole 16)"."""
        holes = [h for h, mark in enumerate(goal) if mark == PEG]
        if len(holes) == 1:
            hole = holes[0]
            where = f"the centre (hole {hole})" if hole == self.centre() else f"hole {hole}"
            return f"one peg left in {where}"
        empty = [h for h, mark in enumerate(goal) if mark == HOLE]
        if len(empty) < len(holes):
            return f"{len(holes)} pegs: every hole full but {_listed(empty)}"
        return f"{len(holes)} pegs left, in holes {_listed(holes)}"

    def centre(self) -> int | None:
        """The hole in the middle of the board as drawn, if one is there."""
        places = self.places
        rows = 1 + max(r for r, _ in places)
        cols = 1 + max(c for _, c in places)
        middle = ((rows - 1) / 2, (cols - 1) / 2)
        return next((h for h, place in enumerate(places) if place == middle), None)

    def depth_note(self, depth: int, goal: str) -> str:
        if self.metric != "jump":
            return ""
        pegs = goal.count(PEG) + depth
        return f"{pegs} peg{'' if pegs == 1 else 's'}"

    def most_moves(self, state: str, goal: str) -> int | None:
        """Every move (a jump, or a chain of them) removes at least one peg."""
        return state.count(PEG) - goal.count(PEG)

    def suggested_radius(self) -> int:
        return SUGGESTED_RADIUS[self.metric]

    def why_not_packed(self) -> str:
        return f": it has {self.holes} holes"

    def alike_pieces(self) -> str:
        return "pegs that are all alike"

    def why_no_targets(self) -> str:
        return (
            "pegs are all alike, so a build toward one goal cannot be renamed into a "
            "build toward another"
        )

    def board_words(self) -> str:
        return f"{self.holes} holes"

    def symmetries(self) -> list[Symmetry]:
        """The mirrors and rotations of the board that keep its jumps (symmetry.py),
        the identity first: 8 on the English cross."""
        return board_symmetries(self.places, self.jumps)

    def class_symmetries(self, goal: str) -> list[Symmetry]:
        """The symmetries that also leave `goal` as it is: those a build toward it may store
        one position of each class of (db.build)."""
        return keeping(self.symmetries(), goal)

    @property
    def places(self) -> list[tuple[int, int]]:
        """Each hole's (row, column) on the board as drawn in rows, else on its layout: the
        grid whose diagonals colour position classes."""
        if self.board is None:
            return self.layout
        return [
            (r, c)
            for r, row in enumerate(self.board)
            for c, ch in enumerate(row)
            if ch == HOLE_MARK
        ]


def _keep_canonical(best: dict, key: str, path: list[int]) -> None:
    if key not in best or (len(path), path) < (len(best[key]), best[key]):
        best[key] = path


def _put(state: str, changes: dict[int, str]) -> str:
    cells = list(state)
    for hole, value in changes.items():
        cells[hole] = value
    return "".join(cells)


def _pegs(n: int) -> str:
    return f"{n} peg{'' if n == 1 else 's'}"


def _listed(holes: list[int]) -> str:
    """Holes said as a list: "3", "3 and 5", "3, 5 and 9"."""
    said = [str(h) for h in holes]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} and {said[-1]}"


def _in_holes(state: str) -> str:
    """ " (in holes 3 and 5)" after a count of a few pegs; nothing for none or many."""
    return f" (in {said_holes(state)})" if 0 < state.count(PEG) <= FEW_PEGS else ""


def _label(path: list[int]) -> str:
    """'peg 3 jumps to 12' or, for a chain, 'peg 3 jumps to 12, 5'."""
    return f"peg {path[0]} jumps to {', '.join(str(h) for h in path[1:])}"
