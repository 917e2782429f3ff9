"""Moves in every language: :func:`cardtable.apps.words.describe_move` with ``lang``.

English stays the words the log's phrases make (``narrate_action`` for "You" is the same sentence), and
callers that say nothing keep English whatever language is spoken; in Japanese and Czech no English word
of the move messages is left, and the pseudo-locale marks every word.
"""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from cardtable import i18n
from cardtable.apps.words import describe_move, move_context, narrate_action
from cardtable.registry import GAMES, make_game

POT = Path(i18n.__file__).parent / "locale" / "cardtable.pot"
CASES = [(game, preset) for game in GAMES for preset in make_game(game).rules_class.presets()]
CARD = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9AJQK])[♠♥♦♣]")
WORD = re.compile(r"[^\W\d_]+")


def positions(game: str, preset: str, seeds: int = 3, steps: int = 120) -> list[tuple[Any, list[Any]]]:
    """Decision points of seeded random hands: each state (a clone) with its legal moves, and chance nodes
    with one sampled outcome."""
    out: list[tuple[Any, list[Any]]] = []
    for seed in range(seeds):
        rng = random.Random(f"{game}/{preset}/{seed}")
        state = make_game(game, preset).new_hand(dealer=seed % 2)
        for _ in range(steps):
            if state.is_terminal():
                break
            if state.is_chance_node():
                action = state.sample_chance(rng)
                out.append((state.clone(), [action]))
            else:
                legal = state.legal_actions()
                out.append((state.clone(), legal))
                action = rng.choice(legal)
            state.apply(action)
    return out


@cache
def english_words() -> frozenset[str]:
    """The words of the move messages' msgids (two letters or more, placeholders left out)."""
    with POT.open("rb") as f:
        catalog = read_po(f)
    words: set[str] = set()
    for message in catalog:
        if not message.id or not any(path.endswith("apps/words.py") for path, _ in message.locations):
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for text in ids:
            words.update(w.lower() for w in WORD.findall(re.sub(r"\{\w+\}", " ", text)) if len(w) > 1)
    return frozenset(words)


def test_the_move_messages_are_in_the_template() -> None:
    assert {"take", "discard", "knock", "capture", "build", "raise", "trail", "meld", "exchange"} <= english_words()


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_english_is_unchanged(game: str, preset: str) -> None:
    """English orders are the log's sentence for "You" (the phrases words.py always made), and no ``lang``
    means English even while another language is spoken."""
    seen = 0
    for state, moves in positions(game, preset):
        for action in moves:
            text = describe_move(state, action, lang="en")
            you = narrate_action(action, "You", **move_context(state, action))
            assert you == f"You {text[:1].lower()}{text[1:]}".strip(), (text, you)
            with i18n.using("cs"):
                assert describe_move(state, action) == text
            seen += 1
    assert seen > 50


def _spoken(text: str, lang: str) -> list[str]:
    """The English move words left in ``text`` (cards, numbers and the language's own game terms allowed)."""
    own = {w.lower() for key in i18n.TERMS for w in WORD.findall(i18n.term(key, lang))}
    rest = CARD.sub(" ", text)
    return [w for w in WORD.findall(rest) if len(w) > 1 and w.lower() in english_words() and w.lower() not in own]


@pytest.mark.parametrize("lang", ["ja", "cs", "zh", "bg"])
@pytest.mark.parametrize(("game", "preset"), CASES)
def test_translated_moves_have_no_english(game: str, preset: str, lang: str) -> None:
    kinds: set[str] = set()
    for state, moves in positions(game, preset, seeds=2):
        for action in moves:
            text = describe_move(state, action, lang=lang)
            english = describe_move(state, action)
            assert text and text != english, (english, text)
            assert not _spoken(text, lang), (english, text)
            kinds.add(action.kind)
    assert len(kinds) >= 3


