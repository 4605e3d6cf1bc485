"""Shapes of plot.layout written as an SVG document (bars carry a tooltip and class="bar")."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from . import font
from .plot import Rect, Text


def _rect(r: Rect) -> str:
    attributes = f'x="{r.x}" y="{r.y}" width="{r.w}" height="{r.h}" fill="{r.color}"'
    if r.tip:
        return f'<rect class="bar" {attributes}><title>{escape(r.tip)}</title></rect>'
    return f"<rect {attributes}/>"


def _text(t: Text) -> str:
    size = font.HEIGHT * t.scale * 1.35  # a sans-serif's cap height is about 0.7 em
    baseline = t.y + font.HEIGHT * t.scale
    return (f'<text x="{t.x}" y="{baseline}" font-size="{size:.0f}" fill="{t.color}" '
            f'text-anchor="{t.anchor}">{escape(t.text)}</text>')


def render(shapes: list[Rect | Text], width: int, height: int) -> str:
    title = next((s.text for s in shapes if isinstance(s, Text)), "histogram")
    body = "\n".join(_rect(s) if isinstance(s, Rect) else _text(s) for s in shapes)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family={quoteattr("Helvetica, Arial, sans-serif")}>\n'
        f"<title>{escape(title)}</title>\n{body}\n</svg>\n"
    )
