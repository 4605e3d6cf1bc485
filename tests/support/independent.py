"""An independent model of the small puzzles, written from their rules (docs/puzzles.md)
for the tests alone.

It shares no code with builder/: if the builder misread a rule, the two disagree.
"""

import itertools
import re
from collections import deque

PEG_JUMPS = {
    0: [(1, 3), (2, 5)],
    1: [(3, 6), (4, 8)],
    2: [(4, 7), (5, 9)],
    3: [(1, 0), (4, 5), (6, 10), (7, 12)],
    4: [(7, 11), (8, 13)],
    5: [(2, 0), (4, 3), (8, 12), (9, 14)],
    6: [(3, 1), (7, 8)],
    7: [(4, 2), (8, 9)],
    8: [(4, 1), (7, 6)],
    9: [(5, 2), (8, 7)],
    10: [(6, 3), (11, 12)],
    11: [(7, 4), (12, 13)],
    12: [(7, 3), (8, 5), (11, 10), (13, 14)],
    13: [(8, 4), (12, 11)],
    14: [(9, 5), (13, 12)],
}


def grid_neighbours(rows, cols, blank, bulb=None):
    """Successor function of a sliding board; `bulb` is the label of a 1x2 piece, if any."""

    def successors(state):
        out = []
        for b, ch in enumerate(state):
            if ch != blank:
                continue
            r, c = divmod(b, cols)
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                rr, cc = r + dr, c + dc
                if not (0 <= rr < rows and 0 <= cc < cols):
                    continue
                t = rr * cols + cc
                s = list(state)
                if state[t] == bulb:
                    if dr:  # a bulb never moves vertically into a single blank
                        continue
                    far = t + dc  # the other half of the bulb, further from the blank
                    if not (0 <= cc + dc < cols) or state[far] != bulb:
                        continue
                    s[b], s[far] = bulb, blank
                elif state[t] != blank:
                    s[b], s[t] = state[t], blank
                else:
                    continue
                out.append("".join(s))
        return out

    return successors


def peg_successors(state):
    """Every chain of jumps by one peg, each prefix of a chain being a move of its own."""
    out: set[str] = set()

    def chain(s, at):
        for over, land in PEG_JUMPS[at]:
            if s[over] == "1" and s[land] == "0":
                cells = list(s)
                cells[at], cells[over], cells[land] = "0", "0", "1"
                t = "".join(cells)
                out.add(t)
                chain(t, land)

    for hole, ch in enumerate(state):
        if ch == "1":
            chain(state, hole)
    return out


def distances_to(goal, successors):
    """Shortest distance to `goal` of every state of a reversible puzzle: BFS from the goal."""
    return distances_from_all([goal], successors)


def grid_peg_successors(rows, chain=False):
    """Successor function of a peg board drawn as rows ('o' a hole): a peg jumps over a
    neighbouring peg in a row or column into the empty hole beyond. Holes are numbered in
    reading order. With `chain`, a move is any chain of such jumps by one peg."""
    cells = [(r, c) for r, row in enumerate(rows) for c, mark in enumerate(row) if mark == "o"]
    at = {cell: i for i, cell in enumerate(cells)}
    lines = {}
    for i, (r, c) in enumerate(cells):
        lines[i] = [
            (at[(r + dr, c + dc)], at[(r + 2 * dr, c + 2 * dc)])
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if (r + dr, c + dc) in at and (r + 2 * dr, c + 2 * dc) in at
        ]

    def successors(state):
        out: set[str] = set()

        def go(s, hole):
            for over, land in lines[hole]:
                if s[over] == "1" and s[land] == "0":
                    cells = list(s)
                    cells[hole], cells[over], cells[land] = "0", "0", "1"
                    t = "".join(cells)
                    out.add(t)
                    if chain:
                        go(t, land)

        for hole, mark in enumerate(state):
            if mark == "1":
                go(state, hole)
        return out

    return successors


def peg_distances(goal, holes=15, successors=peg_successors):
    """Distance to `goal` of every peg state that can reach it (jumps only remove pegs,
    so a state's distance follows from those with fewer pegs)."""
    by_pegs = sorted(range(1, 1 << holes), key=lambda m: bin(m).count("1"))
    dist = {}
    for mask in by_pegs:
        state = "".join("1" if mask >> (holes - 1 - i) & 1 else "0" for i in range(holes))
        if state == goal:
            dist[state] = 0
            continue
        best = [dist[t] for t in successors(state) if t in dist]
        if best:
            dist[state] = 1 + min(best)
    return dist


