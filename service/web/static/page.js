// The page: choose a built puzzle and goal (or a target position), set a position by clicking
// or typing, see its distance and optimal moves, play or step through an optimal solution,
// browse the histogram and farthest states. Every fact comes from the JSON API; the newest
// request wins when answers cross, and the address always names the position shown.

import { addressOf, readAddress } from "./address.js";
import { ask } from "./api.js";
import { Board } from "./board.js";
import { DepthBrowser } from "./browse.js";
import { histogram } from "./chart.js";
import { covered, landing, mover, movesInto, optionsAt } from "./picking.js";
import { Player } from "./player.js";
import { count, SolutionList } from "./solution.js";
import { installKeys, moveToward, SHORTCUTS } from "./keys.js";  // keyboard (keys.js)

const $ = (id) => document.getElementById(id);
const ui = Object.fromEntries([
  "puzzle", "goal", "board", "distance", "distance-words", "busy", "pegs", "status", "failure",
  "retry", "solve", "pause", "back", "forward", "speed", "counter", "made", "solved", "announce",
  "state-form", "state-input", "state-error", "undo", "redo", "copy-link", "link",
  "target-form", "target-input", "target-here", "target-clear", "target-note", "target-error",
  "solution", "solution-note", "solution-start", "solution-end", "moves", "chart", "browse",
  "farthest", "farthest-note", "keyboard", "shortcuts",
].map((id) => [id, $(id)]));
const SPEEDS = { slow: 800, normal: 350, fast: 90 };  // ms a step stays on screen
const TOWARD_TARGET = new Set(["moves", "path"]);     // the routes that take `to`

let puzzles = [];     // the /puzzles entries that have a build
let entry = null;     // the chosen puzzle's entry
let goal = null;
let target = null;    // a position to reach instead of the goal (`to`), or null
let farthest = null;  // the build's /farthest answer: its first state is the fallback position
let board = null;
let chart = null;
let here = null;      // {state, pieces, depth, moves, byHand}; depth, moves null until /moves answers
let run = null;       // {made, optimal}: the player's own moves since the last position loaded
let earlier = [];     // positions before this one, for Undo
let later = [];       // positions undone, for Redo; a new move clears it
let selected = null;  // {cells, options}: a piece with several moves, waiting for a target
let latest = 0;
let waiting = false;  // the newest request has not answered yet
const player = new Player(showStep);
const solution = new SolutionList(ui.solution, ui["solution-note"], (index) => player.jump(index));
const depthBrowser = new DepthBrowser(ui.browse, (route, params) => askFor(route, params), load);

const askFor = (route, params = {}) => ask(route, {
  puzzle: entry.name, ...(target && TOWARD_TARGET.has(route) ? { to: target } : { goal }), ...params,
});
const definition = () => entry.definition;
const build = () => entry.builds.find((b) => b.goal === goal);
const toward = () => (target ? "the target" : "the goal");
const position = () => ({ state: here.state, pieces: here.pieces, run: { ...run } });

// -- asking the API --------------------------------------------------------------------------------
// A ticket says whether a request is still the newest when its answer arrives.
function ticket() {
  const mine = ++latest;
  return () => mine === latest;
}

// The newest request: the board is busy until it answers. A stale answer, or a failure of the
// service (offered again by Retry, which repeats the whole step), gives null; a refusal throws.
async function newest(asking, retry) {
  const current = ticket();
  busy(true);
  ui.failure.hidden = true;
  try {
    const answer = await asking();
    return current() ? answer : null;
  } catch (e) {
    if (!current()) return null;
    if (!e.failed) throw e;
    offerRetry(retry);
    return null;
  } finally {
    if (current()) busy(false);
  }
}

function busy(on) {
  waiting = on;
  ui.busy.hidden = !on;
  ui.board.setAttribute("aria-busy", String(on));
}

function offerRetry(retry) {
  ui.failure.hidden = false;
  ui.retry.onclick = () => {
    ui.failure.hidden = true;
    retry();
  };
}

// -- choosing a puzzle, goal and target ----------------------------------------------------------
async function start() {
  let answer;
  try {
    answer = await newest(() => ask("puzzles"), start);
  } catch (e) {
    return say(e.message);
  }
  if (!answer) return;
  puzzles = answer.puzzles.filter((p) => p.builds.length);
  if (!puzzles.length) {
    return say("Nothing is built in this database yet: run `puzzledb build --all`, then reload.");
  }
  ui.puzzle.replaceChildren(...puzzles.map((p) => option(p.name, p.title)));
  await open(readAddress(), "replace");
}

const firstPuzzle = () => puzzles.find((p) => p.name === "eight") || puzzles[0];
const defaultGoal = (p) => (p.builds.find((b) => b.goal === p.default_goal) || p.builds[0]).goal;

