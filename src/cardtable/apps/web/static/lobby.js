// The lobby: your tables (seats this browser holds, rejoin with one click), "Play someone now" (quick match),
// a new table set up in plain words (seats for a computer, a friend or anyone), and the public tables anyone
// may watch, with "Take the seat" where a seat is open.
import { api, esc, forgetSeat, GAME_NAMES, mySeats, prefs, rememberSeat, siteHref, STATIC_SITE } from "/static/util.js";

const ABOUT_GAME = {
  gin: "Two players draw and discard to form runs and sets; knock when your loose cards are low.",
  casino: "Capture cards from the table with cards from your hand; 2 to 4 players, 4 in partnerships.",
  pinochle: "Two players win tricks and meld marriages, pinochles and runs with a 48-card pack.",
};
const ABOUT_PRESET = {
  "gin:standard": "Knock with 10 or less; gin scores a 25 bonus, big gin 31, an undercut 25.",
  "gin:modern": "The standard scoring plus 100 for winning the match, 25 a hand won, and a shutout counts double.",
  "gin:classic": "The older scoring: gin bonus 20, undercut bonus 10, no big gin; 100 for the match and 20 a hand won.",
  "gin:oklahoma": "The first upcard sets the knock limit (an ace means gin only), and a spade upcard doubles the hand.",
  "gin:openspiel": "The research version's rules: no big gin, the stock ends at a wall of two cards, a tie is no undercut.",
  "casino:standard": "Cards, spades, aces, the 10♦ and the 2♠ score, and every sweep scores a point.",
  "casino:classic": "The same, except that sweeps score nothing.",
  "pinochle:standard": "Aces and tens count 10, kings and queens 5; a dix scores 10 when it is played.",
  "pinochle:hoyle": "As in Hoyle: classic counting (ace 11, ten 10, king 4, queen 3, jack 2), each meld needs a card from the hand, double pinochle scores 300.",
};
const ABOUT_LEVEL = { random: "plays any legal move", easy: "a beginner", simple: "plays by simple rules of thumb", medium: "a solid player", hard: "the strongest: thinks ahead" };
const TARGET_WORDS = { gin: "The match ends when a player reaches this score.", casino: "The match ends when a side reaches this many points.", pinochle: "The game ends when a player reaches this score." };

const rulesWords = (game, preset) => `Rules: how to play ${GAME_NAMES[game]} (${preset})`;

export async function lobbyPage(main) {
  if (STATIC_SITE) return soloLobby(main);
  main.innerHTML = `<div class="lobby"><h1 class="sr-only">Lobby</h1><section class="panel" id="mine" aria-labelledby="mine-h"><h2 id="mine-h">My tables</h2><div id="mine-list"><p class="muted">Looking for your tables…</p></div></section>
    <section class="panel" aria-labelledby="quick-h"><h2 id="quick-h">Play someone now</h2><form id="quick" novalidate></form><div id="quick-msg" role="alert"></div></section>
    <section class="panel" aria-labelledby="open-h"><h2 id="open-h">Public tables</h2><div id="open-list"><p class="muted">Loading…</p></div></section>
    <section class="panel" aria-labelledby="new-h"><h2 id="new-h">New table</h2><form id="create" novalidate></form><div id="create-msg" role="alert"></div></section></div>`;
  const meta = await api("/api/meta");
  setupForm(main, meta);
  quickForm(main, meta);
  myTables(main);
  openTables(main);
}

