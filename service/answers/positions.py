"""The answers about one position: its optimal path and its moves (to the goal, or through a
frame to a target), and, for a position the build does not hold, why none: beyond the build's
radius, or no way to the goal (a rule's reason, or the search's). Path and moves share that
why, and the pieces each board shows.
"""

from __future__ import annotations

import itertools
from sqlite3 import Connection
from typing import TYPE_CHECKING, NamedTuple, cast

from puzzledb.builder.core.errors import PuzzledbError
from puzzledb.builder.puzzle import Puzzle, Reason
from puzzledb.db import queries
from puzzledb.db.queries import Build
from puzzledb.service.errors import BeyondRadius, Unreachable

from .resolving import Resolved

if TYPE_CHECKING:
    from ..answer_types import MoveOption, MovesAnswer, PathAnswer, Piece
    from ..questions import MovesQuestion, PathQuestion


def path_answer(conn: Connection, r: Resolved) -> PathAnswer:
    """An optimal path from a state to the goal, or with `to` to any position: a build
    toward another goal answers it through a frame, and the path is mapped back."""
    puzzle, build, frame, goal = r.puzzle, r.build, r.frame, r.goal
    state = cast(str, cast("PathQuestion", r.question).state)  # resolved: always a state
    steps, solutions = queries.path(conn, build, frame.to_build(state) if frame else state)
    if not steps or solutions is None:
        raise not_stored(puzzle, build, state, goal)
    moves: list[str]
    if frame or build.names_moves_by_rules:
        states = [frame.from_build(s) for s, _ in steps] if frame else [s for s, _ in steps]
        moves = [_move_between(puzzle, a, b) for a, b in itertools.pairwise(states)]
    else:  # a step's move is None only at the goal, which is left out
        states, moves = [s for s, _ in steps], cast(list[str], [m for _, m in steps[:-1]])
    return {
        "puzzle": build.name,
        "goal": goal,
        "state": state,
        "depth": len(steps) - 1,
        "solutions": solutions,
        "path": states,
        "reached": states[-1],  # the goal position it ends at (one of a pattern's)
        "moves": moves,
        "pieces": [_pieces(puzzle, s) for s in states],
        **_turned_first(r),
    }


def not_stored(puzzle: Puzzle, build: Build, state: str, goal: str | None = None) -> PuzzledbError:
    """The error for a well-formed state the build does not hold, saying why."""
    goal = goal or build.goal
    lost = _lost(puzzle, build, state, goal)
    if lost.beyond:
        return BeyondRadius(
            f"{state} is more than {build.radius} moves from {_aim(build, goal)} {goal}: "
            f"the {build.name} build{_serving(build, goal)} holds only states within "
            f"radius {build.radius} (rebuild with a larger --radius to answer it)"
        )
    return Unreachable(
        f"{state} cannot reach {_aim(build, goal)} {goal} of {build.name}: {lost.reason}"
    )


def moves_answer(conn: Connection, r: Resolved) -> MovesAnswer:
    """Every legal move from a stored state with the depth it leads to, best first.

    A lookup like path: the move rule lists the successors, one query finds their depths.
    A successor that is not stored has depth None: it cannot reach the goal (peg dead
    ends), or it lies beyond a radius build (`beyond_radius`), which it does in a radius
    build unless a rule of the puzzle says it cannot reach the goal. With `any` a state
    the build does not hold is answered too (a player can go on from a dead end): depth
    and solutions null, and `why` says why.
    """
    q, puzzle, build, frame, goal = r.question, r.puzzle, r.build, r.frame, r.goal
    q = cast("MovesQuestion", q)
    state = cast(str, q.state)  # resolved: always a state
    options = puzzle.moves(state)
    asked = [state] + [after for _, after in options]
    if frame:
        seen = queries.depths_of(conn, build, [frame.to_build(s) for s in asked])
        depths = {s: seen[frame.to_build(s)] for s in asked if frame.to_build(s) in seen}
    else:
        depths = queries.depths_of(conn, build, asked)
    lost = None
    if state not in depths:
        if not q.any:
            raise not_stored(puzzle, build, state, goal)
        lost = _lost(puzzle, build, state, goal)
    here, solutions = depths.get(state, (None, None))
    listed: list[MoveOption] = []
    for move, after in options:
        depth, count = depths.get(after, (None, None))
        moved, rest = puzzle.move_cells(state, move, after)
        listed.append(
            {
                "move": move.label,
                "state": after,
                "depth": depth,
                "solutions": count,
                "optimal": here is not None and depth == here - 1,
                "beyond_radius": depth is None and _beyond(puzzle, build, after, goal),
                "from": moved,
                "to": rest,
                "pieces": _pieces(puzzle, after),
            }
        )
    listed.sort(key=lambda m: (m["depth"] is None, m["depth"] or 0))
    answer: MovesAnswer = {
        "puzzle": build.name,
        "goal": goal,
        "state": state,
        "depth": here,
        "solutions": solutions,
        "pieces": _pieces(puzzle, state),
        "moves": listed,
        **_turned_first(r),
    }
    if lost is not None:
        lost.tell(answer, build, goal)
    return answer


