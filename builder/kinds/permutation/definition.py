"""Puzzles written as permutations, defined without code: a TOML table with
`kind = "permutation"`, `puzzledb build NAME --tws FILE [--moves U,R,F]` from twsearch's
format (tws.py; examples/cube2.tws is the 2x2x2's corners), or `--kpuzzle FILE` from cubing.js's
KPuzzle JSON (kpuzzle.py). A complete TOML file:

    kind = "permutation"    # required
    name = "swap3"          # required, as for every kind
    title = "Three in a ring"  # optional; default: the name
    metric = "htm"          # optional: "htm" (every power of a move is one move, the default)
                            #   or "qtm" (only a turn and its undoing; `R2` is two moves)

    [orbits]                # required: each orbit's pieces and their orientations
    PIECE = [3, 2]

    [solved]                # optional: each orbit's pieces by position (numbers from 1, a
    PIECE = [[1, 2, 3], [0, 0, 0]]   # number repeated for alike pieces) and orientations;
                            #   default: each piece at home, untwisted

    [moves]                 # required: each move, for each orbit it changes, where each
    R = { PIECE = [[3, 1, 2], [1, 0, 1]] }  # position takes its piece from (from 1) and how
                            #   much that piece turns; an orbit left out stays as it is
    goal = "..."            # optional: a position to build toward (default: solved)
    start = "..."           # optional: a position called "start" in queries; or [starts]

Moves follow twsearch's convention: after a move, position i holds the piece that was at
permutation[i], its orientation increased by the twist at i.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from ...core.errors import BadDefinition, MalformedInput
from ...core.message_text import PATH_SHOWN, shown
from ...definition_fields import COMMON_FLAGS, NAME, Definition, FieldReader, kind_of
from .kpuzzle import read_kpuzzle
from .moves import METRICS
from .orbits import Orbit, Transformation
from .puzzle import PermutationPuzzle
from .text_form import MAX_ORIENTATIONS, Cells
from .tws import MAX_PIECES, read_tws
from .tws import NAME as MOVE_NAME

KEYS = ("kind", "name", "title", "metric", "orbits", "solved", "moves", "goal", "start", "starts")
#: The options of `puzzledb build` that define such a puzzle, by field.
FLAGS = {**COMMON_FLAGS, "tws": "--tws", "kpuzzle": "--kpuzzle", "moves": "--moves"}
#: A reader of a file of moves: (its text, the file as messages name it, the moves to keep).
Reader = Callable[
    [str, str, Sequence[str] | None],
    tuple[tuple[Orbit, ...], tuple[Cells, ...], dict[str, Transformation], str],
]


def define(reader: FieldReader, raw: dict) -> tuple[PermutationPuzzle, list[str]]:
    """The puzzle and its goal from a TOML table; `reader` names the file in every message."""
    reader.check_keys(raw, KEYS, "", required=("name", "orbits", "moves"))
    name = reader.name(raw["name"])
    title = reader.title(reader.text(raw, "title", ""))
    metric = _metric(reader, reader.text(raw, "metric", "htm"))
    orbits = _orbits(reader, raw["orbits"])
    solved = _solved(reader, raw.get("solved", {}), orbits)
    moves = _moves(reader, raw["moves"], orbits)
    return _made(reader, name, title, metric, orbits, solved, moves, raw)


def _from_file(
    name: str,
    path: str,
    moves: str | None = None,
    metric: str | None = None,
    goal: str | None = None,
    *,
    wanted: str,
    read: Reader,
) -> Definition:
    """`build NAME --tws FILE` or `--kpuzzle FILE` (`wanted` and `read` say which), with
    [--moves U,R,F] [--metric M] [--goal G]."""
    from ...definition import read_text  # a regular file, bounded, never a FIFO or a device

    reader = FieldReader("", FLAGS)
    name = reader.name(name)
    keep = None if moves is None else [m.strip() for m in moves.split(",") if m.strip()]
    source = shown(path, PATH_SHOWN)
    orbits, solved, found, title = read(read_text(path, wanted), source, keep)
    raw = {} if goal is None else {"goal": goal}
    puzzle, goals = _made(
        reader, name, title or name, _metric(reader, metric or "htm"), orbits, solved, found, raw
    )
    return Definition(puzzle, goals)


#: `build NAME --tws FILE [--moves U,R,F] [--metric M] [--goal G]`.
from_tws = partial(_from_file, wanted="a .tws file", read=read_tws)
#: `build NAME --kpuzzle FILE [--moves U,R,F] [--metric M] [--goal G]`.
from_kpuzzle = partial(_from_file, wanted="a KPuzzle JSON file", read=read_kpuzzle)


def _made(
    reader: FieldReader,
    name: str,
    title: str,
    metric: str,
    orbits: tuple[Orbit, ...],
    solved: tuple[Cells, ...],
    moves: dict[str, Transformation],
    raw: dict,
) -> tuple[PermutationPuzzle, list[str]]:
    starts = _starts(reader, raw)
    try:
        puzzle = PermutationPuzzle(
            name, orbits, solved, moves, title=title, metric=metric, starts=starts
        )
        goal = puzzle.parse_goal(reader.text(raw, "goal", "") or None)
    except (BadDefinition, MalformedInput) as error:
        reader.fail(error.message)
    return puzzle, [goal]


def _metric(reader: FieldReader, metric: str) -> str:
    if metric not in METRICS:
        known = ", ".join(f'"{m}"' for m in METRICS)
        reader.fail(f"{reader.field('metric')} must be one of {known}, not {shown(metric)}")
    return metric


def _orbits(reader: FieldReader, table: object) -> tuple[Orbit, ...]:
    if not isinstance(table, dict) or not table:
        reader.fail(
            f"orbits must be a table of NAME = [pieces, orientations], not {kind_of(table)}"
        )
    out = []
    for name, value in table.items():
        if not MOVE_NAME.fullmatch(name):
            reader.fail(f"orbits: {shown(name)} is not a name for an orbit")
        if (
            not isinstance(value, list)
            or len(value) != 2
            or any(isinstance(n, bool) or not isinstance(n, int) for n in value)
        ):
            reader.fail(f"orbits.{name} must be [pieces, orientations], not {kind_of(value)}")
        pieces, turns = value
        if not 1 <= pieces <= MAX_PIECES or not 1 <= turns <= MAX_ORIENTATIONS:
            reader.fail(
                f"orbits.{name} has {pieces:,} pieces of {turns:,} orientations: from 1 to "
                f"{MAX_PIECES} pieces, from 1 to {MAX_ORIENTATIONS} orientations"
            )
        out.append(Orbit(name, pieces, turns))
    return tuple(out)


def _part(
    reader: FieldReader, where: str, value: object, orbit: Orbit, permutation: bool
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """[[positions from 1], [orientations]] of one orbit, checked; positions from 0."""
    shape = f"[[{orbit.pieces} numbers from 1], [{orbit.pieces} orientations]]"
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(not isinstance(v, list) or len(v) != orbit.pieces for v in value)
        or any(isinstance(n, bool) or not isinstance(n, int) for v in value for n in v)
    ):
        reader.fail(f"{where} must be {shape}, not {kind_of(value)}")
    numbers, twist = value
    if any(not 1 <= p <= orbit.pieces for p in numbers):
        reader.fail(f"{where} names a position outside 1 to {orbit.pieces}")
    if permutation and sorted(numbers) != list(range(1, orbit.pieces + 1)):
        reader.fail(f"{where}: {numbers} is not a permutation: each of 1 to {orbit.pieces} once")
    if any(not 0 <= t < orbit.orientations for t in twist):
        reader.fail(f"{where} turns a piece outside 0 to {orbit.orientations - 1}")
    return tuple(p - 1 for p in numbers), tuple(twist)


def _solved(reader: FieldReader, table: object, orbits: tuple[Orbit, ...]) -> tuple[Cells, ...]:
    if not isinstance(table, dict):
        reader.fail(f"solved must be a table of orbits, not {kind_of(table)}")
    by_name = {o.name for o in orbits}
    for name in table:
        if name not in by_name:
            reader.fail(f"solved names {shown(name)}, which is no orbit")
    return tuple(
        _part(reader, f"solved.{o.name}", table[o.name], o, permutation=False)
        if o.name in table
        else (tuple(range(o.pieces)), (0,) * o.pieces)
        for o in orbits
    )


def _moves(
    reader: FieldReader, table: object, orbits: tuple[Orbit, ...]
) -> dict[str, Transformation]:
    if not isinstance(table, dict) or not table:
        reader.fail(f"moves must be a table of moves, not {kind_of(table)}")
    by_name = {o.name for o in orbits}
    out = {}
    for name, parts in table.items():
        if not MOVE_NAME.fullmatch(name):
            reader.fail(f"moves: {shown(name)} is not a name for a move")
        if not isinstance(parts, dict):
            reader.fail(f"moves.{name} must be a table of orbits, not {kind_of(parts)}")
        for orbit in parts:
            if orbit not in by_name:
                reader.fail(f"moves.{name} names {shown(orbit)}, which is no orbit")
        out[name] = Transformation(
            tuple(
                _part(reader, f"moves.{name}.{o.name}", parts[o.name], o, permutation=True)
                if o.name in parts
                else (tuple(range(o.pieces)), (0,) * o.pieces)
                for o in orbits
            )
        )
    return out


def _starts(reader: FieldReader, raw: dict) -> dict[str, str]:
    table = reader.start_table(raw)
    for name, text in table.items():
        if not NAME.fullmatch(name) or not isinstance(text, str):
            reader.fail(
                f"start {shown(name)}: a name of lowercase letters, digits, '-', '_' = text"
            )
    return table