async function myTables(main) {
  const box = main.querySelector("#mine-list");
  const seats = mySeats().slice(0, 12);
  if (!seats.length) { box.innerHTML = `<p class="muted">Tables you play at show up here, so you can come back to your seat after closing the page.</p>`; return; }
  const rows = await Promise.all(seats.map(async (x) => {
    try { return { x, t: await api(`/api/tables/${encodeURIComponent(x.id)}`) }; }
    catch (e) { return { x, gone: e.status === 404 || e.status === 410 ? (e.status === 410 ? "closed after a long time without a move" : "no longer exists") : null }; }
  }));
  box.innerHTML = `<ul class="tables">${rows.map(({ x, t, gone }) => {
    const game = GAME_NAMES[(t && t.game) || x.game] || x.game;
    const people = t ? t.seats.map((p, i) => (i === x.seat ? "you" : p.name)).join(", ") : (x.names || []).join(", ");
    const status = gone ? `This table ${gone}.` : !t ? "Cannot reach the server." : t.over ? "Match over." : t.waiting.length ? `Waiting for ${t.waiting.join(" and ")}.` : `Hand ${t.hand_no}: ${t.side_names.map((n, i) => `${n} ${t.totals[i]}`).join(", ")}.`;
    return `<li class="table-row"><div><b>${esc(game)}</b> with ${esc(people)}<div class="muted">${esc(status)}</div></div>
      <div class="row-actions">${gone ? "" : `<a class="btn primary" href="#/t/${esc(x.id)}/${esc(x.token)}" aria-label="Rejoin the ${esc(game)} table with ${esc(people)}">Rejoin</a>`}
      <button type="button" class="forget" data-id="${esc(x.id)}" aria-label="Forget the ${esc(game)} table with ${esc(people)}">Forget</button></div></li>`;
  }).join("")}</ul>`;
  box.querySelectorAll(".forget").forEach((b) => { b.onclick = () => { forgetSeat(b.dataset.id); myTables(main); }; });
}

const waited = (s) => (s < 60 ? "less than a minute" : s < 120 ? "1 minute" : `${Math.floor(s / 60)} minutes`);

async function openTables(main, refusal = "") {
  const box = main.querySelector("#open-list");
  const data = await api("/api/tables");
  const rows = data.tables.map((t) => {
    const game = GAME_NAMES[t.game];
    const people = t.seats.filter((p) => !p.open).map((p) => p.name).join(", ");
    const free = (t.free || []).length;
    const status = free ? `${free === 1 ? "A seat is" : `${free} seats are`} open · waiting ${waited(t.open_for || 0)}`
      : t.waiting.length ? `Waiting for ${t.waiting.join(" and ")}` : `Hand ${t.hand_no}: ${t.side_names.map((n, i) => `${n} ${t.totals[i]}`).join(", ")}`;
    const take = free ? `<button type="button" class="primary take" data-id="${esc(t.id)}" aria-label="Take the seat at the ${esc(game)} table with ${esc(people)}">Take the seat</button>` : "";
    return `<li class="table-row${free ? " open-row" : ""}"><div><b>${esc(game)}</b>${t.preset && t.preset !== "standard" ? ` <span class="muted">(${esc(t.preset)})</span>` : ""}: ${esc(people)}
      <div class="muted">${esc(status)}</div></div>
      <div class="row-actions">${take}<a class="btn" href="#/watch/${esc(t.id)}" aria-label="Watch the ${esc(game)} table with ${esc(people)}">Watch</a></div></li>`;
  });
  box.innerHTML = (refusal ? `<p class="error" role="alert">${esc(refusal)}</p>` : "") + (rows.length ? `<ul class="tables">${rows.join("")}</ul>`
    : `<p class="muted">No public tables right now. Tables among friends are private: they are reached through their invite and watch links.</p>`);
  box.querySelectorAll(".take").forEach((b) => {
    b.onclick = async () => {
      b.disabled = true;
      try {
        const t = await api(`/api/tables/${encodeURIComponent(b.dataset.id)}/take`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: myName(main) }) });
        sitDown(t);
      } catch (e) { openTables(main, e.message); }  // taken meanwhile: say so, and show the tables as they are now
    };
  });
}

// The name a person gives (the form's, else the one given last time), for a seat taken from the lobby.
const myName = (main) => ((main.querySelector("input[name=qname]") || {}).value || localStorage.getItem("my-name") || "").trim();

