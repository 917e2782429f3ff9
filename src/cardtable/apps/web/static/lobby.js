// The lobby: your tables (seats this browser holds, rejoin with one click), "Play someone now" (quick match),
// a new table set up in plain words (seats for a computer, a friend or anyone), and the public tables anyone
// may watch, with "Take the seat" where a seat is open.
import { api, computerName, esc, forgetSeat, gameName, mySeats, prefs, rememberSeat, siteHref, STATIC_SITE } from "/static/util.js";
import { listWords, markup, nt, pt, t, th } from "/static/i18n.js";

const aboutGame = (game) => ({
  gin: t("Two players draw and discard to form runs and sets; knock when your loose cards are low."),
  casino: t("Capture cards from the table with cards from your hand; 2 to 4 players, 4 in partnerships."),
  pinochle: t("Two players win tricks and meld marriages, pinochles and runs with a 48-card pack."),
})[game] || "";
const aboutPreset = (key) => ({
  "gin:standard": t("Knock with 10 or less; gin scores a 25 bonus, big gin 31, an undercut 25."),
  "gin:modern": t("The standard scoring plus 100 for winning the match, 25 a hand won, and a shutout counts double."),
  "gin:classic": t("The older scoring: gin bonus 20, undercut bonus 10, no big gin; 100 for the match and 20 a hand won."),
  "gin:oklahoma": t("The first upcard sets the knock limit (an ace means gin only), and a spade upcard doubles the hand."),
  "gin:openspiel": t("The research version's rules: no big gin, the stock ends at a wall of two cards, a tie is no undercut."),
  "casino:standard": t("Cards, spades, aces, the 10♦ and the 2♠ score, and every sweep scores a point."),
  "casino:classic": t("The same, except that sweeps score nothing."),
  "pinochle:standard": t("Aces and tens count 10, kings and queens 5; a dix scores 10 when it is played."),
  "pinochle:hoyle": t("As in Hoyle: classic counting (ace 11, ten 10, king 4, queen 3, jack 2), each meld needs a card from the hand, double pinochle scores 300."),
})[key] || "";
// a preset's and a level's name as a player reads it (a name the server added is shown as it is)
const presetName = (p) => ({
  standard: pt("preset", "standard"), modern: pt("preset", "modern"), classic: pt("preset", "classic"),
  oklahoma: pt("preset", "Oklahoma"), openspiel: pt("preset", "OpenSpiel"), hoyle: pt("preset", "Hoyle"),
})[p] || p;
const levelWords = (l) => ({
  random: t("random: plays any legal move"), easy: t("easy: a beginner"), simple: t("simple: plays by simple rules of thumb"),
  medium: t("medium: a solid player"), hard: t("hard: the strongest, thinks ahead"),
})[l] || t("{level}: a computer player added to this server", { level: l });
const targetWords = (game) => ({
  gin: t("The match ends when a player reaches this score."), casino: t("The match ends when a side reaches this many points."),
  pinochle: t("The game ends when a player reaches this score."),
})[game] || "";

const rulesWords = (game, preset) => t("Rules: how to play {game} ({preset})", { game: gameName(game), preset: presetName(preset) });
// "Hand 3: Ann 45, Bob 12" and "Waiting for Bea and Cy": a table's state in a line
const scoreLine = (n, scores) => t("Hand {n}: {scores}", { n, scores });
const sideScores = (tb) => listWords(tb.side_names.map((name, i) =>
  // TRANSLATORS: a player or side and their points in a table's score line ("Ann 45, Bob 12")
  t("{name} {points}", { name: shownName(tb, name), points: tb.totals[i] })), "narrow");
const waitingFor = (tb) => t("Waiting for {names}", { names: listWords(tb.waiting.map((name) => shownName(tb, name))) });

