// A board of vehicles (Rush Hour): how each piece looks and which way it may be dragged, from
// the `vehicles` /puzzles gives with the puzzle (each vehicle's name, axis and role, and the
// wall's label), and where a move's vehicle ends up, from its cells in /moves. Nothing here
// reads a state's text or knows the rules: the service says what moves there are.

// Vehicles other than the primary car are coloured by letter, so a card's B is the same
// blue wherever it is shown (B to M each a colour of its own); none is the primary car's red.
const PALETTE = ["#9ccfe8", "#b9e08f", "#ffd877", "#d3bde6", "#f7b98b", "#8fdcd0", "#e6cf8f",
  "#b8c4ff", "#c9d6a3", "#f2c4de", "#a9d8b8", "#d9c2a7"];

// The look of the piece labelled `label`: {wall} or {name, axis, primary, colour}; null when
// `vehicles` does not name it.
export function lookOf(vehicles, label) {
  if (!vehicles) return null;
  if (label === vehicles.wall) return { wall: true, name: "wall" };
  const vehicle = vehicles.vehicles.find((v) => v.label === label);
  if (!vehicle) return null;
  return { ...vehicle, wall: false, colour: vehicle.primary ? null : colourOf(label) };
}

export function colourOf(label) {
  return PALETTE[(label.codePointAt(0) - 65 + PALETTE.length) % PALETTE.length];
}

// The cell a move brings its vehicle's front to: of the cells it enters (`to` and not
// `from`), the one farthest from where it stood. Each move of a vehicle has its own, so a
// click there names one move even where the vehicle's places overlap.
export function leadCell(move, cols) {
  const from = move.from, entered = move.to.filter((c) => !from.includes(c));
  const apart = (a, b) => Math.abs(Math.floor(a / cols) - Math.floor(b / cols)) + Math.abs((a % cols) - (b % cols));
  const away = (c) => Math.min(...from.map((f) => apart(c, f)));
  return entered.reduce((best, c) => (best === null || away(c) > away(best) ? c : best), null);
}

// How many cells a move shifts its vehicle along its axis (negative: left or up).
export function shiftOf(move, cols, axis) {
  const step = axis === "horizontal" ? 1 : cols;
  return (Math.min(...move.to) - Math.min(...move.from)) / step;
}

// A drag of (dx, dy) pixels kept to the vehicle's axis and to `reach`, the shifts its moves
// allow ([fewest, most] cells, 0 within), a cell being `size` pixels along the axis.
export function alongAxis(axis, dx, dy, reach, size) {
  const along = axis === "horizontal" ? dx : dy;
  const kept = Math.min(Math.max(along, reach[0] * size), reach[1] * size);
  return axis === "horizontal" ? [kept, 0] : [0, kept];
}