// A seat of one's own (from the lobby or a quick match): kept for "My tables", then the table.
function sitDown(t) {
  rememberSeat({ id: t.id, token: t.token, seat: t.seat, game: t.game, names: t.names });
  location.hash = `#/t/${t.id}/${t.token}`;
}

const QUICK_AFTER = [["", "keep waiting for a person"], ["30", "a computer after 30 s"], ["60", "a computer after 1 min"], ["120", "a computer after 2 min"]];

function quickForm(main, meta) {
  const form = main.querySelector("#quick");
  const games = Object.keys(meta.games);
  const render = () => {
    const old = Object.fromEntries(new FormData(form).entries());
    const game = games.includes(old.qgame) ? old.qgame : games[0];
    const g = meta.games[game];
    const after = old.qafter ?? localStorage.getItem("quick-after") ?? "60";
    const defLevel = g.levels.includes("medium") ? "medium" : g.levels[Math.min(1, g.levels.length - 1)];
    form.innerHTML = `<p class="about">Sit down at the first table where someone is waiting, or open one and wait for the next person (two players).</p>
      <div class="quick-grid">
      <label>Your name <input name="qname" maxlength="40" autocomplete="nickname" value="${esc(old.qname ?? localStorage.getItem("my-name") ?? "")}" placeholder="You"></label>
      <label>Game <select name="qgame">${games.map((x) => `<option value="${x}" ${x === game ? "selected" : ""}>${GAME_NAMES[x]}</option>`).join("")}</select></label>
      <label>Rules <select name="qpreset">${g.presets.map((p) => `<option value="${p}" ${p === old.qpreset ? "selected" : ""}>${p}</option>`).join("")}</select></label>
      <label>If nobody comes, offer me <select name="qafter">${QUICK_AFTER.map(([v, w]) => `<option value="${v}" ${v === after ? "selected" : ""}>${w}</option>`).join("")}</select></label>
      ${after ? `<label>Computer level <select name="qlevel">${g.levels.map((l) => `<option value="${l}" ${(old.qlevel || defLevel) === l ? "selected" : ""}>${l}: ${ABOUT_LEVEL[l] || "a computer player added to this server"}</option>`).join("")}</select></label>` : ""}
      </div>
      <button type="submit" id="quick-btn" class="primary big">Play someone now</button>`;
    form.querySelector("select[name=qgame]").onchange = render;
    form.querySelector("select[name=qafter]").onchange = render;
  };
  render();
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const f = Object.fromEntries(new FormData(form).entries());
    const name = (f.qname || "").trim();
    if (name) localStorage.setItem("my-name", name);
    localStorage.setItem("quick-after", f.qafter);
    const spec = { game: f.qgame, preset: f.qpreset, name: name || "You", computer_after: f.qafter ? Number(f.qafter) : null };
    if (f.qlevel) spec.level = f.qlevel;
    const btn = form.querySelector("#quick-btn");
    btn.disabled = true;
    try { sitDown(await api("/api/quick", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(spec) })); }
    catch (e) { btn.disabled = false; main.querySelector("#quick-msg").innerHTML = `<p class="error">${esc(e.message)}</p>`; }
  };
}

