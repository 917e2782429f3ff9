"""The rules for players (cardtable.apps.player_rules): well-formed data, every rule an engine cites
explained by a paragraph, the options in words exactly as the rules classes have them, translations
checked."""

from __future__ import annotations

import copy
import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

from cardtable.apps import player_rules as pr
from cardtable.apps.player_rules.data import HERE, INLINE_CARD, PLACEHOLDER
from cardtable.registry import game_class

ROOT = Path(__file__).resolve().parents[2]
TAGS = ("chance", "terminal", "legal-actions", "notation", "codec")
"""The citations that are no rule numbers (docs/rule-references.md)."""


def _citations(game: str) -> list[tuple[str, str]]:
    spec = importlib.util.spec_from_file_location("citations_hook", ROOT / "docs" / "hooks" / "citations.py")
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    return list(hook.citations(game))


def _all_presets(game: str) -> list[Any]:
    rules_class = game_class(game).rules_class
    return [rules_class.preset(p) for p in rules_class.presets()]


def _shown_ids(rules: Any, game: str) -> set[str]:
    return {b["id"] for s in pr.page(rules, game)["sections"] for b in s["blocks"]}


@pytest.mark.parametrize("game", pr.GAMES)
def test_every_rule_an_engine_cites_has_a_paragraph(game: str) -> None:
    """Each citation of the engine's refusals (the list the rule references page shows) is mapped on
    purpose, by the whole citation or one of its rule numbers, to a paragraph shown under every preset."""
    doc = pr.load(game)
    citations = _citations(game)
    assert len(citations) >= 10
    for rule, message in [*citations, *((t, "") for t in TAGS)]:
        numbers = re.findall(r"\d+(?:\.\d+)*[a-z]?", rule)
        assert rule in doc.anchors or any(n in doc.anchors for n in numbers), (rule, message)
        anchor = pr.anchor_for(game, rule)
        assert anchor is not None
        for rules in _all_presets(game):
            assert anchor in _shown_ids(rules, game), (rule, anchor, rules.describe())
    # precise targets where it matters most
    assert pr.anchor_for("pinochle", "5.3a") == pr.anchor_for("pinochle", "5.3b") == "follow-suit"
    assert pr.anchor_for("casino", "controller rule 7.4.1") == "controller"
    assert pr.anchor_for("gin", "4.3.2") == "knock"
    assert pr.anchor_for("gin", "4.3 discard_taken_card") == "taken-card"
    assert pr.anchor_for("gin", "no rule here") is None


@pytest.mark.parametrize("game", pr.GAMES)
def test_options_in_words_follow_the_rules_classes(game: str) -> None:
    """Every option of every preset has a row whose value is the rules object's and whose words use it."""
    rules_class = game_class(game).rules_class
    texts: dict[str, set[str]] = {}
    for rules in _all_presets(game):
        rows = pr.page(rules, game)["options"]
        assert [r["name"] for r in rows] == list(rules_class.options())
        for row in rows:
            value = getattr(rules, row["name"])
            assert row["value"] == value and type(row["value"]) is type(value)
            if isinstance(value, int) and not isinstance(value, bool) and value not in (0, 1):
                assert str(value) in row["text"], row  # numbers are told, not implied
            assert "{" not in row["text"] and row["label"]
            texts.setdefault(row["name"], set()).add(row["text"])
    for name in rules_class.options():  # options that differ between presets read differently
        values = {repr(getattr(r, name)) for r in _all_presets(game)}
        assert len(texts[name]) == len(values), (name, values, texts[name])


def _text(rules: Any, game: str) -> str:
    page = pr.page(rules, game)
    return " ".join(b["text"] for s in page["sections"] for b in s["blocks"])


def test_each_preset_reads_as_its_rules() -> None:
    """Spot checks against docs/rules: the values and the variant sentences follow the preset."""
    from cardtable.casino import CasinoRules
    from cardtable.gin import GinRules
    from cardtable.pinochle import PinochleRules

    standard, classic = _text(GinRules.preset("standard"), "gin"), _text(GinRules.preset("classic"), "gin")
    assert "Gin scores 25 plus" in standard and "Big gin scores 31 plus" in standard
    assert "Gin scores 20 plus" in classic and "Big gin scores" not in classic and "There is no big gin" in classic
    assert "they score 10 plus the difference" in classic and "or the same" in classic
    openspiel = _text(GinRules.preset("openspiel"), "gin")
    assert "Equal deadwood scores nothing" in openspiel and "only to knock at once" in openspiel
    assert "You may even discard the card you just took" in openspiel
    oklahoma = _text(GinRules.preset("oklahoma"), "gin")
    assert "The first upcard sets the knock limit" in oklahoma and "doubled" in oklahoma and "10 or less" not in oklahoma
    assert "100 is added for reaching the target and 25 for every hand" in _text(GinRules.preset("modern"), "gin")
    assert "At most 7 deadwood to knock" in pr.page(GinRules(knock_limit=7), "gin")["options"][1]["text"]
    assert "Each sweep scores 1" in _text(CasinoRules.preset("standard"), "casino")
    assert "Sweeps are counted but score nothing" in _text(CasinoRules.preset("classic"), "casino")
    assert "every loose card of the same rank" in _text(CasinoRules(court_capture="all"), "casino")
    hoyle, simple = _text(PinochleRules.preset("hoyle"), "pinochle"), _text(PinochleRules(), "pinochle")
    assert "ace 11, 10 10, king 4, queen 3, jack 2" in hoyle and "rounded to tens" in hoyle
    assert "Double pinochle (both [QS] and both [JD]): 300" in hoyle and "Every meld needs at least one card" in hoyle
    assert "when you play it to a trick" in simple and "when you play it to a trick" not in hoyle
    assert "aces and 10s 10 each, kings and queens 5 each" in simple and "scores 40 again" in simple


