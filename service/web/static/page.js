// The page: choose a built puzzle and goal, set a position by clicking or typing, see its
// distance and optimal moves, watch the solution, browse the histogram and farthest states.
// Every fact comes from the JSON API; the newest request wins when answers cross.

import { ask } from "./api.js";
import { Board } from "./board.js";
import { histogram } from "./chart.js";
import { covered, landing, mover, movesInto, optionsAt } from "./picking.js";
import { Player } from "./player.js";

const $ = (id) => document.getElementById(id);
const ui = Object.fromEntries([
  "puzzle", "goal", "board", "distance", "distance-words", "status", "solve", "pause", "back",
  "forward", "speed", "counter", "state-form", "state-input", "state-error", "undo", "moves",
  "chart", "farthest", "farthest-note",
].map((id) => [id, $(id)]));
const SPEEDS = { slow: 800, normal: 350, fast: 90 };  // ms a step stays on screen

let puzzles = [];     // the /puzzles entries that have a build
let entry = null;     // the chosen puzzle's entry
let goal = null;
let board = null;
let chart = null;
let here = null;      // {state, pieces, depth, moves}; depth and moves stay null until /moves answers
let history = [];     // earlier {state, pieces}, for Undo
let selected = null;  // {cells, options}: a piece with several moves, waiting for a target
let latest = 0;
const player = new Player(showStep);

// A ticket says whether a request is still the newest when its answer arrives.
function ticket() {
  const mine = ++latest;
  return () => mine === latest;
}

const askFor = (route, params = {}) => ask(route, { puzzle: entry.name, goal, ...params });
const definition = () => entry.definition;
const build = () => entry.builds.find((b) => b.goal === goal);

// -- choosing a puzzle and goal ----------------------------------------------------------------
async function start() {
  try {
    puzzles = (await ask("puzzles")).puzzles.filter((p) => p.builds.length);
  } catch (e) {
    return say(e.message);
  }
  if (!puzzles.length) {
    return say("Nothing is built in this database yet: run `puzzledb build --all`, then reload.");
  }
  ui.puzzle.replaceChildren(...puzzles.map((p) => option(p.name, `${p.title} (${p.name})`)));
  const first = puzzles.find((p) => p.name === "eight") || puzzles[0];
  ui.puzzle.value = first.name;
  await choosePuzzle(first.name);
}

async function choosePuzzle(name) {
  entry = puzzles.find((p) => p.name === name);
  ui.goal.replaceChildren(...entry.builds.map((b) => option(
    b.goal, `${b.goal} · ${b.states.toLocaleString("en")} states${b.radius === null ? "" : `, radius ${b.radius}`}`,
  )));
  const first = entry.builds.find((b) => b.goal === entry.default_goal) || entry.builds[0];
  ui.goal.value = first.goal;
  await chooseGoal(first.goal);
}

async function chooseGoal(chosen) {
  goal = chosen;
  player.stop();
  history = [];
  selected = null;
  here = null;
  board = new Board(ui.board, definition(), clicked);
  chart = null;
  clearMoves();
  [ui.chart, ui.farthest].forEach((list) => list.replaceChildren());
  ui.distance.textContent = "–";
  ui["distance-words"].textContent = "";
  ui["state-error"].textContent = "";
  const current = ticket();
  let stats, far;
  try {
    [stats, far] = await Promise.all([askFor("stats"), askFor("farthest", { limit: 50 })]);
  } catch (e) {
    return current() && say(e.message);
  }
  if (!current()) return;
  chart = histogram(ui.chart, stats.histogram);
  showFarthest(far);
  await load(far.states[0]);
}

// -- moving to a state -------------------------------------------------------------------------
// Typed text, a farthest state: /moves checks it first, and a refusal is shown by the field.
async function load(text) {
  const current = ticket();
  let answer;
  try {
    answer = await askFor("moves", { state: text });
  } catch (e) {
    if (current()) showError(e.message);
    return;
  }
  if (!current()) return;
  player.stop();
  ui["state-error"].textContent = "";
  ui["state-input"].removeAttribute("aria-invalid");
  arrive(answer.state, answer.pieces);
  settle(answer);
}

// A legal move from /moves: shown at once (the piece slides), its own moves looked up after.
function make(move) {
  player.stop();
  arrive(move.state, move.pieces);
  lookUp();
}

