// The page's languages: en, ja, zh (Simplified), bg, cs. Messages are marked with t("Lobby"),
// t("Hand {n}", { n }), nt("{n} minute", "{n} minutes", n) and pt("preset", "standard"); Babel extracts them
// into the gettext domain "web" (babel.cfg), and the compiled catalog comes as JSON from /i18n/<lang>.json
// (the static site: i18n/<lang>.json). The language is the one chosen in the menu (kept in this browser), else
// the one the server read from Accept-Language (<html lang>), or navigator.languages on the static site.
// Anything a catalog lacks is English, never blank. This module waits for its catalog before the page starts.
// "en_XA" (kept as the choice in localStorage "cardtable:lang") is the pseudo-locale of cardtable.i18n: every
// message accented, lengthened and inside ⟦ ⟧, so text that does not go through t() stands out.

/** The languages, each named in its own language (as cardtable.i18n.LANGUAGES). */
export const LANGUAGES = { en: "English", ja: "日本語", zh: "简体中文", bg: "Български", cs: "Čeština" };
const KEY = "cardtable:lang";
/** The pseudo-locale for tests (as cardtable.i18n.PSEUDO). */
export const PSEUDO = "en_XA";
const STATIC_SITE = typeof document !== "undefined" && document.querySelector('meta[name="cardtable-site"]')?.content === "solo";

let lang = "en";
let messages = {};
let plural = { one: 0, other: 1 };
let rules = new Intl.PluralRules("en");
let numbers = new Intl.NumberFormat("en");

/** The language a tag means ("cs-CZ" is cs, every Chinese is zh), or null when cardtable does not speak it. */
export function normalize(tag) {
  if (/^en[-_]xa\b/i.test(String(tag || "").trim())) return PSEUDO;
  const code = String(tag || "").trim().toLowerCase().split(/[-_.@]/)[0];
  return Object.hasOwn(LANGUAGES, code) ? code : null;
}

function stored() {
  try { return normalize(localStorage.getItem(KEY)); } catch { return null; }
}

/** The language the page starts in: the menu's choice, else Accept-Language's (the static site: the browser's). */
export function preferred() {
  const own = stored();
  if (own) return own;
  if (STATIC_SITE) {
    for (const tag of (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language])) {
      const code = normalize(tag);
      if (code) return code;
    }
    return "en";
  }
  return normalize(document.documentElement.lang) || "en";
}

/** The language spoken now. */
export const language = () => lang;

/** Speak `code` (fetching its catalog); a catalog that cannot be had leaves the page in English. */
export async function setLanguage(code) {
  code = normalize(code) || "en";
  let found = { messages: {}, plural: { one: 0, other: 1 } };
  if (code !== "en" && code !== PSEUDO) {
    try {
      const r = await fetch(`${STATIC_SITE ? "" : "/"}i18n/${code}.json`);
      if (!r.ok) throw new Error(String(r.status));
      found = await r.json();
    } catch {
      code = "en";
    }
  }
  lang = code;
  messages = found.messages || {};
  plural = found.plural || { other: 0 };
  const locale = lang === PSEUDO ? "en" : lang;
  rules = new Intl.PluralRules(locale);
  numbers = new Intl.NumberFormat(locale);
  // a page translated through this module says so (<html data-i18n>): its language is this one; CJK fonts pick
  // their glyphs by it. Both pages (index.html: the lobby, the table, replays, statistics; rules.html) are marked.
  if (document.documentElement.hasAttribute("data-i18n")) document.documentElement.lang = lang === "zh" ? "zh-Hans" : lang === PSEUDO ? "en-XA" : lang;
  // the static site is installable: its manifest names and describes it in this language (static_site.manifest_name)
  const manifest = STATIC_SITE && document.querySelector('link[rel="manifest"]');
  if (manifest) manifest.setAttribute("href", lang === "en" || lang === PSEUDO ? "manifest.webmanifest" : `manifest-${lang}.webmanifest`);
  return lang;
}

/** Remember `code` as this browser's choice (the language menu) and speak it. */
export async function chooseLanguage(code) {
  try { localStorage.setItem(KEY, normalize(code) || "en"); } catch { /* private mode: this page only */ }
  return setLanguage(code);
}

const value = (v) => (typeof v === "number" ? numbers.format(v) : String(v ?? ""));

function fill(text, params) {
  return params ? text.replace(/\{(\w+)\}/g, (m, k) => (Object.hasOwn(params, k) ? value(params[k]) : m)) : text;
}

const found = (key) => {
  const m = messages[key];
  return typeof m === "string" && m ? m : null;
};

const ACCENTS = Object.fromEntries([..."abcdeghijklnoprstuwyzABCDEGHIJKLNOPRSTUWYZ"].map((c, i) => [c, [..."áƀçđéĝĥîĵķļñöþŕšţüŵýžÅßÇĐÉĜĤÎĴĶĻÑÖÞŔŠŢÜŴÝŽ"][i]]));
/** `text` in the pseudo-locale: vowels doubled, letters accented, inside ⟦ ⟧; {placeholders} kept (cardtable.i18n.pseudo). */
export function pseudo(text) {
  const out = String(text).split(/(\{\w+\})/).map((part, i) => (i % 2 ? part
    : part.replace(/([aeiouAEIOU])/g, "$1$1").replace(/[A-Za-z]/g, (c) => ACCENTS[c] ?? c)));
  return `⟦${out.join("")}⟧`;
}
// the text of a message in the language spoken now (null: English, the msgid)
const own = (key, english) => (lang === PSEUDO ? pseudo(english) : found(key));

/** `msgid` in the page's language, its {placeholders} filled from `params` (numbers as the language writes them). */
export function t(msgid, params) {
  return fill(own(msgid, msgid) ?? msgid, params);
}

/** `msgid` in the sense `context` gives it (a word with more than one meaning). */
export function pt(context, msgid, params) {
  return fill(own(`${context}\u0004${msgid}`, msgid) ?? msgid, params);
}

/** The form of a message for the count `n` (CLDR's category for n, mapped to the catalog's forms); {n} is n. */
export function nt(singular, pluralText, n, params) {
  const forms = messages[singular];
  let text = null;
  if (Array.isArray(forms)) {
    const i = plural[rules.select(n)] ?? plural.other ?? 0;
    text = forms[i] || null;
  }
  if (text === null) text = new Intl.PluralRules("en").select(n) === "one" ? singular : pluralText;
  return fill(lang === PSEUDO ? pseudo(text) : text, { n, ...params });
}

/** Items as the language lists them: "a, b and c", "a、b和c"; `style` "narrow" without the "and" ("a, b, c", "a、b、c"). */
export function listWords(items, style = "long") {
  return new Intl.ListFormat(lang === PSEUDO ? "en" : lang, { style, type: "conjunction" }).format(items.map(String));
}

const escape = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** Markup to put into a message by th() as it is (the caller escaped what it holds). */
export const markup = (html) => ({ markup: String(html) });

/** t() for innerHTML: the message and its params escaped, except params made with markup(). */
export function th(msgid, params) {
  const text = escape(own(msgid, msgid) ?? msgid);
  return text.replace(/\{(\w+)\}/g, (m, k) => {
    if (!params || !Object.hasOwn(params, k)) return m;
    const v = params[k];
    return v && typeof v === "object" && "markup" in v ? v.markup : escape(value(v));
  });
}

await setLanguage(preferred());
