// The rules for players: /rules lists the games; /rules/{game}?preset=NAME shows one game's rules as
// they are under that preset (the server fills in its values and its options in words), with the
// cards drawn from the real card images. The texts are data (cardtable.apps.player_rules).
import { card, cardName, isRed, shortCard } from "/static/cards.js";
import { api, esc, siteHref } from "/static/util.js";

const main = document.getElementById("main");

/** A text with [QS] card marks: each card written 10♦, spoken "10 of diamonds". */
export function rich(text) {
  return esc(text).replace(/\[([A2-9TJQK][SHDC])\]/g, (m, c) =>
    `<span class="inline-card ${isRed(c) ? "red" : ""}" role="img" aria-label="${cardName(c)}">${shortCard(c)}</span>`);
}

async function indexPage() {
  const data = await api("/api/rules");
  document.title = "Rules of the games: cardtable";
  main.innerHTML = `<article class="panel rules"><h1>Rules of the games</h1>
    <p class="lead">Short rules to read in a few minutes, with the options of each set of rules.</p>
    ${data.games.map((g) => `<section class="rules-game" aria-labelledby="g-${g.game}"><h2 id="g-${g.game}"><a href="${siteHref(`/rules/${g.game}`)}">${esc(g.title)}</a></h2>
      <p>${rich(g.intro)}</p><ul>${g.presets.map((p) => `<li><a href="${siteHref(`/rules/${g.game}?preset=${encodeURIComponent(p.name)}`)}">${esc(p.name)}</a>: ${rich(p.text)}</li>`).join("")}</ul></section>`).join("")}
    <p><a href="${siteHref("/#/")}">Back to the lobby</a></p></article>`;
}

function block(b) {
  if (b.kind === "figure") {
    const groups = b.cards.map((g) => `<span class="fig-group">${g.map((c) => card(c, { cls: "small" })).join("")}</span>`).join("");
    return `<figure id="${esc(b.id)}" class="rule-fig"><div class="fig-cards">${groups}</div><figcaption>${rich(b.text)}</figcaption></figure>`;
  }
  return `<p id="${esc(b.id)}">${rich(b.text)}</p>`;
}

async function gamePage(game) {
  const data = await api(`/api/rules/${encodeURIComponent(game)}${location.search}`);
  document.title = `${data.title}: rules · cardtable`;
  const about = data.presets.find((p) => p.name === data.preset);
  const choices = data.presets.map((p) => `<option value="${esc(p.name)}" ${p.name === data.preset ? "selected" : ""}>${esc(p.name)}</option>`).join("")
    + (data.preset === null ? `<option value="" selected>this table's rules</option>` : "");
  main.innerHTML = `<article class="panel rules">
    <p class="crumbs"><a href="${siteHref("/rules")}">All games</a> · <a href="${siteHref("/#/")}">Lobby</a></p>
    <h1>${esc(data.title)}</h1>
    <p class="lead">${rich(data.intro)}</p>
    <div class="preset-pick"><label for="preset">Rules</label><select id="preset" aria-describedby="preset-about">${choices}</select>
      <p id="preset-about" class="about">${about ? rich(about.text) : "This table's own rules: see the options below."}</p></div>
    <nav class="toc" aria-label="Contents"><ul>${data.sections.map((s) => `<li><a href="#${esc(s.id)}">${esc(s.heading)}</a></li>`).join("")}<li><a href="#options">Options</a></li></ul></nav>
    ${data.sections.map((s) => `<section id="${esc(s.id)}" aria-labelledby="${esc(s.id)}-h"><h2 id="${esc(s.id)}-h">${esc(s.heading)}</h2>${s.blocks.map(block).join("")}</section>`).join("")}
    <section id="options" aria-labelledby="options-h"><h2 id="options-h">Options of these rules</h2>
      <p class="muted">${esc(data.preset ? `The ${data.preset} rules.` : "This table's own rules.")}</p>
      <table class="list options"><thead><tr><th scope="col">Option</th><th scope="col">Under these rules</th></tr></thead>
      <tbody>${data.options.map((r) => `<tr data-option="${esc(r.name)}"><th scope="row">${esc(r.label)}</th><td>${rich(r.text)}</td></tr>`).join("")}</tbody></table></section>
  </article>`;
  main.querySelector("#preset").onchange = (ev) => { if (ev.target.value) location.search = `?preset=${encodeURIComponent(ev.target.value)}`; };
  showTarget();
}

/** The paragraph named in the address (a refusal's "Why?" link): scrolled to, marked and focused. */
function showTarget() {
  main.querySelectorAll(".rule-target").forEach((el) => el.classList.remove("rule-target"));
  const id = decodeURIComponent(location.hash.slice(1));
  const el = id && document.getElementById(id);
  if (!el || !main.contains(el)) return;
  el.classList.add("rule-target");
  el.setAttribute("tabindex", "-1");
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: "start" });
}

async function route() {
  const game = document.body.dataset.game || location.pathname.split("/")[2];  // the static site: rules-GAME.html
  try {
    if (game) await gamePage(game);
    else await indexPage();
  } catch (e) {
    main.innerHTML = `<section class="panel"><h1>Rules</h1><p class="error" role="alert">${esc(e.message)}</p><p><a href="${siteHref("/rules")}">All games</a></p></section>`;
  }
}
window.addEventListener("hashchange", showTarget);
document.querySelector(".skip").addEventListener("click", (ev) => { ev.preventDefault(); main.focus(); });
route();
