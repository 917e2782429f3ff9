// Casino at the table: loose cards and builds in the middle (what the selected hand card can take or
// build with lights up), each side's capture pile with the counts that score, the moves in words.
import { card, cardButton, cardRow, shortCard } from "/static/cards.js";
import { esc, plural } from "/static/util.js";
import { movesFor } from "/static/games/common.js";

export const selectMode = () => "one";

export function opponent(s, i) {
  return { count: s.view.hand_sizes[i], known: [] };
}

function involved(s, sel) {
  const out = new Set();
  if (!sel.size) return out;
  const c = [...sel][0];
  for (const a of s.legal) if (a.cards.includes(c)) for (const t of a.m.match(/[A2-9TJQK][SHDC]/g) || []) if (t !== c) out.add(t);
  return out;
}

function pileStats(v, side) {
  const cards = (v.captured || [])[side] || [];
  const aces = cards.filter((c) => c[0] === "A").length;
  const bits = [plural(v.captured_counts[side], "card"), plural(v.spade_counts[side], "spade")];
  if (aces) bits.push(plural(aces, "ace"));
  if (cards.includes("TD")) bits.push("10♦");
  if (cards.includes("2S")) bits.push("2♠");
  if (v.sweeps[side]) bits.push(plural(v.sweeps[side], "sweep"));
  return bits.join(" · ");
}

export function centre(s, sel) {
  const v = s.view, lit = involved(s, sel);
  const loose = (v.table || []).map((c) => card(c, { cls: lit.has(c) ? "lit" : "" })).join("");
  const builds = (v.builds || []).map((b) => {
    const lights = b.groups.flat().some((c) => lit.has(c));
    const owner = s.side_names[s.sides[b.controller]] ?? s.seats[b.controller].name;
    return `<div class="build ${lights ? "lit" : ""} side-${s.sides[b.controller]}" role="group" aria-label="${esc(`${b.kind === "multiple" ? "multiple" : "single"} build of ${b.value}, ${owner}'s`)}">
      <span class="badge">${b.value}</span><div class="stack">${b.groups.map((g) => cardRow(g, { cls: "small" })).join("")}</div><div class="owner">${esc(owner)}</div></div>`;
  }).join("");
  const names = s.side_names;
  const piles = names.map((n, side) => `<div class="capture side-${side}" data-pile="${side}"><b>${esc(n)}</b><span>${pileStats(v, side)}</span></div>`).join("");
  const empty = !loose && !builds ? `<p class="hint-text">The table is empty: a sweep!</p>` : "";
  return `<div class="centre casino"><div class="deal-info">Deal ${v.deal_number} of ${v.num_deals}${v.last_deal ? ` · <b class="last">last deal</b>` : ""} · ${plural(v.pack_size, "card")} left to deal${v.last_capturer !== null ? ` · last capture: ${esc(s.seats[v.last_capturer].name)}` : ""}</div>
    <div class="loose" data-zone="table" role="group" aria-label="Cards on the table">${loose}${builds}${empty}</div>
    <div class="captures">${piles}</div></div>`;
}

export function hand(s, sel) {
  return `<div class="group">${(s.view.hand || []).map((c) => cardButton(c, { selected: sel.has(c) })).join("")}</div>`;
}

export function caption() { return ""; }

export function prompt(s, sel) {
  if (!sel.size) return "Choose a card from your hand: what it can take or build lights up";
  const c = [...sel][0];
  const n = s.legal.filter((a) => a.cards.includes(c)).length;
  return `Your ${shortCard(c)}: ${n === 1 ? "one move" : `${n} moves`} below`;
}

function size(a) { return (a.m.match(/[A2-9TJQK][SHDC]/g) || []).length; }

export function buttons(s, sel) {
  if (!sel.size) return [];
  const moves = movesFor(s, sel);
  const captures = moves.filter((a) => / x /.test(a.m)).sort((a, b) => size(b) - size(a));
  const rest = moves.filter((a) => !/ x /.test(a.m));
  return [...captures.map((a, i) => ({ ...a, primary: i === 0 })), ...rest];
}

export function doubleTap(s, c) {
  const mv = buttons(s, new Set([c]));
  return mv.length === 1 ? mv[0] : null;
}

export function banner(s) {
  return s.view.last_deal ? "Last deal: the cards left on the table go to the last side to capture" : "";
}
