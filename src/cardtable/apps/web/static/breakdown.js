// The end of a hand, told in order: who did what, the melds, the Gin layoffs card by card, the
// arithmetic in one line, then the points. Used by the live table and by the replay.
import { card, shortCard } from "/static/cards.js";
import { esc, reducedMotion } from "/static/util.js";

const OUTCOME_WORD = { knock: "knocked", gin: "went gin", "big gin": "went big gin" };
const RESULT_WORD = { knock: "knock won", undercut: "undercut", tie: "tie (no score)", gin: "gin", "big gin": "big gin" };

export function breakdown(s, last, step = Infinity) {
  const names = s.side_names || [];
  const v = last.view;
  const d = last.details || {};
  const points = `<p class="points">${last.points.map((p, i) => `${esc(names[i] || "side " + (i + 1))}: <b>${p}</b>`).join(" · ")}</p>`;
  // the engine's one-line summary reads like a record ("side 0: 10 (32 cards, ...)"): the table below says it in words
  const summary = s.game === "gin" || !(d.sides || d.meld_points) ? `<p class="summary"><b>${esc(last.summary)}</b></p>` : "";
  let html = `${summary}${points}`;
  if (s.game === "gin" && v.showdown) {
    const sd = v.showdown;
    if (sd.outcome === "void") html += `<p>Void hand: ${esc(sd.void_reason)}. Nobody scores; the same dealer deals again.</p>`;
    else html = ginShowdown(names, sd, v.rules || {}, step, points);
  } else if (s.game === "casino" && d.sides) {
    // what was taken (counts), then what scores (points): two tables, so a count never reads as points
    const counts = [["Cards", "cards"], ["Spades", "spades"], ["Sweeps", "sweeps"]];
    const points = [["Most cards (3)", "most_cards"], ["Most spades (1)", "most_spades"], ["Aces (1 each)", "aces"], ["Big casino 10♦ (2)", "big_casino"], ["Little casino 2♠ (1)", "little_casino"], ["Sweeps", "sweep_points"]];
    const head = (what) => `<tr><th scope="col">${what}</th>${d.sides.map((_, i) => `<th scope="col">${esc(names[i] || "side " + (i + 1))}</th>`).join("")}</tr>`;
    const row = (l, k, cls = "") => `<tr class="${cls}"><th scope="row">${l}</th>${d.sides.map((x) => `<td>${x[k] ?? 0}</td>`).join("")}</tr>`;
    html += `<table class="list counts"><caption>Taken this hand</caption>${head("Count")}${counts.map(([l, k]) => row(l, k)).join("")}</table>
      <table class="list points-table"><caption>Points</caption>${head("Points for")}${points.map(([l, k]) => row(l, k)).join("")}${row("Total", "total", "total")}</table>`;
  } else if (s.game === "pinochle" && d.meld_points) {
    // meld, then the tricks: the counters taken and the last trick add up to the tricks' points (rounded under
    // classic counting), and meld + tricks make the hand's points
    const counters = d.counters || [], tricks = d.card_points || [], meld = d.meld_points || [];
    const lastTrick = names.map((_, i) => (d.last_trick === i ? 10 : 0));
    const rounded = tricks.some((t, i) => t !== (counters[i] ?? 0) + lastTrick[i]);
    const cells = (xs, f = (x) => x) => names.map((_, i) => `<td>${f(xs[i] ?? 0, i)}</td>`).join("");
    html += `<table class="list"><tr><th scope="col">Points</th>${names.map((n) => `<th scope="col">${esc(n)}</th>`).join("")}</tr>
      <tr><th scope="row">Meld</th>${cells(meld)}</tr>
      <tr><th scope="row">Counters taken in tricks</th>${cells(counters)}</tr>
      <tr><th scope="row">Last trick</th>${cells(lastTrick, (x) => (x ? "+10" : "0"))}</tr>
      <tr><th scope="row">Tricks${rounded ? " (rounded)" : ""}</th>${cells(tricks)}</tr>
      <tr class="total"><th scope="row">Hand (meld + tricks)</th>${cells(last.points)}</tr></table>`;
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
  const who = (i) => esc(names[i] ?? `seat ${i + 1}`);
  const knocker = sd.knocker, defender = 1 - knocker;
  const pending = steps.slice(k).map((x) => x.card);
  const deadNow = k < steps.length ? steps[k].deadwood_before : sd.defender_deadwood;
  let html = `<p class="showdown-title"><b>${who(knocker)}</b> ${OUTCOME_WORD[sd.outcome] || esc(sd.outcome)}${sd.knock_card ? ` with the ${shortCard(sd.knock_card)} face down` : ""}.</p>
    <div class="label">${who(knocker)}: melds and deadwood (${sd.knocker_deadwood})</div>
    <div class="cards knocker-melds">${melds.map((m) => `<span class="meld">${m.map(face).join("")}</span>`).join("")}${sd.knocker_deadwood_cards.length ? group(sd.knocker_deadwood_cards, "dead") : ""}</div>
    <div class="label">${who(defender)}: melds${pending.length ? ", cards to lay off" : ""} and deadwood (<span class="defender-deadwood">${deadNow}</span>)</div>
    <div class="cards defender-cards">${sd.defender_melds.map((m) => group(m)).join("")}${pending.length ? group(pending, "to-lay-off") : ""}${sd.defender_deadwood_cards.length ? group(sd.defender_deadwood_cards, "dead") : ""}</div>`;
  if (shown.length) html += `<p class="laid-off">Laid off: ${shown.map((x) => `${shortCard(x.card)} onto ${x.onto.map(shortCard).join(" ")}`).join(" · ")}</p>`;
  if (k < steps.length) return html + `<p class="laying-off"><i>Laying off… (${k} of ${steps.length})</i></p>`;
  const gin = sd.outcome === "gin" || sd.outcome === "big gin";
  const winner = sd.winner === null || sd.winner === undefined ? "Nobody" : who(sd.winner);
  const row = (a, b) => `<tr><th scope="row">${a}</th><td>${b}</td></tr>`;
  return html + `<table class="list gin-result">${row("Knocker's deadwood", sd.knocker_deadwood)}
    ${gin ? row("Defender's deadwood", `${sd.defender_deadwood_no_layoffs} (no layoffs against gin)`)
    : row("Defender's deadwood", sd.defender_deadwood === sd.defender_deadwood_no_layoffs ? `${sd.defender_deadwood} (nothing to lay off)` : `${sd.defender_deadwood} (${sd.defender_deadwood_no_layoffs} before laying off)`)}
    ${row("Result", `<b class="result-word">${esc(RESULT_WORD[sd.result] || sd.result)}</b>${sd.doubled ? " (doubled: spade upcard)" : ""}`)}
    ${row("Points", `<b>${winner} ${winner === "You" ? "score" : "scores"} ${Math.max(...sd.points)}</b>`)}${row("Why", esc(ginWhy(sd, rules)))}</table>${points}`;
}

function ginWhy(sd, rules) {
  const k = sd.knocker_deadwood, d = sd.defender_deadwood, d0 = sd.defender_deadwood_no_layoffs;
  if (sd.result === "gin") return `gin bonus ${rules.gin_bonus ?? 25} + the defender's deadwood ${d0}`;
  if (sd.result === "big gin") return `big gin bonus ${rules.big_gin_bonus ?? 31} + the defender's deadwood ${d0}`;
  if (sd.result === "knock") return `the defender's deadwood minus the knocker's: ${d} − ${k}`;
  if (sd.result === "undercut") return `undercut bonus ${rules.undercut_bonus ?? 25} + the difference in deadwood (${k - d})`;
  if (sd.result === "tie") return "equal deadwood, and a tie does not count as an undercut: nobody scores";
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
    box.innerHTML = `${title}${breakdown(s, last, step)}${going ? "" : footer}<div class="buttons">${going ? `<button type="button" id="next-layoff">Next card (Space)</button> <button type="button" id="all-layoffs">Show all (Enter)</button> ` : ""}${extra}</div>`;
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