async function choosePuzzle(name) {
  await chooseGoal(defaultGoal(puzzles.find((p) => p.name === name)), name);
}

async function chooseGoal(chosen, name = entry.name) {
  const far = await setUp(puzzles.find((p) => p.name === name), chosen, () => chooseGoal(chosen, name));
  if (far) await load(far.states[0]);
}

// A build to play: the selects, a fresh board, the histogram and the farthest states (returned).
async function setUp(chosen, chosenGoal, retry) {
  entry = chosen;
  goal = chosenGoal;
  target = null;
  farthest = null;
  ui.puzzle.value = entry.name;
  ui.goal.replaceChildren(...entry.builds.map((b) => option(
    b.goal, `${b.goal} · ${b.states.toLocaleString("en")} states${b.radius === null ? "" : `, radius ${b.radius}`}`,
  )));
  ui.goal.value = goal;
  stopSolution();
  earlier = [];
  later = [];
  selected = null;
  here = null;
  run = null;
  board = new Board(ui.board, definition(), clicked);
  chart = null;
  depthBrowser.clear();
  clearMoves();
  ui.chart.replaceChildren(tag("loading", "loading…"));
  ui.farthest.replaceChildren();
  ui["farthest-note"].textContent = "loading…";
  showDistance(null, true);
  showRun();
  showTarget();
  clearError();
  let stats, far;
  try {
    [stats, far] = await newest(() => Promise.all([askFor("stats"), askFor("farthest", { limit: 50 })]), retry) || [];
  } catch (e) {
    say(e.message);
    return null;
  }
  if (!stats) return null;
  chart = histogram(ui.chart, stats.histogram, (depth) => depthBrowser.show(depth));
  showFarthest(far);
  farthest = far;
  return far;
}

// A position named by an address (a link opened, Back or Forward): its build and target first,
// then its state. What the API refuses is said, and the build's first farthest state shown.
async function open(where, how, restored = null) {
  const chosen = puzzles.find((p) => p.name === where.puzzle) || firstPuzzle();
  const built = chosen.builds.some((b) => b.goal === where.goal);
  const chosenGoal = built ? where.goal : defaultGoal(chosen);
  const refusals = [];
  if (where.puzzle && where.puzzle !== chosen.name) refusals.push(`no build of ${where.puzzle} here`);
  if (where.goal && !built) refusals.push(`${chosen.name} is not built toward goal ${where.goal}`);
  if (chosen !== entry || chosenGoal !== goal || !farthest) {
    if (!(await setUp(chosen, chosenGoal, () => open(where, how, restored)))) return;
  }
  target = where.to;
  showTarget();
  const options = { how, any: true, quiet: true, run: restored && restored.run };
  let result = where.state ? await loadToward(where.state, options, refusals) : undefined;
  if (result instanceof Error) refusals.push(result.message);
  if (result instanceof Error || result === undefined) {
    result = await loadToward(farthest.states[0], { ...options, run: null }, refusals);
  }
  if (result !== null && refusals.length) say(`${refusals.join("; ")}.`);
}

// A load that falls back on the goal when the API has no build toward the target.
async function loadToward(text, options, refusals) {
  const result = await load(text, options);
  if (!(result instanceof Error) || !target || result.code !== "not_built") return result;
  refusals.push(result.message);
  target = null;
  showTarget();
  return load(text, options);
}

// A target (`to`) instead of the goal, tried on the position shown; a refusal keeps the goal.
async function setTarget(text) {
  if (!here) return;
  const before = target;
  target = text || null;
  ui["target-error"].textContent = "";
  const result = await load(here.state, { any: true, quiet: true });
  if (result instanceof Error) {
    target = before;
    ui["target-error"].textContent = result.message;
  }
  showTarget();
}

function showTarget() {
  ui["target-input"].value = target || "";
  ui["target-note"].textContent = target ? `toward the target ${target}, not the goal` : `toward the goal ${goal}`;
  ui["target-clear"].disabled = !target;
}

// -- moving to a state ---------------------------------------------------------------------------
// Typed text, a farthest state, an address: /moves checks it first. A refusal is shown by the
// field (unless quiet) and returned; null: stale or failed (Retry repeats it); true: shown.
// `how`: "push" a new history entry, "replace" this one, or "none" (Back and Forward).
async function load(text, { how = "push", any = false, quiet = false, run: restored = null } = {}) {
  let answer;
  try {
    const extra = any ? { any: "true" } : {};
    answer = await newest(() => askFor("moves", { state: text, ...extra }), () => load(text, { how, any, quiet, run: restored }));
  } catch (e) {
    if (!quiet) showError(e.message);
    return e;
  }
  if (!answer) return null;
  stopSolution();
  clearError();
  arrive(answer.state, answer.pieces, how !== "none");
  if (how === "none") {  // Back and Forward walk the browser's history instead
    earlier = [];
    later = [];
  }
  run = restored || { made: 0, optimal: answer.depth };
  record(how);
  settle(answer);
  return true;
}

