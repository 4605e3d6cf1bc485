"""What every question is: a frozen dataclass with its puzzle and goal, its kind, its route and
its parameters."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .params import Param

#: The metadata of a question's field that resolving sets, which no parameter fills.
RESOLVED = {"resolved": True}


#: Never made itself, so only its kinds' classes are given __init__, __repr__ and __eq__:
#: a dataclass's methods are compiled as its class is made, ~0.1 ms each, on every start.
@dataclass(frozen=True, init=False, repr=False, eq=False)
class Question:
    """What every question has: the puzzle it is about and the goal (None: the default)."""

    kind: ClassVar[str]
    route: ClassVar[str]
    params: ClassVar[tuple[Param, ...]]
    #: about one position, reached from `state` (or a scramble) toward the goal or `to`
    of_a_position: ClassVar[bool] = False

    puzzle: str
    goal: str | None

    @property
    def key(self) -> tuple:
        """The question as a flat tuple (its kind first): how the service's cache knows it."""
        return (self.kind, *(getattr(self, f.name) for f in dataclasses.fields(self)))

    @classmethod
    def from_params(cls, values: Mapping[str, Any]) -> Question:
        """The question of a route's parameters (service.http.api.params.read: text, and the
        documented defaults), checked as `of` checks the CLI's arguments."""
        return cls.of(**{p.attribute: values.get(p.name) for p in cls.params})

    @classmethod
    def of(cls, *args: Any, **kwargs: Any) -> Question:  # Any: each kind takes its own
        raise NotImplementedError
