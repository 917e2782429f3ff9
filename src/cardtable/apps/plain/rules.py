"""Line mode's ``rules`` command outside English: the player rules of the game in the player's language.

The same rules the browser's and the terminal's rules pages show (:mod:`cardtable.apps.player_rules`,
translated by the ``rules`` catalogs), under the match's options, as plain lines: the title, each
section's heading and paragraphs, figures as a line of cards, then one line per option.
"""

from __future__ import annotations

from typing import Any

from ... import i18n
from ..player_rules.data import INLINE_CARD, PLACEHOLDER, PlayerRules, catalog, load
from ..player_rules.render import card_text, page
from ..player_rules.translations import load_translated

__all__ = ["rules_lines", "player_rules"]


def player_rules(game: str, lang: str) -> PlayerRules:
    """The player rules of ``game`` in ``lang``; in the pseudo-locale the English, every string marked
    (its ``[card]`` marks and ``{placeholders}`` kept)."""
    if lang != i18n.PSEUDO:
        return load_translated(game, lang)
    strings = {}
    for sid, text in catalog(game).items():
        cards = [m.group(0) for m in INLINE_CARD.finditer(text)]
        pieces = i18n.pseudo(INLINE_CARD.sub("{card}", text)).split("{card}")
        strings[sid] = pieces[0] + "".join(card + rest for card, rest in zip(cards, pieces[1:]))
        assert sorted(PLACEHOLDER.findall(strings[sid])) == sorted(PLACEHOLDER.findall(text))
    return load(game, strings)


def rules_lines(game: str, rules: Any, lang: str) -> list[str]:
    """The rules of ``game`` under ``rules`` (the match's rules config) as lines to print, in ``lang``."""
    t = i18n.translation(lang)
    data = page(rules, game, player_rules(game, lang))

    def cards(text: str) -> str:
        return INLINE_CARD.sub(lambda m: card_text(m.group(1)), text)

    out = [data["title"], cards(data["intro"])]
    for section in data["sections"]:
        out += ["", section["heading"]]
        for block in section["blocks"]:
            if block["kind"] == "figure":
                shown = "  ".join(" ".join(card_text(c) for c in group) for group in block["cards"])
                out.append(f"  {shown} — {cards(block['text'])}")
            else:
                out.append(cards(block["text"]))
    out += ["", str(t.gettext("Options of this match ({preset}):")).format(preset=data["describe"])]
    out += [f"  {row['label']}: {cards(row['text'])}" for row in data["options"]]
    return out