def test_every_casino_and_pinochle_phrase_is_translated() -> None:
    """The rarer phrases (raises, builds with partners, each meld kind) read in Czech too."""
    texts: dict[str, str] = {}
    for game in ("casino", "pinochle"):
        for preset in make_game(game).rules_class.presets():
            for state, moves in positions(game, preset, seeds=6, steps=200):
                for action in moves:
                    texts[describe_move(state, action)] = describe_move(state, action, lang="cs")
    for english, czech in texts.items():
        assert not _spoken(czech, "cs"), (english, czech)
    starts = {english.split(" ")[0] for english in texts}
    assert {"Capture", "Build", "Trail", "Play", "Meld"} <= starts


@pytest.mark.parametrize(("game", "preset"), CASES)
def test_pseudo_locale_marks_every_word(game: str, preset: str) -> None:
    for state, moves in positions(game, preset, seeds=1):
        for action in moves:
            text = describe_move(state, action, lang=i18n.PSEUDO)
            assert text.startswith("⟦") and text.endswith("⟧"), text
            outside = re.sub(r"⟦[^⟦⟧]*⟧", "", text)
            while outside != (outside := re.sub(r"⟦[^⟦⟧]*⟧", "", outside)):
                pass
            assert not WORD.findall(CARD.sub(" ", outside)), text
            # pseudo() keeps what looks like an option as it is: the "-build" of "{value}-build"
            inside = re.sub(r"-[a-z]+", " ", CARD.sub(" ", text))
            assert not [w for w in WORD.findall(inside) if len(w) > 2 and w.lower() in english_words()], text


def test_czech_and_japanese_examples() -> None:
    from cardtable.cards import Card
    from cardtable.gin.actions import GinAction

    take = GinAction("take")
    assert describe_move_for(take, Card.parse("7H"), "cs") == "Vzít 7♥ z odhazovacího balíčku"
    assert describe_move_for(take, Card.parse("7H"), "ja") == "捨て札の山から 7♥ を取る"
    assert describe_move_for(take, Card.parse("7H"), "en") == "Take the 7♥ from the discard pile"


def describe_move_for(action: Any, upcard: Any, lang: str) -> str:
    from cardtable.apps.words import describe_action

    return describe_action(action, upcard=upcard, lang=lang)


@pytest.mark.parametrize("lang", ["ja", "cs", "zh", "bg", i18n.PSEUDO])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_log_news_is_whole_sentences_in_every_language(game: str, lang: str) -> None:
    """``narrate_action`` in another language: a sentence for the person and one for another seat, each
    whole (no English verb conjugated by rule), the seat's name kept; the pseudo-locale marks every word."""
    seen = 0
    for state, moves in positions(game, "standard", seeds=1):
        for action in moves[:8]:
            context = move_context(state, action)
            mine = narrate_action(action, "You", lang=lang, **context)
            theirs = narrate_action(action, "Ann (easy)", lang=lang, **context)
            assert "Ann (easy)" in theirs and mine != theirs, (mine, theirs)
            assert narrate_action(action, "You", **context).startswith("You ")  # English by default
            if lang == i18n.PSEUDO:
                for text in (mine, theirs.replace("Ann (easy)", "")):
                    outside = text
                    while outside != (outside := re.sub(r"⟦[^⟦⟧]*⟧", "", outside)):
                        pass
                    assert not WORD.findall(CARD.sub(" ", outside)), text
            else:
                assert not _spoken(mine, lang) and not _spoken(theirs.replace("Ann", ""), lang), (mine, theirs)
            seen += 1
    assert seen > 20


def test_czech_and_japanese_news() -> None:
    from cardtable.cards import Card
    from cardtable.gin.actions import GinAction

    discard = GinAction("discard", Card.parse("TS"))
    assert narrate_action(discard, "You", lang="cs") == "Odhazujete 10♠"
    assert narrate_action(discard, "Ann", lang="cs") == "Ann odhazuje 10♠"
    assert narrate_action(discard, "Ann", lang="ja") == "Ann が 10♠ を捨てた"
    assert narrate_action(GinAction("take"), "You", upcard=Card.parse("7H"), lang="zh") == "你从弃牌堆拿了 7♥"
