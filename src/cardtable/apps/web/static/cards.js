// Cards as the player sees them: faces from the vendored SVG-cards deck (cards/NOTICE.md), backs,
// names in words for screen readers ("7 of hearts"), and card notation turned into 7♥ inside text.
// Pinochle's copy letters (QSa, QSb) never reach the screen: copies are the same card to a player.
import { filesFrom } from "/static/reconnect.js";
import { language, nt, pt, t } from "/static/i18n.js";

const FACES = "/static/cards/faces";
const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_ID = { S: "spade", H: "heart", D: "diamond", C: "club" };
const RANK = { T: "10" };
const RANK_ID = { A: "1", T: "10", J: "jack", Q: "queen", K: "king" };
export const SUIT_SYMBOLS = ["♠", "♥", "♦", "♣"];
/** The suits' names in the page's language (0 spades, 1 hearts, 2 diamonds, 3 clubs). */
export const suitNames = () => [pt("suit", "spades"), pt("suit", "hearts"), pt("suit", "diamonds"), pt("suit", "clubs")];

// every card's full name, a whole phrase in each language ("piková dáma", "スペードのクイーン"): the catalogs'
// msgctxt "card" entries, as cardtable.i18n.card_name has them
let names = null, namesIn = null;
function cardNames() {
  if (namesIn === language()) return names;
  namesIn = language();
  names = {
    AS: pt("card", "ace of spades"), "2S": pt("card", "2 of spades"), "3S": pt("card", "3 of spades"), "4S": pt("card", "4 of spades"), "5S": pt("card", "5 of spades"), "6S": pt("card", "6 of spades"), "7S": pt("card", "7 of spades"), "8S": pt("card", "8 of spades"), "9S": pt("card", "9 of spades"), TS: pt("card", "10 of spades"), JS: pt("card", "jack of spades"), QS: pt("card", "queen of spades"), KS: pt("card", "king of spades"),
    AH: pt("card", "ace of hearts"), "2H": pt("card", "2 of hearts"), "3H": pt("card", "3 of hearts"), "4H": pt("card", "4 of hearts"), "5H": pt("card", "5 of hearts"), "6H": pt("card", "6 of hearts"), "7H": pt("card", "7 of hearts"), "8H": pt("card", "8 of hearts"), "9H": pt("card", "9 of hearts"), TH: pt("card", "10 of hearts"), JH: pt("card", "jack of hearts"), QH: pt("card", "queen of hearts"), KH: pt("card", "king of hearts"),
    AD: pt("card", "ace of diamonds"), "2D": pt("card", "2 of diamonds"), "3D": pt("card", "3 of diamonds"), "4D": pt("card", "4 of diamonds"), "5D": pt("card", "5 of diamonds"), "6D": pt("card", "6 of diamonds"), "7D": pt("card", "7 of diamonds"), "8D": pt("card", "8 of diamonds"), "9D": pt("card", "9 of diamonds"), TD: pt("card", "10 of diamonds"), JD: pt("card", "jack of diamonds"), QD: pt("card", "queen of diamonds"), KD: pt("card", "king of diamonds"),
    AC: pt("card", "ace of clubs"), "2C": pt("card", "2 of clubs"), "3C": pt("card", "3 of clubs"), "4C": pt("card", "4 of clubs"), "5C": pt("card", "5 of clubs"), "6C": pt("card", "6 of clubs"), "7C": pt("card", "7 of clubs"), "8C": pt("card", "8 of clubs"), "9C": pt("card", "9 of clubs"), TC: pt("card", "10 of clubs"), JC: pt("card", "jack of clubs"), QC: pt("card", "queen of clubs"), KC: pt("card", "king of clubs"),
  };
  return names;
}

export function isCard(tok) {
  return typeof tok === "string" && /^[A2-9TJQK][SHDC][ab]?$/.test(tok);
}

/** "7♥", "10♠" (no copy letter); "a face-down card" for a hidden one. */
export function shortCard(tok) {
  if (!isCard(tok)) return t("a face-down card");
  return (RANK[tok[0]] || tok[0]) + SUIT[tok[1]];
}

/** "7 of hearts", "queen of spades": the accessible name of a card, in the page's language. */
export function cardName(tok) {
  if (!isCard(tok)) return t("face-down card");
  return cardNames()[tok.slice(0, 2)];
}

