"""One position drawn as a standalone SVG, for a notebook's `_repr_svg_` and the service's
/figure (the page's small boards of listed states), in the page's look
(service/web/static: board.js, vehicles.js, stickers.js, page.css) from the same data, the
definition /puzzles gives and an answer's `pieces`: nothing here knows a puzzle's rules. Sizes
are the page's px on a board 26rem wide; ids are named by what they hold, so figures inline in
one notebook that share an id mean the same by it. Standard library only, cheap to import."""

from __future__ import annotations

import math
from html import escape  # as XML needs it, without the urllib xml.sax.saxutils loads
from itertools import islice

W, EDGE = 416.0, 10.0  # the board's width on the page (26rem) and its frame, in px
FRAME, SLOT, EMPTY, INK = "#34454e", "#263238", "#1d272c", "#1f2a30"  # page.css :root
TILE_EDGE, STICKER, RED = "#d9cfb8", "#eceff1", ("#e0574f", "#b3261e")
# vehicles.js: a vehicle's colour by its letter (B to M each its own, none the primary's red)
PALETTE = ["#9ccfe8", "#b9e08f", "#ffd877", "#d3bde6", "#f7b98b", "#8fdcd0", "#e6cf8f",
           "#b8c4ff", "#c9d6a3", "#f2c4de", "#a9d8b8", "#d9c2a7"]  # fmt: skip
# board.js: a box-drawing glyph's arms (up, down, left, right), drawn from the tile's centre
ARMS = dict(zip("┌┐└┘├┤┬┴┼│─╵╷╴╶", ["0101", "0110", "1001", "1010", "1101", "1110", "0111",
                "1011", "1111", "1100", "0011", "1000", "0100", "0010", "0001"]))  # fmt: skip
ENDS = ((50, 0), (50, 100), (0, 50), (100, 50))
PRIMARY, WALL = "A", "x"  # how a Rush Hour state writes them (the page's `vehicles` says so)
# page.css's radial gradients of a hole and a peg, each centred where the CSS puts its light
HOLE = ('<radialGradient id="pz-hole" cx="0.5" cy="0.4" r="0.78"><stop offset="0.55" stop-color='
        '"#10181c"/><stop offset="1" stop-color="#2d3b42"/></radialGradient>')  # fmt: skip
PEG = ('<radialGradient id="pz-peg" cx="0.35" cy="0.3" r="0.95"><stop offset="0" stop-color='
       '"#ffe7a3"/><stop offset="0.6" stop-color="#e08a1e"/><stop offset="1" stop-color='
       '"#9a5209"/></radialGradient>')  # fmt: skip
# a wall's stripes, page.css's repeating 45deg gradient
HATCH = ('<pattern id="pz-wall" width="12" height="12" patternUnits="userSpaceOnUse" patternTrans'
         'form="rotate(45)"><rect width="12" height="12" fill="#46555c"/><rect width="6" height='
         '"12" fill="#5d6d75"/></pattern>')  # fmt: skip
Defs = dict[str, str]  # a gradient's (or pattern's) id -> its element
Block = tuple[float, float, float, float, float]  # a piece's x, y, width, height; a cell's size


def board_svg(definition: dict, pieces: list[dict], *, width: int = 320) -> str:
    """One position drawn as a standalone SVG document (for Jupyter's _repr_svg_)."""
    defs: Defs = {}
    staggered, inside = False, FRAME if definition.get("stickers") else SLOT  # a net: on the frame
    if definition.get("stickers"):
        height, body = _stickers(definition, pieces)
    elif definition.get("kind") == "peg":
        height, body, staggered = _pegs(definition, pieces, defs)
    else:
        height, body = _grid(definition, pieces, defs)
    if staggered:  # no frame but a triangle behind the holes, a little wider than the board
        left, top, bottom = 0.04 * W + 2, 0.06 * height + 2, 0.05 * height + 2
        tri = [(W / 2, -0.06 * height), (W * 1.04, height * 1.05), (-0.04 * W, height * 1.05)]
        back = [f'<polygon points="{_points(tri)}" fill="{FRAME}"/>']
    else:
        left = top = bottom = EDGE
        outer = _rect(-EDGE, -EDGE, W + 2 * EDGE, height + 2 * EDGE, 14, FRAME)
        back = [outer, _rect(0, 0, W, height, 4, inside)]
    full_w, full_h = W + 2 * left, height + top + bottom
    name = definition.get("title") or definition.get("name") or "a puzzle"
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_n(-left)} {_n(-top)} {_n(full_w)} '
        f'{_n(full_h)}" width="{width}" height="{_n(width * full_h / full_w)}" role="img" '
        f'font-family="system-ui, sans-serif"><title>{escape(f"A position of {name}")}</title>'
    )
    shared = f"<defs>{''.join(defs[k] for k in sorted(defs))}</defs>" if defs else ""
    return "".join([head, _faces(definition, pieces), shared, *back, *body, "</svg>"])