// A legal move from /moves: shown at once (the piece slides), its own moves looked up after.
function make(move) {
  if (!here || !here.moves) return refuse();
  stopSolution();
  later = [];
  arrive(move.state, move.pieces);
  byHand({ made: run.made + 1, optimal: run.optimal });
}

function undo() {
  if (!earlier.length) return;
  stopSolution();
  later.push(position());
  goBack(earlier.pop(), false);
}

function redo() {
  if (!later.length) return;
  stopSolution();
  earlier.push(position());
  goBack(later.pop(), true);
}

// Undo and Redo return to a position as it was, the count of moves made with it.
function goBack(to, counts) {
  arrive(to.state, to.pieces, false);
  here.byHand = counts;
  run = to.run;
  record("push");
  showRun();
  lookUp();
}

function byHand(counted) {
  here.byHand = true;
  run = counted;
  record("push");
  showRun();
  lookUp();
}

function arrive(state, pieces, remember = true) {
  if (remember && here && here.state !== state) earlier.push(position());
  here = { state, pieces, depth: null, moves: null, byHand: false };
  selected = null;
  showBoard(state, pieces);
  clearMoves();
  hideSolved();
  say("");
  controls();
}

// Any state reached by a legal move is a real position: `any` gets its moves even from a dead end.
async function lookUp() {
  const state = here.state;
  let answer;
  try {
    answer = await newest(() => askFor("moves", { state, any: "true" }), lookUp);
  } catch (e) {
    if (here.state === state) {
      showDistance(null);
      say(e.message);
    }
    return;
  }
  if (answer && here.state === state) settle(answer);
}

function settle(answer) {
  here.depth = answer.depth;
  here.moves = answer.moves;
  showDistance(answer.depth);
  showMoves();
  redraw();
  if (answer.why) say(answer.why);
  if (answer.depth === 0) say(`This is ${toward()}.`);
  if (answer.depth === 0 && here.byHand && run.made) showSolved();
  else announce(answer.depth === 0 ? `This is ${toward()}.` : distanceWords(answer.depth, true));
  controls();
}

// Each position shown at rest is an entry of the browser's history, with the moves made to it.
// Positions where a playing solution came to rest share one entry, so Back leaves the solution.
function record(how, played = false) {
  if (how === "none") return;
  const address = addressOf({
    puzzle: entry.name, goal: goal === entry.default_goal ? null : goal, to: target, state: here.state,
  });
  const state = { run, played };
  const replace = how === "replace" || (played && window.history.state && window.history.state.played) ||
    address === location.pathname + location.search;
  if (replace) window.history.replaceState(state, "", address);
  else window.history.pushState(state, "", address);
}

