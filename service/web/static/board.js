// Drawing a board in its puzzle's own look from the definition /puzzles serves: a grid of
// tiles (line pieces drawn as lines, wide pieces as one piece) or a peg board of holes placed
// by its layout. What covers which cell comes from the API (`pieces` of /moves and /path), so
// nothing here reads a state's text. A piece keeps its element from state to state, so a move
// slides it there.

const SVG = "http://www.w3.org/2000/svg";
// Box-drawing glyph -> its arms (up, down, left, right), drawn from the centre to the edges
// so line pieces join across tiles, whatever fonts the browser has.
const ARMS = {
  "┌": "0101", "┐": "0110", "└": "1001", "┘": "1010", "├": "1101", "┤": "1110",
  "┬": "0111", "┴": "1011", "┼": "1111", "│": "1100", "─": "0011",
  "╵": "1000", "╷": "0100", "╴": "0010", "╶": "0001",
};
const ENDS = [[50, 0], [50, 100], [0, 50], [100, 50]];

export class Board {
  constructor(root, definition, onClick) {
    this.root = root;
    this.definition = definition;
    this.onClick = onClick;  // called with the cell (hole) clicked
    this.placed = [];  // sliding: {label, top, left, el} of each piece shown
    root.replaceChildren();
    root.className = `board ${definition.kind}`;
    if (definition.kind === "peg") this.holes = this.drawHoles();
    else this.slots = this.drawSlots();
  }

  // `pieces`: [{label, cells}] of the state, as the API gives them.
  show(pieces, marks = {}) {
    if (this.definition.kind === "peg") this.showPegs(pieces);
    else this.showPieces(pieces);
    this.mark(marks);
  }

  // -- sliding boards ---------------------------------------------------------------------------
  drawSlots() {
    const { rows, cols } = this.definition;
    this.root.style.setProperty("--rows", rows);
    this.root.style.setProperty("--cols", cols);
    this.root.style.aspectRatio = `${cols} / ${rows}`;
    const slots = [];
    for (let cell = 0; cell < rows * cols; cell++) {
      const slot = button("slot", () => this.onClick(cell));
      slot.dataset.cell = cell;
      slot.setAttribute("aria-label", `cell ${cell}`);
      place(slot, Math.floor(cell / cols), cell % cols, 1, 1, rows, cols);
      this.root.append(slot);
      slots.push(slot);
    }
    return slots;
  }

  showPieces(pieces) {
    const { cols } = this.definition;
    const next = pieces.map(({ label, cells }) => {
      const rows = cells.map((c) => Math.floor(c / cols)), across = cells.map((c) => c % cols);
      const top = Math.min(...rows), left = Math.min(...across);
      return { label, cells, top, left, h: Math.max(...rows) - top + 1, w: Math.max(...across) - left + 1 };
    });
    const unused = new Set(this.placed);
    const take = (test) => {
      const old = this.placed.find((o) => unused.has(o) && test(o));
      if (old) unused.delete(old);
      return old;
    };
    // Pieces that stayed keep their element; then a piece that moved takes an element of
    // the same label (one move moves one piece), so only it slides.
    const kept = next.map((p) => take((o) => o.label === p.label && o.top === p.top && o.left === p.left));
    this.placed = next.map((p, i) => {
      const old = kept[i] || take((o) => o.label === p.label);
      const el = old ? old.el : this.newPiece(p);
      el.dataset.cell = p.cells[0];
      el.piece = p;
      place(el, p.top, p.left, p.h, p.w, this.definition.rows, this.definition.cols);
      return { ...p, el };
    });
    unused.forEach((o) => o.el.remove());
  }