export function isRed(tok) {
  return isCard(tok) && (tok[1] === "H" || tok[1] === "D");
}

/** Card notation inside any text ("discard QS", "play QSa") written as cards: "discard Q♠". */
export function prettyText(text) {
  return String(text ?? "").replace(/(^|[^A-Za-z0-9])([A2-9TJQK])([SHDC])[ab]?(?![A-Za-z0-9])/g,
    (m, pre, r, s) => pre + (RANK[r] || r) + SUIT[s]);
}

/** The bare picture of a card (decorative: the element around it carries the name). One small file
 * per card (cut from the SVG-cards sprite by cardtable.apps.web.deck): decoded once, then cached.
 * Under the picture, drawn at once, a plain face (rank and suit) or back: what shows until the file
 * has come over a slow network, or if it never does. */
export function cardImage(tok, cls = "") {
  const face = isCard(tok);
  const id = face ? `${SUIT_ID[tok[1]]}_${RANK_ID[tok[0]] || tok[0]}` : "back";
  // rank and suit as generated content (style.css), so that no text joins the card's name ("jack of hearts")
  const plain = face ? `<span class="card-ph ${isRed(tok) ? "red" : ""}" data-rank="${RANK[tok[0]] || tok[0]}" data-suit="${SUIT[tok[1]]}" aria-hidden="true"></span>`
    : `<span class="card-ph back" aria-hidden="true"></span>`;
  return `${plain}<img class="card-img ${cls}" src="${filesFrom()}${FACES}/${id}.svg" alt="" draggable="false">`;
}

const esc = (s) => String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/**
 * A card on the table (not a control): an image with its name. `key` (default: the card itself)
 * lets the motion layer follow the card from one place to the next.
 */
export function card(tok, { cls = "", key = null, label = null } = {}) {
  const face = isCard(tok);
  const k = key ?? (face ? tok : "");
  return `<span class="card ${face ? "face" : "back"} ${isRed(tok) ? "red" : ""} ${cls}" role="img" aria-label="${esc(label ?? cardName(tok))}"` +
    `${face ? ` data-card="${esc(tok)}"` : ""}${k ? ` data-key="${esc(k)}"` : ""}>${cardImage(tok)}</span>`;
}

/** A card the player can pick up: a toggle button named after the card. */
export function cardButton(tok, { selected = false, disabled = false, cls = "", note = "" } = {}) {
  const label = cardName(tok) + (note ? `, ${note}` : "");
  return `<button type="button" class="card face hand-card ${isRed(tok) ? "red" : ""} ${selected ? "selected" : ""} ${disabled ? "dim" : ""} ${cls}"` +
    ` data-card="${esc(tok)}" data-key="${esc(tok)}" aria-pressed="${selected}" aria-label="${esc(label)}"` +
    `${disabled ? ' aria-disabled="true"' : ""}>${cardImage(tok)}</button>`;
}

/** A row of table cards. */
export function cardRow(tokens, opts = {}) {
  return (tokens || []).map((t) => card(t, opts)).join("");
}

/**
 * A fan of cards held by someone else: backs, with the cards known to everyone face up in place.
 * One accessible name for the whole fan ("Bea's hand: 10 cards, known: king of hearts").
 */
export function fan(count, known, who) {
  const faces = (known || []).filter(isCard);
  const backs = Math.max(0, count - faces.length);
  const cards = nt("{n} card", "{n} cards", count);
  const label = faces.length ? t("{who}: {cards}, known: {known}", { who, cards, known: faces.map(cardName).join(", ") }) : t("{who}: {cards}", { who, cards });
  const items = [];
  const every = backs + faces.length;
  // known cards sit inside the fan (where the player put them), spread among the backs
  const spots = new Set(faces.map((_, i) => Math.round(((i + 1) * every) / (faces.length + 1)) - 1));
  let f = 0;
  for (let i = 0; i < every; i++) {
    if (spots.has(i) && f < faces.length) items.push(`<span class="card face small known" data-card="${esc(faces[f])}" data-key="${esc(faces[f++])}">${cardImage(faces[f - 1])}</span>`);
    else items.push(`<span class="card back small">${cardImage("??")}</span>`);
  }
  while (f < faces.length) items.push(`<span class="card face small known" data-key="${esc(faces[f])}">${cardImage(faces[f++])}</span>`);
  return `<div class="fan" role="img" aria-label="${esc(label)}">${items.join("")}</div>`;
}
