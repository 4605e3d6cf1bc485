"""How every command reads its command line and reports its errors: the shared options
(--db, --goal, --json), values that start with '-', usage errors as JSON, and the error
contract (a message or one JSON object, and the exit status that names it)."""

from __future__ import annotations

import contextlib
import functools
import importlib
import json
import re
import signal
import sqlite3
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NoReturn, ParamSpec, TypeVar

import click

from puzzledb.builder.core.errors import Interrupted, PuzzledbError
from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.db.connection import resolve_path
from puzzledb.db.errors import DatabaseFault
from puzzledb.service.errors import CannotWrite, UsageFault

if TYPE_CHECKING:
    from ..settings import Setting

#: A command's function, before or after click's decorators: what an option decorator takes.
Command = TypeVar("Command", bound=Callable[..., object])
#: The parameters and result of a command that reports_errors wraps, kept as they are.
P = ParamSpec("P")
R = TypeVar("R")


def db_option(f: Command) -> Command:
    return click.option(
        "--db",
        "db_path",
        metavar="PATH",
        help="SQLite file (default: $PUZZLEDB_DB, else ./puzzledb.sqlite).",
    )(f)


def json_option(f: Command) -> Command:
    return click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")(f)


def goal_option(f: Command) -> Command:
    return click.option(
        "--goal", metavar="STATE", help="Goal arrangement (default: the puzzle's)."
    )(f)


class WholeNumber(click.ParamType):
    """A whole-number option: INTEGER in --help like click's own, but its text is handed to the
    command as typed, which checks it (service.questions.whole_number, or a definition's own
    check), so a bad number is the documented `malformed` error naming the option (exit 2,
    one JSON object with --json), not click's usage error."""

    name = "integer"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> object:
        return value


#: The type of every whole-number option a command checks itself.
WHOLE_NUMBER = WholeNumber()


def setting_options(*settings: Setting) -> Callable[[Command], Command]:
    """A click option for each setting, its default and help from the one declaration; the
    parameter is the setting's name."""

    def decorate(f: Command) -> Command:
        for setting in reversed(settings):
            if setting.option is None:
                raise ValueError(f"{setting.name} is the app's own, not an option")
            f = click.option(
                setting.option,
                setting.name,
                default=setting.default,
                show_default=True,
                type=_bounded(setting),
                metavar=setting.metavar,
                help=setting.help,
            )(f)
        return f

    return decorate


def _bounded(setting: Setting) -> click.ParamType | None:
    """A number setting's click type, refusing what lies outside its bounds."""
    if setting.bounds is None:
        return None
    low, high = setting.bounds
    if isinstance(setting.default, float):
        return click.FloatRange(low, high)
    return click.IntRange(int(low), int(high))


def lookup_options(command: Callable[P, R]) -> Callable[P, R]:
    """--goal, --db and --json, with errors reported: what every lookup command takes."""
    return goal_option(db_option(json_option(reports_errors(command))))


def reports_errors(command: Callable[P, R]) -> Callable[P, R]:
    """Turn puzzledb errors into a message (or JSON) and the exit status that names them."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        as_json = bool(kwargs.get("as_json", False))  # --json: a flag, so a bool already
        try:
            return command(*args, **kwargs)
        except PuzzledbError as error:
            fail(error, as_json)
        except Exception as error:
            if isinstance(error, OSError) and not isinstance(error, BrokenPipeError):
                fail(_system_error(error), as_json)
            if not isinstance(error, sqlite3.Error):
                raise
            db_path = kwargs.get("db_path")  # --db: text, or None for the default
            path = shown(
                str(resolve_path(db_path if isinstance(db_path, str) else None)), PATH_SHOWN
            )
            fail(DatabaseFault(f"cannot use the database at {path}: {error}"), as_json)
        except KeyboardInterrupt as interrupt:
            signum = getattr(interrupt, "signum", signal.SIGINT)
            fail(Interrupted("interrupted; the database is unchanged", signum), as_json)

    return wrapper


def _system_error(error: OSError) -> PuzzledbError:
    """What the system refused: a file named (a --db path through a file, a name too long) is
    the database's fault; none named is the output (a full disk under stdout)."""
    reason = error.strerror or type(error).__name__
    if error.filename is None:
        return CannotWrite(f"cannot write the output: {reason}")
    return DatabaseFault(f"cannot use {shown(str(error.filename), PATH_SHOWN)}: {reason}")


#: The exit status of each error code (docs/errors.md); 1 for any other.
EXIT_STATUS = {
    "malformed": 2,
    "unknown_puzzle": 2,
    "usage": 2,  # click's own status for usage errors
    "bad_definition": 2,
    "cannot_write": 2,
    "sql_error": 2,
    "refused": 2,
    "unreachable": 3,
    "not_built": 4,
    "beyond_radius": 5,
    "time_limit": 6,
    "too_large": 7,
    "cluster_error": 8,
    "missing_extra": 9,
    "database_error": 1,
    "not_puzzledb": 1,
    "database_version": 1,
}


