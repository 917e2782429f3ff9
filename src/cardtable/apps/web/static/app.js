// cardtable front end: lobby, tables, finished matches, replays and statistics. ES module, no build step.
import { cardSVG, cardRow, prettyCard, prettyText, SUIT_NAMES } from "/static/cards.js";
import { renderStats } from "/static/stats.js";

const main = document.getElementById("main");
const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
let current = null; // the open table connection

async function api(path, opts) {
  const r = await fetch(path, opts);
  const body = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error(body.detail || r.statusText);
  return body;
}

function route() {
  if (current) { current.close(); current = null; }
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  const [page, a, b] = parts;
  if (page === "t" && a) return tablePage(a, b || null);
  if (page === "watch" && a) return tablePage(a, null);
  if (page === "finished") return finishedPage();
  if (page === "replay" && a) return replayPage(a, Number(b || 1));
  if (page === "stats") return statsPage();
  return lobbyPage();
}
window.addEventListener("hashchange", route);
window.addEventListener("DOMContentLoaded", route);

// ------------------------------------------------------------------ lobby
async function lobbyPage() {
  const meta = await api("/api/meta");
  const live = await api("/api/tables");
  const games = Object.keys(meta.games);
  main.innerHTML = `
  <section class="panel"><h2>New table</h2>
   <form id="create">
    <label>Game <select name="game">${games.map((g) => `<option>${g}</option>`).join("")}</select></label>
    <label>Preset <select name="preset"></select></label>
    <label>Target <input name="target" type="number" min="1" max="100000"></label>
    <label>Players <select name="players"></select></label>
    <div id="seats"></div>
    <button type="submit" id="create-btn">Create table</button>
   </form><div id="invites"></div></section>
  <section class="panel"><h2>Tables in play</h2>
   ${live.tables.length ? `<table class="list"><tr><th>Game</th><th>Seats</th><th>Score</th><th></th></tr>${live.tables.map((t) =>
     `<tr><td>${esc(t.game)}</td><td>${t.seats.map((s) => esc(s.name)).join(" · ")}</td><td>${esc(t.totals.join(" – "))}</td>
      <td><a href="#/watch/${esc(t.id)}">watch</a></td></tr>`).join("")}</table>` : "<p>No tables yet.</p>"}
  </section>`;
  const form = document.getElementById("create");
  const seatsDiv = document.getElementById("seats");
  const refresh = () => {
    const g = meta.games[form.game.value];
    form.preset.innerHTML = g.presets.map((p) => `<option>${p}</option>`).join("");
    form.target.value = g.target;
    form.players.innerHTML = g.players.map((p) => `<option>${p}</option>`).join("");
    seats();
  };
  const seats = () => {
    const g = meta.games[form.game.value];
    const n = Number(form.players.value || 2);
    const levels = g.levels;
    seatsDiv.innerHTML = Array.from({ length: n }, (_, i) => `
      <div class="seat-row">Seat ${i + 1}:
       <select name="kind${i}" data-seat="${i}"><option value="human"${i === 0 ? " selected" : ""}>person</option>
        <option value="computer"${i ? " selected" : ""}>computer</option></select>
       <input name="name${i}" placeholder="name" value="${i === 0 ? "You" : ""}">
       <select name="level${i}">${levels.map((l) => `<option${l === levels[Math.min(2, levels.length - 1)] ? " selected" : ""}>${l}</option>`).join("")}</select>
      </div>`).join("");
  };
  form.game.onchange = refresh;
  form.players.onchange = seats;
  refresh();
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const n = Number(form.players.value || 2);
    const spec = {
      game: form.game.value, preset: form.preset.value, target: Number(form.target.value) || undefined,
      options: form.game.value === "casino" && n !== 2 ? { num_players: n } : {},
      seats: Array.from({ length: n }, (_, i) => ({ kind: form[`kind${i}`].value, name: form[`name${i}`].value, level: form[`level${i}`].value })),
    };
    try {
      const t = await api("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(spec) });
      const humans = t.seats.filter((s) => s.token);
      const links = humans.map((s) => ({ ...s, url: `${location.origin}/#/t/${t.id}/${s.token}` }));
      localStorage.setItem(`invites:${t.id}`, JSON.stringify(links));
      location.hash = `#/t/${t.id}/${humans[0].token}`;
    } catch (e) { document.getElementById("invites").innerHTML = `<p class="error">${esc(e.message)}</p>`; }
  };
}