  newPiece(p) {
    const el = button("piece", () => this.onClick(el.piece.cells[0]));
    const glyph = (this.definition.glyphs || {})[p.label] ?? p.label;
    const wide = p.cells.length > 1;
    const shown = wide ? (this.definition.names || {})[p.label] || glyph : glyph;
    el.dataset.label = p.label;
    el.dataset.glyph = glyph;
    el.dataset.span = p.cells.length;
    el.setAttribute("aria-label", wide ? shown : `tile ${glyph}`);
    if (wide) el.classList.add("wide");
    el.append(ARMS[glyph] ? lines(ARMS[glyph]) : text(shown));
    this.root.append(el);
    return el;
  }

  // -- peg boards --------------------------------------------------------------------------------
  drawHoles() {
    const layout = this.definition.layout;
    const rows = 1 + Math.max(...layout.map(([r]) => r));
    const cols = 1 + Math.max(...layout.map(([, c]) => c));
    // Holes of a triangle sit one column off between rows: rows sqrt(3) columns apart make
    // every neighbour equally far; a square layout gets square spacing.
    const staggered = layout.some(([r, c]) => layout.some(([r2, c2]) => r2 === r + 1 && Math.abs(c2 - c) === 1));
    const step = staggered ? Math.sqrt(3) : 2;
    this.root.classList.toggle("staggered", staggered);
    const width = cols + 1, height = (rows - 1) * step + 2;
    this.root.style.aspectRatio = `${width} / ${height}`;
    this.root.style.setProperty("--hole", `${(160 / width).toFixed(3)}%`);
    return layout.map(([r, c], hole) => {
      const el = button("hole", () => this.onClick(hole));
      el.dataset.hole = hole;
      el.style.left = `${((c + 1) / width) * 100}%`;
      el.style.top = `${((1 + r * step) / height) * 100}%`;
      const number = document.createElement("span");
      number.className = "number";
      number.textContent = hole;
      el.append(number);
      this.root.append(el);
      return el;
    });
  }

  showPegs(pieces) {
    const pegs = new Set(pieces.flatMap((p) => p.cells));
    this.holes.forEach((el, hole) => {
      const peg = pegs.has(hole);
      el.classList.toggle("has-peg", peg);
      el.setAttribute("aria-label", `hole ${hole}, ${peg ? "peg" : "empty"}`);
    });
  }

  // -- marks: hints, the selected piece, where it can go, a move's preview ---------------------
  mark({ hints = [], selected = [], targets = new Map(), preview = [] } = {}) {
    const spot = (el, cell) => {  // where a piece can go, and a listed move's cells
      el.classList.toggle("target", targets.has(cell));
      el.classList.toggle("best", targets.get(cell) === "best");
      el.classList.toggle("preview", preview.includes(cell));
    };
    const piece = (el, cell) => {  // a piece (or peg) with an optimal move, or picked up
      el.classList.toggle("hint", hints.includes(cell));
      el.classList.toggle("selected", selected.includes(cell));
    };
    if (this.holes) {
      this.holes.forEach(spot);
      this.holes.forEach(piece);
      return;
    }
    this.slots.forEach(spot);
    this.placed.forEach((p) => {
      piece(p.el, p.cells[0]);
      p.el.classList.toggle("preview", p.cells.some((c) => preview.includes(c)));
    });
  }
}

function button(className, onClick) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = className;
  el.addEventListener("click", onClick);
  return el;
}

function place(el, top, left, h, w, rows, cols) {
  el.style.top = `${(top / rows) * 100}%`;
  el.style.left = `${(left / cols) * 100}%`;
  el.style.width = `${(w / cols) * 100}%`;
  el.style.height = `${(h / rows) * 100}%`;
}

function text(shown) {
  const span = document.createElement("span");
  span.className = "label";
  span.textContent = shown;
  return span;
}

function lines(arms) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", "lines");
  svg.setAttribute("aria-hidden", "true");
  [...arms].forEach((on, i) => {
    if (on !== "1") return;
    const line = document.createElementNS(SVG, "line");
    line.setAttribute("x1", 50);
    line.setAttribute("y1", 50);
    line.setAttribute("x2", ENDS[i][0]);
    line.setAttribute("y2", ENDS[i][1]);
    svg.append(line);
  });
  return svg;
}
