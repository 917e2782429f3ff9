// Casino at the table: loose cards and builds in the middle (what the selected hand card can take or
// build with lights up), each side's capture pile with the counts that score, the moves in words.
import { card, cardButton, cardImage, cardName, cardRow, isRed, shortCard } from "/static/cards.js";
import { esc } from "/static/util.js";
import { isYou, movesFor, seatName, sideName } from "/static/games/common.js";
import { listWords, nt, t } from "/static/i18n.js";

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

// A crowded table has more moves than the server lists (s.more_moves): the player then picks the
// table cards and builds too (a build is picked by its first card, which stands for the whole build),
// and the server answers with the moves taking exactly those, each checked as one move (pickRequest,
// s.picked), or with the rule that forbids them.
function handPick(s, sel) { return [...sel].find((c) => (s.view.hand || []).includes(c)); }
function tablePicks(s, sel) { return [...sel].filter((c) => !(s.view.hand || []).includes(c)); }

function pickButton(c, picked) {
  const label = t("{card} on the table", { card: cardName(c) });
  return `<button type="button" class="card face table-pick ${isRed(c) ? "red" : ""} ${picked ? "selected" : ""}" data-pick="${c}"` +
    ` data-key="${c}" aria-pressed="${picked}" aria-label="${esc(label)}">${cardImage(c)}</button>`;
}

/** A build's accessible name: "8-build: 5 of clubs and 3 of diamonds" (a multiple build's groups too). */
export function buildName(b, owner, mine = false) {
  const cards = b.groups.map((g) => listWords(g.map(cardName))).join("; ");
  const build = b.kind === "multiple" ? t("multiple {value}-build: {cards}", { value: b.value, cards }) : t("{value}-build: {cards}", { value: b.value, cards });
  if (!owner) return build;
  return mine ? t("{build}, yours", { build }) : t("{build}, {owner}'s", { build, owner });
}

/** The pick to ask the server about: the hand card and the table picks, or null (nothing to ask). */
export function pickRequest(s, sel) {
  const card = handPick(s, sel), picks = tablePicks(s, sel);
  return s.more_moves && card && picks.length ? { card, picks } : null;
}

/** The server's answer for the current pick, or undefined while it is being checked. */
function answer(s, sel) {
  const r = pickRequest(s, sel), p = s.picked;
  return r && p && p.card === r.card && p.picks.join(" ") === r.picks.join(" ") ? p : undefined;
}

function pileStats(v, side) {
  const cards = (v.captured || [])[side] || [];
  const aces = cards.filter((c) => c[0] === "A").length;
  const bits = [nt("{n} card", "{n} cards", v.captured_counts[side]), nt("{n} spade", "{n} spades", v.spade_counts[side])];
  if (aces) bits.push(nt("{n} ace", "{n} aces", aces));
  if (cards.includes("TD")) bits.push("10♦");
  if (cards.includes("2S")) bits.push("2♠");
  if (v.sweeps[side]) bits.push(nt("{n} sweep", "{n} sweeps", v.sweeps[side]));
  return bits.join(" · ");
}

