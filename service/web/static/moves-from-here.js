// Moves from here: the legal moves of the position shown as /moves lists them, each with the
// distance after it and, when optimal, the solutions it keeps; a click makes it.

import { redraw } from "./by-hand.js";
import { tag, ui } from "./elements.js";
import { definition, game } from "./game.js";
import { guarded } from "./guarded.js";
import { hints, shownOptimal } from "./hints.js";
import { landing, mover } from "./picking.js";
import { countTag } from "./solution.js";
import { offerExactCounts } from "./exact-counts.js";

export function showMoves() {
  const def = definition();
  // counted in jumps, every winning line of a peg board is optimal: say what a player counts
  const lines = def.kind === "peg" && def.metric === "jump" ? "winning line" : "solution";
  ui.counted.textContent = `${lines}s`;  // the list's column heading
  ui.moves.dataset.from = game.here.state;  // which state these moves start from
  ui.moves.replaceChildren(...game.here.moves.map((m) => {
    const li = document.createElement("li");
    li.move = m;
    const b = document.createElement("button");
    b.type = "button";
    const optimal = shownOptimal(m);
    b.className = optimal ? "move optimal" : "move";
    b.dataset.move = m.move;
    const after = m.depth === null ? (m.beyond_radius && !game.target ? "beyond radius" : "dead end") : `${m.depth}`;
    b.append(...(hints.on || optimal ? moveCells(m, after, lines) : [tag("words", m.move)]));
    b.title = optimal ? "an optimal move" : "";
    b.addEventListener("click", () => guarded.make(m));
    const cells = () => [...mover(def, game.here.state, m), ...landing(def, game.here.state, m)];
    b.addEventListener("mouseenter", () => redraw(cells()));
    b.addEventListener("mouseleave", () => redraw());
    li.append(b);
    return li;
  }));
  offerExactCounts();
}

// A move's three cells (the move, the distance after it with ✓ when optimal, the solutions
// it keeps), with the words a screen reader needs between them: "tile 1 up, after: 30,
// optimal, 4 solutions".
function moveCells(m, after, lines) {
  const depth = tag("depth", after);
  if (!m.optimal) return [tag("words", m.move), heard(", after: "), depth];
  const tick = tag("tick", " ✓");
  tick.setAttribute("aria-hidden", "true");
  depth.append(tick, heard(", optimal"));
  const solutions = countTag(m.solutions);
  solutions.prepend(heard(", "));
  solutions.append(heard(` ${lines}${m.solutions === 1 ? "" : "s"}`));
  return [tag("words", m.move), heard(", after: "), depth, solutions];
}

const heard = (text) => tag("visually-hidden", text);  // for screen readers, not seen

export function clearMoves() {
  ui.moves.replaceChildren();
  delete ui.moves.dataset.from;
  offerExactCounts();
}
