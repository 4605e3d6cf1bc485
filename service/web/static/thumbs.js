// A state drawn as a small board, for lists of states (the farthest, those at a depth): a
// state is one character per cell, row by row (or hole by hole), so each character is drawn
// in its cell with the puzzle's glyph; the blank (a peg board's empty hole, "0") is dark. A
// board of vehicles (`vehicles`, from /puzzles) shows each vehicle's letter in its colour, an
// empty cell dark and a wall as a wall, by the symbols /puzzles names. It only draws: what
// covers which cell in play comes from the API (board.js).
import { lookOf } from "./vehicles.js";

export function smallBoard(definition, state, vehicles = null) {
  const cells = Array.from(state);
  const box = document.createElement("span");
  box.className = `thumb ${definition.kind}`;
  box.setAttribute("aria-hidden", "true");  // the button names the state in words
  if (definition.kind === "peg") {
    const layout = definition.layout;
    const cols = 1 + Math.max(...layout.map(([, c]) => c));
    const rows = 1 + Math.max(...layout.map(([r]) => r));
    box.style.setProperty("--cols", cols + 1);
    box.style.setProperty("--rows", rows);
    layout.forEach(([r, c], hole) => {
      const dot = document.createElement("span");
      dot.className = cells[hole] === "1" ? "dot peg" : "dot";
      dot.style.gridRow = String(r + 1);
      dot.style.gridColumn = `${c + 1} / span 2`;
      box.append(dot);
    });
    return box;
  }
  const glyphs = definition.glyphs || {};
  box.style.setProperty("--cols", definition.cols);
  box.style.setProperty("--rows", definition.rows);
  cells.forEach((ch) => {
    const cell = document.createElement("span");
    if (vehicles) {
      const look = lookOf(vehicles, ch);
      cell.className = ch === vehicles.empty ? "cell blank" : look && look.wall ? "cell wall"
        : look && look.primary ? "cell primary" : "cell";
      if (look && look.colour) cell.style.background = look.colour;
      cell.textContent = look && !look.wall ? ch : "";
      box.append(cell);
      return;
    }
    const blank = ch === definition.blank;
    cell.className = blank ? "cell blank" : "cell";
    cell.textContent = blank ? "" : glyphs[ch] ?? ch;
    box.append(cell);
  });
  return box;
}
