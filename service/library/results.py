"""The answers of puzzledb's Python façade: each the dict the command line's `--json` prints
(equal to it, key for key, so `json.dumps(answer)` is that JSON) with its keys readable as
typed attributes, and, where it shows a position, a picture of it for Jupyter.

Built on the answer layer's TypedDicts (service.answer_types, which the HTTP schema is made
from): a class here adds names and pictures, never a field of its own.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

if TYPE_CHECKING:
    import pandas

    from ..answer_types import MostSolutions, MoveOption, Piece

T = TypeVar("T")
#: What draws a position (its pieces) as SVG, for the puzzle an answer is about.
Drawer = Callable[[list["Piece"]], str]


class Key(Generic[T]):
    """An answer's key read as an attribute: `answer.depth` is `answer["depth"]`."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, result: None, owner: type) -> Key[T]: ...
    @overload
    def __get__(self, result: Result, owner: type) -> T: ...
    def __get__(self, result: Result | None, owner: type) -> T | Key[T]:
        if result is None:
            return self
        return result.get(self.name)  # type: ignore[return-value]  # a NotRequired key: None


class Result(dict[str, Any]):
    """An answer: the dict `--json` prints, its keys also attributes."""

    _drawer: Drawer | None = None

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        try:
            return self[name]
        except KeyError:
            raise AttributeError(f"{type(self).__name__} has no {name!r}") from None

    def drawn(self, drawer: Drawer | None) -> Result:
        """The same answer, able to draw its positions with `drawer`."""
        self._drawer = drawer
        return self

    def _board(self, pieces: list[Piece]) -> str:
        return self._drawer(pieces) if self._drawer is not None else ""


class Path(Result):
    """An optimal path from `state` to the goal (or to the target `to`): `moves` made in turn
    lead through `states` (the first is `state`, the last `reached`); `solutions` counts the
    optimal paths. `turn_first` (twisty puzzles only): whole-puzzle turns to make first."""

    puzzle: Key[str] = Key()
    goal: Key[str] = Key()
    state: Key[str] = Key()
    depth: Key[int] = Key()
    solutions: Key[int] = Key()
    reached: Key[str] = Key()
    moves: Key[list[str]] = Key()
    pieces: Key[list[list[Piece]]] = Key()
    turn_first: Key[str | None] = Key()

    @property
    def states(self) -> list[str]:
        """Every position of the path, from `state` to `reached` (the JSON's `path`)."""
        return self["path"]  # type: ignore[no-any-return]

    def __repr__(self) -> str:
        return (
            f"<Path {self.puzzle} {self.state} -> {self.reached}: {self.depth} moves, "
            f"{self.solutions:,} optimal>"
        )

    def _repr_svg_(self) -> str:
        return self._board(self.pieces[0])

    def _repr_html_(self) -> str:
        first = f"turn the whole puzzle first: {self.turn_first}; " if self.turn_first else ""
        moves = " ".join(f"{n}.&nbsp;{html.escape(m)}" for n, m in enumerate(self.moves, 1))
        said = f"{self.depth} moves, {self.solutions:,} optimal solutions"
        return (
            f"<figure>{self._board(self.pieces[0])}<figcaption><b>{html.escape(self.puzzle)}"
            f"</b> {html.escape(self.state)}: {said}<br>{html.escape(first)}{moves}"
            f"</figcaption></figure>"
        )


class Moves(Result):
    """Every legal move from `state`, best first, each with the distance (`depth`) and the
    optimal solutions of the position it leads to; `depth` and `solutions` are the state's."""

    puzzle: Key[str] = Key()
    goal: Key[str] = Key()
    state: Key[str] = Key()
    depth: Key[int | None] = Key()
    solutions: Key[int | None] = Key()
    pieces: Key[list[Piece]] = Key()
    moves: Key[list[MoveOption]] = Key()
    why: Key[str | None] = Key()
    turn_first: Key[str | None] = Key()

    def __repr__(self) -> str:
        return f"<Moves {self.puzzle} {self.state}: {len(self.moves)} moves, depth {self.depth}>"

    def _repr_svg_(self) -> str:
        return self._board(self.pieces)

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(m['move'])}</td><td>{_said(m['depth'])}</td>"
            f"<td>{_said(m['solutions'])}</td><td>{'optimal' if m['optimal'] else ''}</td></tr>"
            for m in self.moves
        )
        return (
            f"<figure>{self._board(self.pieces)}<figcaption><b>{html.escape(self.puzzle)}</b> "
            f"{html.escape(self.state)}: {_said(self.depth)} moves from the goal</figcaption>"
            f"</figure><table><thead><tr><th>move</th><th>then</th><th>solutions</th><th></th>"
            f"</tr></thead><tbody>{rows}</tbody></table>"
        )


