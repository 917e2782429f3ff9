// What every game's table shares: the legal moves that go with the selected cards, one button per
// distinct move as the player reads it (Pinochle copies give the same words: shown once).
import { computerName, esc } from "/static/util.js";
import { prettyText } from "/static/cards.js";
import { t } from "/static/i18n.js";

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

/** Whether seat `i` is the player's own. */
export const isMe = (s, i) => s.you !== null && s.you !== undefined && i === s.you;

/** A seat's name in the page's language: "You" for one's own, a computer by its place ("Left"), a person's as given. */
export function seatName(s, i) {
  if (isMe(s, i)) return t("You");
  const x = s.seats[i];
  if (!x) return t("Seat {n}", { n: i + 1 });
  if (x.open) return t("open seat");
  return x.kind === "computer" ? computerName(x.name) : x.name;
}

/** A scoring side's name as the server gives it ("Ann & Partner"), the computers' names in the page's language. */
export function sideName(s, side) {
  const seats = (s.sides || []).map((x, i) => (x === side ? i : -1)).filter((i) => i >= 0);
  if (!seats.length || !s.seats) return (s.side_names || [])[side] ?? "";
  return seats.map((i) => (s.seats[i]?.kind === "computer" ? computerName(s.seats[i].name) : seatName({ ...s, you: null }, i))).join(" & ");
}

/** Whether a name is the player's own "You" (the lobby names one's seat so in the page's language), which a
 * sentence then addresses ("You win", not "You wins"). */
export const isYou = (name) => name === "You" || name === t("You");

/** Why a card of the hand cannot be played now, in words (the server's reason), or a plain fallback. */
export function why(s, c, capital = false) {
  const r = (s.blocked || {})[c];
  const text = r ? prettyText(r) : t("cannot be played now");
  return capital ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
