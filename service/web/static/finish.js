// The finish: when the goal is reached by hand, a panel beside the board (under it on a phone)
// says how the game went, with Play again and Next puzzle, and leaves the solved board in view.

import { nextPuzzle } from "./choosing.js";
import { ui } from "./elements.js";

// Not modal: the solved board stays in sight and in play (a move away closes the panel, as
// Escape and × do). Its first button takes the focus; where it sits is scrolled into view.
export function openFinish(text) {
  const next = nextPuzzle();
  ui["finish-title"].textContent = text;
  ui["finish-note"].textContent = next ? `Play again from this game's start, or go on to ${next.title}.`
    : "Play again from this game's start.";
  ui["next-puzzle"].hidden = !next;
  if (!ui.finish.open) ui.finish.show();
  ui["play-again"].focus({ preventScroll: true });
  ui.finish.scrollIntoView({ block: "nearest" });
}

export function closeFinish(then = null) {
  ui.finish.close();
  if (then) then();
}

ui.finish.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  event.preventDefault();
  closeFinish();
});