// ------------------------------------------------------------------ the table
function tablePage(id, token) {
  let ws = null, state = null, selected = new Set(), queue = [], busy = false, closed = false, retry = 500;
  let seenLast = Number(sessionStorage.getItem(`last:${id}`) || 0);
  let pace = Number(localStorage.getItem("pace") || 700);
  let hints = null, notice = "";
  main.innerHTML = `<div class="table-page"><div id="board" class="board"><p>Connecting…</p></div>
    <aside class="side"><div id="controls"></div><h3>Score sheet</h3><div id="sheet"></div><h3>Log</h3><ol id="log" class="log"></ol></aside></div>
    <div id="modal" class="modal hidden"></div>`;
  const connect = () => {
    const proto = location.protocol === "https:" ? "wss" : "ws";
    ws = new WebSocket(`${proto}://${location.host}/ws/${id}`);
    ws.onopen = () => { retry = 500; ws.send(JSON.stringify(token ? { t: "join", token } : { t: "spectate" })); };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.t === "state") { queue.push(msg); pump(); }
      else if (msg.t === "error") { notice = msg.msg; if (msg.code === "token" || msg.code === "no-table") closed = true; drawNotice(true); }
      else if (msg.t === "hints") { hints = msg.hints; draw(); }
    };
    ws.onclose = () => { if (!closed) { notice = "Connection lost — reconnecting…"; drawNotice(true); setTimeout(connect, retry); retry = Math.min(retry * 2, 8000); } };
  };
  const pump = async () => {
    if (busy) return;
    busy = true;
    while (queue.length) {
      const msg = queue.shift();
      const actors = msg.actors || [];
      const lastActor = actors.length ? actors[actors.length - 1] : null;
      const byOther = state && msg.n > state.n && lastActor !== null && lastActor >= 0 && lastActor !== msg.you;
      if (byOther && queue.length >= 0) await new Promise((r) => setTimeout(r, pace));
      if (state && msg.n !== state.n) { selected.clear(); hints = null; }
      state = msg;
      if (notice.startsWith("Connection")) notice = "";
      draw();
    }
    busy = false;
  };
  const send = (m) => { if (ws && ws.readyState === 1) ws.send(JSON.stringify(m)); };
  const act = (move) => { notice = ""; send({ t: "act", m: move, n: state.n }); };
  const drawNotice = (err) => { const el = document.getElementById("notice"); if (el) { el.textContent = notice; el.className = err ? "notice error" : "notice"; } else if (!state) document.getElementById("board").innerHTML = `<p class="error">${esc(notice)}</p>`; };

  const draw = () => {
    if (!state) return;
    const s = state, v = s.view, g = s.game, me = s.you;
    const names = s.seats.map((x) => x.name);
    const board = document.getElementById("board");
    const myTurn = me !== null && s.to_act === me;
    const banner = bannerFor(s);
    let html = `<div class="head"><b>${esc(g)}</b> · hand ${s.hand_no} · ${s.side_names.map((n, i) => `${esc(n)} <b>${s.totals[i]}</b>`).join(" · ")}${s.target ? ` · to ${s.target}` : ""}
      ${me === null ? ` · <span class="tag">spectating</span>` : ""}</div>`;
    if (banner) html += `<div class="banner">${esc(banner)}</div>`;
    if (s.over) html += `<div class="banner over">Match over: ${esc(s.side_names[s.over.winner])} wins ${s.over.final.join(" – ")}</div>`;
    html += opponents(s) + centre(s) + myArea(s, selected);
    html += `<div class="turn">${s.over ? "" : myTurn ? "<b>Your move.</b> " + prompt(s) : me === null ? `${esc(names[s.to_act] || "")} to play` : `Waiting for ${esc(names[s.to_act] || "…")}…`}</div>`;
    html += `<div id="notice" class="notice error">${esc(notice)}</div>`;
    if (myTurn) html += actionsPanel(s);
    if (hints) html += `<div class="hints"><b>Hints:</b> ${hints.length ? hints.map((h) => `<button class="hint" data-move="${esc(h.m)}">${esc(prettyText(h.label))}${h.value !== null ? ` (${h.value})` : ""}</button>`).join(" ") : "none"}</div>`;
    board.innerHTML = html;
    board.querySelectorAll(".hand .card.face").forEach((el) => {
      if (!myTurn) return;
      el.classList.add("clickable");
      el.onclick = () => { const c = el.dataset.card; if (selected.has(c)) selected.delete(c); else { if (g !== "pinochle") selected.clear(); selected.add(c); } draw(); };
    });
    board.querySelectorAll("button[data-move]").forEach((b) => { b.onclick = () => act(b.dataset.move); });
    const typed = document.getElementById("typed");
    if (typed) typed.onsubmit = (ev) => { ev.preventDefault(); act(typed.move.value); };
    controls(s);
    document.getElementById("sheet").innerHTML = sheet(s);
    const logEl = document.getElementById("log");
    logEl.innerHTML = (v.events || []).map((e, i) => ({ e, a: (s.actors || [])[i] })).filter((x) => !/^deal/.test(x.e)).slice(-40)
      .map((x) => `<li>${x.a >= 0 ? `<b>${esc(names[x.a])}</b>: ` : ""}${esc(prettyText(x.e.replace(/^seat \d+: /, "")))}</li>`).join("");
    logEl.scrollTop = logEl.scrollHeight;
    if (s.last && s.last.number > seenLast) showBreakdown(s);
  };

  const controls = (s) => {
    const el = document.getElementById("controls");
    const invites = JSON.parse(localStorage.getItem(`invites:${id}`) || "[]");
    el.innerHTML = `<label>Computer pace <input id="pace" type="range" min="0" max="2000" step="100" value="${pace}"> <span>${pace} ms</span></label>
      <div class="buttons">${s.you !== null ? `<button id="hint-btn" ${s.hints && s.to_act === s.you ? "" : "disabled"}>Hint</button>
      <button id="undo-btn" ${s.can_undo ? "" : "disabled"}>Undo</button>` : ""}<button id="leave-btn">Leave</button></div>
      <div class="seats">${s.seats.map((x, i) => `<div>${x.online ? "●" : "○"} ${esc(x.name)}${i === s.you ? " (you)" : ""}</div>`).join("")}</div>
      ${invites.length > 1 ? `<details><summary>Invite links</summary>${invites.map((l) => `<div class="invite">${esc(l.name)}: <input readonly value="${esc(l.url)}"></div>`).join("")}</details>` : ""}
      <div>Watch link: <input readonly value="${esc(location.origin + "/#/watch/" + id)}"></div>`;
    const p = document.getElementById("pace");
    p.oninput = () => { pace = Number(p.value); localStorage.setItem("pace", pace); p.nextElementSibling.textContent = `${pace} ms`; };
    const hb = document.getElementById("hint-btn"); if (hb) hb.onclick = () => send({ t: "hint" });
    const ub = document.getElementById("undo-btn"); if (ub) ub.onclick = () => send({ t: "undo", n: state.n });
    document.getElementById("leave-btn").onclick = () => { closed = true; send({ t: "leave" }); location.hash = "#/"; };
  };

  const actionsPanel = (s) => {
    const sel = [...selected];
    const legal = s.legal;
    const legalSet = new Set(legal.map((a) => a.m));
    let shown;
    if (!sel.length) {
      shown = legal.filter((a) => !a.cards.length).map((a) => ({ ...a, ok: true }));
      if (!shown.length && legal.length <= 6) shown = legal.map((a) => ({ ...a, ok: true })); // e.g. how to lay out gin melds
    }
    else {
      shown = legal.filter((a) => sel.every((c) => a.cards.includes(c))).map((a) => ({ ...a, ok: true }));
      for (const t of templates(s, sel)) if (!legalSet.has(t) && !shown.some((a) => a.m === t)) shown.push({ m: t, label: t, ok: false });
    }
    const many = legal.length > 0 && legal.every((a) => a.cards.length);
    return `<div class="actions">${shown.map((a) => `<button class="action ${a.ok ? "" : "illegal"}" data-move="${esc(a.m)}" title="${a.ok ? "" : "not legal now: click to see why"}">${esc(prettyText(a.label))}</button>`).join("")}
      ${!shown.length && many ? `<span class="help">Select a card to see its moves.</span>` : ""}</div>
      <form id="typed" class="typed"><input name="move" placeholder="or type a move, e.g. ${esc(legal[0] ? legal[0].m : "")}" maxlength="200"><button>Play</button></form>`;
  };

  // The end of a hand. Gin knocks lay the defender's cards off one by one at the table's pace
  // (pace 0: all at once), as the terminal app does; Space: next card, Enter: all, then close.
  let layoffTimer = null, modalKeys = null;
  const stopLayoffs = () => {
    if (layoffTimer) clearTimeout(layoffTimer);
    layoffTimer = null;
    if (modalKeys) document.removeEventListener("keydown", modalKeys);
    modalKeys = null;
  };
  const showBreakdown = (s) => {
    stopLayoffs();
    seenLast = s.last.number;
    sessionStorage.setItem(`last:${id}`, String(seenLast));
    const m = document.getElementById("modal");
    const last = s.last;
    const sd = s.game === "gin" ? last.view.showdown : null;
    const steps = (sd && sd.layoff_steps) || [];
    let step = pace > 0 ? 0 : steps.length;
    const close = () => { stopLayoffs(); m.classList.add("hidden"); };
    const render = () => {
      const going = step < steps.length;
      m.innerHTML = `<div class="dialog"><h2>Hand ${last.number} over</h2>${breakdown(s, last, step)}
        <div class="buttons">${going ? `<button id="next-layoff">Next card (Space)</button> <button id="all-layoffs">Show all (Enter)</button> ` : ""}<button id="close-modal">Continue</button></div></div>`;
      if (going) {
        document.getElementById("next-layoff").onclick = () => advance(step + 1);
        document.getElementById("all-layoffs").onclick = () => advance(steps.length);
      }
      document.getElementById("close-modal").onclick = close;
    };
    const advance = (to) => {
      if (layoffTimer) clearTimeout(layoffTimer);
      layoffTimer = null;
      const card = to === step + 1 ? steps[step].card : null;
      const from = card ? m.querySelector(`.to-lay-off [data-card="${card}"]`) : null;
      const start = from ? from.getBoundingClientRect() : null;
      step = Math.min(to, steps.length);
      render();
      const el = card ? m.querySelector(`.laid.new[data-card="${card}"]`) : null;
      if (start && el && el.animate) { // the card travels from the defender's row onto the knocker's meld
        const end = el.getBoundingClientRect();
        el.animate([{ transform: `translate(${start.left - end.left}px, ${start.top - end.top}px)` }, { transform: "none" }],
          { duration: Math.max(150, Math.min(600, pace * 0.6)), easing: "ease-out" });
      }
      if (step < steps.length) layoffTimer = setTimeout(() => advance(step + 1), Math.max(250, pace));
    };
    modalKeys = (ev) => {
      if (m.classList.contains("hidden")) return;
      if (ev.key === " " && step < steps.length) { ev.preventDefault(); advance(step + 1); }
      else if (ev.key === "Enter" || ev.key === "Escape") { ev.preventDefault(); if (step < steps.length) advance(steps.length); else close(); }
    };
    document.addEventListener("keydown", modalKeys);
    render();
    m.classList.remove("hidden");
    if (step < steps.length) layoffTimer = setTimeout(() => advance(step + 1), Math.max(250, pace));
  };
  current = { close: () => { closed = true; stopLayoffs(); if (ws) ws.close(); } };
  connect();
}