export function centre(s, sel) {
  const v = s.view, lit = involved(s, sel), picking = s.more_moves && handPick(s, sel);
  const loose = (v.table || []).map((c) => (picking ? pickButton(c, sel.has(c)) : card(c, { cls: lit.has(c) ? "lit" : "" }))).join("");
  const builds = (v.builds || []).map((b) => {
    const lights = b.groups.flat().some((c) => lit.has(c));
    const side = s.sides[b.controller];
    const owner = s.sides ? sideName(s, side) : seatName(s, b.controller), mine = isYou(owner);
    const key = b.groups.flat()[0], picked = picking && sel.has(key);
    // on a crowded table the build is picked like a card: a button over it, named by its value and cards
    const pick = picking ? `<button type="button" class="build-hit" data-pick="${key}" aria-pressed="${picked}" aria-label="${esc(buildName(b, owner, mine))}"></button>` : "";
    const kind = b.kind === "multiple" ? t("multiple build of {value}", { value: b.value }) : t("single build of {value}", { value: b.value });
    const named = mine ? t("{build}, yours", { build: kind }) : t("{build}, {owner}'s", { build: kind, owner });
    return `<div class="build ${lights && !picking ? "lit" : ""} ${picking ? "build-pick" : ""} ${picked ? "selected" : ""} side-${side}" role="group" aria-label="${esc(named)}">
      <span class="badge">${b.value}</span><div class="stack">${b.groups.map((g) => cardRow(g, { cls: "small" })).join("")}</div><div class="owner">${esc(owner)}</div>${pick}</div>`;
  }).join("");
  const piles = s.side_names.map((n, side) => `<div class="capture side-${side}" data-pile="${side}"><b>${esc(sideName(s, side))}</b><span>${esc(pileStats(v, side))}</span></div>`).join("");
  const swept = t("The table is empty: a sweep!");
  const empty = !loose && !builds ? `<p class="hint-text">${esc(swept)}</p>` : "";
  const info = [esc(t("Deal {n} of {total}", { n: v.deal_number, total: v.num_deals }))];
  const lastDeal = t("last deal");
  if (v.last_deal) info.push(`<b class="last">${esc(lastDeal)}</b>`);
  info.push(esc(nt("{n} card left to deal", "{n} cards left to deal", v.pack_size)));
  if (v.last_capturer !== null) info.push(esc(t("last capture: {name}", { name: seatName(s, v.last_capturer) })));
  const onTable = t("Cards on the table");
  return `<div class="centre casino"><div class="deal-info">${info.join(" · ")}</div>
    <div class="loose" data-zone="table" role="group" aria-label="${esc(onTable)}">${loose}${builds}${empty}</div>
    <div class="captures">${piles}</div></div>`;
}

export function hand(s, sel) {
  return `<div class="group">${(s.view.hand || []).map((c) => cardButton(c, { selected: sel.has(c) })).join("")}</div>`;
}

export function caption() { return ""; }

export function prompt(s, sel) {
  if (!sel.size) return s.more_moves ? t("Choose a card from your hand: what it can take or build lights up") : t("Choose a card from your hand: what it can take or build lights up (double-tap plays a card that has one move)");
  const c = handPick(s, sel) ?? [...sel][0];
  const n = s.legal.filter((a) => a.cards.includes(c)).length;
  const picked = answer(s, sel), card = shortCard(c);
  if (pickRequest(s, sel) && !picked) return t("Your {card}: checking the cards you picked…", { card });
  if (picked && !picked.moves.length) return t("Your {card} cannot take or build with just these: {why}", { card, why: picked.why });
  if (picked) return nt("Your {card}: the move with exactly these below", "Your {card}: the moves with exactly these below", picked.moves.length, { card });
  if (s.more_moves) return t("Your {card}: tap table cards and builds to take or build with exactly those, or choose below", { card });
  return n === 1 ? t("Your {card} has one move, below (double-tap the card plays it)", { card }) : nt("Your {card}: {n} move below", "Your {card}: {n} moves below", n, { card });
}

function size(a) { return (a.m.match(/[A2-9TJQK][SHDC]/g) || []).length; }

export function buttons(s, sel) {
  if (!sel.size) return [];
  if (pickRequest(s, sel)) return (answer(s, sel)?.moves || []).map((a, i) => ({ ...a, primary: i === 0 }));
  const moves = movesFor(s, sel);
  const captures = moves.filter((a) => / x /.test(a.m)).sort((a, b) => size(b) - size(a));
  const rest = moves.filter((a) => !/ x /.test(a.m));
  return [...captures.map((a, i) => ({ ...a, primary: i === 0 })), ...rest];
}

/** The card's one move, played by a double tap: only when the buttons show it as the card's single move (on a
 * crowded table the card has more moves than the buttons list: a double tap then plays nothing). */
export function doubleTap(s, c) {
  if (s.more_moves) return null;
  const mv = buttons(s, new Set([c]));
  return mv.length === 1 ? mv[0] : null;
}

export function banner(s) {
  return s.view.last_deal ? t("Last deal: the cards left on the table go to the last side to capture") : "";
}
