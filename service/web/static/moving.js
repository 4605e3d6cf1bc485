// Moving to a position: one loaded (typed, listed, from an address), a move made, Undo, Redo, a
// step of the line walked to. Each is shown at once and recorded in the browser's history; its
// distance and moves are looked up after (settle).

import { makeAhead, redraw } from "./by-hand.js";
import { beyondRadius, distanceWords, showBoard, showDistance, showWhy } from "./distance.js";
import { ui } from "./elements.js";
import { askFor, game, snapshot, toward } from "./game.js";
import { hints } from "./hints.js";
import { record } from "./history.js";
import { announce, clearError, say, showError } from "./messages.js";
import { clearMoves, showMoves } from "./moves-from-here.js";
import { newest, NOT_SHOWN, refuse } from "./requests.js";
import { controls, stopSolution } from "./solving.js";
import { offerTargetHere } from "./target.js";
import { hideSolved, showRun, showSolved } from "./your-moves.js";

// Typed text, a farthest state, an address: /moves checks it first. A refusal is shown by the
// field (unless quiet) and returned; null: stale or failed (Retry repeats it); true: shown.
// `how`: "push" a new history entry, "replace" this one, or "none" (Back and Forward), which
// also brings back the line the history entry had (`restored`). `scramble`: the text is a
// twisty puzzle's turns (R U2 F'), whose position the API finds.
export async function load(text, { how = "push", any = false, quiet = false, restored = null, scramble = false } = {}) {
  let answer;
  try {
    const extra = any ? { any: "true" } : {};
    const given = scramble ? { scramble: text } : { state: text };
    answer = await newest(() => askFor("moves", { ...given, ...extra }),
      () => load(text, { how, any, quiet, restored, scramble }), { keys: true, failed: NOT_SHOWN });
  } catch (e) {
    if (!quiet) showError(e.message);
    return e;
  }
  if (!answer) return null;
  stopSolution();
  clearError();
  if (how === "none") {  // Back and Forward walk the browser's history instead
    game.earlier = [];
    game.later = [];
  } else if (game.line.length && game.line[game.at].state !== answer.state) {
    game.earlier.push(snapshot());
    game.later = [];
  }
  const back = restored && restored.line[restored.at];
  if (back && back.state === answer.state) {
    game.line = restored.line;
    game.at = restored.at;
    back.pieces = answer.pieces;  // the history entry kept none
  } else {
    game.line = [{ state: answer.state, pieces: answer.pieces, depth: answer.depth, move: null, by: null }];
    game.at = 0;
  }
  arrive(false);
  record(how);
  settle(answer);
  // a scramble (or stickers) with the puzzle held another way than its build holds it
  if (answer.turn_first) say(`Turn the whole puzzle first: ${answer.turn_first}. The moves shown follow from there.`);
  return true;
}

// A position picked from a list below the board (Farthest, States at a depth): loaded, then
// shown as loaded (below).
export async function loadPicked(text, what) {
  const done = await load(text);
  if (done === true) shownAsLoaded(what);
  return done;
}

// A position loaded from elsewhere on the page (a list, the State field, a paste, a link): the
// board brought into view, and what was loaded (`what`, unless typed in the field beside it)
// said under it, where the player now looks, before what the loading said (a whole-puzzle
// turn to make first) and `more`.
export function shownAsLoaded(what, more = "") {
  const { top, bottom } = ui.board.getBoundingClientRect();
  if (top < 0 || bottom > window.innerHeight) {
    ui.board.scrollIntoView({ block: "start" });  // a little below the top (scroll-margin-top)
  }
  const said = [what && `Loaded ${what}.`, ui.status.textContent, more].filter(Boolean).join(" ");
  if (said) say(said);
}

// A legal move from /moves: shown at once (the piece slides, the distance it leads to is
// known), its own moves looked up after.
export function make(move) {
  if (!game.here || !game.here.moves) return refuse();
  stopSolution();
  game.later = [];
  game.line = game.line.slice(0, game.at + 1);
  game.line.push({
    state: move.state, pieces: move.pieces, depth: move.depth, move: move.move, by: "hand",
    beyond: move.beyond_radius, landed: move.to,
  });
  game.at = game.line.length - 1;
  arrive(true);
  record("push");
  lookUp();
}

// Undo and Redo walk the line, then the lines loaded before it.
// Neither adds an entry to the browser's history: they replace the one shown, so that Back
// after Undo or Redo leaves for where the player was before, not for an undone step.
export function undo() {
  if (game.at > 0) return walk(game.at - 1, "replace");
  if (!game.earlier.length) return;
  game.later.push(snapshot());
  restore(game.earlier.pop(), "replace");
}

export function redo() {
  if (game.at < game.line.length - 1) return walk(game.at + 1, "replace");
  if (!game.later.length) return;
  game.earlier.push(snapshot());
  restore(game.later.pop(), "replace");
}

// A position of the line (Undo, Redo, a click in the list of your moves). A step of a line
// brought back from the browser's history has no pieces (the entry keeps none): it is looked
// up before it is shown.
export async function walk(index, how = "push") {
  const step = game.line[index];
  let answer = null;
  if (!step.pieces) {
    answer = await newest(() => askFor("moves", { state: step.state, any: "true" }), () => walk(index, how),
      { keys: true, failed: NOT_SHOWN });
    if (!answer || game.line[index] !== step) return;
    step.pieces = answer.pieces;
  }
  stopSolution();
  game.at = index;
  arrive(step.by === "hand");
  record(how);
  if (answer) settle(answer);
  else lookUp();
}

function restore(saved, how = "push") {
  stopSolution();
  game.line = saved.line;
  game.at = saved.at;
  arrive(false);
  record(how);
  lookUp();
}

// line[at] on the board: its distance (known, looked up with the move that led to it, or
// unknown), no moves until /moves answers.
function arrive(madeByHand) {
  const { state, pieces, depth } = game.line[game.at];
  game.here = { state, pieces, depth: depth === undefined ? null : depth, moves: null, byHand: madeByHand };
  game.selected = null;
  hints.asked = null;
  showBoard(state, pieces);
  showDistance(depth === undefined ? null : depth, depth === undefined);
  clearMoves();
  hideSolved();
  say("");
  showWhy(null);
  showRun();
  offerTargetHere();
  controls();
}

// Any state reached by a legal move is a real position: `any` gets its moves even from a dead end.
export async function lookUp() {
  const state = game.here.state;
  let answer;
  try {
    answer = await newest(() => askFor("moves", { state, any: "true" }), lookUp, { keys: true });
  } catch (e) {
    if (game.here.state === state) say(e.message);
    return;
  }
  if (answer && game.here.state === state) settle(answer);
}

function settle(answer) {
  game.here.depth = answer.depth;
  game.here.moves = answer.moves;
  game.line[game.at].depth = answer.depth;
  game.line[game.at].beyond = beyondRadius(answer);
  showDistance(answer.depth);
  showMoves();
  showRun();
  redraw();
  showWhy(answer);
  if (answer.depth === 0) say(`This is ${toward()}.`);
  if (answer.depth === 0 && game.here.byHand && game.at) showSolved();
  else if (answer.depth === 0 || hints.on) announce(answer.depth === 0 ? `This is ${toward()}.` : distanceWords(answer.depth, true));
  controls();
  makeAhead();
}
