// Card faces and backs drawn as SVG by the project (no images).
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANKS = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };
export const SUIT_NAMES = ["♠", "♥", "♦", "♣"];

export function parseCard(tok) {
  if (!tok || tok === "??" || tok.length < 2) return null;
  const r = tok[0], s = tok[1];
  if (!SUITS[s]) return null;
  return { rank: RANKS[r] || r, suit: SUITS[s], red: s === "H" || s === "D", copy: tok.slice(2) };
}

export function prettyCard(tok) {
  const c = parseCard(tok);
  return c ? c.rank + c.suit : "🂠";
}

// Replace card notation inside text (e.g. "discard QS") with pretty symbols.
export function prettyText(text) {
  return String(text).replace(/(^|[^A-Za-z0-9])([A2-9TJQK])([SHDC])([ab]?)(?![A-Za-z0-9])/g,
    (m, pre, r, s) => pre + (RANKS[r] || r) + SUITS[s]);
}

export function cardSVG(tok, extra = "") {
  const c = parseCard(tok);
  if (!c) {
    return `<svg class="card back ${extra}" viewBox="0 0 60 84" role="img" aria-label="card back"><rect x="1" y="1" width="58" height="82" rx="6" fill="#1f3f8f" stroke="#0d1f4f"/><rect x="6" y="6" width="48" height="72" rx="4" fill="none" stroke="#9fb4ff" stroke-dasharray="3 2"/><circle cx="30" cy="42" r="10" fill="none" stroke="#9fb4ff"/></svg>`;
  }
  const col = c.red ? "#c01818" : "#111";
  const face = ["J", "Q", "K"].includes(c.rank);
  const centre = face
    ? `<rect x="15" y="22" width="30" height="40" rx="3" fill="${c.red ? "#fde2e2" : "#e4e8f4"}" stroke="${col}"/><text x="30" y="50" font-size="20" text-anchor="middle" fill="${col}" font-weight="bold">${c.rank}</text>`
    : `<text x="30" y="55" font-size="${c.rank === "A" ? 30 : 24}" text-anchor="middle" fill="${col}">${c.suit}</text>`;
  return `<svg class="card face ${extra}" viewBox="0 0 60 84" role="img" aria-label="${c.rank}${c.suit}" data-card="${tok}">` +
    `<rect x="1" y="1" width="58" height="82" rx="6" fill="#fff" stroke="#555"/>` +
    `<text x="5" y="16" font-size="13" fill="${col}" font-weight="bold">${c.rank}</text>` +
    `<text x="5" y="29" font-size="12" fill="${col}">${c.suit}</text>` +
    `<g transform="rotate(180 30 42)"><text x="5" y="16" font-size="13" fill="${col}" font-weight="bold">${c.rank}</text>` +
    `<text x="5" y="29" font-size="12" fill="${col}">${c.suit}</text></g>` + centre +
    (c.copy ? `<text x="52" y="80" font-size="8" fill="#999">${c.copy}</text>` : "") + `</svg>`;
}

export function cardRow(tokens, cls = "", sel = null) {
  return `<div class="cards ${cls}">${(tokens || []).map((t) => cardSVG(t, sel && sel.has(t) ? "selected" : "")).join("")}</div>`;
}
