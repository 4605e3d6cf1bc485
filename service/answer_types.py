"""The answers puzzledb gives, typed: the one contract of the CLI's `--json`, the HTTP API and
the page.

Each answer is a TypedDict, so it stays the plain dict that the CLI prints, the service encodes
and remembers, and the page reads (its JSON unchanged), while mypy checks every key
service.answers puts into it. The fields are in the order the answers give them. The OpenAPI
document's schemas are generated from these types (service.json_schema, service.http.openapi): the
string beside a field's type in Annotated[...] is its description, what API readers see, and
Keywords say what a type cannot (a least value).

No `from __future__ import annotations` here: TypedDict reads NotRequired from the annotations
themselves, and the schemas are made from them at run time.
"""

from typing import Annotated, Any, Literal, NotRequired, TypedDict

from .json_schema import Keywords

# -- parts several answers share -------------------------------------------------------------------
Radius = Annotated[
    int | None,
    "null: every state that can reach the goal is stored; a number: only states within that "
    "many moves (radius builds of large boards).",
]
Solutions = Annotated[
    int,
    Keywords(minimum=1),
    "How many distinct optimal paths lead from the state to the goal; exact at any size (it "
    "may exceed 2**53, past which JavaScript's numbers round).",
]
BuiltAt = Annotated[str, "When the build began storing its rows (UTC, ISO 8601)."]


class Piece(TypedDict):
    """One piece on the board and the cells it covers, as the page draws it."""

    label: str
    cells: list[int]


Pieces = Annotated[
    list[Piece],
    "Every piece on the board and the cells it covers (a wide piece once, with its whole "
    "block; a peg's label is 1), in reading order of its first cell: enough to draw the state "
    "without knowing how a state is written.",
]


# -- the lookups -----------------------------------------------------------------------------------
#: Only for a twisty puzzle's scramble or stickers: the whole-puzzle turns to make first.
TurnFirst = Annotated[
    str,
    "Only for a twisty puzzle's scramble or stickers that hold still what its build "
    "moves: the whole-puzzle turns (x, y, z in WCA notation) to make first, after "
    "which `moves` solve it.",
]


class PathAnswer(TypedDict):
    """An optimal path from a state to the goal, or to a target (`to`): GET /path, `puzzledb
    path --json`."""

    puzzle: str
    goal: str
    state: str
    depth: int
    solutions: Solutions
    path: list[str]
    reached: Annotated[
        str,
        "The goal position the path ends at: the goal itself, or the nearest of the positions "
        "a goal pattern matches.",
    ]
    moves: list[str]
    pieces: Annotated[list[Pieces], "The pieces of each state of `path`."]
    turn_first: NotRequired[TurnFirst]


MoveOption = TypedDict(
    "MoveOption",
    {
        "move": str,
        "state": str,
        "depth": int | None,
        "solutions": Annotated[
            Solutions | None,
            "The optimal solutions of the state it leads to (null where depth is null).",
        ],
        "optimal": bool,
        "beyond_radius": Annotated[
            bool,
            "true: not stored because it lies beyond a radius build (depth null); false otherwise",
        ],
        "from": Annotated[
            list[int],
            "Cells of the piece that moves (a wide piece's whole block; a peg's starting hole; "
            "a Rush Hour vehicle's cells before the move).",
        ],
        "to": Annotated[
            list[int],
            "Cells it comes to rest on (the blank cells a piece fills; the hole a peg's chain "
            "ends in; a Rush Hour vehicle's cells after the move).",
        ],
        "pieces": Annotated[Pieces, "The pieces of the state the move leads to."],
    },
)
MoveOption.__doc__ = """One legal move from a state, and the state it leads to (its keys `from`
and `to` are Python keywords: hence this form)."""


