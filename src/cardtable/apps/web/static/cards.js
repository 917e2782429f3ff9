// Cards as the player sees them: faces from the vendored SVG-cards deck (cards/NOTICE.md), backs,
// names in words for screen readers ("7 of hearts"), and card notation turned into 7♥ inside text.
// Pinochle's copy letters (QSa, QSb) never reach the screen: copies are the same card to a player.
import { filesFrom } from "/static/reconnect.js";

const FACES = "/static/cards/faces";
const SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_WORD = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const SUIT_ID = { S: "spade", H: "heart", D: "diamond", C: "club" };
const RANK = { T: "10" };
const RANK_WORD = { A: "ace", K: "king", Q: "queen", J: "jack", T: "10" };
const RANK_ID = { A: "1", T: "10", J: "jack", Q: "queen", K: "king" };
export const SUIT_SYMBOLS = ["♠", "♥", "♦", "♣"];
export const SUIT_NAMES = ["spades", "hearts", "diamonds", "clubs"];

export function isCard(tok) {
  return typeof tok === "string" && /^[A2-9TJQK][SHDC][ab]?$/.test(tok);
}

/** "7♥", "10♠" (no copy letter); "a face-down card" for a hidden one. */
export function shortCard(tok) {
  if (!isCard(tok)) return "a face-down card";
  return (RANK[tok[0]] || tok[0]) + SUIT[tok[1]];
}

/** "7 of hearts", "queen of spades": the accessible name of a card. */
export function cardName(tok) {
  if (!isCard(tok)) return "face-down card";
  return `${RANK_WORD[tok[0]] || tok[0]} of ${SUIT_WORD[tok[1]]}`;
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
  const label = `${who}: ${count === 1 ? "1 card" : `${count} cards`}${faces.length ? `, known: ${faces.map(cardName).join(", ")}` : ""}`;
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