def exit_status(error: PuzzledbError) -> int:
    """What the command's exit status says of `error`: an interruption is the shell's 128 + the
    signal (130 Ctrl-C, 143 SIGTERM), the rest by code."""
    if isinstance(error, Interrupted):
        return 128 + error.signum
    return EXIT_STATUS.get(error.code, 1)


def fail(error: PuzzledbError, as_json: bool) -> NoReturn:
    """Say `error` (one JSON object on stdout with --json, else a line on stderr) and exit
    with its status."""
    try:
        if as_json:
            click.echo(json.dumps(error.as_json(), ensure_ascii=False))
        else:
            for warning in error.warnings:
                click.echo(f"warning: {warning}", err=True)
            click.echo(f"error: {error.message}", err=True)
    except OSError:  # stdout is full or gone: the exit status still says what happened
        if as_json:
            with contextlib.suppress(OSError):
                click.echo(f"error: {error.message}", err=True)
    sys.exit(exit_status(error))


class DashedValues(click.Command):
    """A command that takes a positional value starting with '-' ("-1", a state, an SQL
    "-- comment") as that value while it still expects one, instead of as an unknown option.
    Known options (--json, --db, ...) keep working in any position."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, _values_after_options(self.get_params(ctx), args))


#: Looks like a long option (maybe misspelt): left to click, which names it.
LONG_OPTION = re.compile(r"--[A-Za-z][\w-]*(=.*)?", re.DOTALL)


def _values_after_options(params: list[click.Parameter], args: list[str]) -> list[str]:
    """`args` reordered as options, '--', values, when a value starting with '-' would
    otherwise be read as an option; unchanged when none would."""
    takes: dict[str, int] = {}  # option string -> how many values follow it
    for param in params:
        if isinstance(param, click.Option):
            count = 0 if param.is_flag or param.count else param.nargs
            takes.update(dict.fromkeys(param.opts + param.secondary_opts, count))
    slots = sum(p.nargs for p in params if isinstance(p, click.Argument) and p.nargs > 0)
    options, values, dashed, i = [], [], False, 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            values += args[i + 1 :]
            break
        if arg in takes or LONG_OPTION.fullmatch(arg) or takes.get(arg[:2], 0) > 0:
            step = 1 + takes.get(arg, 0)  # -ofile, --db=x and unknown ones: no value follows
            options += args[i : i + step]
            i += step
            continue
        if arg.startswith("-") and arg != "-":
            if len(values) >= slots:
                options.append(arg)  # no value expected here: click names the unknown option
                i += 1
                continue
            dashed = True
        values.append(arg)
        i += 1
    return options + ["--"] + values if dashed else args


class PuzzledbGroup(click.Group):
    """The commands, each a DashedValues; with --json anywhere in argv a usage error (missing
    argument, unknown option, bad choice) is one JSON object on stdout, like every error.

    Its commands are named where they live (`places`: name -> "module:attribute", in --help's
    order) and imported when first asked for: a lookup loads its own command's module, not
    the build's, the analyst's or the server's."""

    command_class = DashedValues

    def __init__(self, *args: Any, places: dict[str, str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.places = places

    def list_commands(self, ctx: click.Context | None) -> list[str]:
        return list(self.places)

    def get_command(self, ctx: click.Context | None, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in self.places:
            module, _, attribute = self.places[cmd_name].partition(":")
            loaded = getattr(importlib.import_module(module, __package__), attribute)
            self.add_command(loaded, cmd_name)
        return self.commands.get(cmd_name)

    def every_command(self) -> dict[str, click.Command]:
        """Every command, loaded (for checks of them all, and the docs' reference)."""
        return {name: self.get_command(None, name) for name in self.places}  # type: ignore[misc]

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,  # Any: click's own signature, handed on as it is
    ) -> click.Context:
        as_json = "--json" in args
        with _usage_errors(as_json):
            ctx = super().make_context(info_name, args, parent, **extra)
        ctx.meta["puzzledb.json"] = as_json
        return ctx

    def invoke(self, ctx: click.Context) -> object:
        with _usage_errors(ctx.meta.get("puzzledb.json", False)):
            return super().invoke(ctx)


@contextlib.contextmanager
def _usage_errors(as_json: bool) -> Iterator[None]:
    try:
        yield
    except click.UsageError as error:
        if not as_json:
            raise  # click prints its usage message on stderr
        where = f"{error.ctx.command_path}: " if error.ctx else ""
        fail(UsageFault(f"{where}{error.format_message()}"), as_json=True)
