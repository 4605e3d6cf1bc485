"""Sliding puzzles defined without code: a TOML file or command-line flags -> SlidingPuzzle.

A TOML file with `kind = "peg"` defines a peg board instead (builder.kinds.peg.definition), and one
with `kind = "rush"` a Rush Hour card (builder.kinds.rush.definition).

The Ruby article's solver takes any board, labels, blank and goal; this lets a user serve such
a puzzle (`puzzledb build --file my.toml`, or `puzzledb build NAME --rows R --cols C --goal G`)
without editing catalogue.py. Every mistake is a BadDefinition that names the file and the
field, because the person reading it wrote the file, not the code.

The TOML format (examples/nooff.toml and examples/ruby2x2.toml are complete files):

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

import os
import stat
import tomllib
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NoReturn

from .catalogue import CATALOGUE
from .core.errors import BadDefinition, MalformedInput
from .core.file_kinds import file_kind
from .core.message_text import PATH_SHOWN, shown, times
from .kinds.peg.puzzle import PegSolitaire
from .kinds.sliding import METRICS, SlidingPuzzle, wide_blocks
from .kinds.sliding.arrangements import ANY
from .puzzle import ROW_SEPARATOR, SEPARATORS
from .toml_values import NAME
from .toml_values import kind_of as _kind

if TYPE_CHECKING:
    from .kinds.rush import RushHour

MAX_CELLS = 64
#: The largest definition file read: a big board's with every piece named is a few kB.
MAX_FILE_BYTES = 1_000_000
MAX_TITLE = 100
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
FLAGS = {
    "name": "NAME",
    "rows": "--rows",
    "cols": "--cols",
    "goal": "--goal",
    "blank": "--blank",
    "metric": "--metric",
    "start": "--rush",
}
SEPARATOR_NAMES = {" ": "space", ",": "comma", "\t": "tab", "/": "'/'"}


@dataclass(frozen=True)
class Definition:
    """A defined puzzle and its goals (canonical text, the default goal first)."""

    puzzle: SlidingPuzzle | PegSolitaire | RushHour
    goals: list[str]


def load_file(path: str | os.PathLike[str]) -> Definition:
    source = str(path)
    try:
        data = _read_bounded(path, source)
    except OSError as error:
        reason = error.strerror or error
        raise BadDefinition(f"{source}: cannot read the file: {reason}") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BadDefinition(f"{source}: not UTF-8 text (bad byte at {error.start})") from None
    return load_text(text, source)


def _read_bounded(path: str | os.PathLike[str], source: str) -> bytes:
    """The bytes of a regular file of at most MAX_FILE_BYTES. A FIFO would block the build
    until someone writes to it and /dev/zero would fill memory: such paths are refused
    before they are read. O_NONBLOCK opens a FIFO made in the meantime without waiting."""
    _check_regular(os.stat(path).st_mode, source)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    with os.fdopen(fd, "rb") as file:
        _check_regular(os.fstat(fd).st_mode, source)
        data = file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise BadDefinition(
            f"{shown(source, PATH_SHOWN)} is larger than {MAX_FILE_BYTES:,} bytes, far more "
            f"than any puzzle's definition; give the path of a TOML file"
        )
    return data


def _check_regular(mode: int, source: str) -> None:
    if not stat.S_ISREG(mode):
        raise BadDefinition(
            f"{shown(source, PATH_SHOWN)} is not a definition file (it is {file_kind(mode)}); "
            f"give the path of a TOML file"
        )


def load_text(text: str, source: str = "<string>") -> Definition:
    try:
        table = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BadDefinition(f"{source}: not valid TOML: {error}") from None
    except RecursionError:  # tomllib reads nested arrays and tables recursively
        raise BadDefinition(
            f"{source}: arrays or tables nested too deeply to read; a puzzle's definition "
            f"nests them at most two deep"
        ) from None
    reader = _Reader(source, flags=False)
    kind = table.get("kind", "sliding")
    if kind == "peg":
        from .kinds.peg.definition import define_peg  # it builds on this module's reader

        return Definition(*define_peg(reader, table))
    if kind == "rush":
        from .kinds.rush.definition import define_rush  # it builds on this module's reader

        return Definition(*define_rush(reader, table))
    if kind != "sliding":
        reader.fail(f'kind must be "sliding" (the default), "peg" or "rush", not {shown(kind)}')
    return reader.define({k: v for k, v in table.items() if k != "kind"})


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
        "rows": _flag_number(rows),
        "cols": _flag_number(cols),
        "goal": goal,
    }
    raw["blank"] = "0" if blank is None else blank
    raw["metric"] = metric
    return _Reader("", flags=True).define({k: v for k, v in raw.items() if v is not None})


def rush_from_flags(
    name: str, board: str, metric: str | None = None, goal: str | None = None
) -> Definition:
    """A Rush Hour card from `build NAME --rush BOARD [--metric M] [--goal G]`."""
    from .kinds.rush.definition import define_rush

    raw = {"name": name, "start": board, "metric": metric, "goal": goal}
    reader = _Reader("", flags=True)
    return Definition(*define_rush(reader, {k: v for k, v in raw.items() if v is not None}))


def rush_cards_from_flags(name: str, path: str, metric: str | None = None) -> Definition:
    """The clusters of a list of Rush Hour cards from `build NAME --rush-cards FILE
    [--metric M]` (builder.kinds.rush.cards), toward the primary car at the exit."""
    from .kinds.rush.card_list import load_cards
    from .kinds.rush.cards import RushCards
    from .kinds.rush.moves import METRICS as RUSH_METRICS

    reader = _Reader("", flags=True)
    name = reader.name(name)
    metric = "moves" if metric is None else metric
    if metric not in RUSH_METRICS:
        known = ", ".join(f'"{m}"' for m in RUSH_METRICS)
        reader.fail(f"--metric must be one of {known}, not {shown(metric)}")
    lines, rows, cols = load_cards(path)
    puzzle = RushCards.from_lines(name, lines, rows, cols, metric, shown(path, PATH_SHOWN))
    return Definition(puzzle, [puzzle.default_goal])


def _flag_number(value: int | str | None) -> int | str | None:
    if isinstance(value, str) and value.strip().isdecimal():
        return int(value)
    return value


class _Reader:
    """Checks one raw definition field by field; `fail` prefixes the source of the text."""

    def __init__(self, source: str, flags: bool):
        self.source, self.flags = source, flags

    def fail(self, message: str) -> NoReturn:
        raise BadDefinition(f"{self.source}: {message}" if self.source else message)

    def field(self, key: str) -> str:
        return FLAGS.get(key, key) if self.flags else key

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
    def check_keys(
        self, table: dict, known: Sequence[str], where: str, required: Sequence[str] = ()
    ) -> None:
        unknown = [k for k in table if k not in known]
        if unknown:
            listed = ", ".join(shown(k) for k in unknown[:5]) + (", ..." if unknown[5:] else "")
            self.fail(
                f"unknown key{'s' if len(unknown) > 1 else ''} {listed}{where}; "
                f"known keys: {', '.join(known)}"
            )
        for key in required:
            if key not in table:
                self.fail(
                    f"missing {self.field(key)}" if self.flags else f"missing key '{key}'{where}"
                )

    def text(self, raw: dict, key: str, default: str) -> str:
        value = raw.get(key, default)
        if not isinstance(value, str):
            self.fail(f"{self.field(key)} must be a string, not {_kind(value)}")
        return value

    def goal_words(self, raw: dict, goals: list[str]) -> dict[str, str]:
        """Words for goals (goal -> words): a string names the first goal; a table names
        any of them. Printable, at most MAX_TITLE characters, as a title."""
        value = raw.get("goal_words", {})
        table = {goals[0]: value} if isinstance(value, str) else value
        if not isinstance(table, dict):
            self.fail(f"goal_words must be a string or a table, not {_kind(value)}")
        for goal, words in table.items():
            if goal not in goals:
                self.fail(f"goal_words names {shown(goal)}, which is not one of the goals")
            if not isinstance(words, str) or not words.strip():
                self.fail(f"goal_words for {shown(goal)} must be a non-empty string")
            self.printable(words, "goal_words")
        return dict(table)

    def title(self, value: str) -> str:
        """Shown by list, stats and the page: printable (no control, zero-width or bidi
        characters, which could hide or reorder what is printed around it), at most 100."""
        return self.printable(value, "title")

    def printable(self, value: str, key: str) -> str:
        if (
            len(value) > MAX_TITLE
            or not value.isprintable()
            or any(unicodedata.category(ch) == "Cf" for ch in value)
        ):
            self.fail(
                f"{self.field(key)} must be printable text of at most {MAX_TITLE} "
                f"characters, not {shown(value)}"
            )
        return value

    def name(self, value: object) -> str:
        if not isinstance(value, str):
            self.fail(f"{self.field('name')} must be a string, not {_kind(value)}")
        if not value:
            self.fail(f"{self.field('name')} is empty")
        if not NAME.fullmatch(value):
            self.fail(
                f"{self.field('name')} {shown(value)} is not a valid puzzle name: use lowercase "
                f"letters, digits, '-' and '_', starting with a letter or digit, at most 40"
            )
        if value in CATALOGUE:
            self.fail(
                f"{self.field('name')} {shown(value)} is a catalogue puzzle; choose another name"
            )
        return value

    def size(self, value: object, key: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"{self.field(key)} must be a whole number, not {_kind(value)}")
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
                self.fail(f"{names[0]} must be a string, not {_kind(raw['goal'])}")
        else:
            goals = raw["goals"]
            if not isinstance(goals, list):
                self.fail(f"goals must be an array of strings, not {_kind(goals)}")
            if not goals:
                self.fail("goals is empty: give at least one goal")
            names = [f"goal {i}" for i in range(1, len(goals) + 1)] if len(goals) > 1 else ["goal"]
            for goal, what in zip(goals, names):
                if not isinstance(goal, str):
                    self.fail(f"{what} must be a string, not {_kind(goal)}")
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
                    f"starts must be a table of name = position, not {_kind(table)}"
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
                self.fail(f"{what} must be a string, not {_kind(text)}")
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
            self.fail(f"pieces must be a table of [pieces.X] tables, not {_kind(table)}")
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
                self.fail(f"{where} must be a table, not {_kind(spec)}")
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
                    self.fail(f"{where}.glyph must be a string, not {_kind(spec['glyph'])}")
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
            self.fail(f"{where}.name must be a string, not {_kind(value)}")
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
