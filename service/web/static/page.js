// The page: choose a built puzzle and goal (or a target position), set a position by clicking
// or typing, see its distance and optimal moves, play or step through an optimal solution,
// browse the histogram and farthest states. Every fact comes from the JSON API; the newest
// request wins when answers cross, and the address always names the position shown.

import { addressOf, readAddress } from "./address.js";
import { ask } from "./api.js";
import { Board } from "./board.js";
import { DepthBrowser } from "./browse.js";
import { arrow, dismiss } from "./by-hand.js";
import { histogram } from "./chart.js";
import { showDistance, showWhy } from "./distance.js";
import { option, short, tag, ui } from "./elements.js";
import { closeFinish } from "./finish.js";
import { askFor, build, definition, game } from "./game.js";
import { guarded } from "./guarded.js";
import { installKeys, shortcutsFor } from "./keys.js";
import { clearError, plain, quote, say } from "./messages.js";
import { clearMoves } from "./moves-from-here.js";
import { load } from "./moving.js";
import { newest, NOT_SHOWN, unlessWaiting } from "./requests.js";
import { count } from "./solution.js";
import { controls, pauseOrResume, player, stopSolution } from "./solving.js";
import { smallBoard } from "./thumbs.js";
import { pasted } from "./typing.js";
import { showRun } from "./your-moves.js";

const SPEEDS = { slow: 800, normal: 350, fast: 90 };  // ms a step stays on screen
const depthBrowser = new DepthBrowser(ui.browse, (route, params) => askFor(route, params), (s) => guarded.load(s),
  (s) => smallBoard(definition(), s, game.entry.vehicles));

// -- choosing a puzzle, goal and target ----------------------------------------------------------
async function start() {
  let answer;
  try {
    answer = await newest(() => ask("puzzles"), start,
      { failed: "Loading the list of puzzles failed: the service did not answer." });
  } catch (e) {
    return say(e.message);
  }
  if (!answer) return;
  game.catalogue = answer.puzzles;
  game.puzzles = answer.puzzles.filter((p) => p.builds.length);
  if (!game.puzzles.length) {
    return say("Nothing is built in this database yet: run `puzzledb build --all`, then reload.");
  }
  ui.puzzle.replaceChildren(...game.puzzles.map((p) => option(p.name, p.title)));
  ui.puzzle.disabled = ui.goal.disabled = false;  // choices to make at last
  await open(readAddress(), "replace", fromHistory(window.history.state));  // a reload keeps the line
}

const firstPuzzle = () => game.puzzles.find((p) => p.name === "eight") || game.puzzles[0];
export const defaultGoal = (p) => (p.builds.find((b) => b.goal === p.default_goal) || p.builds[0]).goal;

async function choosePuzzle(name) {
  await chooseGoal(defaultGoal(game.puzzles.find((p) => p.name === name)), name);
}

// A puzzle or goal chosen is named by the address at once, before it loads: the address names
// what the page shows as chosen (the selects, and an empty board with Retry if the service
// does not answer), so a reload or a link asks for it again and Back goes to the one before.
// Its position, once shown, is named in the same history entry.
async function chooseGoal(chosen, name = game.entry.name) {
  const p = game.puzzles.find((q) => q.name === name);
  nameChoice(p, chosen);
  await openChosen(p, chosen);
}

async function openChosen(p, chosen) {
  const far = await setUp(p, chosen, () => openChosen(p, chosen));
  if (far) await opening(openings(), { how: "replace" });
}

function nameChoice(p, chosen) {
  const address = addressOf({ puzzle: p.name, goal: chosen === p.default_goal ? null : chosen });
  if (address !== location.pathname + location.search) {
    window.history.pushState({ where: address, played: false }, "", address);
  }
}

// Where a build opens: its classic start (the definition's `start`) when the build holds it
// (/puzzles says which starts each build holds: a radius build may not reach it), else its
// hardest state. Each is {text, any, choice}; `any` false for the start, which is held.
function openings() {
  const held = build().starts || [];
  const classic = (game.entry.starts || []).find((s) => s.name === "start" && held.includes(s.name));
  return [
    ...(classic ? [{ text: classic.state, any: false, choice: "named:start" }] : []),
    { text: game.farthest.states[0], any: true, choice: "hardest" },
  ];
}

// The first of `tries` the build answers, loaded (true); the Start chooser shows which.
// null: a lookup went stale or failed (Retry repeats it); else the last refusal.
async function opening(tries, options) {
  let result = null;
  for (const { text, any, choice } of tries) {
    result = await load(text, { ...options, any, quiet: true });
    if (result === true) ui.start.value = choice;
    if (!(result instanceof Error)) return result;
  }
  return result;
}

