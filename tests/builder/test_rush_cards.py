"""Many Rush Hour cards in one build (issue 31, point 4), and the packed search that builds
them: a list in Fogleman's line format stores each cluster once, each card is asked by its board
in any lettering, the list's figures are checked, bad lines are refused by number with nothing
written; and the packed search stores the plain search's very rows (the catalogue's cards
exported both ways, and small random cards under hypothesis)."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzledb.builder import catalogue
from puzzledb.builder.core.errors import BadDefinition, MalformedInput
from puzzledb.builder.kinds.rush import RushHour
from puzzledb.builder.kinds.rush.card_list import CardLine
from puzzledb.builder.kinds.rush.cards import RushCards
from puzzledb.builder.kinds.rush.lettering import relettered
from puzzledb.builder.kinds.rush.packed import PackedRush, codec_of
from puzzledb.builder.search import codecs
from puzzledb.builder.search.plain import breadth_first
from puzzledb.builder.search.plain_order import plain_order_bfs

RUSH51 = "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo"
RUSH60 = "IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM"
#: A position of rush51's cluster one move from its card (car F right), lettered in reading
#: order as Fogleman's list letters every card: its B is rush51's G, and so on.
RUSH51_TOO = "BoCCDoBEFoDGBEFAAGHHHIoGooJIKKLLJMMo"
LIST = f"""# two cards of one cluster and a card with walls
51 {RUSH51} 4780
60 {RUSH60} 2332   # rush60

51 {RUSH51_TOO} 4780
"""


def _rows(result) -> list:
    return [row for chunk in result.chunks(100_000) for row in zip(*chunk)]


def _same_rows(packed, plain) -> None:
    """Every row (state, depth, move code, solutions, pred), the move codes' moves and the
    figures are the plain search's."""
    assert sorted(_rows(packed)) == sorted(_rows(plain))
    assert packed.moves == plain.moves
    assert packed.histogram == plain.histogram
    assert (packed.most_solutions, packed.most_solved) == (plain.most_solutions, plain.most_solved)


@pytest.fixture(scope="module")
def listed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cards")
    (folder / "cards.txt").write_text(LIST)
    return folder


