// cardtable in the browser: a router over the pages (lobby, table, finished matches, replay,
// statistics). ES modules, no build step, no inline script (the pages are built from these files).
import { lobbyPage } from "/static/lobby.js";
import { tablePage } from "/static/table.js";
import { finishedPage, replayPage } from "/static/replay.js";
import { statsPage } from "/static/stats.js";
import { esc, STATIC_SITE } from "/static/util.js";

const main = document.getElementById("main");
let current = null;

async function route() {
  if (current && current.close) current.close();
  current = null;
  document.querySelector(".ghost")?.remove();
  const [page, a, b] = location.hash.replace(/^#\/?/, "").split("/");
  document.body.dataset.page = page || "lobby";
  document.querySelectorAll("header.top nav a").forEach((l) => l.toggleAttribute("aria-current", l.getAttribute("href") === `#/${page || ""}`));
  try {
    if (page === "t" && a) current = tablePage(main, a, b || null);
    else if (page === "watch" && a) current = tablePage(main, a, null);
    else if (page === "finished") await finishedPage(main);
    else if (page === "replay" && a) current = await replayPage(main, a, Number(b || 1));
    else if (page === "stats") await statsPage(main);
    else await lobbyPage(main);
  } catch (e) {
    main.innerHTML = `<section class="panel"><p class="error" role="alert">${esc(e.message)}</p><p><a href="#/">Back to the lobby</a></p></section>`;
  }
  main.focus({ preventScroll: true });
}
window.addEventListener("hashchange", route);
if (STATIC_SITE) {  // no server: the engine starts loading now (it takes seconds), and the site is kept for offline
  // the service worker first: it keeps the engine's files as they come; then it fetches what it still lacks
  import("/static/transport.js").then((t) => t.engine().then(t.keepSite, t.keepSite));
}
route();
document.querySelector(".skip").addEventListener("click", (ev) => { ev.preventDefault(); main.focus(); });
