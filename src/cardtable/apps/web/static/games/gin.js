// Gin Rummy at the table: stock and discard pile in the middle (tap to draw or take), the hand sorted
// into melds with the deadwood at the right, the opponent's cards taken from the pile face up in their fan.
import { card, cardButton, cardImage, shortCard } from "/static/cards.js";
import { esc } from "/static/util.js";
import { movesFor, seatName, why } from "/static/games/common.js";

export const selectMode = (s) => (["discard", "wall-knock"].includes(s.view.phase) ? "one" : "none");

export function opponent(s, i) {
  const v = s.view;
  if (v.opponent_hand) return { count: v.opponent_hand.length, known: v.opponent_hand };
  return { count: v.opponent_hand_size, known: v.opponent_known || [] };
}

function legal(s, m) {
  return s.legal.find((a) => a.m === m);
}

export function centre(s) {
  const v = s.view, pile = v.discard_pile || [];
  const top = pile.length ? pile[pile.length - 1] : null;
  const draw = legal(s, "draw"), take = legal(s, "take");
  const stock = `<div class="pile-wrap"><div class="label">Stock · ${v.stock_size}</div>${v.stock_size
    ? (draw ? `<button type="button" class="pile stock card back" data-move="draw" data-key="stock" aria-label="Draw from the stock (${v.stock_size} cards)">${cardImage("??")}</button>`
      : `<span class="pile stock card back" data-key="stock" role="img" aria-label="Stock: ${v.stock_size} cards">${cardImage("??")}</span>`)
    : `<div class="empty" role="img" aria-label="The stock is empty"></div>`}</div>`;
  const under = pile.slice(-4, -1).map((c) => card(c, { cls: "under" })).join("");
  const topEl = top ? (take ? `<button type="button" class="pile card face upcard" data-move="take" data-card="${esc(top)}" data-key="${esc(top)}" aria-label="${esc(take.label)}">${cardImage(top)}</button>`
    : card(top, { cls: "upcard" })) : `<div class="empty" role="img" aria-label="The discard pile is empty"></div>`;
  const discard = `<div class="pile-wrap"><div class="label">Discard pile · ${pile.length}</div><div class="discard">${under}${topEl}</div></div>`;
  return `<div class="centre gin" data-zone="table">${stock}${discard}
    <div class="info"><div>Knock limit <b>${v.knock_limit}</b></div><div>Dealer: ${esc(seatName(s, v.dealer))}</div></div></div>`;
}

export function hand(s, sel) {
  const v = s.view, ex = v.extras || {};
  const mine = s.you !== null && s.to_act === s.you;
  const can = new Set(s.legal.flatMap((a) => a.cards));
  const btn = (c) => {
    const off = mine && selectMode(s) === "one" && !can.has(c);
    return cardButton(c, { selected: sel.has(c), disabled: off, note: off ? why(s, c) : "" });
  };
  if (!ex.melds) return `<div class="group">${(v.hand || []).map(btn).join("")}</div>`;
  const groups = ex.melds.map((m) => `<div class="group meld" role="group" aria-label="meld">${m.map(btn).join("")}</div>`);
  if (ex.deadwood_cards.length) groups.push(`<div class="group dead" role="group" aria-label="deadwood">${ex.deadwood_cards.map(btn).join("")}</div>`);
  return groups.join("");
}

export function caption(s) {
  const v = s.view, ex = v.extras || {};
  if (!ex.melds) return "";
  let out = `Deadwood <b>${v.deadwood}</b>`;
  const best = ex.best_after_discard;
  if (best === 0) out += ` · <b class="good">you can go gin</b>`;
  else if (best !== undefined && best <= v.knock_limit) out += ` · <b class="good">you can knock</b> (deadwood ${best} after the discard)`;
  else if (best !== undefined) out += ` · knocking needs ${v.knock_limit} or less after the discard (best now: ${best})`;
  return out;
}

export function prompt(s, sel) {
  const v = s.view, pile = v.discard_pile || [];
  const up = pile.length ? shortCard(pile[pile.length - 1]) : "the upcard";
  switch (v.phase) {
    case "offer": case "offer-dealer": return `Take the ${up} or pass`;
    case "forced-draw": return "Draw from the stock";
    case "draw": return `Draw from the stock or take the ${up}`;
    case "discard": return sel.size ? `Discard the ${shortCard([...sel][0])}${s.legal.some((a) => a.m === `knock ${[...sel][0]}`) ? ", or knock with it" : ""}` : "Discard a card: tap it, then choose (double-tap discards)";
    case "wall": return `The stock is down to its last cards: take the ${up} to knock, or pass`;
    case "wall-knock": return "Choose the card to knock with";
    case "arrange": return "Choose how to lay down your melds";
    default: return "";
  }
}

export function buttons(s, sel) {
  const moves = movesFor(s, sel);
  const after = (s.view.extras || {}).after_discard;
  if (sel.size && after && s.view.phase === "discard" && !moves.some((a) => /^(knock|gin) /.test(a.m))) {
    // the knock that this discard does not allow, with the reason, instead of a button that fails
    const c = [...sel][0], left = after[c];
    const why = left === undefined ? "" : s.legal.some((a) => a.m === `discard ${c}`) ? `deadwood would be ${left}, the limit is ${s.view.knock_limit}` : "";
    if (why) moves.push({ m: "", label: `Knock: ${why}`, disabled: true });
  }
  // knocking and gin are the big moves: show them first and mark them
  return moves.sort((a, b) => (/^(knock|gin|big)/.test(b.m) ? 1 : 0) - (/^(knock|gin|big)/.test(a.m) ? 1 : 0))
    .map((a) => ({ ...a, primary: /^(knock|gin|big)/.test(a.m) }));
}

export function doubleTap(s, c) {
  return s.legal.find((a) => a.m === `discard ${c}`) || null;
}

export function banner(s) {
  const v = s.view;
  if (v.phase === "wall" || v.phase === "wall-knock") return "The stock is down to two cards: knock now or the hand is void";
  if (v.stock_size <= 4 && v.stock_size > 2) return `Only ${v.stock_size} cards left in the stock`;
  return "";
}
