// The static site's answers to the page's /api/ requests (util.js api() sends them here): the lobby's data
// and the rules text built into the page, tables created by the engine's worker, finished matches and their
// replays from the games saved in this browser.
import { allGames, getGame } from "/static/solo-store.js";
import { ask } from "/static/transport.js";
import { t } from "/static/i18n.js";

const built = (() => {
  const el = document.getElementById("cardtable-data");
  return el ? JSON.parse(el.textContent) : {};
})();

function refuse(status, detail) {
  const e = new Error(detail);
  e.status = status;
  return e;
}

// the rules' language a query asks for (lang=cs): one the page has, else English
const rulesLang = (have, q) => (q.lang && Object.hasOwn(have, q.lang) ? q.lang : "en");

/** The rules page's data for a query: its preset, else the preset whose options are those asked for; in the
 * query's language (lang). */
function rulesPage(search) {
  const data = built.rules;
  if (!data) throw refuse(404, "no rules here");
  const q = Object.fromEntries(new URLSearchParams(search));
  const presets = data.presets[rulesLang(data.presets, q)];
  let preset = q.preset && presets[q.preset] ? q.preset : null;
  if (!preset && Object.keys(q).length) {
    preset = Object.keys(data.options).find((p) => Object.entries(q).every(([k, v]) => k === "preset" || k === "lang"
      || String(data.options[p][k] === null ? "none" : data.options[p][k]) === v)) || null;
  }
  return presets[preset || "standard"] || Object.values(presets)[0];
}

export async function staticApi(path, opts = {}) {
  const url = new URL(path, location.href);
  const p = path.split("?")[0];
  if (built[p]) return built[p];
  if (p === "/api/rules" && built.rules_index) {
    return built.rules_index[rulesLang(built.rules_index, Object.fromEntries(url.searchParams))];
  }
  if (p.startsWith("/api/rules/")) return rulesPage(url.search);
  if (p === "/api/tables" && (opts.method || "GET") === "POST") return ask("create", { spec: JSON.parse(opts.body) });
  if (p === "/api/finished") {
    const games = (await allGames()).filter((g) => g.finished).map((g) => ({
      uid: g.id, game: g.game, names: g.names, seat_names: g.names, final: g.totals, hands: g.hand_no, you: g.you,
      winner: g.totals && g.totals.length === g.names.length ? g.totals.indexOf(Math.max(...g.totals)) : null,
    }));
    return { games };
  }
  const replay = /^\/api\/replay\/([A-Za-z0-9]+)$/.exec(p);
  if (replay) {
    if (!(await getGame(replay[1]))) throw refuse(404, t("This match is not saved in this browser."));
    return ask("replay", { id: replay[1], hand: Number(url.searchParams.get("hand") || 1) });
  }
  throw refuse(404, t("This page needs the server: the site in this browser plays against the computer only."));
}
