// The static site's service worker (`cardtable build-static` writes it as sw.js with the list of files
// and the cache name filled in; the served site does not use it). It keeps every file of the site, Pyodide
// included, so the site opens and plays offline after the first visit, and it downloads each file once:
// the page registers it before the card engine starts (transport.js), so the engine's downloads pass
// through here and are kept as they come; once the engine is ready the page asks it to "fill" the cache
// with the files still missing (the lobby's own, fetched before it was there). A new build has a new cache
// name: it is filled the same way, and the old caches are deleted once it is whole.
const CACHE = "__CACHE__";
const FILES = [/*__FILES__*/];

const url = (f) => new URL(f, self.registration.scope).href;
const bare = (u) => { const x = new URL(u); x.search = ""; x.hash = ""; return x.href; };  // a rules page's ?preset=
let mine = null;  // the build's files, by address
const storing = new Set();  // responses being stored as they stream to the page
const isMine = (u) => (mine || (mine = new Set(FILES.map(url)))).has(u);

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (ev) => ev.waitUntil(self.clients.claim()));

// Cache first (every file of a build is fixed); what comes from the network is kept if it is the build's.
// Offline, a file this cache lacks is taken from an older build's cache, and a page from the lobby.
self.addEventListener("fetch", (ev) => {
  const req = ev.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  ev.respondWith(caches.open(CACHE).then(async (c) => {
    const key = bare(req.url);
    const hit = await c.match(key);
    if (hit) return hit;
    try {
      const res = await fetch(req);
      if (res.status === 200 && res.type === "basic" && isMine(key)) {
        const put = c.put(key, res.clone()).catch(() => {}).finally(() => storing.delete(put));
        storing.add(put);
        ev.waitUntil(put);
      }
      return res;
    } catch (e) {
      const old = await caches.match(key) || (req.mode === "navigate" ? await caches.match(url("./")) : undefined);
      if (old) return old;
      throw e;
    }
  }));
});

// "fill": download what the cache still lacks (a few at a time), then drop older builds' caches.
async function fill() {
  const c = await caches.open(CACHE);
  await Promise.all([...storing]);
  const have = new Set((await c.keys()).map((r) => r.url));
  const missing = FILES.map(url).filter((u) => !have.has(u));
  const next = async () => {
    for (let u = missing.pop(); u !== undefined; u = missing.pop()) {
      const res = await fetch(u);
      if (res.status !== 200) throw new Error(`${u}: ${res.status}`);
      await c.put(u, res);
    }
  };
  await Promise.all([next(), next(), next(), next()]);
  const keys = await caches.keys();
  await Promise.all(keys.filter((k) => k.startsWith("cardtable-") && k !== CACHE).map((k) => caches.delete(k)));
}

self.addEventListener("message", (ev) => {
  if (ev.data === "fill") ev.waitUntil(fill().catch(() => {}));  // the next visit tries again
});
