"""Many Rush Hour cards in one build: each card's cluster stored once, every card asked by its
board (`puzzledb build NAME --rush-cards FILE`, the list in card_list.py's format).

A build of a list is one puzzle toward one goal (the primary car at the exit) whose rows hold
every position of every cluster: the search starts from the goal positions of all clusters at
once, and as clusters never meet, each position's depth is its own cluster's. So `path`,
`moves` and the rest answer a position of any card as a build of that card alone would.

Clusters are told apart by their key, their least position: the vehicles lettered by track
(lettering.py), each standing as far back (left, up) as its cluster allows, taken in letter
order. Two cards of one cluster, however lettered, have one key and share its rows. Positions
are stored lettered by track, and a board is asked in any lettering (it is relettered first);
answers write it lettered by track.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzledb.builder.core.errors import BadDefinition
from puzzledb.builder.puzzle import Reason

from .card_list import CardLine
from .cluster import cluster
from .geometry import placements
from .lettering import layout, relettered
from .puzzle import RushHour, matches
from .text_form import canonical

if TYPE_CHECKING:
    from puzzledb.builder.search.result import SearchResult

    from .packed import PackedRush
    from .walk import Walked

#: How many disagreeing cards a refusal lists before it counts the rest.
LISTED = 3


class RushCards(RushHour):
    """The clusters of a list of cards, by their keys (`keys`, each a position lettered by
    track); `positions`: how many all clusters hold together."""

    def __init__(
        self,
        name: str,
        keys: list[str],
        *,
        title: str = "",
        metric: str = "moves",
        rows: int,
        cols: int,
        positions: int | None = None,
    ):
        super().__init__(name, keys[0], title=title, metric=metric, rows=rows, cols=cols)
        self.keys = keys
        self.starts = {}  # a card is asked by its board
        self.positions = positions
        self._layouts: set[tuple] | None = None
        self._goals: list[str] | None = None
        #: the list's cards (lettered by track) and each one's cluster, while building
        self.listed: list[CardLine] = []
        self.card_cluster: list[int] = []
        self.sizes: list[int] = []  # each cluster's positions, while building

    # -- made from a list ----------------------------------------------------------------------
    @classmethod
    def from_lines(
        cls, name: str, lines: list[CardLine], rows: int, cols: int, metric: str, source: str
    ) -> RushCards:
        """The clusters of the listed cards, each once; BadDefinition naming the lines whose
        cluster_size is not what their cluster holds, or whose primary car leaves by
        another exit than the first card's."""
        listed = [
            CardLine(c.line, relettered(c.board, cols), c.moves, c.cluster_size) for c in lines
        ]
        first = RushHour(name, listed[0].board, metric=metric, rows=rows, cols=cols)
        for card in listed[1:]:
            other = RushHour(name, card.board, metric=metric, rows=rows, cols=cols)
            if other.default_goal != first.default_goal:
                raise BadDefinition(
                    f"{source} line {card.line}: its primary car leaves by another exit than "
                    f"the first card's ({other.described_goal(other.default_goal)}, not "
                    f"{first.described_goal(first.default_goal)}): a list is built toward "
                    f"one goal"
                )
        from .packed import walked  # numpy: only a build pays for it

        boards = [c.board for c in listed]
        found = walked(boards, rows, cols, metric)
        if found is not None:
            keys, sizes, card_cluster, goals = _on_packed(*found)
        else:
            keys, sizes, card_cluster, goals = _walked_plainly(first, boards, cols)
        _check_sizes(listed, sizes, card_cluster, source)
        made = cls(name, keys, metric=metric, rows=rows, cols=cols, positions=sum(sizes))
        made.listed, made.card_cluster, made._goals = listed, card_cluster, goals
        made.sizes = sizes
        return made

    # -- definition ----------------------------------------------------------------------------
    def spec(self) -> dict:
        return {**super().spec(), "starts": {}, "clusters": self.keys, "positions": self.positions}

    @classmethod
    def from_spec(cls, spec: dict) -> RushCards:
        return cls(
            spec["name"],
            spec["clusters"],
            title=spec.get("title", ""),
            metric=spec.get("metric", "moves"),
            rows=spec["rows"],
            cols=spec["cols"],
            positions=spec.get("positions"),
        )

    # -- text form -----------------------------------------------------------------------------
    def parse(self, text: str, what: str = "state") -> str:
        """A board of this size in any lettering, lettered by track."""
        return relettered(canonical(text, what, self.rows, self.cols), self.cols)

    # -- the build -----------------------------------------------------------------------------
    def packed_boards(self) -> list[str]:
        return self.keys

    def goal_positions(self, goal: str) -> list[str]:
        """The goal positions of every cluster, in text order (a whole position: itself)."""
        if goal != self.default_goal:
            return super().goal_positions(goal)
        if self._goals is None:
            keys = [CardLine(0, key) for key in self.keys]
            self._goals = RushCards.from_lines(
                self.name, keys, self.rows, self.cols, self.metric, self.name
            )._goals
        assert self._goals is not None
        return self._goals

    def reached(self) -> list[str]:
        return self.goal_positions(self.default_goal)

    def arrangements(self) -> int:
        return self.positions or len(self.keys)

    def check_search(self, result: SearchResult) -> None:
        """BadDefinition naming the lines whose `moves` is not the depth the search found
        (moves metric only: the list counts moves)."""
        if self.metric != "moves" or not self.listed:
            return
        depths = result.depths_of([c.board for c in self.listed])
        wrong = [
            f"line {card.line}: the list says {card.moves} moves, the build finds {depth}"
            for card, depth in zip(self.listed, depths)
            if depth is not None and card.moves is not None and depth != card.moves
        ]
        if wrong:
            raise BadDefinition(_listed(self.name, wrong, "moves"))

    # -- positions of no card ------------------------------------------------------------------
    def unreachable_reason(self, state: str, goal: str) -> Reason | None:
        if self._layouts is None:
            self._layouts = {layout(key, self.cols) for key in self.keys}
        if layout(state, self.cols) not in self._layouts:
            return Reason(
                "its vehicles and walls are those of no card of the list",
                f"{self.name} holds {len(self.keys):,} clusters; a vehicle never leaves its "
                f"row or column nor passes another, and walls never move",
            )
        return Reason(
            "no card of the list reaches it",
            "its vehicles and walls are a listed card's, but it lies in another cluster of "
            "them, which the list does not hold",
        )