function templates(s, sel) {
  const c = sel[0], ph = s.view.phase;
  if (s.game === "gin" && (ph === "discard" || ph === "wall-knock")) return [`discard ${c}`, `knock ${c}`];
  if (s.game === "casino") return [`${c} trail`];
  if (s.game === "pinochle" && ph === "play") return [`play ${c}`];
  return [];
}

function bannerFor(s) {
  const v = s.view;
  if (s.game === "casino" && v.last_deal) return `LAST deal (${v.deal_number}/${v.num_deals})`;
  if (s.game === "pinochle") return v.stage === 2 ? "Stage 2: stock exhausted — follow suit, must win if able" : v.stock_size <= 2 && v.stock_size > 0 ? "Last draw" : "";
  if (s.game === "gin" && (v.phase === "wall" || v.phase === "wall-knock")) return "The stock is down to 2: knock now or the hand is void";
  if (s.game === "gin" && v.stock_size <= 4 && v.stock_size > 2) return `Stock nearly out: ${v.stock_size} cards left`;
  return "";
}

function prompt(s) {
  const v = s.view;
  const p = {
    offer: "Take the first upcard or pass.", "offer-dealer": "Take the first upcard or pass.", "forced-draw": "Draw from the stock.",
    draw: "Draw from the stock or take the upcard.", discard: "Select a card, then discard or knock with it.",
    wall: "Take the upcard to knock, or pass.", "wall-knock": "Select the card to knock with.", arrange: "Choose how to lay out your melds.",
  };
  if (s.game === "gin") return p[v.phase] || "";
  if (s.game === "casino") return "Select a hand card: its captures, builds and trail are shown.";
  if (s.game === "pinochle") return v.phase === "meld" ? "You won the trick: select cards to meld, or no meld." : v.phase === "exchange" ? "Exchange the dix for the trump card?" : "Select a card and play it.";
  return "";
}

