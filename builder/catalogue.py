"""The catalogue: the famous puzzles served by name, each made by its kind (builder.registry),
and any puzzle again from the definition stored with its build.

The catalogue is lazy: a puzzle is made the first time it is asked for by name, so that a
lookup of one puzzle (`puzzledb path eight ...`) neither builds the peg boards' symmetries
nor imports the kinds it does not use. Its names, in order, are known without making any:
SHELF says each one's kind, whose folder knows how to make it (its `catalogue.py`).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Mapping

from . import registry
from .core.errors import BadDefinition, UnknownPuzzle
from .core.message_text import shown
from .puzzle import MAX_COMPLETE_STATES, Puzzle

#: The catalogue's puzzles in the order `list` shows them (the articles' boards first), each
#: with the kind whose folder makes it; tests/architecture/test_kinds.py holds it to the kinds'
#: own catalogues, name for name.
SHELF = {
    "eight": "sliding",
    "eight-multi": "sliding",
    "seven": "sliding",
    "lines": "sliding",
    "atama": "sliding",
    "nooff": "sliding",
    "klotski": "sliding",
    "klotski-straight": "sliding",
    "klotski-finger": "sliding",
    "klotski-all": "sliding",
    "klotski-all-straight": "sliding",
    "klotski-all-finger": "sliding",
    "peg15": "peg",
    "english": "peg",
    "english-chain": "peg",
    "french": "peg",
    "nine": "sliding",
    "eleven": "sliding",
    "fifteen": "sliding",
    "fifteen-multi": "sliding",
    "rush51": "rush",
    "rush60": "rush",
    "rush58": "rush",
    "rush49": "rush",
    "cube2": "permutation",
    "cube2-qtm": "permutation",
    "pyraminx": "permutation",
    "skewb": "permutation",
}


def _maker(name: str) -> Callable[[], Puzzle]:
    """How the catalogue puzzle `name` is made: by its kind's own catalogue."""
    return registry.kind(SHELF[name]).famous()[name]


class Catalogue(Mapping[str, Puzzle]):
    """The catalogue puzzles by name, each made when first asked for and the same object from
    then on. `name in`, iterating and len() read the names only; values() makes them all."""

    def __init__(self, shelf: Mapping[str, str]):
        self._shelf = shelf
        self._made: dict[str, Puzzle] = {}
        self._lock = threading.RLock()  # one puzzle object per name, whichever thread asks

    def __getitem__(self, name: str) -> Puzzle:
        made = self._made.get(name)
        if made is None:
            make = _maker(name)  # KeyError: not a catalogue puzzle
            with self._lock:
                made = self._made.get(name)
                if made is None:
                    made = self._made[name] = make()
        return made

    def __contains__(self, name: object) -> bool:
        return name in self._shelf

    def __iter__(self) -> Iterator[str]:
        return iter(self._shelf)

    def __len__(self) -> int:
        return len(self._shelf)

    def made(self) -> list[str]:
        """The names of the puzzles made so far."""
        return list(self._made)


CATALOGUE = Catalogue(SHELF)
#: The puzzles of the articles: what `puzzledb build --all` builds.
SEEDS = ["eight", "seven", "lines", "atama", "nooff", "peg15"]
#: Seeds whose goals for every target (`--all-goals`) `build --all` builds too, as they are
#: cheap (seven: one more build of 20,160 states), so that any position can be a target there.
SEEDS_WITH_EVERY_TARGET = ["seven"]
#: Catalogue boards whose complete build toward their own goal holds a published number of
#: positions far below their arrangements: the size guard weighs that number instead.
#: english: the positions that can finish with one peg in the centre (the peg codecs build it),
#: the same however moves are counted: english-chain holds them too.
PUBLISHED_STATES = {"english": 187_636_299, "english-chain": 187_636_299}


def states_bound(puzzle: Puzzle, goal: str | None = None) -> int | None:
    """At most how many states a complete build of `puzzle` toward `goal` (its own when None)
    holds, as known before searching: a catalogue board's published count toward its own
    goal, else every arrangement (None: not known)."""
    published = PUBLISHED_STATES.get(puzzle.name)
    own = CATALOGUE.get(puzzle.name) is puzzle and goal in (None, puzzle.default_goal)
    return published if published is not None and own else puzzle.arrangements()


class _RadiusOnly(Mapping[str, int]):
    """Catalogue boards too large to search completely (name -> states), weighed one at a
    time: asking about one name makes that puzzle only."""

    def __getitem__(self, name: str) -> int:
        count = states_bound(CATALOGUE[name])
        if count is None or count <= MAX_COMPLETE_STATES:
            raise KeyError(name)
        return count

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str) or name not in CATALOGUE:
            return False
        count = states_bound(CATALOGUE[name])
        return count is not None and count > MAX_COMPLETE_STATES

    def __iter__(self) -> Iterator[str]:
        return (name for name in CATALOGUE if name in self)

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: Too large to search completely (name -> states): these are built within a radius of the goal.
RADIUS_ONLY: Mapping[str, int] = _RadiusOnly()
#: The radius suggested for a board too large to search completely (the docs' examples):
#: each suggested build finishes in about a minute or less on a machine of 2 cores. One tile a
#: move, the layers grow about twofold: fifteen --radius 20 is 3,418,020 states
#: (builder.search.known_layers), built in 7 s.
SUGGESTED_RADIUS = 20


def suggested_radius(name: str, puzzle: Puzzle | None = None) -> int:
    """The radius a suggested build command gives `name` (or `puzzle`, one of your own): its
    kind's where it knows better (peg boards, several tiles a move), else SUGGESTED_RADIUS."""
    puzzle = puzzle or CATALOGUE.get(name)
    own = puzzle.suggested_radius() if puzzle is not None else None
    return SUGGESTED_RADIUS if own is None else own


def radius_flag(name: str) -> str:
    """What a suggested build command adds for `name`: " --radius 20" where the puzzle can
    only be built within a radius, else nothing."""
    return f" --radius {suggested_radius(name)}" if name in RADIUS_ONLY else ""


def get(name: str) -> Puzzle:
    try:
        return CATALOGUE[name]
    except (KeyError, TypeError):
        known = ", ".join(CATALOGUE)
        raise UnknownPuzzle(f"unknown puzzle {shown(name)}; known puzzles: {known}") from None


def from_spec(spec: dict) -> Puzzle:
    """Rebuild a puzzle from the definition stored with its build, by its kind."""
    name = spec.get("kind")
    if not isinstance(name, str):
        raise BadDefinition("stored definition lacks 'kind'")
    try:
        kind = registry.kind(name)
    except registry.UnknownKind:
        known = ", ".join(k.name for k in registry.kinds())
        raise BadDefinition(
            f"stored definition is of the kind {shown(name)}, which this puzzledb does not "
            f"know (it knows {known})"
        ) from None
    try:
        return kind.from_spec(spec)
    except KeyError as missing:
        raise BadDefinition(f"stored definition lacks {missing}") from None