# -- a grid: sliding tiles, vehicles and walls, a key a cell a character ------------------------
def _grid(definition: dict, pieces: list[dict], defs: Defs) -> tuple[float, list[str]]:
    """Every cell a dark slot, each piece over the block of cells it covers (board.js)."""
    rows, cols = int(definition["rows"]), int(definition["cols"])
    cell = W / cols
    spots = [(c * cell + 3, r * cell + 3) for r in range(rows) for c in range(cols)]
    out = [_rect(x, y, cell - 6, cell - 6, 9, EMPTY) for x, y in spots]
    goal = str(definition.get("goal") or "")
    aims = set(goal) - {"?"} if "?" in goal else set()  # a pattern goal's pieces, in red
    for piece in (p for p in pieces if p["cells"]):
        label, cells = str(piece["label"]), [int(c) for c in piece["cells"]]
        r0, c0 = min(c // cols for c in cells), min(c % cols for c in cells)
        h, w = max(c // cols for c in cells) - r0 + 1, max(c % cols for c in cells) - c0 + 1
        at = (c0 * cell, r0 * cell, w * cell, h * cell, cell)
        if definition.get("kind") == "rush":
            out += _vehicle(label, at, defs)
        else:
            out += _tile(definition, label, len(cells) > 1, label in aims, at, defs)
    return rows * cell, out


def _tile(definition: dict, label: str, wide: bool, aim: bool, b: Block, defs: Defs) -> list[str]:
    """A tile: its glyph (a line piece's lines); a piece of several cells, its name."""
    x, y, w, h, _ = b
    look = RED if aim else ("#fff6bf", "#ffd54f") if wide else ("#fffdf6", "#fbf7ec")
    glyph = (definition.get("glyphs") or {}).get(label, label)
    out = _raised(x + 3, y + 3, w - 6, h - 6, 9, _gradient(look, defs), TILE_EDGE)
    if glyph in ARMS and not wide:  # from the centre to the edges, so lines join across tiles
        side, arms = w - 6, [e for on, e in zip(ARMS[glyph], ENDS) if on == "1"]
        ends = [f"L{_n(x + 3 + ex * side / 100)} {_n(y + 3 + ey * side / 100)}" for ex, ey in arms]
        path = " ".join(f"M{_n(x + w / 2)} {_n(y + h / 2)}{end}" for end in ends)
        line = f'stroke="{INK}" stroke-width="{_n(0.15 * side)}" stroke-linecap="square"'
        return [*out, f'<path d="{path}" {line} fill="none"/>']
    shown = ((definition.get("names") or {}).get(label) or glyph).upper() if wide else glyph
    return [*out, _label(shown, b, wide, "#fff" if aim else INK)]


def _vehicle(label: str, b: Block, defs: Defs) -> list[str]:
    """A vehicle rounded in its letter's colour, the primary car red; a wall hatched."""
    x, y, w, h, cell = b
    if label == WALL:
        defs["pz-wall"] = HATCH
        rim = _rect(x + 3, y + 3, w - 6, h - 6, 3, "none", ' stroke="#2b373d" stroke-width="2"')
        return [_rect(x + 2, y + 2, w - 4, h - 4, 4, "url(#pz-wall)"), rim]
    car = PALETTE[(ord(label[0]) - 65) % len(PALETTE)]
    look = RED if label == PRIMARY else (_mix(car, "#ffffff", 0.7), car)
    fill, edge = _gradient(look, defs), _mix(look[1], "#000000", 0.82)
    out = _raised(x + 5, y + 5, w - 10, h - 10, 0.16 * cell, fill, edge)
    return [*out, _label(label, b, False, "#fff" if label == PRIMARY else INK)]


def _raised(x: float, y: float, w: float, h: float, r: float, fill: str, edge: str) -> list[str]:
    """A piece lifted off the board: its shadow, its lower edge, its face."""
    shadow = _rect(x, y + 2, w, h, r, "#000", ' opacity="0.3"')
    return [shadow, _rect(x, y, w, h, r, edge), _rect(x, y, w, h - 4, r, fill)]


def _label(words: str, b: Block, wide: bool, ink: str) -> str:
    """A label sized to fit its piece as board.js `fitted` sizes it (at most 0.42 of a cell, a
    name 0.62 of that); a tall piece's name runs down its length."""
    x, y, w, h, cell = b
    count, along, across = max(1, len(words)), max(w, h), min(w, h)
    size = min((0.62 if wide else 1) * 0.42 * cell, 0.8 * along / (0.85 * count), 0.5 * across)
    cx, cy = x + w / 2, y + h / 2
    turn = f' transform="rotate(90 {_n(cx)} {_n(cy)})"' if h > w and count > 1 else ""
    spaced = ' letter-spacing="0.08em"' if wide else ""
    return _text(cx, cy, size, ink, words, f' font-weight="600"{turn}{spaced}')


# -- a peg board --------------------------------------------------------------------------------
def _pegs(definition: dict, pieces: list[dict], defs: Defs) -> tuple[float, list[str], bool]:
    """Holes where the layout puts them, numbered, a peg in each hole a piece covers; a
    triangle's rows sqrt(3) columns apart, so every neighbour is equally far."""
    layout = [(int(r), int(c)) for r, c in definition["layout"]]
    rows, cols = 1 + max(r for r, _ in layout), 1 + max(c for _, c in layout)
    spots = set(layout)
    staggered = any((r + 1, c + d) in spots for r, c in layout for d in (-1, 1))
    step = math.sqrt(3) if staggered else 2
    unit = W / (cols + 1)
    radius = 0.8 * unit  # the page's hole: 160 / (cols + 1) % of the board's width across
    pegs = {int(c) for p in pieces for c in p["cells"]}
    defs["pz-hole"], defs["pz-peg"] = HOLE, PEG
    out = []
    for hole, (r, c) in enumerate(layout):
        x, y, peg = (c + 1) * unit, (1 + r * step) * unit, hole in pegs
        out.append(_circle(x, y, radius, "url(#pz-hole)"))
        if peg:  # its shadow, then the peg
            out += [_circle(x, y + 3, 0.82 * radius, "#000", ' opacity="0.35"')]
            out += [_circle(x, y, 0.82 * radius, "url(#pz-peg)")]
        out.append(_text(x, y, 0.032 * W, "#2a1400" if peg else "#c9d3d8", str(hole)))
    return ((rows - 1) * step + 2) * unit, out, staggered


# -- a twisty puzzle's net ---------------------------------------------------------------------
def _stickers(definition: dict, pieces: list[dict]) -> tuple[float, list[str]]:
    """Each sticker the definition's polygon in its face's colour with the face's letter (so
    the net reads without colour too); each tip its sticker's colour, dimmed (stickers.js)."""
    rows, cols = float(definition["rows"]), float(definition["cols"])
    scale = W / (cols + 0.1)
    colours = definition.get("colours") or {}
    faces = {int(p["cells"][0]): str(p["label"]) for p in pieces if p["cells"]}
    edges = f'stroke="{FRAME}" stroke-width="0.08" stroke-linejoin="round"'
    out = [f'<g transform="scale({_n(scale, 5)}) translate(0.05 0.05)" {edges}>']
    for k, polygon in enumerate(definition["stickers"]):
        face = faces.get(k, "")
        fill = colours.get(face, STICKER)
        ink = INK if face not in colours else "#111" if _light(fill) else "#fff"
        x, y, size = _middle(polygon)
        out.append(f'<polygon points="{_points(polygon)}" fill="{fill}"/>')
        out.append(_text(x, y, size, ink, face, ' font-weight="600" stroke="none"', 4))
    for polygon, k in definition.get("tips") or []:
        fill = colours.get(faces.get(int(k), ""), STICKER)
        out.append(f'<polygon points="{_points(polygon)}" fill="{fill}" opacity="0.55"/>')
    return (rows + 0.1) * scale, [*out, "</g>"]


def _faces(definition: dict, pieces: list[dict]) -> str:
    """A net's faces in words, as the page says them to a screen reader; none for a board."""
    faces = (definition.get("net") or {}).get("faces") if definition.get("stickers") else None
    if not faces:
        return ""
    letters = iter([str(p["label"]) for p in sorted(pieces, key=lambda p: int(p["cells"][0]))])
    said = "; ".join(f"face {name}: {' '.join(islice(letters, len(on)))}" for name, on in faces)
    words = "The puzzle unfolded, each sticker named by the face of its colour"
    return f"<desc>{words}; {escape(said)}.</desc>"


def _middle(polygon: list[list[float]]) -> tuple[float, float, float]:
    """A polygon's corners' mean, and a letter's size that fits inside it."""
    n, ring = len(polygon), zip(polygon, polygon[1:] + polygon[:1])
    area = sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in ring)
    x, y = sum(p[0] for p in polygon) / n, sum(p[1] for p in polygon) / n
    return x, y, 0.55 * math.sqrt(abs(area) / 2)


def _light(colour: str) -> bool:
    """Whether a colour (#rrggbb) is light enough for dark letters (relative luminance)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2] > 0.18


# -- SVG elements -------------------------------------------------------------------------------
def _gradient(stops: tuple[str, str], defs: Defs) -> str:
    """A fill from the first colour to the second as CSS's 160deg runs it, by its id."""
    key = f"pz-{stops[0][1:]}-{stops[1][1:]}"
    defs[key] = (
        f'<linearGradient id="{key}" x1="0.33" y1="0" x2="0.67" y2="1"><stop offset="0" '
        f'stop-color="{stops[0]}"/><stop offset="1" stop-color="{stops[1]}"/></linearGradient>'
    )
    return f"url(#{key})"


def _mix(colour: str, other: str, share: float) -> str:
    """`share` of one colour and the rest of another, as CSS color-mix in sRGB."""
    a, b = (bytes.fromhex(c[1:]) for c in (colour, other))
    return "#" + "".join(f"{round(share * x + (1 - share) * y):02x}" for x, y in zip(a, b))


def _rect(x: float, y: float, w: float, h: float, r: float, fill: str, more: str = "") -> str:
    size = f'width="{_n(w)}" height="{_n(h)}" rx="{_n(r)}"'
    return f'<rect x="{_n(x)}" y="{_n(y)}" {size} fill="{fill}"{more}/>'


def _text(x: float, y: float, em: float, ink: str, words: str, more: str = "", to: int = 2) -> str:
    """Words centred on a point, escaped (a label may be `<`)."""
    at = f'x="{_n(x, to)}" y="{_n(y, to)}" font-size="{_n(em, to)}" fill="{ink}"'
    mid = 'text-anchor="middle" dominant-baseline="central"'
    return f"<text {at} {mid}{more}>{escape(words)}</text>"


def _circle(x: float, y: float, r: float, fill: str, more: str = "") -> str:
    return f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{fill}"{more}/>'


def _points(polygon: list) -> str:
    return " ".join(f"{_n(x, 4)},{_n(y, 4)}" for x, y in polygon)


def _n(x: float, places: int = 2) -> str:
    """A number short and the same on every run: no trailing zeros, no -0."""
    text = f"{x:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text
