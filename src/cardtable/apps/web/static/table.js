// The table page: one WebSocket to the server (the authority), the felt with every player's place,
// the one line that says what to do now, the moves as buttons in words, and a drawer with the score
// sheet, the log and the settings. Game specifics live in games/*.js.
import { cardName, fan, prettyText, shortCard } from "/static/cards.js";
import { click, esc, gameName, levelName, prefs, rememberSeat, siteHref, STATIC_SITE } from "/static/util.js";
import { snapshot, slide } from "/static/motion.js";
import { narrate } from "/static/narrate.js";
import { playShowdown } from "/static/breakdown.js";
import { focusSpot, restoreFocus, rove } from "/static/keys.js";
import { retrier } from "/static/reconnect.js";
import { openSocket } from "/static/transport.js";
import { isMe, isYou, seatName, sideName, why } from "/static/games/common.js";
import { language, listWords, markup, nt, pt, t, th } from "/static/i18n.js";
import * as gin from "/static/games/gin.js";
import * as casino from "/static/games/casino.js";
import * as pinochle from "/static/games/pinochle.js";

const GAMES = { gin, casino, pinochle };

function inviteUrl(id, token) { return `${location.origin}/#/t/${id}/${token}`; }
function watchUrl(id) { return `${location.origin}/#/watch/${id}`; }

