// A target position to play toward instead of the goal: checked with the service before it is
// set, and said beside the board, or why the position shown cannot be one.

import { ask } from "./api.js";
import { ui } from "./elements.js";
import { build, game } from "./game.js";
import { plain } from "./messages.js";
import { load } from "./moving.js";
import { newest } from "./requests.js";

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

export function showTarget() {
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
