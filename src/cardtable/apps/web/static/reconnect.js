// When the connection to the table is lost: try again soon (after 0.5 s, then each wait 1.5 times longer,
// never more than 5 s), at once when the browser is back online or the tab is shown again, and whenever
// the player asks ("Try now").
//
// Where: a site may run several servers on one PostgreSQL database (`cardtable serve --peer ORIGIN`, listed
// in /api/meta as "peers"). Each lost connection moves on to the next address: this page's own server
// first, then its peers in turn, so the table carries on at another server when this one has stopped
// (every server holds every table; the table is sent as stored, from the last move). Behind a reverse
// proxy there are no peers: the proxy picks a live server for the same address.

import { STATIC_SITE } from "/static/util.js";

export const FIRST_WAIT = 500, GROWTH = 1.5, LONGEST_WAIT = 5000;

let addresses = null;  // [this page's origin, ...peers], once /api/meta has answered
let at = 0;  // the address connected to now
let asked = null;

/** Learn the other servers of this site (origins such as "http://cards.lan:8001"); this page's own stays first. */
export function learnPeers(peers) {
  const own = location.origin;
  addresses = [own, ...(Array.isArray(peers) ? peers : []).filter((p) => typeof p === "string" && p !== own)];
}

function askPeers() {
  if (!asked && !STATIC_SITE) {  // the static site has no server to ask
    asked = fetch("/api/meta").then((r) => (r.ok ? r.json() : {})).then((meta) => learnPeers(meta.peers))
      .catch(() => {});  // this server is away: its own address is retried
  }
  return asked;
}

let tried = null, live = null;  // the origin connected to last, and the one that answered last

/** The WebSocket address of `path` (e.g. "/ws/abc") at the server to try now. */
export function socketUrl(path) {
  const list = addresses || [location.origin];
  tried = list[at % list.length];
  return tried.replace(/^http/, "ws") + path;
}

/** Where to fetch files from (card pictures): "" (this page's server) until a connection opened at another
 * server of the site, then that server's origin: a stopped server serves no pictures. */
export function filesFrom() {
  return live && live !== location.origin ? live : "";
}

/**
 * `connect()` opens a new connection. Call `lost()` when it closes, `opened()` when it is up; `now()` tries
 * at once; `stop()` ends the retries for good (the page is left).
 */
export function retrier(connect) {
  let wait = FIRST_WAIT, timer = null, stopped = false;
  askPeers();
  const now = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = null;
    connect();
  };
  const wake = () => { if (timer !== null && document.visibilityState !== "hidden") now(); };
  window.addEventListener("online", wake);
  document.addEventListener("visibilitychange", wake);
  return {
    lost() {
      if (stopped) return;
      at += 1;  // the next server of the site, if there are several: at once; once round them all, the wait grows
      const round = !addresses || at % addresses.length === 0;
      clearTimeout(timer);
      timer = setTimeout(now, round ? wait : FIRST_WAIT);
      if (round) wait = Math.min(wait * GROWTH, LONGEST_WAIT);
    },
    opened() { wait = FIRST_WAIT; live = tried; },
    now,
    stop() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener("online", wake);
      document.removeEventListener("visibilitychange", wake);
    },
  };
}