@pytest.fixture(scope="module")
def cards_db(listed):
    from click.testing import CliRunner

    from puzzledb.service.cli.commands import main

    path = listed / "cards.sqlite"
    args = ["build", "cards", "--rush-cards", str(listed / "cards.txt"), "--db", str(path)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return path


def _json(cli, *args):
    result = cli(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# -- many cards in one build ---------------------------------------------------------------------
def test_two_cards_of_one_cluster_share_it(cli, cards_db):
    stats = _json(cli, "stats", "cards", "--db", cards_db)
    assert stats["states"] == 4_780 + 2_332  # rush51's cluster once, rush60's
    stored = _json(cli, "sql", "SELECT definition FROM puzzles", "--db", cards_db)["rows"]
    assert len(json.loads(stored[0][0])["clusters"]) == 2


@pytest.mark.parametrize("board, moves", [(RUSH51, 51), (RUSH60, 60), (RUSH51_TOO, 51)])
def test_each_card_asked_by_its_board_is_its_published_moves(cli, cards_db, board, moves):
    path = _json(cli, "path", "cards", board, "--db", cards_db)
    assert path["depth"] == moves and path["reached"][16:18] == "AA"
    assert path["path"][0] == relettered(board, 6)  # answers letter vehicles by track


def test_a_card_is_asked_in_any_lettering(cli, cards_db):
    swapped = RUSH51.replace("G", "g").replace("B", "G").replace("g", "B")
    assert swapped != RUSH51
    assert _json(cli, "path", "cards", swapped, "--db", cards_db)["depth"] == 51
    moves = _json(cli, "moves", "cards", swapped, "--db", cards_db)
    assert sum(m["optimal"] for m in moves["moves"]) == 2


def test_a_board_of_no_card_says_why(cli, cards_db):
    result = cli("path", "cards", "BBBCDEFGGCDEF.AADEHHI....JI.KK.JLLMM", "--db", cards_db)
    assert result.exit_code == 3
    assert "no card of the list" in result.stderr


def test_lettering_by_track_is_the_same_in_every_position_of_a_cluster():
    card = RushHour("c", RUSH51)
    for _, after in card.moves(card.card):
        relettered_after = relettered(after, 6)
        mover = {after[i] for i in range(36) if after[i] != card.card[i]} - {"o"}
        assert relettered_after in {a for _, a in card.moves(relettered(card.card, 6))}, mover


# -- the list's figures and bad lines --------------------------------------------------------------
def _build_list(cli, tmp_path, text: str, *extra: str):
    (tmp_path / "list.txt").write_text(text)
    db = tmp_path / "x.sqlite"
    result = cli("build", "x", "--rush-cards", tmp_path / "list.txt", "--db", db, *extra)
    return result, db


def test_a_wrong_moves_figure_is_refused_by_line_and_nothing_written(cli, tmp_path):
    result, db = _build_list(cli, tmp_path, f"51 {RUSH51} 4780\n59 {RUSH60} 2332\n")
    assert result.exit_code == 2
    assert "line 2: the list says 59 moves, the build finds 60" in result.stderr
    assert not db.exists() or "x" not in cli("list", "--db", db).stdout.split()


def test_a_wrong_cluster_size_is_refused_by_line(cli, tmp_path):
    result, db = _build_list(cli, tmp_path, f"\n\n51 {RUSH51} 4781\n", "--json")
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "bad_definition"
    assert "line 3: the list says a cluster of 4,781, its cluster holds 4,780" in error["message"]
    assert not db.exists()


@pytest.mark.parametrize(
    "line, why",
    [
        (f"51 {RUSH51}", "has 2 fields, expected 3"),
        (f"fifty {RUSH51} 4780", "moves 'fifty' is not a whole number"),
        (f"51 {RUSH51} 4,780", "cluster_size '4,780' is not a whole number"),
        (f"51 {RUSH51[:-1]} 4780", "board has 35 cells"),
        ("51 " + RUSH51.replace("A", "o", 1) + " 4780", "vehicle A is one cell"),
        (f"51 {RUSH51} 4780\u202e", "cluster_size '4780\\u202e' is not a whole number"),
    ],
)
def test_a_line_that_does_not_parse_gives_its_number(cli, tmp_path, line, why):
    result, db = _build_list(cli, tmp_path, f"# a list\n51 {RUSH51} 4780\n{line}\n", "--json")
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]
    assert error["code"] == "bad_definition"
    assert "line 3 ('" in error["message"] and why in error["message"]
    assert "\u202e" not in error["message"]  # quoted escaped
    assert not db.exists()


def test_a_list_too_long_is_refused_before_a_card_is_read(cli, tmp_path, monkeypatch):
    """Issue 46, point 7: a list past MAX_CARDS was refused only once it had read that many
    cards (63 s for a million and one). The lines are counted first: here the first card is
    wrong, and the list is refused for its length, not for that card; comments and blank
    lines do not count."""
    from puzzledb.builder.kinds.rush import card_list

    monkeypatch.setattr(card_list, "MAX_CARDS", 3)
    cards = [f"fifty {RUSH51} 4780"] + [f"51 {RUSH51} 4780"] * 3
    result, db = _build_list(cli, tmp_path, "\n".join(cards) + "\n", "--json")
    assert result.exit_code == 2
    assert "more than 3 cards; split the list" in json.loads(result.stdout)["error"]["message"]
    assert not db.exists()
    within = "# a note\n\n" + "\n".join([f"51 {RUSH51} 4780"] * 3) + "\n# end\n"
    assert card_list.read_cards(within, "list.txt")[0][-1].moves == 51


def test_a_list_refuses_other_flags_and_an_empty_list(cli, tmp_path):
    result, _ = _build_list(cli, tmp_path, f"51 {RUSH51} 4780\n", "--goal", RUSH51)
    assert result.exit_code == 2 and "--rush-cards defines the puzzle" in result.stderr
    result, _ = _build_list(cli, tmp_path, "# nothing\n\n")
    assert result.exit_code == 2 and "no card" in result.stderr
    result = cli("build", "x", "--rush-cards", tmp_path / "missing.txt", "--db", tmp_path / "y")
    assert result.exit_code == 2 and "cannot read the file" in result.stderr


def test_the_steps_metric_builds_a_list_plainly_with_the_same_clusters():
    lines = [CardLine(1, RUSH60, 60, 2332)]
    cards = RushCards.from_lines("s", lines, 6, 6, "steps", "list")
    assert codecs.codec_for(cards) is None and cards.positions == 2_332
    moves = RushCards.from_lines("m", lines, 6, 6, "moves", "list")
    assert cards.keys == moves.keys and cards.goal_positions(cards.default_goal) == (
        moves.goal_positions(moves.default_goal)
    )


# -- the packed search stores the plain search's rows ----------------------------------------------
@pytest.mark.parametrize(
    "name",
    [
        "rush51",
        "rush60",
        pytest.param("rush58", marks=pytest.mark.slow),
        pytest.param("rush49", marks=pytest.mark.slow),
    ],
)
def test_each_catalogue_card_exports_the_same_bytes_built_either_way(
    cli, tmp_path, monkeypatch, name
):
    assert codecs.codec_for(catalogue.get(name)) is not None
    packed, plain = tmp_path / "packed.sqlite", tmp_path / "plain.sqlite"
    assert cli("build", name, "--db", packed, "-q").exit_code == 0
    monkeypatch.setattr(codecs, "codec_for", lambda puzzle: None)  # the plain search
    assert cli("build", name, "--db", plain, "-q").exit_code == 0
    exported = [cli("export", name, "--db", db).stdout_bytes for db in (packed, plain)]
    assert exported[0] == exported[1] and exported[0].count(b"\n") > 2_000
    moves = "SELECT code, label FROM moves ORDER BY code"
    assert _json(cli, "sql", moves, "--db", packed) == _json(cli, "sql", moves, "--db", plain)


def test_the_list_build_is_the_plain_search_of_its_clusters():
    lines = [CardLine(i, b) for i, b in enumerate([RUSH51, RUSH60, RUSH51_TOO])]
    cards = RushCards.from_lines("c", lines, 6, 6, "moves", "list")
    sources = cards.goal_positions(cards.default_goal)
    _same_rows(
        plain_order_bfs(codec_of(cards), cards.default_goal, sources=sources),
        breadth_first(cards, cards.default_goal, sources=sources),
    )


@st.composite
def small_cards(draw, rows: int = 4, cols: int = 5) -> str:
    """A card on a small board: the primary car on row 2, a few cars and trucks, maybe a wall,
    none of them horizontal in front of A (the rule a card must keep)."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(200):
        board = ["o"] * (rows * cols)
        a = rng.randrange(cols - 2)
        board[cols + a] = board[cols + a + 1] = "A"
        for letter in "BCDEF"[: rng.randint(1, 5)]:
            length = rng.choice((2, 2, 3))
            horizontal = rng.random() < 0.5
            step = 1 if horizontal else cols
            line = cols if horizontal else rows
            first = rng.randrange(rows * cols)
            start = first % cols if horizontal else first // cols
            cells = [first + i * step for i in range(length)]
            if start + length > line or any(board[c] != "o" for c in cells):
                continue
            if horizontal and first // cols == 1:
                continue  # never a horizontal vehicle on A's row
            for c in cells:
                board[c] = letter
        if rng.random() < 0.3:
            spot = rng.choice([c for c in range(rows * cols) if board[c] == "o" and c // cols != 1])
            board[spot] = "x"
        text = "".join(board)
        try:
            card = RushHour("r", "/".join(text[r : r + cols] for r in range(0, rows * cols, cols)))
            card.goal_positions(card.default_goal)
        except (BadDefinition, MalformedInput):
            continue
        return card.card
    raise AssertionError("no card drawn")


@pytest.mark.slow  # ~2 s: builds each drawn card twice
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(small_cards(), min_size=1, max_size=3))
def test_random_small_cards_build_as_the_plain_search_builds_them(boards):
    lines = [CardLine(i, b) for i, b in enumerate(boards)]
    for board in boards:  # each card alone
        card = RushHour("r", "/".join(board[r : r + 5] for r in range(0, 20, 5)))
        sources = card.goal_positions(card.default_goal)
        _same_rows(
            plain_order_bfs(codec_of(card), card.default_goal, sources=sources),
            breadth_first(card, card.default_goal, sources=sources),
        )
    cards = RushCards.from_lines(
        "c", [CardLine(c.line, c.board.replace("/", "")) for c in lines], 4, 5, "moves", "l"
    )
    sources = cards.goal_positions(cards.default_goal)
    codec = codec_of(cards)
    assert isinstance(codec, PackedRush)
    assert (
        codec.encode_many(sources) == np.array([codec.encode(s) for s in sources], np.uint64)
    ).all()
    _same_rows(
        plain_order_bfs(codec, cards.default_goal, sources=sources),
        breadth_first(cards, cards.default_goal, sources=sources),
    )


def test_a_layer_found_in_blocks_is_the_layer_found_at_once(monkeypatch):
    from puzzledb.builder.kinds.rush import packed

    card = catalogue.get("rush60")
    assert isinstance(card, RushHour)
    codec = codec_of(card)
    codes = codec.encode_many(sorted(card.reached()))
    whole = codec.neighbours(codes)
    monkeypatch.setattr(packed, "BLOCK", 100)
    assert all((a == b).all() for a, b in zip(whole, codec.neighbours(codes)))
