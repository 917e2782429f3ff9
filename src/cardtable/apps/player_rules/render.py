"""The player rules under one rules config: as JSON for the browser, as Markdown for the terminal.

Only the sentences whose ``when`` holds are kept, ``{option}`` becomes the option's value and the
options table says, in words, what each option of these rules does (read from the rules object,
so presets differ exactly as their configs do).
"""

from __future__ import annotations

from typing import Any

from .data import INLINE_CARD, PLACEHOLDER, PlayerRules, holds, load

__all__ = ["page", "option_rows", "markdown", "value_key", "card_text"]

_SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def value_key(value: Any) -> str:
    """How an option value is written in the rules files: ``true``, ``null``, ``10``, ``wall``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return str(value)


def card_text(token: str) -> str:
    """``TD`` -> ``10♦``."""
    return ("10" if token[0] == "T" else token[0]) + _SUIT[token[1]]


def _fill(text: str, values: dict[str, Any], value: Any = None) -> str:
    return PLACEHOLDER.sub(lambda m: value_key(value if m.group(1) == "value" else values[m.group(1)]), text)


def option_rows(doc: PlayerRules, rules: Any) -> list[dict[str, Any]]:
    """One row per option of ``rules``: name, label, value (as written) and what it means."""
    values = rules.to_dict()
    rows = []
    for name, option in doc.data["options"].items():
        value = values[name]
        key = value_key(value)
        chosen = key if key in option["values"] else "*"
        text = doc.strings[f"option-{name}-{chosen}"]
        rows.append({"name": name, "label": doc.strings[f"option-{name}"], "value": value,
                     "text": _fill(text, values, value)})
    return rows


def page(rules: Any, game: str, doc: PlayerRules | None = None) -> dict[str, Any]:
    """The rules of ``game`` under ``rules`` as JSON: sections of paragraphs and figures, options rows.

    Texts keep ``[QS]`` card marks (the page draws them); figures give their cards as groups.
    """
    doc = doc or load(game)
    values = rules.to_dict()
    sections = []
    for section in doc.data["sections"]:
        blocks = []
        for block in section["blocks"]:
            if not holds(block.get("when"), values):
                continue
            parts = [s for s in block.get("sentences", [block]) if holds(s.get("when"), values)]
            text = " ".join(_fill(doc.text(s), values) for s in parts)
            if "cards" in block:
                blocks.append({"kind": "figure", "id": block["id"], "text": text,
                               "cards": [g.split() for g in block["cards"].split("|")]})
            elif text:
                blocks.append({"kind": "p", "id": block["id"], "text": text})
        sections.append({"id": section["id"], "heading": doc.text(section["heading"]), "blocks": blocks})
    presets = type(rules).presets()
    return {
        "game": game, "title": doc.text(doc.data["title"]), "intro": doc.text(doc.data["intro"]),
        "preset": rules.preset_name(), "describe": rules.describe(),
        "presets": [{"name": p, "text": doc.text(doc.data["presets"][p])} for p in presets if p in doc.data["presets"]],
        "sections": sections, "options": option_rows(doc, rules),
    }


def markdown(rules: Any, game: str, doc: PlayerRules | None = None, *, options_heading: str | None = None,
             columns: tuple[str, str] = ("option", "these rules")) -> str:
    """The same rules as Markdown (cards as 7♥; figures as a line of cards), for the terminal app; ``doc``,
    ``options_heading`` and ``columns`` give them in another language (default: English)."""
    data = page(rules, game, doc)

    def cards(text: str) -> str:
        return INLINE_CARD.sub(lambda m: card_text(m.group(1)), text)

    out = [f"# {data['title']}", "", cards(data["intro"]), ""]
    for section in data["sections"]:
        out += [f"## {section['heading']}", ""]
        for block in section["blocks"]:
            if block["kind"] == "figure":
                shown = "  ".join(" ".join(card_text(c) for c in g) for g in block["cards"])
                out += [f"> **{shown}** — {cards(block['text'])}", ""]
            else:
                out += [cards(block["text"]), ""]
    heading = options_heading if options_heading is not None else f"Options of these rules ({data['describe']})"
    out += [f"## {heading}", "", f"| {columns[0]} | {columns[1]} |", "|---|---|"]
    out += [f"| {row['label']} | {cards(row['text'])} |" for row in data["options"]]
    return "\n".join(out) + "\n"
