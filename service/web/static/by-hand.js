// Moves made by hand: a click or a drag on the board (a piece picked up, its ghosts where each of
// its moves would rest it, a chooser beside the board where several end in one place) and an
// arrow key (one pressed during a lookup is kept for it). Which move a click means is
// picking.js's; the marks this puts on the board are drawn by board.js (redraw).

import { ui } from "./elements.js";
import { definition, game } from "./game.js";
import { moveToward } from "./keys.js";
import { say } from "./messages.js";
import { make } from "./moving.js";
import { showMoves } from "./moves-from-here.js";
import { hints, shownOptimal } from "./hints.js";
import { covered, dropped, landing, mover, movesInto, optionsAt } from "./picking.js";
import { ONE_AHEAD, refuse, WAIT } from "./requests.js";
import { player } from "./solving.js";
import { leadCell } from "./vehicles.js";

// A piece with one legal move makes it; a piece with several is picked up, its ghosts show
// where each move would rest it, and a click on a ghost makes that move. A click on an empty
// cell makes the one move that fills it. A vehicle (Rush Hour) is always picked up, so that
// each place it can go shows the distance it leads to; the cell its front comes to names the
// move, and a click on an empty cell drives there the one vehicle whose front it can reach.
export function clicked(cell) {
  if (player.playing || !game.here) return;
  if (!game.here.moves) return refuse();
  const def = definition();
  const drives = Boolean(game.entry.vehicles);
  if (game.selected) {
    game.selected.among = null;  // a click on the board closes the chooser
    markOffered([]);
    // A ghost (or mark) over the cell wins over the piece beneath it: a tap on a ghost always
    // moves. Only where none lies does a tap on the piece let it go (a chain back to its own
    // hole, which ghosts the piece where it stands, is in the list).
    const here = game.selected.cells;
    const chosen = game.selected.options.filter(
      (o) => (drives ? leadCell(o.move, def.cols) === cell : o.covers.includes(cell))
        && !(here.includes(cell) && sameCells(o.covers, here)));
    if (chosen.length === 1) return make(chosen[0].move);
    if (chosen.length > 1) return offer(chosen.map((o) => o.move));
    if (here.includes(cell)) {  // let go
      game.selected = null;
      say("");
      return redraw();
    }
  }
  const options = optionsAt(def, game.here.state, game.here.pieces, game.here.moves, cell);
  if (options.length === 1 && !drives) return make(options[0].move);
  if (options.length) {
    pickUp(options);
    say(pickedWords(def));
    return redraw();
  }
  const into = drives ? game.here.moves.filter((m) => leadCell(m, def.cols) === cell)
    : movesInto(def, game.here.state, game.here.moves, cell);
  game.selected = null;
  redraw();
  if (into.length === 1) return make(into[0]);
  if (into.length > 1) return say(`Several ${drives ? "vehicles" : "pieces"} can move here: click the one to move.`);
  const empty = !covered(game.here.pieces, cell);
  say(empty ? "Nothing can move there." : stuckWords(def, cell));
}

// A tap on an optimal ghost's dot: its move, unless other moves rest the piece just there too
// (two chains of one peg ending in one hole): then the chooser tells them apart, as a click on
// that place does.
export function tappedDot(move) {
  if (!game.selected) return;
  const mine = game.selected.options.find((o) => o.move.move === move.move);
  if (!mine) return;
  const same = game.selected.options.filter((o) => sameCells(o.covers, mine.covers));
  if (same.length > 1) return offer(same.map((o) => o.move));
  make(mine.move);
}

function sameCells(a, b) {
  return a.length === b.length && a.every((c) => b.includes(c));
}

// What to do with a piece picked up, in the words of its kind.
function pickedWords(def) {
  if (def.kind === "peg") return "Now click the hole to jump to (a green dot: an optimal move), or the peg again to let go.";
  if (game.entry.vehicles) {
    return "Now click a mark to drive it there (the mark: the distance after; green: optimal), or the vehicle again.";
  }
  return "Now click one of its ghosts (a green dot: an optimal move), or the piece again to let go.";
}

// Why the piece at `cell` does not move: a peg, a wall, a vehicle or a piece.
function stuckWords(def, cell) {
  if (def.kind === "peg") return "That peg cannot jump now.";
  if (!game.entry.vehicles) return "That piece cannot move now.";
  const piece = game.here.pieces.find((p) => p.cells.includes(cell));
  return piece && piece.label === game.entry.vehicles.wall ? "A wall never moves." : "That vehicle cannot move now.";
}