function setupForm(main, meta) {
  const form = main.querySelector("#create");
  const games = Object.keys(meta.games);
  const st = { game: games[0], players: 2 };
  const render = () => {
    const g = meta.games[st.game];
    const n = st.game === "casino" ? st.players : 2;
    const levels = g.levels;
    const defLevel = levels.includes("medium") ? "medium" : levels[Math.min(1, levels.length - 1)];
    const old = Object.fromEntries(new FormData(form).entries());
    const seatRows = Array.from({ length: n - 1 }, (_, k) => {
      const i = k + 1;
      const role = n === 4 ? (i === 2 ? "Your partner (across)" : i === 1 ? "Left opponent" : "Right opponent") : n === 3 ? (i === 1 ? "Left opponent" : "Right opponent") : "Opponent";
      const kind = old[`kind${i}`] || "computer";
      return `<fieldset class="seat-row"><legend>${role}</legend>
        ${STATIC_SITE ? "" : `<div class="seg" role="radiogroup" aria-label="${role}: who plays">
          <label><input type="radio" name="kind${i}" value="computer" ${kind === "computer" ? "checked" : ""}> Computer</label>
          <label><input type="radio" name="kind${i}" value="human" ${kind === "human" ? "checked" : ""}> A friend</label>
          <label><input type="radio" name="kind${i}" value="open" ${kind === "open" ? "checked" : ""}> Open seat (anyone)</label></div>`}
        ${kind === "open" ? `<p class="about">Anyone in the lobby can take this seat.</p>` : kind === "computer"
          ? `<label>Level <select name="level${i}">${levels.map((l) => `<option value="${l}" ${(old[`level${i}`] || defLevel) === l ? "selected" : ""}>${l}: ${ABOUT_LEVEL[l] || "a computer player added to this server"}</option>`).join("")}</select></label>`
          : `<label>Friend's name <input name="name${i}" maxlength="40" autocomplete="off" value="${esc(old[`name${i}`] || "")}" placeholder="e.g. Bea"></label>`}
      </fieldset>`;
    }).join("");
    const anyComputer = Array.from({ length: n - 1 }, (_, k) => (old[`kind${k + 1}`] || "computer") === "computer").some(Boolean);
    const kinds = Array.from({ length: n - 1 }, (_, k) => old[`kind${k + 1}`] || "computer");
    const anyOpen = kinds.includes("open");
    const anyFriend = !anyComputer || kinds.includes("human");
    const away = old.away || (anyOpen ? "computer" : "keep");
    const awayRows = kinds.some((k) => k !== "computer") ? `<fieldset class="away"><legend>If a player is gone</legend>
        <label>For longer than <select name="away_after">${[[60, "1 minute"], [120, "2 minutes"], [300, "5 minutes"], [900, "15 minutes"]].map(([v, w]) => `<option value="${v}" ${String(v) === (old.away_after || "120") ? "selected" : ""}>${w}</option>`).join("")}</select></label>
        <div class="seg" role="radiogroup" aria-label="What happens to the seat of a player who is gone">
          <label><input type="radio" name="away" value="computer" ${away === "computer" ? "checked" : ""}> A computer plays the seat</label>
          <label><input type="radio" name="away" value="offer" ${away === "offer" ? "checked" : ""}> Offer the seat to anyone</label>
          <label><input type="radio" name="away" value="keep" ${away === "keep" ? "checked" : ""}> Keep it for them</label></div>
        <p class="about">A player who comes back in time keeps the seat; the others are told what happened.</p></fieldset>` : "";
    const preset = g.presets.includes(old.preset) ? old.preset : g.presets[0];
    form.innerHTML = `
      <fieldset class="games"><legend>Game</legend>${games.map((x) => `<label class="game-tile ${x === st.game ? "on" : ""}"><input type="radio" name="game" value="${x}" ${x === st.game ? "checked" : ""}>
        <b>${GAME_NAMES[x]}</b><span>${ABOUT_GAME[x]}</span></label>`).join("")}</fieldset>
      <label>Your name <input name="name0" maxlength="40" autocomplete="nickname" value="${esc(old.name0 ?? localStorage.getItem("my-name") ?? "")}" placeholder="You"></label>
      ${st.game === "casino" ? `<label>Players <select name="players">${[2, 3, 4].map((p) => `<option value="${p}" ${p === n ? "selected" : ""}>${p === 4 ? "4 (two partnerships)" : p}</option>`).join("")}</select></label>` : ""}
      ${seatRows}
      <label>Rules <select name="preset" aria-describedby="preset-about">${g.presets.map((p) => `<option value="${p}" ${p === preset ? "selected" : ""}>${p}</option>`).join("")}</select></label>
      <p id="preset-about" class="about">${esc(ABOUT_PRESET[`${st.game}:${preset}`] || "")}</p>
      <p class="about"><a id="rules-link" href="${esc(siteHref(`/rules/${st.game}?preset=${preset}`))}">${rulesWords(st.game, preset)}</a></p>
      <label>Target score <input name="target" type="number" inputmode="numeric" min="1" max="100000" value="${esc(old.target || (g.target ?? ""))}" aria-describedby="target-about"></label>
      <p id="target-about" class="about">${esc(TARGET_WORDS[st.game])}</p>
      ${anyComputer ? `<label class="pace">Computer pace <input name="pace" type="range" min="0" max="2000" step="100" value="${prefs().pace}" aria-describedby="pace-about"></label><p id="pace-about" class="about">How long each computer move stays on screen before the next.</p>` : ""}
      ${awayRows}
      ${anyOpen ? `<p class="about">A table with an open seat is listed in the lobby: anyone can take the seat or watch.</p>`
        : anyFriend ? `<label class="check"><input type="checkbox" name="public" ${old.public ? "checked" : ""}> List this table in the lobby so anyone can watch</label>` : ""}
      <button type="submit" id="create-btn" class="primary big">${anyOpen ? "Open the table" : anyFriend && !anyComputer ? "Create the table and invite" : "Deal the cards"}</button>`;
    form.querySelectorAll("input[name=game]").forEach((r) => { r.onchange = () => { st.game = r.value; st.players = 2; form.querySelector("input[name=target]").value = ""; render(); }; });
    form.querySelectorAll("input[type=radio][name^=kind], input[type=radio][name=away]").forEach((r) => { r.onchange = render; });
    const pl = form.querySelector("select[name=players]"); if (pl) pl.onchange = () => { st.players = Number(pl.value); render(); };
    form.querySelector("select[name=preset]").onchange = (ev) => {
      form.querySelector("#preset-about").textContent = ABOUT_PRESET[`${st.game}:${ev.target.value}`] || "";
      const link = form.querySelector("#rules-link");
      link.href = siteHref(`/rules/${st.game}?preset=${encodeURIComponent(ev.target.value)}`); link.textContent = rulesWords(st.game, ev.target.value);
    };
  };
  render();
  form.onsubmit = async (ev) => {
    ev.preventDefault();
    const f = Object.fromEntries(new FormData(form).entries());
    const n = st.game === "casino" ? st.players : 2;
    const me = (f.name0 || "").trim();
    if (me) localStorage.setItem("my-name", me);
    if (f.pace !== undefined) localStorage.setItem("pace", f.pace);
    const seats = [{ kind: "human", name: me || "You" }];
    for (let i = 1; i < n; i++) {
      const kind = f[`kind${i}`];
      seats.push(kind === "human" ? { kind: "human", name: (f[`name${i}`] || "").trim() || `Friend ${i}` } : kind === "open" ? { kind: "open" } : { kind: "computer", level: f[`level${i}`] });
    }
    const spec = { game: st.game, preset: f.preset, seats, public: !!f.public, options: st.game === "casino" && n !== 2 ? { num_players: n } : {} };
    if (f.away) spec.away = { then: f.away, after: Number(f.away_after || 120) };
    if (f.target) spec.target = Number(f.target);
    const msg = main.querySelector("#create-msg");
    try {
      const t = await api("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(spec) });
      const humans = t.seats.filter((x) => x.token);
      localStorage.setItem(`invites:${t.id}`, JSON.stringify(humans.map((x) => ({ seat: x.seat, name: x.name, url: `${location.origin}/#/t/${t.id}/${x.token}` }))));
      rememberSeat({ id: t.id, token: humans[0].token, seat: humans[0].seat, game: t.game, names: t.seats.map((x) => x.name) });
      location.hash = `#/t/${t.id}/${humans[0].token}`;
    } catch (e) { msg.innerHTML = `<p class="error">${esc(e.message)}</p>`; }
  };
}


// --- the static site (`cardtable build-static`): one person against the computer, no server. The games are
// kept in this browser (IndexedDB): resume one, replay a finished one, export its record (`cardtable replay`
// reads it) or import one.
async function soloLobby(main) {
  main.innerHTML = `<div class="lobby"><h1 class="sr-only">Lobby</h1><section class="panel" id="mine" aria-labelledby="mine-h"><h2 id="mine-h">My tables</h2><div id="mine-list"><p class="muted">Looking for your games…</p></div>
    <p><label>Import a game record <input type="file" id="import" accept=".json,application/json,text/plain"></label></p><div id="import-msg" role="alert"></div></section>
    <section class="panel" aria-labelledby="new-h"><h2 id="new-h">New table</h2><p class="about">Play against the computer in this page: no server, and offline once the site is loaded.</p><form id="create" novalidate></form><div id="create-msg" role="alert"></div></section></div>`;
  const meta = await api("/api/meta");
  setupForm(main, meta);
  main.querySelector("#import").onchange = async (ev) => {
    const file = ev.target.files[0], box = main.querySelector("#import-msg");
    if (!file) return;
    try {
      const { ask } = await import("/static/transport.js");
      const saved = await ask("import", { text: await file.text() });
      box.innerHTML = `<p class="muted">Imported: ${esc(GAME_NAMES[saved.game])} with ${esc(saved.names.join(", "))}.</p>`;
      soloTables(main);
    } catch (e) { box.innerHTML = `<p class="error">${esc(e.message)}</p>`; }
    ev.target.value = "";
  };
  soloTables(main);
}

async function soloTables(main) {
  const { allGames, deleteGame } = await import("/static/solo-store.js");
  const box = main.querySelector("#mine-list");
  const games = await allGames();
  if (!games.length) { box.innerHTML = `<p class="muted">Your games are kept in this browser and show up here, so you can come back to them after closing the page.</p>`; return; }
  box.innerHTML = `<ul class="tables">${games.map((g) => {
    const game = GAME_NAMES[g.game] || g.game;
    const people = g.names.map((n, i) => (i === g.you ? "you" : n)).join(", ");
    const score = (g.totals || []).join(" to ");
    const status = g.finished ? `Match over: ${score}.` : `Hand ${g.hand_no}: ${score}.`;
    const actions = g.finished
      ? `<a class="btn primary" href="#/replay/${esc(g.id)}/1" aria-label="Replay the ${esc(game)} match with ${esc(people)}">Replay</a>
        <button type="button" class="export" data-id="${esc(g.id)}" aria-label="Export the record of the ${esc(game)} match with ${esc(people)}">Export</button>`
      : `<a class="btn primary" href="#/t/${esc(g.id)}/${esc(g.token)}" aria-label="Resume the ${esc(game)} table with ${esc(people)}">Resume</a>`;
    return `<li class="table-row" data-game-id="${esc(g.id)}"><div><b>${esc(game)}</b> with ${esc(people)}<div class="muted">${esc(status)}</div></div>
      <div class="row-actions">${actions}<button type="button" class="forget" data-id="${esc(g.id)}" aria-label="Delete the ${esc(game)} game with ${esc(people)}">Delete</button></div></li>`;
  }).join("")}</ul>`;
  box.querySelectorAll(".forget").forEach((b) => { b.onclick = async () => { await deleteGame(b.dataset.id); forgetSeat(b.dataset.id); soloTables(main); }; });
  box.querySelectorAll(".export").forEach((b) => {
    b.onclick = () => {
      const g = games.find((x) => x.id === b.dataset.id);
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([g.record], { type: "application/json" }));
      a.download = `cardtable-${g.game}-${g.id}.json`;
      document.body.append(a); a.click(); a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    };
  });
}
