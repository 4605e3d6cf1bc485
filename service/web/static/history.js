// The address and the browser's history: a puzzle chosen is named at once, each position shown
// at rest is an entry with the line that led to it, and an address opened (a link, Back, Forward,
// a reload) shows what it names, or the nearest thing it can with what it left out and why.

import { addressOf } from "./address.js";
import { defaultGoal, firstPuzzle, setUp } from "./choosing.js";
import { ui } from "./elements.js";
import { game } from "./game.js";
import { hints } from "./hints.js";
import { plain, quote, say } from "./messages.js";
import { load, shownAsLoaded } from "./moving.js";
import { openings } from "./starts.js";
import { showTarget } from "./target.js";

// A puzzle or goal chosen, named by the address before it loads (choosing.js says why).
export function nameChoice(p, chosen) {
  const address = addressOf({
    puzzle: p.name, goal: chosen === p.default_goal ? null : chosen, hints: hints.on,
  });
  if (address !== location.pathname + location.search) {
    window.history.pushState({ where: address, played: false }, "", address);
  }
}

// A position named by an address (a link opened, Back or Forward). What the page cannot
// honour is left out, said with why, and the nearest thing it can show is shown: an unknown
// or unbuilt puzzle gives the first puzzle (its goal, target and state were meant for the
// other one), a goal not built the default goal, a refused target the goal, a refused state
// the build's first farthest state. `fresh`: a link just opened (not a reload, not Back),
// whose position, once shown, is brought into view and named.
export async function open(where, how, restored = null, fresh = false) {
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
  let named = false;  // the address's own state is the one shown
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
    if (!(result instanceof Error)) {
      named = result === true && text === state;
      break;
    }
    if (text === state) ignored.push(`the state ${quote(state)}: ${result.message}`);
    options.restored = null;
  }
  showTarget();
  if (result !== true) return;
  const instead = where.puzzle && where.puzzle !== game.entry.name ? ` Showing ${game.entry.name} instead.` : "";
  const notShown = ignored.length ? `Not shown from the address: ${ignored.join("; ")}.${instead}` : "";
  if (named && fresh && !restored) shownAsLoaded("the position in the link", notShown);
  else if (notShown) say(notShown);
}

// Each position shown at rest is an entry of the browser's history, with the line that led to
// it (so Back, Forward and a reload bring it back). Positions where a playing solution came to
// rest share one entry, so Back leaves the solution.
export function record(how, played = false) {
  if (how === "none") return;
  const address = addressOf({
    puzzle: game.entry.name, goal: game.goal === game.entry.default_goal ? null : game.goal, to: game.target,
    state: game.here.state, hints: hints.on,
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
export function fromHistory(saved) {
  if (!saved || !Array.isArray(saved.line) || saved.where !== location.pathname + location.search) return null;
  const steps = saved.line.map(([state, move, by, depth, beyond]) => ({ state, move, by, depth, beyond }));
  return steps[saved.at] ? { line: steps, at: saved.at } : null;
}
