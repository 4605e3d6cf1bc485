// Drawing a board in its puzzle's own look from the definition /puzzles serves: a grid of
// tiles (line pieces drawn as lines, wide pieces as one piece) or a peg board of holes placed
// by its layout. What covers which cell comes from the API (`pieces` of /moves and /path), so
// nothing here reads a state's text. A piece keeps its element from state to state, so a move
// slides it there. Tab goes through the board in reading order: pieces and empty cells (or
// holes); a cell a piece covers is skipped. A piece picked up shows a ghost of itself where
// each of its moves would put it, and a piece or peg can be dragged there too. A board of
// vehicles (Rush Hour, vehicles.js) draws each as a vehicle and its walls as walls, marks a
// vehicle's destinations with the distance each leads to, and drags it along its axis only.

import { drawStickers, showStickers } from "./stickers.js";
import { alongAxis, leadCell, lookOf, shiftOf } from "./vehicles.js";

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
  // `hooks`, the page's answers to a drag and a chooser: lift(cell) picks up the piece at
  // `cell` (false: it cannot move), drop(held, over) lets it go over a cell (null: off the
  // board; true: a move was made), choose(move) takes a move offered (null: none of them).
  // `vehicles`: a board of vehicles' looks (/puzzles' `vehicles`), or null.
  constructor(root, definition, onClick, goal = definition.goal, hooks = {}, vehicles = null) {
    this.root = root;
    this.definition = definition;
    this.vehicles = vehicles;
    this.reach = [0, 0];  // a vehicle picked up: the fewest and most cells its moves shift it
    this.onClick = (cell) => (this.dragged ? null : onClick(cell));  // with the cell (hole) clicked
    this.hooks = hooks;
    this.dragged = false;  // a drag just ended: the click that follows it is no click
    this.choices = [];     // the moves the chooser offers, when it is open
    this.lit = null;       // the move whose ghost a choice lights
    // A goal that is a pattern (Klotski's) is about the pieces it names: each in a colour of its own.
    const pattern = goal && goal.includes("?");
    this.aims = new Set(pattern ? [...goal].filter((c) => c !== "?") : []);  // labels, by the API's pieces
    this.placed = [];  // sliding: {label, top, left, el} of each piece shown
    this.moved = [];   // the elements the last show moved, where a lost focus goes
    onPage = this;
    root.replaceChildren();
    root.className = `board ${definition.kind}`;
    if (definition.stickers) this.stickers = drawStickers(root, definition);  // a twisty puzzle's net
    else if (definition.kind === "peg") this.holes = this.drawHoles();
    else this.slots = this.drawSlots();
    if (hooks.lift) root.addEventListener("pointerdown", (event) => this.press(event));
  }

  // `pieces`: [{label, cells}] of the state, as the API gives them.
  show(pieces, marks = {}) {
    if (this.stickers) showStickers(this.root, this.definition, this.stickers, pieces);
    else if (this.definition.kind === "peg") this.showPegs(pieces);
    else this.showPieces(pieces);
    this.mark(marks);
    rescueFocus();
  }

  // Focus the piece (or peg hole) at `cell`, an empty cell's own button, or without a cell
  // the board's first stop: where a keyboard user lands when the button they pressed goes.
  focusCell(cell = null) {
    const stops = [...this.root.children].filter((el) => el.tabIndex >= 0);
    const at = cell === null ? stops[0] : this.elementAt(cell);
    if (at) at.focus({ preventScroll: true });
  }

  // Marks on the board's frame where the goal's exits are: [{side, cells}] (an exit lies
  // along one side, so its cells are one row's or one column's run). Drawn only; the page
  // says them in words.
  markExits(exits) {
    this.root.querySelectorAll(".exit").forEach((el) => el.remove());
    if (this.definition.kind === "peg") return;
    const { rows, cols } = this.definition;
    for (const { side, cells } of exits) {
      const mark = document.createElement("div");
      mark.className = `exit ${side}`;
      mark.setAttribute("aria-hidden", "true");
      mark.dataset.side = side;
      const across = side === "top" || side === "bottom";
      const first = across ? cells[0] % cols : Math.floor(cells[0] / cols);
      const size = across ? cols : rows;
      mark.style[across ? "left" : "top"] = `${(first / size) * 100}%`;
      mark.style[across ? "width" : "height"] = `${(cells.length / size) * 100}%`;
      this.root.append(mark);
    }
  }

  // The columns' and rows' names on the frame, as move words name cells ("small at b4"):
  // {columns, rows} from /puzzles, or null (no move names a cell) for none. Drawn only: the
  // cells' own names are in the move words.
  markCoordinates(coordinates) {
    this.root.querySelectorAll(".coordinate").forEach((el) => el.remove());
    const shown = Boolean(coordinates) && this.definition.kind !== "peg";
    this.root.classList.toggle("coordinates", shown);
    if (!shown) return;
    const label = (name, side, at, of) => {
      const el = document.createElement("span");
      el.className = `coordinate ${side}`;
      el.setAttribute("aria-hidden", "true");
      el.textContent = name;
      el.style[side === "column" ? "left" : "top"] = `${((at + 0.5) / of) * 100}%`;
      return el;
    };
    const { columns, rows } = coordinates;
    this.root.append(
      ...columns.map((name, c) => label(name, "column", c, columns.length)),
      ...rows.map((name, r) => label(name, "row", r, rows.length)),
    );
  }

  elementAt(cell) {
    if (this.stickers) return null;  // a sticker is no place to go: moves are buttons
    if (this.holes) return this.holes.find((el) => Number(el.dataset.hole) === cell);
    const piece = this.placed.find((p) => p.cells.includes(cell));
    return piece ? piece.el : this.slots[cell];
  }

  // -- sliding boards ---------------------------------------------------------------------------
  drawSlots() {
    const { rows, cols } = this.definition;
    this.root.style.setProperty("--rows", rows);
    this.root.style.setProperty("--cols", cols);
    this.root.style.aspectRatio = `${cols} / ${rows}`;
    this.root.style.setProperty("--ratio", cols / rows);  // the page caps the board's height by it
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
    const next = pieces.map(({ label, cells }) => ({ label, cells, ...block(cells, cols) }));
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
    this.moved = this.placed.filter((p, i) => !kept[i]).map((p) => p.el);
    this.coverSlots();
    this.inReadingOrder(new Set(this.moved));
  }

  // A covered cell's button leaves the Tab order and the accessibility tree; if it had focus
  // (Enter on an empty cell moved a piece into it), the piece that came takes the focus.
  coverSlots() {
    const focused = document.activeElement;
    const covered = new Set(this.placed.flatMap((p) => p.cells));
    this.slots.forEach((slot, cell) => {
      const hidden = covered.has(cell);
      slot.tabIndex = hidden ? -1 : 0;
      if (hidden) slot.setAttribute("aria-hidden", "true");
      else slot.removeAttribute("aria-hidden");
    });
    if (focused && this.slots.includes(focused) && focused.tabIndex < 0) {
      this.focusCell(Number(focused.dataset.cell));
    }
  }

  // Tab follows the DOM, so the buttons go in reading order: each cell's slot, then the
  // piece whose first cell it is. Re-inserting an element restarts its style, so a piece
  // moved in the DOM would jump instead of sliding, and a focused one would lose focus:
  // the pieces that move now stay put, then the focused button (else it is focused again),
  // and the fewest others move around them (moveBefore, where the browser has it, keeps
  // even those elements' state).
  inReadingOrder(moving) {
    const first = (p) => Math.min(...p.cells);
    const wanted = [
      ...this.slots.map((el, cell) => [2 * cell, el]),
      ...this.placed.map((p) => [2 * first(p) + 1, p.el]),
    ].sort((a, b) => a[0] - b[0]).map(([, el]) => el);
    const focused = document.activeElement;
    const n = wanted.length + 1;
    const weight = (el) => (moving.has(el) ? 2 * n : el === focused ? n : 1);
    const stay = longestInOrder([...this.root.children], wanted, weight);
    let next = null;  // each element goes just before the one that follows it
    for (let i = wanted.length - 1; i >= 0; i--) {
      if (!stay.has(wanted[i])) moveBefore(this.root, wanted[i], next);
      next = wanted[i];
    }
    if (document.activeElement !== focused && this.root.contains(focused)) focused.focus({ preventScroll: true });
  }

  newPiece(p) {
    const look = lookOf(this.vehicles, p.label);
    if (look) return this.newVehicle(p, look);
    const el = button("piece", (event) => this.onClick(this.pressedCell(event, el.piece.cells)));
    const glyph = (this.definition.glyphs || {})[p.label] ?? p.label;
    const wide = p.cells.length > 1;
    const shown = wide ? (this.definition.names || {})[p.label] || glyph : glyph;
    el.dataset.label = p.label;
    el.dataset.glyph = glyph;
    el.dataset.span = p.cells.length;
    el.setAttribute("aria-label", wide ? shown : `tile ${glyph}`);
    if (wide) el.classList.add("wide");
    if (this.aims.has(p.label)) el.classList.add("aim");
    el.append(ARMS[glyph] ? lines(ARMS[glyph]) : text(shown, fitted(shown, p, this.definition.cols, wide)));
    this.root.append(el);
    return el;
  }

  // A vehicle is a button named as the moves call it ("truck M"), coloured by its letter (the
  // primary car red); a wall is drawn only, no stop for Tab, as the cell it fills is no place
  // to go.
  newVehicle(p, look) {
    let el;
    if (look.wall) {
      el = document.createElement("div");
      el.className = "piece wall";
      el.setAttribute("aria-hidden", "true");
    } else {
      el = button("piece vehicle", (event) => this.onClick(this.pressedCell(event, el.piece.cells)));
      el.dataset.axis = look.axis;
      el.setAttribute("aria-label", look.primary ? `${look.name}, the primary car` : look.name);
      if (look.primary) el.classList.add("primary", "aim");
      else el.style.setProperty("--car", look.colour);
      el.append(text(p.label, fitted(p.label, p, this.definition.cols, false)));
    }
    el.dataset.label = p.label;
    el.dataset.span = p.cells.length;
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
    this.root.style.setProperty("--ratio", width / height);
    this.root.style.setProperty("--hole", `${(160 / width).toFixed(3)}%`);
    const holes = layout.map(([r, c], hole) => {
      const el = button("hole", () => this.onClick(hole));
      el.dataset.hole = hole;
      el.style.left = `${((c + 1) / width) * 100}%`;
      el.style.top = `${((1 + r * step) / height) * 100}%`;
      const number = document.createElement("span");
      number.className = "number";
      number.textContent = hole;
      el.append(number);
      return el;
    });
    // appended in reading order, so Tab goes row by row whatever the holes' numbering
    const byPlace = holes.map((el, hole) => [layout[hole], el]);
    byPlace.sort(([[r1, c1]], [[r2, c2]]) => r1 - r2 || c1 - c2);
    this.root.append(...byPlace.map(([, el]) => el));
    return holes;
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
  // `ghosts`: [{move, rests}] where the selected piece's moves put it (rests: the cells of
  // each piece put down); `choices`: the moves to offer beside the board, or none.
  // `movable`: pieces that can move (marked quietly while hints are off; a swipe on any other
  // scrolls the page); `last`: the cells the last move filled (its piece outlined).
  mark({
    hints = [], movable = [], last = [], selected = [], targets = new Map(), preview = [], ghosts = [], choices = [],
  } = {}) {
    this.drawGhosts(ghosts);
    this.offer(choices);
    const spot = (el, cell) => {  // where a piece can go, and a listed move's cells
      el.classList.toggle("target", targets.has(cell));
      el.classList.toggle("best", targets.get(cell) === "best");
      el.classList.toggle("preview", preview.includes(cell));
    };
    const piece = (el, cell, cells = [cell]) => {  // a piece (or peg): optimal, movable, picked up, last moved
      el.classList.toggle("hint", hints.includes(cell));
      el.classList.toggle("movable", movable.includes(cell));
      el.classList.toggle("selected", selected.includes(cell));
      el.classList.toggle("last", cells.some((c) => last.includes(c)));
    };
    if (this.stickers) {  // a listed move's preview: the stickers it changes
      this.stickers.forEach((el, k) => el.classList.toggle("preview", preview.includes(k)));
      return;
    }
    if (this.holes) {
      this.holes.forEach(spot);
      this.holes.forEach(piece);
      return;
    }
    this.slots.forEach(spot);
    this.placed.forEach((p) => {
      piece(p.el, p.cells[0], p.cells);
      p.el.classList.toggle("preview", p.cells.some((c) => preview.includes(c)));
    });
  }

  // A ghost is the piece (or peg) outlined where a move would rest it, over whatever is there;
  // clicks go through it to the cell beneath, which the page reads, but for an optimal move's
  // green dot, which makes that move wherever it lies (over the piece itself, over another
  // ghost). Drawn only: the page says in words how to move, and each cell stays a button.
  drawGhosts(ghosts) {
    this.root.querySelectorAll(".ghost").forEach((el) => el.remove());
    if (this.vehicles) return this.drawDestinations(ghosts);
    for (const { move, rests } of ghosts) {
      for (const cells of rests) {
        const el = document.createElement("div");
        el.className = move.optimal ? "ghost best" : "ghost";
        if (move.optimal && this.hooks.dot) {
          const dot = document.createElement("span");
          dot.className = "dot";
          dot.addEventListener("click", (event) => {
            event.stopPropagation();
            this.hooks.dot(move);
          });
          el.append(dot);
        }
        el.dataset.move = move.move;
        el.setAttribute("aria-hidden", "true");
        if (this.holes) {
          el.classList.add("peg");
          el.style.left = this.holes[cells[0]].style.left;
          el.style.top = this.holes[cells[0]].style.top;
        } else {
          const { top, left, h, w } = block(cells, this.definition.cols);
          place(el, top, left, h, w, this.definition.rows, this.definition.cols);
        }
        el.classList.toggle("chosen", el.dataset.move === this.lit);
        this.root.append(el);
      }
    }
  }

  // A vehicle picked up: each of its moves marked in the cell its front comes to, with the
  // distance that move leads to (a green mark: optimal); that cell's button says the move to a
  // screen reader. Clicks go through a mark to the cell beneath.
  drawDestinations(ghosts) {
    const { rows, cols } = this.definition;
    this.reach = [0, 0];
    this.slots.forEach((slot, cell) => slot.setAttribute("aria-label", `cell ${cell}`));
    for (const { move } of ghosts) {
      const cell = leadCell(move, cols);
      if (cell === null) continue;
      const after = move.depth === null ? "–" : String(move.depth);
      const el = document.createElement("div");
      el.className = move.optimal ? "ghost destination best" : "ghost destination";
      el.dataset.move = move.move;
      el.dataset.cell = cell;
      el.setAttribute("aria-hidden", "true");
      el.append(span("after", after));
      place(el, Math.floor(cell / cols), cell % cols, 1, 1, rows, cols);
      this.root.append(el);
      this.slots[cell].setAttribute("aria-label", `${move.move}, after: ${after}${move.optimal ? ", optimal" : ""}`);
      const held = this.placed.find((p) => p.cells.includes(move.from[0]));
      const look = held && lookOf(this.vehicles, held.label);
      if (look && look.axis) {
        const shift = shiftOf(move, cols, look.axis);
        this.reach = [Math.min(this.reach[0], shift), Math.max(this.reach[1], shift)];
      }
    }
  }

  // -- a chooser next to the board: several moves put the piece where it was sent -------------
  // Opened with the moves (as /moves gives them), kept while they stay the same, and closed
  // with none. A choice lights its ghost while pointed at or focused.
  offer(moves) {
    const same = moves.length === this.choices.length && moves.every((m, i) => m === this.choices[i]);
    if (same) return;
    this.choices = moves;
    this.root.querySelectorAll(".choices").forEach((el) => el.remove());
    this.light(null);
    if (!moves.length) return;
    const box = document.createElement("div");
    box.className = "choices";
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", "moves that end there");
    const note = document.createElement("p");
    note.textContent = "Which move? (Esc: none)";
    box.append(note, ...moves.map((m) => this.choice(m)));
    box.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      this.hooks.choose(null);
    });
    this.root.append(box);
    // beside the board where the window has room for it, else under it
    const room = document.documentElement.clientWidth - this.root.getBoundingClientRect().right;
    box.classList.toggle("beside", room >= box.offsetWidth + 24);
    box.querySelector("button").focus({ preventScroll: true });
  }

  choice(move) {
    const b = button("choice", () => this.hooks.choose(move));
    b.dataset.move = move.move;
    b.append(move.move);
    if (move.optimal) {
      b.classList.add("best");
      b.append(span("mark", " ✓"), span("visually-hidden", " (optimal)"));
    }
    const light = () => this.light(move.move);
    b.addEventListener("mouseenter", light);
    b.addEventListener("focus", light);
    b.addEventListener("mouseleave", () => this.light(null));
    return b;
  }

  light(key) {
    this.lit = key;
    this.root.classList.toggle("lighting", key !== null);
    this.root.querySelectorAll(".ghost").forEach((el) => el.classList.toggle("chosen", el.dataset.move === key));
  }

  // -- dragging --------------------------------------------------------------------------------
  // Pointer events, so a finger drags as a mouse does. A press on a piece (or peg) that then
  // moves a few pixels picks it up (the page shows its ghosts), it follows the pointer, and
  // where it is let go the page decides; a press that hardly moves stays a click.
  press(event) {
    if (!event.isPrimary || event.button !== 0) return;
    const el = event.target.closest(".piece:not(.wall), .hole.has-peg");
    const held = el ? this.cellAt(event.clientX, event.clientY) : null;
    if (held === null || (el.piece && !el.piece.cells.includes(held))) return;
    const look = el.piece ? lookOf(this.vehicles, el.piece.label) : null;
    const axis = look && look.axis ? look.axis : null;  // a vehicle goes along its axis only
    const drag = { el, held, axis, x: event.clientX, y: event.clientY, dx: 0, dy: 0, shown: null, dead: false };
    const mine = (handler) => (e) => e.pointerId === event.pointerId && handler(e);
    const listeners = {
      pointermove: mine((e) => this.follow(drag, e, event.pointerId)),
      pointerup: mine((e) => {
        stop();
        this.letGo(drag, drag.axis ? this.cellAlong(drag) : this.cellAt(e.clientX, e.clientY));
      }),
      pointercancel: mine(() => {
        stop();
        this.letGo(drag, null);
      }),
    };
    const stop = () => Object.entries(listeners).forEach(([type, f]) => document.removeEventListener(type, f));
    Object.entries(listeners).forEach(([type, f]) => document.addEventListener(type, f));
  }

  follow(drag, event, id) {
    if (drag.dead) return;
    let dx = event.clientX - drag.x, dy = event.clientY - drag.y;
    if (!drag.shown) {
      if (Math.hypot(dx, dy) < 6) return;
      if (!this.hooks.lift(drag.held)) {
        drag.dead = true;
        return;
      }
      drag.shown = this.holes ? this.floatingPeg(drag.el) : drag.el;
      drag.shown.classList.add("dragging");
      drag.el.classList.add("lifted");
      if (drag.el.setPointerCapture) drag.el.setPointerCapture(id);
    }
    if (drag.axis) [dx, dy] = alongAxis(drag.axis, dx, dy, this.reach, this.cellSize(drag.axis));
    drag.dx = dx;
    drag.dy = dy;
    drag.shown.style.translate = `${dx}px ${dy}px`;
  }

  // A cell's size in pixels along an axis of the grid.
  cellSize(axis) {
    const { rows, cols } = this.definition;
    return axis === "horizontal" ? this.root.clientWidth / cols : this.root.clientHeight / rows;
  }

  // Where a vehicle dragged along its axis is let go: the cell it was held by, moved the whole
  // cells the drag went (to the nearest).
  cellAlong(drag) {
    const shift = Math.round((drag.axis === "horizontal" ? drag.dx : drag.dy) / this.cellSize(drag.axis));
    return drag.held + shift * (drag.axis === "horizontal" ? 1 : this.definition.cols);
  }

  // Let go over `over` (null: off the board). A move made puts the piece where it goes at
  // once, from where it was let go; otherwise it slides back.
  letGo(drag, over) {
    if (!drag.shown) return;  // a click, which the click that follows makes
    this.dragged = true;
    setTimeout(() => { this.dragged = false; });
    const made = this.hooks.drop(drag.held, over);
    const { el, shown } = drag;
    el.classList.remove("lifted");
    if (shown !== el) return shown.remove();
    if (!made) shown.classList.remove("dragging");
    shown.style.translate = "";
    void shown.offsetWidth;  // the place it went to is drawn before transitions come back
    shown.classList.remove("dragging");
  }

  floatingPeg(hole) {
    const peg = document.createElement("div");
    peg.className = "drag-peg";
    peg.setAttribute("aria-hidden", "true");
    peg.style.left = hole.style.left;
    peg.style.top = hole.style.top;
    this.root.append(peg);
    return peg;
  }

  // The cell of a piece a click was on: where the pointer was (a ghost over part of the piece
  // is told from the rest of it), or its first cell for the keyboard's Enter and Space.
  pressedCell(event, cells) {
    if (!event || event.detail === 0) return cells[0];
    const at = this.cellAt(event.clientX, event.clientY);
    return cells.includes(at) ? at : cells[0];
  }

  // The cell (or hole) at a point of the page: a grid's by its rows and columns, a peg board's
  // nearest hole within a hole's width; null off the board.
  cellAt(x, y) {
    if (this.holes) {
      let best = null, nearest = Infinity;
      this.holes.forEach((el, hole) => {
        const b = el.getBoundingClientRect();
        const d = Math.hypot(x - (b.left + b.width / 2), y - (b.top + b.height / 2));
        if (d < nearest && d <= b.width) [best, nearest] = [hole, d];
      });
      return best;
    }
    const { rows, cols } = this.definition;
    const b = this.root.getBoundingClientRect();
    const col = Math.floor(((x - b.left - this.root.clientLeft) / this.root.clientWidth) * cols);
    const row = Math.floor(((y - b.top - this.root.clientTop) / this.root.clientHeight) * rows);
    return row >= 0 && row < rows && col >= 0 && col < cols ? row * cols + col : null;
  }
}

