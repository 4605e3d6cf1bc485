// The depth histogram as an SVG bar chart: one bar per depth on a log scale (a depth with one
// state still shows), the current depth picked out (with a marker too, as the bars at the far
// ends are short). The chart is one control, a slider over the depths (a bar 9 px wide is no
// target for a finger): a click or tap on a depth's column, an arrow key, Home or End picks a
// depth and calls onPick(depth); Enter or Space picks the depth shown again.
// The chart is laid out in CSS pixels, again whenever its width changes, so its text stays
// 12 px at any width (a scaled viewBox would shrink it on a phone).

const SVG = "http://www.w3.org/2000/svg";
const H = 200, LEFT = 40, RIGHT = 8, TOP = 30, BOTTOM = 38;  // px
const FONT = 12;             // px, the labels' size
const MIN_GAP = 15;          // px between two count labels
const observers = new WeakMap();  // root -> the ResizeObserver of the chart it holds
const compact = new Intl.NumberFormat("en", { notation: "compact", maximumSignificantDigits: 3 });

export function histogram(root, counts, onPick = () => {}) {
  const peak = Math.max(...counts, 1);
  const total = counts.reduce((a, b) => a + b, 0);
  const svg = node("svg", {
    class: "histogram", height: H, role: "slider", tabindex: 0, "aria-valuemin": 0,
    "aria-valuemax": counts.length - 1, "aria-orientation": "horizontal",
  });
  svg.setAttribute("aria-label",
    `${total.toLocaleString("en")} states at depths 0 to ${counts.length - 1}; ` +
    "pick a depth to list its states");
  const grid = node("g", { class: "grid" });
  const depths = counts.map((n, depth) => column(n, depth));
  const marker = node("path", { class: "marker" });
  svg.append(
    grid,
    text("states (log scale)", { x: 0, y: FONT, "text-anchor": "start", class: "axis-title" }),
    text("moves from the goal", { y: H - 3, "text-anchor": "middle", class: "axis-title x-title" }),
    node("line", { class: "axis", stroke: "#90a4ae" }),
    ...depths.map((d) => d.group),
    marker,
  );
  let current = null;
  let picked = 0;
  const pick = (depth, call = true) => {
    picked = depth;
    svg.setAttribute("aria-valuenow", depth);
    svg.setAttribute("aria-valuetext", depths[depth].words);
    if (call) onPick(depth);
  };
  pick(0, false);
  svg.addEventListener("click", (event) => {
    const at = event.target.closest("[data-depth]");
    if (at) pick(Number(at.dataset.depth));
  });
  svg.addEventListener("keydown", (event) => {
    const to = step(event, picked, depths.length);
    if (to !== null) pick(to);
  });
  root.replaceChildren(svg);
  const draw = (width) => {
    layout(svg, grid, depths, counts, peak, width);
    place(marker, depths[current]);
  };
  draw(svg.getBoundingClientRect().width || 360);
  watch(root, svg, draw);
  return {
    highlight(depth) {
      current = depth;
      depths.forEach((d, i) => d.bar.classList.toggle("here", i === depth));
      if (depths[depth] && document.activeElement !== svg) pick(depth, false);
      place(marker, depths[depth]);
    },
  };
}

// One depth: a bar and an invisible full-height hit area, grouped.
function column(n, depth) {
  const words = `${n.toLocaleString("en")} ${n === 1 ? "state" : "states"} at depth ${depth}`;
  const group = node("g", { class: "depth", "data-depth": depth, cursor: "pointer" });
  const hit = node("rect", { class: "hit", fill: "transparent" });
  const bar = node("rect", { class: "bar", "data-depth": depth });
  const title = node("title");
  title.textContent = words;
  group.append(title, hit, bar);
  return { n, group, hit, bar, words };
}

