// A twisty puzzle drawn as the net of its faces: each sticker the polygon the definition gives
// it (/puzzles' `stickers`: [[x, y], ...] in a picture `cols` wide and `rows` high, the kind's
// own geometry: squares, a Skewb's triangles and squares on their points, a Pyraminx's
// triangles), coloured by the face whose colour it has and showing that face's letter, so the
// net reads without colour too. The API's `pieces` of a position give each sticker's letter in
// the same order, the definition's `net.faces` which stickers each face has, `colours` each
// face's colour and `tips` the pieces drawn beside the position (a Pyraminx's tips) with the
// sticker whose colour each takes, so nothing here knows a puzzle. The net is a picture: it
// says its faces in words (role img), and the puzzle is turned by the move buttons beside it.

const SVG = "http://www.w3.org/2000/svg";

function svg(name, attributes = {}) {
  const el = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, value);
  return el;
}

function pointsOf(polygon) {
  return polygon.map(([x, y]) => `${x},${y}`).join(" ");
}

// The middle of a polygon (its corners' mean) and a letter's size that fits inside it.
function middle(polygon) {
  const n = polygon.length;
  const x = polygon.reduce((sum, [px]) => sum + px, 0) / n;
  const y = polygon.reduce((sum, [, py]) => sum + py, 0) / n;
  let area = 0;
  polygon.forEach(([x1, y1], i) => {
    const [x2, y2] = polygon[(i + 1) % n];
    area += x1 * y2 - x2 * y1;
  });
  return { x, y, size: 0.55 * Math.sqrt(Math.abs(area) / 2) };
}

export function drawStickers(root, definition) {
  const { rows, cols, stickers, tips } = definition;
  root.style.setProperty("--rows", rows);
  root.style.setProperty("--cols", cols);
  root.style.aspectRatio = `${cols} / ${rows}`;
  root.style.setProperty("--ratio", cols / rows);
  root.setAttribute("role", "img");
  const picture = svg("svg", { viewBox: `-0.05 -0.05 ${cols + 0.1} ${rows + 0.1}`, class: "net", "aria-hidden": "true" });
  root.append(picture);
  const drawn = stickers.map((polygon, k) => {
    const group = svg("g", { class: "sticker", "data-sticker": k });
    const { x, y, size } = middle(polygon);
    const letter = svg("text", { x, y, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central" });
    group.append(svg("polygon", { points: pointsOf(polygon) }), letter);
    picture.append(group);
    return group;
  });
  // a tip: its polygon only, painted as its sticker is (showStickers)
  drawn.tips = (tips || []).map(([polygon, k]) => {
    const el = svg("polygon", { points: pointsOf(polygon), class: "tip", "data-of": k });
    picture.append(el);
    return el;
  });
  return drawn;
}

// `pieces`: [{label, cells: [sticker]}] of the position, as the API gives them.
export function showStickers(root, definition, stickers, pieces) {
  const colours = definition.colours || {};
  for (const { label, cells } of pieces) {
    const el = stickers[cells[0]];
    el.dataset.face = label;
    el.querySelector("text").textContent = label;
    if (colours[label]) {
      el.style.setProperty("--sticker", colours[label]);
      el.style.setProperty("--ink", light(colours[label]) ? "#111" : "#fff");
    }
  }
  for (const tip of stickers.tips || []) {
    const of = stickers[Number(tip.dataset.of)];
    tip.style.setProperty("--sticker", of.style.getPropertyValue("--sticker"));
  }
  let at = 0;
  const faces = definition.net.faces.map(([name, on]) => {
    const letters = stickers.slice(at, at + on.length).map((el) => el.dataset.face);
    at += on.length;
    return `face ${name}: ${letters.join(" ")}`;
  });
  root.setAttribute("aria-label", `The puzzle unfolded, each sticker named by the face of its colour; ${faces.join("; ")}.`);
}

// Whether a colour (#rrggbb) is light enough for dark letters (its relative luminance).
function light(colour) {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(colour.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.18;
}
