// Statistics charts drawn as SVG: win rate by game and opponent, and the margin of each finished match.
import { api, gameName, levelName, seatHeaders } from "/static/util.js";
import { language, listWords, t } from "/static/i18n.js";
const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** "Gin Rummy against the computer (medium)": a row's game and opposition in words (kinds as the store lists them). */
export function rowWords(r) {
  const who = opponentWords(r), game = gameName(r.game) || r.game;
  return who ? t("{game} against {who}", { game, who }) : game;
}

function opponentWords(r) {
  const kinds = String(r.opponent || "").split("+").filter((k) => k && k !== "-");
  const people = kinds.includes("human"), levels = kinds.filter((k) => k !== "human");
  const words = [people ? t("people") : "", levels.length ? t("the computer ({levels})", { levels: listWords(levels.map(levelName)) }) : ""].filter(Boolean);
  return words.length ? listWords(words) : "";
}

const locale = () => (language() === "en_XA" ? "en" : language());
const percent = (rate) => new Intl.NumberFormat(locale(), { style: "percent", maximumFractionDigits: 0 }).format(rate);
const decimal = (x) => new Intl.NumberFormat(locale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x);

function winRateChart(rows) {
  const W = 560, bar = 22, step = bar + 26, H = 34 + rows.length * step;
  const x0 = 10, w = W - x0 - 110;
  const bars = rows.map((r, i) => {  // the words above each bar: they are too long to sit beside it
    const y = 46 + i * step;
    const rate = r.played ? r.won / r.played : 0;
    return `<text x="${x0}" y="${y - 6}" font-size="13">${esc(rowWords(r))}</text>
      <rect x="${x0}" y="${y}" width="${w}" height="${bar}" fill="#eee"/>
      <rect class="bar" x="${x0}" y="${y}" width="${(w * rate).toFixed(1)}" height="${bar}" fill="#2e7d32"/>
      <text x="${x0 + w + 6}" y="${y + bar * 0.65}" font-size="12">${esc(percent(rate))} (${r.won}/${r.played})</text>`;
  }).join("");
  const name = t("Win rate by game and opponent"), title = t("Win rate");
  return `<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(name)}"><text x="10" y="18" font-weight="bold">${esc(title)}</text>${bars}</svg>`;
}

function marginChart(games) {
  const W = 560, H = 220, pad = 40;
  if (!games.length) return "";
  const max = Math.max(1, ...games.map((g) => Math.abs(g.margin)));
  const step = Math.min(40, (W - 2 * pad) / games.length);
  const mid = H / 2;
  const bars = games.map((g, i) => {
    const h = (Math.abs(g.margin) / max) * (H / 2 - 30);
    const y = g.margin >= 0 ? mid - h : mid;
    return `<rect class="bar" x="${(pad + i * step + 1).toFixed(1)}" y="${y.toFixed(1)}" width="${Math.max(1, step - 2).toFixed(1)}" height="${h.toFixed(1)}" fill="${g.won ? "#2e7d32" : "#c62828"}"><title>${esc(gameName(g.game))}: ${g.margin}</title></rect>`;
  }).join("");
  const name = t("Final margin of each match, your side"), title = t("Final margin of each match (your side)");
  return `<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(name)}"><text x="10" y="18" font-weight="bold">${esc(title)}</text>
    <line x1="${pad}" y1="${mid}" x2="${W - pad}" y2="${mid}" stroke="#888"/><text x="4" y="${mid - 4}" font-size="11">0</text>
    <text x="4" y="34" font-size="11">+${max}</text><text x="4" y="${H - 8}" font-size="11">-${max}</text>${bars}</svg>`;
}

export function renderStats(el, data) {
  const rows = data.rows.filter((r) => r.played);
  const server = data.server || [];
  const none = t("No finished matches of yours yet: the tables you play at (My tables) count here.");
  const head = (cols) => `<tr>${cols.map((c) => `<th scope="col">${esc(c)}</th>`).join("")}</tr>`;
  const mine = [t("Game"), t("Opponent"), t("Played"), t("Won"), t("Lost"), t("Abandoned"), t("Mean margin")];
  const here = [t("Game"), t("Finished"), t("In play"), t("Abandoned")], onServer = t("On this server");
  el.innerHTML = (rows.length ? winRateChart(rows) : `<p>${esc(none)}</p>`) + marginChart(data.games) +
    `<table class="list">${head(mine)}
    ${data.rows.map((r) => `<tr><td>${esc(gameName(r.game) || r.game)}</td><td>${esc(opponentWords(r) || r.opponent)}</td><td>${r.played}</td><td>${r.won}</td><td>${r.lost}</td><td>${r.abandoned}</td><td>${r.mean_margin === null ? "-" : esc(decimal(r.mean_margin))}</td></tr>`).join("")}</table>` +
    (server.length ? `<h3>${esc(onServer)}</h3><table class="list" id="server-counts">${head(here)}
    ${server.map((c) => `<tr><td>${esc(gameName(c.game) || c.game)}</td><td>${c.finished}</td><td>${c.in_progress}</td><td>${c.abandoned}</td></tr>`).join("")}</table>` : "");
}

export async function statsPage(main) {
  const data = await api("/api/stats", { headers: seatHeaders() });  // your own games, from the seats this browser holds
  main.innerHTML = `<section class="panel"><h1>${esc(t("Statistics"))}</h1><div id="charts" class="charts"></div></section>`;
  renderStats(main.querySelector("#charts"), data);
}
