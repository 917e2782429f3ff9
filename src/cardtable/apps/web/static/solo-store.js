// The static site's saved games (IndexedDB "cardtable", store "games", one record a table: the solo desk's
// save() dict). Used by the page (My tables, import, replays) and by the engine's worker (it saves after
// every move). No DOM: it runs in both.
const DB = "cardtable", STORE = "games";
let opened = null;

function db() {
  if (!opened) {
    opened = new Promise((resolve, reject) => {
      const r = indexedDB.open(DB, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: "id" });
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => { opened = null; reject(r.error); };
    });
  }
  return opened;
}

async function run(mode, work) {
  const d = await db();
  return new Promise((resolve, reject) => {
    const tx = d.transaction(STORE, mode);
    const r = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(r && "result" in r ? r.result : undefined);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

export const putGame = (saved) => run("readwrite", (s) => s.put(saved));
export const getGame = (id) => run("readonly", (s) => s.get(String(id)));
export const deleteGame = (id) => run("readwrite", (s) => s.delete(String(id)));
export async function allGames() {
  const all = (await run("readonly", (s) => s.getAll())) || [];
  return all.sort((a, b) => (b.updated || 0) - (a.updated || 0));
}
