// Hints as a choice: with hints on (the default) the page tells the answer, the optimal
// pieces outlined, every move's distance listed; with hints off a player solves alone: pieces
// that can move carry a quiet mark, the distances and the optimal marks are hidden (here and in
// the page's CSS, under body.hints-off), and the Hint button gives one optimal move when asked.
// The choice is remembered in this browser and written in the address (hints=off).

import { ui } from "./elements.js";

const REMEMBERED = "puzzledb.hints";

export const hints = { on: true, asked: null };  // asked: the move the Hint button gave

// The choice an address makes (hints=off or on), else the one remembered, else on.
export function readHints(search = location.search) {
  const said = new URLSearchParams(search).get("hints");
  if (said === "off" || said === "on") return said === "on";
  try {
    return localStorage.getItem(REMEMBERED) !== "off";
  } catch {  // storage refused (a private window's settings): on
    return true;
  }
}

export function setHints(on) {
  hints.on = on;
  hints.asked = null;
  document.body.classList.toggle("hints-off", !on);
  ui.hints.setAttribute("aria-pressed", String(on));
  try {
    localStorage.setItem(REMEMBERED, on ? "on" : "off");
  } catch {
    // not remembered: the address still says it
  }
}

// Whether a move's optimality may be shown now: hints on, or the move the Hint button gave.
export function shownOptimal(move) {
  return move.optimal && (hints.on || hints.asked === move.move);
}
