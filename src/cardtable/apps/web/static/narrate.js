// The log in words: a move as news ("Bea discards the 10♠", "You capture 8♦ with your 8♠"), a whole sentence
// in the page's language for one's own moves and for another's.
import { prettyText } from "/static/cards.js";
import { MELD } from "/static/games/pinochle.js";
import { t } from "/static/i18n.js";

// [pattern, one's own move, another's]: each a function of the pattern's match giving the sentence's words
const RULES = [
  [/^take knock$/, () => t("You take the upcard and knock"), (m, name) => t("{name} takes the upcard and knocks", { name })],
  [/^take$/, () => t("You take the upcard"), (m, name) => t("{name} takes the upcard", { name })],
  [/^pass$/, () => t("You pass"), (m, name) => t("{name} passes", { name })],
  [/^draw$/, () => t("You draw from the stock"), (m, name) => t("{name} draws from the stock", { name })],
  [/^discard (\S+)$/, (m) => t("You discard the {card}", { card: prettyText(m[1]) }), (m, name) => t("{name} discards the {card}", { name, card: prettyText(m[1]) })],
  [/^knock (\S+)$/, () => t("You knock"), (m, name) => t("{name} knocks", { name })],
  [/^gin (\S+)$/, () => t("You go gin"), (m, name) => t("{name} goes gin", { name })],
  [/^big gin$/, () => t("You declare big gin"), (m, name) => t("{name} declares big gin", { name })],
  [/^arrange/, () => t("You lay down your melds"), (m, name) => t("{name} lays down the melds", { name })],
  [/^(\S+) trail$/, (m) => t("You trail the {card}", { card: prettyText(m[1]) }), (m, name) => t("{name} trails the {card}", { name, card: prettyText(m[1]) })],
  [/^(\S+) x .*\(takes (.*)\)$/, (m) => t("You capture {cards} with the {card}", { cards: prettyText(m[2]), card: prettyText(m[1]) }), (m, name) => t("{name} captures {cards} with the {card}", { name, cards: prettyText(m[2]), card: prettyText(m[1]) })],
  [/^(\S+) x (.*)$/, (m) => t("You capture {cards} with the {card}", { cards: prettyText(m[2]), card: prettyText(m[1]) }), (m, name) => t("{name} captures {cards} with the {card}", { name, cards: prettyText(m[2]), card: prettyText(m[1]) })],
  [/^(\S+) b(\d+) \[\d+\]/, (m) => t("You raise to {value} with the {card}", { value: m[2], card: prettyText(m[1]) }), (m, name) => t("{name} raises to {value} with the {card}", { name, value: m[2], card: prettyText(m[1]) })],
  [/^(\S+) b(\d+)/, (m) => t("You build {value} with the {card}", { value: m[2], card: prettyText(m[1]) }), (m, name) => t("{name} builds {value} with the {card}", { name, value: m[2], card: prettyText(m[1]) })],
  [/^play (\S+)$/, (m) => t("You play the {card}", { card: prettyText(m[1]) }), (m, name) => t("{name} plays the {card}", { name, card: prettyText(m[1]) })],
  [/^meld (\S+) /, (m) => t("You meld: {meld}", { meld: MELD(m[1]) }), (m, name) => t("{name} melds: {meld}", { name, meld: MELD(m[1]) })],
  [/^no meld$/, () => t("You do not meld"), (m, name) => t("{name} does not meld", { name })],
  [/^exchange (\S+)$/, (m) => t("You exchange the {card} for the trump card", { card: prettyText(m[1]) }), (m, name) => t("{name} exchanges the {card} for the trump card", { name, card: prettyText(m[1]) })],
  [/^no exchange$/, () => t("You keep the dix"), (m, name) => t("{name} keeps the dix", { name })],
  [/^declare out$/, () => t("You declare out"), (m, name) => t("{name} declares out", { name })],
];

/** One log entry in words, or null for steps nobody needs to read (deals, hidden draws). `mine`: the player's own move
 * (then `who` is not used: the sentence says "You"). */
export function narrate(event, who, mine = false) {
  const e = String(event).replace(/^seat \d+: /, "").replace(/ = \[.*$/, "");
  if (/^(deal|turnup|drawn \?|draw \?)/.test(e) || e === "??") return null;
  const drawn = e.match(/^(?:drawn|draw) (\S+)$/);
  if (drawn) return mine ? t("You draw the {card}", { card: prettyText(drawn[1]) }) : t("{name} draws the {card}", { name: who, card: prettyText(drawn[1]) });
  for (const [re, own, other] of RULES) {
    const m = e.match(re);
    if (m) return mine ? own(m) : other(m, who);
  }
  return `${who}: ${prettyText(e)}`;
}
