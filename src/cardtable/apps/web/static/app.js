// cardtable in the browser: a router over the pages (lobby, table, finished matches, replay,
// statistics). ES modules, no build step, no inline script (the pages are built from these files).
import { lobbyPage } from "/static/lobby.js";
import { tablePage } from "/static/table.js";
import { finishedPage, replayPage } from "/static/replay.js";
import { statsPage } from "/static/stats.js";
import { esc, STATIC_SITE } from "/static/util.js";
import { chooseLanguage, language, LANGUAGES, t } from "/static/i18n.js";

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
    main.innerHTML = `<section class="panel"><p class="error" role="alert">${esc(e.message)}</p><p><a href="#/">${esc(t("Back to the lobby"))}</a></p></section>`;
  }
  main.focus({ preventScroll: true });
}
// The page's frame in the page's language (index.html is in English until this runs), and the language menu:
// each language named in its own words; a choice is kept in this browser and wins over Accept-Language.
function shell() {
  document.title = t("cardtable: Gin Rummy, Casino and Pinochle");
  const words = { "#/": t("Lobby"), "#/finished": t("Finished"), "#/stats": t("Statistics") };
  document.querySelector(".skip").textContent = t("Skip to the content");
  document.querySelector("header.top .brand").setAttribute("aria-label", t("cardtable, the lobby"));
  const nav = document.querySelector("header.top nav");
  nav.setAttribute("aria-label", t("Main"));
  nav.querySelectorAll("a").forEach((a) => { a.textContent = words[a.getAttribute("href")] ?? t("Rules"); });
  let menu = document.getElementById("lang");
  if (!menu) {
    menu = document.createElement("select");
    menu.id = "lang";
    menu.className = "lang-menu";
    menu.innerHTML = Object.entries(LANGUAGES).map(([code, name]) => `<option value="${code}" lang="${code === "zh" ? "zh-Hans" : code}">${esc(name)}</option>`).join("");
    menu.onchange = async () => { await chooseLanguage(menu.value); shell(); route(); };
    document.querySelector("header.top").append(menu);
  }
  menu.value = Object.hasOwn(LANGUAGES, language()) ? language() : "en";  // the pseudo-locale is English underneath
  menu.setAttribute("aria-label", t("Language"));
  menu.title = t("Language");
}
shell();
window.addEventListener("hashchange", route);
if (STATIC_SITE) {  // no server: the engine starts loading now (it takes seconds), and the site is kept for offline
  // the service worker first: it keeps the engine's files as they come; then it fetches what it still lacks
  import("/static/transport.js").then((t) => t.engine().then(t.keepSite, t.keepSite));
}
route();
document.querySelector(".skip").addEventListener("click", (ev) => { ev.preventDefault(); main.focus(); });
