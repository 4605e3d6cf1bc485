// An optimal solution (a /path answer) as a numbered list of its moves; a click on a move
// shows the position after it, and the move just played is marked aria-current="step".

import { offerExactCounts } from "./exact-counts.js";

export class SolutionList {
  constructor(list, note, onPick) {
    this.list = list;
    this.note = note;
    this.onPick = onPick;  // called with the index of the position to show (1: after move 1)
    this.clear();
  }

  show(answer) {
    this.note.replaceChildren(`${count(answer.depth, "move")} · `, countTag(answer.solutions, "optimal solution"));
    offerExactCounts();
    this.list.replaceChildren(...answer.moves.map((words, i) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.className = "step";
      b.dataset.index = i + 1;
      b.textContent = words;
      b.addEventListener("click", () => this.onPick(i + 1));
      li.append(b);
      return li;
    }));
  }

  // Marks the move that led to position `index` (none at the start), kept in view.
  mark(index) {
    [...this.list.children].forEach((li, i) => {
      if (i + 1 !== index) return li.removeAttribute("aria-current");
      li.setAttribute("aria-current", "step");
      keepInView(this.list, li);
    });
  }

  clear() {
    this.list.replaceChildren();
    this.note.textContent = "Solve lists an optimal solution here.";
    offerExactCounts();
  }

  get shown() { return this.list.children.length > 0; }
}

// Scrolls a list that scrolls by itself (overflow: auto) so that `item` shows, and nothing
// else: scrollIntoView would scroll the window too, taking the board off a phone's screen.
export function keepInView(list, item) {
  const box = list.getBoundingClientRect(), at = item.getBoundingClientRect();
  const top = at.top - box.top - list.clientTop, bottom = top + at.height;
  if (top < 0) list.scrollTop += top;
  else if (bottom > list.clientHeight) list.scrollTop += bottom - list.clientHeight;
}

export function count(n, word) {
  return `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;
}

// Counts from SHORT_FROM up are shown to three figures (≈4.09×10¹⁶), so a list stays one line a
// move; the exact digits, as the API sent them (a BigInt past 2^53), are the count's title (on
// hover) and what a screen reader reads.
export const SHORT_FROM = 10n ** 9n;
const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";

export function shortened(n) {
  if (BigInt(n) < SHORT_FROM) return null;
  const digits = BigInt(n).toString();
  let lead = Math.round(Number(digits.slice(0, 4)) / 10);  // three figures, rounded on the fourth
  let power = digits.length - 1;
  if (lead === 1000) {  // 9.995… rounds up to 10.0: one more power of ten
    lead = 100;
    power += 1;
  }
  const figures = `${Math.floor(lead / 100)}.${String(lead % 100).padStart(2, "0")}`;
  const exact = /^0*$/.test(digits.slice(3));  // nothing lost: no "≈"
  const raised = [...String(power)].map((d) => SUPERSCRIPT[Number(d)]).join("");
  return `${exact ? "" : "≈"}${figures}×10${raised}`;
}

// A count as an element: the exact digits when short enough, else shortened with them kept,
// heard by a screen reader, shown on hover, and seen in place of the short form when the
// "Exact digits" toggle (exact-counts.js) is on.
export function countTag(n, word = null) {
  const span = document.createElement("span");
  span.className = "count";
  const exact = n.toLocaleString("en");
  const named = word ? ` ${word}${n === 1 ? "" : "s"}` : "";
  const short = shortened(n);
  if (!short) {
    span.textContent = exact + named;
    return span;
  }
  span.title = exact + named;
  const seen = document.createElement("span");
  seen.className = "short";
  seen.setAttribute("aria-hidden", "true");
  seen.textContent = short;
  const digits = document.createElement("span");
  digits.className = "exact";
  digits.textContent = exact;
  span.append(seen, digits, named);
  return span;
}
