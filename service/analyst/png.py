"""Shapes of plot.layout drawn into an RGB buffer and written as PNG with zlib and struct.

A PNG is a signature and chunks (length, type, data, CRC-32): IHDR (size, 8-bit RGB), IDAT
(the zlib-compressed rows, each after a filter byte 0) and IEND. That is all a viewer needs.
"""

from __future__ import annotations

import struct
import zlib

from . import font
from .plot import Rect, Text

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _rgb(color: str) -> bytes:
    return bytes.fromhex(color.lstrip("#"))


class Canvas:
    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.pixels = bytearray(width * height * 3)

    def fill(self, x: int, y: int, w: int, h: int, color: str) -> None:
        x0, y0 = max(0, x), max(0, y)
        x1, y1 = min(self.width, x + w), min(self.height, y + h)
        if x1 <= x0 or y1 <= y0:
            return
        run = _rgb(color) * (x1 - x0)
        for row in range(y0, y1):
            start = (row * self.width + x0) * 3
            self.pixels[start:start + len(run)] = run

    def text(self, t: Text) -> None:
        across = font.width(t.text) * t.scale
        x = t.x - {"start": 0, "middle": across // 2, "end": across}[t.anchor]
        for px, py in font.pixels(t.text):
            self.fill(x + px * t.scale, t.y + py * t.scale, t.scale, t.scale, t.color)

    def png(self) -> bytes:
        stride = self.width * 3
        raw = b"".join(b"\x00" + bytes(self.pixels[r * stride:(r + 1) * stride])
                       for r in range(self.height))
        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        return (SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(raw, 9))
                + _chunk(b"IEND", b""))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def render(shapes: list[Rect | Text], width: int, height: int) -> bytes:
    canvas = Canvas(width, height)
    for shape in shapes:
        if isinstance(shape, Rect):
            canvas.fill(shape.x, shape.y, shape.w, shape.h, shape.color)
        else:
            canvas.text(shape)
    return canvas.png()
