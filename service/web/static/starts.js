// Where play starts: the position a build opens at (its classic start, else its hardest), and the
// Start chooser (the named starts, the hardest, a random position halfway out).

import { option, ui } from "./elements.js";
import { askFor, build, game } from "./game.js";
import { plain, say } from "./messages.js";
import { load } from "./moving.js";
import { newest, NOT_SHOWN } from "./requests.js";
import { count } from "./solution.js";

// Where a build opens: its classic start (the definition's `start`) when the build holds it
// (/puzzles says which starts each build holds: a radius build may not reach it), else its
// hardest state. Each is {text, any, choice}; `any` false for the start, which is held.
export function openings() {
  const held = build().starts || [];
  const classic = (game.entry.starts || []).find((s) => s.name === "start" && held.includes(s.name));
  return [
    ...(classic ? [{ text: classic.state, any: false, choice: "named:start" }] : []),
    { text: game.farthest.states[0], any: true, choice: "hardest" },
  ];
}

// The first of `tries` the build answers, loaded (true); the Start chooser shows which.
// null: a lookup went stale or failed (Retry repeats it); else the last refusal.
export async function opening(tries, options) {
  let result = null;
  for (const { text, any, choice } of tries) {
    result = await load(text, { ...options, any, quiet: true });
    if (result === true) ui.start.value = choice;
    if (!(result instanceof Error)) return result;
  }
  return result;
}

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

export function showStarts() {
  ui.start.replaceChildren(...startChoices().map((c) => option(c.value, c.text)));
  ui.start.disabled = false;
}

// The chosen start on the board.
export async function startAt(value) {
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