// -- keeping the focus on the page -------------------------------------------------------------
// A control the user pressed can vanish (the list of moves is rebuilt after each move) or
// disable itself (Solve while its solution plays, Undo with nothing left to undo): the focus
// would fall to <body> and Tab would start over from the top. The board takes it instead, on
// the piece that moved. Checked after every click (its handler has run by then) and every show.
let onPage = null;       // the board on the page
let lastFocused = null;  // the last element that had the focus
document.addEventListener("focusin", (event) => { lastFocused = event.target; });
document.addEventListener("click", () => rescueFocus());

function rescueFocus() {
  const at = document.activeElement;
  const gone = lastFocused && (!lastFocused.isConnected || lastFocused.disabled);
  const lost = !at || at === document.body || at === lastFocused;
  if (!onPage || !onPage.root.isConnected || !gone || !lost) return;
  const moved = onPage.moved.find((el) => el.isConnected);
  if (moved) moved.focus({ preventScroll: true });
  else onPage.focusCell();
}

function button(className, onClick) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = className;
  el.addEventListener("click", onClick);
  return el;
}

// The elements of `now` (the board's children) that can stay where they are: the heaviest
// run already in `wanted`'s order, each element counting `weight(el)`.
function longestInOrder(now, wanted, weight) {
  const rank = new Map(wanted.map((el, i) => [el, i]));
  const items = now.filter((el) => rank.has(el));
  const total = [], before = [];  // the heaviest run ending at each item, and its previous
  items.forEach((el, i) => {
    total[i] = 0;
    before[i] = -1;
    for (let j = 0; j < i; j++) {
      if (rank.get(items[j]) < rank.get(el) && total[j] > total[i]) {
        total[i] = total[j];
        before[i] = j;
      }
    }
    total[i] += weight(el);
  });
  const stay = new Set();
  for (let i = total.indexOf(Math.max(...total)); i >= 0; i = before[i]) stay.add(items[i]);
  return stay;
}

