"""The interface every puzzle implements, in the spirit of aima-python's `Problem`.

A puzzle is data (board, pieces, goal) plus a move rule. The searches and the query layer know
nothing else about it: states are canonical text, moves are `Move` values.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from .core.errors import MalformedInput

# Characters accepted between cells of a typed state; they never belong to a state.
SEPARATORS = " ,\t"
ROW_SEPARATOR = "/"
#: A cell of a goal that is a pattern: any piece or none (Klotski's exit, a Rush Hour car out).
ANY = "?"

#: Memory a complete search takes per state at its peak, measured: `eleven`'s 239,500,800
#: states peaked at 3.79 GB, ~16 bytes a state (packed arrays, sorting, rows leaving).
BYTES_PER_STATE = 16
#: Memory a complete search may take: the peak big-board builds are held to (performance page).
SEARCH_MEMORY = 8 * 10**9
#: More arrangements than this are refused a complete search (500,000,000); use --radius.
MAX_COMPLETE_STATES = SEARCH_MEMORY // BYTES_PER_STATE


class Reason(NamedTuple):
    """Why a position can never reach a goal: `words` as a player reads them ("too few pegs"),
    and `proof`, the rule's own argument, for whoever wants it ("" when the words say it all).
    Said whole (str) it is the words, then the proof in brackets, as an error message reads."""

    words: str
    proof: str = ""

    def __str__(self) -> str:
        return f"{self.words} ({self.proof})" if self.proof else self.words

    def __contains__(self, text: object) -> bool:
        return isinstance(text, str) and text in str(self)


#: Move.rewrite: for each character of the result, (source index, letters before, after).
Rewrite = tuple[tuple[int, str, str], ...]


#: Never made itself (each kind's moves are its subclass, a frozen kw_only dataclass too), so
#: only they are given __init__, __repr__ and __eq__, compiled as each class is made.
@dataclass(frozen=True, kw_only=True, init=False, repr=False, eq=False)
class Move:
    """One move, as data, described from the state it is made in. Each kind of puzzle says
    what its moves hold (builder.kinds.sliding.Slide, builder.kinds.peg.puzzle.Jumps); its
    words are made from that data when the move is made, never the data from the words, so
    rewording a move changes neither the rules nor the stored codes.

    `swap` is the pair of cells (low, high) the move exchanges when it is nothing more than
    that; the database then derives `pred` from the state instead of storing it.
    """

    swap: tuple[int, int] | None = None
    #: The cells the move turns over when it is nothing more than that (a peg's single jump:
    #: the holes it leaves, jumps and lands in); the database then derives `pred` too.
    flips: tuple[int, ...] | None = None
    #: How the move is said ("tile 5 down"): made from the data, so never compared.
    label: str = field(default="", compare=False)
    #: How the move rewrites a state's text when each character of the result is one character
    #: of the state, perhaps relabelled (a twisty puzzle's turn moves pieces and turns them):
    #: for each character of the result, (where in the state it comes from, and the letters
    #: `before` that it writes as the letters `after` at the same places; "" "" copies it).
    #: The database then derives `pred` too (db.schema.rewritten_sql). Said by a codec, which
    #: knows the text, so never compared.
    rewrite: Rewrite | None = field(default=None, compare=False)

    @property
    def family(self) -> Hashable:
        """The move apart from the cells it is made on: a swap's code numbers the family,
        then the two cells (builder.move_codes)."""
        return self


class Puzzle(ABC):
    """A puzzle: text form of states, legal moves, goals, and why a state may be hopeless."""

    kind: str  # "sliding", "peg" or "rush": stored with each build
    name: str
    title: str
    rows: int
    cols: int
    default_goal: str
    #: True when every move can be undone by another move (the state graph is undirected);
    #: the layered numpy search relies on it.
    reversible: bool = True

    @property
    def cells(self) -> int:
        return self.rows * self.cols

    # -- text form -------------------------------------------------------------------------
    @abstractmethod
    def parse(self, text: str, what: str = "state") -> str:
        """Return the canonical text of `text` or raise MalformedInput naming what is wrong."""

    def parse_goal(self, text: str | None) -> str:
        return self.default_goal if text is None else self.parse(text, "goal")

    #: positions a definition names (`english start`): a name stands for its position; none
    #: unless a kind's definition gives some
    starts: Mapping[str, str] = MappingProxyType({})

    def named_start(self, text: object, what: str) -> str | None:
        """The position a start's name stands for (never as a goal), else None."""
        if what != "goal" and self.starts and type(text) is str:
            return self.starts.get(text)
        return None

    def naming_starts(self, error: MalformedInput, what: str) -> MalformedInput:
        """`error` about text that is no position, adding the starts' names it may have
        meant (nothing for a goal, which a start's name never stands for)."""
        if not self.starts or what == "goal":
            return error
        return MalformedInput(f"{error}; or a start by name: {', '.join(self.starts)}")

    def read_position(self, text: str, what: str = "state") -> tuple[str, str]:
        """(parse(text), the turns of the whole puzzle to make before its answer's moves):
        a twisty puzzle's stickers may show it held another way than its build holds it."""
        return self.parse(text, what), ""

    def scrambled(self, text: str) -> tuple[str, str]:
        """(the canonical text of the position a scramble, turns as cubers write them, makes
        from the solved one; the whole-puzzle turns to make before its answer's moves, as in
        read_position), or MalformedInput; a puzzle that is no twisty one takes none."""
        raise MalformedInput(
            f"{self.name} takes no scramble: scrambles are for twisty puzzles; give a state"
        )

    def goal_positions(self, goal: str) -> list[str]:
        """The positions a goal stands for, all at depth 0 of its build: the goal itself, or
        (a sliding goal that is a pattern) every position it matches."""
        return [goal]

    # -- move rule ---------------------------------------------------------------------------
    @abstractmethod
    def moves(self, state: str) -> Sequence[tuple[Move, str]]:
        """Every legal move from `state` and the state it leads to."""

    @abstractmethod
    def reverse_moves(self, state: str) -> Iterable[tuple[Move, str]]:
        """Every (move, earlier) such that making `move` in `earlier` gives `state`."""

    @abstractmethod
    def move_cells(self, state: str, move: Move, after: str) -> tuple[list[int], list[int]]:
        """(the cells of the piece that `move` moves, the cells it comes to rest on), for a
        front end that lets people move a piece by pointing at it."""

    def unreachable_reason(self, state: str, goal: str) -> Reason | None:
        """Why `state` can never reach `goal`, when a rule says so; None when unknown."""
        return None

    #: explicit words for goals a general rule says badly (goal -> words), from a definition
    goal_words_given: dict[str, str]

    def goal_words(self, goal: str) -> str:
        """The goal as a player says it ("one peg left in the centre"): the definition's own
        words for it when it gives some, else the rule of the puzzle's kind."""
        given = getattr(self, "goal_words_given", None) or {}
        return given.get(goal) or self.described_goal(goal)

    def described_goal(self, goal: str) -> str:
        """The general rule of a kind for `goal` in words; the base says the position."""
        return f"the position {goal}"

    def depth_note(self, depth: int, goal: str) -> str:
        """What every position `depth` moves from `goal` has in common, said to a person
        ("4 pegs" on a peg board counted in jumps); "" when nothing."""
        return ""

    def most_moves(self, state: str, goal: str) -> int | None:
        """The most moves any way from `state` to `goal` can take, when the rules bound it
        (None: no bound known): a radius build at least that wide that lacks `state` shows
        that it cannot reach the goal."""
        return None

    def arrangements(self) -> int | None:
        """An upper bound on the states a complete search can find (None: unknown), so a
        search too large for memory is refused before it starts rather than killed later."""
        return None

    def suggested_radius(self) -> int | None:
        """The radius a suggested build of a board too large to search completely gives it,
        where its kind knows better than the catalogue's default (builder.catalogue)."""
        return None

    def why_not_packed(self) -> str:
        """What a refusal to pack this board adds after "NAME is not one" (": it has 50
        holes"); "" when nothing more is worth saying."""
        return ""

    # -- geometry ----------------------------------------------------------------------------
    #: The one symbol of an empty cell where the kind has one that a renaming keeps in place
    #: (a sliding board's blank), else None: builder.targets places it.
    blank: str | None = None

    @property
    def relabelable(self) -> bool:
        """True when every piece is distinct and one cell (one blank): a path to any target
        is then a path to a stored goal with the pieces renamed (builder.targets)."""
        return False

    def symmetries(self) -> list[tuple[int, ...]]:
        """The symmetries of the board that keep the move rule, the identity first, each as a
        list of cells: cell i of the image is cell `cells[i]` of the board."""
        return [tuple(range(self.cells))]

    def alike_pieces(self) -> str:
        """What keeps this board from being `relabelable`, in a refusal's words."""
        return "repeated or wide pieces"

    def why_no_targets(self) -> str:
        """Why no build of this puzzle answers toward anything but its own goal."""
        return (
            "its pieces are not all distinct, so a build toward one goal cannot be "
            "renamed into a build toward another"
        )

    # -- what front ends show ----------------------------------------------------------------
    def board_words(self) -> str:
        """The board's size as the catalogue says it: "3x3"."""
        return f"{self.rows}x{self.cols}"

    def exits(self, goal: str) -> list[dict]:
        """Where the pieces a goal pattern pins meet the board's edge: the exit a player
        looks for, e.g. Klotski's bottom middle. [] when the goal has none (a whole position,
        a peg board)."""
        return []

    def coordinates(self) -> dict | None:
        """The names of the board's columns and rows, as move words name cells, for a front
        end to write on the board's frame; None when no move names a cell."""
        return None

    def vehicles(self) -> dict | None:
        """A board of vehicles (Rush Hour): each vehicle's name, axis and role, and how the
        text writes an empty cell and a wall, for a front end to draw and drag them; None for
        other kinds."""
        return None

    @abstractmethod
    def placed(self, state: str) -> list[tuple[str, list[int]]]:
        """Every piece on the board with the cells it covers, so a front end draws pieces
        without knowing how a state writes them."""

    @abstractmethod
    def draw(self, state: str) -> list[str]:
        """The board as lines of text for a terminal, in the puzzle's own look."""

    # -- storage -----------------------------------------------------------------------------
    @abstractmethod
    def spec(self) -> dict:
        """A JSON-able definition, stored with every build so the database stands alone: with
        `kind`, `name`, `title` and `goal` (the default goal, which SQL reads: db.state_key)
        at least, as every kind's is (tests/architecture/test_kinds.py)."""

    @classmethod
    @abstractmethod
    def from_spec(cls, spec: dict) -> Puzzle:
        """The puzzle again from its `spec()`."""

    def single_swap_moves(self) -> bool:
        """Whether every move only exchanges two cells (then `pred` needs no storage)."""
        return True


