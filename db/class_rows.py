"""Every position of a build of classes, made from its stored rows: what `export` writes.

A build of classes (db.schema) stores one row per class of symmetric positions. Each stored
row stands for its distinct images (class_images, by its `fixed`): an image has the row's
depth and solutions, its move is the row's move seen through the symmetry (move_images), and
its pred is the image with that move undone. Rows come by class, in the stored (state) order,
and each class's images in text order: the same rows as the `states` view, which spells the
same rule in SQL. A pred, stored or not, is the move undone: only builds whose every move
swaps two cells or flips a jump's three holes are built as classes.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from sqlite3 import Connection

from puzzledb.builder.peg_symmetry import image

from .queries import Build, count


@dataclass(frozen=True)
class Move:
    label: str
    cells: tuple[int, ...]  # the two it swaps, or the three a jump flips; () when neither


@dataclass(frozen=True)
class ClassImages:
    """What turns a build's stored rows into every position: its symmetries (`takes` lists),
    each move code seen through each, its moves and the distinct images of each `fixed`."""

    symmetries: list[tuple[int, ...]]
    move_images: dict[tuple[int, int], int]  # (symmetry, code) -> code
    moves: dict[int, Move]
    images: dict[int, list[int]]  # fixed -> the symmetries giving its distinct images

    @classmethod
    def read(cls, conn: Connection, build: Build) -> ClassImages:
        one = (build.id,)
        return cls(
            symmetries=[
                tuple(json.loads(t))
                for (t,) in conn.execute(
                    "SELECT takes FROM symmetries WHERE puzzle_id = ? ORDER BY symmetry", one
                )
            ],
            move_images={
                (k, code): seen
                for k, code, seen in conn.execute(
                    "SELECT symmetry, code, image FROM move_images WHERE puzzle_id = ?", one
                )
            },
            moves={
                code: Move(label, tuple(c for c in cells if c is not None))
                for code, label, *cells in conn.execute(
                    "SELECT code, label, cell_a, cell_b, cell_c FROM moves WHERE puzzle_id = ?",
                    one,
                )
            },
            images=_images(
                conn.execute(
                    "SELECT fixed, symmetry FROM class_images WHERE puzzle_id = ? "
                    "ORDER BY fixed, symmetry",
                    one,
                )
            ),
        )

    def expand(self, row: tuple) -> list[tuple]:
        """(state, depth, pred, move label, solutions) of each distinct image of a stored
        row (state, depth, move, solutions, fixed), in text order."""
        state, depth, move, solutions, fixed = row
        solutions = count(solutions)
        out: list[tuple] = []
        for k in self.images[fixed]:
            takes = self.symmetries[k]
            seen = image(state, takes)
            if move is None:
                out.append((seen, depth, None, None, solutions))
                continue
            code = self.move_images[(k, move)]
            step = self.moves[code]
            out.append((seen, depth, _undone(seen, step.cells), step.label, solutions))
        out.sort()
        return out


def batches(rows: Iterable[list[tuple]], images: ClassImages, size: int) -> Iterator[list[tuple]]:
    """Batches of stored rows as batches of `size` positions (the last may be short)."""
    held: list[tuple] = []
    for batch in rows:
        for row in batch:
            held.extend(images.expand(row))
        while len(held) >= size:
            yield held[:size]
            del held[:size]
    if held:
        yield held


def _images(pairs: Iterable[tuple[int, int]]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for fixed, k in pairs:
        out.setdefault(fixed, []).append(k)
    return out


def _undone(state: str, cells: tuple[int, ...]) -> str:
    """`state` with a move undone: its two cells swapped, or its jump's three holes flipped."""
    chars = list(state)
    if len(cells) == 2:
        a, b = cells
        chars[a], chars[b] = chars[b], chars[a]
    else:
        for c in cells:
            chars[c] = "1" if chars[c] == "0" else "0"
    return "".join(chars)
