// An optimal solution (a /path answer) as a numbered list of its moves; a click on a move
// shows the position after it, and the move just played is marked aria-current="step".

export class SolutionList {
  constructor(list, note, onPick) {
    this.list = list;
    this.note = note;
    this.onPick = onPick;  // called with the index of the position to show (1: after move 1)
    this.clear();
  }

  show(answer) {
    this.note.textContent = `${count(answer.depth, "move")} · ${count(answer.solutions, "optimal solution")}`;
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