def split_cells(
    text: object, what: str, cells: int, cols: int | Sequence[int], unit: str = "cells"
) -> list[str]:
    """Split typed text into one symbol per cell, accepting '/', spaces and commas between cells.

    Row separators, when given, must cut the text into rows of `cols` cells, or, for a board
    whose rows differ (a triangle), into exactly the rows whose lengths `cols` lists.
    """
    if not isinstance(text, str):
        raise MalformedInput(f"{what} must be text")
    text = text.strip()
    if not text:
        raise MalformedInput(f"{what} is empty: expected {cells} cells")
    rows = text.split(ROW_SEPARATOR)
    lengths = None if isinstance(cols, int) else list(cols)
    shape = "" if lengths is None else f" (its rows have {', '.join(map(str, lengths))} {unit})"
    if len(rows) > 1 and lengths is not None and len(rows) != len(lengths):
        raise MalformedInput(f"{what} has {len(rows)} rows, expected {len(lengths)}{shape}")
    out: list[str] = []
    for number, row in enumerate(rows, start=1):
        symbols = [ch for ch in row if ch not in SEPARATORS]
        expected = cols if lengths is None else lengths[number - 1]
        if len(rows) > 1 and len(symbols) != expected:
            raise MalformedInput(
                f"{what} row {number} has {len(symbols)} {unit}, expected {expected}{shape}"
            )
        out.extend(symbols)
    return out


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