// moveBefore keeps a moved element's focus and transitions; insertBefore restarts them.
function moveBefore(parent, el, next) {
  if (typeof parent.moveBefore === "function") parent.moveBefore(el, next);
  else parent.insertBefore(el, next);
}

// The rectangle of cells a piece covers on a grid of `cols` columns.
function block(cells, cols) {
  const rows = cells.map((c) => Math.floor(c / cols)), across = cells.map((c) => c % cols);
  const top = Math.min(...rows), left = Math.min(...across);
  return { top, left, h: Math.max(...rows) - top + 1, w: Math.max(...across) - left + 1 };
}

function place(el, top, left, h, w, rows, cols) {
  el.style.top = `${(top / rows) * 100}%`;
  el.style.left = `${(left / cols) * 100}%`;
  el.style.width = `${(w / cols) * 100}%`;
  el.style.height = `${(h / rows) * 100}%`;
}

// A label's font size, in cqw (hundredths of the board's width, as the board scales), so that
// it fits its piece: a name on a piece of several cells is at most 0.62 of a tile's size, a
// tile's glyph at most 0.42 of a cell; and no more than fits the piece, taking a character as
// 0.85em (capitals and their spacing) within 80% of the piece's long side, and a line as at
// most half its short side. A tall piece's name runs down its length.
function fitted(words, { w, h }, cols, wide) {
  const cell = 100 / cols;
  const largest = (wide ? 0.62 * 42 : 42) / cols;
  const along = Math.max(w, h) * cell, across = Math.min(w, h) * cell;
  const size = Math.min(largest, (0.8 * along) / (0.85 * [...words].length), 0.5 * across);
  return { size, tall: h > w && [...words].length > 1 };
}

function span(className, words) {
  const el = document.createElement("span");
  el.className = className;
  el.textContent = words;
  return el;
}

function text(words, { size, tall }) {
  const el = document.createElement("span");
  el.className = tall ? "label tall" : "label";
  el.style.fontSize = `${size.toFixed(2)}cqw`;
  el.textContent = words;
  return el;
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
