"""A position drawn as SVG for a notebook (service/answers/figure.py): well-formed, in the page's
look, drawn from the definition and the pieces alone. Each puzzle's goal and one other position
are read back from the SVG: where each piece lies, what it says and in which colour."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from puzzledb.builder.catalogue import CATALOGUE
from puzzledb.service.answers.figure import board_svg

NS = "{http://www.w3.org/2000/svg}"
W = 416  # the board's width inside the frame, in the SVG's units
RED = "url(#pz-e0574f-b3261e)"  # the primary car's and a pattern goal's piece's face
SLOT = "#1d272c"


def pieces_of(name, state):
    """The answer's `pieces` for a state, as service/answers/positions.py makes them."""
    return [{"label": label, "cells": cells} for label, cells in CATALOGUE[name].placed(state)]


def other(name):
    """A position besides the goal: the definition's start, else one move from the goal."""
    puzzle = CATALOGUE[name]
    start = puzzle.spec().get("starts", {}).get("start")
    if start:
        return start
    if name in ("cube2", "pyraminx", "skewb"):
        return puzzle.scrambled("R U F" if name == "cube2" else "R U")[0]
    if name == "peg15":
        return puzzle.parse("011111111111111")
    return puzzle.moves(puzzle.default_goal)[0][1]


def drawn(name, state, **options):
    svg = board_svg(CATALOGUE[name].spec(), pieces_of(name, state), **options)
    return svg, ET.fromstring(svg)


def every(root, tag):
    return list(root.iter(NS + tag))


def texts(root):
    return [t.text for t in every(root, "text")]


def faces(root):
    """A piece's face: the rect filled with its gradient (its shadow and edge are flat)."""
    return [r for r in every(root, "rect") if r.get("fill", "").startswith("url(#pz-")]


