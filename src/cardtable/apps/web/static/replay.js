// Finished matches and their replays: every seat's hand face up, the table as it was after each move,
// and at the end of a Gin hand the showdown played card by card as at the live table.
import { cardRow, prettyText } from "/static/cards.js";
import { api, computerName, esc, gameName, prefs, seatHeaders } from "/static/util.js";
import { nt, t } from "/static/i18n.js";
import { playShowdown } from "/static/breakdown.js";
import { narrate } from "/static/narrate.js";
import * as gin from "/static/games/gin.js";
import * as casino from "/static/games/casino.js";
import * as pinochle from "/static/games/pinochle.js";

const GAMES = { gin, casino, pinochle };

/** A side's or seat's name as the record has it, a computer's in the page's language ("Left & Right"). */
const named = (name) => String(name ?? "").split(" & ").map(computerName).join(" & ");
const versus = (names) => names.reduce((a, b) => t("{a} vs {b}", { a, b }));

function finishedRow(g) {
  const game = gameName(g.game), names = g.names.map(named);
  const bits = [];
  const totals = (g.final || []).map(String), final = totals.length ? totals.reduce((a, b) => t("{a} to {b}", { a, b })) : "";
  bits.push(g.winner !== null && g.winner !== undefined ? t("{score}, {name} won", { score: final, name: names[g.winner] }) : final);
  bits.push(nt("{n} hand", "{n} hands", g.hands));
  if (g.you !== null && g.you !== undefined) bits.push(t("you played {name}", { name: named(g.seat_names[g.you]) }));
  const label = t("Replay {game}: {players}", { game, players: versus(names) });
  return `<li class="table-row"><div><b>${esc(game)}</b>: ${esc(versus(names))}
    <div class="muted">${esc(bits.join(" · "))}</div></div>
    <div class="row-actions"><a class="btn" href="#/replay/${esc(g.uid)}/1" aria-label="${esc(label)}">${esc(t("Replay"))}</a></div></li>`;
}

export async function finishedPage(main) {
  const data = await api("/api/finished", { headers: seatHeaders() });  // public matches, and this browser's own
  const title = t("Finished matches"), none = t("No finished matches yet.");
  const about = t("Listed: the public tables' matches, and your own (of the tables under My tables). A match among friends is shown only to its players.");
  main.innerHTML = `<section class="panel"><h1>${esc(title)}</h1>${data.games.length ? `<ul class="tables">${data.games.map(finishedRow).join("")}</ul>` : `<p class="muted">${esc(none)}</p>`}<p class="muted">${esc(about)}</p></section>`;
}

export async function replayPage(main, uid, hand) {
  const data = await api(`/api/replay/${encodeURIComponent(uid)}?hand=${hand}`, { headers: seatHeaders() });
  const game = data.info.game, names = data.info.seat_names.map(named), frames = data.frames;
  let i = 0, player = null;
  const go = (k) => { i = Math.max(0, Math.min(frames.length - 1, k)); draw(); };
  const draw = () => {
    if (player) { player.stop(); player = null; }
    const held = main.contains(document.activeElement) ? document.activeElement.id : "";  // the button pressed keeps the focus
    const f = frames[i], v0 = f.views[0];
    const s = { game, view: v0, you: null, seats: names.map((n) => ({ name: n, kind: "human" })), sides: names.map((_, k) => k % (data.info.names.length || 2)), side_names: data.info.names.map(named), legal: [], to_act: f.actor };
    const who = f.actor >= 0 ? names[f.actor] : null;
    const said = who ? narrate(f.m, who) : t("The cards are dealt");
    const w = {
      title: t("Replay: {game}", { game: gameName(game) }), hand: t("hand {n} of {total}", { n: hand, total: data.hands }), controls: t("Replay controls"),
      first: t("First move"), prev: t("Previous move"), next: t("Next move"), last: t("Last move"), step: t("Move {n} of {total}", { n: i + 1, total: frames.length }),
      prevHand: t("Previous hand"), nextHand: t("Next hand"), end: t("End of the hand"),
    };
    const handOf = (k) => t("{name}'s hand", { name: names[k] });
    const end = i === frames.length - 1 && data.result;
    main.innerHTML = `<section class="replay felt"><header class="tbar"><h1 class="title">${esc(w.title)} <small>· ${esc(w.hand)}</small></h1>
      <div class="scores">${esc(versus(names))}</div></header>
      <nav class="replay-nav" aria-label="${esc(w.controls)}"><button type="button" id="first" aria-label="${esc(w.first)}">|◀</button><button type="button" id="prev" aria-label="${esc(w.prev)}">◀</button>
        <span class="step" aria-live="polite">${esc(w.step)}</span><button type="button" id="next" aria-label="${esc(w.next)}">▶</button><button type="button" id="last" aria-label="${esc(w.last)}">▶|</button>
        ${hand > 1 ? `<a class="btn" href="#/replay/${esc(uid)}/${hand - 1}">${esc(w.prevHand)}</a>` : ""}${hand < data.hands ? `<a class="btn" href="#/replay/${esc(uid)}/${hand + 1}">${esc(w.nextHand)}</a>` : ""}</nav>
      <p class="prompt">${esc(prettyText(said || f.label))}</p>
      ${f.views.map((v, k) => `<section class="seat ${f.actor === k ? "to-act" : ""}" aria-label="${esc(handOf(k))}"><div class="seat-head"><span class="name">${esc(names[k])}</span></div>
        <div class="cards open-hand">${cardRow(v.hand, { key: "" })}${(v.melded || []).length ? `<span class="gap"></span>${cardRow(v.melded, { cls: "small", key: "" })}` : ""}</div></section>`).join("")}
      ${GAMES[game].centre(s, new Set())}
      ${end ? `<section class="panel showdown-box" id="showdown" aria-label="${esc(w.end)}"></section>` : ""}</section>`;
    main.querySelector("#first").onclick = () => go(0);
    main.querySelector("#prev").onclick = () => go(i - 1);
    main.querySelector("#next").onclick = () => go(i + 1);
    main.querySelector("#last").onclick = () => go(frames.length - 1);
    main.querySelectorAll(".centre [data-move]").forEach((b) => { b.disabled = true; });
    if (held && held !== "main") main.querySelector(`#${held}`)?.focus();
    if (end) player = playShowdown(main.querySelector("#showdown"), { game, side_names: data.info.names.map(named) }, { ...data.result, view: v0 }, { pace: prefs().pace || 600, title: `<h2>${esc(w.end)}</h2>` });
  };
  // ← and → step through the moves, Home and End go to the first and the last (not while typing)
  const onKey = (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.target.closest?.("input, select, textarea")) return;
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: frames.length - 1 }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    go(to);
  };
  document.addEventListener("keydown", onKey);
  draw();
  return { close: () => { document.removeEventListener("keydown", onKey); if (player) player.stop(); } };
}