function opponents(s) {
  const v = s.view, me = s.you === null ? 0 : s.you;
  const out = [];
  s.seats.forEach((x, i) => {
    if (i === me && s.you !== null) return;
    if (s.you === null && i === 0) return;
    let n = 0, known = [];
    if (s.game === "gin") { n = v.opponent_hand_size; known = v.opponent_known; if (v.opponent_hand) known = v.opponent_hand; }
    else if (s.game === "casino") n = v.hand_sizes[i];
    else if (s.game === "pinochle") { n = v.opponent_hand_size - (v.opponent_melded || []).length; known = v.opponent_melded || []; }
    const backs = Array.from({ length: Math.max(0, Math.min(n, 16) - (s.game === "gin" && v.opponent_hand ? n : 0)) }, () => "??");
    out.push(`<div class="opponent"><div class="who">${esc(x.name)}${v.dealer === i ? " (dealer)" : ""}${s.to_act === i ? " ◀" : ""} · ${n} cards</div>
      <div class="cards small">${backs.map((t) => cardSVG(t)).join("")}</div>
      ${known.length ? `<div class="known">${s.game === "gin" && v.opponent_hand ? "hand" : s.game === "pinochle" ? "melded" : "known"}: ${cardRow(known, "small")}</div>` : ""}</div>`);
  });
  return `<div class="opponents">${out.join("")}</div>`;
}