// A build to play: the selects, a fresh board, the histogram and the farthest states (returned).
async function setUp(chosen, chosenGoal, retry) {
  game.entry = chosen;
  game.goal = chosenGoal;
  game.target = null;
  game.farthest = null;
  game.depths = null;
  ui.puzzle.value = game.entry.name;
  ui.goal.replaceChildren(...game.entry.builds.map((b) => option(
    b.goal, `${b.goal_words} · ${short(b.states)} states${b.radius === null ? "" : `, radius ${b.radius}`}`,
  )));
  ui.start.replaceChildren(option("", "loading…"));
  ui.goal.value = game.goal;
  stopSolution();
  game.earlier = [];
  game.later = [];
  game.selected = null;
  game.here = null;
  game.line = [];
  game.at = 0;
  game.board = new Board(ui.board, definition(), (cell) => guarded.clicked(cell), game.goal, {
    lift: guarded.lift, drop: guarded.drop, choose: (move) => (move ? guarded.make(move) : dismiss()),
  }, game.entry.vehicles);
  game.board.markCoordinates(game.entry.coordinates);
  showExits(build().exits || []);
  showHelp();
  game.chart = null;
  depthBrowser.clear();
  clearMoves();
  ui.chart.replaceChildren(tag("loading", "loading…"));
  ui.farthest.replaceChildren();
  ui["farthest-note"].textContent = "loading…";
  showDistance(null, true);
  showWhy(null);
  showRun();
  showTarget();
  clearError();
  ui["state-input"].value = "";  // the puzzle before's, until this one's position is shown
  ui.pegs.textContent = "";
  let stats, far;
  const failed = `Loading ${game.entry.title} failed: the service did not answer, so its board, histogram and ` +
    "farthest states are not shown.";
  const onFail = () => {  // nothing on the page still says "loading…" or belongs to the puzzle before
    ui.chart.replaceChildren(tag("loading", "not loaded"));
    ui["farthest-note"].textContent = "not loaded";
    ui.start.replaceChildren(option("", "not loaded"));
  };
  try {
    [stats, far] = await newest(() => Promise.all([askFor("stats"), askFor("farthest", { limit: 50 })]), retry,
      { failed, onFail }) || [];
  } catch (e) {
    say(e.message);
    return null;
  }
  if (!stats) return null;
  game.chart = histogram(ui.chart, stats.histogram, (depth) => depthBrowser.show(depth));
  showFarthest(far);
  game.farthest = far;
  game.depths = stats.histogram;
  showStarts();
  return far;
}

// A position named by an address (a link opened, Back or Forward). What the page cannot
// honour is left out, said with why, and the nearest thing it can show is shown: an unknown
// or unbuilt puzzle gives the first puzzle (its goal, target and state were meant for the
// other one), a goal not built the default goal, a refused target the goal, a refused state
// the build's first farthest state.
export async function open(where, how, restored = null) {
  const ignored = [];
  let chosen = game.puzzles.find((p) => p.name === where.puzzle);
  let { goal: wantGoal, to, state } = where;
  if (where.puzzle && !chosen) {
    const known = game.catalogue.some((p) => p.name === where.puzzle);
    ignored.push(`the puzzle ${quote(where.puzzle)}: ${known ? "it is not built in this database" : "there is no puzzle of that name"}`);
    wantGoal = to = state = null;
  }
  chosen = chosen || firstPuzzle();
  if (wantGoal && !chosen.builds.some((b) => b.goal === wantGoal)) {
    ignored.push(`the goal ${quote(wantGoal)}: ${chosen.name} is not built toward it`);
    wantGoal = null;
  }
  if (wantGoal && to) {
    ignored.push(`the target ${quote(to)}: an address names a goal or a target, not both`);
    to = null;
  }
  const chosenGoal = wantGoal || defaultGoal(chosen);
  if (chosen !== game.entry || chosenGoal !== game.goal || !game.farthest) {
    if (!(await setUp(chosen, chosenGoal, () => open(where, how, restored)))) return;
  }
  game.target = to;
  showTarget();
  const tries = state ? [{ text: state, any: true, choice: null }] : [];
  tries.push(...openings());
  let result;
  let options = { how, quiet: true, restored };
  for (const { text, any, choice } of tries) {
    options = { ...options, any };
    result = await load(text, options);
    if (result instanceof Error && game.target) {  // the target, or the state? without it, we see
      const without = game.target;
      game.target = null;
      const again = await load(text, options);
      if (again instanceof Error) game.target = without;
      else ignored.push(`the target ${quote(without)}: ${plain(result.message)}`);
      result = again;
    }
    if (result === true && game.target && game.here.depth === null) {  // a target it cannot reach, refused
      const without = game.target;
      const why = ui.why.textContent;
      game.target = null;
      const again = await load(text, options);
      if (again === true) ignored.push(`the target ${quote(without)}: ${why}`);
      else game.target = without;
      result = again;
    }
    if (result === true && choice) ui.start.value = choice;
    if (!(result instanceof Error)) break;
    if (text === state) ignored.push(`the state ${quote(state)}: ${result.message}`);
    options.restored = null;
  }
  showTarget();
  if (result === true && ignored.length) {
    const instead = where.puzzle && where.puzzle !== game.entry.name ? ` Showing ${game.entry.name} instead.` : "";
    say(`Not shown from the address: ${ignored.join("; ")}.${instead}`);
  }
}

