// The end of a hand, told in order: who did what, the melds, the Gin layoffs card by card, the
// arithmetic in one line, then the points. Used by the live table and by the replay.
import { card, shortCard } from "/static/cards.js";
import { esc, reducedMotion } from "/static/util.js";
import { isYou, sideName } from "/static/games/common.js";
import { language, markup, pt, t, th } from "/static/i18n.js";

// the engine's words for a void hand and for a result, in the page's language
const VOID = () => ({
  "discard-draw cap reached (4.6.2)": t("discard-draw cap reached (4.6.2)"),
  "the wall: no knock (4.5)": t("the wall: no knock (4.5)"),
  "repeated upcard (4.6.1)": t("repeated upcard (4.6.1)"),
  "stock down to 2 cards (4.5)": t("stock down to 2 cards (4.5)"),
});
const RESULT_WORD = () => ({ knock: t("knock won"), undercut: t("undercut"), tie: t("tie (no score)"), gin: pt("gin", "gin"), "big gin": t("big gin") });

/** The sides' names as the table shows them ("You", "Left & Right"), else the names the record gives. */
function sideNames(s) {
  return (s.side_names || []).map((n, i) => (s.seats && s.sides ? sideName(s, i) : n));
}

export function breakdown(s, last, step = Infinity) {
  const names = sideNames(s);
  const v = last.view;
  const d = last.details || {};
  const side = (i) => names[i] || t("side {n}", { n: i + 1 });
  const each = last.points.map((p, i) => th("{side}: {points}", { side: side(i), points: markup(`<b>${p}</b>`) }));
  const points = `<p class="points">${each.join(" · ")}</p>`;
  // the engine's one-line summary reads like a record ("side 0: 10 (32 cards, ...)"): the table below says it in
  // words; it is English, so other languages go by the table and the points alone
  const summary = language() === "en" && (s.game === "gin" || !(d.sides || d.meld_points)) ? `<p class="summary"><b>${esc(last.summary)}</b></p>` : "";
  let html = `${summary}${points}`;
  if (s.game === "gin" && v.showdown) {
    const sd = v.showdown;
    if (sd.outcome === "void") html += `<p>${esc(t("Void hand: {reason}. Nobody scores; the same dealer deals again.", { reason: VOID()[sd.void_reason] ?? sd.void_reason }))}</p>`;
    else html = ginShowdown(names, sd, v.rules || {}, step, points);
  } else if (s.game === "casino" && d.sides) {
    // what was taken (counts), then what scores (points): two tables, so a count never reads as points
    const counts = [[t("Cards"), "cards"], [t("Spades"), "spades"], [t("Sweeps"), "sweeps"]];
    const points = [[t("Most cards (3)"), "most_cards"], [t("Most spades (1)"), "most_spades"], [t("Aces (1 each)"), "aces"], [t("Big casino 10♦ (2)"), "big_casino"], [t("Little casino 2♠ (1)"), "little_casino"], [t("Sweeps"), "sweep_points"]];
    const head = (what) => `<tr><th scope="col">${esc(what)}</th>${d.sides.map((_, i) => `<th scope="col">${esc(side(i))}</th>`).join("")}</tr>`;
    const row = (l, k, cls = "") => `<tr class="${cls}"><th scope="row">${esc(l)}</th>${d.sides.map((x) => `<td>${x[k] ?? 0}</td>`).join("")}</tr>`;
    const taken = t("Taken this hand"), scored = t("Points"), count = t("Count"), pointsFor = t("Points for"), total = t("Total");
    html += `<table class="list counts"><caption>${esc(taken)}</caption>${head(count)}${counts.map(([l, k]) => row(l, k)).join("")}</table>
      <table class="list points-table"><caption>${esc(scored)}</caption>${head(pointsFor)}${points.map(([l, k]) => row(l, k)).join("")}${row(total, "total", "total")}</table>`;
  } else if (s.game === "pinochle" && d.meld_points) {
    // meld, then the tricks: the counters taken and the last trick add up to the tricks' points (rounded under
    // classic counting), and meld + tricks make the hand's points
    const counters = d.counters || [], tricks = d.card_points || [], meld = d.meld_points || [];
    const lastTrick = names.map((_, i) => (d.last_trick === i ? 10 : 0));
    const rounded = tricks.some((x, i) => x !== (counters[i] ?? 0) + lastTrick[i]);
    const cells = (xs, f = (x) => x) => names.map((_, i) => `<td>${f(xs[i] ?? 0, i)}</td>`).join("");
    const words = { points: t("Points"), meld: pt("pinochle", "Meld"), counters: t("Counters taken in tricks"), last: t("Last trick"),
      tricks: rounded ? t("Tricks (rounded)") : t("Tricks"), hand: t("Hand (meld + tricks)") };
    html += `<table class="list"><tr><th scope="col">${esc(words.points)}</th>${names.map((n) => `<th scope="col">${esc(n)}</th>`).join("")}</tr>
      <tr><th scope="row">${esc(words.meld)}</th>${cells(meld)}</tr>
      <tr><th scope="row">${esc(words.counters)}</th>${cells(counters)}</tr>
      <tr><th scope="row">${esc(words.last)}</th>${cells(lastTrick, (x) => (x ? "+10" : "0"))}</tr>
      <tr><th scope="row">${esc(words.tricks)}</th>${cells(tricks)}</tr>
      <tr class="total"><th scope="row">${esc(words.hand)}</th>${cells(last.points)}</tr></table>`;
  }
  return html;
}

