// Which legal move a click means. Every move comes from /moves with the cells of the piece it
// moves (`from`) and the cells it comes to rest on (`to`), so nothing here knows a puzzle's
// rules or reads a move's words.

// Whether a piece covers `cell`, from the pieces the API gives with a state.
export function covered(pieces, cell) {
  return pieces.some((p) => p.cells.includes(cell));
}

// The cells of the piece a move moves (for a peg: its starting hole).
export function mover(definition, state, move) {
  return move.from;
}

// The cells a move fills (for a peg: the hole its chain ends in).
export function landing(definition, state, move) {
  return move.to;
}

// The moves of the piece covering `cell`, best first as /moves lists them, each with where it
// rests (`rests`: the cells of each piece it puts down; `covers`: all of them).
export function optionsAt(definition, state, pieces, moves, cell) {
  return moves
    .filter((m) => mover(definition, state, m).includes(cell))
    .map((m) => {
      const rests = resting(definition, state, pieces, m);
      return { move: m, rests, covers: rests.flat() };
    });
}

// Where a move leaves its piece, as the cells of each piece it puts where none stood: read
// off the API's pieces before (`pieces`) and after the move, so a wide piece's whole block
// (`to` has only the cells it enters) and every tile of a pushed run. A peg's chain back to
// its own hole puts none down anew: it rests in `to`.
export function resting(definition, state, pieces, move) {
  const key = (p) => `${p.label} ${p.cells.join(",")}`;
  const before = new Set(pieces.map(key));
  const put = move.pieces.filter((p) => !before.has(key(p)));
  return put.length ? put.map((p) => p.cells) : [landing(definition, state, move)];
}

// The options a drag means: the piece (`cells`) held at cell `held` was let go over cell
// `over`, so the held cell should land there, and the piece with it: the moves that rest it
// so. A peg board has no grid: a peg goes to the hole it is let go over.
export function dropped(definition, cells, options, held, over) {
  const moved = definition.kind === "peg" ? [over] : shifted(definition.cols, cells, held, over);
  if (!moved) return [];
  return options.filter((o) => moved.every((c) => o.covers.includes(c)));
}

// `cells` moved on a grid of `cols` columns by the step from `from` to `to`; null when any
// would leave its row's ends (a grid's top and bottom are checked by the options themselves).
function shifted(cols, cells, from, to) {
  const down = Math.floor(to / cols) - Math.floor(from / cols), right = (to % cols) - (from % cols);
  const moved = cells.map((c) => [Math.floor(c / cols) + down, (c % cols) + right]);
  if (moved.some(([, col]) => col < 0 || col >= cols)) return null;
  return moved.map(([row, col]) => row * cols + col);
}

// The moves that fill `cell`, from any piece.
export function movesInto(definition, state, moves, cell) {
  return moves.filter((m) => landing(definition, state, m).includes(cell));
}