function centre(s) {
  const v = s.view, names = s.seats.map((x) => x.name);
  if (s.game === "gin") {
    const pile = v.discard_pile || [];
    return `<div class="centre"><div><div class="label">Stock ${v.stock_size}</div>${v.stock_size ? cardSVG("??") : ""}</div>
      <div><div class="label">Discard ${pile.length}</div>${pile.length ? cardSVG(pile[pile.length - 1], "upcard") : '<div class="empty"></div>'}</div>
      <div class="info">Knock limit <b>${v.knock_limit}</b><br>Dealer ${esc(names[v.dealer])}</div></div>`;
  }
  if (s.game === "casino") {
    return `<div class="centre casino"><div class="info">Deal ${v.deal_number}/${v.num_deals} · pack ${v.pack_size}${v.last_capturer !== null ? ` · last capture: ${esc(names[v.last_capturer])}` : ""}</div>
      <div class="label">Table</div>${(v.table || []).length ? cardRow(v.table) : '<div class="help">(no loose cards)</div>'}
      ${(v.builds || []).map((b) => `<div class="build"><b>[${b.value}]</b> ${esc(b.kind)} build of ${esc(names[b.controller])}: ${b.groups.map((gr) => cardRow(gr, "small")).join(" | ")}</div>`).join("")}
      <div class="info">Taken: ${v.captured_counts.map((c, i) => `side ${i + 1}: ${c} cards, ${v.spade_counts[i]}♠, ${v.sweeps[i]} sweeps`).join(" · ")}</div></div>`;
  }
  if (s.game === "pinochle") {
    const last = (v.tricks || []).length ? v.tricks[v.tricks.length - 1] : null;
    return `<div class="centre"><div><div class="label">Stock ${v.stock_size}</div>${v.stock_size ? cardSVG("??") : ""}</div>
      <div><div class="label">Trump card</div>${v.trump_card ? cardSVG(v.trump_card) : '<div class="empty"></div>'}</div>
      <div><div class="label">Trick</div>${v.lead ? cardSVG(v.lead, "upcard") : '<div class="empty"></div>'}</div>
      <div class="info">Trump <b>${v.trump >= 0 ? SUIT_NAMES[v.trump] : "-"}</b><br>Stage ${v.stage}<br>Meld ${v.meld_points.join(" / ")}
      ${v.extras && v.extras.claim !== undefined ? `<br>Claim ${v.extras.claim} of ${v.extras.target} (declare out)` : ""}
      ${last ? `<br>Last trick ${prettyCard(last[1])} ${prettyCard(last[2])} → ${esc(names[last[3]])}` : ""}</div></div>`;
  }
  return "";
}

