"""The lookups: `list`, `path`, `moves`, `depth`, `farthest` and `stats`, each a question asked
of the answer layer (service.answers) and its answer printed, as text or as one JSON object.
These must start fast: the answers and their queries load only when one runs, the text
formatters only when text is printed, and none loads numpy, Flask or pyarrow (`stats --plot`
loads matplotlib for its picture alone).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import click

from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.db.connection import existing_file, reader, resolve_path

from ... import questions
from ...questions import FARTHEST_LIMIT, LIMIT, OFFSET
from ..options import (
    WHOLE_NUMBER,
    DashedValues,
    db_option,
    goal_option,
    json_option,
    lookup_options,
    reports_errors,
)

if TYPE_CHECKING:
    from ...answers import Answers, Resolved

#: How an answer reads as text: service.cli.text's formatters, the board's look bound in.
Formatter = Callable[[Any], str]  # Any: each takes its own kind of answer (answer_types)


def answers_from(db_path: str | None) -> Answers:
    """The lookups' answers from the file at --db (export finds its build through them too):
    loaded here, since a build needs none of them (nor the queries and answer types they
    bring)."""
    from ...answers import Answers

    path = resolve_path(db_path)
    hint = f" --db {db_path}" if db_path else ""
    return Answers(reader(path), db_hint=hint, db_name=shown(str(path), PATH_SHOWN))


def _emit(answer: Mapping[str, object], as_json: bool, human: Formatter) -> None:
    """The answer as one JSON object, or as `human(answer)` makes it read: the text
    formatters (service.cli.text, and text_width with them) load only for text."""
    if as_json:
        click.echo(json.dumps(answer, ensure_ascii=False))
    else:
        click.echo(human(answer), nl=False)


@click.command("list", cls=DashedValues)
@db_option
@json_option
@reports_errors
def list_command(db_path: str | None, as_json: bool) -> None:
    """The catalogue, and which goals of each puzzle are built."""
    path = resolve_path(db_path)
    if existing_file(path):
        answer = answers_from(db_path).catalogue()
    else:
        from ...answers import catalogue_answer

        answer = catalogue_answer([])
    _emit(answer, as_json, lambda a: _text("list_text")(a))  # noqa: PLW0108 (text only)


TO_HELP = (
    "Reach this position instead of the goal (pieces all distinct: any position, "
    "from the builds of `build NAME --all-goals`; else a built goal)."
)


SCRAMBLE_HELP = (
    "Instead of STATE, for a twisty puzzle: the position this scramble makes, in WCA notation "
    '("R U2 F\' L D").'
)


def _state_or_scramble(state: str | None, scramble: str | None) -> None:
    """STATE may be left out for --scramble only: else the usage error click would give."""
    if state is None and scramble is None:
        raise click.UsageError(
            "Missing argument 'STATE' (or --scramble TURNS).", click.get_current_context()
        )


@click.command("path", cls=DashedValues)
@click.argument("name")
@click.argument("state", required=False)
@click.option("--to", "to", metavar="TARGET", help=TO_HELP)
@click.option("--scramble", metavar="TURNS", help=SCRAMBLE_HELP)
@lookup_options
def path_command(
    name: str,
    state: str | None,
    to: str | None,
    scramble: str | None,
    goal: str | None,
    db_path: str | None,
    as_json: bool,
) -> None:
    """An optimal path from STATE (or a scramble's position) to the goal (or to TARGET),
    board by board."""
    _state_or_scramble(state, scramble)
    question = questions.PathQuestion.of(name, state, goal, to, scramble)
    resolved, answer = answers_from(db_path).ask(question)
    _emit(answer, as_json, _drawn(resolved, "path_text"))


def _text(name: str) -> Callable[..., str]:
    """The formatter `name` of service.cli.text, imported only when text is printed."""
    from .. import text as printed

    return getattr(printed, name)


def _drawn(resolved: Resolved, text: str) -> Formatter:
    """service.cli.text's `text(puzzle, answer)` as a one-argument formatter: drawing boards
    needs the look of the puzzle the answer was made with."""
    return lambda answer: _text(text)(resolved.puzzle, answer)


@click.command("moves", cls=DashedValues)
@click.argument("name")
@click.argument("state", required=False)
@click.option("--to", "to", metavar="TARGET", help=TO_HELP)
@click.option("--scramble", metavar="TURNS", help=SCRAMBLE_HELP)
@click.option(
    "--any",
    "any_state",
    is_flag=True,
    help="Answer for a state the build does not hold too (a dead end): depth none.",
)
@lookup_options
def moves_command(
    name: str,
    state: str | None,
    to: str | None,
    scramble: str | None,
    any_state: bool,
    goal: str | None,
    db_path: str | None,
    as_json: bool,
) -> None:
    """Every legal move from STATE (or a scramble's position), the state it leads to and its
    depth, best first."""
    _state_or_scramble(state, scramble)
    question = questions.MovesQuestion.of(name, state, goal, to, any_state, scramble)
    resolved, answer = answers_from(db_path).ask(question)
    radius = resolved.build.radius if any(m["beyond_radius"] for m in answer["moves"]) else None
    _emit(answer, as_json, lambda a: _text("moves_text")(a, radius=radius))


@click.command("depth", cls=DashedValues)
@click.argument("name")
@click.argument("d", metavar="D")
@click.option(
    "--limit",
    type=WHOLE_NUMBER,
    default=str(LIMIT.default),
    show_default=True,
    help="At most this many states.",
)
@click.option(
    "--offset",
    type=WHOLE_NUMBER,
    default=str(OFFSET.default),
    show_default=True,
    help="Skip this many states first.",
)
@click.option(
    "--after",
    metavar="STATE",
    help="Start after this state (the last of the previous page): as fast however deep the page.",
)
@lookup_options
def depth_command(
    name: str,
    d: str,
    limit: str,
    offset: str,
    after: str | None,
    goal: str | None,
    db_path: str | None,
    as_json: bool,
) -> None:
    """The states exactly D moves from the goal (a page of them, in state order; a peg build
    of classes: class by class)."""
    question = questions.DepthQuestion.of(name, d, goal, limit, offset, after)
    resolved, answer = answers_from(db_path).ask(question)
    _emit(answer, as_json, _drawn(resolved, "depth_text"))


@click.command("farthest", cls=DashedValues)
@click.argument("name")
@click.option(
    "--limit",
    type=WHOLE_NUMBER,
    default=str(FARTHEST_LIMIT.default),
    show_default=True,
    help="At most this many states.",
)
@lookup_options
def farthest_command(
    name: str, limit: str, goal: str | None, db_path: str | None, as_json: bool
) -> None:
    """The states that need the most moves."""
    resolved, answer = answers_from(db_path).ask(questions.FarthestQuestion.of(name, goal, limit))
    _emit(answer, as_json, _drawn(resolved, "farthest_text"))


@click.command("stats", cls=DashedValues)
@click.argument("name")
@goal_option
@click.option("--plot", metavar="FILE", help="Also draw the histogram into FILE (.png or .svg).")
@db_option
@json_option
@reports_errors
def stats_command(
    name: str, goal: str | None, plot: str | None, db_path: str | None, as_json: bool
) -> None:
    """How many states, how far the farthest is, and how many lie at each depth."""
    question = questions.StatsQuestion.of(name, goal)
    if plot is None:
        resolved, answer = answers_from(db_path).ask(question)
        _emit(answer, as_json, _drawn(resolved, "stats_text"))
        return
    from ...analyst import plot as picture
    from .. import text as printed

    picture.check_extension(plot)
    resolved, answer = answers_from(db_path).ask(question)
    picture.write(plot, answer)
    _emit(
        {**answer, "plot": plot},
        as_json,
        lambda a: printed.stats_text(resolved.puzzle, a) + f"drawn to {printed.echoed(plot)}\n",
    )
