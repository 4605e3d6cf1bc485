// The page: choose a built puzzle and goal (or a target position), set a position by clicking
// or typing, see its distance and optimal moves, play or step through an optimal solution,
// browse the histogram and farthest states. Every fact comes from the JSON API; the newest
// request wins when answers cross, and the address always names the position shown.
// This module is the entry: it wires index.html's controls to the modules that do each job.

import { readAddress } from "./address.js";
import { arrow, giveHint, redraw } from "./by-hand.js";
import { chooseGoal, choosePuzzle, nextPuzzle, start } from "./choosing.js";
import { ui } from "./elements.js";
import { toggleExactCounts } from "./exact-counts.js";
import { closeFinish } from "./finish.js";
import { game } from "./game.js";
import { guarded } from "./guarded.js";
import { hints, readHints, setHints } from "./hints.js";
import { fromHistory, open, record } from "./history.js";
import { installKeys } from "./keys.js";
import { clearError, say } from "./messages.js";
import { showMoves } from "./moves-from-here.js";
import { unlessWaiting } from "./requests.js";
import { showDistance } from "./distance.js";
import { controls, pauseOrResume, player } from "./solving.js";
import { startAt } from "./starts.js";
import { pasted } from "./typing.js";
import { showRun } from "./your-moves.js";

const SPEEDS = { slow: 800, normal: 350, fast: 90 };  // ms a step stays on screen

// -- sharing the position ------------------------------------------------------------------------
async function copyLink() {
  const link = location.href;
  try {
    await navigator.clipboard.writeText(link);
    ui.link.hidden = true;
    say("Link copied");
  } catch {
    // No clipboard (an insecure origin, or permission refused): the link selected, to copy by hand.
    ui.link.value = link;
    ui.link.hidden = false;
    ui.link.select();
    say("Copy the selected link.");
  }
}

// -- the keyboard (keys.js) ----------------------------------------------------------------------
function wireKeys(install) {
  install({
    move: (direction) => arrow(direction),
    // A shortcut does what its button would, and nothing while the button is disabled.
    solve: () => !ui.solve.disabled && guarded.solve(),
    pause: () => player.loaded && !ui.pause.disabled && pauseOrResume(),
    back: () => !ui.back.disabled && player.step(-1),
    forward: () => !ui.forward.disabled && player.step(1),
    undo: () => !ui.undo.disabled && guarded.undo(),
    redo: () => !ui.redo.disabled && guarded.redo(),
  });
}

// -- wiring --------------------------------------------------------------------------------------
// index.html ships every control disabled, so that none looks usable before this module has
// wired it. Now each is: controls() (solving.js) and showTarget() (target.js) decide their own,
// the puzzle and goal wait for /puzzles, and the Start chooser for a build's starts.
function enableControls() {
  const decided = [ui.puzzle, ui.goal, ui.start, ui["target-here"], ui["target-clear"]];
  for (const control of document.querySelectorAll("main button, main input, main select")) {
    if (!decided.includes(control)) control.disabled = false;
  }
}

function setSpeed() {
  const ms = SPEEDS[ui.speed.value];
  player.setDelay(ms);
  ui.board.style.setProperty("--slide", `${Math.round(Math.min(ms * 0.7, 260))}ms`);
}

ui.puzzle.addEventListener("change", () => choosePuzzle(ui.puzzle.value, { keep: true }));
ui.goal.addEventListener("change", () => chooseGoal(ui.goal.value));
ui.start.addEventListener("change", unlessWaiting(() => startAt(ui.start.value)));
ui["start-again"].addEventListener("click", unlessWaiting(() => startAt(ui.start.value)));
ui["state-form"].addEventListener("submit", (event) => {
  event.preventDefault();
  guarded.typed(ui["state-input"].value);
});
document.addEventListener("paste", pasted);
ui["state-input"].addEventListener("input", clearError);
ui["target-form"].addEventListener("submit", (event) => {
  event.preventDefault();
  guarded.setTarget(ui["target-input"].value.trim());
});
ui["target-here"].addEventListener("click", () => game.here && guarded.setTarget(game.here.state));
ui["target-clear"].addEventListener("click", () => guarded.setTarget(null));
ui.solve.addEventListener("click", () => guarded.solve());
ui.pause.addEventListener("click", pauseOrResume);
ui.back.addEventListener("click", () => player.step(-1));
ui.forward.addEventListener("click", () => player.step(1));
ui["solution-start"].addEventListener("click", () => player.jump(0));
ui["solution-end"].addEventListener("click", () => player.jump(player.last));
ui.speed.addEventListener("change", setSpeed);
ui.undo.addEventListener("click", () => guarded.undo());
ui.redo.addEventListener("click", () => guarded.redo());
ui["copy-link"].addEventListener("click", copyLink);
ui.share.addEventListener("click", copyLink);
ui["exact-counts"].addEventListener("click", toggleExactCounts);
ui.hints.addEventListener("click", () => {
  setHints(!hints.on);
  if (!game.here) return;
  if (game.here.moves) showMoves();
  redraw();
  showDistance(game.here.depth);
  showRun();
  record("replace");
  say(hints.on ? "Hints on: the optimal moves are marked." : "Hints off: pieces that can move carry a small mark; Hint shows one optimal move.");
});
ui.hint.addEventListener("click", () => giveHint());
ui["finish-close"].addEventListener("click", () => closeFinish());
ui["play-again"].addEventListener("click", () => closeFinish(() => guarded.walk(0)));
ui["next-puzzle"].addEventListener("click", () => closeFinish(() => choosePuzzle(nextPuzzle().name)));
ui.finish.addEventListener("close", () => {
  const focused = document.activeElement;
  if (!focused || focused === document.body) game.board.focusCell();
});
window.addEventListener("popstate",
  (event) => game.puzzles.length && open(readAddress(), "none", fromHistory(event.state)));
setHints(readHints());
setSpeed();
enableControls();
controls();
wireKeys(installKeys);  // keyboard (keys.js)
start();