def from_spec(spec: dict) -> RushHour:
    """A card, or a list of cards (RushCards: its spec has `clusters`), from the definition
    stored with its build."""
    return (RushCards if "clusters" in spec else RushHour).from_spec(spec)


def _on_packed(codec: PackedRush, found: Walked) -> tuple[list[str], list, list, list]:
    """(keys, sizes, each card's cluster, goal positions in text order) of a packed walk."""
    import numpy as np

    goals = np.sort(codec.texts(found.codes[codec.at_exit(found.codes)])).tolist()
    keys = codec.decode(found.keys)
    return keys, found.sizes.tolist(), found.card_cluster.tolist(), goals


def _walked_plainly(card: RushHour, boards: list[str], cols: int) -> tuple[list, list, list, list]:
    """As _walked, a cluster at a time, by the move rule (the steps metric, larger boards)."""
    found: dict[str, int] = {}
    keys: list[str] = []
    sizes: list[int] = []
    card_cluster: list[int] = []
    goals: list[str] = []
    for board in boards:
        if board not in found:
            number = len(keys)
            positions = cluster(board, card.moves) or []
            found.update(dict.fromkeys(positions, number))
            keys.append(min(positions, key=lambda s: _places(s, cols)))
            sizes.append(len(positions))
            goals += [s for s in positions if matches(s, card.default_goal)]
        card_cluster.append(found[board])
    return keys, sizes, card_cluster, sorted(goals)


def _places(state: str, cols: int) -> list[int]:
    """Each vehicle's place along its track, in letter order: what a key is least by."""
    out = []
    for v in sorted(placements(state, cols), key=lambda v: v.letter):
        out.append(v.first % cols if v.horizontal else v.first // cols)
    return out


def _check_sizes(listed: list[CardLine], sizes: list, card_cluster: list, source: str) -> None:
    wrong = [
        f"line {card.line}: the list says a cluster of {card.cluster_size:,}, its cluster "
        f"holds {sizes[n]:,}"
        for card, n in zip(listed, card_cluster)
        if card.cluster_size is not None and card.cluster_size != sizes[n]
    ]
    if wrong:
        raise BadDefinition(_listed(source, wrong, "cluster_size"))


def _listed(source: str, wrong: list[str], column: str) -> str:
    more = f" (and {len(wrong) - LISTED:,} more)" if len(wrong) > LISTED else ""
    return (
        f"{source}: the {column} of {len(wrong):,} card{'s' if len(wrong) > 1 else ''} is not "
        f"what the build finds: {'; '.join(wrong[:LISTED])}{more}; nothing was written"
    )
