// The log in words: a move as news ("Bea discards the 10♠", "You capture 8♦ with your 8♠").
import { prettyText } from "/static/cards.js";

const RULES = [
  // [pattern, base verb phrase, third person], $1.. from the pattern
  [/^take knock$/, "take the upcard and knock", "takes the upcard and knocks"],
  [/^take$/, "take the upcard", "takes the upcard"],
  [/^pass$/, "pass", "passes"],
  [/^draw$/, "draw from the stock", "draws from the stock"],
  [/^discard (\S+)$/, "discard the $1", "discards the $1"],
  [/^knock (\S+)$/, "knock", "knocks"],
  [/^gin (\S+)$/, "go gin", "goes gin"],
  [/^big gin$/, "declare big gin", "declares big gin"],
  [/^arrange/, "lay down your melds", "lays down the melds"],
  [/^(\S+) trail$/, "trail the $1", "trails the $1"],
  [/^(\S+) x .*\(takes (.*)\)$/, "capture $2 with the $1", "captures $2 with the $1"],
  [/^(\S+) x (.*)$/, "capture $2 with the $1", "captures $2 with the $1"],
  [/^(\S+) b(\d+) \[\d+\]/, "raise to $2 with the $1", "raises to $2 with the $1"],
  [/^(\S+) b(\d+)/, "build $2 with the $1", "builds $2 with the $1"],
  [/^play (\S+)$/, "play the $1", "plays the $1"],
  [/^meld (\S+) /, "meld: $1", "melds: $1"],
  [/^no meld$/, "do not meld", "does not meld"],
  [/^exchange (\S+)$/, "exchange the $1 for the trump card", "exchanges the $1 for the trump card"],
  [/^no exchange$/, "keep the dix", "keeps the dix"],
  [/^declare out$/, "declare out", "declares out"],
];

/** One log entry in words, or null for steps nobody needs to read (deals, hidden draws). */
export function narrate(event, who) {
  const e = String(event).replace(/^seat \d+: /, "").replace(/ = \[.*$/, "");
  if (/^(deal|turnup|drawn \?|draw \?)/.test(e) || e === "??") return null;
  const drawn = e.match(/^(?:drawn|draw) (\S+)$/);
  if (drawn) return `${who} ${who === "You" ? "draw" : "draws"} the ${prettyText(drawn[1])}`;
  for (const [re, base, third] of RULES) {
    const m = e.match(re);
    if (m) {
      const phrase = (who === "You" ? base : third).replace(/\$(\d)/g, (_, i) => m[Number(i)] || "");
      return `${who} ${prettyText(phrase.replace(/-/g, " ")).replace(/\+/g, "+")}`;
    }
  }
  return `${who}: ${prettyText(e)}`;
}