// Messages are never written inside a template nested in another template, nor inside an attribute's quotes:
// Babel's extractor (babel.cfg) would not find them there. Such pieces are made first, then put in.
const aria = (text) => ` aria-label="${esc(text)}"`;
const placeholder = (text) => ` placeholder="${esc(text)}"`;
const options = (values, chosen, words) => values.map((v) => `<option value="${esc(v)}" ${String(v) === String(chosen) ? "selected" : ""}>${esc(words(v))}</option>`).join("");
const radio = (name, value, checked, words) => `<label><input type="radio" name="${name}" value="${value}" ${checked ? "checked" : ""}> ${esc(words)}</label>`;

export async function lobbyPage(main) {
  if (STATIC_SITE) return soloLobby(main);
  main.innerHTML = `<div class="lobby"><h1 class="sr-only">${esc(t("Lobby"))}</h1><section class="panel" id="mine" aria-labelledby="mine-h"><h2 id="mine-h">${esc(t("My tables"))}</h2><div id="mine-list"><p class="muted">${esc(t("Looking for your tables…"))}</p></div></section>
    <section class="panel" aria-labelledby="quick-h"><h2 id="quick-h">${esc(t("Play someone now"))}</h2><form id="quick" novalidate></form><div id="quick-msg" role="alert"></div></section>
    <section class="panel" aria-labelledby="open-h"><h2 id="open-h">${esc(t("Public tables"))}</h2><div id="open-list"><p class="muted">${esc(t("Loading…"))}</p></div></section>
    <section class="panel" aria-labelledby="new-h"><h2 id="new-h">${esc(t("New table"))}</h2><form id="create" novalidate></form><div id="create-msg" role="alert"></div></section></div>`;
  const meta = await api("/api/meta");
  setupForm(main, meta);
  quickForm(main, meta);
  myTables(main);
  openTables(main);
}

// The names the server gives the seats nobody named (a computer by its place at the table, an open seat), in
// the page's language; a name a person gave stays as it is.
const seatName = (seat) => (seat.open ? t("open seat") : seat.kind === "computer" ? computerName(seat.name) : seat.name);
// a name the table's summary gives (whom it waits for, a side "Bea & Partner") as the seat's own is shown
function shownName(tb, name) {
  const seat = tb.seats.find((s) => s.name === name);
  return seat ? seatName(seat) : name.split(" & ").map((part) => { const s = tb.seats.find((x) => x.name === part); return s ? seatName(s) : part; }).join(" & ");
}

// the players at a table as the lobby names them: "you" for one's own seat
// TRANSLATORS: "you" is one's own seat in a list of players ("Bea, you")
const peopleAt = (names, mine) => listWords(names.map((n, i) => (i === mine ? t("you") : n)), "narrow");

function myRow({ x, tb, gone }) {
  const game = gameName((tb && tb.game) || x.game);
  const people = tb ? peopleAt(tb.seats.map(seatName), x.seat) : listWords((x.names || []).map(computerName), "narrow");
  // TRANSLATORS: "{line}." ends a status line with a full stop ("Waiting for Bea." / "Bea を待っています。")
  const status = gone === "closed" ? t("This table closed after a long time without a move.") : gone ? t("This table no longer exists.")
    : !tb ? t("Cannot reach the server.") : tb.over ? t("Match over.") : tb.waiting.length ? t("{line}.", { line: waitingFor(tb) })
      : t("{line}.", { line: scoreLine(tb.hand_no, sideScores(tb)) });
  const rejoin = gone ? "" : `<a class="btn primary" href="#/t/${esc(x.id)}/${esc(x.token)}"${aria(t("Rejoin the {game} table with {people}", { game, people }))}>${esc(t("Rejoin"))}</a>`;
  const bold = markup(`<b>${esc(game)}</b>`);
  return `<li class="table-row"><div>${th("{game} with {people}", { game: bold, people })}<div class="muted">${esc(status)}</div></div>
    <div class="row-actions">${rejoin}<button type="button" class="forget" data-id="${esc(x.id)}"${aria(t("Forget the {game} table with {people}", { game, people }))}>${esc(t("Forget"))}</button></div></li>`;
}

