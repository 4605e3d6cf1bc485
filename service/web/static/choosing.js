// Choosing a puzzle and a goal: the built puzzles from /puzzles, and a build set up to play (its
// selects, a fresh board, its help, its histogram and its farthest states).

import { readAddress } from "./address.js";
import { ask } from "./api.js";
import { Board } from "./board.js";
import { DepthBrowser } from "./browse.js";
import { dismiss } from "./by-hand.js";
import { histogram } from "./chart.js";
import { showDistance, showWhy } from "./distance.js";
import { option, short, tag, ui } from "./elements.js";
import { askFor, build, definition, game } from "./game.js";
import { guarded } from "./guarded.js";
import { fromHistory, nameChoice, open } from "./history.js";
import { shortcutsFor } from "./keys.js";
import { clearError, say } from "./messages.js";
import { clearMoves } from "./moves-from-here.js";
import { load } from "./moving.js";
import { newest } from "./requests.js";
import { stopSolution } from "./solving.js";
import { opening, openings, showStarts } from "./starts.js";
import { showTarget } from "./target.js";
import { smallBoard } from "./thumbs.js";
import { showRun } from "./your-moves.js";

const depthBrowser = new DepthBrowser(ui.browse, (route, params) => askFor(route, params),
  (s) => guarded.loadPicked(s, "a position from States at a depth"),
  (s) => smallBoard(game.entry.name, game.goal, s));

export async function start() {
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
  ui.puzzle.replaceChildren(...game.puzzles.map((p) => option(p.name, puzzleWords(p))));
  ui.puzzle.disabled = ui.goal.disabled = false;  // choices to make at last
  const restored = fromHistory(window.history.state);  // a reload keeps the line
  await open(readAddress(), "replace", restored, true);
}

// The menus' words. A phone's menu shows about 38 characters: there a title loses its asides
// (a parenthesis with no figure in it: "(华容道)") and a goal its build's size, so that the
// words telling the options apart are the ones seen. Relabelled when the width changes.
const PHONE = window.matchMedia("(max-width: 30rem)");
const trimmed = (text) => (PHONE.matches ? text.replace(/\s*\([^()0-9]*\)/g, "") : text);
const puzzleWords = (p) => trimmed(p.title);
const goalWords = (b) => (PHONE.matches ? trimmed(b.goal_words)
  : `${b.goal_words} · ${short(b.states)} states${b.radius === null ? "" : `, radius ${b.radius}`}`);
PHONE.addEventListener("change", () => {
  for (const o of ui.puzzle.options) {
    const p = game.puzzles.find((q) => q.name === o.value);
    if (p) o.textContent = puzzleWords(p);
  }
  for (const o of ui.goal.options) {
    const b = game.entry && game.entry.builds.find((c) => c.goal === o.value);
    if (b) o.textContent = goalWords(b);
  }
});

export const firstPuzzle = () => game.puzzles.find((p) => p.name === "eight") || game.puzzles[0];
export const defaultGoal = (p) => (p.builds.find((b) => b.goal === p.default_goal) || p.builds[0]).goal;

// Another puzzle chosen. With `keep` (the Puzzle menu), one played on the same board with the
// same pieces (Klotski counted another way, the 8-puzzle with multi-tile moves) keeps the
// position shown, when its build holds it; any other opens at its start.
export async function choosePuzzle(name, { keep = false } = {}) {
  const p = game.puzzles.find((q) => q.name === name);
  const kept = keep && game.here && sameBoard(game.entry.definition, p.definition) ? game.here.state : null;
  const goal = defaultGoal(p);
  nameChoice(p, goal);
  if (!kept) return openChosen(p, goal);
  if (!(await setUp(p, goal, () => openChosen(p, goal)))) return;
  const result = await load(kept, { how: "replace", any: true, quiet: true });
  if (result === true) say(`Kept the position: ${p.title} counts its moves from it.`);
  else if (result instanceof Error) await opening(openings(), { how: "replace" });
}

// Two definitions of one board and one set of pieces: they differ only in name, title, how
// moves are counted and what they name (goals, starts).
const NOT_THE_BOARD = new Set(["name", "title", "metric", "goal", "goal_words", "starts"]);
function sameBoard(a, b) {
  const board = (d) => JSON.stringify(Object.entries(d).filter(([key]) => !NOT_THE_BOARD.has(key)));
  return a.kind === b.kind && board(a) === board(b);
}

// A puzzle or goal chosen is named by the address at once, before it loads: the address names
// what the page shows as chosen (the selects, and an empty board with Retry if the service
// does not answer), so a reload or a link asks for it again and Back goes to the one before.
// Its position, once shown, is named in the same history entry.
export async function chooseGoal(chosen, name = game.entry.name) {
  const p = game.puzzles.find((q) => q.name === name);
  nameChoice(p, chosen);
  await openChosen(p, chosen);
}

async function openChosen(p, chosen) {
  const far = await setUp(p, chosen, () => openChosen(p, chosen));
  if (far) await opening(openings(), { how: "replace" });
}

// A build to play: the selects, a fresh board, the histogram and the farthest states (returned).
export async function setUp(chosen, chosenGoal, retry) {
  game.entry = chosen;
  game.goal = chosenGoal;
  game.target = null;
  game.farthest = null;
  game.depths = null;
  ui.puzzle.value = game.entry.name;
  ui.goal.replaceChildren(...game.entry.builds.map((b) => option(b.goal, goalWords(b))));
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
    dot: guarded.tappedDot,
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

// The goal's exit, as /puzzles gives it for the build (Klotski's bottom middle): a mark on
// the board's edge, and the same in words beside the board for those who do not see it.
function showExits(exits) {
  game.board.markExits(exits);
  ui.exit.textContent = exits.length ? `exit: ${exits.map((e) => e.words).join("; ")}` : "";
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
    b.append(tag("visually-hidden", `state ${s}`), smallBoard(game.entry.name, game.goal, s));
    b.addEventListener("click", () => guarded.loadPicked(s, "a farthest position"));
    li.append(b);
    return li;
  }));
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
