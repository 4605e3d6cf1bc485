// Exact digits: counts past a billion are shown short (≈2.06×10⁹); a tap on this toggle shows
// every such count's exact digits instead, on a phone as on a desktop (a title needs a hover).
// It shows only while a shortened count is on the page.

import { ui } from "./elements.js";

export function toggleExactCounts() {
  const on = !document.body.classList.contains("exact-counts");
  document.body.classList.toggle("exact-counts", on);
  ui["exact-counts"].setAttribute("aria-pressed", String(on));
}

// After a list or a note with counts is drawn: the toggle offered when one is shortened.
export function offerExactCounts() {
  ui["exact-counts"].hidden = !document.querySelector(".count .short");
}
