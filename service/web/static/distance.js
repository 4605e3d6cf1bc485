// The position shown: its board, its distance to the goal (or target) in words, and why a position
// the build does not hold has none.

import { ui } from "./elements.js";
import { build, definition, game, toward } from "./game.js";
import { hints } from "./hints.js";
import { count } from "./solution.js";

export function showBoard(state, pieces) {
  game.board.show(pieces);
  ui["state-input"].value = state;
  ui.pegs.textContent = definition().kind === "peg" ? `${count(pieces.length, "peg")} left` : "";
}

// Whether a state the build does not hold lies beyond its radius (else nothing leads from it
// to the goal): the answer says which (`beyond_radius`).
export function beyondRadius(answer) {
  if (answer.depth !== null || game.target || build().radius === null) return false;
  return Boolean(answer.beyond_radius);
}

// Why a position the build does not hold has no distance, beside the distance: the API's
// plain words, and the rule's own argument folded under "details".
export function showWhy(answer) {
  const why = answer && answer.why;
  ui.lost.hidden = !why;
  ui.why.textContent = why || "";
  ui["why-details"].textContent = (answer && answer.why_details) || "";
  ui["why-more"].hidden = !(answer && answer.why_details);
  ui["why-more"].open = false;
}

export function showDistance(depth, unknown = false) {
  ui.distance.textContent = depth === null ? "–" : depth;
  ui["distance-words"].textContent = unknown ? "" : distanceWords(depth);
  if (game.chart) game.chart.highlight(game.target || !hints.on ? null : depth);
}

export function distanceWords(depth, whole = false) {
  const number = whole && depth ? `${depth} ` : "";
  if (depth === null) {
    return game.line[game.at] && game.line[game.at].beyond ? "beyond this build's radius"
      : `no way to ${toward()} from here`;
  }
  return depth === 0 ? "moves: solved" : `${number}${depth === 1 ? "move" : "moves"} to ${toward()}`;
}