function myArea(s, sel) {
  const v = s.view;
  if (s.you === null) return `<div class="hand-area"><div class="label">Hand of ${esc(s.seats[0].name)} (face down unless both players know a card)</div>${cardRow(v.hand, "hand")}</div>`;
  let caption = "", html = "";
  if (s.game === "gin" && v.extras && v.extras.melds) {
    const groups = v.extras.melds.map((m) => `<div class="meld">${m.map((c) => cardSVG(c, sel.has(c) ? "selected" : "")).join("")}</div>`).join("");
    html = `<div class="cards hand">${groups}<div class="meld dead">${v.extras.deadwood_cards.map((c) => cardSVG(c, sel.has(c) ? "selected" : "")).join("")}</div></div>`;
    caption = `${v.extras.melds.length} meld(s) · deadwood <b>${v.deadwood}</b>`;
    const best = v.extras.best_after_discard;
    if (best === 0) caption += ` · <b class="good">you can go gin</b>`;
    else if (best !== undefined && best <= v.knock_limit) caption += ` · <b class="good">you can knock (${best} ≤ ${v.knock_limit})</b>`;
  } else if (s.game === "pinochle") {
    html = cardRow(v.hand, "hand", sel) + ((v.melded || []).length ? `<div class="label">Your melded cards (playable)</div>${cardRow(v.melded, "hand melded", sel)}` : "");
    caption = `meld points ${v.meld_points[v.seat]} · tricks won ${Math.floor((v.won[v.seat] || []).length / 2)}`;
  } else html = cardRow(v.hand, "hand", sel);
  return `<div class="hand-area"><div class="label">Your hand ${caption ? "· " + caption : ""}</div>${html}</div>`;
}

function sheet(s) {
  return `<table class="list"><tr><th>#</th>${s.side_names.map((n) => `<th>${esc(n)}</th>`).join("")}<th></th></tr>
    ${s.sheet.map((r) => `<tr><td>${r.hand}</td>${r.points.map((p, i) => `<td>${p} <small>(${r.totals[i]})</small></td>`).join("")}<td><small>${esc(r.summary)}</small></td></tr>`).join("")}</table>`;
}

export function breakdown(s, last, step = Infinity) {
  const names = s.side_names || [];
  const v = last.view;
  const d = last.details || {};
  const points = `<p>${last.points.map((p, i) => `${esc(names[i] || "side " + (i + 1))}: <b>${p}</b>`).join(" · ")}</p>`;
  let html = `<p><b>${esc(last.summary)}</b></p>${points}`;
  if (s.game === "gin" && v.showdown) {
    const sd = v.showdown;
    if (sd.outcome === "void") html += `<p>Void hand: ${esc(sd.void_reason)}. Nobody scores; the same dealer deals again.</p>`;
    else html = ginShowdown(names, sd, v.rules || {}, step, points);
  } else if (s.game === "casino" && d.sides) {
    const rows = [["cards taken", "cards"], ["spades taken", "spades"], ["most cards", "most_cards"], ["most spades", "most_spades"], ["aces", "aces"], ["big casino 10♦", "big_casino"], ["little casino 2♠", "little_casino"], ["sweeps", "sweep_points"], ["points", "total"]];
    html += `<table class="list"><tr><th></th>${d.sides.map((_, i) => `<th>${esc(names[i] || "side " + (i + 1))}</th>`).join("")}</tr>${rows.map(([l, k]) => `<tr><td>${l}</td>${d.sides.map((x) => `<td>${x[k] ?? 0}</td>`).join("")}</tr>`).join("")}</table>`;
  } else if (s.game === "pinochle" && d.meld_points) {
    const rows = [["meld", d.meld_points], ["counters", d.counters], ["card points", d.card_points]];
    html += `<table class="list"><tr><th></th>${names.map((n) => `<th>${esc(n)}</th>`).join("")}</tr>${rows.map(([l, xs]) => `<tr><td>${l}</td>${(xs || []).map((x) => `<td>${x}</td>`).join("")}</tr>`).join("")}
      <tr><td>last trick</td>${names.map((_, i) => `<td>${d.last_trick === i ? "✓" : ""}</td>`).join("")}</tr></table>`;
  }
  return html;
}

