// The rules for players: /rules lists the games; /rules/{game}?preset=NAME shows one game's rules as
// they are under that preset (the server fills in its values and its options in words), with the
// cards drawn from the real card images. The texts are data (cardtable.apps.player_rules), asked for in the
// page's language (?lang=, as static/i18n.js chose it); the page's own words go through t(). The ids of
// sections and paragraphs are the same in every language (a refusal's "Why?" link names one).
import { card, cardName, isRed, shortCard } from "/static/cards.js";
import { language, pt, t } from "/static/i18n.js";
import { api, esc, siteHref } from "/static/util.js";

const main = document.getElementById("main");
// a preset's name as a player reads it (as the lobby names it); another name is shown as it is
const presetName = (p) => ({
  standard: pt("preset", "standard"), modern: pt("preset", "modern"), classic: pt("preset", "classic"),
  oklahoma: pt("preset", "Oklahoma"), openspiel: pt("preset", "OpenSpiel"), hoyle: pt("preset", "Hoyle"),
})[p] || p;

/** `path` with the page's language added to its query (the pseudo-locale reads English rules). */
function withLang(path, search = "") {
  const q = new URLSearchParams(search);
  q.set("lang", language());
  return `${path}?${q}`;
}

/** The header (rules.html is in English until this runs) in the page's language. */
function shell() {
  const words = { "/#/": t("Lobby"), "/#/finished": t("Finished"), "/#/stats": t("Statistics") };
  document.querySelector(".skip").textContent = t("Skip to the content");
  document.querySelector("header.top .brand").setAttribute("aria-label", t("cardtable, the lobby"));
  const nav = document.querySelector("header.top nav");
  nav.setAttribute("aria-label", t("Main"));
  nav.querySelectorAll("a").forEach((a) => {
    a.textContent = words[a.getAttribute("href").replace(/^index\.html/, "/")] ?? t("Rules");
  });
}

/** A text with [QS] card marks: each card written 10♦, spoken "10 of diamonds". */
export function rich(text) {
  return esc(text).replace(/\[([A2-9TJQK][SHDC])\]/g, (m, c) =>
    `<span class="inline-card ${isRed(c) ? "red" : ""}" role="img" aria-label="${cardName(c)}">${shortCard(c)}</span>`);
}

async function indexPage() {
  const data = await api(withLang("/api/rules"));
  document.title = t("Rules of the games: cardtable");
  const heading = t("Rules of the games");
  const lead = t("Short rules to read in a few minutes, with the options of each set of rules.");
  const back = t("Back to the lobby");
  main.innerHTML = `<article class="panel rules"><h1>${esc(heading)}</h1>
    <p class="lead">${esc(lead)}</p>
    ${data.games.map((g) => `<section class="rules-game" aria-labelledby="g-${g.game}"><h2 id="g-${g.game}"><a href="${siteHref(`/rules/${g.game}`)}">${esc(g.title)}</a></h2>
      <p>${rich(g.intro)}</p><ul>${g.presets.map((p) => `<li><a href="${siteHref(`/rules/${g.game}?preset=${encodeURIComponent(p.name)}`)}">${esc(presetName(p.name))}</a>: ${rich(p.text)}</li>`).join("")}</ul></section>`).join("")}
    <p><a href="${siteHref("/#/")}">${esc(back)}</a></p></article>`;
}

function block(b) {
  if (b.kind === "figure") {
    const groups = b.cards.map((g) => `<span class="fig-group">${g.map((c) => card(c, { cls: "small" })).join("")}</span>`).join("");
    return `<figure id="${esc(b.id)}" class="rule-fig"><div class="fig-cards">${groups}</div><figcaption>${rich(b.text)}</figcaption></figure>`;
  }
  return `<p id="${esc(b.id)}">${rich(b.text)}</p>`;
}

async function gamePage(game) {
  const data = await api(withLang(`/api/rules/${encodeURIComponent(game)}`, location.search));
  document.title = t("{title}: rules · cardtable", { title: data.title });
  const about = data.presets.find((p) => p.name === data.preset);
  const own = t("this table's rules");
  const choices = data.presets.map((p) => `<option value="${esc(p.name)}" ${p.name === data.preset ? "selected" : ""}>${esc(presetName(p.name))}</option>`).join("")
    + (data.preset === null ? `<option value="" selected>${esc(own)}</option>` : "");
  const words = {
    all: t("All games"), lobby: t("Lobby"), rules: t("Rules"), contents: t("Contents"), options: t("Options"),
    ownAbout: t("This table's own rules: see the options below."), optionsHeading: t("Options of these rules"),
    which: data.preset ? t("The {preset} rules.", { preset: presetName(data.preset) }) : t("This table's own rules."),
    option: t("Option"), under: t("Under these rules"),
  };
  main.innerHTML = `<article class="panel rules">
    <p class="crumbs"><a href="${siteHref("/rules")}">${esc(words.all)}</a> · <a href="${siteHref("/#/")}">${esc(words.lobby)}</a></p>
    <h1>${esc(data.title)}</h1>
    <p class="lead">${rich(data.intro)}</p>
    <div class="preset-pick"><label for="preset">${esc(words.rules)}</label><select id="preset" aria-describedby="preset-about">${choices}</select>
      <p id="preset-about" class="about">${about ? rich(about.text) : esc(words.ownAbout)}</p></div>
    <nav class="toc" aria-label="${esc(words.contents)}"><ul>${data.sections.map((s) => `<li><a href="#${esc(s.id)}">${esc(s.heading)}</a></li>`).join("")}<li><a href="#options">${esc(words.options)}</a></li></ul></nav>
    ${data.sections.map((s) => `<section id="${esc(s.id)}" aria-labelledby="${esc(s.id)}-h"><h2 id="${esc(s.id)}-h">${esc(s.heading)}</h2>${s.blocks.map(block).join("")}</section>`).join("")}
    <section id="options" aria-labelledby="options-h"><h2 id="options-h">${esc(words.optionsHeading)}</h2>
      <p class="muted">${esc(words.which)}</p>
      <table class="list options"><thead><tr><th scope="col">${esc(words.option)}</th><th scope="col">${esc(words.under)}</th></tr></thead>
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
    const heading = t("Rules");
    const all = t("All games");
    main.innerHTML = `<section class="panel"><h1>${esc(heading)}</h1><p class="error" role="alert">${esc(e.message)}</p><p><a href="${siteHref("/rules")}">${esc(all)}</a></p></section>`;
  }
}
window.addEventListener("hashchange", showTarget);
document.querySelector(".skip").addEventListener("click", (ev) => { ev.preventDefault(); main.focus(); });
shell();
route();
