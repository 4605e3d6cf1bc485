// Asking the API for the page: the newest request wins when answers cross, the board is busy
// until it answers, and a failure of the service offers Retry. The rule for a pending lookup is
// here too: what a user starts waits for it, refused out loud, save one arrow key kept for it.

import { ui } from "./elements.js";
import { game } from "./game.js";
import { say } from "./messages.js";

let latest = 0;

// A ticket says whether a request is still the newest when its answer arrives.
function ticket() {
  const mine = ++latest;
  return () => mine === latest;
}

// The newest request: the board is busy until it answers. A stale answer, or a failure of the
// service (offered again by Retry, which repeats the whole step), gives null; a refusal throws.
// `keys`: it looks up a position, so an arrow pressed meanwhile is kept for it (moving.js's settle).
// `failed`: what the failure notice says did not happen; `onFail`: what else shows it.
export async function newest(asking, retry, { keys = false, failed = MOVES_UNKNOWN, onFail = () => {} } = {}) {
  const current = ticket();
  game.keepsKeys = keys;
  game.ahead = null;  // an arrow kept for a lookup this one replaces
  busy(true);
  ui.failure.hidden = true;
  let answered = false;
  try {
    const answer = await asking();
    answered = current();
    return current() ? answer : null;
  } catch (e) {
    if (!current()) return null;
    if (!e.failed) throw e;
    offerRetry(retry, failed);
    onFail();
    return null;
  } finally {
    if (current()) {
      busy(false);
      if (!answered) dropAhead();
    }
  }
}

function busy(on) {
  game.waiting = on;
  ui.busy.hidden = !on;
  ui.board.setAttribute("aria-busy", String(on));
  if (!on && ui.status.textContent === WAIT) say("");  // the lookup it waited for has ended
}

// What the failure notice says, by what was asked: the service's failure is the same.
const MOVES_UNKNOWN = "Lookup failed: the service did not answer, so the moves from here are not known.";
export const NOT_SHOWN = "Lookup failed: the service did not answer, so the position asked for is not shown.";

function offerRetry(retry, words) {
  ui["failure-words"].textContent = words;
  ui.failure.hidden = false;
  ui.retry.onclick = () => {
    ui.failure.hidden = true;
    retry();
  };
}

// The one rule for a pending lookup: whatever would change the position (a click on the
// board, a move, Load, a listed state, Undo, Redo, Solve, a target) waits for it, refused out
// loud; the note goes when the lookup ends. Choosing a puzzle or goal, Back and Forward, and
// stepping a solution already on screen start over instead. Until a chosen puzzle has loaded
// (its Retry pending), they are refused too.
export const WAIT = "wait: looking up this position";
export const ONE_AHEAD = "one arrow is kept while a lookup is pending";
export const unlessWaiting = (action) => (...args) => (game.waiting || !game.farthest ? refuse() : action(...args));

// The kept arrow, when its lookup failed or was refused: not made, and said so.
function dropAhead() {
  if (game.ahead) say(`Not moved ${game.ahead}: the lookup it waited for did not succeed.`);
  game.ahead = null;
}

// A click before this position's moves are known is refused out loud, not dropped.
export function refuse() {
  say(game.waiting ? WAIT :
    ui.failure.hidden ? "No moves are known from here." : "The service did not answer: press Retry.");
}