const OUTCOME_WORD = { knock: "knocked", gin: "went gin", "big gin": "went big gin" };
const RESULT_WORD = { knock: "knock won", undercut: "undercut", tie: "tie (no score)", gin: "gin", "big gin": "big gin" };

// A Gin showdown after `step` of its layoffs (the server's layoff_steps, in order): the knocker's melds
// and deadwood with the cards laid off so far, the defender's melds, cards still to lay off and
// deadwood; once every layoff is shown, the result (knock, undercut, tie, gin) and the points.
function ginShowdown(names, sd, rules, step, points) {
  const steps = sd.layoff_steps || [];
  const k = Math.max(0, Math.min(step, steps.length));
  const shown = steps.slice(0, k);
  const laid = new Set(shown.map((x) => x.card));
  const newest = k ? steps[k - 1].card : null;
  const melds = sd.knocker_melds.map((m, i) => shown.reduce((cur, x) => (x.meld === i ? x.meld_after : cur), m));
  const face = (c) => cardSVG(c, laid.has(c) ? (c === newest ? "laid new" : "laid") : "");
  const group = (cards, cls = "") => `<span class="meld ${cls}">${cards.map((c) => cardSVG(c)).join("")}</span>`;
  const who = (i) => esc(names[i] ?? `seat ${i + 1}`);
  const knocker = sd.knocker, defender = 1 - knocker;
  const pending = steps.slice(k).map((x) => x.card);
  const deadNow = k < steps.length ? steps[k].deadwood_before : sd.defender_deadwood;
  let html = `<p class="showdown-title"><b>${who(knocker)}</b> ${OUTCOME_WORD[sd.outcome] || esc(sd.outcome)}${sd.knock_card ? ` with ${prettyCard(sd.knock_card)} face down` : ""}.</p>
    <div class="label">${who(knocker)}'s melds and deadwood (${sd.knocker_deadwood})</div>
    <div class="cards small knocker-melds">${melds.map((m) => `<span class="meld">${m.map(face).join("")}</span>`).join("")}${group(sd.knocker_deadwood_cards, "dead")}</div>
    <div class="label">${who(defender)}'s melds${pending.length ? ", cards to lay off" : ""} and deadwood (<span class="defender-deadwood">${deadNow}</span>)</div>
    <div class="cards small defender-cards">${sd.defender_melds.map((m) => group(m)).join("")}${pending.length ? group(pending, "to-lay-off") : ""}${group(sd.defender_deadwood_cards, "dead")}</div>`;
  if (shown.length) html += `<p class="laid-off">Laid off: ${shown.map((x) => `${prettyCard(x.card)} onto ${x.onto.map(prettyCard).join("")}`).join(" · ")}</p>`;
  if (k < steps.length) return html + `<p class="laying-off"><i>Laying off… (${k}/${steps.length})</i></p>`;
  const gin = sd.outcome === "gin" || sd.outcome === "big gin";
  const winner = sd.winner === null || sd.winner === undefined ? "Nobody" : who(sd.winner);
  const row = (a, b) => `<tr><td>${a}</td><td>${b}</td></tr>`;
  return html + `<table class="list gin-result">${row("Knocker deadwood K", sd.knocker_deadwood)}
    ${gin ? row("Defender deadwood D₀", `${sd.defender_deadwood_no_layoffs} (no layoffs against gin)`)
    : row("Defender deadwood D", `${sd.defender_deadwood} (was ${sd.defender_deadwood_no_layoffs} before layoffs)`)}
    ${row("Result", `<b class="result-word">${esc(RESULT_WORD[sd.result] || sd.result)}</b>${sd.doubled ? " (doubled: spade upcard)" : ""}`)}
    ${row("Points", `<b>${winner} scores ${Math.max(...sd.points)}</b>`)}${row("Why", esc(ginWhy(sd, rules)))}</table>${points}`;
}

