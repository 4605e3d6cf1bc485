// The page's address names the position shown (puzzle, goal, target and state as query
// parameters), so a link opens it again and the browser's Back and Forward walk positions.

export function readAddress(search = location.search) {
  const query = new URLSearchParams(search);
  const read = (name) => query.get(name) || null;
  return { puzzle: read("puzzle"), goal: read("goal"), to: read("to"), state: read("state") };
}

// `goal` only when it is not the puzzle's default, `to` only when a target is set, `hints`
// only when they are off (hints.js).
export function addressOf({ puzzle, goal, to, state, hints = true }) {
  const query = new URLSearchParams({ puzzle });
  if (goal) query.set("goal", goal);
  if (to) query.set("to", to);
  if (state) query.set("state", state);
  if (!hints) query.set("hints", "off");
  return `${location.pathname}?${query}`;
}