async function myTables(main) {
  const box = main.querySelector("#mine-list");
  const seats = mySeats().slice(0, 12);
  if (!seats.length) { box.innerHTML = `<p class="muted">${esc(t("Tables you play at show up here, so you can come back to your seat after closing the page."))}</p>`; return; }
  const rows = await Promise.all(seats.map(async (x) => {
    try { return { x, tb: await api(`/api/tables/${encodeURIComponent(x.id)}`) }; }
    catch (e) { return { x, gone: e.status === 410 ? "closed" : e.status === 404 ? "gone" : null }; }
  }));
  box.innerHTML = `<ul class="tables">${rows.map(myRow).join("")}</ul>`;
  box.querySelectorAll(".forget").forEach((b) => { b.onclick = () => { forgetSeat(b.dataset.id); myTables(main); }; });
}

// The server's refusals in the page's language, by their code (cardtable.apps.web.api_errors), with the numbers
// the server sends; a code not here shows the server's English words.
const REFUSALS = {
  "bad-request": () => t("The server did not accept this request."),
  "bad-json": () => t("The server could not read this request."),
  "bad-target": (p) => t("The target score is a whole number from 1 to {max}.", { max: p.max }),
  taken: () => t("Someone took this seat a moment ago. Here are the tables as they are now."),
  over: () => t("This match is over: its seats are no longer open."),
  stale: () => t("The seats changed meanwhile. Try again."),
  database: () => t("The database is unavailable. Try again in a moment."),
  expired: () => t("This table closed after a long time without a move."),
  "no-table": () => t("This table no longer exists."),
  "too-many-new": (p) => nt("At most {n} new table a minute can be set up from here. Try again in a minute.",
    "At most {n} new tables a minute can be set up from here. Try again in a minute.", p.n),
  "too-many-mine": (p) => nt("You already have {n} table in play, the most one address may have. Finish one first (a table nobody plays at closes by itself after a while).",
    "You already have {n} tables in play, the most one address may have. Finish one first (a table nobody plays at closes by itself after a while).", p.n),
  "server-full": () => t("The server is full. Try again later."),
};
/** What a failed request says to the player: the words for its code, else the server's own. */
export const refusalText = (e) => (e.code && Object.hasOwn(REFUSALS, e.code) ? REFUSALS[e.code](e.params || {}) : e.message);

const waited = (s) => (s < 60 ? t("less than a minute") : nt("{n} minute", "{n} minutes", Math.floor(s / 60)));

function openRow(tb) {
  const game = gameName(tb.game);
  const people = listWords(tb.seats.filter((p) => !p.open).map(seatName), "narrow");
  const free = (tb.free || []).length;
  const status = free ? nt("A seat is open · waiting {time}", "{n} seats are open · waiting {time}", free, { time: waited(tb.open_for || 0) })
    : tb.waiting.length ? waitingFor(tb) : scoreLine(tb.hand_no, sideScores(tb));
  const take = free ? `<button type="button" class="primary take" data-id="${esc(tb.id)}"${aria(t("Take the seat at the {game} table with {people}", { game, people }))}>${esc(t("Take the seat"))}</button>` : "";
  const rules = tb.preset && tb.preset !== "standard" ? ` <span class="muted">(${esc(presetName(tb.preset))})</span>` : "";
  const head = markup(`<b>${esc(game)}</b>${rules}`);
  return `<li class="table-row${free ? " open-row" : ""}"><div>${th("{game}: {people}", { game: head, people })}
    <div class="muted">${esc(status)}</div></div>
    <div class="row-actions">${take}<a class="btn" href="#/watch/${esc(tb.id)}"${aria(t("Watch the {game} table with {people}", { game, people }))}>${esc(t("Watch"))}</a></div></li>`;
}

