// What every game's table shares: the legal moves that go with the selected cards, one button per
// distinct move as the player reads it (Pinochle copies give the same words: shown once).
import { esc } from "/static/util.js";
import { prettyText } from "/static/cards.js";

export function distinct(moves) {
  const seen = new Set();
  return moves.filter((a) => (seen.has(a.label) ? false : (seen.add(a.label), true)));
}

/** Legal moves that use every selected card (none selected: the moves that use no card). */
export function movesFor(s, sel) {
  const chosen = [...sel];
  if (!chosen.length) return distinct(s.legal.filter((a) => !a.cards.length));
  return distinct(s.legal.filter((a) => chosen.every((c) => a.cards.includes(c))));
}

/** Cards of the hand that some legal move uses. */
export function playable(s) {
  const out = new Set();
  for (const a of s.legal) for (const c of a.cards) out.add(c);
  return out;
}

export function button(a, cls = "") {
  return `<button type="button" class="action ${cls}" data-move="${esc(a.m)}">${esc(prettyText(a.label))}</button>`;
}

export function seatName(s, i) {
  if (s.you !== null && i === s.you) return "You";
  return s.seats[i] ? s.seats[i].name : `Seat ${i + 1}`;
}

/** Why a card of the hand cannot be played now, in words (the server's reason), or a plain fallback. */
export function why(s, c, capital = false) {
  const r = (s.blocked || {})[c];
  const text = r ? prettyText(r) : "cannot be played now";
  return capital ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
