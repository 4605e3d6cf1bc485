"""`SlidingPuzzle`: a sliding board's definition, and the Puzzle interface over the parts of
the kind that do each job (its pieces, geometry, text form, goals, move rule, words, drawing).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import TYPE_CHECKING

from ...core.errors import BadDefinition, MalformedInput
from ...core.message_text import shown
from ...puzzle import ANY, ROW_SEPARATOR, SEPARATORS, Move, Puzzle, Reason
from .geometry import Grid
from .metrics import METRICS, rule
from .move_words import MoveWords, Slide
from .pieces import Pieces
from .text_form import TextForm

if TYPE_CHECKING:
    from .goal_patterns import GoalPatterns
    from .goal_words import GoalWords
    from .reachability import Reachability

#: The radius a suggested build of a board too large to search completely gives it, by metric,
#: where the catalogue's default (one tile a move) would take too long.
SUGGESTED_RADIUS = {"multi": 12}


class SlidingPuzzle(Puzzle):
    """A board of `rows` x `cols` whose pieces slide into blank cells.

    `wide` maps the label of a piece larger than one cell to its (height, width); in a state
    such a piece is written once per cell it covers. `glyphs` gives how a label is drawn and
    is also accepted as input; `names` gives how a piece is called in move words. `metric`
    is how moves are counted (builder.kinds.sliding.metrics): "single" (a move slides one piece one
    cell), "multi" (a run of one to k tiles in line with a blank; one-cell pieces only),
    "straight" or "finger" (one piece farther).
    """

    kind = "sliding"
    blank: str  # the blank's one character: every sliding board has one

    def __init__(
        self,
        name: str,
        rows: int,
        cols: int,
        goal: str,
        blank: str,
        *,
        title: str = "",
        wide: dict[str, tuple[int, int]] | None = None,
        glyphs: dict[str, str] | None = None,
        names: dict[str, str] | None = None,
        aliases: dict[str, str] | None = None,
        metric: str = "single",
        starts: dict[str, str] | None = None,
        goal_words: dict[str, str] | None = None,
    ):
        self.name, self.title = name, title or name
        self.metric = metric
        self.rows, self.cols, self.blank = rows, cols, blank
        self.wide = {label: (size[0], size[1]) for label, size in (wide or {}).items()}
        self.glyphs = dict(glyphs or {})
        self.names = dict(names or {})
        self.aliases = dict(aliases or {})  # other spellings accepted as input only
        self.starts: dict[str, str] = {}
        # the pieces: those of the goal, or of the first start when the goal is a pattern
        first_start = next(iter((starts or {}).values()), None)
        if ANY in goal and first_start is None:
            raise BadDefinition(
                f"{self.name}: the goal {shown(goal)} is a pattern ('{ANY}' stands for any cell), "
                f"so a start must say which pieces the puzzle has"
            )
        pieces: str = goal if first_start is None or ANY not in goal else first_start
        self._check_definition(pieces, "goal" if pieces is goal else "start")
        self.piece_set = Pieces(
            name, pieces, blank, self.wide, self.glyphs, self.names, self.aliases
        )
        self.counts, self.blanks = self.piece_set.counts, self.piece_set.blanks
        self.twins = self.piece_set.twins
        self.grid = Grid(rows, cols, self.piece_set)
        self.text_form = TextForm(self.grid)
        self.words = MoveWords(self.piece_set, cols)
        self.rule = rule(metric)(self.grid, self.words)  # the metric's moves, chosen once
        self.default_goal = pieces
        for start_name, text in (starts or {}).items():
            self.starts[start_name] = self.parse(text, f"start {shown(start_name)}")
        self.default_goal = self.parse_goal(goal)
        self.goal_words_given = {self.parse_goal(g): w for g, w in (goal_words or {}).items()}

    # -- definition --------------------------------------------------------------------------
    def _check_definition(self, goal: str, what: str = "goal") -> None:
        if self.rows < 1 or self.cols < 1:
            raise BadDefinition(f"{self.name}: rows and cols must be positive")
        if len(goal) != self.rows * self.cols:
            raise BadDefinition(
                f"{self.name}: {what} has {len(goal)} cells, a {self.rows}x{self.cols} board has "
                f"{self.rows * self.cols}"
            )
        if len(self.blank) != 1 or self.blank not in goal:
            raise BadDefinition(f"{self.name}: the {what} must contain the blank '{self.blank}'")
        reserved = set(SEPARATORS + ROW_SEPARATOR + ANY)
        if reserved & set(goal):
            raise BadDefinition(f"{self.name}: labels cannot be space, comma, tab, '/' or '?'")
        for label, (h, w) in self.wide.items():
            if h < 1 or w < 1 or h * w < 2 or h > self.rows or w > self.cols:
                raise BadDefinition(f"{self.name}: piece '{label}' cannot be {h}x{w} here")
        if self.metric not in METRICS:
            raise BadDefinition(
                f"{self.name}: metric must be one of {', '.join(METRICS)}, not {shown(self.metric)}"
            )
        if self.metric == "multi" and self.wide:
            pieces = ", ".join(f"'{label}'" for label in self.wide)
            raise BadDefinition(
                f"{self.name}: the multi-tile metric slides runs of one-cell tiles; it cannot be "
                f"used with pieces larger than one cell ({pieces})"
            )

    def spec(self) -> dict:
        return {
            "kind": self.kind,
            "name": self.name,
            "title": self.title,
            "rows": self.rows,
            "cols": self.cols,
            "goal": self.default_goal,
            "blank": self.blank,
            "wide": {k: list(v) for k, v in self.wide.items()},
            "glyphs": self.glyphs,
            "names": self.names,
            "aliases": self.aliases,
            "metric": self.metric,
            **({"starts": self.starts} if self.starts else {}),
            **({"goal_words": self.goal_words_given} if self.goal_words_given else {}),
        }

    @classmethod
    def from_spec(cls, spec: dict) -> SlidingPuzzle:
        return cls(*cls.spec_board(spec), **cls.spec_look(spec), goal_words=spec.get("goal_words"))

    @staticmethod
    def spec_board(spec: dict) -> tuple[str, int, int, str, str]:
        """A stored spec's name, rows, cols, goal and blank (as __init__ takes them)."""
        return spec["name"], spec["rows"], spec["cols"], spec["goal"], spec["blank"]

    @staticmethod
    def spec_look(spec: dict) -> dict:
        """A stored spec's pieces, words and metric (as __init__ takes them)."""
        return {
            "title": spec.get("title", ""),
            "wide": spec.get("wide"),
            "glyphs": spec.get("glyphs"),
            "names": spec.get("names"),
            "aliases": spec.get("aliases"),
            "metric": spec.get("metric", "single"),  # builds stored before metrics were single
            "starts": spec.get("starts"),
        }

    # -- the parts a lookup seldom needs, made (and their modules loaded) when first asked ------
    @cached_property
    def goal_patterns(self) -> GoalPatterns:
        from .goal_patterns import GoalPatterns

        return GoalPatterns(self.text_form)

    @cached_property
    def goal_wording(self) -> GoalWords:
        from .goal_words import GoalWords

        return GoalWords(self.grid)

    @cached_property
    def reachability(self) -> Reachability:
        from .reachability import Reachability

        return Reachability(self.grid)

    # -- text form (builder.kinds.sliding.text_form, .goal_patterns) -------------------------------
    def glyph(self, label: str) -> str:
        return self.piece_set.glyph(label)

    def piece_name(self, label: str) -> str:
        return self.piece_set.piece_name(label)

    def describe_pieces(self) -> str:
        return self.piece_set.describe()

    def parse(self, text: str, what: str = "state") -> str:
        """The canonical text of a state; a named start (`klotski start`) stands for its own."""
        named = self.named_start(text, what)
        if named is not None:
            return named
        try:
            return self.text_form.canonical(text, what)
        except MalformedInput as error:
            raise self.naming_starts(error, what) from None

    def parse_goal(self, text: str | None) -> str:
        """A whole position, or a pattern where '?' stands for any cell ("the big piece at the
        exit"); a pattern must match at least one and at most MAX_GOAL_POSITIONS positions."""
        if text is None:
            return self.default_goal
        if not isinstance(text, str) or ANY not in text:
            return self.parse(text, "goal")
        return self.goal_patterns.parse(text)

    def goal_position_count(self, pattern: str) -> int:
        return self.goal_patterns.count(pattern)

    def goal_positions(self, goal: str) -> list[str]:
        return self.goal_patterns.positions(goal)

    # -- what front ends show (builder.kinds.sliding.geometry, .goal_words, .drawing) --------------
    def pieces(self, state: str, what: str = "state") -> list[tuple[str, int, int]]:
        """(label, top, left) of every multi-cell piece, checking each covers a full rectangle."""
        return self.grid.wide_pieces(state, what)

    def placed(self, state: str) -> list[tuple[str, list[int]]]:
        return self.grid.placed(state)

    def exits(self, goal: str) -> list[dict]:
        return self.goal_wording.exits(goal)

    def described_goal(self, goal: str) -> str:
        return self.goal_wording.described(goal)

    def coordinates(self) -> dict | None:
        return self.grid.coordinates()

    def draw(self, state: str) -> list[str]:
        from .drawing import draw

        return draw(self.grid, state)

    # -- move rule (the metric's, builder.kinds.sliding.metrics; words: .move_words) ---------------
    def step(self, cell: int, direction: str) -> int | None:
        """The cell one step from `cell` in `direction`, or None off the board."""
        return self.grid.step(cell, direction)

    def moves(self, state: str) -> list[tuple[Slide, str]]:
        return self.rule.moves(state)

    def reverse_moves(self, state: str) -> Iterator[tuple[Slide, str]]:
        return self.rule.reverse_moves(state)

    def move_cells(self, state: str, move: Move, after: str) -> tuple[list[int], list[int]]:
        return self.rule.move_cells(state, move, after)

    def single_swap_moves(self) -> bool:
        return self.rule.single_swap_moves()

    def slide(
        self,
        pieces: str,
        direction: str,
        cells: tuple[int, ...],
        swap: tuple[int, int] | None = None,
        route: tuple[tuple[str, int], ...] = (),
    ) -> Slide:
        return self.words.slide(pieces, direction, cells, swap, route)

    def one_cell_move(self, label: str, direction: str, cell: int, target: int) -> Slide:
        return self.words.one_cell_move(label, direction, cell, target)

    # -- hopeless states and geometry (builder.kinds.sliding.reachability, .geometry) --------------
    def arrangements(self) -> int:
        return self.reachability.arrangements()

    def unreachable_reason(self, state: str, goal: str) -> Reason | None:
        return self.reachability.unreachable_reason(state, goal)

    @property
    def relabelable(self) -> bool:
        return self.piece_set.relabelable

    def suggested_radius(self) -> int | None:
        """Several tiles a move (the metric `multi`), the layers grow about threefold, not
        twofold: fifteen-multi --radius 12 is 1,256,090 states, built in 41 s; --radius 14
        was still searching after 150 s, and 20 after 4 minutes."""
        return SUGGESTED_RADIUS.get(self.metric)

    def symmetries(self) -> list[tuple[int, ...]]:
        return self.grid.symmetries()
