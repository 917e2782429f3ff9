// The static site's service worker (`cardtable build-static` writes it as sw.js with the list of files
// and the cache name filled in; the served site does not use it). The first visit stores every file of the
// site, Pyodide included (from the browser's HTTP cache where it can: the page has just loaded them), so the
// site opens and plays offline afterwards. A new build has a new cache name: it is filled beside the old
// one, takes over, and the old one is deleted.
const CACHE = "__CACHE__";
const FILES = [/*__FILES__*/];

self.addEventListener("install", (ev) => {
  ev.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (ev) => {
  ev.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("cardtable-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// Cache first (every file of a build is fixed); a page's query (a rules page's ?preset=) does not matter.
self.addEventListener("fetch", (ev) => {
  const req = ev.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  ev.respondWith(caches.open(CACHE).then(async (c) => {
    const hit = await c.match(req, { ignoreSearch: true });
    if (hit) return hit;
    if (req.mode === "navigate") {
      const page = await c.match("./", { ignoreSearch: true });
      if (page && new URL(req.url).pathname.endsWith("/")) return page;
    }
    return fetch(req);
  }));
});