def forward_distance(start, goal, successors):
    """Moves from start to goal by forward BFS (None if it cannot be reached)."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if s == goal:
            return seen[s]
        for t in successors(s):
            if t not in seen:
                seen[t] = seen[s] + 1
                queue.append(t)
    return None


def solution_counts(dist, successors):
    """How many distinct shortest paths lead from each state of `dist` to its goal, by the
    definition: 1 at the goal, else the sum over the distinct states one move away that are
    one move nearer."""
    count = {}
    for state in sorted(dist, key=dist.get):
        d = dist[state]
        if d == 0:
            count[state] = 1
            continue
        nearer = {t for t in successors(state) if dist.get(t) == d - 1}
        count[state] = sum(count[t] for t in nearer)
    return count


def count_paths(start, goal, successors, moves):
    """Every sequence of exactly `moves` moves from start that ends at goal, counted by walking
    them all (for short distances: it is exponential)."""
    if moves == 0:
        return int(start == goal)
    return sum(count_paths(t, goal, successors, moves - 1) for t in set(successors(start)))


def rectangles(state, rows, cols, sizes):
    """Each piece of a board of rectangles as (label, top, left): a piece of `sizes[label]`
    (rows, cols; absent: one cell) covers a whole block of its label's cells."""
    taken, out = set(), []
    for cell, label in enumerate(state):
        if cell in taken or label not in sizes:
            continue
        h, w = sizes[label]
        top, left = divmod(cell, cols)
        block = {(top + i) * cols + left + j for i in range(h) for j in range(w)}
        taken |= block
        out.append((label, top, left))
    return out


def block_successors(rows, cols, blank, sizes, metric="unit"):
    """Successor function of a board of rectangles: every cell a piece would enter must be
    blank. A move is one piece one cell ("unit"), any number of cells in one direction
    ("straight"), or to anywhere its one-cell steps reach with nothing else moving
    ("finger")."""

    def successors(state):
        pieces = [
            (label, divmod(cell, cols), (1, 1))
            for cell, label in enumerate(state)
            if label != blank and label not in sizes
        ] + [
            (label, (top, left), sizes[label])
            for label, top, left in rectangles(state, rows, cols, sizes)
        ]
        out = []
        for label, corner, size in pieces:
            steps = _shifted(state, label, corner, size, rows, cols, blank)
            if metric == "unit":
                out += [s for s, _, _ in steps]
            elif metric == "straight":
                for first, first_at, way in steps:
                    s, at = first, first_at
                    while True:
                        out.append(s)
                        more = [
                            (t, a)
                            for t, a, w in _shifted(s, label, at, size, rows, cols, blank)
                            if w == way
                        ]
                        if not more:
                            break
                        s, at = more[0]
            else:
                seen = {state}
                queue = deque((s, at) for s, at, _ in steps)
                seen |= {s for s, _, _ in steps}
                while queue:
                    s, at = queue.popleft()
                    out.append(s)
                    for t, a, _ in _shifted(s, label, at, size, rows, cols, blank):
                        if t not in seen:
                            seen.add(t)
                            queue.append((t, a))
        return out

    return successors


def _shifted(state, label, corner, size, rows, cols, blank):
    """The piece at `corner` one cell each way it can go: (state, new corner, direction)."""
    top, left = corner
    h, w = size
    cells = {(top + i, left + j) for i in range(h) for j in range(w)}
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        moved = {(r + dr, c + dc) for r, c in cells}
        if not all(0 <= r < rows and 0 <= c < cols for r, c in moved):
            continue
        if any(state[r * cols + c] != blank for r, c in moved - cells):
            continue
        s = list(state)
        for r, c in cells:
            s[r * cols + c] = blank
        for r, c in moved:
            s[r * cols + c] = label
        out.append(("".join(s), (top + dr, left + dc), (dr, dc)))
    return out


def tilings(pieces, rows, cols, sizes):
    """Every distinct arrangement of the multiset of cell labels `pieces` in which each sized
    label's cells form whole blocks, by trying every ordering (for small boards only)."""
    from itertools import permutations

    out: set[str] = set()
    for order in set(permutations(pieces)):
        state = "".join(order)
        placed = rectangles(state, rows, cols, sizes)
        covered = []
        for label, top, left in placed:
            h, w = sizes[label]
            covered += [
                (top + i) * cols + left + j
                for i in range(h)
                for j in range(w)
                if top + i < rows
                and left + j < cols
                and state[(top + i) * cols + left + j] == label
            ]
        whole = all(
            len([1 for lab, _, _ in placed if lab == k]) * sizes[k][0] * sizes[k][1]
            == state.count(k)
            for k in sizes
        )
        if whole and len(covered) == len(set(covered)) == sum(state.count(k) for k in sizes):
            out.add(state)
    return out


def distances_from_all(sources, successors):
    """Shortest distance of every state to the nearest of `sources` (a reversible puzzle)."""
    dist = dict.fromkeys(sources, 0)
    queue = deque(sources)
    while queue:
        s = queue.popleft()
        for t in successors(s):
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist


