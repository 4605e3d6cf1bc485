// The page's elements, each found once by its id in index.html (`ui`), and the small ones the
// page makes again and again: an option of a select, a span of text, a count said short.

const $ = (id) => document.getElementById(id);
export const ui = Object.fromEntries([
  "puzzle", "goal", "board", "distance", "distance-words", "busy", "exit", "pegs", "status", "failure",
  "retry", "failure-words", "solve", "pause", "back", "forward", "speed", "counter", "made", "solved", "announce",
  "state-form", "state-input", "state-error", "undo", "redo", "copy-link", "link",
  "target-form", "target-input", "target-here", "target-clear", "target-note", "target-error",
  "solution", "solution-note", "solution-start", "solution-end", "moves", "chart", "browse",
  "farthest", "farthest-note", "keyboard", "shortcuts", "line", "target-why",
  "start", "start-again", "lost", "why", "why-more", "why-details", "codes",
  "finish", "finish-title", "finish-note", "finish-close", "play-again", "next-puzzle", "spark", "counted",
  "hints", "hint", "share", "exact-counts",
].map((id) => [id, $(id)]));

export function option(value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  return o;
}

// A count said short, as a menu has room for: 53,954 -> "54K", 3,418,020 -> "3.42M".
export function short(n) {
  return new Intl.NumberFormat("en", { notation: "compact", maximumSignificantDigits: 3 }).format(n);
}

export function tag(className, text) {
  const span = document.createElement("span");
  span.className = className;
  span.textContent = text;
  return span;
}