export function tablePage(main, id, token) {
  let ws = null, state = null, latest = null, queue = [], busy = false, closed = false;
  let sel = new Set(), hints = null, notice = "", drawerOpen = false, showdown = null, lastTap = { c: null, t: 0 };
  const roving = {};  // each keyboard group's current item (keys.js)
  let online = false;  // the connection is up: while it is not, moves wait (disabled) and a banner offers "Try now"
  let seenLast = Number(sessionStorage.getItem(`last:${id}`) || 0);
  let cheer = "", cheerTimer = null;
  let roomNote = "";  // who left or came (.room): stays through the others' moves until one's own
  let ruleLink = null;  // [message, address]: a refused move's rule, explained on the rules page
  let pausedNote = "", databaseNote = false;  // the database's pause, as the server said it (in the page's language)
  const lostWords = () => t("Not connected: your move waits until the table is back");
  let { pace } = prefs();
  const drawerName = t("Score sheet, log and settings");
  main.innerHTML = `<div class="table-page"><div id="felt" class="felt"><p class="connecting">${esc(t("Connecting…"))}</p></div>
    <aside id="drawer" class="drawer" aria-label="${esc(drawerName)}"></aside></div>
    <div id="modal" class="modal hidden" role="dialog" aria-modal="true" aria-labelledby="modal-title"><div class="dialog" id="dialog"></div></div>`;
  const felt = main.querySelector("#felt"), drawer = main.querySelector("#drawer");

  const connect = () => {
    ws = openSocket(id);  // this page's server, or another of the site's (reconnect.js); the page's engine on the static site
    ws.onopen = () => { online = true; again.opened(); ws.send(JSON.stringify(token ? { t: "join", token, lang: language() } : { t: "spectate", lang: language() })); };
    ws.onmessage = (ev) => {
      const msg = JSON.parse(ev.data);
      if (msg.t === "state") {
        if (msg.token) {  // the invite is used up: this seat's own token from now on (rejoin, My tables)
          token = msg.token;
          rememberSeat({ id, token, seat: msg.you, game: msg.game, names: msg.seats.map((x) => x.name) });
          history.replaceState(null, "", `#/t/${id}/${token}`);
        }
        latest = msg; queue.push(msg); syncUndo(); pump();
      } else if (msg.t === "invite") { renewInvite(msg.seat, msg.token); }
      else if (msg.t === "notice") { notice = roomNote = msg.msg; ruleLink = null; if (state) showNotice(); }  // the room: who left, who came
      else if (msg.t === "error") {
        notice = workerWords(msg) ?? msg.msg;
        if (msg.code === "database") { databaseNote = true; pausedNote = pausedNote || msg.msg; }
        ruleLink = msg.rule ? [msg.msg, msg.rule] : null;
        if (msg.code === "token" || msg.code === "no-table" || msg.code === "expired") closed = true;
        if (!state) felt.innerHTML = `<div class="panel"><p class="error" role="alert">${esc(notice)}</p><p><a href="#/">${esc(t("Back to the lobby"))}</a></p></div>`;
        else showNotice();
      } else if (msg.t === "hints") { hints = msg.hints; draw(); felt.querySelector(".hints")?.scrollIntoView({ block: "nearest" }); }
      else if (msg.t === "picked") { if (state && msg.n === state.n) { state.picked = msg; draw(); } }
    };
    ws.onclose = (ev) => {
      if (closed || ev.target !== ws) return;
      online = false;
      if (state) draw();
      again.lost();
    };
  };
  // At a pace, the deal is shown for a moment before anyone else moves, and a hand ended by someone else shows
  // its last position ("Hand 1 is over") before the end-of-hand sheet opens.
  let dealtAt = 0;
  const DEAL_PAUSE = 1500, END_PAUSE = 1200;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const pump = async () => {
    if (busy) return;
    busy = true;
    while (queue.length && !showdown) {  // while the end-of-hand sheet is open, the next hand waits behind it
      const msg = queue.shift();
      const actors = msg.actors || [];
      const lastActor = [...actors].reverse().find((a) => a >= 0);
      // a message that ends the hand on screen carries the next hand's (dealing) actors: its mover was the one to act
      const ended = state && msg.n > state.n && msg.last && msg.last.number === state.hand_no && msg.hand_no !== state.hand_no;
      const mover = ended ? state.to_act : lastActor;
      const byOther = state && msg.n > state.n && mover !== undefined && mover >= 0 && mover !== msg.you;
      if (byOther && pace > 0) await sleep(Math.max(pace, dealtAt + DEAL_PAUSE - Date.now()));
      if (ended && byOther && pace > 0) {
        const events = (msg.last.view.events || []).length, known = state.actors || [];
        state = { ...msg, view: msg.last.view, hand_no: msg.last.number, to_act: -4, legal: [], last: null, more_moves: 0,
          actors: [...known, ...Array(Math.max(0, events - known.length)).fill(mover)], ending: t("Hand {n} is over", { n: msg.last.number }) };
        sel = new Set(); hints = null;
        draw();
        await sleep(Math.max(pace, END_PAUSE));
      }
      if (state && msg.n !== state.n) { sel = new Set(); hints = null; if (notice !== lostWords() && notice !== roomNote) notice = ""; }
      const before = snapshot(felt);
      const prev = state;
      state = msg;
      if (!prev || prev.hand_no !== msg.hand_no) dealtAt = Date.now();
      const swept = sweptBy(prev, msg);
      if (swept !== null) {
        const name = sideName(msg, swept);
        cheer = isYou(name) ? t("Sweep! You clear the table") : t("Sweep! {name} clears the table", { name });
        clearTimeout(cheerTimer); cheerTimer = setTimeout(() => { cheer = ""; draw(); }, 2200);
      }
      if (notice === lostWords()) notice = "";
      if (msg.paused) { notice = msg.paused; pausedNote = msg.paused; }  // the table waits for the database (it resumes by itself)
      else if (pausedNote && (notice === pausedNote || databaseNote)) { notice = ""; pausedNote = ""; databaseNote = false; }
      if (token && state.you !== null) rememberSeat({ id, token, seat: state.you, game: state.game, names: state.seats.map((x) => x.name) });
      draw();
      if (prev && msg.n !== prev.n && !showdown) {
        const mover = lastActor === undefined ? null : lastActor;
        const origin = mover === null || mover === msg.you ? '[data-key="stock"]' : `[data-seat="${mover}"] .fan`;
        const side = mover === null ? null : msg.sides[mover];
        if (pace > 0) slide(felt, before, { origin, sink: side === null ? null : `[data-pile="${side}"], [data-seat="${mover}"]`, duration: Math.min(320, Math.max(160, pace / 2 || 200)) });
        click();
      }
    }
    busy = false;
  };
  const send = (m) => { if (ws && ws.readyState === 1) ws.send(JSON.stringify(m)); };
  const act = (move) => { notice = roomNote = ""; send({ t: "act", m: move, n: state.n }); };
  // Casino on a crowded table: the server lists the moves taking exactly the picked table cards and builds
  const askPick = () => { const r = G().pickRequest?.(state, sel); if (r) send({ t: "pick", card: r.card, picks: r.picks, n: state.n }); };
  const noticeHtml = () => {
    if (!(ruleLink && ruleLink[0] === notice)) return esc(notice);
    const whyRule = t("Why? (rules)");
    return `${esc(notice)} <a class="why-rule" href="${esc(siteHref(ruleLink[1]))}" target="_blank" rel="noopener">${esc(whyRule)}</a>`;
  };
  const showNotice = () => { const el = main.querySelector("#notice"); if (el) el.innerHTML = noticeHtml(); };
  const G = () => GAMES[state.game];

  // ------------------------------------------------------------------ drawing
  const seatBox = (s, i, opts) => {
    const x = s.seats[i], v = s.view, me = isMe(s, i);
    const turn = !s.over && s.to_act === i && !(s.waiting || []).length;
    const you = t("You");
    const who = me ? (x.name && x.name !== "You" && x.name !== you ? esc(t("You ({name})", { name: x.name })) : esc(you)) : esc(seatName(s, i));
    const away = x.open ? t("open to anyone") : t("away");
    const level = x.kind === "computer" ? (x.name.includes(`(${x.level})`) ? "" : `<span class="level">${esc(levelWords(x))}</span>`) : x.online || me ? "" : `<span class="level">${esc(away)}</span>`;
    const dealerWord = t("Dealer"), partnerWord = pt("seat", "Partner");
    const dealer = v.dealer === i ? `<span class="chip" title="${esc(dealerWord)}">${esc(dealerWord)}</span>` : "";
    const partner = s.sides && s.you !== null && !me && s.sides[i] === s.sides[s.you] ? `<span class="chip partner">${esc(partnerWord)}</span>` : "";
    const turnWord = me ? t("Your turn") : x.kind === "computer" ? t("Thinking…") : t("Their turn");
    const marker = turn ? `<span class="turn-marker">${esc(turnWord)}</span>` : "";
    const place = me ? (turn ? t("Your place, to play") : t("Your place")) : turn ? t("{name}'s place, to play", { name: seatName(s, i) }) : t("{name}'s place", { name: seatName(s, i) });
    return `<section class="seat ${me ? "me" : "opp"} ${turn ? "to-act" : ""}" data-seat="${i}" aria-label="${esc(place)}">
      <div class="seat-head"><span class="name">${who}</span>${level}${dealer}${partner}${marker}</div>${opts || ""}</section>`;
  };

  const draw = () => {
    if (!state) return;
    const s = state, g = G(), v = s.view, me = s.you;
    felt.dataset.n = String(s.n);  // the move counter this seat sees: tests wait on it instead of guessing
    const spot = focusSpot(felt);  // focus on a card or move: kept, or moved to where the next action is
    const focus = !spot && document.activeElement && main.contains(document.activeElement)
      ? (document.activeElement.id ? `#${document.activeElement.id}` : document.activeElement.dataset.card ? `[data-card="${document.activeElement.dataset.card}"].hand-card` : document.activeElement.dataset.pick ? `[data-pick="${document.activeElement.dataset.pick}"]` : document.activeElement.dataset.move ? `[data-move="${CSS.escape(document.activeElement.dataset.move)}"]` : null) : null;
    const waiting = (s.waiting || []).map((i) => (s.seats[i].open ? t("a player") : seatName(s, i)));
    const myTurn = me !== null && s.to_act === me && !s.over && !waiting.length;
    const n = s.seats.length;
    const bottom = me === null ? 0 : me;
    const others = Array.from({ length: n - 1 }, (_, k) => (bottom + 1 + k) % n);
    const scores = s.side_names.map((nm, i) => `<span class="score"><span class="who">${esc(sideName(s, i))}</span> <b>${s.totals[i]}</b></span>`).join("");
    const handNo = t("hand {n}", { n: s.hand_no }), scoresName = t("Scores"), target = s.target ? t("playing to {n}", { n: s.target }) : "";
    let html = `<header class="tbar"><h1 class="title">${esc(gameName(s.game))} <small>· ${esc(handNo)}</small></h1>
      <div class="scores" aria-label="${esc(scoresName)}">${scores}${target ? `<span class="target">${esc(target)}</span>` : ""}</div>
      <button type="button" id="menu-btn" class="menu-btn" aria-expanded="${drawerOpen}" aria-controls="drawer">${esc(t("Menu"))}</button></header>`;
    const banner = s.over ? "" : g.banner(s);
    if (s.over) {
      const w = s.over.winner, final = finalScore(s.over.final);
      const name = sideName(s, w);
      const said = isYou(name) ? t("Match over: You win {score}.", { score: final }) : t("Match over: {name} wins {score}.", { name, score: final });
      const back = t("Back to the lobby");
      html += `<div class="banner over" role="status">${esc(said)} <a href="#/">${esc(back)}</a></div>`;
    }
    else if (cheer) html += `<div class="banner cheer" role="status">${esc(cheer)}</div>`;
    else if (banner) html += `<div class="banner" role="status">${esc(banner)}</div>`;
    html += `<div class="opponents n${others.length}">${others.map((i) => {
      const o = g.opponent(s, i);
      const extra = s.game === "pinochle" ? pinochle.meldsOf(s, i) : "";
      return seatBox(s, i, waiting.length ? "" : fan(o.count, o.known, t("{name}'s hand", { name: seatName(s, i) })) + extra);
    }).join("")}</div>`;
    if (waiting.length) html += waitingPanel(s, waiting);
    else html += g.centre(s, sel);
    const yourHand = t("Your hand"), later = t("Your cards come when everyone is here.");
    const mine = waiting.length ? `<p class="caption">${esc(later)}</p>` : me === null
      ? fan((v.hand || []).length, (v.hand || []).filter((c) => c !== "??"), t("{name}'s hand", { name: seatName(s, 0) }))
      : `<div class="hand" id="hand" role="group" aria-label="${esc(yourHand)}">${g.hand(s, sel)}</div><div class="caption">${g.caption(s)}</div>`;
    html += seatBox(s, bottom, mine);
    html += `<div class="dock">`;
    const toAct = s.seats[s.to_act] ? seatName(s, s.to_act) : "";
    const line = s.over ? "" : s.ending ? esc(s.ending) : waiting.length ? esc(t("Waiting for {names} to join…", { names: listWords(waiting) }))
      : myTurn ? esc(prettyText(g.prompt(s, sel)))
      : me === null ? esc(t("{name} to play (you are watching)", { name: toAct }))
      : s.seats[s.to_act]?.kind === "computer" ? esc(t("{name} is thinking…", { name: toAct })) : esc(t("{name}'s turn", { name: toAct }));
    const lost = t("Connection lost: reconnecting…"), tryNow = t("Try now");
    if (!online) html += `<div class="banner offline" role="status"><span>${esc(lost)}</span><button type="button" id="retry-now">${esc(tryNow)}</button></div>`;
    html += `<p id="prompt" class="prompt ${myTurn ? "mine" : ""}" aria-live="polite">${line}</p>`;
    html += `<p id="last-move" class="last-move">${esc(lastMove(s) || "")}</p>`;
    html += `<div id="notice" class="notice" role="alert">${noticeHtml()}</div>`;
    if (myTurn) {
      const bs = g.buttons(s, sel);
      const yourMoves = t("Your moves");
      html += `<div class="actions" role="group" aria-label="${esc(yourMoves)}">${bs.map((a) => a.disabled ? `<button type="button" class="action why" disabled>${esc(prettyText(a.label))}</button>` : `<button type="button" class="action ${a.primary ? "primary" : ""} ${a.quiet ? "quiet" : ""}" data-move="${esc(a.m)}">${esc(prettyText(a.label))}</button>`).join("")}</div>`;
      const suggested = t("Suggested moves"), hide = t("Hide"), none = t("no suggestion");
      if (hints) html += `<div class="hints" role="region" aria-label="${esc(suggested)}"><b>${esc(t("Suggested:"))}</b> <button type="button" id="hide-hints" class="quiet-btn">${esc(hide)}</button> ${hints.length ? `<ol class="hint-list">${hints.map((h) => {
        const why = [(h.why || []).join(["ja", "zh"].includes(language()) ? "；" : "; "), h.worth || ""].filter(Boolean);
        return `<li><button type="button" class="hint" data-move="${esc(h.m)}">${esc(prettyText(h.label))}</button>${why.length ? `<span class="hint-why">${esc(prettyText(why.join(" · ")))}</span>` : ""}</li>`;
      }).join("")}</ol>` : esc(none)}</div>`;
    }
    html += `</div>`;
    felt.innerHTML = html;
    fitHand();
    wire(myTurn);
    drawDrawer();
    if (!online) offline();
    rove(felt, roving);
    if (spot) restoreFocus(felt, spot, myTurn && felt.querySelector(".actions [data-move]") && (g.selectMode(s) === "none" || sel.size) ? "moves" : "hand");
    else if (focus) { const el = main.querySelector(focus); if (el) el.focus(); }
    if (s.last && s.last.number > seenLast) showBreakdown(s);
  };

  const lastMove = (s) => {
    const ev = s.view.events || [];
    for (let i = ev.length - 1; i >= 0; i--) {
      const a = actorOf(s, i);
      if (a === null) continue;
      const text = narrate(ev[i], seatName(s, a), isMe(s, a));
      if (text) return text;
    }
    return "";
  };

  const waitingPanel = (s, waiting) => {
    const links = JSON.parse(localStorage.getItem(`invites:${id}`) || "[]").filter((l) => (s.waiting || []).includes(l.seat));
    const share = navigator.share ? `<button type="button" class="share-btn" data-url="INDEX">${esc(t("Share"))}</button>` : "";
    const title = t("Waiting for {names} to join…", { names: listWords(waiting) });
    const send = links.length > 1 ? t("Send each friend their link: the cards are dealt when everyone is here.") : t("Send this link: the cards are dealt when everyone is here.");
    const copy = t("Copy link"), soon = t("The cards are dealt as soon as everyone has joined.");
    const seatOf = (l) => t("{name}'s seat", { name: l.name });
    return `<div class="centre waiting" data-zone="table"><h2>${esc(title)}</h2>
      ${links.length ? `<p>${esc(send)}</p>
      ${links.map((l, k) => `<div class="invite"><label for="invite-${k}">${esc(seatOf(l))}</label><input id="invite-${k}" readonly value="${esc(l.url)}">
        <button type="button" class="copy-btn" data-target="invite-${k}">${esc(copy)}</button>${share.replace("INDEX", esc(l.url))}</div>`).join("")}`
      : `<p>${esc(soon)}</p>`}${openWords(s)}</div>`;
  };
  // Open seats (.room): anyone in the lobby can take them; a quick match's computer comes after the wait chosen.
  const openWords = (s) => {
    const open = s.seats.filter((x) => x.open);
    if (!open.length) return "";
    const fill = open.find((x) => x.computer_after);
    const words = [open.length > 1 ? t("These seats are open to anyone in the lobby.") : t("The seat is open to anyone in the lobby.")];
    if (fill) {
      const level = levelName(fill.bot_level), after = fill.computer_after;
      words.push(after >= 60 && after % 60 === 0 ? t("If nobody comes within {n} min, a computer ({level}) takes it.", { n: after / 60, level })
        : t("If nobody comes within {n} s, a computer ({level}) takes it.", { n: after, level }));
    }
    return `<p class="open-words">${esc(words.join(" "))}</p>`;
  };

  // The hand fits the width of the screen: the cards overlap more (a corner of each stays in view), and
  // when that is not enough (many melds on a phone) they get smaller.
  const fitHand = () => {
    const handEl = main.querySelector("#hand");
    if (!handEl) return;
    const cards = [...handEl.querySelectorAll(".hand-card")];
    if (!cards.length) return;
    const room = handEl.clientWidth - 8, lapped = Math.max(1, cards.length - handEl.querySelectorAll(".group").length);
    const span = () => Math.max(...cards.map((c) => c.getBoundingClientRect().right)) - Math.min(...cards.map((c) => c.getBoundingClientRect().left));
    handEl.style.removeProperty("--cw");
    handEl.style.removeProperty("--ch");
    let cw = cards[0].getBoundingClientRect().width || 70, overlap = 4;
    handEl.style.setProperty("--overlap", `${overlap}px`);
    for (let k = 0; k < 8; k++) {
      const excess = span() - room;
      if (excess <= 0.5) return;
      if (cw + overlap - excess / lapped >= cw * 0.28) { overlap -= excess / lapped; handEl.style.setProperty("--overlap", `${overlap}px`); continue; }
      cw = Math.floor(cw * 0.88);
      overlap = Math.max(overlap, cw * 0.28 - cw);
      handEl.style.setProperty("--cw", `${cw}px`);
      handEl.style.setProperty("--ch", `${cw * 1.447}px`);
      handEl.style.setProperty("--overlap", `${overlap}px`);
    }
  };

  const wire = (myTurn) => {
    main.querySelector("#menu-btn").onclick = () => { drawerOpen = !drawerOpen; drawer.classList.toggle("open", drawerOpen); main.querySelector("#menu-btn").setAttribute("aria-expanded", String(drawerOpen)); if (drawerOpen) drawer.querySelector("button, input, a")?.focus(); };
    felt.querySelectorAll("[data-move]").forEach((b) => { b.onclick = () => { if (myTurn) act(b.dataset.move); }; });
    felt.querySelectorAll(".copy-btn").forEach((b) => { b.onclick = () => copyFrom(b); });
    const hide = felt.querySelector("#hide-hints"); if (hide) hide.onclick = () => { hints = null; draw(); };
    felt.querySelectorAll(".share-btn").forEach((b) => { b.onclick = () => navigator.share({ title: t("Join my card table"), url: b.dataset.url }).catch(() => {}); });
    const g = G(), mode = myTurn ? g.selectMode(state) : "none";
    felt.querySelectorAll("[data-pick]").forEach((el) => { el.onclick = () => { const c = el.dataset.pick; if (sel.has(c)) sel.delete(c); else sel.add(c); notice = ""; askPick(); draw(); }; });
    felt.querySelectorAll(".hand-card").forEach((el) => {
      el.onclick = () => {
        const c = el.dataset.card;
        if (!myTurn) { notice = state.over ? t("The match is over.") : t("Wait for your turn."); showNotice(); return; }
        const now = Date.now();
        if (lastTap.c === c && now - lastTap.t < 450 && sel.has(c)) { // double tap (the first tap chose the card): its one obvious move
          const mv = g.doubleTap(state, c);
          lastTap = { c: null, t: 0 };
          if (mv) { act(mv.m); return; }
        }
        lastTap = { c, t: now };
        if (el.getAttribute("aria-disabled") === "true") {
          notice = state.blocked && state.blocked[c] ? t("{card}: {why}", { card: shortCard(c), why: why(state, c, true) }) : t("The {card} cannot be played now.", { card: cardName(c) });
          ruleLink = state.blocked_rules && state.blocked_rules[c] ? [notice, state.blocked_rules[c]] : null;
          showNotice(); return;
        }
        const single = g.tapMove?.(state, c);  // a card whose tap is a move by itself (Pinochle: the dix to exchange)
        if (single) { act(single.m); return; }
        if (mode === "none") return;
        if (sel.has(c)) sel.delete(c);
        else { if (mode === "one") sel.clear(); sel.add(c); }
        notice = "";
        askPick();
        draw();
      };
    });
  };

  const copyFrom = async (b) => {
    const input = main.querySelector(`#${b.dataset.target}`);
    try { await navigator.clipboard.writeText(input.value); b.textContent = t("Copied"); }
    catch { input.select(); b.textContent = t("Select and copy"); }
  };

  const drawDrawer = () => {
    const s = state, computers = s.seats.some((x) => x.kind === "computer");
    const invites = inviteLinks(s);
    const host = s.seats.findIndex((x) => x.kind === "human") === s.you && !s.over;
    const empty = host ? s.seats.map((x, i) => i).filter((i) => i !== s.you && s.seats[i].kind === "human" && !s.seats[i].online) : [];
    const names = s.seats.map((x, i) => seatName(s, i));
    const told = (s.view.events || []).map((e, i) => {
      const a = actorOf(s, i);
      return a === null ? null : narrate(e, names[a], isMe(s, a));
    }).filter(Boolean);
    const log = told.slice(-60);  // numbered from the hand's first move (the list's padding fits 3 digits)
    const keep = drawer.querySelector("#log")?.scrollTop;
    const w = {
      table: t("Table"), close: t("Close"), hint: t("Suggest a move"), undo: t("Undo"), rules: t("Rules"), leave: t("Leave the table"),
      pace: t("Computer pace"), sound: t("Sound"), sheet: t("Score sheet"), players: pt("at the table", "Players"), invites: t("Invite links"), copy: t("Copy"),
      lost: t("A seat whose player lost their link can be given a new one: the old link then no longer opens it."),
      watch: t("Watch link"), log: t("Log"),
      paceText: pace ? t("{n} seconds a move", { n: paceSeconds(pace) }) : t("instant"), paceShort: pace ? t("{n} s", { n: paceSeconds(pace) }) : t("instant"),
    };
    const person = (x, i) => {
      const own = seatName({ ...s, you: null }, i), you = t("You");  // one's own seat: "Bea (you)", "You" alone
      const name = esc(own) + (i === s.you && own !== you && own !== "You" ? ` ${esc(t("(you)"))}` : "");
      const level = x.kind === "computer" ? (x.name.includes(`(${x.level})`) ? "" : ` ${esc(levelWords(x))}`) : x.online ? ` · ${esc(t("here"))}` : ` · ${esc(t("away"))}`;
      return `<li>${x.kind === "human" ? (x.online ? "● " : "○ ") : ""}${name}${level}</li>`;
    };
    const reinvite = (i) => t("New invite link for {name}", { name: s.seats[i].name });
    drawer.innerHTML = `<div class="drawer-head"><h2>${esc(w.table)}</h2><button type="button" id="drawer-close" class="menu-btn">${esc(w.close)}</button></div>
      <div class="buttons">${s.you !== null ? `<button type="button" id="hint-btn" ${s.hints && s.to_act === s.you && !s.over ? "" : "disabled"}>${esc(w.hint)}</button>
      <button type="button" id="undo-btn">${esc(w.undo)}</button>` : ""}<a class="btn" id="rules-link" href="${esc(rulesHref(s))}" target="_blank" rel="noopener">${esc(w.rules)}</a><button type="button" id="leave-btn">${esc(w.leave)}</button></div>
      ${s.you !== null ? `<p class="undo-why"></p>` : ""}
      ${computers ? `<label class="pace">${esc(w.pace)} <input id="pace" type="range" min="0" max="2000" step="100" value="${pace}" aria-valuetext="${esc(w.paceText)}"> <span>${esc(w.paceShort)}</span></label>` : ""}
      <label class="check"><input id="sound" type="checkbox" ${prefs().sound ? "checked" : ""}> ${esc(w.sound)}</label>
      <h3>${esc(w.sheet)}</h3>${sheet(s)}
      <h3>${esc(w.players)}</h3><ul class="people">${s.seats.map(person).join("")}</ul>
      ${invites.length ? `<h3>${esc(w.invites)}</h3>${invites.map((l, k) => `<div class="invite"><label for="dinv-${k}">${esc(l.name)}</label><input id="dinv-${k}" readonly value="${esc(l.url)}"><button type="button" class="copy-btn" data-target="dinv-${k}">${esc(w.copy)}</button></div>`).join("")}` : ""}
      ${empty.length ? `<p class="about">${esc(w.lost)}</p>${empty.map((i) => `<button type="button" class="reinvite" data-seat="${i}">${esc(reinvite(i))}</button>`).join("")}` : ""}
      ${STATIC_SITE ? "" : `<div class="invite"><label for="watch-link">${esc(w.watch)}</label><input id="watch-link" readonly value="${esc(watchUrl(id))}"><button type="button" class="copy-btn" data-target="watch-link">${esc(w.copy)}</button></div>`}
      <h3 id="log-h">${esc(w.log)}</h3><ol id="log" class="log" aria-labelledby="log-h" start="${told.length - log.length + 1}">${log.map((x, k) => `<li><span class="n">${told.length - log.length + 1 + k}.</span> <span>${esc(x)}</span></li>`).join("")}</ol>`;
    drawer.classList.toggle("open", drawerOpen);
    const logEl = drawer.querySelector("#log");
    logEl.scrollTop = keep ?? logEl.scrollHeight;
    logEl.tabIndex = logEl.scrollHeight > logEl.clientHeight ? 0 : -1;  // a log that scrolls can be scrolled by keyboard
    drawer.querySelector("#drawer-close").onclick = () => { drawerOpen = false; drawer.classList.remove("open"); main.querySelector("#menu-btn")?.focus(); };
    const p = drawer.querySelector("#pace");
    if (p) p.oninput = () => { pace = Number(p.value); localStorage.setItem("pace", pace); p.nextElementSibling.textContent = pace ? t("{n} s", { n: paceSeconds(pace) }) : t("instant"); };
    drawer.querySelector("#sound").onchange = (ev) => localStorage.setItem("sound", ev.target.checked ? "on" : "off");
    const hb = drawer.querySelector("#hint-btn"); if (hb) hb.onclick = () => { send({ t: "hint" }); drawerOpen = false; drawer.classList.remove("open"); };
    const ub = drawer.querySelector("#undo-btn"); if (ub) ub.onclick = () => { if (undoNow().ok) send({ t: "undo", n: state.n }); };
    syncUndo();
    drawer.querySelector("#leave-btn").onclick = () => { closed = true; send({ t: "leave" }); location.hash = "#/"; };
    drawer.querySelectorAll(".copy-btn").forEach((b) => { b.onclick = () => copyFrom(b); });
    drawer.querySelectorAll(".reinvite").forEach((b) => { b.onclick = () => send({ t: "invite", seat: Number(b.dataset.seat) }); });
  };

  // Invite links this browser made (the creator's): a link opens its seat once, so only those of seats
  // still waiting, or given again and not taken yet, are shown.
  const inviteLinks = (s) => JSON.parse(localStorage.getItem(`invites:${id}`) || "[]")
    .filter((l) => l.seat !== s.you && ((s.waiting || []).includes(l.seat) || (l.renewed && !s.seats[l.seat]?.online)));
  const renewInvite = (seat, fresh) => {
    const links = JSON.parse(localStorage.getItem(`invites:${id}`) || "[]").filter((l) => l.seat !== seat);
    const name = state ? state.seats[seat].name : t("Seat {n}", { n: seat + 1 });
    links.push({ seat, name, url: inviteUrl(id, fresh), renewed: true });
    localStorage.setItem(`invites:${id}`, JSON.stringify(links));
    notice = t("A new invite link for {name} is in the menu: the old one no longer opens the seat.", { name });
    if (state) draw();
  };

  // Undo is shown as available only when it will work: the table on screen is the newest the server sent
  // (a computer's reply waiting for the pace to be shown already makes the move stand) and the server allows it.
  const undoNow = () => {
    const u = latest || state;
    if (!u || !state) return { ok: false, reason: "" };
    if (u.n !== state.n) return { ok: false, reason: u.can_undo ? "" : u.undo_reason || "" };
    return { ok: !!u.can_undo, reason: u.can_undo ? "" : u.undo_reason || "" };
  };
  const syncUndo = () => {
    const ub = drawer.querySelector("#undo-btn"), why = drawer.querySelector(".undo-why");
    if (!ub) return;
    const { ok, reason } = undoNow();
    ub.disabled = !ok;
    if (reason) ub.title = reason; else ub.removeAttribute("title");
    if (why) { why.textContent = !ok && reason ? t("No undo: {reason}.", { reason }) : ""; why.hidden = ok || !reason; }
  };

  // ------------------------------------------------------------------ end of a hand
  const modal = main.querySelector("#modal"), dialog = main.querySelector("#dialog");
  const closeModal = () => { if (showdown) showdown.stop(); showdown = null; modal.classList.add("hidden"); main.querySelector("#menu-btn")?.focus(); dealtAt = Date.now(); syncUndo(); pump(); };
  const showBreakdown = (s) => {
    if (showdown) showdown.stop();
    seenLast = s.last.number;
    sessionStorage.setItem(`last:${id}`, String(seenLast));
    const next = esc(s.over ? t("See the final score") : t("Next hand"));
    felt.getAnimations?.({ subtree: true }).filter((a) => a.effect?.getTiming().iterations !== Infinity).forEach((a) => a.finish());  // no card flies over the sheet
    document.querySelectorAll(".ghost").forEach((g) => g.remove());
    showdown = playShowdown(dialog, s, s.last, {
      pace, title: `<h2 id="modal-title">${esc(t("Hand {n} is over", { n: s.last.number }))}</h2>`,
      footer: matchScore(s),
      extra: `<button type="button" id="close-modal" class="primary">${next}</button>`,
      onRender: () => { dialog.querySelector("#close-modal").onclick = closeModal; },
    });
    modal.classList.remove("hidden");
    dialog.querySelector("#close-modal").focus({ preventScroll: true });
    dialog.scrollTop = 0;  // a tall sheet opens at its title
  };
  modal.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" || (ev.key === "Enter" && showdown && showdown.done() && ev.target.id !== "close-modal")) { ev.preventDefault(); closeModal(); }
  });

  // while the connection is down nothing can be played: the moves are disabled and say so when touched
  const offline = () => {
    felt.querySelectorAll("[data-move], [data-pick]").forEach((b) => { b.disabled = true; });
    drawer.querySelectorAll("#hint-btn, #undo-btn").forEach((b) => { b.disabled = true; });
    felt.querySelectorAll(".hand-card").forEach((el) => { el.onclick = () => { notice = lostWords(); showNotice(); }; });
    felt.querySelector("#retry-now").onclick = () => { if (ws.readyState !== WebSocket.CONNECTING) again.now(); };
  };
  const again = retrier(connect);
  connect();
  return { close: () => { closed = true; again.stop(); if (showdown) showdown.stop(); if (ws) ws.close(); } };
}