class MovesAnswer(TypedDict):
    """Every legal move from a state, best first: GET /moves, `puzzledb moves --json`. `why`,
    `beyond_radius` and `why_details` come only with `any`, for a state the build does not
    hold."""

    puzzle: str
    goal: str
    state: str
    depth: int | None
    solutions: Solutions | None
    pieces: Pieces
    moves: list[MoveOption]
    why: NotRequired[
        Annotated[
            str,
            "Only with any=true, for a state the build does not hold: why, in a player's "
            "words, no state written out (depth and solutions are then null).",
        ]
    ]
    beyond_radius: NotRequired[
        Annotated[
            bool,
            "With `why`: true when the state lies beyond a radius build (not known to be "
            "lost), false when it cannot reach the goal or target.",
        ]
    ]
    why_details: NotRequired[
        Annotated[
            str,
            "With `why`, when a rule of the puzzle shows it: the rule's own argument (a "
            "parity, a peg board's position class or pagoda function).",
        ]
    ]
    turn_first: NotRequired[TurnFirst]


class DepthAnswer(TypedDict):
    """A page of the states at one distance from the goal: GET /depth, `puzzledb depth
    --json`."""

    puzzle: str
    goal: str
    depth: int
    count: int
    offset: int
    after: str | None
    states: list[str]


class FarthestAnswer(TypedDict):
    """The states farthest from the goal: GET /farthest, `puzzledb farthest --json`."""

    puzzle: str
    goal: str
    depth: int
    radius: Annotated[
        Radius,
        "null: every state that can reach the goal is stored, and these are the farthest; a "
        "number: only states within that many moves are (a radius build), and these are at "
        "its edge, not the farthest.",
    ]
    count: int
    states: list[str]


class MostSolutions(TypedDict):
    """The most optimal solutions any state has, how many states have them, and the first."""

    solutions: Solutions
    count: int
    states: list[str]


class StatsAnswer(TypedDict):
    """A build's figures: GET /stats, `puzzledb stats --json`."""

    puzzle: str
    goal: str
    title: str
    states: int
    max_depth: int
    radius: Radius
    histogram: list[int]
    goal_positions: Annotated[
        int,
        "How many positions the goal stands for: 1, or every position a goal pattern ('?' any "
        "cell) matches; all are at depth 0.",
    ]
    most_solutions: MostSolutions
    classes: Annotated[
        int | None,
        "A build of classes (a peg board whose mirrors and rotations keep the goal) stores one "
        "position of each class of symmetric positions: this many rows, every position still "
        "answered; null: a row per position.",
    ]
    built_at: BuiltAt
    build_seconds: float
    started_at: Annotated[
        str | None,
        "When the build's search started (UTC, ISO 8601); null in a build made before "
        "puzzledb kept it.",
    ]
    finished_at: Annotated[
        str | None,
        "When the build committed, its data then readable (UTC, ISO 8601); null in a build "
        "made before puzzledb kept it.",
    ]


#: Whichever lookup was asked.
Answer = PathAnswer | MovesAnswer | DepthAnswer | FarthestAnswer | StatsAnswer


# -- the catalogue ---------------------------------------------------------------------------------
class Exit(TypedDict):
    """Where a goal pattern's pinned pieces meet the board's edge."""

    side: Literal["top", "bottom", "left", "right"]
    cells: list[int]
    words: str


class BuildEntry(TypedDict):
    """One build of a puzzle, as the catalogue lists it."""

    goal: str
    states: int
    max_depth: int
    radius: Radius
    built_at: BuiltAt
    build_seconds: float
    exits: Annotated[
        list[Exit],
        "Where the pieces a goal pattern pins meet the board's edge (the exit a player looks "
        "for, e.g. Klotski's bottom under columns b-c); empty for a whole-position goal.",
    ]
    goal_words: Annotated[
        str,
        "The goal as a player says it: the definition's own words for it, else its kind's rule "
        '("the big piece out at the bottom", "one peg left in the centre (hole 16)", "the '
        'tiles in order").',
    ]
    targets: Annotated[
        bool,
        "Whether positions other than the built goals can be asked for as targets (`to`): true "
        "where every piece is distinct, so a build is renamed into one toward the target. A "
        "target is then answered when some build of the puzzle has its blank where a mirror or "
        "rotation of the board puts the target's.",
    ]
    why_no_targets: Annotated[str | None, "Why not, in words, when `targets` is false; else null."]
    starts: Annotated[
        list[str],
        "The names of the puzzle's named starts (its `starts`) that this build holds, to open "
        "it at: a radius build may not reach a start (the English cross's classic start lies "
        "31 jumps out).",
    ]