// -- the Start chooser -----------------------------------------------------------------------------
// The definition's named starts ("classic" for `start`), the hardest state (the farthest; in a
// radius build, the farthest it holds), and a random state halfway out, from /depth.
function startChoices() {
  const named = (game.entry.starts || []).map((s) => ({
    value: `named:${s.name}`, text: s.name === "start" ? "classic" : s.name, state: s.state,
  }));
  const half = Math.floor((game.depths.length - 1) / 2);
  const hardest = game.farthest.radius === null ? "hardest" : "farthest in this build";
  return [
    ...named,
    { value: "hardest", text: `${hardest} (${count(game.farthest.depth, "move")})`, state: game.farthest.states[0] },
    { value: "random", text: `random, ${count(half, "move")} from the goal`, depth: half },
  ];
}

function showStarts() {
  ui.start.replaceChildren(...startChoices().map((c) => option(c.value, c.text)));
  ui.start.disabled = false;
}

// The chosen start on the board.
async function startAt(value) {
  const choice = startChoices().find((c) => c.value === value);
  if (!choice) return;
  let text = choice.state;
  if (choice.depth !== undefined) {
    const offset = Math.floor(Math.random() * game.depths[choice.depth]);
    let answer;
    try {
      answer = await newest(() => askFor("depth", { d: choice.depth, limit: 1, offset }), () => startAt(value),
        { failed: NOT_SHOWN });
    } catch (e) {
      return say(e.message);
    }
    if (!answer || !answer.states.length) return;
    text = answer.states[0];
  }
  // any: a named start beyond a radius build is still a real position to play from, and the
  // page says in words why it has no distance
  const result = await load(text, { any: true, quiet: true });
  if (result instanceof Error) say(`The ${choice.text} start cannot be shown: ${plain(result.message)}`);
}

// A target (`to`) instead of the goal, tried on the position shown; a refusal keeps the goal.
export async function setTarget(text) {
  if (!game.here) return;
  const before = game.target;
  ui["target-error"].textContent = "";
  if (text) {
    let check;
    try {
      check = await newest(
        () => ask("moves", { puzzle: game.entry.name, state: game.here.state, to: text, any: "true" }),
        () => setTarget(text), { failed: "Setting the target failed: the service did not answer, so the goal stays." });
    } catch (e) {  // the position shown is named so, its code not written out
      const why = text === game.here.state ? plain(e.message).replaceAll(text, "this position") : plain(e.message);
      ui["target-error"].textContent = `Not set as the target: ${why}`;
      return;
    }
    if (!check) return;
    if (check.depth === null) {  // no way there from here: every move would read "dead end"
      ui["target-error"].textContent = `Not set as the target: ${check.why}`;
      return;
    }
  }
  game.target = text || null;
  const result = await load(game.here.state, { any: true, quiet: true });
  if (result instanceof Error) {
    game.target = before;
    ui["target-error"].textContent = plain(result.message);
  }
  showTarget();
}

// The goal's exit, as /puzzles gives it for the build (Klotski's bottom middle): a mark on
// the board's edge, and the same in words beside the board for those who do not see it.
function showExits(exits) {
  game.board.markExits(exits);
  ui.exit.textContent = exits.length ? `exit: ${exits.map((e) => e.words).join("; ")}` : "";
}

function showTarget() {
  ui["target-input"].value = game.target || "";
  ui["target-note"].textContent = game.target ? "toward a target position, not the goal"
    : `toward the goal: ${build().goal_words}`;
  ui["target-clear"].disabled = !game.target;
  offerTargetHere();
}

// "Set current as target" where /puzzles says the build takes positions as targets (any built
// goal can be one anyway), and where not, why, in words. Whether the service answers toward
// this very position is asked only when the button is pressed: a refusal is said by the field.
export function offerTargetHere() {
  const state = game.here && game.here.state;
  const why = !state || build().targets || game.entry.builds.some((b) => b.goal === state) ? null
    : build().why_no_targets;
  ui["target-here"].disabled = !state || why !== null || game.target === state;
  ui["target-why"].textContent = !state ? "" : why !== null ? `This position cannot be a target here: ${why}.`
    : game.target === state ? "This position is the target." : "";
}

