// Keyboard at the table: one tab stop per group (the hand, the table, the moves, the suggestions) with
// the arrow keys inside it (the WAI-ARIA "roving tabindex"), and focus kept where the next action is
// when the page is drawn again. Enter and Space press the focused card or button (they are buttons).

/** The groups of the felt and the items in each (disabled buttons cannot take focus: left out). */
export const GROUPS = {
  table: { group: "[data-zone='table']:not(.waiting)", items: "button:not([disabled])" },
  hand: { group: "#hand", items: ".hand-card" },
  moves: { group: ".actions", items: "button:not([disabled])" },
  hints: { group: ".hint-list", items: "button:not([disabled])" },
};

/** What names an item across redraws: its card, its pick, its move, or its id. */
export function itemKey(el) {
  if (!el || !el.dataset) return null;
  return el.dataset.card ?? el.dataset.pick ?? el.dataset.move ?? (el.id || null);
}

/** Where the focus is in `root`, as [group name, item key], or null when it is not on a group's item. */
export function focusSpot(root) {
  const el = document.activeElement;
  if (!el || !root.contains(el)) return null;
  for (const [name, g] of Object.entries(GROUPS)) {
    const group = el.closest(g.group);
    if (group && root.contains(group) && el.matches(g.items)) return [name, itemKey(el)];
  }
  return null;
}

/**
 * Make every group of `root` one tab stop: the item named in `current[group]` (or the pressed one, or
 * the first) takes tabindex 0, the others -1; arrows (and Home/End) move along the group and remember
 * the item in `current`, so the group's tab stop is where the player left it.
 */
export function rove(root, current) {
  for (const [name, g] of Object.entries(GROUPS)) {
    root.querySelectorAll(g.group).forEach((group) => {
      const items = () => [...group.querySelectorAll(g.items)];
      const list = items();
      if (!list.length) return;
      const start = list.find((el) => itemKey(el) === current[name]) || list.find((el) => el.getAttribute("aria-pressed") === "true") || list[0];
      list.forEach((el) => { el.tabIndex = el === start ? 0 : -1; });
      group.addEventListener("focusin", (ev) => {
        if (!ev.target.matches(g.items)) return;
        current[name] = itemKey(ev.target);
        items().forEach((el) => { el.tabIndex = el === ev.target ? 0 : -1; });
      });
      group.addEventListener("keydown", (ev) => {
        const all = items(), at = all.indexOf(document.activeElement);
        if (at < 0 || ev.altKey || ev.ctrlKey || ev.metaKey) return;
        const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[ev.key];
        if (to === undefined) return;
        ev.preventDefault();
        all[Math.max(0, Math.min(all.length - 1, to))].focus();
      });
    });
  }
}

/**
 * Put the focus back after a redraw: on the same item if it is still there; otherwise, if the focus was
 * on the table before, on the group where the next action is (`next`: a group name), else on the hand.
 */
export function restoreFocus(root, spot, next) {
  if (!spot) return;
  const [name, key] = spot;
  const g = GROUPS[name];
  const same = [...root.querySelectorAll(`${g.group} ${g.items}`)].find((el) => itemKey(el) === key);
  if (same) { same.focus({ preventScroll: true }); return; }
  for (const want of [next, "hand", name]) {
    const stop = want && root.querySelector(`${GROUPS[want].group} [tabindex="0"]`);
    if (stop) { stop.focus({ preventScroll: true }); return; }
  }
}
