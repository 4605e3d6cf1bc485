// Which legal move a click means. Every move comes from /moves with the cells of the piece it
// moves (`from`) and the cells it comes to rest on (`to`), so nothing here knows a puzzle's
// rules or reads a move's words.

export function cellsOf(state) {
  return Array.from(state);  // one entry per cell, whatever the characters
}

// Every piece of a sliding board with the cells it covers; a wide piece (NO-OFF's bulb) is
// one piece over its whole rectangle, as in a valid state each rectangle is complete.
export function pieces(definition, state) {
  const { cols, blank } = definition;
  const wide = definition.wide || {};
  const cells = cellsOf(state);
  const covered = new Set();
  const found = [];
  cells.forEach((label, cell) => {
    if (label === blank || covered.has(cell)) return;
    const [h, w] = wide[label] || [1, 1];
    const top = Math.floor(cell / cols), left = cell % cols;
    const span = [];
    for (let i = 0; i < h; i++) for (let j = 0; j < w; j++) span.push((top + i) * cols + left + j);
    span.forEach((c) => covered.add(c));
    found.push({ label, top, left, h, w, cells: span });
  });
  return found;
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