// Each position shown at rest is an entry of the browser's history, with the line that led to
// it (so Back, Forward and a reload bring it back). Positions where a playing solution came to
// rest share one entry, so Back leaves the solution.
export function record(how, played = false) {
  if (how === "none") return;
  const address = addressOf({
    puzzle: game.entry.name, goal: game.goal === game.entry.default_goal ? null : game.goal, to: game.target,
    state: game.here.state,
  });
  const replace = how === "replace" || (played && window.history.state && window.history.state.played) ||
    address === location.pathname + location.search;
  const write = (state) => (replace ? window.history.replaceState(state, "", address)
    : window.history.pushState(state, "", address));
  try {
    write({ where: address, line: kept(game.line), at: game.at, played });
  } catch {  // more than this browser keeps in an entry: the position alone, a new line on return
    write({ where: address, played });
  }
}

// What an entry keeps of each step: its state, move, maker and distance, as an array, and no
// pieces (looked up again when the step is shown): a long game stays far below what browsers
// allow an entry (640k characters in older Firefox, 16 MB now).
const kept = (steps) => steps.map((s) => [s.state, s.move, s.by, s.depth, s.beyond]);

// The line an entry of the browser's history kept ({line, at}), if it was recorded at the
// address now shown (Back, Forward and a reload give it); else null.
function fromHistory(saved) {
  if (!saved || !Array.isArray(saved.line) || saved.where !== location.pathname + location.search) return null;
  const steps = saved.line.map(([state, move, by, depth, beyond]) => ({ state, move, by, depth, beyond }));
  return steps[saved.at] ? { line: steps, at: saved.at } : null;
}

// The puzzle after this one in the list (the first after the last), or null when it is the only one.
export function nextPuzzle() {
  const i = game.puzzles.indexOf(game.entry);
  return game.puzzles.length > 1 ? game.puzzles[(i + 1) % game.puzzles.length] : null;
}

function showFarthest(far) {
  const plural = far.count === 1 ? "state" : "states";
  ui["farthest-note"].textContent = `${far.count.toLocaleString("en")} ${plural}, ${far.depth} moves from the goal` +
    (far.count > far.states.length ? `; the first ${far.states.length}:` : ":");
  ui.farthest.replaceChildren(...far.states.map((s) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "state";
    b.dataset.state = s;
    b.title = s;
    b.append(tag("visually-hidden", `state ${s}`), smallBoard(definition(), s, game.entry.vehicles));
    b.addEventListener("click", () => guarded.load(s));
    li.append(b);
    return li;
  }));
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

// The help for the puzzle chosen: the paragraphs for its kind and its way of counting moves
// (data-kind: the definition's kind; data-metric, where it matters, its metric), and the
// shortcuts that work on it.
function showHelp() {
  const { kind, metric } = definition();
  document.querySelectorAll("footer [data-kind]").forEach((el) => {
    el.hidden = el.dataset.kind !== kind || (el.dataset.metric !== undefined && el.dataset.metric !== metric);
  });
  ui.shortcuts.replaceChildren(...shortcutsFor(definition()).flatMap(({ keys, what }) => {
    const dt = document.createElement("dt");
    dt.textContent = Array.isArray(keys) ? keys.join(", ") : keys;
    const dd = document.createElement("dd");
    dd.textContent = what;
    return [dt, dd];
  }));
  ui.keyboard.hidden = false;
}

// index.html ships every control disabled, so that none looks usable before this module has
// wired it. Now each is: controls() and showTarget() decide their own, the puzzle and goal
// wait for /puzzles, and the Start chooser for a build's starts.
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

ui.puzzle.addEventListener("change", () => choosePuzzle(ui.puzzle.value));
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
ui["finish-close"].addEventListener("click", () => closeFinish());
ui["play-again"].addEventListener("click", () => closeFinish(() => guarded.walk(0)));
ui["next-puzzle"].addEventListener("click", () => closeFinish(() => choosePuzzle(nextPuzzle().name)));
ui.finish.addEventListener("close", () => {
  const focused = document.activeElement;
  if (!focused || focused === document.body) game.board.focusCell();
});
window.addEventListener("popstate",
  (event) => game.puzzles.length && open(readAddress(), "none", fromHistory(event.state)));
setSpeed();
enableControls();
controls();
wireKeys(installKeys);  // keyboard (keys.js)
start();