@pytest.mark.parametrize("game", pr.GAMES)
def test_every_string_has_a_stable_id_and_real_cards(game: str) -> None:
    """The catalog a translator works from: unique ids, cards in notation, presets each in a sentence."""
    strings = pr.catalog(game)
    assert len(strings) > 30
    data = json.loads((HERE / f"{game}.json").read_text(encoding="utf-8"))
    assert set(data["presets"]) == set(game_class(game).rules_class.presets())
    figures = [b for s in data["sections"] for b in s["blocks"] if "cards" in b]
    assert len(figures) >= 3  # illustrated with real cards
    for text in strings.values():
        assert not re.search(r"(?:10|[2-9AJQK])[♠♥♦♣]", text), text  # cards in notation: [QS], drawn by the page
        assert all(re.fullmatch(r"[A2-9TJQK][SHDC]", c) for c in INLINE_CARD.findall(text))


def _broken(game: str, change: Any) -> dict[str, Any]:
    data = copy.deepcopy(json.loads((HERE / f"{game}.json").read_text(encoding="utf-8")))
    change(data)
    return data


@pytest.mark.parametrize("change, why", [
    (lambda d: d["sections"][0]["blocks"].append(dict(d["sections"][0]["blocks"][0])), "used twice"),
    (lambda d: d["sections"][0]["blocks"].append({"id": "x-fig", "cards": "7H 1H", "text": "bad"}), "bad cards"),
    (lambda d: d["sections"][0]["blocks"].append({"id": "x-p", "text": "a {no_such_option}"}), "no rules option"),
    (lambda d: d["options"].pop("knock_limit"), "options in words"),
    (lambda d: d["presets"].pop("classic"), "preset sentences"),
    (lambda d: d["sections"][1]["blocks"].append({"id": "x-q", "text": "again", "rules": ["3"]}), "two paragraphs"),
    (lambda d: d["sections"][0]["blocks"].append(
        {"id": "x-w", "rules": ["99"], "sentences": [{"id": "x-w1", "when": {"oklahoma": True}, "text": "t"}]}),
     "every preset"),
])
def test_malformed_rules_files_are_refused(change: Any, why: str) -> None:
    from cardtable.gin import GinRules

    pr.validate(_broken("gin", lambda d: None), "gin", GinRules)
    with pytest.raises(pr.PlayerRulesError, match=why):
        pr.validate(_broken("gin", change), "gin", GinRules)


def test_a_translation_replaces_strings_by_id_and_keeps_placeholders_and_cards() -> None:
    from cardtable.gin import GinRules

    english = pr.catalog("gin")
    assert PLACEHOLDER.findall(english["score-gin-1"]) == ["gin_bonus"]
    french = pr.load("gin", {"score-gin-1": "Le gin marque {gin_bonus} plus le bois mort adverse.",
                             "ace-low": "L'as est bas : [AS] [2S] [3S] est une suite, [QS] [KS] [AS] non."})
    text = _text(GinRules.preset("classic"), "gin")
    assert "Gin scores 20" in text  # the English stays as it was
    page = pr.page(GinRules.preset("classic"), "gin", french)
    blocks = {b["id"]: b["text"] for s in page["sections"] for b in s["blocks"]}
    assert blocks["score-gin"].startswith("Le gin marque 20 plus") and blocks["ace-low"].startswith("L'as est bas")
    for bad, why in [({"nope": "x"}, "unknown string id"), ({"score-gin-1": "Le gin marque beaucoup."}, "must keep"),
                     ({"ace-low": "L'as est bas : [AS] [2S]."}, "must keep"), ({"intro": " "}, "needs a text")]:
        with pytest.raises(pr.PlayerRulesError, match=why):
            pr.load("gin", bad)
    with pytest.raises(pr.PlayerRulesError, match="no player rules"):
        pr.load("poker")