/**
 * Who made the move of log entry `i`: Casino writes it in the entry ("seat 1: 9H x ..."; its extra lines,
 * such as a sweep, belong to nobody); the other games log one entry per action, in step with `actors`.
 */
function actorOf(s, i) {
  const e = String((s.view.events || [])[i] ?? "");
  const m = e.match(/^seat (\d+): /);
  if (m) return Number(m[1]);
  if (s.game === "casino") return null;
  const a = (s.actors || [])[i];
  return a === undefined || a < 0 ? null : a;
}

/** The static site's own refusals (its engine runs in the page: solo-worker.js, transport.js), in the page's language. */
function workerWords(msg) {
  if (msg.say === "not-saved") return t("This table is not saved in this browser.");
  if (msg.say === "cannot-open") return t("This saved game cannot be opened: {error}", { error: msg.error });
  if (msg.say === "no-engine") return t("The card engine could not start in this browser: {error}", { error: msg.error });
  return null;
}

/** The rules page under this table's rules (every option, so the page shows exactly these). */
function rulesHref(s) {
  const options = Object.entries(s.view.rules || {}).map(([k, v]) => `${k}=${encodeURIComponent(v === null ? "none" : v)}`);
  return siteHref(`/rules/${s.game}${options.length ? `?${options.join("&")}` : ""}`);
}

