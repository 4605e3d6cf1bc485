"""What a search hands to the store: every state with its depth, move and predecessor.

Both searches return a `SearchResult`, so the store knows nothing of how the states were
found. Rows come out in key order (the state text's binary order) in chunks, so a build of any
size streams into SQLite without holding one Python object per state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..puzzle import Move

#: How many of the states with the most optimal solutions a build keeps by name.
MOST_SOLVED_KEPT = 100
#: The largest count SQLite stores as an INTEGER; larger ones are stored as decimal text.
SQL_INT_MAX = 2**63 - 1


def for_sql(values: list[int]) -> list[int] | list[int | str]:
    """Counts as SQLite can bind them: a count beyond a 64-bit integer as its exact decimal."""
    if values and max(values) > SQL_INT_MAX:
        return [v if v <= SQL_INT_MAX else str(v) for v in values]
    return values


def part_of(items: list, part: tuple[int, int]) -> list:
    """Part k of n of `items`: the k-th of n consecutive runs of nearly equal length."""
    k, n = part
    return items[len(items) * k // n : len(items) * (k + 1) // n]


@dataclass
class SearchResult(ABC):
    goal: str
    #: histogram[d] = number of states d moves from the goal
    histogram: list[int]
    #: moves[code] is the move a stored `move` code stands for
    moves: dict[int, Move]
    #: False when every move is a swap of two cells, so `pred` is derived, not stored
    stores_pred: bool
    #: the search stopped this many moves from the goal (None: it found every state)
    radius: int | None = field(default=None, kw_only=True)
    #: the most optimal solutions any state has, how many states have that many, and the
    #: first MOST_SOLVED_KEPT of them in state order
    most_solutions: int = field(default=1, kw_only=True)
    most_solved_count: int = field(default=1, kw_only=True)
    most_solved: list[str] = field(default_factory=list, kw_only=True)
    #: a build that stores one position per class of symmetric ones (builder.symmetry.images):
    #: the symmetries (identity first), and move_images[k][code], each move's code seen
    #: through symmetry k; empty when every position is stored
    symmetries: list[tuple[int, ...]] = field(default_factory=list, kw_only=True)
    move_images: list[list[int]] = field(default_factory=list, kw_only=True)

    @property
    def states(self) -> int:
        return sum(self.histogram)

    @property
    def rows(self) -> int:
        """How many rows the build stores: a row per state, or per class of symmetric ones."""
        return self.states

    @property
    def max_depth(self) -> int:
        return len(self.histogram) - 1

    def depths_of(self, states: list[str]) -> list[int | None]:
        """Each state's depth, None where the search did not find it (a build's figures
        checked before it is stored: builder.kinds.rush.cards)."""
        raise NotImplementedError(f"{type(self).__name__} does not look states up")

    @abstractmethod
    def chunks(self, size: int, part: tuple[int, int] = (0, 1)) -> Iterator[tuple[list, ...]]:
        """Columns (states, depths, move codes or None, solutions[, preds][, fixed]) in state
        order (`fixed`, in a build of classes: the marks of the symmetries leaving each as it is),
        `size` rows at a time: column lists are cheap to make from arrays and to interleave
        for SQL. A solution count too large for SQLite's integers comes as decimal text.

        `part` = (k, n) gives only the k-th of n consecutive runs of the key order (about a
        n-th of the rows each), so n writers can store one result side by side."""

    def arrays(self, size: int, part: tuple[int, int] = (0, 1)) -> Iterator[tuple]:
        """The same columns, where a result can, as numpy arrays (db.pages takes either):
        states as a matrix of code points, moves as a masked array, preds as a masked matrix
        of code points (a goal's row masked). By default, chunks."""
        return self.chunks(size, part)


@dataclass
class TableResult(SearchResult):
    """A result held as a dict of Python objects: fine for puzzles of up to a few million."""

    table: dict  # state -> (depth, move code, pred)
    solutions: dict  # state -> how many optimal solutions it has

    def depths_of(self, states: list[str]) -> list[int | None]:
        return [self.table[s][0] if s in self.table else None for s in states]

    def chunks(self, size: int, part: tuple[int, int] = (0, 1)) -> Iterator[tuple[list, ...]]:
        keys = part_of(sorted(self.table), part)
        for start in range(0, len(keys), size):
            states = keys[start : start + size]
            depths, moves, preds = zip(*(self.table[s] for s in states))
            counts = for_sql([self.solutions[s] for s in states])
            yield (states, list(depths), list(moves), counts) + (
                (list(preds),) if self.stores_pred else ()
            )
