"""What the command line prints for each answer when --json is not given: boards drawn side by
side, tables and bars, all from the answer itself (and, for boards, the puzzle's look)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from puzzledb.builder import catalogue
from puzzledb.builder.core.message_text import visible
from puzzledb.builder.core.text_width import pad, width

from . import render

if TYPE_CHECKING:
    from puzzledb.builder.puzzle import Puzzle


def echoed(path: object) -> str:
    """A file path as a success line repeats it ("exported ... to PATH"): whole and unquoted,
    but with control, zero-width, bidirectional and stray combining characters escaped as in
    error messages (`\\u202e`), so that no file name can reorder or hide the line."""
    return visible(str(path), quotes=False)


def list_text(answer: dict) -> str:
    """One line a puzzle, its name, board and title in columns as wide as the widest of each
    (measured in terminal columns), and a line a build or "not built" under it."""
    puzzles = answer["puzzles"]
    names = max((width(p["name"]) for p in puzzles), default=0)
    boards = max((width(p["board"]) for p in puzzles), default=0)
    indent = " " * (names + 1)
    lines = []
    for p in puzzles:
        lines.append(f"{pad(p['name'], names)} {pad(p['board'], boards)} {p['title']}")
        if not p["builds"]:
            radius = catalogue.radius_flag(p["name"])
            lines.append(f"{indent}not built (puzzledb build {p['name']}{radius})")
        for b in p["builds"]:
            lines.append(
                f"{indent}goal {b['goal']}: {b['states']:,} states, max depth {b['max_depth']}, "
                f"built {b['built_at']} in {b['build_seconds']} s"
            )
    return "\n".join(lines) + "\n"


def path_text(puzzle: Puzzle, answer: dict) -> str:
    moves = answer["moves"]
    blocks = [("start", puzzle.draw(answer["path"][0]))]
    for i, (move, state) in enumerate(zip(moves, answer["path"][1:]), start=1):
        blocks.append((f"{i}. {move}", puzzle.draw(state)))
    count = len(moves)
    reached = answer.get("reached", answer["goal"])
    goal = answer["goal"] if reached == answer["goal"] else f"{answer['goal']} at {reached}"
    head = (
        f"{answer['puzzle']}: {answer['state']} -> goal {goal}, "
        f"{count} move{'s' if count != 1 else ''} (optimal)\n\n"
    )
    tail = f"{count} move{'s' if count != 1 else ''}, optimal; {solutions(answer['solutions'])}\n"
    return head + turn_first(answer) + render.side_by_side(blocks) + tail


def turn_first(answer: dict) -> str:
    """The whole-puzzle turns to make before the moves, where the answer has some."""
    if not answer.get("turn_first"):
        return ""
    return (
        f"Turn the whole puzzle first: {answer['turn_first']} (the build holds still a piece "
        f"that the position has moved); the moves follow from there.\n\n"
    )


def moves(n: int) -> str:
    return f"{n} move{'' if n == 1 else 's'}"


def solutions(n: int) -> str:
    """ "40 optimal solutions", "1 optimal solution"."""
    return f"{n:,} optimal solution{'' if n == 1 else 's'}"


def moves_text(a: dict, radius: int | None = None) -> str:
    if a["depth"] is None:  # --any, a state the build does not hold: why, the proof after
        proof = f" ({a['why_details']})" if "why_details" in a else ""
        lines = [f"{a['puzzle']}: {a['state']}: {a['why']}{proof}"]
    else:
        lines = [
            f"{a['puzzle']}: {a['state']} is {moves(a['depth'])} from goal {a['goal']}, "
            f"{solutions(a['solutions'])}"
        ]
    if a.get("turn_first"):
        lines.append(turn_first(a).rstrip("\n"))
    width = max((len(m["move"]) for m in a["moves"]), default=0)
    for m in a["moves"]:
        if m["beyond_radius"]:
            depth = f"beyond radius {radius}"
        else:
            depth = "cannot reach the goal" if m["depth"] is None else moves(m["depth"])
        mark = f"  optimal, keeps {solutions(m['solutions'])}" if m["optimal"] else ""
        lines.append(f"  {m['move']:<{width}}  -> {m['state']}  {depth}{mark}")
    return "\n".join(lines) + "\n"


def depth_text(puzzle: Puzzle, a: dict) -> str:
    shown = len(a["states"])
    first = a["offset"] + 1
    head = f"{a['puzzle']}, goal {a['goal']}: {a['count']:,} states at depth {a['depth']}"
    note = puzzle.depth_note(a["depth"], a["goal"])  # "4 pegs" on a peg board of jumps
    head += f", {note}" if note else ""
    if shown and a["after"] is not None:
        head += f" (showing {shown:,} after {a['after']})"
    elif shown and shown < a["count"]:
        head += f" (showing {first:,}-{a['offset'] + shown:,})"
    return head + "\n" + "".join(f"{s}\n" for s in a["states"])


def farthest_text(puzzle: Puzzle, a: dict) -> str:
    plural = "" if a["count"] == 1 else "s"
    if a["radius"] is not None and a["depth"] == a["radius"]:
        what = (
            f"{a['count']:,} state{plural} at the radius edge, {moves(a['depth'])} away (built "
            f"only within radius {a['radius']}; farther states, if any, are not stored)"
        )
    else:
        what = f"{a['count']:,} farthest state{plural}, {moves(a['depth'])} away"
    head = f"{a['puzzle']}, goal {a['goal']}: {what}\n\n"
    blocks = [(s, puzzle.draw(s)) for s in a["states"][:60]]
    more = "" if len(a["states"]) <= 60 else "".join(f"{s}\n" for s in a["states"][60:])
    return head + render.side_by_side(blocks) + more


def build_times(a: dict) -> list[str]:
    """When a build started (its search) and finished (its commit), and how long it took; a
    build from before those were kept says when storing began."""
    if a.get("started_at") is None or a.get("finished_at") is None:
        return [
            f"built:    storing began {a['built_at']}, {a['build_seconds']} s in all (start and "
            f"finish not recorded: an older puzzledb built it)"
        ]
    return [
        f"started:  {a['started_at']} (the search began)",
        f"finished: {a['finished_at']} (the build committed), {a['build_seconds']} s in all; "
        f"storing began {a['built_at']}",
    ]


def stats_text(puzzle: Puzzle, a: dict) -> str:
    top = max(a["histogram"])
    notes = [puzzle.depth_note(d, a["goal"]) for d in range(len(a["histogram"]))]
    width = max(map(len, notes))
    lines = [
        f"{a['puzzle']} ({a['title']}), goal {a['goal']}"
        + (f" ({a['goal_positions']:,} positions match)" if a["goal_positions"] > 1 else ""),
        f"states: {a['states']:,}   max depth: {a['max_depth']}",
        *build_times(a),
        *(
            [f"stored: {a['classes']:,} rows, one per class of symmetric states; all are answered"]
            if a.get("classes")
            else []
        ),
        "",
        "depth      states",
    ]
    for depth, count in enumerate(a["histogram"]):
        bar = "█" * max(1 if count else 0, round(40 * count / top))
        note = f"  {notes[depth]:<{width}}" if width else ""
        lines.append(f"{depth:>5} {count:>11,}{note}  {bar}")
    most = a["most_solutions"]
    which = ", ".join(most["states"]) + (", ..." if most["count"] > len(most["states"]) else "")
    lines += [
        "",
        f"most optimal solutions: {most['solutions']:,}, from "
        f"{most['count']:,} state{'' if most['count'] == 1 else 's'}: {which}",
    ]
    return "\n".join(lines) + "\n"
