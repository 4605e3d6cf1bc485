"""Sliding puzzles defined without code: a TOML table (no `kind`, or `kind = "sliding"`) or
`puzzledb build NAME --rows R --cols C --goal G` -> SlidingPuzzle.

The Ruby article's solver takes any board, labels, blank and goal; this lets a user serve such
a puzzle (`puzzledb build --file my.toml`, or `puzzledb build NAME --rows R --cols C --goal G`)
without writing code. Every mistake is a BadDefinition that names the file and the
field, because the person reading it wrote the file, not the code.

The TOML format (examples/nooff.toml and examples/ruby2x2.toml are complete files):

    kind = "sliding"        # optional: a file without `kind` is a sliding board
    name = "mynooff"        # required: lowercase letters, digits, '-', '_' (at most 40),
                            #   starting with a letter or digit; not a catalogue puzzle's name
    title = "NO-OFF again"  # optional; default: the name
    rows = 2                # required: board height, a positive integer
    cols = 4                # required: board width; rows x cols is at most 64 cells
    blank = "_"             # optional: the one character of a blank cell; default "0"
    blank_glyph = "□"       # optional: how a blank is drawn (also accepted as input)
    metric = "single"       # optional: how moves are counted, "single" (the default: one piece
                            #   one cell a move; "unit" is the same), "multi" (sliding 1 to k
                            #   tiles of the blank's row or column one cell toward it is one
                            #   move; every piece one cell), "straight" (one piece any number of
                            #   cells in one direction) or "finger" (one piece to any place its
                            #   one-cell steps reach while nothing else moves, corners too)
    goals = ["LLNOOFF_"]    # required, or `goal = "LLNOOFF_"` for one goal: one character per
                            #   cell, row-major, no separators. The first is the default goal;
                            #   every goal holds the same pieces. Repeated labels are identical
                            #   pieces; the blank may appear any number of times (one or more).
                            #   A goal may be a pattern: '?' is any cell ("?????BB?" - the
                            #   build starts from every arrangement of the pieces it matches)
    start = "NOLLFOF_"      # optional (required when every goal is a pattern: it names the
                            #   pieces); a position a path may start from, called "start" in
                            #   queries. Or several: [starts] with name = "position" lines.
    goal_words = "NO OFF"   # optional: how the page and `list` say the first goal, where the
                            #   general rule reads badly; or a table [goal_words] with
                            #   "goal" = "words" lines, one for each goal to name

    [pieces.L]              # optional, one table per label that needs one; quote other
                            #   characters: [pieces."ア"]
    size = [1, 2]           # rows x cols the piece covers; default [1, 1]. In a goal a
                            #   larger piece is written once per cell it covers, and its
                            #   cells must form whole rectangles of that size.
    name = "bulb"           # how moves call it ("bulb left"); default "tile L"
    glyph = "="             # one character to draw it, also accepted as input

A piece moves one cell up, down, left or right when every cell it would enter is blank.
Under metric = "multi", the tiles in line beyond a blank (up to the edge or another blank) may
also slide together, each one cell toward it, as one move ("tiles 7 8 left").
"""

from __future__ import annotations

from collections import Counter

from ...core.errors import BadDefinition, MalformedInput
from ...core.message_text import shown, times
from ...core.numbers import too_large, too_long
from ...definition_fields import COMMON_FLAGS, NAME, Definition, FieldReader, kind_of
from ...puzzle import ANY, ROW_SEPARATOR, SEPARATORS
from .geometry import wide_blocks
from .metrics import METRICS
from .puzzle import SlidingPuzzle