function ginWhy(sd, rules) {
  const k = sd.knocker_deadwood, d = sd.defender_deadwood, d0 = sd.defender_deadwood_no_layoffs;
  if (sd.result === "gin") return `gin bonus ${rules.gin_bonus ?? 25} + D₀ ${d0}`;
  if (sd.result === "big gin") return `big gin bonus ${rules.big_gin_bonus ?? 31} + D₀ ${d0}`;
  if (sd.result === "knock") return `D − K = ${d} − ${k}`;
  if (sd.result === "undercut") return `undercut bonus ${rules.undercut_bonus ?? 25} + (K − D) = ${rules.undercut_bonus ?? 25} + ${k - d}`;
  if (sd.result === "tie") return "D = K and undercut_on_tie is off: nobody scores";
  return "";
}

// ------------------------------------------------------------------ finished matches, replays, statistics
async function finishedPage() {
  const data = await api("/api/finished");
  main.innerHTML = `<section class="panel"><h2>Finished matches</h2>${data.games.length ? `<table class="list"><tr><th>Game</th><th>Players</th><th>Final</th><th>Winner</th><th>Hands</th><th></th></tr>
    ${data.games.map((g) => `<tr><td>${esc(g.game)}</td><td>${g.names.map(esc).join(" vs ")}</td><td>${(g.final || []).join(" – ")}</td><td>${esc(g.names[g.winner] || "")}</td><td>${g.hands}</td>
    <td><a href="#/replay/${esc(g.uid)}/1">replay</a></td></tr>`).join("")}</table>` : "<p>No finished matches yet.</p>"}</section>`;
}

async function replayPage(uid, hand) {
  const data = await api(`/api/replay/${uid}?hand=${hand}`);
  let i = 0;
  const names = data.info.seat_names;
  const draw = () => {
    const f = data.frames[i];
    const game = data.info.game;
    main.innerHTML = `<section class="panel replay"><h2>Replay: ${esc(game)} · ${names.map(esc).join(" vs ")} · hand ${hand}/${data.hands}</h2>
      <div class="buttons"><button id="first">|◀</button><button id="prev">◀</button> move ${i + 1}/${data.frames.length} <button id="next">▶</button><button id="last">▶|</button>
      ${hand > 1 ? `<a href="#/replay/${uid}/${hand - 1}">previous hand</a>` : ""} ${hand < data.hands ? `<a href="#/replay/${uid}/${hand + 1}">next hand</a>` : ""}</div>
      <p class="move">${f.actor >= 0 ? `<b>${esc(names[f.actor])}</b>: ` : ""}${esc(prettyText(f.label))}</p>
      ${f.views.map((v, s) => `<div class="hand-area"><div class="label">${esc(names[s])}</div>${cardRow(v.hand, "hand")}${(v.melded || []).length ? cardRow(v.melded, "small") : ""}</div>`).join("")}
      ${replayCentre(game, f.views[0], names)}
      ${i === data.frames.length - 1 && data.result ? `<div class="panel">${breakdown({ game, side_names: data.info.names }, { ...data.result, view: f.views[0] })}</div>` : ""}</section>`;
    const go = (k) => { i = Math.max(0, Math.min(data.frames.length - 1, k)); draw(); };
    document.getElementById("first").onclick = () => go(0);
    document.getElementById("prev").onclick = () => go(i - 1);
    document.getElementById("next").onclick = () => go(i + 1);
    document.getElementById("last").onclick = () => go(data.frames.length - 1);
  };
  draw();
}

function replayCentre(game, v, names) {
  return centre({ game, view: v, seats: names.map((n) => ({ name: n })) });
}

async function statsPage() {
  const data = await api("/api/stats");
  main.innerHTML = `<section class="panel"><h2>Statistics</h2><div id="charts"></div></section>`;
  renderStats(document.getElementById("charts"), data);
}

