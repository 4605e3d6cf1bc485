"""Each command's --help as a new user reads it (issue 27): numbers typed as numbers, and every
option's help whole sentences of its own."""

import json

import click
import pytest

from puzzledb.service.cli.commands import main

#: Every option that takes a whole number, by command.
NUMBER_OPTIONS = [
    ("depth", "--limit"),
    ("depth", "--offset"),
    ("farthest", "--limit"),
    ("sql", "--limit"),
    ("build", "--radius"),
    ("build", "--rows"),
    ("build", "--cols"),
]


def _option(command: str, name: str) -> click.Option:
    return next(
        p
        for p in main.every_command()[command].params
        if isinstance(p, click.Option) and name in p.opts
    )


@pytest.mark.parametrize("command, option", NUMBER_OPTIONS)
def test_number_options_show_as_integers_in_help(cli, command, option):
    assert _option(command, option).type.name == "integer"
    shown = cli(command, "--help").stdout
    assert f"{option} INTEGER" in shown, shown


@pytest.mark.parametrize(
    "args, words",
    [
        (("depth", "eight", "3", "--limit", "ten"), "limit must be a whole number"),
        (("depth", "eight", "3", "--offset", "1.5"), "offset must be a whole number"),
        (("farthest", "eight", "--limit", "x"), "limit must be a whole number"),
        (("sql", "SELECT 1", "--limit", "many"), "limit must be a whole number"),
        (("build", "eight", "--radius", "far"), "radius must be a whole number"),
    ],
)
def test_a_bad_number_is_still_malformed_naming_the_option(cli, seed_db, args, words):
    text = cli(*args, "--db", seed_db)
    assert text.exit_code == 2 and words in text.stderr, text.output
    as_json = cli(*args, "--db", seed_db, "--json")
    assert as_json.exit_code == 2
    error = json.loads(as_json.stdout)["error"]
    assert error["code"] == "malformed" and words in error["message"]


def test_every_option_help_is_whole_sentences():
    """No help continues another's sentence (`--cols`: "columns,"), so each reads alone."""
    broken = []
    for name, command in main.every_command().items():
        for param in command.params:
            if isinstance(param, click.Option) and param.help:
                text = param.help.strip()
                if text[0].islower() or not text.endswith(".") or text.endswith(","):
                    broken.append((name, param.opts[0], text))
    assert broken == []


def test_build_help_defines_a_puzzle_by_options_each_read_alone(cli):
    shown = " ".join(cli("build", "--help").stdout.split())
    assert "--rows INTEGER Define a plain sliding puzzle NAME with this many rows" in shown
    assert "--cols INTEGER The number of columns of a puzzle defined with --rows." in shown
    assert "--blank B The blank's symbol in the --goal of a puzzle defined with --rows" in shown