/** A computer seat's level beside its name, said once: "Computer (medium)", "Left (computer, medium)". */
function levelWords(x) {
  return /^computer\b/i.test(x.name) ? `(${levelName(x.level)})` : t("(computer, {level})", { level: levelName(x.level) });
}

/** The match's final score: "100 to 80" (more sides: "61 to 40 to 22"). */
function finalScore(final) {
  return final.map(String).reduce((a, b) => t("{a} to {b}", { a, b }));
}

/** The computer's pace in seconds, as the language writes 0.7. */
function paceSeconds(ms) {
  return new Intl.NumberFormat(language() === "en_XA" ? "en" : language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(ms / 1000);
}

/** The side whose capture just swept the Casino table (its sweep count went up), or null. */
function sweptBy(prev, s) {
  if (!prev || s.game !== "casino" || prev.hand_no !== s.hand_no || !prev.view.sweeps || !s.view.sweeps) return null;
  const i = s.view.sweeps.findIndex((n, k) => n > (prev.view.sweeps[k] || 0));
  return i >= 0 ? i : null;
}

/** The match so far under an end-of-hand sheet: the running totals, hand by hand, and the target. */
function matchScore(s) {
  const totals = s.side_names.map((n, i) => `${esc(sideName(s, i))} <b>${s.totals[i]}</b>`).join(" · ");
  const title = s.over ? th("Final score: {totals}", { totals: markup(totals) }) : th("Match score: {totals}", { totals: markup(totals) });
  const target = s.target ? ` <small>${esc(t("(playing to {n})", { n: s.target }))}</small>` : "";
  return `<h3 class="match-score">${title}${target}</h3>${sheet(s)}`;
}

function sheet(s) {
  if (!s.sheet.length) return `<p class="muted">${esc(t("No hand finished yet."))}</p>`;
  const hand = t("Hand");
  return `<table class="list sheet"><tr><th scope="col">${esc(hand)}</th>${s.side_names.map((n, i) => `<th scope="col">${esc(sideName(s, i))}</th>`).join("")}</tr>
    ${s.sheet.map((r) => `<tr><td>${r.hand}</td>${r.points.map((p, i) => `<td>${p} <small>(${r.totals[i]})</small></td>`).join("")}</tr>`).join("")}</table>`;
}