function layout(svg, grid, depths, counts, peak, width) {
  const plot = H - TOP - BOTTOM, band = (width - LEFT - RIGHT) / counts.length;
  const y = (n) => TOP + plot - (Math.log10(1 + n) / Math.log10(1 + peak)) * plot;
  depths.forEach(({ n, hit, bar }, depth) => {
    const x = LEFT + depth * band, top = y(n);
    attrs(hit, { x, y: TOP, width: band, height: plot });
    attrs(bar, { x: x + band * 0.1, y: top, width: band * 0.8, height: TOP + plot - top });
  });
  const bottom = TOP + plot;
  attrs(svg.querySelector(".axis"), { x1: LEFT, y1: bottom, x2: width - RIGHT, y2: bottom });
  attrs(svg.querySelector(".x-title"), { x: LEFT + (width - LEFT - RIGHT) / 2 });
  grid.replaceChildren(
    ...countTicks(peak, y).flatMap(({ n, at }) => [
      node("line", { x1: LEFT, x2: width - RIGHT, y1: at, y2: at, stroke: "#dfe4e6" }),
      text(compact.format(n), {
        x: LEFT - 5, y: at + FONT * 0.35, "text-anchor": "end",
        class: n === peak ? "count peak" : "count",
      }),
    ]),
    ...depthTicks(counts.length, band).map((d) =>
      text(String(d), { x: LEFT + (d + 0.5) * band, y: bottom + FONT + 4,
                        "text-anchor": "middle", class: "depth-label" })),
  );
}

// 1, 10, 100, ... up to the peak, and the peak itself; none closer than MIN_GAP to another.
function countTicks(peak, y) {
  const ticks = [{ n: peak, at: y(peak) }];
  for (let n = 1; n < peak; n *= 10) {
    const at = y(n);
    if (ticks.every((t) => Math.abs(t.at - at) >= MIN_GAP)) ticks.push({ n, at });
  }
  return ticks;
}

// Every 5 depths, or 10, 20, ... when the bars are too narrow for the labels to fit.
function depthTicks(n, band) {
  const every = [5, 10, 20, 50, 100, 200, 500].find((e) => e * band >= FONT * 2.5) || 1000;
  const marks = [];
  for (let d = 0; d < n; d += every) marks.push(d);
  if ((n - 1 - marks[marks.length - 1]) * band >= FONT * 2.5) marks.push(n - 1);
  return marks;
}

function place(marker, depth) {
  marker.classList.toggle("shown", Boolean(depth));
  if (!depth) return;
  const x = Number(depth.hit.getAttribute("x")) + Number(depth.hit.getAttribute("width")) / 2;
  const y = Number(depth.bar.getAttribute("y")) - 2;
  marker.setAttribute("d", `M${x - 4} ${y - 7}L${x + 4} ${y - 7}L${x} ${y}Z`);
}

// The depth a key picks from `from` (a slider's keys), or null when the key is not the chart's.
function step(event, from, n) {
  const moves = {
    ArrowLeft: from - 1, ArrowDown: from - 1, ArrowRight: from + 1, ArrowUp: from + 1,
    Home: 0, End: n - 1, Enter: from, " ": from,
  };
  if (!(event.key in moves)) return null;
  event.preventDefault();  // no scrolling, no arrow moving a tile
  return Math.max(0, Math.min(n - 1, moves[event.key]));
}

// Lay the chart out again when its width changes; a chart replaced stops being watched.
function watch(root, svg, draw) {
  observers.get(root)?.disconnect();
  if (typeof ResizeObserver === "undefined") return;
  let last = svg.getBoundingClientRect().width;
  const observer = new ResizeObserver(([entry]) => {
    const width = entry.contentRect.width;
    if (width && Math.abs(width - last) >= 1) draw((last = width));
  });
  observer.observe(svg);
  observers.set(root, observer);
}

function text(content, attributes) {
  const t = node("text", { "font-size": FONT, fill: "#52616a", ...attributes });
  t.textContent = content;
  return t;
}

function attrs(el, attributes) {
  Object.entries(attributes).forEach(([k, v]) => el.setAttribute(k, v));
}

function node(name, attributes = {}) {
  const el = document.createElementNS(SVG, name);
  attrs(el, attributes);
  return el;
}
