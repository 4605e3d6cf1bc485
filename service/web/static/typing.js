// A position typed into the State field, or text pasted anywhere on the page: loaded in this
// build, opened in another that holds it (a Rush Hour card), or the command that builds it said.

import { ask } from "./api.js";
import { buildCommand, cardRows, rowsOf } from "./cards.js";
import { defaultGoal } from "./choosing.js";
import { ui } from "./elements.js";
import { game } from "./game.js";
import { guarded } from "./guarded.js";
import { open } from "./history.js";
import { showError } from "./messages.js";
import { load, shownAsLoaded } from "./moving.js";
import { newest, NOT_SHOWN } from "./requests.js";

// Typed into the State field: a position of this build is loaded as before. One it refuses may
// be a Rush Hour card, or a position of one, that another build holds: its cluster opens there.
// A card no build holds is said with the command that builds it.
// Whatever it loads is brought into view, and named by `what` (how the text came: null,
// typed in the field).
export async function typed(text, what = null) {
  const refused = await load(text, { quiet: true });
  if (refused === true) return shownAsLoaded(what);
  if (refused instanceof Error && game.entry.definition.scrambles) return asScramble(text, refused, what);
  if (!(refused instanceof Error)) return;
  const card = cardRows(text);  // the text as the page reads a card: asked of other builds only then
  const drivers = card || game.entry.definition.kind === "rush"
    ? game.puzzles.filter((p) => p.definition.kind === "rush") : [];
  if (!drivers.length) return card ? showCommand(card) : showError(refused.message);  // none to ask
  let answers;
  try {
    answers = await newest(() => Promise.all(drivers.map((p) => ask("moves", {
      puzzle: p.name, goal: defaultGoal(p), state: text, any: "true",
    }).catch((e) => (e.failed ? Promise.reject(e) : e)))), () => typed(text), { failed: NOT_SHOWN });
  } catch (e) {
    return showError(e.message);
  }
  if (!answers) return;
  const held = answers.findIndex((a) => !(a instanceof Error) && a.depth !== null);
  if (held >= 0) {
    const p = drivers[held];
    await open({ puzzle: p.name, goal: null, to: null, state: answers[held].state }, "push");
    if (game.entry !== p) return;
    return shownAsLoaded(what, `${p.title}: this position is one of its cluster.`);
  }
  const read = answers.findIndex((a) => !(a instanceof Error));  // a card, but of no cluster built
  if (read >= 0) return showCommand(rowsOf(answers[read].state, drivers[read].definition.cols));
  const asCard = game.entry.definition.kind !== "rush" && answers.find((a) => a instanceof Error);
  showError(asCard ? `${refused.message}; as a Rush Hour card: ${asCard.message}` : refused.message);
}

// Text a twisty puzzle refused as a position: the API asked to read it as a scramble (R U2 F'),
// and when it is neither, both refusals said.
async function asScramble(text, refused, what) {
  const scrambled = await load(text, { quiet: true, scramble: true });
  if (scrambled instanceof Error) showError(`${refused.message}; as a scramble: ${scrambled.message}`);
  else if (scrambled === true) shownAsLoaded(what && `${what} (a scramble)`);
}

// A card no build holds: how to build it, a command to copy, under the State field.
function showCommand(rows) {
  const command = document.createElement("code");
  command.className = "command";
  command.textContent = buildCommand(rows);
  ui["state-error"].replaceChildren("No build here holds this card. To play it, build it: ", command,
    ", then reload this page.");
  ui["state-input"].setAttribute("aria-invalid", "true");
}

// Text pasted anywhere but a field (where it is the field's): into the State field, opened,
// and loaded as if typed there, so a card copied from elsewhere opens at once.
export function pasted(event) {
  if (event.target instanceof Element && event.target.closest("input, textarea, select, [contenteditable]")) return;
  const text = (event.clipboardData && event.clipboardData.getData("text")) || "";
  if (!text.trim() || !game.entry) return;
  event.preventDefault();
  ui.codes.open = true;
  ui["state-input"].value = text.trim();
  guarded.typed(text.trim(), "the pasted position");
}
