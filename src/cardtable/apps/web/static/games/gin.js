// Gin Rummy at the table: stock and discard pile in the middle (tap to draw or take), the hand sorted
// into melds with the deadwood at the right, the opponent's cards taken from the pile face up in their fan.
import { card, cardButton, cardImage, shortCard } from "/static/cards.js";
import { esc } from "/static/util.js";
import { movesFor, seatName, why } from "/static/games/common.js";
import { markup, nt, pt, t, th } from "/static/i18n.js";

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
  const noPile = t("The discard pile is empty");
  const drawWords = nt("Draw from the stock ({n} card)", "Draw from the stock ({n} cards)", v.stock_size);
  const stockWords = nt("Stock: {n} card", "Stock: {n} cards", v.stock_size), noStock = t("The stock is empty");
  const stock = `<div class="pile-wrap"><div class="label">${esc(t("Stock · {n}", { n: v.stock_size }))}</div>${v.stock_size
    ? (draw ? `<button type="button" class="pile stock card back" data-move="draw" data-key="stock" aria-label="${esc(drawWords)}">${cardImage("??")}</button>`
      : `<span class="pile stock card back" data-key="stock" role="img" aria-label="${esc(stockWords)}">${cardImage("??")}</span>`)
    : `<div class="empty" role="img" aria-label="${esc(noStock)}"></div>`}</div>`;
  const under = pile.slice(-4, -1).map((c) => card(c, { cls: "under" })).join("");
  const topEl = top ? (take ? `<button type="button" class="pile card face upcard" data-move="take" data-card="${esc(top)}" data-key="${esc(top)}" aria-label="${esc(take.label)}">${cardImage(top)}</button>`
    : card(top, { cls: "upcard" })) : `<div class="empty" role="img" aria-label="${esc(noPile)}"></div>`;
  const discard = `<div class="pile-wrap"><div class="label">${esc(t("Discard pile · {n}", { n: pile.length }))}</div><div class="discard">${under}${topEl}</div></div>`;
  const limit = th("Knock limit {n}", { n: markup(`<b>${v.knock_limit}</b>`) }), dealer = t("Dealer: {name}", { name: seatName(s, v.dealer) });
  return `<div class="centre gin" data-zone="table">${stock}${discard}
    <div class="info"><div>${limit}</div><div>${esc(dealer)}</div></div></div>`;
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
  const meld = esc(pt("gin", "meld")), dead = esc(t("deadwood"));
  const groups = ex.melds.map((m) => `<div class="group meld" role="group" aria-label="${meld}">${m.map(btn).join("")}</div>`);
  if (ex.deadwood_cards.length) groups.push(`<div class="group dead" role="group" aria-label="${dead}">${ex.deadwood_cards.map(btn).join("")}</div>`);
  return groups.join("");
}

export function caption(s) {
  const v = s.view, ex = v.extras || {};
  if (!ex.melds) return "";
  let out = th("Deadwood {n}", { n: markup(`<b>${v.deadwood}</b>`) });
  const best = ex.best_after_discard;
  const gin = t("you can go gin"), can = t("you can knock");
  if (best === 0) out += ` · <b class="good">${esc(gin)}</b>`;
  else if (best !== undefined && best <= v.knock_limit) {
    const canKnock = th("{can} (deadwood {n} after the discard)", { can: markup(`<b class="good">${esc(can)}</b>`), n: best });
    out += ` · ${canKnock}`;
  }
  else if (best !== undefined) out += ` · ${esc(t("knocking needs {limit} or less after the discard (best now: {n})", { limit: v.knock_limit, n: best }))}`;
  return out;
}

export function prompt(s, sel) {
  const v = s.view, pile = v.discard_pile || [];
  const up = pile.length ? shortCard(pile[pile.length - 1]) : "";
  const c = sel.size ? [...sel][0] : null;
  switch (v.phase) {
    case "offer": case "offer-dealer": return t("Take the {card} or pass", { card: up });
    case "forced-draw": return t("Draw from the stock");
    case "draw": return t("Draw from the stock or take the {card}", { card: up });
    case "discard":
      if (!c) return t("Discard a card: tap it, then choose (double-tap discards)");
      return s.legal.some((a) => a.m === `knock ${c}`) ? t("Discard the {card}, or knock with it", { card: shortCard(c) }) : t("Discard the {card}", { card: shortCard(c) });
    case "wall": return t("The stock is down to its last cards: take the {card} to knock, or pass", { card: up });
    case "wall-knock": return t("Choose the card to knock with");
    case "arrange": return t("Choose how to lay down your melds");
    default: return "";
  }
}

export function buttons(s, sel) {
  const moves = movesFor(s, sel);
  const after = (s.view.extras || {}).after_discard;
  if (sel.size && after && s.view.phase === "discard" && !moves.some((a) => /^(knock|gin) /.test(a.m))) {
    // the knock that this discard does not allow, with the reason, instead of a button that fails
    const c = [...sel][0], left = after[c];
    const why = left !== undefined && s.legal.some((a) => a.m === `discard ${c}`);
    if (why) moves.push({ m: "", label: t("Knock: deadwood would be {n}, the limit is {limit}", { n: left, limit: s.view.knock_limit }), disabled: true });
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
  if (v.phase === "wall" || v.phase === "wall-knock") return t("The stock is down to two cards: knock now or the hand is void");
  if (v.stock_size <= 4 && v.stock_size > 2) return nt("Only {n} card left in the stock", "Only {n} cards left in the stock", v.stock_size);
  return "";
}