def cell_at(x, y, cols):
    """The cell of a grid of `cols` columns a point lies in."""
    size = W / cols
    return int(float(y) // size) * cols + int(float(x) // size)


NAMES = ["eight", "klotski", "nooff", "atama", "english", "peg15", "rush51", "cube2", "pyraminx"]
NAMES += ["skewb"]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("which", ["goal", "other"])
def test_every_figure_is_a_standalone_svg_with_its_title(name, which):
    puzzle = CATALOGUE[name]
    state = puzzle.default_goal if which == "goal" else other(name)
    assert which == "goal" or state != puzzle.default_goal
    svg, root = drawn(name, state)
    assert root.tag == NS + "svg"
    assert root.get("width") == "320" and len(root.get("viewBox").split()) == 4
    assert root.get("font-family") == "system-ui, sans-serif"
    assert root.findtext(NS + "title") == f"A position of {puzzle.spec()['title']}"
    assert drawn(name, state)[0] == svg  # the same every time


def test_eight_draws_its_eight_tiles_where_the_state_puts_them():
    for state in ("123456780", "867254301"):
        _, root = drawn("eight", state)
        assert sorted(texts(root)) == list("12345678")
        assert len(faces(root)) == 8
        for text in every(root, "text"):
            assert state[cell_at(text.get("x"), text.get("y"), 3)] == text.text
        covered = {cell_at(f.get("x"), f.get("y"), 3) for f in faces(root)}
        assert state.index("0") not in covered and len(covered) == 8
        assert sum(r.get("fill") == SLOT for r in every(root, "rect")) == 9  # every cell a slot


def test_a_wide_piece_is_one_block_over_its_cells():
    cell = W / 4
    _, root = drawn("klotski", CATALOGUE["klotski"].spec()["starts"]["start"])
    big = [f for f in faces(root) if f.get("fill") == RED]  # the piece the pattern goal names
    assert len(big) == 1
    assert float(big[0].get("width")) == pytest.approx(2 * cell - 6, abs=0.01)
    assert float(big[0].get("height")) == pytest.approx(2 * cell - 10, abs=0.01)  # less its edge
    assert float(big[0].get("x")) == pytest.approx(cell + 3, abs=0.01)
    assert Counter(texts(root)) == {"VERTICAL": 4, "s": 4, "BIG": 1, "HORIZONTAL": 1}
    size = {t.text: float(t.get("font-size")) for t in every(root, "text")}
    assert size["BIG"] == pytest.approx(0.62 * size["s"], 0.01)  # a name smaller than a glyph
    turned = [t for t in every(root, "text") if t.get("transform")]
    assert [t.text for t in turned] == ["VERTICAL"] * 4  # a tall piece's name runs down it
    _, goal = drawn("klotski", CATALOGUE["klotski"].default_goal)
    assert Counter(texts(goal)) == {"?": 16, "BIG": 1}
    at_exit = next(f for f in faces(goal) if f.get("fill") == RED)
    assert (
        cell_at(at_exit.get("x"), at_exit.get("y"), 4) == 13
    )  # the exit: rows 4 and 5, columns b, c


def test_nooff_draws_its_bulb_two_cells_wide_and_its_letters():
    for state in (CATALOGUE["nooff"].default_goal, other("nooff")):
        _, root = drawn("nooff", state)
        assert sorted(texts(root)) == sorted(["BULB", "N", "O", "O", "F", "F"])
        bulb = [f for f in faces(root) if f.get("fill") == "url(#pz-fff6bf-ffd54f)"]
        assert len(bulb) == 1 and float(bulb[0].get("width")) == pytest.approx(W / 2 - 6, 0.01)


def test_atama_draws_its_katakana_tiles():
    for state in (CATALOGUE["atama"].default_goal, other("atama")):
        _, root = drawn("atama", state)
        assert Counter(texts(root)) == Counter(state.replace("*", ""))


def test_the_english_cross_has_33_holes_and_its_pegs():
    english = CATALOGUE["english"]
    for state, pegs in ((english.default_goal, 1), (other("english"), 32)):
        _, root = drawn("english", state)
        circles = every(root, "circle")
        holes = [c for c in circles if c.get("fill") == "url(#pz-hole)"]
        on = [c for c in circles if c.get("fill") == "url(#pz-peg)"]
        assert len(holes) == 33 and len(on) == pegs
        assert sorted(int(t) for t in texts(root)) == list(range(33))  # every hole numbered
        centre = holes[16].get("cx"), holes[16].get("cy")
        assert (centre in {(c.get("cx"), c.get("cy")) for c in on}) == (pegs == 1)
        assert every(root, "polygon") == []  # a square board has the frame, no triangle


def test_the_triangle_lies_on_a_triangle_with_rows_equally_far():
    _, root = drawn("peg15", other("peg15"))
    assert len(every(root, "polygon")) == 1  # the frame
    holes = [c for c in every(root, "circle") if c.get("fill") == "url(#pz-hole)"]
    pegs = [c for c in every(root, "circle") if c.get("fill") == "url(#pz-peg)"]
    assert len(holes) == 15 and len(pegs) == 14
    x0, y0, x1, y1 = (float(holes[i].get(k)) for i in (0, 1) for k in ("cx", "cy"))
    assert ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 == pytest.approx(2 * (x0 - x1), 0.01)


def test_rush_hour_draws_vehicles_the_primary_car_red():
    svg, root = drawn("rush51", other("rush51"))
    assert sorted(texts(root)) == sorted("ABCDEFGHIJKLM")
    cars = faces(root)
    assert len(cars) == 13 and [c for c in cars if c.get("fill") == RED] != []
    a = next(t for t in every(root, "text") if t.text == "A")
    assert a.get("fill") == "#fff"
    red = [c for c in cars if c.get("fill") == RED]
    assert len(red) == 1 and cell_at(red[0].get("x"), red[0].get("y"), 6) == 15  # A at 15, 16
    assert "pz-wall" not in svg  # a card without walls
    _, goal = drawn("rush51", CATALOGUE["rush51"].default_goal)
    assert texts(goal) == ["A"] and [f.get("fill") for f in faces(goal)] == [RED]


def test_rush_hour_walls_are_hatched_and_no_vehicle():
    start = CATALOGUE["rush58"].spec()["starts"]["start"]
    _, root = drawn("rush58", start)
    walls = [r for r in every(root, "rect") if r.get("fill") == "url(#pz-wall)"]
    assert len(walls) == start.count("x") == 2
    assert "x" not in texts(root)


@pytest.mark.parametrize("name", ["cube2", "pyraminx", "skewb"])
def test_a_net_colours_each_sticker_by_its_face_and_names_it(name):
    spec = CATALOGUE[name].spec()
    for state in (CATALOGUE[name].default_goal, other(name)):
        _, root = drawn(name, state)
        polygons = [p for p in every(root, "polygon") if p.get("opacity") is None]
        letters = texts(root)
        assert len(polygons) == len(letters) == len(spec["stickers"])
        assert [p.get("fill") for p in polygons] == [spec["colours"][x] for x in letters]
        assert letters == [p["label"] for p in pieces_of(name, state)]
        assert Counter(letters) == {face: len(on) for face, on in spec["net"]["faces"]}
        assert root.findtext(NS + "desc", "").startswith("The puzzle unfolded")
    assert len(polygons) == {"cube2": 24, "pyraminx": 24, "skewb": 30}[name]


def test_a_scrambled_cube_keeps_four_stickers_of_each_colour():
    _, root = drawn("cube2", other("cube2"))
    fills = Counter(p.get("fill") for p in every(root, "polygon"))
    assert fills == Counter(dict.fromkeys(CATALOGUE["cube2"].spec()["colours"].values(), 4))
    goal = drawn("cube2", CATALOGUE["cube2"].default_goal)[1]
    assert texts(goal) != texts(root)


def test_the_pyraminx_tips_take_their_stickers_colours():
    spec = CATALOGUE["pyraminx"].spec()
    _, root = drawn("pyraminx", other("pyraminx"))
    polygons = every(root, "polygon")
    stickers, tips = polygons[:24], polygons[24:]
    assert len(tips) == 12 and {t.get("opacity") for t in tips} == {"0.55"}
    for tip, (_, k) in zip(tips, spec["tips"]):
        assert tip.get("fill") == stickers[k].get("fill")


def test_line_pieces_are_drawn_as_lines():
    lines = CATALOGUE["lines"]
    _, root = drawn("lines", lines.default_goal)  # ┌─┐ / │ │ / └─┘, a square ring
    paths = every(root, "path")
    assert len(paths) == 8 and texts(root) == []
    corner = [float(v) for v in paths[0].get("d").replace("M", " ").replace("L", " ").split()]
    centre, cell = corner[:2], W / 3
    assert centre == pytest.approx([cell / 2, cell / 2], abs=0.01)
    tips = zip(corner[2::4], corner[3::4])
    ends = {(round(x - centre[0]), round(y - centre[1])) for x, y in tips}
    assert ends == {(round(cell / 2 - 3), 0), (0, round(cell / 2 - 3))}  # arms right and down


def test_a_key_without_a_net_is_drawn_a_cell_a_character():
    definition = {"kind": "permutation", "name": "key", "title": "A key", "rows": 1, "cols": 5}
    definition |= {"goal": "ab/cd", "stickers": None, "tips": None, "colours": None}
    pieces = [{"label": "ab", "cells": [0, 1]}, {"label": "dc", "cells": [3, 4]}]
    root = ET.fromstring(board_svg(definition, pieces))
    assert sum(r.get("fill") == SLOT for r in every(root, "rect")) == 5
    assert [float(f.get("width")) for f in faces(root)] == pytest.approx([2 * W / 5 - 6] * 2)
    assert texts(root) == ["AB", "DC"]  # a piece of several cells is named in capitals


def test_every_text_is_escaped():
    spec = copy.deepcopy(CATALOGUE["eight"].spec())
    spec["title"] = "<b>8 & more</b>"
    pieces = pieces_of("eight", "123456780")
    pieces[0]["label"] = "<&>"
    svg = board_svg(spec, pieces, width=200)
    assert "&lt;&amp;&gt;" in svg and "<&>" not in svg
    root = ET.fromstring(svg)
    assert "<&>" in texts(root) and root.get("width") == "200"
    assert root.findtext(NS + "title") == "A position of <b>8 & more</b>"


def test_the_figures_colours_are_the_pages():
    """The notebook's figure is drawn in the page's look: its colours are those the page's
    stylesheet and vehicles.js give (a change to the page's fails here until the figure
    follows)."""
    import re

    from puzzledb.service.answers import figure

    static = Path(__file__).resolve().parents[2] / "service" / "web" / "static"
    css = (static / "page.css").read_text(encoding="utf-8")
    for name, colour in [("frame", figure.FRAME), ("slot", figure.SLOT), ("ink", figure.INK)]:
        assert re.search(rf"--{name}: {colour};", css), name
    assert f"background: {figure.EMPTY};" in css
    script = (static / "vehicles.js").read_text(encoding="utf-8")
    palette = re.search(r"const PALETTE = \[([^\]]*)\]", script)
    assert palette is not None
    assert re.findall(r'"(#[0-9a-f]{6})"', palette.group(1)) == figure.PALETTE