async function openTables(main, refusal = "") {
  const box = main.querySelector("#open-list");
  const data = await api("/api/tables");
  const rows = data.tables.map(openRow);
  const none = `<p class="muted">${esc(t("No public tables right now. Tables among friends are private: they are reached through their invite and watch links."))}</p>`;
  box.innerHTML = (refusal ? `<p class="error" role="alert">${esc(refusal)}</p>` : "") + (rows.length ? `<ul class="tables">${rows.join("")}</ul>` : none);
  box.querySelectorAll(".take").forEach((b) => {
    b.onclick = async () => {
      b.disabled = true;
      try {
        const tb = await api(`/api/tables/${encodeURIComponent(b.dataset.id)}/take`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: myName(main) }) });
        sitDown(tb);
      } catch (e) { openTables(main, refusalText(e)); }  // taken meanwhile: say so, and show the tables as they are now
    };
  });
}

// The name a person gives (the form's, else the one given last time), for a seat taken from the lobby.
const myName = (main) => ((main.querySelector("input[name=qname]") || {}).value || localStorage.getItem("my-name") || "").trim();

// A seat of one's own (from the lobby or a quick match): kept for "My tables", then the table.
function sitDown(tb) {
  rememberSeat({ id: tb.id, token: tb.token, seat: tb.seat, game: tb.game, names: tb.names });
  location.hash = `#/t/${tb.id}/${tb.token}`;
}

const quickAfter = (v) => ({ "": t("keep waiting for a person"), 30: t("a computer after 30 s"), 60: t("a computer after 1 min"), 120: t("a computer after 2 min") })[v];
// the name given to the server when none is typed (the server shows it to the other players)
// TRANSLATORS: the name of a player who typed none (the name box's placeholder too)
const youName = () => t("You");

function quickForm(main, meta) {
  const form = main.querySelector("#quick");
  const games = Object.keys(meta.games);
  const render = () => {
    const old = Object.fromEntries(new FormData(form).entries());
    const game = games.includes(old.qgame) ? old.qgame : games[0];
    const g = meta.games[game];
    const after = old.qafter ?? localStorage.getItem("quick-after") ?? "60";
    const defLevel = g.levels.includes("medium") ? "medium" : g.levels[Math.min(1, g.levels.length - 1)];
    const name = esc(old.qname ?? localStorage.getItem("my-name") ?? "");
    const level = after ? `<label>${esc(t("Computer level"))} <select name="qlevel">${options(g.levels, old.qlevel || defLevel, levelWords)}</select></label>` : "";
    form.innerHTML = `<p class="about">${esc(t("Sit down at the first table where someone is waiting, or open one and wait for the next person (two players)."))}</p>
      <div class="quick-grid">
      <label>${esc(t("Your name"))} <input name="qname" maxlength="40" autocomplete="nickname" value="${name}"${placeholder(youName())}></label>
      <label>${esc(t("Game"))} <select name="qgame">${options(games, game, gameName)}</select></label>
      <label>${esc(t("Rules"))} <select name="qpreset">${options(g.presets, old.qpreset, presetName)}</select></label>
      <label>${esc(t("If nobody comes, offer me"))} <select name="qafter">${options(["", "30", "60", "120"], after, quickAfter)}</select></label>
      ${level}
      </div>
      <button type="submit" id="quick-btn" class="primary big">${esc(t("Play someone now"))}</button>`;
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
    const spec = { game: f.qgame, preset: f.qpreset, name: name || youName(), computer_after: f.qafter ? Number(f.qafter) : null };
    if (f.qlevel) spec.level = f.qlevel;
    const btn = form.querySelector("#quick-btn");
    btn.disabled = true;
    try { sitDown(await api("/api/quick", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(spec) })); }
    catch (e) { btn.disabled = false; main.querySelector("#quick-msg").innerHTML = `<p class="error">${esc(refusalText(e))}</p>`; }
  };
}

