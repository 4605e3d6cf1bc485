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

// The moves of the piece covering `cell`, each with where it lands; best first, as /moves lists.
export function optionsAt(definition, state, moves, cell) {
  return moves
    .filter((m) => mover(definition, state, m).includes(cell))
    .map((m) => ({ move: m, lands: landing(definition, state, m) }));
}

// The moves that fill `cell`, from any piece.
export function movesInto(definition, state, moves, cell) {
  return moves.filter((m) => landing(definition, state, m).includes(cell));
}