function ginShowdown(names, sd, rules, step, points) {
  const steps = sd.layoff_steps || [];
  const k = Math.max(0, Math.min(step, steps.length));
  const shown = steps.slice(0, k);
  const laid = new Set(shown.map((x) => x.card));
  const newest = k ? steps[k - 1].card : null;
  const melds = sd.knocker_melds.map((m, i) => shown.reduce((cur, x) => (x.meld === i ? x.meld_after : cur), m));
  const face = (c) => card(c, { cls: "small " + (laid.has(c) ? (c === newest ? "laid new" : "laid") : ""), key: "" });
  const group = (cards, cls = "") => `<span class="meld ${cls}">${cards.map((c) => card(c, { cls: "small", key: "" })).join("")}</span>`;
  const who = (i) => names[i] ?? t("seat {n}", { n: i + 1 });
  const knocker = sd.knocker, defender = 1 - knocker;
  const pending = steps.slice(k).map((x) => x.card);
  const deadNow = k < steps.length ? steps[k].deadwood_before : sd.defender_deadwood;
  const name = markup(`<b>${esc(who(knocker))}</b>`), down = sd.knock_card ? shortCard(sd.knock_card) : null;
  const title = sd.outcome === "knock" ? (down ? th("{name} knocked with the {card} face down.", { name, card: down }) : th("{name} knocked.", { name }))
    : sd.outcome === "gin" ? (down ? th("{name} went gin with the {card} face down.", { name, card: down }) : th("{name} went gin.", { name }))
      : sd.outcome === "big gin" ? th("{name} went big gin.", { name }) : `${name.markup} ${esc(sd.outcome)}.`;
  const knockerLabel = t("{name}: melds and deadwood ({n})", { name: who(knocker), n: sd.knocker_deadwood });
  const dead = markup(`<span class="defender-deadwood">${deadNow}</span>`);
  const defenderLabel = pending.length ? th("{name}: melds, cards to lay off and deadwood ({n})", { name: who(defender), n: dead })
    : th("{name}: melds and deadwood ({n})", { name: who(defender), n: dead });
  let html = `<p class="showdown-title">${title}</p>
    <div class="label">${esc(knockerLabel)}</div>
    <div class="cards knocker-melds">${melds.map((m) => `<span class="meld">${m.map(face).join("")}</span>`).join("")}${sd.knocker_deadwood_cards.length ? group(sd.knocker_deadwood_cards, "dead") : ""}</div>
    <div class="label">${defenderLabel}</div>
    <div class="cards defender-cards">${sd.defender_melds.map((m) => group(m)).join("")}${pending.length ? group(pending, "to-lay-off") : ""}${sd.defender_deadwood_cards.length ? group(sd.defender_deadwood_cards, "dead") : ""}</div>`;
  const onto = shown.map((x) => t("{card} onto {meld}", { card: shortCard(x.card), meld: x.onto.map(shortCard).join(" ") })).join(" · ");
  if (shown.length) html += `<p class="laid-off">${esc(t("Laid off: {cards}", { cards: onto }))}</p>`;
  const laying = t("Laying off… ({n} of {total})", { n: k, total: steps.length });
  if (k < steps.length) return html + `<p class="laying-off"><i>${esc(laying)}</i></p>`;
  const gin = sd.outcome === "gin" || sd.outcome === "big gin";
  const winner = sd.winner === null || sd.winner === undefined ? null : sd.winner;
  const row = (a, b) => `<tr><th scope="row">${esc(a)}</th><td>${b}</td></tr>`;
  const defenderWords = gin ? t("{n} (no layoffs against gin)", { n: sd.defender_deadwood_no_layoffs })
    : sd.defender_deadwood === sd.defender_deadwood_no_layoffs ? t("{n} (nothing to lay off)", { n: sd.defender_deadwood })
      : t("{n} ({before} before laying off)", { n: sd.defender_deadwood, before: sd.defender_deadwood_no_layoffs });
  const result = `<b class="result-word">${esc(RESULT_WORD()[sd.result] || sd.result)}</b>`;
  const doubled = sd.doubled ? t("{result} (doubled: spade upcard)", { result: "{result}" }) : "{result}";
  const best = Math.max(...sd.points);
  const scored = winner === null ? t("Nobody scores {n}", { n: best }) : isYou(names[winner]) ? t("You score {n}", { n: best }) : t("{name} scores {n}", { name: who(winner), n: best });
  return html + `<table class="list gin-result">${row(t("Knocker's deadwood"), sd.knocker_deadwood)}
    ${row(t("Defender's deadwood"), esc(defenderWords))}
    ${row(t("Result"), esc(doubled).replace("{result}", result))}
    ${row(t("Points"), `<b>${esc(scored)}</b>`)}${row(t("Why"), esc(ginWhy(sd, rules)))}</table>${points}`;
}