// An arrow moves the piece next to the blank that way. One pressed while a position is looked
// up is kept and made once its moves are known, as a player types ahead: one at most, and a
// second is refused out loud. Pressed while anything else is pending, it is refused too.
export function arrow(direction) {
  if (!game.here || player.playing) return false;
  if (game.waiting && game.keepsKeys) {
    if (game.ahead) return say(`${WAIT}; ${ONE_AHEAD} (moving ${game.ahead} next)`);
    game.ahead = direction;
    return say(`${WAIT}; then moving ${direction}`);
  }
  if (game.waiting || !game.here.moves) return refuse();
  const m = moveToward(direction, game.here.moves, definition());
  if (m) make(m);
  return Boolean(m);
}

// The kept arrow, once its position's moves are known.
export function makeAhead() {
  const direction = game.ahead;
  game.ahead = null;
  if (direction && !arrow(direction)) say(`Nothing moves ${direction} here: that arrow did nothing.`);
}

function pickUp(options) {
  game.selected = { cells: mover(definition(), game.here.state, options[0].move), options, among: null };
}

// A drag starts on the piece (or peg) at `cell`: it is picked up and its ghosts shown; false
// when it cannot move (said why).
export function lift(cell) {
  if (player.playing || !game.here) return false;
  if (!game.here.moves) return refuse();
  const def = definition();
  const options = optionsAt(def, game.here.state, game.here.pieces, game.here.moves, cell);
  if (!options.length) {
    say(stuckWords(def, cell));
    return false;
  }
  pickUp(options);
  say(game.entry.vehicles ? "Slide it along its way to a marked cell (a mark: the distance after; green: optimal)."
    : `Drop it on ${options.length > 1 ? "one of its ghosts" : "its ghost"} (a green dot: an optimal move).`);
  redraw();
  return true;
}

// The piece dragged by cell `held` let go over `over` (null: off the board): the one move that
// rests it there is made (true), several are offered, and anywhere else it goes back, said.
// Let go over its own place, it stays picked up, as after a click.
export function drop(held, over) {
  if (!game.selected || over === held) return false;
  const matches = over === null ? [] : dropped(definition(), game.selected.cells, game.selected.options, held, over);
  if (matches.length === 1) {
    make(matches[0].move);
    return true;
  }
  if (matches.length > 1) {
    offer(matches.map((o) => o.move));
    return false;
  }
  game.selected = null;
  redraw();
  say("No move puts it there: it went back to its place.");
  return false;
}

// Several moves rest the piece where it was sent (ghosts that overlap, chains of one peg that
// end in one hole): a chooser beside the board tells them apart, and the list marks them too.
function offer(moves) {
  game.selected.among = moves;
  markOffered(moves);
  say(`${moves.length} moves end there: choose one beside the board.`);
  redraw();
}

// The chooser closed without a choice: the piece stays picked up, and has the focus.
export function dismiss() {
  if (!game.selected) return;
  game.selected.among = null;
  markOffered([]);
  say("");
  redraw();
  game.board.focusCell(game.selected.cells[0]);
}

function markOffered(moves) {
  [...ui.moves.children].forEach((li) => li.classList.toggle("offered", moves.includes(li.move)));
}

export function redraw(preview = []) {
  if (!game.here) return;
  const def = definition();
  const moves = game.here.moves || [];
  const targets = new Map();
  (game.selected ? game.selected.options : []).forEach((o) => o.covers.forEach((c) => {
    if (game.selected.cells.includes(c) || targets.get(c) === "best") return;
    targets.set(c, o.move.optimal ? "best" : "other");
  }));
  const step = game.line[game.at];
  game.board.mark({
    hints: moves.filter(shownOptimal).map((m) => mover(def, game.here.state, m)[0]),
    movable: moves.map((m) => mover(def, game.here.state, m)[0]),
    last: (step && step.landed) || [],
    selected: game.selected ? game.selected.cells : [],
    targets,
    preview: preview.length || !hints.asked ? preview : asked(def, moves),
    ghosts: game.selected ? game.selected.options.map(hidden) : [],
    choices: (game.selected && game.selected.among) || [],
  });
}

// A ghost as it may be shown: while hints are off (hints.js), neither whether its move is
// optimal nor the distance it leads to (a Rush Hour mark says it), but for the Hint asked for.
const hidden = (o) => (hints.on || hints.asked === o.move.move ? o
  : { ...o, move: { ...o.move, optimal: false, depth: null } });

// The cells of the move the Hint button gave: the piece and where it goes.
function asked(def, moves) {
  const m = moves.find((x) => x.move === hints.asked);
  return m ? [...mover(def, game.here.state, m), ...landing(def, game.here.state, m)] : [];
}

// The Hint button: one optimal move of the position shown, outlined and said.
export function giveHint() {
  if (player.playing || !game.here) return;
  if (!game.here.moves) return refuse();
  const best = game.here.moves.find((m) => m.optimal);
  if (!best) return say(game.here.depth === 0 ? "Solved: no move is needed." : "No move leads to the goal from here.");
  hints.asked = best.move;
  say(`Hint: ${best.move}.`);
  showMoves();  // the list marks it too
  redraw();
}
