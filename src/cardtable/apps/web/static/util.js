// Small helpers shared by every page: escaping, the JSON API, seats kept in the browser, sound.
import { pt, t } from "/static/i18n.js";

export const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

// The static site (`cardtable build-static`): no server; the page's engine and IndexedDB answer instead.
export const STATIC_SITE = typeof document !== "undefined" && document.querySelector('meta[name="cardtable-site"]')?.content === "solo";

/** A page of the site's own, written as the server's address ("/rules/gin#knock"): as it is on the static site. */
export function siteHref(path) {
  if (!STATIC_SITE) return path;
  const rules = /^\/rules(?:\/(\w+))?([?#].*)?$/.exec(path);
  if (rules) return `rules${rules[1] ? `-${rules[1]}` : ""}.html${rules[2] || ""}`;
  if (path.startsWith("/#")) return `index.html${path.slice(1)}`;
  return path === "/" ? "index.html" : path.replace(/^\//, "");
}

export async function api(path, opts) {
  if (STATIC_SITE) return (await import("/static/solo-api.js")).staticApi(path, opts);
  let r;
  try { r = await fetch(path, opts); } catch { throw new Error(t("Cannot reach the server.")); }
  const body = await r.json().catch(() => ({}));
  // a refusal's code and params (cardtable.apps.web.api_errors) let a page say it in its own language
  if (!r.ok) { const e = new Error(body.detail || r.statusText); e.status = r.status; e.code = body.code; e.params = body.params || {}; throw e; }
  return body;
}

export const GAME_NAMES = { gin: "Gin Rummy", casino: "Casino", pinochle: "Pinochle" };

/** A game's name in the page's language (GAME_NAMES: in English). */
export function gameName(game) {
  return ({ gin: pt("game", "Gin Rummy"), casino: pt("game", "Casino"), pinochle: pt("game", "Pinochle") })[game] || String(game ?? "");
}

// The names the server gives the seats nobody named (a computer by its place at the table), in the page's
// language; a name a person gave stays as it is (the lobby and the table both show them so).
export function computerName(name) {
  const place = /^(Computer|Left|Right|Partner|Across)(?: (\d+))?$/.exec(name);
  if (place) {
    const word = ({ Computer: t("Computer"), Left: pt("seat", "Left"), Right: pt("seat", "Right"), Partner: pt("seat", "Partner"), Across: pt("seat", "Across") })[place[1]];
    return place[2] ? t("{name} {n}", { name: word, n: Number(place[2]) }) : word;
  }
  const stand = /^Computer for (.+)$/.exec(name);
  return stand ? t("Computer for {name}", { name: stand[1] }) : name;
}

/** A computer level's name in the page's language ("medium"); a level this page does not know, as it is. */
export function levelName(level) {
  return ({ random: pt("level", "random"), easy: pt("level", "easy"), simple: pt("level", "simple"), medium: pt("level", "medium"),
    hard: pt("level", "hard") })[level] ?? String(level ?? "");
}

export function plural(n, word, many = null) {
  return `${n} ${n === 1 ? word : many || word + "s"}`;
}

export function joinWords(items, conj = "and") {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conj} ${items[items.length - 1]}`;
}

// --- "My tables": the seats this browser holds (table id + seat token), newest first. The token
// stays here and in the WebSocket join message; it is never part of a URL the server receives.
const SEATS_KEY = "cardtable:seats";

export function mySeats() {
  try { const v = JSON.parse(localStorage.getItem(SEATS_KEY) || "[]"); return Array.isArray(v) ? v : []; } catch { return []; }
}

export function rememberSeat(entry) {  // one entry a seat: a claimed invite's own token replaces the invite
  const all = mySeats().filter((s) => !(s.id === entry.id && (s.token === entry.token || s.seat === entry.seat)));
  all.unshift({ ...entry, at: entry.at || Date.now() });
  localStorage.setItem(SEATS_KEY, JSON.stringify(all.slice(0, 30)));
}

// The seats, as the header that lets the server show this browser its private finished matches and its
// statistics (a header, not the URL: addresses end up in logs).
export function seatHeaders() {
  const pairs = mySeats().filter((s) => /^[A-Za-z0-9]+$/.test(s.id || "") && /^[A-Za-z0-9_-]+$/.test(s.token || ""));
  return pairs.length ? { "X-Cardtable-Seats": pairs.map((s) => `${s.id}:${s.token}`).join(",") } : {};
}

export function forgetSeat(id) {
  localStorage.setItem(SEATS_KEY, JSON.stringify(mySeats().filter((s) => s.id !== id)));
}

export function prefs() {
  return {
    pace: Number(localStorage.getItem("pace") ?? 700),
    sound: localStorage.getItem("sound") === "on",
  };
}

// --- sound: off unless switched on; a short soft click when a card moves.
let audio = null;
export function click() {
  if (!prefs().sound) return;
  try {
    audio = audio || new AudioContext();
    const o = audio.createOscillator(), g = audio.createGain();
    o.type = "triangle"; o.frequency.value = 520;
    g.gain.setValueAtTime(0.08, audio.currentTime);
    g.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.09);
    o.connect(g).connect(audio.destination); o.start(); o.stop(audio.currentTime + 0.1);
  } catch { /* no audio: stay silent */ }
}

export function reducedMotion() {
  return window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}