// one seat of a new table: who plays it (a computer and its level, a friend and their name, or anyone)
function seatRow(i, n, old, levels, defLevel) {
  const role = n === 4 ? (i === 2 ? t("Your partner (across)") : i === 1 ? t("Left opponent") : t("Right opponent"))
    : n === 3 ? (i === 1 ? t("Left opponent") : t("Right opponent")) : t("Opponent");
  const field = `kind${i}`;
  const kind = old[field] || "computer";
  const who = STATIC_SITE ? "" : `<div class="seg" role="radiogroup"${aria(t("{seat}: who plays", { seat: role }))}>
      ${radio(field, "computer", kind === "computer", t("Computer"))}
      ${radio(field, "human", kind === "human", t("A friend"))}
      ${radio(field, "open", kind === "open", t("Open seat (anyone)"))}</div>`;
  const name = esc(old[`name${i}`] || "");
  const level = `<label>${esc(t("Level"))} <select name="level${i}">${options(levels, old[`level${i}`] || defLevel, levelWords)}</select></label>`;
  const friend = `<label>${esc(t("Friend's name"))} <input name="name${i}" maxlength="40" autocomplete="off" value="${name}"${placeholder(t("e.g. Bea"))}></label>`;
  const open = `<p class="about">${esc(t("Anyone in the lobby can take this seat."))}</p>`;
  return `<fieldset class="seat-row"><legend>${esc(role)}</legend>${who}${kind === "open" ? open : kind === "computer" ? level : friend}</fieldset>`;
}

// what happens to the seat of a person who is gone (a table with friends or an open seat)
function awayRow(old, away) {
  const after = options([60, 120, 300, 900], old.away_after || "120", (v) => nt("{n} minute", "{n} minutes", v / 60));
  return `<fieldset class="away"><legend>${esc(t("If a player is gone"))}</legend>
    <label>${esc(t("For longer than"))} <select name="away_after">${after}</select></label>
    <div class="seg" role="radiogroup"${aria(t("What happens to the seat of a player who is gone"))}>
      ${radio("away", "computer", away === "computer", t("A computer plays the seat"))}
      ${radio("away", "offer", away === "offer", t("Offer the seat to anyone"))}
      ${radio("away", "keep", away === "keep", t("Keep it for them"))}</div>
    <p class="about">${esc(t("A player who comes back in time keeps the seat; the others are told what happened."))}</p></fieldset>`;
}

