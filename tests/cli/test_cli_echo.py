"""What the command line repeats back: file paths in its success lines and input in its
errors, with invisible, reordering and stray combining characters escaped; and `list`'s
columns, aligned however long a puzzle's name."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.json_errors import one_error

from puzzledb.builder import catalogue
from puzzledb.builder.core.errors import BadDefinition, MalformedInput, PuzzledbError
from puzzledb.builder.core.text_width import width
from puzzledb.builder.definition import load_text
from puzzledb.builder.kinds.sliding.definition import from_flags
from puzzledb.service.questions import whole_number

#: A right-to-left override, a zero-width space and an escape sequence that clears the screen.
TRICKY = "a\u202eb\u200bc\x1b[2J"
ESCAPED = "a\\u202eb\\u200bc\\x1b[2J"


def assert_escaped(text: str) -> None:
    assert ESCAPED in text
    assert not any(ch in text for ch in "\u202e\u200b\x1b")


def test_export_names_its_output_file_escaped(cli, seed_db, tmp_path):
    output = tmp_path / f"{TRICKY}.csv"
    result = cli("export", "seven", "--output", output, "--db", seed_db)
    assert result.exit_code == 0 and output.is_file()
    assert result.stderr.startswith("exported 20,160 states of seven toward 12345670 to ")
    assert_escaped(result.stderr)


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
def test_stats_plot_names_its_file_escaped(cli, seed_db, tmp_path):
    plot = tmp_path / f"{TRICKY}.svg"
    result = cli("stats", "nooff", "--plot", plot, "--db", seed_db)
    assert result.exit_code == 0 and plot.is_file()
    (drawn,) = [line for line in result.stdout.splitlines() if line.startswith("drawn to ")]
    assert_escaped(drawn)
    as_json = json.loads(cli("stats", "nooff", "--plot", plot, "--json", "--db", seed_db).stdout)
    assert as_json["plot"] == str(plot)  # data, not display: the name as it is


def test_datasette_metadata_names_its_files_escaped(cli, seed_db, tmp_path):
    output = tmp_path / f"{TRICKY}.json"
    result = cli("datasette-metadata", "--output", output, "--db", seed_db)
    assert result.exit_code == 0 and output.is_file()
    assert result.stderr.count(ESCAPED) == 2  # wrote FILE; try: datasette DB -m FILE
    assert_escaped(result.stderr)


def test_build_names_its_database_escaped(cli, tmp_path):
    db = tmp_path / f"{TRICKY}.sqlite"
    result = cli("build", "nooff", "--db", db)
    assert result.exit_code == 0 and db.is_file()
    assert_escaped(result.stdout)
    assert result.stdout.rstrip().endswith(f"-> {tmp_path}/{ESCAPED}.sqlite")


@pytest.mark.parametrize(
    "text, shown",
    [
        ("\u0301eight", "'\\u0301eight'"),  # it would sit on the quote
        ("e\u0301\u0301\u0301ight", "'e\u0301\u0301\\u0301ight'"),  # a stack of three
    ],
)
def test_an_error_escapes_a_stray_combining_mark(cli, seed_db, text, shown):
    result = cli("path", text, "123", "--db", seed_db)
    assert result.exit_code == 2 and shown in result.stderr
    assert "'\u0301" not in result.stderr and "\u0301" * 3 not in result.stderr


def test_a_combining_mark_on_a_letter_is_shown_as_typed(cli, seed_db):
    result = cli("path", "cafe\u0301", "123", "--db", seed_db)
    assert result.exit_code == 2 and "'cafe\u0301'" in result.stderr


def test_list_aligns_every_column_however_long_the_name(cli, tmp_path):
    lines = cli("list", "--db", tmp_path / "none.sqlite").stdout.splitlines()
    heads = [line for line in lines if not line.startswith(" ")]
    assert len(heads) == len(catalogue.CATALOGUE)
    assert {"eight-multi", "fifteen-multi"} <= {line.split()[0] for line in heads}
    name_column = max(width(name) for name in catalogue.CATALOGUE) + 1
    title_columns = set()
    for head in heads:
        puzzle = catalogue.get(head.split()[0])
        assert head[:name_column].rstrip() == puzzle.name and head[name_column] != " "
        assert head.endswith(" " + puzzle.title)
        title_columns.add(width(head) - width(puzzle.title))
    assert len(title_columns) == 1  # every title starts in the same column
    for line in lines:
        if line.startswith(" "):  # a build, or "not built", under its puzzle's name
            assert line[:name_column].strip() == "" and line[name_column] != " "


def test_a_100_kb_name_is_cut_short(cli, seed_db):
    """A 100 kB puzzle name is cut short in the message, its length said."""
    message = one_error(
        cli("path", "x" * 100_000, "123", "--db", seed_db, "--json"), "unknown_puzzle"
    )
    # the catalogue's names follow, then the file's own ("; built in FILE: ..."): the name is
    # what is cut
    assert len(message.split("; known puzzles")[0]) < 100 and "(100,000 characters)" in message
    assert "x" * 41 not in message


def test_invisible_characters_are_escaped(cli, seed_db):
    """Invisible and reordering characters in a name are escaped in the message, never printed."""
    result = cli("path", "ab\u200bc\u202eevil", "123", "--db", seed_db)
    assert "'ab\\u200bc\\u202eevil'" in result.stderr
    assert "\u200b" not in result.stderr and "\u202e" not in result.stderr
    flags = cli(
        "build", "ab\u200bc", "--rows", "2", "--cols", "2", "--goal", "1230", "--db", seed_db
    )
    assert flags.exit_code == 2 and "'ab\\u200bc'" in flags.stderr


@pytest.mark.slow  # seconds on its own: the fast tier leaves it out
@pytest.mark.parametrize(
    "make",
    [
        lambda big: load_text(f'name = "t"\nrows = 2\ncols = 2\ngoal = "{big}"\n'),
        lambda big: load_text(f'name = "t"\nrows = 2\ncols = 2\ngoals = ["1230", "{big}"]\n'),
        lambda big: load_text(f'name = "t"\nrows = 2\ncols = 2\ngoal = "1230"\nblank = "{big}"\n'),
        lambda big: load_text(
            f'name = "t"\nrows = 2\ncols = 2\ngoal = "1230"\n[pieces.1]\nname = " {big}"\n'
        ),
        lambda big: load_text(f'name = "t"\nrows = 2\ncols = 2\ngoal = "1230"\n[pieces."{big}"]\n'),
        lambda big: load_text(f'name = "t"\nrows = "{big}"\ncols = 2\ngoal = "1230"\n'),
        lambda big: from_flags(big, 2, 2, "1230"),
        lambda big: catalogue.get("eight").parse(big),
        lambda big: whole_number(big, "depth"),
        lambda big: whole_number("1" * 100 + big, "limit"),
    ],
)
def test_huge_input_is_never_repeated_whole(make):
    """No message repeats a 10 MB input whole: definitions, flags, states and numbers are cut
    short."""
    with pytest.raises((BadDefinition, MalformedInput, PuzzledbError)) as refused:
        make("x" * 10_000_000)
    assert len(refused.value.message) < 400, refused.value.message[:400]


@given(st.text(alphabet=st.characters(max_codepoint=0x7F)), st.booleans())
def test_plain_ascii_is_shown_as_the_rule_for_every_character_shows_it(text, quotes):
    """visible() returns plain ASCII untouched without looking each character up (a lookup
    then loads no unicodedata): the same as the rule character by character."""
    from puzzledb.builder.core.message_text import visible

    by_rule = "".join(
        ("\\" + ch if quotes else ch)
        if ch in "'\\"
        else f"\\x{ord(ch):02x}"
        if not ch.isprintable()
        else ch
        for ch in text
    )
    assert visible(text, quotes) == by_rule
