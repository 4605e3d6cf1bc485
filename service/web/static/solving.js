// Solve: an optimal solution of the position shown, played (player.js) and listed (solution.js);
// each step it rests at joins your moves. The buttons' states are decided here (controls).

import { showBoard, showDistance } from "./distance.js";
import { ui } from "./elements.js";
import { askFor, game, toward } from "./game.js";
import { record } from "./history.js";
import { say } from "./messages.js";
import { clearMoves } from "./moves-from-here.js";
import { lookUp } from "./moving.js";
import { Player } from "./player.js";
import { newest } from "./requests.js";
import { SolutionList } from "./solution.js";
import { hideSolved, showRun } from "./your-moves.js";

let solvedFrom = null;  // the line up to where Solve started, while its solution is shown
export const player = new Player(showStep);
const solution = new SolutionList(ui.solution, ui["solution-note"], (index) => player.jump(index));

export async function solve() {
  if (ui.solve.disabled) return;  // controls() decides, for the keyboard too
  const from = game.here.state;
  let answer;
  try {
    answer = await newest(() => askFor("path", { state: from }), solve,
      { failed: "Solve failed: the service did not answer, so no solution is shown." });
  } catch (e) {
    return say(e.message);
  }
  if (!answer || game.here.state !== from) return;
  solvedFrom = game.line.slice(0, game.at + 1);
  solution.show(answer);
  player.start(answer);
}

export function stopSolution() {
  player.stop();
  solution.clear();
  solvedFrom = null;
}

// A step of the solution shown: the solution's moves up to it follow the line where Solve
// started, marked as Solve's, so "move 2 of 31" and the moves made agree. Where it comes to
// rest (paused, stepped, picked, or at the end) it is looked up and remembered.
function showStep(index, answer) {
  const base = solvedFrom || game.line.slice(0, game.at + 1);
  solvedFrom = base;
  const steps = answer.path.slice(1, index + 1).map((state, i) => ({
    state, pieces: answer.pieces[i + 1], depth: answer.depth - i - 1, move: answer.moves[i], by: "solve",
  }));
  game.line = base.concat(steps);
  game.at = game.line.length - 1;
  const { state, pieces, depth } = game.line[game.at];
  game.here = { state, pieces, depth, moves: null, byHand: false };
  game.selected = null;
  showBoard(state, pieces);
  ui.counter.textContent = `move ${index} of ${answer.depth}` + (index ? `: ${answer.moves[index - 1]}` : "");
  showDistance(depth);
  clearMoves();
  hideSolved();
  solution.mark(index);
  say(depth === 0 ? `Solved: this is ${toward()}.` : "");
  showRun();
  controls();
  if (player.playing) return;
  record("push", true);
  lookUp();
}

export function controls() {
  const playing = player.playing;
  ui.solve.disabled = playing || !game.here || !game.here.depth || (player.loaded && !player.atEnd);
  ui.pause.disabled = !player.loaded || (!playing && player.atEnd);
  // "Resume" only when there is something to resume: a finished solution's button is Pause.
  ui.pause.textContent = !playing && player.loaded && !player.atEnd ? "Resume" : "Pause";
  ui.back.disabled = !player.loaded || player.index === 0;
  ui.forward.disabled = !player.loaded || player.atEnd;
  ui["solution-start"].disabled = !player.loaded || player.index === 0;
  ui["solution-end"].disabled = !player.loaded || player.atEnd;
  ui.undo.disabled = game.at === 0 && game.earlier.length === 0;
  ui.redo.disabled = game.at >= game.line.length - 1 && game.later.length === 0;
  if (!player.loaded) ui.counter.textContent = "";
}

export function pauseOrResume() {
  if (player.playing) return player.pause();
  player.resume();
  controls();
}
