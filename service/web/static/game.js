// The page's shared state (`game`), and what every job reads off it: the definition and build
// chosen, whether play goes toward the goal or a target, and the API asked for them.

import { ask } from "./api.js";

const TOWARD_TARGET = new Set(["moves", "path"]);  // the routes that take `to`

// What the page holds between answers: the page's modules read and change these.
export const game = {
  catalogue: [],   // every /puzzles entry, built or not
  puzzles: [],     // the /puzzles entries that have a build
  entry: null,     // the chosen puzzle's entry
  goal: null,
  target: null,    // a position to reach instead of the goal (`to`), or null
  farthest: null,  // the build's /farthest answer: its first state is the fallback position
  depths: null,    // the build's /stats histogram (states per depth), for a random start
  board: null,
  chart: null,
  here: null,      // {state, pieces, depth, moves, byHand}; moves null until /moves answers
  // The player's line since the last position loaded: its start, then each move made (by hand
  // or where a solution came to rest), with the distance after it; `at` is the one shown.
  // Moves made are `at`, the optimal count the start's distance, whatever walked there: Undo,
  // Redo, Back, Forward or a click in the list.
  line: [],        // [{state, pieces, depth, move, by}]; by: "hand", "solve" or null (start)
  at: 0,
  earlier: [],     // lines before the one loaded last ({line, at}), for Undo past its start
  later: [],       // lines undone, for Redo; a new move clears it
  selected: null,  // {cells, options, among}: a piece picked up; among: moves offered beside it
  waiting: false,  // the newest request has not answered yet
  keepsKeys: false,  // it looks up a position: an arrow pressed meanwhile is kept for it
  ahead: null,     // that arrow's direction, made once the position's moves are known
};

export const askFor = (route, params = {}) => ask(route, {
  puzzle: game.entry.name,
  ...(game.target && TOWARD_TARGET.has(route) ? { to: game.target } : { goal: game.goal }),
  ...params,
});
export const definition = () => game.entry.definition;
export const build = () => game.entry.builds.find((b) => b.goal === game.goal);
export const toward = () => (game.target ? "the target" : "the goal");
export const snapshot = () => ({ line: game.line.slice(), at: game.at });
