// Pinochle at the table: the trick in the middle with the stock and the turned-up trump card, each
// player's melds in front of them as labelled fans, stage 2 announced, illegal cards dimmed.
import { card, cardButton, cardImage, cardName, cardRow, shortCard, suitNames, SUIT_SYMBOLS } from "/static/cards.js";
import { esc } from "/static/util.js";
import { isMe, movesFor, seatName, why } from "/static/games/common.js";
import { markup, nt, pt, t, th } from "/static/i18n.js";

export const selectMode = (s) => (s.view.phase === "meld" ? "many" : s.view.phase === "play" ? "one" : "none");

export function opponent(s, i) {
  const v = s.view, melded = v.opponent_melded || [];
  if (v.opponent_hand) return { count: v.opponent_hand.length, known: v.opponent_hand };
  return { count: Math.max(0, v.opponent_hand_size - melded.length), known: (v.opponent_known || []).filter((c) => !melded.includes(c)) };
}

/** A meld's kind as a label ("Royal marriage"), in the page's language. */
export function MELD(k) {
  const names = {
    run: pt("pinochle meld name", "Run"), "royal-marriage": pt("pinochle meld name", "Royal marriage"), marriage: pt("pinochle meld name", "Marriage"),
    dix: pt("pinochle meld name", "Dix"), "aces-around": pt("pinochle meld name", "Aces around"), "kings-around": pt("pinochle meld name", "Kings around"),
    "queens-around": pt("pinochle meld name", "Queens around"), "jacks-around": pt("pinochle meld name", "Jacks around"),
    pinochle: pt("pinochle meld name", "Pinochle"), "double-pinochle": pt("pinochle meld name", "Double pinochle"),
  };
  return names[k] ?? k.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/** The melds of `seat` with cards still on the table: [seat, kind, cards, points] each. */
function meldList(s, seat) {
  const v = s.view;
  const onTable = new Set(seat === v.seat ? v.melded || [] : v.opponent_melded || []);
  return { onTable, melds: (v.melds || []).filter((m) => m[0] === seat && m[2].some((c) => onTable.has(c))) };
}

/** The melds of `seat` still on the table, as labelled fans. */
export function meldsOf(s, seat) {
  const { onTable, melds } = meldList(s, seat);
  if (!melds.length) return "";
  const named = (m) => nt("{meld}, {n} point", "{meld}, {n} points", m[3], { meld: MELD(m[1]) });
  return `<div class="melds">${melds.map((m) => `<div class="meld-fan" role="group" aria-label="${esc(named(m))}"><div class="label">${esc(MELD(m[1]))} ${m[3]}</div><div class="row">${cardRow(m[2].filter((c) => onTable.has(c)), { cls: "small", key: "" })}</div></div>`).join("")}</div>`;
}

export function centre(s) {
  const v = s.view;
  const trump = v.trump >= 0 ? `${SUIT_SYMBOLS[v.trump]} ${suitNames()[v.trump]}` : t("not yet");
  const last = (v.tricks || []).length ? v.tricks[v.tricks.length - 1] : null;
  let trick;
  if (v.lead) trick = `<div class="trick">${card(v.lead)}<div class="label">${esc(t("led by {name}", { name: seatName(s, v.leader) }))}</div></div>`;
  else if (last) {
    const won = isMe(s, last[3]) ? t("You win the trick") : t("{name} wins the trick", { name: seatName(s, last[3]) });
    trick = `<div class="trick done">${card(last[1])}${card(last[2])}<div class="label">${esc(won)}</div></div>`;
  } else {
    const none = t("No card led yet");
    trick = `<div class="trick"><div class="empty" role="img" aria-label="${esc(none)}"></div></div>`;
  }
  // the turned-up trump card lies beside the stock, face up and whole (it goes with the last draw)
  const turnedName = v.trump_card ? t("turned-up trump card: {card}", { card: cardName(v.trump_card) }) : "";
  const turned = v.stock_size && v.trump_card ? `<div class="pile-wrap"><div class="label">${esc(pt("pinochle", "Trump"))}</div>${card(v.trump_card, { cls: "turned small", label: turnedName })}</div>` : "";
  const stockWords = nt("Stock: {n} card", "Stock: {n} cards", v.stock_size);
  const stock = v.stock_size
    ? `<div class="stock-trump"><div class="pile-wrap"><div class="label">${esc(t("Stock · {n}", { n: v.stock_size }))}</div><span class="card back stock" data-key="stock" role="img" aria-label="${esc(stockWords)}">${cardImage("??")}</span></div>${turned}</div>`
    : `<div class="pile-wrap"><div class="label">${esc(t("Stock gone"))}</div></div>`;
  const trumpLine = th("Trump {suit}", { suit: markup(`<b class="trump">${esc(trump)}</b>`) });
  const meld = t("Meld {scores}", { scores: v.meld_points.map((p, i) => `${seatName(s, i)} ${p}`).join(" · ") });
  const claim = v.extras && v.extras.claim !== undefined ? t("Declaring out would claim {n} of {target}", { n: v.extras.claim, target: v.extras.target }) : "";
  return `<div class="centre pinochle" data-zone="table">${stock}${trick}
    <div class="info"><div>${trumpLine}</div><div>${esc(meld)}</div>
    ${claim ? `<div>${esc(claim)}</div>` : ""}</div></div>`;
}

export function hand(s, sel) {
  const v = s.view;
  const mine = s.you !== null && s.to_act === s.you && v.phase === "play";
  const can = new Set(s.legal.flatMap((a) => a.cards));
  const btn = (c) => cardButton(c, { selected: sel.has(c), disabled: mine && !can.has(c), note: mine && !can.has(c) ? why(s, c) : "",
    cls: s.you !== null && s.to_act === s.you && tapMove(s, c) ? "tap-me" : "" });
  const melded = v.melded || [];
  if (!melded.length) return `<div class="group">${(v.hand || []).map(btn).join("")}</div>`;
  const names = meldList(s, v.seat).melds.map((m) => `${MELD(m[1])} ${m[3]}`).join(" · ");
  const label = t("Your melds: {melds} (these cards can be played too)", { melds: names }), shown = t("Your melds: {melds}", { melds: names });
  return `<div class="group">${(v.hand || []).map(btn).join("")}</div><div class="group melded" role="group" aria-label="${esc(label)}"><span class="group-label" aria-hidden="true">${esc(shown)}</span>${melded.map(btn).join("")}</div>`;
}

export function caption(s) {
  const v = s.view;
  const tricks = Math.floor(((v.won || [])[v.seat] || []).length / 2);
  return esc(t("Meld {n}", { n: v.meld_points[v.seat] })) + " · " + esc(nt("{n} trick won", "{n} tricks won", tricks));
}

export function prompt(s, sel) {
  const v = s.view;
  if (v.phase === "meld") return sel.size ? t("Meld these cards, or pick more") : t("You won the trick: choose a meld below, or decline to meld");
  if (v.phase === "exchange") {
    const dix = dixOf(s), trump = shortCard(v.trump_card);
    return dix ? t("Exchange your {dix} (the dix) for the {card}? Tap the {dix} or choose below", { dix: shortCard(dix), card: trump }) : t("Exchange the dix for the {card}?", { card: trump });
  }
  if (v.phase === "play") {
    if (sel.size) return t("Play the {card}", { card: shortCard([...sel][0]) });
    if (!v.lead) return v.stage === 2 ? t("Lead any card (double-tap plays it)") : t("Lead a card (double-tap plays it)");
    const card = shortCard(v.lead);  // stage 2: only the follower is bound
    return v.stage === 2 ? t("Play a card to the {card}: follow suit and head the trick if you can (double-tap plays it)", { card }) : t("Play a card to the {card} (double-tap plays it)", { card });
  }
  return "";
}

export function buttons(s, sel) {
  const v = s.view;
  if (v.phase === "meld") {
    const melds = movesFor(s, sel);
    const all = sel.size ? melds : [...movesFor(s, new Set()), ...s.legal.filter((a) => a.m.startsWith("meld "))];
    const seen = new Set();
    return all.filter((a) => (seen.has(a.label) ? false : seen.add(a.label)))
      .map((a) => ({ ...a, primary: false, quiet: a.m === "no meld" }));
  }
  if (v.phase === "exchange") {  // the exchange first (it uses a card: no selection needed), then keeping the dix
    const moves = s.legal.filter((a) => a.m.startsWith("exchange "));
    return [...moves.slice(0, 1).map((a) => ({ ...a, primary: true })), ...s.legal.filter((a) => !a.m.startsWith("exchange "))];
  }
  return movesFor(s, sel);
}

/** The 9 of trump the player may exchange now, or null. */
function dixOf(s) {
  const a = s.view.phase === "exchange" ? s.legal.find((x) => x.m.startsWith("exchange ")) : null;
  return a ? a.m.split(" ")[1] : null;
}

/** A single tap that is a move by itself: tapping the 9 of trump in the exchange step exchanges it. */
export function tapMove(s, c) {
  if (s.view.phase !== "exchange") return null;
  const same = (x) => x.replace(/[ab]$/, "");
  return s.legal.find((a) => a.m.startsWith("exchange ") && same(a.m.split(" ")[1]) === same(c)) || null;
}

export function doubleTap(s, c) {
  return s.view.phase === "play" ? s.legal.find((a) => a.m === `play ${c}`) || null : null;
}

export function banner(s) {
  const v = s.view;
  if (v.stage === 2) return t("Stock gone: the second card of a trick must follow suit and head it if it can");
  if (v.stock_size > 0 && v.stock_size <= 2) return t("Last draw");
  return "";
}
