"""What a build will do, every input checked before anything is searched: the puzzles and goals
(catalogue names, --all, a TOML file or a rectangle's flags, --all-goals), and the refusal of a
complete search that memory cannot hold, said at once rather than hours later."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import NamedTuple

from puzzledb.builder import catalogue
from puzzledb.builder.core.errors import ClusterFailed, MalformedInput, TooLarge
from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.builder.puzzle import BYTES_PER_STATE, MAX_COMPLETE_STATES, SEARCH_MEMORY, Puzzle
from puzzledb.builder.search.memory import Budget, parse_budget, walking_budget
from puzzledb.db.connection import resolve_path

from ..questions import whole_number


class Job(NamedTuple):
    """One build: a puzzle toward one goal."""

    puzzle: Puzzle
    goal: str


@dataclass(frozen=True)
class BuildPlan:
    """What run() will build, in order, into which file and how: `radius` keeps only states
    within it, `memory` is what a search may take (None: what the machine has free),
    `compact` derives pred from the move, `classes` stores one position per class of
    symmetric ones, `cluster` (an address) searches on a Dask cluster."""

    jobs: tuple[Job, ...]
    database: Path
    radius: int | None = None
    memory: Budget | None = None
    compact: bool = True
    classes: bool = True
    cluster: str | None = None


@dataclass(frozen=True)
class Rectangle:
    """A plain sliding puzzle defined by flags (`build NAME --rows R --cols C --goal G`)."""

    rows: int | str | None = None
    cols: int | str | None = None
    blank: str | None = None
    metric: str | None = None

    def given(self) -> bool:
        return self.rows is not None or self.cols is not None

    def example(self, name: str, goal: str | None) -> str:
        """The command that builds it, for a refusal to show with a radius added."""
        return (
            f"puzzledb build {name} --rows {self.rows} --cols {self.cols} "
            f"--goal {shlex.quote(goal or '')}"
            + ("" if self.blank is None else f" --blank {shlex.quote(self.blank)}")
            + ("" if self.metric is None else f" --metric {shlex.quote(self.metric)}")
        )


def plan(
    names: Sequence[str] = (),
    *,
    db: str | Path | None = None,
    build_all: bool = False,
    goal: str | None = None,
    all_goals: bool = False,
    radius: int | str | None = None,
    memory: str | Budget | None = None,
    compact: bool = True,
    classes: bool = True,
    cluster: str | None = None,
    definition: str | None = None,
    rows: int | str | None = None,
    cols: int | str | None = None,
    blank: str | None = None,
    metric: str | None = None,
    rush: str | None = None,
    rush_cards: str | None = None,
    tws: str | None = None,
    kpuzzle: str | None = None,
    moves: str | None = None,
) -> BuildPlan:
    """The plan of `puzzledb build`, each keyword one of its options (`build_all` is --all,
    `definition` --file, `rush` --rush, `rush_cards` --rush-cards, `tws` --tws and `kpuzzle`
    --kpuzzle with `moves` --moves): raises MalformedInput,
    UnknownPuzzle, BadDefinition, TooLarge or ClusterFailed, as the command reports them,
    before anything is searched or written."""
    names = (names,) if isinstance(names, str) else tuple(names)
    radius = None if radius is None else whole_number(radius, "radius")
    budget = parse_budget(memory) if isinstance(memory, str) else memory
    if cluster is not None:
        builder_for(cluster)  # a bad ADDRESS, or no Dask, is refused before any build
    with walking_budget(budget):  # a card's cluster, walked to define it, keeps to it
        rectangle = Rectangle(rows, cols, blank, metric)
        if moves is not None and tws is None and kpuzzle is None:
            raise MalformedInput(
                "--moves keeps some of the moves of a --tws or --kpuzzle file: give one"
            )
        if tws is not None and kpuzzle is not None:
            raise MalformedInput("--tws and --kpuzzle each define the puzzle: give one of them")
        if tws is not None or kpuzzle is not None:
            flag, path = ("tws", tws) if tws is not None else ("kpuzzle", kpuzzle)
            assert path is not None
            jobs = _moves_file(
                names, build_all, goal, radius, definition, rectangle, rush, flag, path, moves
            )
        elif rush_cards is not None:
            jobs = _rush_cards(names, build_all, goal, definition, rectangle, rush, rush_cards)
        elif rush is not None:
            jobs = _rush_card(names, build_all, goal, radius, definition, rectangle, rush)
        elif definition is not None or rectangle.given():
            jobs = _defined(names, build_all, goal, radius, definition, rectangle)
        else:
            jobs = _catalogued(names, build_all, goal, radius, rectangle)
        if all_goals:
            jobs = _every_target(jobs, goal, build_all)
    return BuildPlan(tuple(jobs), resolve_path(db), radius, budget, compact, classes, cluster)


def builder_for(cluster: str | None) -> ModuleType:
    """db.build, or for a cluster db.cluster.build (which loads Dask: only it pays), its
    ADDRESS checked."""
    if cluster is None:
        from puzzledb.db import build  # numpy: only builds pay for it

        return build
    try:
        from puzzledb.db.cluster import build as cluster_build
    except ImportError as error:
        raise ClusterFailed(
            f"--cluster needs Dask: pip install 'puzzledb[cluster]' ({error})"
        ) from None
    from puzzledb.builder.search.cluster.addresses import parse

    parse(cluster)  # a bad ADDRESS is malformed, before any build
    return cluster_build


def _defined(
    names: tuple[str, ...],
    build_all: bool,
    goal: str | None,
    radius: int | None,
    definition: str | None,
    rectangle: Rectangle,
) -> list[Job]:
    """The jobs of a puzzle defined in a TOML file or by a rectangle's flags: every goal the
    file gives, or the one --goal names."""
    from puzzledb.builder import definition as definitions

    if build_all:
        raise MalformedInput("--all builds the catalogue; it does not go with --file or --rows")
    if definition is not None:
        if names or rectangle != Rectangle():
            raise MalformedInput(
                "--file defines the puzzle: give no NAME, --rows, --cols, --blank or --metric"
            )
        defined = definitions.load_file(definition)
        example = f"puzzledb build --file {shown(definition, PATH_SHOWN)}"
    else:
        if len(names) != 1:
            raise MalformedInput("--rows and --cols define one puzzle: give exactly one NAME")
        blank = "0" if rectangle.blank is None else rectangle.blank
        defined = definitions.by_flag("rows")(
            names[0], rectangle.rows, rectangle.cols, goal, blank, rectangle.metric
        )
        example = rectangle.example(names[0], goal)
    puzzle: Puzzle = defined.puzzle
    goals = [puzzle.parse_goal(goal)] if goal is not None else defined.goals
    _check_size(puzzle, radius, example)
    return [Job(puzzle, target) for target in goals]


def _rush_card(
    names: tuple[str, ...],
    build_all: bool,
    goal: str | None,
    radius: int | None,
    definition: str | None,
    rectangle: Rectangle,
    board: str,
) -> list[Job]:
    """The job of a Rush Hour card given on the command line (`build NAME --rush BOARD`),
    toward its goal: the primary car at the exit, or --goal."""
    from puzzledb.builder import definition as definitions

    if build_all or definition is not None or rectangle.given() or rectangle.blank is not None:
        raise MalformedInput(
            "--rush defines the puzzle: give no --all, --file, --rows, --cols or --blank"
        )
    if len(names) != 1:
        raise MalformedInput("--rush defines one puzzle: give exactly one NAME")
    defined = definitions.by_flag("rush")(names[0], board, rectangle.metric, goal)
    puzzle: Puzzle = defined.puzzle
    metric = "" if rectangle.metric is None else f" --metric {shlex.quote(rectangle.metric)}"
    example = f"puzzledb build {names[0]} --rush {shlex.quote(board)}{metric}"
    _check_size(puzzle, radius, example)
    return [Job(puzzle, target) for target in defined.goals]


def _moves_file(
    names: tuple[str, ...],
    build_all: bool,
    goal: str | None,
    radius: int | None,
    definition: str | None,
    rectangle: Rectangle,
    rush: str | None,
    flag: str,
    path: str,
    moves: str | None,
) -> list[Job]:
    """The job of a puzzle read from twsearch's or cubing.js's format (`build NAME --tws FILE
    [--moves U,R,F]`, or --kpuzzle FILE), toward its solved state or --goal."""
    from puzzledb.builder import definition as definitions

    given = build_all or definition is not None or rectangle.given() or rush is not None
    if given or rectangle.blank is not None:
        raise MalformedInput(
            f"--{flag} defines the puzzle: give no --all, --file, --rush, --rows, --cols or --blank"
        )
    if len(names) != 1:
        raise MalformedInput(f"--{flag} defines one puzzle: give exactly one NAME")
    defined = definitions.by_flag(flag)(names[0], path, moves, rectangle.metric, goal)
    kept = "" if moves is None else f" --moves {shlex.quote(moves)}"
    example = f"puzzledb build {names[0]} --{flag} {shlex.quote(path)}{kept}"
    _check_size(defined.puzzle, radius, example)
    return [Job(defined.puzzle, target) for target in defined.goals]


def _rush_cards(
    names: tuple[str, ...],
    build_all: bool,
    goal: str | None,
    definition: str | None,
    rectangle: Rectangle,
    rush: str | None,
    path: str,
) -> list[Job]:
    """The job of a list of Rush Hour cards (`build NAME --rush-cards FILE`): every card's
    cluster once, toward the primary car at the exit."""
    from puzzledb.builder import definition as definitions

    given = build_all or definition is not None or rectangle.given() or rush is not None
    if given or rectangle.blank is not None or goal is not None:
        raise MalformedInput(
            "--rush-cards defines the puzzle: give no --all, --file, --rush, --rows, --cols, "
            "--blank or --goal (a list is built toward the primary car at the exit)"
        )
    if len(names) != 1:
        raise MalformedInput("--rush-cards defines one puzzle: give exactly one NAME")
    defined = definitions.by_flag("rush_cards")(names[0], path, rectangle.metric)
    return [Job(defined.puzzle, target) for target in defined.goals]


def _catalogued(
    names: tuple[str, ...],
    build_all: bool,
    goal: str | None,
    radius: int | None,
    rectangle: Rectangle,
) -> list[Job]:
    """The jobs of catalogue puzzles named, and with --all every seed puzzle of the articles
    (and the goals of seven that serve every target)."""
    if rectangle.blank is not None or rectangle.metric is not None:
        raise MalformedInput(
            f"{'--blank' if rectangle.blank is not None else '--metric'} goes with "
            f'--rows and --cols (a TOML file says `metric = "multi"`)'
        )
    if build_all:
        names = tuple(dict.fromkeys(names + tuple(catalogue.SEEDS)))
    if not names:
        raise MalformedInput(
            f"name a puzzle to build, or use --all; puzzles: {', '.join(catalogue.CATALOGUE)} "
            f"(or define one with --file or --rows/--cols)"
        )
    if goal is not None and len(names) != 1:
        raise MalformedInput("--goal needs exactly one puzzle name")
    jobs = []
    for name in names:
        puzzle = catalogue.get(name)
        target = puzzle.parse_goal(goal)
        _check_size(puzzle, radius, f"puzzledb build {name}", target)
        jobs.append(Job(puzzle, target))
    if build_all:
        from puzzledb.builder.targets import goals_for_every_target

        for name in catalogue.SEEDS_WITH_EVERY_TARGET:
            puzzle = catalogue.get(name)
            built = {target for p, target in jobs if p is puzzle}
            jobs += [Job(puzzle, t) for t in goals_for_every_target(puzzle) if t not in built]
    return jobs


def _every_target(jobs: list[Job], goal: str | None, build_all: bool) -> list[Job]:
    """The jobs of --all-goals: for each puzzle, one goal per class of blank cell under the
    board's symmetries, so that `path --to` can reach any position."""
    from puzzledb.builder.targets import goals_for_every_target

    if goal is not None or build_all:
        raise MalformedInput("--all-goals chooses the goals itself: give no --goal or --all")
    out = []
    for puzzle in dict.fromkeys(p for p, _ in jobs):
        if not puzzle.relabelable:
            alike = puzzle.alike_pieces()
            raise MalformedInput(
                f"--all-goals needs a puzzle whose pieces are all distinct (one blank, no wide "
                f"pieces), so that one build serves many targets; {puzzle.name} has {alike}: "
                f"build each target with --goal"
            )
        out += [Job(puzzle, target) for target in goals_for_every_target(puzzle)]
    return out


def _check_size(puzzle: Puzzle, radius: int | None, example: str, goal: str | None = None) -> None:
    """Refuse a complete search that memory cannot hold before it starts, not hours later."""
    count = catalogue.states_bound(puzzle, goal)
    if radius is None and count is not None and count > MAX_COMPLETE_STATES:
        raise TooLarge(
            f"{puzzle.name} has up to {count:,} states, too many to search completely (at "
            f"~{BYTES_PER_STATE} bytes a state, {SEARCH_MEMORY // 10**9} GB hold "
            f"{MAX_COMPLETE_STATES:,}); build it within a radius, e.g. {example} "
            f"--radius {catalogue.suggested_radius(puzzle.name, puzzle)}"
        )
