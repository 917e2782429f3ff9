// Finished matches and their replays: every seat's hand face up, the table as it was after each move,
// and at the end of a Gin hand the showdown played card by card as at the live table.
import { cardRow, prettyText } from "/static/cards.js";
import { api, esc, GAME_NAMES, prefs, seatHeaders } from "/static/util.js";
import { playShowdown } from "/static/breakdown.js";
import { narrate } from "/static/narrate.js";
import * as gin from "/static/games/gin.js";
import * as casino from "/static/games/casino.js";
import * as pinochle from "/static/games/pinochle.js";

const GAMES = { gin, casino, pinochle };

export async function finishedPage(main) {
  const data = await api("/api/finished", { headers: seatHeaders() });  // public matches, and this browser's own
  main.innerHTML = `<section class="panel"><h1>Finished matches</h1>${data.games.length ? `<ul class="tables">${data.games.map((g) => `<li class="table-row"><div><b>${esc(GAME_NAMES[g.game])}</b>: ${g.names.map(esc).join(" vs ")}
    <div class="muted">${(g.final || []).join(" to ")}${g.winner !== null && g.winner !== undefined ? `, ${esc(g.names[g.winner])} won` : ""} · ${g.hands === 1 ? "1 hand" : `${g.hands} hands`}${g.you !== null && g.you !== undefined ? ` · you played ${esc(g.seat_names[g.you])}` : ""}</div></div>
    <div class="row-actions"><a class="btn" href="#/replay/${esc(g.uid)}/1" aria-label="Replay ${esc(GAME_NAMES[g.game])}: ${esc(g.names.join(" vs "))}">Replay</a></div></li>`).join("")}</ul>` : `<p class="muted">No finished matches yet.</p>`}<p class="muted">Listed: the public tables' matches, and your own (of the tables under My tables). A match among friends is shown only to its players.</p></section>`;
}

export async function replayPage(main, uid, hand) {
  const data = await api(`/api/replay/${encodeURIComponent(uid)}?hand=${hand}`, { headers: seatHeaders() });
  const game = data.info.game, names = data.info.seat_names, frames = data.frames;
  let i = 0, player = null;
  const go = (k) => { i = Math.max(0, Math.min(frames.length - 1, k)); draw(); };
  const draw = () => {
    if (player) { player.stop(); player = null; }
    const held = main.contains(document.activeElement) ? document.activeElement.id : "";  // the button pressed keeps the focus
    const f = frames[i], v0 = f.views[0];
    const s = { game, view: v0, you: null, seats: names.map((n) => ({ name: n, kind: "human" })), sides: names.map((_, k) => k % (data.info.names.length || 2)), side_names: data.info.names, legal: [], to_act: f.actor };
    const who = f.actor >= 0 ? names[f.actor] : null;
    const said = who ? narrate(f.m, who) : "The cards are dealt";
    const end = i === frames.length - 1 && data.result;
    main.innerHTML = `<section class="replay felt"><header class="tbar"><h1 class="title">Replay: ${esc(GAME_NAMES[game])} <small>· hand ${hand} of ${data.hands}</small></h1>
      <div class="scores">${esc(names.join(" vs "))}</div></header>
      <nav class="replay-nav" aria-label="Replay controls"><button type="button" id="first" aria-label="First move">|◀</button><button type="button" id="prev" aria-label="Previous move">◀</button>
        <span class="step" aria-live="polite">Move ${i + 1} of ${frames.length}</span><button type="button" id="next" aria-label="Next move">▶</button><button type="button" id="last" aria-label="Last move">▶|</button>
        ${hand > 1 ? `<a class="btn" href="#/replay/${esc(uid)}/${hand - 1}">Previous hand</a>` : ""}${hand < data.hands ? `<a class="btn" href="#/replay/${esc(uid)}/${hand + 1}">Next hand</a>` : ""}</nav>
      <p class="prompt">${esc(prettyText(said || f.label))}</p>
      ${f.views.map((v, k) => `<section class="seat ${f.actor === k ? "to-act" : ""}" aria-label="${esc(names[k])}'s hand"><div class="seat-head"><span class="name">${esc(names[k])}</span></div>
        <div class="cards open-hand">${cardRow(v.hand, { key: "" })}${(v.melded || []).length ? `<span class="gap"></span>${cardRow(v.melded, { cls: "small", key: "" })}` : ""}</div></section>`).join("")}
      ${GAMES[game].centre(s, new Set())}
      ${end ? `<section class="panel showdown-box" id="showdown" aria-label="End of the hand"></section>` : ""}</section>`;
    main.querySelector("#first").onclick = () => go(0);
    main.querySelector("#prev").onclick = () => go(i - 1);
    main.querySelector("#next").onclick = () => go(i + 1);
    main.querySelector("#last").onclick = () => go(frames.length - 1);
    main.querySelectorAll(".centre [data-move]").forEach((b) => { b.disabled = true; });
    if (held && held !== "main") main.querySelector(`#${held}`)?.focus();
    if (end) player = playShowdown(main.querySelector("#showdown"), { game, side_names: data.info.names }, { ...data.result, view: v0 }, { pace: prefs().pace || 600, title: "<h2>End of the hand</h2>" });
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