# -- peg boards drawn as rows ('o' a hole, '.' none) -----------------------------------------------
GRID_LINES = [(0, 1), (1, 0)]
TRIANGLE_LINES = [(0, 1), (1, 0), (1, 1)]  # rows, columns, and the diagonal of left-aligned rows


def drawn_jumps(board, directions):
    """(from, over, to) hole triples of a drawn board, walking each line of the drawing."""
    holes = [(r, c) for r in range(len(board)) for c in range(len(board[0])) if board[r][c] == "o"]
    out: set[tuple[int, int, int]] = set()
    for a in holes:
        for dr, dc in directions:
            for s in (1, -1):
                b, c = (a[0] + s * dr, a[1] + s * dc), (a[0] + 2 * s * dr, a[1] + 2 * s * dc)
                if b in holes and c in holes:
                    out.add((holes.index(a), holes.index(b), holes.index(c)))
    return out


def drawn_successors(triples, metric="jump"):
    """Every position one move on: one jump, or ("chain") any chain of jumps by one peg."""

    def successors(state):
        found: set[str] = set()

        def go(s, at):
            for a, b, c in triples:
                if a == at and s[b] == "1" and s[c] == "0":
                    cells = list(s)
                    cells[a], cells[b], cells[c] = "0", "0", "1"
                    t = "".join(cells)
                    found.add(t)
                    if metric == "chain":
                        go(t, c)

        for hole, ch in enumerate(state):
            if ch == "1":
                go(state, hole)
        return found

    return successors


def winners(triples, goal):
    """Every position some sequence of jumps takes to `goal`: un-jumping from it (a peg in the
    landing hole goes back over refilled holes), breadth first."""
    seen = {goal}
    queue = deque([goal])
    while queue:
        s = queue.popleft()
        for a, b, c in triples:
            if s[c] == "1" and s[a] == "0" and s[b] == "0":
                cells = list(s)
                cells[a], cells[b], cells[c] = "1", "1", "0"
                t = "".join(cells)
                if t not in seen:
                    seen.add(t)
                    queue.append(t)
    return seen


# -- Klotski's board, every mix of pieces ------------------------------------------------------
def klotski_layouts(blanks, pattern="?" * 20):
    """Layouts of Klotski's 5x4 board with the 2x2 square once, exactly `blanks` empty cells
    and verticals, horizontals and smalls filling the rest, matching `pattern` ('?' any cell),
    counted by mix: {(verticals, horizontals, smalls): layouts}. Cells are filled in reading
    order, each first empty one by some piece's top-left corner, remembering (cell, cells
    covered ahead, square placed, blanks left)."""
    rows, cols = 5, 4
    shapes = {"B": (2, 2), "V": (2, 1), "H": (1, 2), "s": (1, 1), "_": (1, 1)}
    memo: dict[tuple, dict] = {}

    def ways(cell, covered, square, left):
        if cell == rows * cols:
            return {(0, 0, 0): 1} if square and not left else {}
        key = (cell, covered, square, left)
        if key in memo:
            return memo[key]
        if covered >> cell & 1:
            found = ways(cell + 1, covered, square, left)
        else:
            found = {}
            top, col = divmod(cell, cols)
            for label, (h, w) in shapes.items():
                if (label == "B" and square) or (label == "_" and not left):
                    continue
                block = [(top + i) * cols + col + j for i in range(h) for j in range(w)]
                if top + h > rows or col + w > cols:
                    continue
                if any(covered >> c & 1 or pattern[c] not in ("?", label) for c in block):
                    continue
                mask = covered | sum(1 << c for c in block)
                rest = ways(cell + 1, mask, square or label == "B", left - (label == "_"))
                add = {"V": (1, 0, 0), "H": (0, 1, 0), "s": (0, 0, 1)}.get(label, (0, 0, 0))
                for (v, hh, s), n in rest.items():
                    mix = (v + add[0], hh + add[1], s + add[2])
                    found[mix] = found.get(mix, 0) + n
        memo[key] = found
        return found

    return ways(0, 0, False, blanks)


def chain_of(label: str) -> list[int]:
    """The holes a peg's move passes through, from its words ('peg 4 jumps to 13, 11, 4')."""
    words = re.fullmatch(r"peg (\d+) jumps to (\d+(?:, \d+)*)", label)
    if words is None:
        raise ValueError(f"not a peg's move: {label!r}")
    return [int(words[1]), *(int(h) for h in words[2].split(", "))]


def jumped(triples, state, path):
    """The position after the peg at path[0] jumps along `path` (each step a jump of
    `triples`: (from, over, into)), or None where a jump of it is not legal there."""
    over_of = {(a, c): b for a, b, c in triples}
    cells = list(state)
    for here, there in itertools.pairwise(path):
        over = over_of.get((here, there))
        if over is None or cells[here] != "1" or cells[over] != "1" or cells[there] != "0":
            return None
        cells[here], cells[over], cells[there] = "0", "0", "1"
    return "".join(cells)
