// Your moves: the count of moves made, the list of them (numbered, with the ground each lost), the
// sparkline of the distance after each, and the goal reached by hand, said in words.

import { tag, ui } from "./elements.js";
import { openFinish } from "./finish.js";
import { game, toward } from "./game.js";
import { announce } from "./messages.js";
import { walk } from "./moving.js";
import { unlessWaiting } from "./requests.js";
import { hints } from "./hints.js";
import { keepInView } from "./solution.js";
import { sparkline } from "./spark.js";

// Moves made and the list of them: one count, the line's, whatever walked it.
export function showRun() {
  const first = game.line[0];
  const optimal = hints.on ? ` (optimal from the start: ${first && (first.depth ?? "none")})` : "";
  ui.made.textContent = first ? `moves made: ${game.at}${optimal}` : "";
  showLine();
}

// Your moves as a list, numbered like a chess site's and running on like its moves: each
// clickable, the current one marked, the distance after it beside it, and the ground a move
// lost ("+2": two moves more than optimal); above them, the distance as a sparkline.
function showLine() {
  ui.line.replaceChildren(...game.line.map((step, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "step";
    b.dataset.index = i;
    const words = i === 0 ? "start" : step.by === "solve" ? `${step.move} (Solve)` : step.move;
    const away = step.depth === undefined ? "?" : step.depth === null
      ? (step.beyond ? "beyond radius" : "dead end") : String(step.depth);
    const before = i > 0 ? game.line[i - 1].depth : null;
    const lost = typeof step.depth === "number" && typeof before === "number" ? step.depth + 1 - before : 0;
    if (i > 0) b.append(tag("number", `${i}.`));
    b.append(tag("words", words), tag("depth", away));
    if (lost > 0) b.append(tag("lost", `+${lost}`));
    b.addEventListener("click", unlessWaiting(() => i !== game.at && walk(i)));
    li.append(b);
    if (i === game.at) li.setAttribute("aria-current", "step");
    return li;
  }));
  const current = ui.line.children[game.at];
  if (current) keepInView(ui.line, current);  // the list scrolls, never the window
  showSpark();
}

function showSpark() {
  const after = game.line.map((step) => step.depth);
  sparkline(ui.spark, after, game.at);
  const now = after[game.at];
  ui.spark.setAttribute("aria-label", `distance to ${toward()} after each move: ` +
    `${after[0] ?? "unknown"} at the start, ${typeof now === "number" ? now : "unknown"} after move ${game.at}`);
}

// The goal (or target) reached by hand: said in the status bar, and as a moment over the board.
export function showSolved() {
  const text = solvedWords();
  ui.solved.textContent = text;
  ui.solved.hidden = false;
  announce(text);
  openFinish(text);
}

// "Solved in 120 — 4 more than optimal (116)": the moves made against the start's distance.
function solvedWords() {
  const reached = game.target ? "Reached the target" : "Solved";
  const bySolve = game.line.slice(1, game.at + 1).filter((s) => s.by === "solve").length;
  const helped = bySolve ? ` (${bySolve} by Solve)` : "";
  const best = game.line[0].depth;
  const verdict = typeof best !== "number" ? "optimal unknown"
    : game.at <= best ? "optimal!" : `${game.at - best} more than optimal (${best})`;
  return `${reached} in ${game.at}${helped} — ${verdict}`;
}

export function hideSolved() {
  ui.solved.hidden = true;
  if (ui.finish.open) ui.finish.close();
}
