// The keyboard: arrow keys move the piece next to the blank, letters drive Solve and the
// player. Which move an arrow means comes from the geometry of /moves' `from` and `to` cells
// and the definition's columns, so nothing here reads a move's words or a state's text.

export const SHORTCUTS = [
  { keys: "← ↑ → ↓", what: "move the piece next to the blank that way", arrows: true },
  { keys: "Tab, Enter", what: "go to a piece or an empty cell and move it, as a click does", kind: "sliding" },
  { keys: "Tab, Enter", what: "go to a peg's hole and jump it, as a click does", kind: "peg" },
  { keys: "Tab, Enter", what: "go to a vehicle and pick it up, then to a marked cell and drive it there, as a click does",
    kind: "rush" },
  { keys: "S", what: "solve" },
  { keys: "P, Space on the board", what: "pause or resume the solution" },
  { keys: ", .", what: "one step back or forward" },
  { keys: "U, Ctrl+Z", what: "undo" },
  { keys: "R, Ctrl+Y, Ctrl+Shift+Z", what: "redo" },
  { keys: "Esc", what: "leave the state field" },
];

// The shortcuts that work on this puzzle: arrows only where there is a blank to move into
// (not a peg board, not a board of vehicles).
export function shortcutsFor(definition) {
  return SHORTCUTS.filter((s) => (!s.arrows || arrowsMove(definition)) && (!s.kind || s.kind === definition.kind));
}

// Peg boards and boards of vehicles have no blank to move into: their holes and vehicles
// take Tab and Enter.
const arrowsMove = (definition) => Boolean(definition) && definition.kind === "sliding";

// The /moves entry whose piece goes `direction` ("up", "down", "left", "right"), the one
// nearest to the blank when several do (a multi-tile move also pushes the tiles behind);
// null when none does (and on a peg board, always).
export function moveToward(direction, moves, definition) {
  if (!arrowsMove(definition) || !moves) return null;
  let best = null, nearest = Infinity;
  for (const move of moves) {
    const step = stepOf(move, definition.cols);
    if (step && step.way === direction && step.length < nearest) {  // ties: best first, as listed
      best = move;
      nearest = step.length;
    }
  }
  return best;
}

// Which way a move goes and how far its piece is from the cells it enters. For a wide piece
// `from` is its whole block and `to` the cells it enters, so their centres still differ by
// the way it goes.
function stepOf(move, cols) {
  if (!move.from || !move.to || !move.from.length || !move.to.length) return null;
  const row = (c) => Math.floor(c / cols), col = (c) => c % cols;
  const mean = (cells, of) => cells.reduce((sum, c) => sum + of(c), 0) / cells.length;
  const down = mean(move.to, row) - mean(move.from, row);
  const right = mean(move.to, col) - mean(move.from, col);
  if (!down && !right) return null;
  const way = Math.abs(down) > Math.abs(right) ? (down > 0 ? "down" : "up") : (right > 0 ? "right" : "left");
  const length = Math.min(...move.to.flatMap((t) => move.from.map(
    (f) => Math.abs(row(t) - row(f)) + Math.abs(col(t) - col(f)))));
  return { way, length };
}

const ARROWS = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };
const TYPING = "input, textarea, select, [contenteditable]:not([contenteditable='false'])";

// One keydown listener on the document. `handlers`: {move(direction), solve(), pause(),
// back(), forward(), undo(), redo()}; a missing one leaves its keys to the browser.
// Returns a function that removes the listener.
export function installKeys(handlers) {
  const listener = (event) => {
    const action = actionFor(event);
    if (!action) return;
    const [name, ...args] = action;
    if (name === "leave") {
      event.target.blur();  // out of the field, so the keys below work at once
      return;
    }
    if (typeof handlers[name] !== "function") return;
    event.preventDefault();  // no scrolling on arrows and Space, no clicking the focused piece
    handlers[name](...args);
  };
  document.addEventListener("keydown", listener);
  return () => document.removeEventListener("keydown", listener);
}

// [handler name, ...arguments] for a key, or null when the key is not ours where focus is.
function actionFor(event) {
  if (event.defaultPrevented || event.isComposing) return null;
  const at = event.target instanceof Element ? event.target : document.body;
  if (at.closest("dialog[open]")) return null;  // a dialog over the page: its own keys only
  if (at.closest(TYPING)) {  // the field's own keys (its undo too); Esc leaves a text field
    const field = at.closest("input, textarea");
    return event.key === "Escape" && field ? ["leave"] : null;
  }
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const ctrl = event.ctrlKey || event.metaKey;
  if (ctrl && !event.altKey) {  // the editing shortcuts people already know
    if (key === "z") return [event.shiftKey ? "redo" : "undo"];
    if (key === "y" && !event.shiftKey) return ["redo"];
    return null;
  }
  if (ctrl || event.altKey) return null;  // Alt+← and the like are the browser's
  if (ARROWS[key]) return at.closest(".moves") ? null : ["move", ARROWS[key]];
  if (event.repeat && (key === "s" || key === "p" || key === " ")) return null;  // toggles
  if (key === " ") return at.closest(".board") ? ["pause"] : null;  // elsewhere Space clicks
  return { s: ["solve"], p: ["pause"], ",": ["back"], ".": ["forward"], u: ["undo"], r: ["redo"] }[key] || null;
}
