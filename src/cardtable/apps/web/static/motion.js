// Cards slide from where they were to where they are (FLIP): before a re-render, note where every
// card with a data-key sits; after it, move each card from its old place to its new one. A card that
// just appeared comes from `origin` (the stock, or the seat of the player who played it); a card that
// left the table flies to `sink` (the side that captured it) and fades. prefers-reduced-motion: none.
import { reducedMotion } from "/static/util.js";

export function snapshot(root) {
  const out = new Map();
  if (!root) return out;
  root.querySelectorAll("[data-key]").forEach((el) => {
    const r = el.getBoundingClientRect();
    if (r.width) out.set(el.dataset.key, { rect: r, html: el.outerHTML, zone: el.closest("[data-zone]")?.dataset.zone });
  });
  return out;
}

export function slide(root, before, { origin = null, sink = null, duration = 260 } = {}) {
  if (!root || reducedMotion() || !before || !before.size || !document.body.animate) return;
  const seen = new Set();
  root.querySelectorAll("[data-key]").forEach((el) => {
    const key = el.dataset.key;
    seen.add(key);
    const now = el.getBoundingClientRect();
    if (!now.width) return;
    const old = before.get(key);
    let from = old ? old.rect : null;
    if (!from && origin) { const o = root.querySelector(origin); from = o ? o.getBoundingClientRect() : null; }
    if (!from) return;
    const dx = from.left - now.left, dy = from.top - now.top;
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
    const s = from.width && now.width ? from.width / now.width : 1;
    el.animate([{ transform: `translate(${dx}px, ${dy}px) scale(${s})`, zIndex: 50 }, { transform: "none", zIndex: 50 }],
      { duration, easing: "cubic-bezier(.2,.7,.3,1)" });
  });
  const target = sink ? root.querySelector(sink) : null;
  if (!target) return;
  const to = target.getBoundingClientRect();
  for (const [key, old] of before) {
    if (seen.has(key) || old.zone !== "table") continue;
    const ghost = document.createElement("div");
    ghost.className = "ghost";
    ghost.innerHTML = old.html;
    ghost.setAttribute("aria-hidden", "true");
    document.body.appendChild(ghost);
    ghost.style.left = `${old.rect.left + window.scrollX}px`;
    ghost.style.top = `${old.rect.top + window.scrollY}px`;
    ghost.style.width = `${old.rect.width}px`;
    const dx = to.left + to.width / 2 - (old.rect.left + old.rect.width / 2), dy = to.top + to.height / 2 - (old.rect.top + old.rect.height / 2);
    const a = ghost.animate([{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(.5)`, opacity: 0.2 }],
      { duration: duration + 120, easing: "ease-in" });
    a.onfinish = () => ghost.remove();
  }
}
