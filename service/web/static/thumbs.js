// A listed state (the farthest, those at a depth) drawn small as the board draws it: the
// service's figure of it (/figure, an SVG drawn from the same definition and pieces in the
// board's look), loaded as it scrolls near. The page reads nothing of the state's text.

export function smallBoard(puzzle, goal, state) {
  const img = document.createElement("img");
  img.className = "thumb";
  img.alt = "";  // the button names the state in words
  img.loading = "lazy";
  img.decoding = "async";
  img.src = `figure?${new URLSearchParams({ puzzle, goal, state })}`;
  return img;
}
