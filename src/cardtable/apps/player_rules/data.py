"""The player rules as data: one JSON file per game, loaded, checked and indexed.

A file (``gin.json``, ``casino.json``, ``pinochle.json``) holds every sentence as a translatable
string ``{"id": ..., "text": ...}`` with an id that is stable and unique in the file; ids of
paragraphs are also the anchors of the rules page (``/rules/gin#knock``). A game has a title, an
intro, one sentence per preset, sections of blocks and the words for each rules option:

* a paragraph ``{"id", "text"}`` or ``{"id", "sentences": [...]}``; a sentence or a block may
  carry ``"when": {"option": value}`` (or ``{"option": {"not": value}}``) and then shows only under
  rules where that holds; ``{option}`` in a text is the option's value under the rules shown;
* a figure ``{"id", "cards": "5S 6S 7S | 8S", "text": caption}``: groups of real cards;
* ``"rules": [...]`` on a paragraph: the engine citations (``"7.4.1"``, ``"controller rule 7.4.1"``,
  ``"terminal"``) it explains, so a refusal links to it (:func:`anchor_for`).

``[QS]`` in a text is a card, drawn as Q♠. A translation is a mapping of ids to texts
(:func:`load` ``strings=``): its placeholders and cards must be those of the original.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

__all__ = ["GAMES", "PlayerRulesError", "PlayerRules", "load", "catalog", "anchor_for", "validate",
           "holds", "CARD", "INLINE_CARD", "PLACEHOLDER"]

HERE = Path(__file__).parent
GAMES = ("gin", "casino", "pinochle")
CARD = re.compile(r"^[A2-9TJQK][SHDC]$")
INLINE_CARD = re.compile(r"\[([A2-9TJQK][SHDC])\]")
PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_NUMBER = re.compile(r"\d+(?:\.\d+)*[a-z]?")


class PlayerRulesError(ValueError):
    """A rules file or a translation that is not well formed, or a game with no player rules."""


@dataclass(frozen=True)
class PlayerRules:
    """One game's rules text: the file's data, its strings by id and its citations by anchor."""

    game: str
    data: Mapping[str, Any]
    strings: Mapping[str, str]
    anchors: Mapping[str, str]
    """Engine citation (a full citation or a rule number) -> paragraph id."""

    def text(self, node: Mapping[str, Any]) -> str:
        """The (possibly translated) text of a string node."""
        return self.strings[node["id"]]


def _strings(data: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """Every string node of a file, in reading order."""
    yield data["title"]
    yield data["intro"]
    yield from data["presets"].values()
    for section in data["sections"]:
        yield section["heading"]
        for block in section["blocks"]:
            yield from block.get("sentences", [block])
    # option labels and values are strings too, with ids made from the option's name
    for name, option in data["options"].items():
        yield {"id": f"option-{name}", "text": option["label"]}
        for key, text in option["values"].items():
            yield {"id": f"option-{name}-{key}", "text": text}


def validate(data: Any, game: str, rules_class: Any = None) -> None:
    """Raise :class:`PlayerRulesError` unless ``data`` is a well-formed rules file of ``game``.

    ``rules_class``: the game's rules class; each of its options must have its words, every
    ``{placeholder}`` and ``when`` must name one of them, every preset its sentence, and a
    paragraph that refusals link to must show under every preset.
    """
    def fail(why: str) -> NoReturn:
        raise PlayerRulesError(f"player rules of {game}: {why}")

    if not isinstance(data, dict) or data.get("game") != game:
        fail("not a rules file of this game")
    for key in ("title", "intro", "presets", "sections", "options"):
        if key not in data:
            fail(f"missing {key!r}")
    options: tuple[str, ...] = rules_class.options() if rules_class is not None else ()
    presets = [rules_class.preset(p).to_dict() for p in rules_class.presets()] if rules_class is not None else []
    names = set(options)
    if rules_class is not None and set(data["presets"]) != set(rules_class.presets()):
        fail(f"preset sentences {sorted(data['presets'])} != presets {sorted(rules_class.presets())}")
    if names and set(data["options"]) != names:
        fail(f"options in words {sorted(data['options'])} != rules options {sorted(names)}")
    seen: set[str] = set()
    try:
        nodes = list(_strings(data))
    except (KeyError, TypeError, AttributeError) as exc:
        fail(f"malformed structure ({exc!r})")
    for node in nodes:
        if not isinstance(node, dict) or not isinstance(node.get("text"), str) or not node["text"].strip():
            fail(f"a string needs a non-empty text: {node!r}")
        sid = node.get("id")
        if not isinstance(sid, str) or not (_ID.match(sid) or sid.startswith("option-")):
            fail(f"bad string id {sid!r}")
        if sid in seen:
            fail(f"string id {sid!r} is used twice")
        seen.add(sid)
        for name in PLACEHOLDER.findall(node["text"]):
            if name != "value" and names and name not in names:
                fail(f"{sid}: {{{name}}} is no rules option")
    cited: set[str] = set()
    for section in data["sections"]:
        if not _ID.match(section.get("id", "")) or section["id"] in seen:
            fail(f"bad or repeated section id {section.get('id')!r}")
        seen.add(section["id"])
        for block in section["blocks"]:
            if ("text" in block) == ("sentences" in block):
                fail(f"{block['id']}: a block has a text or sentences, not both")
            if "cards" in block:
                groups = [g.split() for g in block["cards"].split("|")]
                if not all(groups) or not all(CARD.match(c) for g in groups for c in g):
                    fail(f"{block['id']}: bad cards {block['cards']!r}")
            for node in [block, *block.get("sentences", [])]:
                for name in node.get("when", {}):
                    if names and name not in names:
                        fail(f"{node['id']}: 'when' names no rules option {name!r}")
            rules = block.get("rules", [])
            shown = [holds(block.get("when"), v) and any(holds(s.get("when"), v) for s in block.get("sentences", [block]))
                     for v in presets]
            if rules and not all(shown):
                fail(f"{block['id']}: a paragraph that rules link to must show under every preset")
            for rule in rules:
                if rule in cited:
                    fail(f"rule {rule!r} is explained by two paragraphs")
                cited.add(rule)
    for name, option in data["options"].items():
        if not isinstance(option.get("values"), dict) or not option["values"]:
            fail(f"option {name}: no words for its values")


def holds(when: Mapping[str, Any] | None, values: Mapping[str, Any]) -> bool:
    """True when every condition of ``when`` holds for the option ``values``."""
    for name, want in (when or {}).items():
        value = values[name]
        if isinstance(want, dict) and "not" in want:
            if value == want["not"] and type(value) is type(want["not"]):
                return False
        elif value != want or type(value) is not type(want):
            return False
    return True


@functools.cache
def _read(game: str) -> dict[str, Any]:
    if game not in GAMES:
        raise PlayerRulesError(f"no player rules for {game!r}; games: {', '.join(GAMES)}")
    data: dict[str, Any] = json.loads((HERE / f"{game}.json").read_text(encoding="utf-8"))
    return data


def load(game: str, strings: Mapping[str, str] | None = None) -> PlayerRules:
    """The rules text of ``game`` (checked), with ``strings`` (a translation: id -> text) over the English.

    A translation may leave strings out (they stay English); an unknown id, or a text whose
    ``{placeholders}`` or ``[cards]`` differ from the original's, is refused.
    """
    if not strings:
        return _english(game)
    return _load(game, strings)


@functools.cache
def _english(game: str) -> PlayerRules:
    return _load(game, {})


def _load(game: str, strings: Mapping[str, str]) -> PlayerRules:
    from ...registry import game_class

    data = _read(game)
    validate(data, game, game_class(game).rules_class)
    english = {node["id"]: node["text"] for node in _strings(data)}
    merged = dict(english)
    for sid, text in strings.items():
        if sid not in english:
            raise PlayerRulesError(f"translation of {game}: unknown string id {sid!r}")
        if not isinstance(text, str) or not text.strip():
            raise PlayerRulesError(f"translation of {game}: {sid!r} needs a text")
        for pattern in (PLACEHOLDER, INLINE_CARD):
            if sorted(pattern.findall(text)) != sorted(pattern.findall(english[sid])):
                raise PlayerRulesError(f"translation of {game}: {sid!r} must keep {pattern.findall(english[sid])}")
        merged[sid] = text
    anchors = {rule: block["id"] for section in data["sections"] for block in section["blocks"]
               for rule in block.get("rules", [])}
    return PlayerRules(game, data, merged, anchors)


def catalog(game: str) -> dict[str, str]:
    """Every English string of ``game`` by id: what a translator translates."""
    return {node["id"]: node["text"] for node in _strings(_read(game))}


def anchor_for(game: str, rule: str) -> str | None:
    """The paragraph that explains engine citation ``rule`` (``"controller rule 7.4.1"``, ``"5.3a"``).

    The whole citation first, then each rule number in it, then the number's parents
    (``7.3.6`` -> ``7.3`` -> ``7``); ``None`` when nothing matches.
    """
    anchors = load(game).anchors
    rule = rule.strip()
    if rule in anchors:
        return anchors[rule]
    for number in _NUMBER.findall(rule):
        parts = number.split(".")
        while parts:
            key = ".".join(parts)
            if key in anchors:
                return anchors[key]
            parts.pop()
    return None
