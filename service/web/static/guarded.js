// What a user starts (a click, a move, Load, Undo, Solve, a target...), each under the rule for
// a pending lookup (requests.js): the page's controls call these rather than the actions.

import { clicked, drop, lift, tappedDot } from "./by-hand.js";
import { load, loadPicked, make, redo, undo, walk } from "./moving.js";
import { unlessWaiting } from "./requests.js";
import { solve } from "./solving.js";
import { setTarget } from "./target.js";
import { typed } from "./typing.js";

export const guarded = {
  clicked: unlessWaiting((cell) => clicked(cell)),
  lift: unlessWaiting((cell) => lift(cell)),
  drop: unlessWaiting((held, over) => drop(held, over)),
  tappedDot: unlessWaiting((move) => tappedDot(move)),
  make: unlessWaiting((move) => make(move)),
  load: unlessWaiting((text) => load(text)),
  loadPicked: unlessWaiting((text, what) => loadPicked(text, what)),
  typed: unlessWaiting((text, what) => typed(text, what)),
  undo: unlessWaiting(() => undo()),
  redo: unlessWaiting(() => redo()),
  solve: unlessWaiting(() => solve()),
  setTarget: unlessWaiting((text) => setTarget(text)),
  walk: unlessWaiting((index) => walk(index)),
};