function arrive(state, pieces, remember = true) {
  if (remember && here && here.state !== state) history.push({ state: here.state, pieces: here.pieces });
  here = { state, pieces, depth: null, moves: null };
  selected = null;
  board.show(pieces);
  ui["state-input"].value = state;
  clearMoves();
  say("");
  controls();
}

async function lookUp() {
  const current = ticket();
  const state = here.state;
  try {
    const answer = await askFor("moves", { state });
    if (current() && here.state === state) settle(answer);
  } catch (e) {
    // A dead end (a peg position the goal cannot be reached from) or a radius build's edge.
    if (current() && here.state === state) {
      showDistance(null);
      say(e.message);
    }
  }
}

function settle(answer) {
  here.depth = answer.depth;
  here.moves = answer.moves;
  showDistance(answer.depth);
  showMoves();
  redraw();
  if (answer.depth === 0) say("This is the goal.");
  controls();
}

// -- clicking the board ------------------------------------------------------------------------
// A piece with one legal move makes it; a piece with several is picked up, and a click on a
// highlighted cell puts it there. A click on an empty cell makes the one move that fills it.
function clicked(cell) {
  if (player.playing || !here || !here.moves) return;
  const def = definition();
  if (selected) {
    if (selected.cells.includes(cell)) {  // let go (a chain back to its own hole is in the list)
      selected = null;
      say("");
      return redraw();
    }
    const chosen = selected.options.filter((o) => o.lands.includes(cell));
    if (chosen.length === 1) return make(chosen[0].move);
    if (chosen.length > 1) return offer(chosen.map((o) => o.move));
  }
  const options = optionsAt(def, here.state, here.moves, cell);
  if (options.length === 1) return make(options[0].move);
  if (options.length > 1) {
    selected = { cells: mover(def, here.state, options[0].move), options };
    say(def.kind === "peg"
      ? "Now click the hole to jump to (green: an optimal move), or the peg again to let go."
      : "Now click where it should go (green: an optimal move), or the piece again to let go.");
    return redraw();
  }
  const into = movesInto(def, here.state, here.moves, cell);
  selected = null;
  redraw();
  if (into.length === 1) return make(into[0]);
  if (into.length > 1) return say("Several pieces can move here: click the one to move.");
  const peg = def.kind === "peg";
  const empty = !covered(here.pieces, cell);
  say(empty ? "Nothing can move there." : peg ? "That peg cannot jump now." : "That piece cannot move now.");
}

// Several chains of one peg can end in the same hole: the list below tells them apart.
function offer(moves) {
  [...ui.moves.children].forEach((li) => li.classList.toggle("offered", moves.includes(li.move)));
  say(`${moves.length} moves end there; choose one in the list of moves.`);
}

function redraw(preview = []) {
  if (!here) return;
  const def = definition();
  const moves = here.moves || [];
  const targets = new Map();
  (selected ? selected.options : []).forEach((o) => o.lands.forEach((c) => {
    if (selected.cells.includes(c) || targets.get(c) === "best") return;
    targets.set(c, o.move.optimal ? "best" : "other");
  }));
  board.mark({
    hints: moves.filter((m) => m.optimal).map((m) => mover(def, here.state, m)[0]),
    selected: selected ? selected.cells : [],
    targets,
    preview,
  });
}

// -- what the page says about the state --------------------------------------------------------
function showDistance(depth) {
  ui.distance.textContent = depth === null ? "–" : depth;
  ui["distance-words"].textContent =
    depth === null ? (build().radius === null ? "the goal cannot be reached from here" : "beyond this build's radius") :
    depth === 0 ? "moves: solved" : depth === 1 ? "move to the goal" : "moves to the goal";
  if (chart) chart.highlight(depth);
}

function showMoves() {
  const def = definition();
  const radius = build().radius;
  ui.moves.dataset.from = here.state;  // which state these moves start from
  ui.moves.replaceChildren(...here.moves.map((m) => {
    const li = document.createElement("li");
    li.move = m;
    const b = document.createElement("button");
    b.type = "button";
    b.className = m.optimal ? "move optimal" : "move";
    b.dataset.move = m.move;
    const after = m.depth === null ? (radius === null ? "dead end" : "beyond radius") : `${m.depth}`;
    b.append(m.move, tag("depth", m.optimal ? `${after} ✓` : after));
    b.title = m.optimal ? "an optimal move" : "";
    b.addEventListener("click", () => make(m));
    const cells = () => [...mover(def, here.state, m), ...landing(def, here.state, m)];
    b.addEventListener("mouseenter", () => redraw(cells()));
    b.addEventListener("mouseleave", () => redraw());
    li.append(b);
    return li;
  }));
}

