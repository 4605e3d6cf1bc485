// What the page says in words beside the board: the status line, the live region a screen
// reader hears, the State field's error, and an API message or the user's text made fit to quote.

import { ui } from "./elements.js";

// An API message in plain words: what a page reader can do nothing with (the command line
// that would build what is missing) is left out.
export function plain(message) {
  const cut = message.indexOf("; build ");
  return cut < 0 ? message : message.slice(0, cut);
}

// User text quoted in a message: short, and only as text.
export function quote(text) {
  return `“${text.length > 24 ? `${text.slice(0, 24)}…` : text}”`;
}

// The distance after each move, for screen readers (a polite live region).
export function announce(text) {
  ui.announce.textContent = text;
}

export function say(text) {
  ui.status.textContent = text;
}

export function showError(message) {
  ui["state-error"].textContent = message;
  ui["state-input"].setAttribute("aria-invalid", "true");
}

export function clearError() {
  ui["state-error"].textContent = "";
  ui["state-input"].removeAttribute("aria-invalid");
}