function gameTile(x, on) {
  return `<label class="game-tile ${on ? "on" : ""}"><input type="radio" name="game" value="${x}" ${on ? "checked" : ""}>
    <b>${esc(gameName(x))}</b><span>${esc(aboutGame(x))}</span></label>`;
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
    const seatRows = Array.from({ length: n - 1 }, (_, k) => seatRow(k + 1, n, old, levels, defLevel)).join("");
    const kinds = Array.from({ length: n - 1 }, (_, k) => old[`kind${k + 1}`] || "computer");
    const anyComputer = kinds.includes("computer");
    const anyOpen = kinds.includes("open");
    const anyFriend = !anyComputer || kinds.includes("human");
    const away = old.away || (anyOpen ? "computer" : "keep");
    const awayRows = kinds.some((k) => k !== "computer") ? awayRow(old, away) : "";
    const preset = g.presets.includes(old.preset) ? old.preset : g.presets[0];
    const name = esc(old.name0 ?? localStorage.getItem("my-name") ?? "");
    const players = st.game !== "casino" ? "" : `<label>${esc(t("Players"))} <select name="players">${options([2, 3, 4], n, (p) => (p === 4 ? t("4 (two partnerships)") : String(p)))}</select></label>`;
    const rulesHref = esc(siteHref(`/rules/${st.game}?preset=${preset}`));
    const target = esc(old.target || (g.target ?? ""));
    const pace = !anyComputer ? "" : `<label class="pace">${esc(t("Computer pace"))} <input name="pace" type="range" min="0" max="2000" step="100" value="${prefs().pace}" aria-describedby="pace-about"></label>
      <p id="pace-about" class="about">${esc(t("How long each computer move stays on screen before the next."))}</p>`;
    const listed = anyOpen ? `<p class="about">${esc(t("A table with an open seat is listed in the lobby: anyone can take the seat or watch."))}</p>`
      : !anyFriend ? "" : `<label class="check"><input type="checkbox" name="public" ${old.public ? "checked" : ""}> ${esc(t("List this table in the lobby so anyone can watch"))}</label>`;
    const go = anyOpen ? t("Open the table") : anyFriend && !anyComputer ? t("Create the table and invite") : t("Deal the cards");
    form.innerHTML = `
      <fieldset class="games"><legend>${esc(t("Game"))}</legend>${games.map((x) => gameTile(x, x === st.game)).join("")}</fieldset>
      <label>${esc(t("Your name"))} <input name="name0" maxlength="40" autocomplete="nickname" value="${name}"${placeholder(youName())}></label>
      ${players}
      ${seatRows}
      <label>${esc(t("Rules"))} <select name="preset" aria-describedby="preset-about">${options(g.presets, preset, presetName)}</select></label>
      <p id="preset-about" class="about">${esc(aboutPreset(`${st.game}:${preset}`))}</p>
      <p class="about"><a id="rules-link" href="${rulesHref}">${esc(rulesWords(st.game, preset))}</a></p>
      <label>${esc(t("Target score"))} <input name="target" type="number" inputmode="numeric" min="1" max="100000" value="${target}" aria-describedby="target-about"></label>
      <p id="target-about" class="about">${esc(targetWords(st.game))}</p>
      ${pace}
      ${awayRows}
      ${listed}
      <button type="submit" id="create-btn" class="primary big">${esc(go)}</button>`;
    form.querySelectorAll("input[name=game]").forEach((r) => { r.onchange = () => { st.game = r.value; st.players = 2; form.querySelector("input[name=target]").value = ""; render(); }; });
    form.querySelectorAll("input[type=radio][name^=kind], input[type=radio][name=away]").forEach((r) => { r.onchange = render; });
    const pl = form.querySelector("select[name=players]"); if (pl) pl.onchange = () => { st.players = Number(pl.value); render(); };
    form.querySelector("select[name=preset]").onchange = (ev) => {
      form.querySelector("#preset-about").textContent = aboutPreset(`${st.game}:${ev.target.value}`);
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
    const seats = [{ kind: "human", name: me || youName() }];
    for (let i = 1; i < n; i++) {
      const kind = f[`kind${i}`];
      seats.push(kind === "human" ? { kind: "human", name: (f[`name${i}`] || "").trim() || t("Friend {n}", { n: i }) } : kind === "open" ? { kind: "open" } : { kind: "computer", level: f[`level${i}`] });
    }
    const spec = { game: st.game, preset: f.preset, seats, public: !!f.public, options: st.game === "casino" && n !== 2 ? { num_players: n } : {} };
    if (f.away) spec.away = { then: f.away, after: Number(f.away_after || 120) };
    if (f.target) spec.target = Number(f.target);
    const msg = main.querySelector("#create-msg");
    try {
      const tb = await api("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(spec) });
      const humans = tb.seats.filter((x) => x.token);
      localStorage.setItem(`invites:${tb.id}`, JSON.stringify(humans.map((x) => ({ seat: x.seat, name: x.name, url: `${location.origin}/#/t/${tb.id}/${x.token}` }))));
      rememberSeat({ id: tb.id, token: humans[0].token, seat: humans[0].seat, game: tb.game, names: tb.seats.map((x) => x.name) });
      location.hash = `#/t/${tb.id}/${humans[0].token}`;
    } catch (e) { msg.innerHTML = `<p class="error">${esc(refusalText(e))}</p>`; }
  };
}


// --- the static site (`cardtable build-static`): one person against the computer, no server. The games are
// kept in this browser (IndexedDB): resume one, replay a finished one, export its record (`cardtable replay`
// reads it) or import one.
async function soloLobby(main) {
  main.innerHTML = `<div class="lobby"><h1 class="sr-only">${esc(t("Lobby"))}</h1><section class="panel" id="mine" aria-labelledby="mine-h"><h2 id="mine-h">${esc(t("My tables"))}</h2><div id="mine-list"><p class="muted">${esc(t("Looking for your games…"))}</p></div>
    <p><label class="file-pick">${esc(t("Import a game record"))} <input type="file" id="import" accept=".json,application/json,text/plain"><span class="btn" aria-hidden="true">${esc(t("Choose a file…"))}</span></label></p><div id="import-msg" role="alert"></div></section>
    <section class="panel" aria-labelledby="new-h"><h2 id="new-h">${esc(t("New table"))}</h2><p class="about">${esc(t("Play against the computer in this page: no server, and offline once the site is loaded."))}</p><form id="create" novalidate></form><div id="create-msg" role="alert"></div></section></div>`;
  const meta = await api("/api/meta");
  setupForm(main, meta);
  main.querySelector("#import").onchange = async (ev) => {
    const file = ev.target.files[0], box = main.querySelector("#import-msg");
    if (!file) return;
    try {
      const { ask } = await import("/static/transport.js");
      const saved = await ask("import", { text: await file.text() });
      const said = t("Imported: {game} with {people}.", { game: gameName(saved.game), people: listWords(saved.names.map(computerName), "narrow") });
      box.innerHTML = `<p class="muted">${esc(said)}</p>`;
      soloTables(main);
    } catch (e) { box.innerHTML = `<p class="error">${esc(e.message)}</p>`; }
    ev.target.value = "";
  };
  soloTables(main);
}

function soloRow(g) {
  const game = gameName(g.game);
  const people = peopleAt(g.names.map(computerName), g.you);
  const totals = (g.totals || []).map(String);
  // TRANSLATORS: the totals of a match, "121 to 95" (three or four players: "61 to 40 to 20")
  const score = totals.length ? totals.reduce((a, b) => t("{a} to {b}", { a, b })) : "";
  const status = g.finished ? t("Match over: {score}.", { score }) : t("{line}.", { line: scoreLine(g.hand_no, score) });
  const replay = `<a class="btn primary" href="#/replay/${esc(g.id)}/1"${aria(t("Replay the {game} match with {people}", { game, people }))}>${esc(t("Replay"))}</a>
    <button type="button" class="export" data-id="${esc(g.id)}"${aria(t("Export the record of the {game} match with {people}", { game, people }))}>${esc(t("Export"))}</button>`;
  const resume = `<a class="btn primary" href="#/t/${esc(g.id)}/${esc(g.token)}"${aria(t("Resume the {game} table with {people}", { game, people }))}>${esc(t("Resume"))}</a>`;
  const bold = markup(`<b>${esc(game)}</b>`);
  return `<li class="table-row" data-game-id="${esc(g.id)}"><div>${th("{game} with {people}", { game: bold, people })}<div class="muted">${esc(status)}</div></div>
    <div class="row-actions">${g.finished ? replay : resume}<button type="button" class="forget" data-id="${esc(g.id)}"${aria(t("Delete the {game} game with {people}", { game, people }))}>${esc(t("Delete"))}</button></div></li>`;
}

async function soloTables(main) {
  const { allGames, deleteGame } = await import("/static/solo-store.js");
  const box = main.querySelector("#mine-list");
  const games = await allGames();
  if (!games.length) { box.innerHTML = `<p class="muted">${esc(t("Your games are kept in this browser and show up here, so you can come back to them after closing the page."))}</p>`; return; }
  box.innerHTML = `<ul class="tables">${games.map(soloRow).join("")}</ul>`;
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
