"""The depth histogram as a picture, drawn by matplotlib: PNG or SVG by the file's extension.

matplotlib is imported only here, and only when a picture is asked for, so no other command
pays for it. The picture names the puzzle, its goal and size, and titles both axes; depth
labels thin out on deep puzzles so they stay readable.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import TYPE_CHECKING

from puzzledb.builder.core.errors import MalformedInput
from puzzledb.builder.core.message_text import PATH_SHOWN, shown
from puzzledb.service.errors import CannotWrite

from ..answer_types import StatsAnswer

if TYPE_CHECKING:  # matplotlib is loaded only when a picture is asked for
    from matplotlib.figure import Figure

EXTENSIONS = (".png", ".svg")
WIDTH, HEIGHT, DPI = 800, 480, 100
BAR, INK, MUTED = "#4682b4", "#1a1a1a", "#555555"


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


def write(path: str | Path, stats: StatsAnswer) -> None:
    """Draw `stats` (a stats answer) into `path`, as PNG or SVG by its extension.

    A path that cannot be written (no such folder, a folder, no permission) is CannotWrite
    naming it and the reason, not a traceback.
    """
    suffix = check_extension(path)
    import matplotlib

    matplotlib.use("Agg")  # no display: a file is all we draw
    from matplotlib import pyplot
    from matplotlib.ticker import FuncFormatter, MaxNLocator

    counts = stats["histogram"]
    with (
        matplotlib.rc_context({"svg.fonttype": "none", "font.size": 12}),
        warnings.catch_warnings(),
    ):
        # An SVG keeps its text for the viewer's fonts to draw; measuring a katakana goal with
        # a font that lacks it is only approximate, which is no reason to warn the user.
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        figure, axes = pyplot.subplots(figsize=(WIDTH / DPI, HEIGHT / DPI), dpi=DPI)
        try:
            bars = axes.bar(range(len(counts)), counts, width=0.85, color=BAR)
            for depth, (bar, _count) in enumerate(zip(bars, counts)):
                bar.set_gid(f"bar-{depth}")  # SVG: <g id="bar-D">, one a depth
            figure.suptitle(
                f"{stats['puzzle']}: states by depth", x=0.02, ha="left", fontsize=16, color=INK
            )
            axes.set_title(_subtitle(stats, suffix), loc="left", fontsize=11, color=MUTED)
            axes.set_xlabel("depth (moves from the goal)")
            axes.set_ylabel("states")
            axes.xaxis.set_major_locator(MaxNLocator(nbins=16, integer=True))
            axes.yaxis.set_major_formatter(FuncFormatter(lambda v, _: tick_label(int(v))))
            axes.set_xlim(-0.6, len(counts) - 0.4)
            axes.spines[["top", "right"]].set_visible(False)
            figure.tight_layout()
            _save(figure, path, suffix)
        finally:
            pyplot.close(figure)


def _subtitle(stats: StatsAnswer, suffix: str) -> str:
    """Goal and size; a goal whose characters no installed font draws is left out of a PNG
    (an SVG keeps the text, and the viewer's fonts draw it)."""
    goal = f"goal {stats['goal']}, "
    if suffix == ".png" and not _drawable(stats["goal"]):
        goal = ""
    return f"{goal}{stats['states']:,} states, max depth {stats['max_depth']}"


def _drawable(text: str) -> bool:
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    font = FT2Font(font_manager.findfont(font_manager.FontProperties()))
    return all(font.get_char_index(ord(ch)) for ch in text)


def tick_label(value: int) -> str:
    """12,500 as is; larger counts shortened to fit the margin (250k, 1.5M)."""
    if value >= 1_000_000:
        return f"{value / 1_000_000:g}M"
    if value >= 100_000:
        return f"{value / 1000:g}k"
    return f"{value:,}"


def _save(figure: Figure, path: str | Path, suffix: str) -> None:
    try:
        with open(path, "wb") as out:
            figure.savefig(out, format=suffix[1:], dpi=DPI)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise CannotWrite(
            f"--plot {shown(str(path), PATH_SHOWN)}: cannot write the picture: {reason}"
        ) from None