def _turned_first(r: Resolved) -> dict:
    """`turn_first`, where the position was given held another way than the build holds it."""
    first = cast("PathQuestion | MovesQuestion", r.question).turn_first
    return {"turn_first": first} if first else {}


def _pieces(puzzle: Puzzle, state: str) -> list[Piece]:
    """The pieces of a state and the cells each covers, as the page draws them."""
    return [{"label": label, "cells": cells} for label, cells in puzzle.placed(state)]


def _beyond(puzzle: Puzzle, build: Build, state: str, goal: str) -> bool:
    """Whether a state the build does not hold lies beyond its radius (else it is hopeless)."""
    return build.radius is not None and _hopeless_reason(puzzle, build, state, goal) is None


class Lost(NamedTuple):
    """Why a state the build does not hold has no answer: beyond the build's radius (no
    reason known), or cannot reach the goal, and why (a rule's reason, or the search's)."""

    beyond: bool
    reason: Reason

    def tell(self, answer: MovesAnswer, build: Build, goal: str) -> None:
        """Put into the answer its `why` in a player's words (no state written out), and
        `beyond_radius`, with the rule's proof as `why_details` when there is one."""
        if self.beyond:
            why = (
                f"Too far for this build: this position is more than {build.radius} moves from "
                f"{_aim(build, goal, 'the ')}, and the build holds only positions within "
                f"{build.radius}."
            )
        else:
            away = "No way to win" if goal == build.goal else "No way to the target"
            why = f"{away} from here: {self.reason.words}."
        answer["why"] = why
        answer["beyond_radius"] = self.beyond
        if self.reason.proof:
            answer["why_details"] = self.reason.proof


def _lost(puzzle: Puzzle, build: Build, state: str, goal: str) -> Lost:
    reason = _hopeless_reason(puzzle, build, state, goal)
    if reason is None and build.radius is not None:
        return Lost(True, Reason(""))
    if reason is None:
        stuck = not puzzle.moves(state)
        reason = Reason(
            "no move is left to make" if stuck else "no sequence of moves from it gets there",
            f"the build holds every position that can reach {_aim(build, goal, 'the ')}, and "
            f"not this one",
        )
    return Lost(False, reason)


def _aim(build: Build, goal: str, article: str = "") -> str:
    """What a question is toward: the build's goal, or a target (`to`) it answers through."""
    return f"{article}goal" if goal == build.goal else "the target"


def _hopeless_reason(puzzle: Puzzle, build: Build, state: str, goal: str) -> Reason | None:
    """Why a state the build does not hold cannot reach the goal, when that is known: a rule
    of the puzzle says so, or its rules bound the way to the goal within the build's radius
    (a radius build holds every state that near)."""
    reason = puzzle.unreachable_reason(state, goal)
    most = None if build.radius is None else puzzle.most_moves(state, goal)
    if reason is None and most is not None and build.radius is not None and most <= build.radius:
        reason = Reason(
            f"it would get there within {most} move{'' if most == 1 else 's'} if at all, "
            f"and no way that short exists",
            f"the build holds every state within its radius {build.radius}, but not this one",
        )
    return reason


def _serving(build: Build, goal: str) -> str:
    return "" if goal == build.goal else f" toward {build.goal}, which answers toward {goal},"


def _move_between(puzzle: Puzzle, before: str, after: str) -> str:
    """The words of the move from `before` to `after`, said on the question's own board (a
    mirrored build would say left for right)."""
    return next(move.label for move, reached in puzzle.moves(before) if reached == after)
