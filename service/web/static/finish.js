// The finish: a dialog over the board when the goal is reached by hand, with Play again and Next
// puzzle.

import { nextPuzzle } from "./choosing.js";
import { ui } from "./elements.js";

// Modal, so the keys and clicks behind it wait; Escape or × closes it, and the focus goes back
// where it was (or to the board, when that button is gone).
export function openFinish(text) {
  const next = nextPuzzle();
  ui["finish-title"].textContent = text;
  ui["finish-note"].textContent = next ? `Play again from this game's start, or go on to ${next.title}.`
    : "Play again from this game's start.";
  ui["next-puzzle"].hidden = !next;
  if (!ui.finish.open) ui.finish.showModal();
  overBoard(ui.finish);
}

// The dialog centred on the board (fixed, as a modal is), wherever the layout put the board,
// and never past the window's edge.
function overBoard(dialog) {
  const box = ui.board.getBoundingClientRect();
  const within = (middle, size, room) => Math.round(Math.min(Math.max(middle - size / 2, 8), room - size - 8));
  dialog.style.left = `${within(box.left + box.width / 2, dialog.offsetWidth, window.innerWidth)}px`;
  dialog.style.top = `${within(box.top + box.height / 2, dialog.offsetHeight, window.innerHeight)}px`;
}

export function closeFinish(then = null) {
  ui.finish.close();
  if (then) then();
}
