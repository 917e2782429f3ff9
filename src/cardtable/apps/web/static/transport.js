// How a table reaches its engine. Served by `cardtable serve`: a WebSocket to the server. On the static site
// (`cardtable build-static`): the engine in a Web Worker (solo-worker.js), behind an object of the
// WebSocket's shape (send, onopen, onmessage, onclose, readyState, close), so table.js is the same for both.
import { socketUrl } from "/static/reconnect.js";
import { STATIC_SITE } from "/static/util.js";

let worker = null, ready = null, rid = 0;  // worker: a promise of the engine's Worker, once it is asked for
const waiting = new Map(), sockets = new Set();
let keeping = null;

/** The static site's service worker (sw.js), registered once: it keeps the site for offline use. The engine starts
 * once it controls the page (or after 3 s, or at once where it cannot), so that the engine's downloads pass through
 * it and are kept as they come: the first visit downloads Pyodide once. */
export function keeper() {
  if (keeping) return keeping;
  const sw = STATIC_SITE && typeof navigator !== "undefined" ? navigator.serviceWorker : undefined;
  if (!sw) return (keeping = Promise.resolve());
  keeping = sw.register(new URL("../sw.js", import.meta.url)).then((reg) => {
    // already in control, or active without control (a reload that bypassed it): nothing to wait for
    if (sw.controller || !(reg.installing || reg.waiting)) return;
    return new Promise((ok) => { sw.addEventListener("controllerchange", ok, { once: true }); setTimeout(ok, 3000); });
  }).catch(() => {});
  return keeping;
}

/** Ask the service worker to download what it still lacks of the site (the engine has loaded: the network is free). */
export async function keepSite() {
  await keeper();
  const reg = await navigator.serviceWorker?.getRegistration();
  if (reg && reg.active) reg.active.postMessage("fill");
}

function post(message) {
  worker.then((w) => w.postMessage(message));
}

/** The engine's worker, started once per page (the lobby starts it early: Pyodide takes seconds to load). */
export function engine() {
  if (worker) return ready;
  let done;
  ready = new Promise((resolve, reject) => { done = { resolve, reject }; });
  worker = keeper().then(() => {
    const w = new Worker(new URL("./solo-worker.js", import.meta.url), { type: "module" });
    w.onmessage = (ev) => {
      const d = ev.data;
      if (d.ready) done.resolve(d.ms);
      else if (d.failed) done.reject(new Error(d.failed));
      else if (d.push !== undefined) {
        for (const s of sockets) if (s.id === d.push && s.readyState === 1 && s.onmessage) s.onmessage({ data: JSON.stringify(d.msg), target: s });
      } else if (d.rid !== undefined && waiting.has(d.rid)) {
        const { resolve, reject } = waiting.get(d.rid);
        waiting.delete(d.rid);
        if (d.ok) resolve(d.result);
        else { const e = new Error(d.error); e.code = d.code; e.status = d.code === "no-table" ? 404 : 400; reject(e); }
      }
    };
    w.onerror = (ev) => done.reject(new Error(ev.message || "the card engine could not start"));
    return w;
  });
  return ready;
}

/** Ask the engine something ({op, ...}): its answer. */
export function ask(op, args = {}) {
  engine();
  const id = ++rid;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    post({ rid: id, op, ...args });
  });
}

class WorkerSocket {
  constructor(id) {
    this.id = id;
    this.readyState = 0;
    this.onopen = this.onmessage = this.onclose = null;
    sockets.add(this);
    engine().then(() => {
      if (this.readyState !== 0) return;
      this.readyState = 1;
      if (this.onopen) this.onopen({ target: this });
    }, (e) => {  // the engine cannot run here: said once, as the server says a table is gone (no retrying)
      if (this.readyState !== 0) return;
      this.readyState = 1;
      if (this.onmessage) this.onmessage({ data: JSON.stringify({ t: "error", code: "no-table", say: "no-engine", error: String(e.message), msg: `The card engine could not start in this browser: ${e.message}` }), target: this });
    });
  }

  send(text) {
    if (this.readyState !== 1) throw new Error("not open");
    post({ op: "send", table: this.id, msg: JSON.parse(text) });
  }

  close() {
    this.readyState = 3;
    sockets.delete(this);
  }
}

/** The connection of table `id`: the server's WebSocket, or the page's engine on the static site. */
export function openSocket(id) {
  return STATIC_SITE ? new WorkerSocket(id) : new WebSocket(socketUrl(`/ws/${id}`));
}