function clearMoves() {
  ui.moves.replaceChildren();
  delete ui.moves.dataset.from;
}

function showFarthest(far) {
  const glyphs = definition().glyphs || {};
  const plural = far.count === 1 ? "state" : "states";
  ui["farthest-note"].textContent = `${far.count.toLocaleString("en")} ${plural}, ${far.depth} moves from the goal` +
    (far.count > far.states.length ? `; the first ${far.states.length}:` : ":");
  ui.farthest.replaceChildren(...far.states.map((s) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "state";
    b.dataset.state = s;
    b.append(s);
    if (Object.keys(glyphs).length) b.append(tag("glyphs", Array.from(s, (ch) => glyphs[ch] ?? ch).join("")));
    b.addEventListener("click", () => load(s));
    li.append(b);
    return li;
  }));
}

function say(text) {
  ui.status.textContent = text;
}

function showError(message) {
  ui["state-error"].textContent = message;
  ui["state-input"].setAttribute("aria-invalid", "true");
}

// -- solving -------------------------------------------------------------------------------------
async function solve() {
  const current = ticket();
  const from = here.state;
  let answer;
  try {
    answer = await askFor("path", { state: from });
  } catch (e) {
    return current() && say(e.message);
  }
  if (!current()) return;
  history.push({ state: from, pieces: here.pieces });
  player.start(answer);
}

function showStep(index, answer) {
  const state = answer.path[index];
  const depth = answer.depth - index;
  const pieces = answer.pieces[index];
  here = { state, pieces, depth, moves: null };
  selected = null;
  board.show(pieces);
  ui["state-input"].value = state;
  ui.counter.textContent = `move ${index} of ${answer.depth}` + (index ? `: ${answer.moves[index - 1]}` : "");
  showDistance(depth);
  clearMoves();
  say(depth === 0 ? "Solved: this is the goal." : "");
  controls();
  if (!player.playing) lookUp();
}

function controls() {
  const playing = player.playing;
  ui.solve.disabled = playing || !here || !here.depth || (player.loaded && !player.atEnd);
  ui.pause.disabled = !player.loaded || (!playing && player.atEnd);
  ui.pause.textContent = playing || !player.loaded ? "Pause" : "Resume";
  ui.back.disabled = !player.loaded || player.index === 0;
  ui.forward.disabled = !player.loaded || player.atEnd;
  ui.undo.disabled = history.length === 0;
  if (!player.loaded) ui.counter.textContent = "";
}

// -- wiring ------------------------------------------------------------------------------------
function option(value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  return o;
}

function tag(className, text) {
  const span = document.createElement("span");
  span.className = className;
  span.textContent = text;
  return span;
}

function setSpeed() {
  const ms = SPEEDS[ui.speed.value];
  player.setDelay(ms);
  ui.board.style.setProperty("--slide", `${Math.round(Math.min(ms * 0.7, 260))}ms`);
}

ui.puzzle.addEventListener("change", () => choosePuzzle(ui.puzzle.value));
ui.goal.addEventListener("change", () => chooseGoal(ui.goal.value));
ui["state-form"].addEventListener("submit", (event) => {
  event.preventDefault();
  load(ui["state-input"].value);
});
ui["state-input"].addEventListener("input", () => {
  ui["state-error"].textContent = "";
  ui["state-input"].removeAttribute("aria-invalid");
});
ui.solve.addEventListener("click", solve);
ui.pause.addEventListener("click", () => {
  if (player.playing) return player.pause();
  player.resume();
  controls();
});
ui.back.addEventListener("click", () => player.step(-1));
ui.forward.addEventListener("click", () => player.step(1));
ui.speed.addEventListener("change", setSpeed);
ui.undo.addEventListener("click", () => {
  player.stop();
  const back = history.pop();
  arrive(back.state, back.pieces, false);
  lookUp();
});
setSpeed();
controls();
start();