// -- clicking the board --------------------------------------------------------------------------
// A piece with one legal move makes it; a piece with several is picked up, and a click on a
// highlighted cell puts it there. A click on an empty cell makes the one move that fills it.
function clicked(cell) {
  if (player.playing || !here) return;
  if (!here.moves) return refuse();
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

// A click before this position's moves are known is refused out loud, not dropped.
function refuse() {
  say(waiting ? "wait: looking up this position" :
    ui.failure.hidden ? "No moves are known from here." : "The service did not answer: press Retry.");
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

// -- what the page says about the state ----------------------------------------------------------
function showBoard(state, pieces) {
  board.show(pieces);
  ui["state-input"].value = state;
  ui.pegs.textContent = definition().kind === "peg" ? `${count(pieces.length, "peg")} left` : "";
}

function showDistance(depth, unknown = false) {
  ui.distance.textContent = depth === null ? "–" : depth;
  ui["distance-words"].textContent = unknown ? "" : distanceWords(depth);
  if (chart) chart.highlight(target ? null : depth);
}

function distanceWords(depth, whole = false) {
  const number = whole && depth ? `${depth} ` : "";
  if (depth === null) {
    return build().radius === null || target ? `no way to ${toward()} from here` : "beyond this build's radius";
  }
  return depth === 0 ? "moves: solved" : `${number}${depth === 1 ? "move" : "moves"} to ${toward()}`;
}

function showRun() {
  ui.made.textContent = run ? `moves made: ${run.made} (optimal from the start: ${run.optimal ?? "none"})` : "";
}

function showSolved() {
  const reached = target ? "Reached the target" : "Solved";
  const text = `${reached} in ${count(run.made, "move")} — optimal was ${run.optimal ?? "unknown"}`;
  ui.solved.textContent = text;
  ui.solved.hidden = false;
  announce(text);
}

function hideSolved() {
  ui.solved.hidden = true;
}

// The distance after each move, for screen readers (a polite live region).
function announce(text) {
  ui.announce.textContent = text;
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
    const after = m.depth === null ? (radius === null || target ? "dead end" : "beyond radius") : `${m.depth}`;
    b.append(m.move, tag("depth", m.optimal ? `${after} ✓ · ${count(m.solutions, "solution")}` : after));
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

function clearError() {
  ui["state-error"].textContent = "";
  ui["state-input"].removeAttribute("aria-invalid");
}

// -- solving -------------------------------------------------------------------------------------
async function solve() {
  if (ui.solve.disabled) return;  // controls() decides, for the keyboard too
  const from = here.state;
  let answer;
  try {
    answer = await newest(() => askFor("path", { state: from }), solve);
  } catch (e) {
    return say(e.message);
  }
  if (!answer || here.state !== from) return;
  earlier.push(position());
  later = [];
  solution.show(answer);
  player.start(answer);
}

function stopSolution() {
  player.stop();
  solution.clear();
}

// A step of the solution shown; where it comes to rest (paused, stepped, picked, or at the
// end) it is a position of its own: moves made count from there.
function showStep(index, answer) {
  const state = answer.path[index];
  const depth = answer.depth - index;
  const pieces = answer.pieces[index];
  here = { state, pieces, depth, moves: null, byHand: false };
  selected = null;
  showBoard(state, pieces);
  ui.counter.textContent = `move ${index} of ${answer.depth}` + (index ? `: ${answer.moves[index - 1]}` : "");
  showDistance(depth);
  clearMoves();
  hideSolved();
  solution.mark(index);
  say(depth === 0 ? `Solved: this is ${toward()}.` : "");
  controls();
  if (player.playing) return;
  run = { made: 0, optimal: depth };
  showRun();
  record("push", true);
  lookUp();
}

function controls() {
  const playing = player.playing;
  ui.solve.disabled = playing || !here || !here.depth || (player.loaded && !player.atEnd);
  ui.pause.disabled = !player.loaded || (!playing && player.atEnd);
  // "Resume" only when there is something to resume: a finished solution's button is Pause.
  ui.pause.textContent = !playing && player.loaded && !player.atEnd ? "Resume" : "Pause";
  ui.back.disabled = !player.loaded || player.index === 0;
  ui.forward.disabled = !player.loaded || player.atEnd;
  ui["solution-start"].disabled = !player.loaded || player.index === 0;
  ui["solution-end"].disabled = !player.loaded || player.atEnd;
  ui.undo.disabled = earlier.length === 0;
  ui.redo.disabled = later.length === 0;
  if (!player.loaded) ui.counter.textContent = "";
}

function pauseOrResume() {
  if (player.playing) return player.pause();
  player.resume();
  controls();
}

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
function wireKeys(installKeys, moveToward, shortcuts) {
  installKeys({
    move: (direction) => {
      const m = here && here.moves && moveToward(direction, here.moves, definition());
      if (m) make(m);
    },
    // A shortcut does what its button would, and nothing while the button is disabled.
    solve: () => !ui.solve.disabled && solve(),
    pause: () => player.loaded && !ui.pause.disabled && pauseOrResume(),
    back: () => !ui.back.disabled && player.step(-1),
    forward: () => !ui.forward.disabled && player.step(1),
    undo: () => !ui.undo.disabled && undo(),
    redo: () => !ui.redo.disabled && redo(),
  });
  ui.shortcuts.replaceChildren(...shortcuts.flatMap(({ keys, what }) => {
    const dt = document.createElement("dt");
    dt.textContent = Array.isArray(keys) ? keys.join(", ") : keys;
    const dd = document.createElement("dd");
    dd.textContent = what;
    return [dt, dd];
  }));
  ui.keyboard.hidden = false;
}

// -- wiring --------------------------------------------------------------------------------------
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
ui["state-input"].addEventListener("input", clearError);
ui["target-form"].addEventListener("submit", (event) => {
  event.preventDefault();
  setTarget(ui["target-input"].value.trim());
});
ui["target-here"].addEventListener("click", () => here && setTarget(here.state));
ui["target-clear"].addEventListener("click", () => setTarget(null));
ui.solve.addEventListener("click", solve);
ui.pause.addEventListener("click", pauseOrResume);
ui.back.addEventListener("click", () => player.step(-1));
ui.forward.addEventListener("click", () => player.step(1));
ui["solution-start"].addEventListener("click", () => player.jump(0));
ui["solution-end"].addEventListener("click", () => player.jump(player.last));
ui.speed.addEventListener("change", setSpeed);
ui.undo.addEventListener("click", undo);
ui.redo.addEventListener("click", redo);
ui["copy-link"].addEventListener("click", copyLink);
window.addEventListener("popstate", (event) => puzzles.length && open(readAddress(), "none", event.state));
setSpeed();
controls();
wireKeys(installKeys, moveToward, SHORTCUTS);  // keyboard (keys.js)
start();