MAX_CELLS = 64
#: A piece's name is said in every move ("bulb left"): a word or two, never a page.
MAX_PIECE_NAME = 40
WHY_MAX_CELLS = "the fast search holds a state in one 64-bit integer, one bit per cell at least"
KEYS = (
    "name",
    "title",
    "rows",
    "cols",
    "blank",
    "blank_glyph",
    "metric",
    "goal",
    "goals",
    "start",
    "starts",
    "goal_words",
    "pieces",
)
PIECE_KEYS = ("size", "name", "glyph")
#: The options of `puzzledb build` that define a sliding board, by field.
FLAGS = {**COMMON_FLAGS, "rows": "--rows", "cols": "--cols", "blank": "--blank"}
SEPARATOR_NAMES = {" ": "space", ",": "comma", "\t": "tab", "/": "'/'"}


def define(reader: FieldReader, raw: dict) -> tuple[SlidingPuzzle, list[str]]:
    """The puzzle and its goals (canonical, the default first) from a raw TOML table;
    `reader` (builder.definition_fields) names the file in every message."""
    defined = SlidingReader(reader.source, reader.flags).define(
        {k: v for k, v in raw.items() if k != "kind"}
    )
    assert isinstance(defined.puzzle, SlidingPuzzle)
    return defined.puzzle, defined.goals


def from_flags(
    name: str,
    rows: int | str | None,
    cols: int | str | None,
    goal: str | None,
    blank: str | None = "0",
    metric: str | None = None,
) -> Definition:
    """The plain case: one-cell pieces, one goal. Numbers may come as text, as flags do."""
    raw: dict[str, object] = {
        "name": name,
        "rows": _flag_number(rows, "--rows"),
        "cols": _flag_number(cols, "--cols"),
        "goal": goal,
    }
    raw["blank"] = "0" if blank is None else blank
    raw["metric"] = metric
    return SlidingReader("", FLAGS).define({k: v for k, v in raw.items() if v is not None})


def _flag_number(value: int | str | None, flag: str) -> int | str | None:
    """A flag's digits as a number, bounded first; other text is left for the reader to refuse."""
    if isinstance(value, str) and value.strip().isdecimal():
        if too_long(value.strip()):
            raise MalformedInput(too_large(flag, value.strip()))
        return int(value)
    return value