function ginWhy(sd, rules) {
  const k = sd.knocker_deadwood, d = sd.defender_deadwood, d0 = sd.defender_deadwood_no_layoffs;
  if (sd.result === "gin") return t("gin bonus {bonus} + the defender's deadwood {n}", { bonus: rules.gin_bonus ?? 25, n: d0 });
  if (sd.result === "big gin") return t("big gin bonus {bonus} + the defender's deadwood {n}", { bonus: rules.big_gin_bonus ?? 31, n: d0 });
  if (sd.result === "knock") return t("the defender's deadwood minus the knocker's: {d} − {k}", { d, k });
  if (sd.result === "undercut") return t("undercut bonus {bonus} + the difference in deadwood ({n})", { bonus: rules.undercut_bonus ?? 25, n: k - d });
  if (sd.result === "tie") return t("equal deadwood, and a tie does not count as an undercut: nobody scores");
  return "";
}

/**
 * Plays a hand's ending into `box`: Gin layoffs one card at a time at `pace` (Space: next card,
 * Enter: all of them), then the result. `footer` is HTML shown once the story is told (the match score),
 * `extra` HTML for the buttons after it.
 */
export function playShowdown(box, s, last, { pace = 700, title = "", footer = "", extra = "", onRender = null } = {}) {
  const sd = s.game === "gin" ? last.view.showdown : null;
  const steps = (sd && sd.layoff_steps) || [];
  let step = pace > 0 ? 0 : steps.length;
  let timer = null;
  const stop = () => { if (timer) clearTimeout(timer); timer = null; };
  const render = () => {
    const going = step < steps.length;
    const next = t("Next card (Space)"), all = t("Show all (Enter)");
    box.innerHTML = `${title}${breakdown(s, last, step)}${going ? "" : footer}<div class="buttons">${going ? `<button type="button" id="next-layoff">${esc(next)}</button> <button type="button" id="all-layoffs">${esc(all)}</button> ` : ""}${extra}</div>`;
    if (going) {
      box.querySelector("#next-layoff").onclick = () => advance(step + 1);
      box.querySelector("#all-layoffs").onclick = () => advance(steps.length);
    }
    if (onRender) onRender(going);
  };
  const advance = (to) => {
    stop();
    const cardTok = to === step + 1 ? steps[step].card : null;
    const from = cardTok ? box.querySelector(`.to-lay-off [data-card="${cardTok}"]`) : null;
    const start = from ? from.getBoundingClientRect() : null;
    step = Math.min(to, steps.length);
    render();
    const el = cardTok ? box.querySelector(`.laid.new[data-card="${cardTok}"]`) : null;
    if (start && el && el.animate && !reducedMotion()) {
      const end = el.getBoundingClientRect();
      el.animate([{ transform: `translate(${start.left - end.left}px, ${start.top - end.top}px)` }, { transform: "none" }],
        { duration: Math.max(150, Math.min(600, pace * 0.6)), easing: "ease-out" });
    }
    if (step < steps.length) timer = setTimeout(() => advance(step + 1), Math.max(250, pace));
  };
  const keys = (ev) => {
    if (!box.isConnected || box.closest(".hidden")) return;
    if (ev.key === " " && step < steps.length) { ev.preventDefault(); advance(step + 1); }
    else if (ev.key === "Enter" && step < steps.length) { ev.preventDefault(); advance(steps.length); }
  };
  document.addEventListener("keydown", keys);
  render();
  if (step < steps.length) timer = setTimeout(() => advance(step + 1), Math.max(250, pace));
  return { stop: () => { stop(); document.removeEventListener("keydown", keys); }, done: () => step >= steps.length, finish: () => advance(steps.length) };
}
