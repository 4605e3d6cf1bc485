// A twisty puzzle drawn as the net of its faces: each sticker a square at the place the
// definition gives it (/puzzles' `stickers`: [row, column] on a grid of `rows` by `cols`, the
// kind's own layout), coloured by the face whose colour it has and showing that face's letter,
// so the net reads without colour too. The API's `pieces` of a position give each sticker's
// letter in the same order, the definition's `net.faces` which stickers each face has and its
// `colours` each face's colour, so
// nothing here knows a cube. The net is a picture: it says its faces in words (role img), and
// the puzzle is turned by the move buttons beside it.

export function drawStickers(root, definition) {
  const { rows, cols, stickers } = definition;
  root.style.setProperty("--rows", rows);
  root.style.setProperty("--cols", cols);
  root.style.aspectRatio = `${cols} / ${rows}`;
  root.style.setProperty("--ratio", cols / rows);
  root.setAttribute("role", "img");
  return stickers.map(([row, col], k) => {
    const el = document.createElement("span");
    el.className = "sticker";
    el.dataset.sticker = k;
    el.style.top = `${(row / rows) * 100}%`;
    el.style.left = `${(col / cols) * 100}%`;
    el.style.width = `${100 / cols}%`;
    el.style.height = `${100 / rows}%`;
    el.setAttribute("aria-hidden", "true");
    root.append(el);
    return el;
  });
}

// `pieces`: [{label, cells: [sticker]}] of the position, as the API gives them.
export function showStickers(root, definition, stickers, pieces) {
  const colours = definition.colours || {};
  for (const { label, cells } of pieces) {
    const el = stickers[cells[0]];
    el.dataset.face = label;
    el.textContent = label;
    if (colours[label]) {
      el.style.setProperty("--sticker", colours[label]);
      el.style.setProperty("--ink", light(colours[label]) ? "#111" : "#fff");
    }
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
