// A Rush Hour card typed or pasted in the community's text form: the builds that could hold it
// are asked (typing.js), and when none does, the command that builds it is said here. The
// service reads and checks the card; only where no build of vehicles is there to ask does the
// page read its rows itself, and the build then checks it.

// The symbols of the text form: vehicles by letter, 'o' or '.' empty, 'x' a wall; rows may be
// separated by '/', and spaces or commas between cells are ignored.
const SYMBOL = /^[A-Za-z.]$/;

// The rows of `text` read as a card, '.' written 'o' ("GBBoLo", ...); null when it cannot be
// one: other symbols, rows of different lengths, fewer than two rows or columns, no car A, or
// without '/' a number of cells that is not a square (36 for 6x6).
export function cardRows(text) {
  const rows = text.trim().split("/").map((row) => [...row].filter((ch) => !" ,\t".includes(ch))
    .map((ch) => (ch === "." ? "o" : ch)));
  const cells = rows.flat();
  if (!cells.length || !cells.every((ch) => SYMBOL.test(ch)) || !cells.includes("A")) return null;
  if (rows.length > 1) {
    const cols = rows[0].length;
    return cols >= 2 && rows.every((r) => r.length === cols) ? rows.map((r) => r.join("")) : null;
  }
  const side = Math.round(Math.sqrt(cells.length));
  if (side < 2 || side * side !== cells.length) return null;
  return Array.from({ length: side }, (_, r) => cells.slice(r * side, (r + 1) * side).join(""));
}

// A canonical board (the service's, one symbol a cell) as rows of `cols` cells.
export function rowsOf(board, cols) {
  return Array.from({ length: board.length / cols }, (_, r) => board.slice(r * cols, (r + 1) * cols));
}

// The command that builds the card whose rows are `rows`: named by its board, so one card
// always gets one name and another card another ("card-" and 8 hex digits of an FNV-1a hash).
export function buildCommand(rows) {
  const board = rows.join("/");
  return `puzzledb build ${nameOf(board)} --rush ${board}`;
}

function nameOf(board) {
  let hash = 0x811c9dc5;
  for (const ch of board) {
    hash ^= ch.codePointAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `card-${hash.toString(16).padStart(8, "0")}`;
}
