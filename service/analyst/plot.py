"""The depth histogram as a picture: one layout of bars, ticks and labels, drawn as SVG or PNG.

The layout is a list of plain shapes (rectangles, lines, texts) in pixel coordinates, so the
two writers only translate shapes and the pictures agree. No plotting library is needed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from puzzledb.builder.errors import PATH_SHOWN, CannotWrite, MalformedInput, shown

from . import font

EXTENSIONS = (".png", ".svg")
WIDTH, HEIGHT = 800, 480
LEFT, RIGHT, TOP, BOTTOM = 84, 24, 104, 64
BAR, GRID, AXIS, INK, MUTED = "#4682b4", "#e3e6ea", "#333333", "#1a1a1a", "#555555"


@dataclass(frozen=True)
class Rect:
    x: int
    y: int
    w: int
    h: int
    color: str
    tip: str = ""  # a bar's "depth d: n states"; empty for anything else


@dataclass(frozen=True)
class Text:
    x: int
    y: int  # top of the letters
    text: str
    scale: int  # bitmap pixels per font pixel (letters are 7 * scale high)
    color: str
    anchor: str = "start"  # start | middle | end


def check_extension(path: str | Path) -> str:
    """'.png' or '.svg' from the file name (any case); MalformedInput naming both otherwise."""
    suffix = Path(path).suffix.lower()
    if suffix not in EXTENSIONS:
        raise MalformedInput(
            f"--plot {shown(str(path), PATH_SHOWN)}: the picture is chosen by the file "
            f"extension; use .png or .svg"
            + (f", not {shown(Path(path).suffix)}" if Path(path).suffix else "")
        )
    return suffix


def nice_step(top: int, ticks: int = 5) -> int:
    """A 1, 2 or 5 times a power of ten that splits 0..top into about `ticks` parts."""
    raw = max(1.0, top / ticks)
    power = 10 ** math.floor(math.log10(raw))
    return int(next(m * power for m in (1, 2, 5, 10) if m * power >= raw))


def tick_label(value: int) -> str:
    """12,500 as is; larger counts shortened to fit the margin (250k, 1.5M)."""
    if value >= 1_000_000:
        return f"{value / 1_000_000:g}M"
    if value >= 100_000:
        return f"{value / 1000:g}k"
    return f"{value:,}"


def layout(stats: dict, ascii_only: bool) -> list[Rect | Text]:
    """Shapes for a stats answer. `ascii_only` leaves out text the bitmap font cannot draw
    (an atama goal in katakana) instead of drawing question marks."""
    counts = stats["histogram"]
    step = nice_step(max(counts))
    top = step * math.ceil(max(counts) * 1.04 / step)  # headroom above the tallest bar
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    base = TOP + plot_h
    pitch = plot_w / len(counts)
    shapes: list[Rect | Text] = [Rect(0, 0, WIDTH, HEIGHT, "#ffffff")]

    title = f"{stats['puzzle']}: states by depth"
    goal = f"goal {stats['goal']}, "
    if ascii_only and not font.drawable(goal):
        goal = ""
    subtitle = f"{goal}{stats['states']:,} states, max depth {stats['max_depth']}"
    shapes += [Text(LEFT, 16, title, 3, INK), Text(LEFT, 48, subtitle, 2, MUTED)]

    for value in range(0, top + 1, step):
        y = base - round(plot_h * value / top)
        if value:
            shapes.append(Rect(LEFT, y, plot_w, 1, GRID))
        shapes.append(Rect(LEFT - 6, y, 6, 1, AXIS))
        shapes.append(Text(LEFT - 10, y - 7, tick_label(value), 2, INK, "end"))

    label_every = next(n for n in (1, 2, 5, 10, 20, 50, 100, 1000)
                       if pitch * n >= font.width(str(len(counts))) * 2 + 8)
    gap = max(1, round(pitch * 0.15))
    for depth, count in enumerate(counts):
        x0, x1 = LEFT + round(depth * pitch), LEFT + round((depth + 1) * pitch)
        h = round(plot_h * count / top)
        shapes.append(Rect(x0 + gap // 2, base - h, max(1, x1 - x0 - gap), h, BAR,
                           f"depth {depth}: {count:,} states"))
        if depth % label_every == 0:
            middle = (x0 + x1) // 2
            shapes.append(Rect(middle, base, 1, 5, AXIS))
            shapes.append(Text(middle, base + 9, str(depth), 2, INK, "middle"))

    shapes += [Rect(LEFT, TOP, 1, plot_h + 1, AXIS), Rect(LEFT, base, plot_w, 1, AXIS)]
    shapes.append(Text(LEFT + plot_w // 2, HEIGHT - 24, "depth (moves from the goal)", 2,
                       INK, "middle"))
    shapes.append(Text(LEFT - 10, TOP - 34, "states", 2, INK, "end"))
    return shapes


def write(path: str | Path, stats: dict) -> None:
    """Draw `stats` (a stats answer) into `path`, as PNG or SVG by its extension.

    A path that cannot be written (no such folder, a folder, no permission) is CannotWrite
    naming it and the reason, not a traceback.
    """
    suffix = check_extension(path)
    if suffix == ".svg":
        from .svg import render

        picture = render(layout(stats, ascii_only=False), WIDTH, HEIGHT).encode("utf-8")
    else:
        from .png import render

        picture = render(layout(stats, ascii_only=True), WIDTH, HEIGHT)
    try:
        Path(path).write_bytes(picture)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise CannotWrite(
            f"--plot {shown(str(path), PATH_SHOWN)}: cannot write the picture: {reason}"
        ) from None