class Depth(Result):
    """A page of the positions at one distance (`depth`) from the goal, of `count` there."""

    puzzle: Key[str] = Key()
    goal: Key[str] = Key()
    depth: Key[int] = Key()
    count: Key[int] = Key()
    offset: Key[int] = Key()
    after: Key[str | None] = Key()
    states: Key[list[str]] = Key()


class Farthest(Result):
    """The positions farthest from the goal (`depth` moves), `count` in all; in a radius
    build (`radius` not None), those at its edge."""

    puzzle: Key[str] = Key()
    goal: Key[str] = Key()
    depth: Key[int] = Key()
    radius: Key[int | None] = Key()
    count: Key[int] = Key()
    states: Key[list[str]] = Key()

    def __repr__(self) -> str:
        plural = "" if self.count == 1 else "s"
        return f"<Farthest {self.puzzle}: {self.count:,} position{plural} {self.depth} moves out>"


class Stats(Result):
    """A build's figures: its positions (`states`), `histogram[d]` of them d moves from the
    goal, the farthest (`max_depth`), the most optimal solutions, when and how fast it was
    built."""

    puzzle: Key[str] = Key()
    goal: Key[str] = Key()
    title: Key[str] = Key()
    states: Key[int] = Key()
    max_depth: Key[int] = Key()
    radius: Key[int | None] = Key()
    histogram: Key[list[int]] = Key()
    goal_positions: Key[int] = Key()
    most_solutions: Key[MostSolutions] = Key()
    classes: Key[int | None] = Key()
    built_at: Key[str] = Key()
    build_seconds: Key[float] = Key()

    def __repr__(self) -> str:
        return f"<Stats {self.puzzle} toward {self.goal}: {self.states:,} positions>"

    def histogram_frame(self) -> pandas.DataFrame:
        """The histogram as a pandas DataFrame (columns depth, states); pandas is optional,
        imported here only: MissingExtra says how to install it."""
        try:
            import pandas
        except ImportError:
            from ..errors import MissingExtra

            raise MissingExtra(
                "histogram_frame needs pandas: pip install 'puzzledb[pandas]'"
            ) from None
        return pandas.DataFrame({"depth": range(len(self.histogram)), "states": self.histogram})


class PuzzleEntry(Result):
    """A puzzle of the catalogue or of the file, with its builds (`builds`, each a goal) and
    its `definition` (the board's geometry and looks)."""

    name: Key[str] = Key()
    title: Key[str] = Key()
    kind: Key[str] = Key()
    board: Key[str] = Key()
    default_goal: Key[str] = Key()
    builds: Key[list[dict[str, Any]]] = Key()
    definition: Key[dict[str, Any]] = Key()

    def __repr__(self) -> str:
        return f"<PuzzleEntry {self.name}: {len(self.builds)} builds>"


class SqlRows(list[tuple[Any, ...]]):
    """The rows of an analyst's query, each a tuple, and their `columns`; `truncated` when
    the row limit cut it short (as `puzzledb sql --json` says)."""

    def __init__(self, columns: list[str], rows: Iterator[tuple[Any, ...]], truncated: bool):
        super().__init__(rows)
        self.columns = columns
        self.truncated = truncated

    def __repr__(self) -> str:
        more = ", truncated" if self.truncated else ""
        return f"<SqlRows {len(self)} rows of {', '.join(self.columns)}{more}>"


def _said(value: int | None) -> str:
    return "–" if value is None else f"{value:,}"
