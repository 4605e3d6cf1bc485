// The depth histogram as an SVG bar chart: one bar per depth, the current depth picked out
// (with a marker too, as the bars at the far ends are often too short to see).

const SVG = "http://www.w3.org/2000/svg";
const W = 360, H = 156, LEFT = 44, RIGHT = 8, BOTTOM = 20, TOP = 14;

export function histogram(root, counts) {
  const svg = node("svg", { viewBox: `0 0 ${W} ${H}`, class: "histogram", role: "img" });
  const peak = Math.max(...counts, 1);
  const total = counts.reduce((a, b) => a + b, 0);
  svg.setAttribute("aria-label", `${total.toLocaleString("en")} states at depths 0 to ${counts.length - 1}`);
  const band = (W - LEFT - RIGHT) / counts.length, plot = H - BOTTOM - TOP;
  const bars = counts.map((n, depth) => {
    const h = Math.max((n / peak) * plot, n ? 1 : 0);
    const bar = node("rect", {
      class: "bar", x: LEFT + depth * band + band * 0.1, y: TOP + plot - h,
      width: band * 0.8, height: h, "data-depth": depth,
    });
    const title = node("title");
    title.textContent = `${depth} moves: ${n.toLocaleString("en")} states`;
    bar.append(title);
    return bar;
  });
  const marker = node("path", { class: "marker" });
  svg.append(
    node("line", { class: "axis", x1: LEFT, y1: TOP + plot, x2: W - RIGHT, y2: TOP + plot }),
    label(LEFT - 4, TOP + 8, peak.toLocaleString("en"), "end"),
    label(LEFT - 4, TOP + plot, "0", "end"),
    ...ticks(counts.length).map((d) => label(LEFT + (d + 0.5) * band, H - 5, String(d), "middle")),
    ...bars,
    marker,
  );
  root.replaceChildren(svg);
  return {
    highlight(depth) {
      bars.forEach((bar, d) => bar.classList.toggle("here", d === depth));
      const bar = bars[depth];
      marker.classList.toggle("shown", Boolean(bar));
      if (!bar) return;
      const x = LEFT + (depth + 0.5) * band, y = Number(bar.getAttribute("y")) - 2;
      marker.setAttribute("d", `M${x - 4} ${y - 7}L${x + 4} ${y - 7}L${x} ${y}Z`);
    },
  };
}

function ticks(n) {
  const every = n > 40 ? 10 : 5;
  const marks = [];
  for (let d = 0; d < n; d += every) marks.push(d);
  if (n - 1 - marks[marks.length - 1] >= every / 2) marks.push(n - 1);
  return marks;
}

function label(x, y, text, anchor) {
  const t = node("text", { x, y, "text-anchor": anchor, class: "tick" });
  t.textContent = text;
  return t;
}

function node(name, attributes = {}) {
  const el = document.createElementNS(SVG, name);
  Object.entries(attributes).forEach(([k, v]) => el.setAttribute(k, v));
  return el;
}
