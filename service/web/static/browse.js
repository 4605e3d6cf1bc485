// Browsing the states at one depth (picked in the histogram): a page of states at a time,
// each a button that loads it, or one at random. Pages are asked for by key (`after`: the last
// state of the page before), which costs the service the same however deep the page; going
// back re-asks with the key that page was asked with. The newest request wins.

const PAGE = 20;  // states a page

export class DepthBrowser {
  // ask(route, params): the API's JSON for the chosen puzzle and goal; onLoad(state): put a
  // state on the board; draw(state): a state as a small board.
  constructor(root, ask, onLoad, draw) {
    this.root = root;
    this.ask = ask;
    this.onLoad = onLoad;
    this.drawState = draw;
    this.latest = 0;
    this.clear();
  }

  // The first page of the states `depth` moves from the goal.
  show(depth) {
    this.depth = depth;
    this.keys = [null];  // the `after` each page so far was asked with; null: the first page
    return this.page();
  }

  // Forget the depth shown (another puzzle or goal was chosen).
  clear() {
    this.latest++;
    this.depth = null;
    this.keys = [];
    const hint = "Click a bar of the chart to list the states at its depth.";
    this.root.replaceChildren(element("p", "browse-hint", hint));
  }

  async page() {
    const key = this.keys[this.keys.length - 1];
    const where = key === null ? {} : { after: key };
    const answer = await this.fetch({ d: this.depth, limit: PAGE, ...where });
    if (answer) this.draw(answer);
  }

  next(answer) {
    this.keys.push(answer.states[answer.states.length - 1]);
    return this.page();
  }

  previous() {
    this.keys.pop();
    return this.page();
  }

  // A state picked evenly among all those at the depth: one state at a random offset.
  async random(count) {
    const offset = Math.floor(Math.random() * count);
    const answer = await this.fetch({ d: this.depth, limit: 1, offset });
    if (answer && answer.states.length) this.onLoad(answer.states[0]);
  }

  // The answer, or null when a newer request was made meanwhile (or this one failed).
  async fetch(params) {
    const mine = ++this.latest;
    try {
      const answer = await this.ask("depth", params);
      return mine === this.latest ? answer : null;
    } catch (e) {
      if (mine === this.latest) this.fail(e.message);
      return null;
    }
  }

  draw(answer) {
    const { count, depth, states } = answer;
    const first = (this.keys.length - 1) * PAGE;
    const heading = element("h3", "browse-heading",
      `${count.toLocaleString("en")} ${count === 1 ? "state" : "states"} at depth ${depth}`);
    heading.setAttribute("aria-live", "polite");
    const random = button("random", `Random position at depth ${depth}`, () => this.random(count));
    random.disabled = count === 0;
    const list = element("ul", "farthest depth-states");  // the farthest list's look
    list.replaceChildren(...states.map((s) => {
      const b = button("state", "", () => this.onLoad(s));
      b.dataset.state = s;
      b.title = s;
      b.append(element("span", "visually-hidden", `state ${s}`), this.drawState(s));
      const li = document.createElement("li");
      li.append(b);
      return li;
    }));
    const back = button("previous", "Previous page", () => this.previous());
    back.disabled = this.keys.length === 1;
    const on = button("next", "Next page", () => this.next(answer));
    const last = first + states.length;
    on.disabled = last >= count || !states.length;
    const where = element("span", "browse-where",
      states.length ? `${first + 1}–${last} of ${count.toLocaleString("en")}` : "");
    const pager = element("p", "browse-pager");
    pager.append(back, " ", where, " ", on);
    const focused = this.root.contains(document.activeElement) && document.activeElement.className;
    this.root.replaceChildren(heading, random, list, ...(count > PAGE ? [pager] : []));
    refocus(this.root, focused);
  }

  fail(message) {
    this.root.replaceChildren(element("p", "browse-error", message));
  }
}

// Paging redraws the buttons: keep the keyboard where it was (the other pager button at an end).
function refocus(root, className) {
  if (!className) return;
  const again = root.querySelector(`button.${className.split(" ")[0]}:not(:disabled)`)
    || root.querySelector(".browse-pager button:not(:disabled)");
  if (again) again.focus();
}

function element(name, className, text = "") {
  const el = document.createElement(name);
  el.className = className;
  el.textContent = text;
  return el;
}

function button(className, text, onClick) {
  const b = element("button", className, text);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}