class Start(TypedDict):
    """A position the definition names, usable by its name as a state."""

    name: str
    state: str


class Coordinates(TypedDict):
    """How move words name the board's columns and rows."""

    columns: list[str]
    rows: list[str]


class Vehicle(TypedDict):
    """One vehicle of a Rush Hour card, as a front end draws and drags it."""

    label: Annotated[str, "Its letter, as a state writes it and the answers' pieces label it."]
    name: Annotated[str, "How move words call it: 'car F' (2 cells), 'truck M' (3 cells)."]
    axis: Annotated[
        Literal["horizontal", "vertical"],
        "The only way it moves: along its row (horizontal) or its column (vertical).",
    ]
    primary: Annotated[bool, "true for the primary car A, the one that leaves through the exit."]


class Vehicles(TypedDict):
    """A Rush Hour card's vehicles, and how its text writes what is not a vehicle."""

    empty: Annotated[str, "The symbol of an empty cell in a state's text ('o')."]
    wall: Annotated[
        str, "The symbol, and the pieces' label, of a wall: one cell that never moves ('x')."
    ]
    vehicles: Annotated[list[Vehicle], "Every vehicle of the card, by letter."]


#: The definition is the builder's own format (builder.definition), kept open: a client draws
#: from the keys of its kind and leaves the others.
Definition = Annotated[
    dict[str, Any],
    Keywords(required=("kind", "name", "title", "goal")),
    "The puzzle's definition, as stored with its builds: enough to draw a board. sliding: "
    "rows, cols, blank, wide (label -> [height, width] of pieces larger than a cell), glyphs "
    "(label -> how it is drawn), names (label -> how moves call it), aliases, metric (single "
    "or unit: one piece one cell a move; multi: a run of tiles in line with the blank a move; "
    "straight: one piece any cells in one direction; finger: one piece anywhere it slides, "
    "nothing else moving), starts (name -> position); peg: jumps (hole -> [over, land] pairs) "
    "and layout (hole -> [row, column] on a drawing grid), metric (chain or jump), starts, "
    "board and lines; rush: rows, cols, metric (moves: one vehicle any distance one way a "
    "move; steps: one vehicle one cell), starts (`start`, the card: vehicles by letter, A the "
    "primary car, o empty, x a wall); permutation: orbits ([name, pieces, orientations]), "
    "solved (each orbit's pieces and orientations), moves (name -> each orbit's permutation "
    "and twists), metric (htm or qtm), starts.",
]


class CatalogueEntry(TypedDict):
    """One puzzle of the catalogue, or a custom one a build stored, with its builds."""

    name: str
    title: str
    kind: Literal["sliding", "peg", "rush", "permutation"]
    board: str
    default_goal: str
    starts: Annotated[
        list[Start],
        "The positions the definition names, each usable by name as a state (Klotski's and "
        "the English cross's classic `start`); empty when it names none.",
    ]
    builds: list[BuildEntry]
    definition: Definition
    coordinates: Annotated[
        Coordinates | None,
        "The names of the board's columns (left to right) and rows (top to bottom) as move "
        "words name cells, e.g. 'small at b4' is column b, row 4 (a board's frame can carry "
        "them); null when no move names a cell.",
    ]
    vehicles: Annotated[
        Vehicles | None,
        "A board of vehicles (rush): each vehicle's name, axis and role, the same for every "
        "position of the card, so a front end draws each as a vehicle and drags it only along "
        "its axis; null for other kinds.",
    ]


class Catalogue(TypedDict):
    """Every catalogue puzzle, built or not, and every stored custom puzzle: GET /puzzles,
    `puzzledb list --json`."""

    puzzles: list[CatalogueEntry]


# -- the service itself ----------------------------------------------------------------------------
class Health(TypedDict):
    """The service is up and reads its database: GET /health."""

    status: Literal["ok"]
    builds: int


class ErrorDetail(TypedDict):
    """What went wrong: a code to branch on, a message to show."""

    code: str
    message: str


class Error(TypedDict):
    """A refusal or failure: every one of the service's, and a CLI lookup's with `--json`."""

    error: ErrorDetail