class SlidingReader(FieldReader):
    """The fields of a sliding board, on top of those every kind shares."""

    def define(self, raw: dict) -> Definition:
        self.check_keys(raw, KEYS, "", required=("name", "rows", "cols"))
        if "goal" in raw and "goals" in raw:
            self.fail("give either 'goal' or 'goals', not both")
        if "goal" not in raw and "goals" not in raw:
            self.fail("missing --goal" if self.flags else "missing key 'goals' (or 'goal')")
        name = self.name(raw["name"])
        title = self.title(self.text(raw, "title", ""))
        rows, cols = self.size(raw["rows"], "rows"), self.size(raw["cols"], "cols")
        if rows * cols > MAX_CELLS:
            self.fail(
                f"the board is {rows}x{cols} = {rows * cols} cells, at most {MAX_CELLS} are "
                f"allowed: {WHY_MAX_CELLS}"
            )
        blank = self.char(self.text(raw, "blank", "0"), "blank")
        metric = self.metric(self.text(raw, "metric", "single"))
        goals, goal_names = self.goals(raw, rows, cols, blank)
        starts = self.starts(raw, rows, cols, blank)
        goal_words = self.goal_words(raw, goals)
        # the whole positions, which say what the pieces are: the starts, the goals not patterns
        wholes = [(text, f"start {shown(n)}") for n, text in starts.items()] + [
            (g, what) for g, what in zip(goals, goal_names) if ANY not in g
        ]
        if not wholes:
            self.fail(
                f"{goal_names[0]} is a pattern ('{ANY}' stands for any cell), so the pieces must "
                f'come from a start: add start = "...", one character per cell'
            )
        if set(wholes[0][0]) == {blank}:
            self.fail(f"{wholes[0][1]} has only blanks: a puzzle needs at least one piece")
        first = Counter(wholes[0][0])
        for text, what in wholes[1:]:
            self.check_same_pieces(Counter(text), first, what, wholes[0][1], blank)
        positions, position_names = [w[0] for w in wholes], [w[1] for w in wholes]
        pieces = raw.get("pieces", {})
        wide, names, glyphs = self.pieces(pieces, positions, position_names, blank, rows, cols)
        if metric == "multi" and wide:
            label, (h, w) = next(iter(wide.items()))
            self.fail(
                f"[pieces.{shown(label, 8)[1:-1]}]: size [{h}, {w}] cannot be used with "
                f'{self.field("metric")} = "multi", which slides runs of one-cell tiles; '
                f'make every piece [1, 1] or use metric "single"'
            )
        if "blank_glyph" in raw:
            glyphs[blank] = self.char(self.text(raw, "blank_glyph", ""), "blank_glyph")
        self.check_glyphs(glyphs, positions[0])
        self.check_names(names, glyphs, positions[0], blank)
        try:
            puzzle = SlidingPuzzle(
                name,
                rows,
                cols,
                goals[0],
                blank,
                title=title,
                wide=wide,
                glyphs=glyphs,
                names=names,
                metric=metric,
                starts=starts,
                goal_words=goal_words,
            )
            canonical = [puzzle.parse_goal(g) for g in goals]
        except (BadDefinition, MalformedInput) as error:  # checked above; kept as a backstop
            self.fail(error.message)
        return Definition(puzzle, canonical)

    # -- fields ---------------------------------------------------------------------------------
    def size(self, value: object, key: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"{self.field(key)} must be a whole number, not {kind_of(value)}")
        if too_long(str(abs(value))):
            self.fail(too_large(self.field(key), str(value)))
        if value < 1:
            self.fail(f"{self.field(key)} must be positive, not {value}")
        return value

    def metric(self, value: str) -> str:
        if value not in METRICS:
            known = ", ".join(f'"{m}"' for m in METRICS)
            self.fail(f"{self.field('metric')} must be one of {known}, not {shown(value)}")
        return value

    def char(self, value: str, what: str) -> str:
        if len(value) != 1:
            self.fail(f"{self.field(what)} must be exactly one character, not {shown(value)}")
        if value in SEPARATORS + ROW_SEPARATOR:
            self.fail(
                f"{self.field(what)} cannot be {SEPARATOR_NAMES[value]}: space, comma, tab and "
                f"'/' separate cells in typed states"
            )
        if not value.isprintable():
            self.fail(f"{self.field(what)} {shown(value)} is not a printable character")
        if value == ANY:
            self.fail(f"{self.field(what)} cannot be '{ANY}': in a goal it stands for any cell")
        return value

    # -- goals ----------------------------------------------------------------------------------
    def goals(self, raw: dict, rows: int, cols: int, blank: str) -> tuple[list[str], list[str]]:
        if "goal" in raw:
            goals, names = [raw["goal"]], [self.field("goal")]
            if not isinstance(raw["goal"], str):
                self.fail(f"{names[0]} must be a string, not {kind_of(raw['goal'])}")
        else:
            goals = raw["goals"]
            if not isinstance(goals, list):
                self.fail(f"goals must be an array of strings, not {kind_of(goals)}")
            if not goals:
                self.fail("goals is empty: give at least one goal")
            names = [f"goal {i}" for i in range(1, len(goals) + 1)] if len(goals) > 1 else ["goal"]
            for goal, what in zip(goals, names):
                if not isinstance(goal, str):
                    self.fail(f"{what} must be a string, not {kind_of(goal)}")
        for goal, what in zip(goals, names):
            self.check_goal(goal, what, rows, cols, blank)
        for i, goal in enumerate(goals[1:], start=1):
            if goal in goals[:i]:
                self.fail(f"{names[i]} repeats {names[goals.index(goal)]} ({shown(goal)})")
        return goals, names

    def starts(self, raw: dict, rows: int, cols: int, blank: str) -> dict[str, str]:
        """Named positions to start from (`start = "..."` is the one named start): they name
        the pieces of a puzzle whose goal is a pattern, and stand for themselves as states."""
        if "start" in raw and "starts" in raw:
            self.fail("give either 'start' or 'starts', not both")
        if "start" in raw:
            table = {"start": raw["start"]}
        else:
            table = raw.get("starts", {})
            if not isinstance(table, dict) or (not table and "starts" in raw):
                self.fail(
                    f"starts must be a table of name = position, not {kind_of(table)}"
                    if not isinstance(table, dict)
                    else "starts is empty: give at least one, or leave it out"
                )
        for name, text in table.items():
            what = f"start {shown(name)}"
            if not NAME.fullmatch(name) or len(name) == rows * cols:
                self.fail(
                    f"{what} is not a valid name for a start: use lowercase letters, digits, "
                    f"'-' and '_', at most 40, and not {rows * cols} characters (a position)"
                )
            if not isinstance(text, str):
                self.fail(f"{what} must be a string, not {kind_of(text)}")
            if ANY in text:
                self.fail(f"{what} has '{ANY}': only a goal may be a pattern")
            self.check_goal(text, what, rows, cols, blank)
        return dict(table)

    def check_goal(self, goal: str, what: str, rows: int, cols: int, blank: str) -> None:
        for cell, ch in enumerate(goal):
            if ch in SEPARATORS + ROW_SEPARATOR:
                self.fail(
                    f"{what} has {SEPARATOR_NAMES[ch]} at position {cell + 1}: space, comma, tab "
                    f"and '/' separate cells in typed states, so they cannot be labels; write "
                    f"the goal as one character per cell, row by row"
                )
            if not ch.isprintable():
                self.fail(
                    f"{what} has the unprintable character {shown(ch)} at position {cell + 1}"
                )
        if len(goal) != rows * cols:
            self.fail(
                f"{what} {shown(goal)} has {len(goal):,} cells, a {rows}x{cols} board has "
                f"{rows * cols}"
            )
        if blank not in goal and ANY not in goal:
            self.fail(
                f"{what} {shown(goal)} has no blank {shown(blank)}"
                + ("" if self.flags or blank != "0" else " (the default blank; set 'blank')")
            )

    def check_same_pieces(
        self, found: Counter, first: Counter, what: str, first_name: str, blank: str
    ) -> None:
        if found[blank] != first[blank]:
            self.fail(
                f"{what} has {_blanks(found[blank], blank)}, but {first_name} has "
                f"{_blanks(first[blank], blank)}: every goal holds the same pieces"
            )
        for label in sorted(set(found) | set(first)):
            if found[label] != first[label]:
                self.fail(
                    f"{what} has piece '{label}' {times(found[label])}, but {first_name} has it "
                    f"{times(first[label])}: every goal holds the same pieces"
                )

    # -- pieces ---------------------------------------------------------------------------------
    def pieces(
        self,
        table: object,
        goals: list[str],
        goal_names: list[str],
        blank: str,
        rows: int,
        cols: int,
    ) -> tuple[dict[str, tuple[int, int]], dict[str, str], dict[str, str]]:
        """Sizes, move names and glyphs of the labels that have a [pieces.X] table."""
        if not isinstance(table, dict):
            self.fail(f"pieces must be a table of [pieces.X] tables, not {kind_of(table)}")
        wide: dict[str, tuple[int, int]] = {}
        names: dict[str, str] = {}
        glyphs: dict[str, str] = {}
        for label, spec in table.items():
            where = f"pieces.{shown(label, 8)[1:-1]}"
            if len(label) != 1:
                self.fail(
                    f"[{where}]: a piece is known by its one-character label, not {shown(label)}"
                )
            if label == blank:
                self.fail(f"[{where}]: {shown(label)} is the blank, not a piece (see blank_glyph)")
            if label not in goals[0]:
                self.fail(
                    f"[{where}]: there is no piece {shown(label)} in {goal_names[0]} "
                    f"{shown(goals[0])}"
                )
            if not isinstance(spec, dict):
                self.fail(f"{where} must be a table, not {kind_of(spec)}")
            self.check_keys(spec, PIECE_KEYS, f" in [{where}]")
            h, w = self.piece_size(spec.get("size", [1, 1]), where)
            if h > rows or w > cols:
                self.fail(f"piece '{label}' ({h}x{w}) does not fit: the board is {rows}x{cols}")
            if h * w > 1:
                wide[label] = (h, w)
                for goal, what in zip(goals, goal_names):
                    misfit = _misfit(goal, label, h, w, rows, cols)
                    if misfit:
                        piece = f"piece '{label}' ({h}x{w})"
                        self.fail(f"{piece} does not fit {what} {shown(goal)}: {misfit}")
            if "name" in spec:
                names[label] = self.piece_name(spec["name"], where)
            if "glyph" in spec:
                if not isinstance(spec["glyph"], str):
                    self.fail(f"{where}.glyph must be a string, not {kind_of(spec['glyph'])}")
                glyphs[label] = self.char(spec["glyph"], f"{where}.glyph")
        return wide, names, glyphs

    def piece_size(self, size: object, where: str) -> tuple[int, int]:
        if (
            not isinstance(size, list)
            or len(size) != 2
            or any(isinstance(n, bool) or not isinstance(n, int) for n in size)
        ):
            self.fail(
                f"{where}.size must be [rows, cols], two whole numbers, not {shown(size)[1:-1]}"
            )
        if min(size) < 1:
            self.fail(f"{where}.size must be positive, not {size}")
        return size[0], size[1]

    def piece_name(self, value: object, where: str) -> str:
        if not isinstance(value, str):
            self.fail(f"{where}.name must be a string, not {kind_of(value)}")
        if not value or value != value.strip() or not value.isprintable():
            self.fail(
                f"{where}.name must be printable text, no spaces at its ends, not {shown(value)}"
            )
        if len(value) > MAX_PIECE_NAME:
            self.fail(
                f"{where}.name has {len(value):,} characters, at most {MAX_PIECE_NAME} are "
                f"allowed: {shown(value)}"
            )
        return value

    def check_glyphs(self, glyphs: dict, goal: str) -> None:
        """A glyph is read back as its label, so it must not be another label or glyph."""
        owner: dict[str, str] = {}
        for label, glyph in glyphs.items():
            if glyph != label and glyph in goal:
                self.fail(f"glyph '{glyph}' of '{label}' is also a label in the goal")
            if glyph in owner:
                self.fail(f"glyph '{glyph}' is given to both '{owner[glyph]}' and '{label}'")
            owner[glyph] = label

    def check_names(self, names: dict, glyphs: dict, goal: str, blank: str) -> None:
        """Moves are said by piece name ("bulb left"), so two pieces sharing one would read
        alike to a player."""
        called: dict[str, str] = {}
        for label in dict.fromkeys(goal):
            if label == blank:
                continue
            name = names.get(label) or f"tile {glyphs.get(label, label)}"
            if name in called:
                self.fail(
                    f"pieces '{called[name]}' and '{label}' would both be called {shown(name)} in "
                    f"moves; give them different names"
                )
            called[name] = label


def _misfit(goal: str, label: str, h: int, w: int, rows: int, cols: int) -> str | None:
    """Why the cells of `label` in `goal` are not whole h x w blocks (the sliding rule of
    multi-cell pieces), or None."""
    _, misfit = wide_blocks(goal, {label: (h, w)}, rows, cols)
    if misfit is None:
        return None
    top, left = divmod(misfit[1], cols)
    return (
        f"the '{label}' at row {top + 1}, column {left + 1} does not start a whole "
        f"{h}x{w} block ({_plural(h, 'row')} by {_plural(w, 'column')})"
    )


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _blanks(n: int, blank: str) -> str:
    return f"{_plural(n, 'blank')} {shown(blank)}"
