// A sparkline of your game: the distance after each move of the line, drawn here as SVG (no
// library), over the dashed descent of optimal play from the start (one move nearer a move).
// A position whose distance is not known (a dead end, beyond a radius) breaks the line.

const SVG = "http://www.w3.org/2000/svg";
const PAD = 4;

// `depths`: the distance after each position of the line (the start first; null or undefined
// where not known); `at`: the position shown, marked with a dot.
export function sparkline(svg, depths, at) {
  const { width, height } = svg.viewBox.baseVal;
  const known = depths.filter((d) => typeof d === "number");
  const top = Math.max(1, ...known);
  const start = depths[0];
  // as wide as the longer of the game and an optimal one, so the two can be compared
  const last = Math.max(1, depths.length - 1, typeof start === "number" ? start : 0);
  const x = (i) => PAD + (i / last) * (width - 2 * PAD);
  const y = (d) => height - PAD - (d / top) * (height - 2 * PAD);
  const shapes = [];
  if (typeof start === "number" && start > 0) {
    shapes.push(shape("line", { class: "optimal", x1: x(0), y1: y(start), x2: x(start), y2: y(0) }));
  }
  shapes.push(shape("path", { class: "game", d: pathOf(depths, x, y) }));
  if (typeof depths[at] === "number") {
    shapes.push(shape("circle", { class: "here", cx: x(at), cy: y(depths[at]), r: 3 }));
  }
  svg.replaceChildren(...shapes);
}

// The known stretches of the line as one path: "M" where a stretch starts, "L" along it.
function pathOf(depths, x, y) {
  let d = "", joined = false;
  depths.forEach((depth, i) => {
    if (typeof depth !== "number") {
      joined = false;
      return;
    }
    d += `${joined ? "L" : "M"}${x(i).toFixed(1)} ${y(depth).toFixed(1)} `;
    joined = true;
  });
  return d.trim() || "M0 0";
}

function shape(name, attributes) {
  const el = document.createElementNS(SVG, name);
  Object.entries(attributes).forEach(([key, value]) => el.setAttribute(key, value));
  return el;
}
