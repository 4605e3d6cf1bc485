"""Answers, the one object every front end asks: a question resolved (resolving.py) and
answered on one connection, each kind of question by its own module (positions.py,
depths.py), and the shorthand by which a Python caller asks from a question's parts.
"""

from __future__ import annotations

from collections.abc import Callable
from sqlite3 import Connection
from typing import TYPE_CHECKING, overload

from puzzledb.db import queries

from .. import questions
from ..questions import FARTHEST_LIMIT, LIMIT, OFFSET, Question
from .catalogue_entries import catalogue_answer, held_starts
from .depths import depth_answer, farthest_answer, stats_answer
from .positions import moves_answer, path_answer
from .resolving import Resolved, Resolver

if TYPE_CHECKING:
    from ..answer_types import (
        Answer,
        Catalogue,
        DepthAnswer,
        FarthestAnswer,
        MovesAnswer,
        PathAnswer,
        StatsAnswer,
    )
    from ..questions import (
        DepthQuestion,
        FarthestQuestion,
        MovesQuestion,
        PathQuestion,
        StatsQuestion,
    )

#: The answer to each kind of question (Question.kind), from the question resolved and the
#: connection it was resolved on.
ANSWERERS: dict[str, Callable[[Connection, Resolved], Answer]] = {
    "path": path_answer,
    "moves": moves_answer,
    "depth": depth_answer,
    "farthest": farthest_answer,
    "stats": stats_answer,
}


class Answers(Resolver):
    """Answers over one database; what it remembers (resolved builds) is shared between
    threads under a lock, and forgotten when the database's generation changes."""

    # -- asking --------------------------------------------------------------------------------
    @overload
    def ask(self, question: PathQuestion) -> tuple[Resolved, PathAnswer]: ...
    @overload
    def ask(self, question: MovesQuestion) -> tuple[Resolved, MovesAnswer]: ...
    @overload
    def ask(self, question: DepthQuestion) -> tuple[Resolved, DepthAnswer]: ...
    @overload
    def ask(self, question: FarthestQuestion) -> tuple[Resolved, FarthestAnswer]: ...
    @overload
    def ask(self, question: StatsQuestion) -> tuple[Resolved, StatsAnswer]: ...
    @overload
    def ask(self, question: Question) -> tuple[Resolved, Answer]: ...
    def ask(self, question: Question) -> tuple[Resolved, Answer]:
        """The question resolved, and its answer, both on one connection."""
        with self.connection() as conn:
            resolved = self.resolved(conn, question)
            return resolved, self.answer_to(conn, resolved)

    def answer(self, question: Question) -> Answer:
        return self.ask(question)[1]

    def answer_to(self, conn: Connection, resolved: Resolved) -> Answer:
        """The answer to a resolved question, read through `conn` (the one it was resolved on)."""
        return ANSWERERS[resolved.question.kind](conn, resolved)

    # -- a Python caller's shorthand: the question from its parts, then its answer ----------------
    def path(
        self,
        name: str,
        state_text: str | None = None,
        goal_text: str | None = None,
        to_text: str | None = None,
        scramble: str | None = None,
    ) -> PathAnswer:
        question = questions.PathQuestion.of(name, state_text, goal_text, to_text, scramble)
        return self.ask(question)[1]

    def moves(
        self,
        name: str,
        state_text: str | None = None,
        goal_text: str | None = None,
        to_text: str | None = None,
        any_state: bool | str = False,
        scramble: str | None = None,
    ) -> MovesAnswer:
        question = questions.MovesQuestion.of(
            name, state_text, goal_text, to_text, any_state, scramble
        )
        return self.ask(question)[1]

    def depth(
        self,
        name: str,
        depth: int | str,
        goal_text: str | None = None,
        limit: int | str = LIMIT.default,
        offset: int | str = OFFSET.default,
        after_text: str | None = None,
    ) -> DepthAnswer:
        question = questions.DepthQuestion.of(name, depth, goal_text, limit, offset, after_text)
        return self.ask(question)[1]

    def farthest(
        self, name: str, goal_text: str | None = None, limit: int | str = FARTHEST_LIMIT.default
    ) -> FarthestAnswer:
        return self.ask(questions.FarthestQuestion.of(name, goal_text, limit))[1]

    def stats(self, name: str, goal_text: str | None = None) -> StatsAnswer:
        return self.ask(questions.StatsQuestion.of(name, goal_text))[1]

    def catalogue(self) -> Catalogue:
        with self.connection() as conn:
            builds = queries.all_builds(conn)
            held = held_starts(conn, builds)
        return catalogue_answer(builds, held)
