"""`RushHour`: one card (its start) and the Puzzle interface over the parts of the kind that do
each job (the text form, the card's rules, the move rule, the cluster, the drawing)."""

from __future__ import annotations

from puzzledb.builder.core.errors import BadDefinition, MalformedInput
from puzzledb.builder.core.message_text import shown
from puzzledb.builder.puzzle import ANY, MAX_COMPLETE_STATES, Move, Puzzle, Reason

from ...search.memory import WalkGuard
from . import card as card_rules
from .cluster import cluster
from .drawing import draw
from .geometry import PRIMARY, WALL, for_drawing, placements, walls
from .moves import METRICS, Drive, MoveRule
from .text_form import canonical, check_size, shape_of

#: The name of the card among the puzzle's starts (`puzzledb path rush51 start`).
START = "start"
#: The most positions arrangements() walks to size a card's cluster before it gives the bound
#: of every vehicle anywhere on its line instead (the largest 6x6 cluster has 541,934).
CLUSTER_SIZED = 2_000_000
#: The largest cluster of any 6x6 card, walls or none (Fogleman's database of every card).
LARGEST_6X6_CLUSTER = 541_934


class RushHour(Puzzle):
    """Rush Hour on a board of `rows` x `cols` (read from the card when not given): the card
    `start` fixes the vehicles and the walls; the goal is by default the primary car A at the
    exit, the right edge of its row, any other cell anything. `metric` is how moves are
    counted: "moves" (one vehicle any distance one way) or "steps" (one vehicle one cell)."""

    kind = "rush"

    def __init__(
        self,
        name: str,
        start: str,
        *,
        title: str = "",
        metric: str = "moves",
        rows: int | None = None,
        cols: int | None = None,
        goal: str | None = None,
        goal_words: dict[str, str] | None = None,
    ):
        self.name, self.title = name, title or name
        if metric not in METRICS:
            raise BadDefinition(
                f"{name}: metric must be one of {', '.join(METRICS)}, not {shown(metric)}"
            )
        self.metric = metric
        what = f"{name}: the card"
        if rows is None or cols is None:
            rows, cols = shape_of(start, what)
        check_size(rows, cols, what)
        self.rows, self.cols = rows, cols
        self.card = canonical(start, what, rows, cols)
        card_rules.check_card(self.card, cols, what)
        self.starts = {START: self.card}
        self.rule = MoveRule(metric, cols, rows * cols)
        self._cluster: list[str] | None = None
        self._reached: list[str] | None = None
        self._sized: int | None = None
        self.default_goal = self.exit_pattern()
        if goal is not None:
            self.default_goal = self.parse_goal(goal)
        self.goal_words_given = {self.parse_goal(g): w for g, w in (goal_words or {}).items()}

    # -- definition --------------------------------------------------------------------------
    def spec(self) -> dict:
        return {
            "kind": self.kind,
            "name": self.name,
            "title": self.title,
            "rows": self.rows,
            "cols": self.cols,
            "goal": self.default_goal,
            "metric": self.metric,
            "starts": self.starts,
            **({"goal_words": self.goal_words_given} if self.goal_words_given else {}),
        }

    @classmethod
    def from_spec(cls, spec: dict) -> RushHour:
        return cls(
            spec["name"],
            spec["starts"][START],
            title=spec.get("title", ""),
            metric=spec.get("metric", "moves"),
            rows=spec["rows"],
            cols=spec["cols"],
            goal=spec["goal"],
            goal_words=spec.get("goal_words"),
        )

    # -- text form ---------------------------------------------------------------------------
    def parse(self, text: str, what: str = "state") -> str:
        """The canonical text of a board of this size; the card by its name `start`."""
        named = self.named_start(text, what)
        if named is not None:
            return named
        try:
            return canonical(text, what, self.rows, self.cols)
        except MalformedInput as error:
            raise self.naming_starts(error, what) from None

    def parse_goal(self, text: str | None) -> str:
        """A whole position, or a pattern where '?' stands for any cell: the default, the
        primary car at the exit, is `????...AA??...` (A's cells at the right edge of its row)."""
        if text is None:
            return self.default_goal
        if not isinstance(text, str) or ANY not in text:
            return self.parse(text, "goal")
        pattern = canonical(text, "goal", self.rows, self.cols, pattern=True)
        known = set(self.card) | {ANY}
        unknown = [s for s in pattern if s not in known]
        if unknown:
            raise MalformedInput(
                f"goal {shown(text)} has {shown(unknown[0])}, which the card {self.card} has not"
            )
        return pattern

    def exit_pattern(self) -> str:
        """The goal "A at the exit": A's cells at the right edge of its row, the rest '?'."""
        car = card_rules.primary(self.card, self.cols)
        row_end = (car.first // self.cols + 1) * self.cols
        at_exit = set(range(row_end - car.length, row_end))
        return "".join(PRIMARY if c in at_exit else ANY for c in range(self.cells))

    def cluster(self) -> list[str]:
        """Every position the card reaches, the card first (computed once)."""
        if self._cluster is None:
            self._cluster = cluster(self.card, self.moves, guard=self._walk_guard())
        assert self._cluster is not None
        return self._cluster

    def reached(self) -> list[str]:
        """Every position the card reaches, in no set order: walked on packed positions where
        the codec packs the card (builder.kinds.rush.walk), else by cluster()."""
        if self._reached is None:
            from .packed import walked

            found = walked([self.card], self.rows, self.cols, self.metric, self._walk_guard())
            if found is not None:
                codec, walk = found
                self._reached = codec.decode(walk.codes)
            else:
                self._reached = self.cluster()
        return self._reached

    def _walk_guard(self) -> WalkGuard:
        """A walk of the card's cluster keeps to the command's memory (`--memory`)."""
        return WalkGuard(self.name, "walking the card's cluster to find its goal positions")

    def packed_boards(self) -> list[str]:
        """A board of each layout a packed position may have (builder.kinds.rush.packed)."""
        return [self.card]

    def goal_positions(self, goal: str) -> list[str]:
        """A pattern stands for the positions of the card's cluster it matches (a build from
        them holds the cluster), in text order; a whole position for itself."""
        if ANY not in goal:
            return [goal]
        matched = sorted(s for s in self.reached() if matches(s, goal))
        if not matched:
            raise BadDefinition(
                f"{self.name}: no position the card reaches matches the goal "
                f"{shown(goal)}: the card cannot be solved (its cluster has "
                f"{len(self.reached()):,} positions)"
            )
        return matched

    # -- move rule (moves.py) ------------------------------------------------------------------
    def moves(self, state: str) -> list[tuple[Drive, str]]:
        return self.rule.moves(state)

    def reverse_moves(self, state: str) -> list[tuple[Drive, str]]:
        return self.rule.reverse_moves(state)

    def move_cells(self, state: str, move: Move, after: str) -> tuple[list[int], list[int]]:
        return self.rule.move_cells(state, move, after)

    def single_swap_moves(self) -> bool:
        return self.rule.single_swap_moves()

    # -- hopeless states and sizes (card.py, cluster.py) ---------------------------------------
    def unreachable_reason(self, state: str, goal: str) -> Reason | None:
        return card_rules.foreign(state, self.card, self.cols)

    def why_no_targets(self) -> str:
        return (
            "its vehicles are told apart by where they run, not by their letters, so a build "
            "toward one goal cannot be renamed into a build toward another: build a target as "
            "a goal of its own (--goal)"
        )

    def arrangements(self) -> int:
        """The card's cluster size once walked, which bounds a build toward any goal it
        reaches. Before: on a 6x6 board the largest cluster of every 6x6 card (published),
        so that sizing a catalogue card (`puzzledb list` asks of each) walks nothing;
        elsewhere the cluster walked, or where it is too large to walk here, every vehicle
        anywhere on its line."""
        walked = self._reached or self._cluster
        if walked is not None:
            return len(walked)
        if self._sized is None:
            bound = self._every_placement()
            if (self.rows, self.cols) == (6, 6):
                self._sized = min(bound, LARGEST_6X6_CLUSTER)
            else:
                found = cluster(self.card, self.moves, CLUSTER_SIZED)
                self._sized = len(found) if found is not None else bound
        return self._sized

    def _every_placement(self) -> int:
        bound = 1
        for vehicle in placements(self.card, self.cols):
            line = self.cols if vehicle.horizontal else self.rows
            bound *= line - vehicle.length + 1
            if bound > MAX_COMPLETE_STATES:
                break
        return bound

    # -- what front ends show ------------------------------------------------------------------
    def placed(self, state: str) -> list[tuple[str, list[int]]]:
        """Every vehicle with its cells, then every wall (an 'x' each)."""
        vehicles = [(v.letter, v.cells) for v in placements(state, self.cols)]
        return vehicles + [(WALL, [cell]) for cell in walls(state)]

    def draw(self, state: str) -> list[str]:
        return draw(state, self.rows, self.cols)

    def vehicles(self) -> dict:
        return for_drawing(self.card, self.cols)

    def exits(self, goal: str) -> list[dict]:
        """The exit, where a goal pins A at the right edge: the gap in the frame."""
        row = self._exit_row(goal)
        if row is None:
            return []
        cell = (row + 1) * self.cols - 1
        return [{"side": "right", "cells": [cell], "words": f"right, row {row + 1}"}]

    def described_goal(self, goal: str) -> str:
        row = self._exit_row(goal)
        if row is not None and set(goal) <= {ANY, PRIMARY}:
            return f"the primary car {PRIMARY} at the exit (the right edge of row {row + 1})"
        rows = [goal[r : r + self.cols] for r in range(0, self.cells, self.cols)]
        return ("the pattern " if ANY in goal else "the position ") + " / ".join(rows)

    def _exit_row(self, goal: str) -> int | None:
        """The row whose right edge the goal pins A at, if it is a pattern that does."""
        if ANY not in goal:
            return None
        ends = [c for c in range(self.cols - 1, self.cells, self.cols) if goal[c] == PRIMARY]
        return ends[0] // self.cols if ends else None


def matches(state: str, pattern: str) -> bool:
    return all(p in (ANY, s) for s, p in zip(state, pattern))
