"""Actions and cards in the words a player would use: one phrasing for every table.

The terminal app, line mode and the browser table all show moves through
this module, so a move reads the same everywhere: as a button or menu entry
(:func:`describe_action`, an imperative: "Take the 7♥ from the discard
pile") and in the log (:func:`narrate_action`: "Alice takes the 7♥ from the
discard pile", "You take …"). Pinochle's physical copies (``a``/``b``) are
the same card to a player and never appear here. Orders and news speak any
language through ``lang=`` (English unless a caller asks: not the language
spoken now), as whole sentences per subject ("You take …", "{who} takes …").

>>> from cardtable.gin.actions import GinAction
>>> from cardtable.cards import Card
>>> describe_action(GinAction("take"), upcard=Card.parse("7H"))
'Take the 7♥ from the discard pile'
>>> narrate_action(GinAction("discard", Card.parse("TS")), "Alice")
'Alice discards the 10♠'
>>> narrate_action(GinAction("discard", Card.parse("TS")), "You")
'You discard the 10♠'
>>> from cardtable.casino.actions import capture
>>> from cardtable.cards import cards_to_mask, parse_cards
>>> describe_action(capture(Card.parse("8S"), cards_to_mask(parse_cards("8D 5D 3C"))))
'Capture 8♦ and 5♦+3♣ with your 8♠'
>>> from cardtable.pinochle.actions import PLAY, meld_action
>>> from cardtable.pinochle.deck import index_of, mask_of
>>> from cardtable.cards import PinochleCard
>>> describe_action(PLAY[index_of(PinochleCard.parse("QHb"))])
'Play Q♥'
>>> describe_action(meld_action(2, mask_of([PinochleCard.parse("KHa"), PinochleCard.parse("QHb")])), meld_points=20)
'Meld a marriage (K♥ Q♥, 20 points)'
>>> plural(1, "card"), plural(2, "card"), plural(1, "sweep"), plural(3, "spade")
('1 card', '2 cards', '1 sweep', '3 spades')
>>> card_long_name(Card.parse("QS")), card_long_name(PinochleCard.parse("TDa"))
('queen of spades', '10 of diamonds')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from .. import i18n
from ..cards import Card, PinochleCard
from ..error_text import error_text

__all__ = [
    "plural",
    "join_words",
    "card_name",
    "card_long_name",
    "cards_text",
    "describe_action",
    "narrate_action",
    "meld_kind_name",
    "third_person",
    "move_context",
    "conjugate",
    "side_wins",
    "side_wins_by",
    "side_scores",
    "count_words",
    "you_name",
    "join_list",
    "spoken_cards",
    "refusal_text_of",
    "describe_move",
    "refusal_text",
]

_RANK_WORDS = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
_SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
_IRREGULAR_PLURALS = {"is": "are", "was": "were", "has": "have", "does": "do"}


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word`` in the right number: ``1 card``, ``2 cards``, ``1 sweep``."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {many if many is not None else _plural_word(word)}"


def _plural_word(word: str) -> str:
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word]
    if word.endswith(("s", "sh", "ch", "x")):
        return word + "es"
    if word.endswith("y") and len(word) > 1 and word[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def third_person(verb: str) -> str:
    """The third person singular of an English verb: ``take`` → ``takes``, ``pass`` → ``passes``."""
    if verb in ("have",):
        return "has"
    if verb == "do":
        return "does"
    if verb.endswith(("s", "sh", "ch", "x", "o")):
        return verb + "es"
    return verb + "s"


def join_words(items: Sequence[str], conjunction: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {conjunction} " + items[-1]


def _base(card: Card | PinochleCard) -> Card:
    return card.card if isinstance(card, PinochleCard) else card


def card_name(card: Card | PinochleCard) -> str:
    """The short form a player reads: ``7♥``, ``10♠`` (no Pinochle copy letter)."""
    return _base(card).pretty()


def card_long_name(card: Card | PinochleCard) -> str:
    """The spoken form, for screen readers and accessible names: ``7 of hearts``, ``queen of spades``."""
    c = _base(card)
    return f"{_RANK_WORDS[c.rank - 1]} of {_SUIT_WORDS[c.suit]}"


def cards_text(cards: Iterable[Card | PinochleCard], sep: str = " ") -> str:
    """Cards in their short form, separated by ``sep``."""
    return sep.join(card_name(c) for c in cards)


def meld_kind_name(kind: str) -> str:
    """A Pinochle meld kind as spoken: ``royal-marriage`` → ``royal marriage``."""
    return kind.replace("-", " ")


def _phrase(action: Any, upcard: Card | None, meld_points: int | None, turnup: Any) -> tuple[str, str]:
    """An action of another game as a verb and the rest (its notation: ``"bid 3"`` → ``bid``, ``3``)."""
    verb, _, rest = str(action).partition(" ")
    return verb, rest


def _casino_groups(action: Any, t: Any = None) -> list[str]:
    from ..casino.partitions import partition, split_partners
    from ..casino.values import VALUE, bits

    def group(mask: int) -> str:
        return "+".join(Card.from_index(i).pretty() for i in sorted(bits(mask), key=lambda i: (-VALUE[i], i)))

    def build_ref(value: int, mask: int) -> str:
        if t is None:
            return f"the {value}-build ({group(mask)})"
        return str(t.gettext("the {value}-build ({cards})")).format(value=value, cards=group(mask))

    if action.kind == "capture":
        if action.card.is_court:
            parts = [Card.from_index(i).pretty() for i in bits(action.loose)]
        else:
            groups = partition(action.loose, action.value)
            parts = [group(g) for g in (groups if groups is not None else [action.loose])] if action.loose else []
        parts.extend(build_ref(v, m) for v, m in action.builds)
        return parts
    raised = action.raised
    need = action.value - VALUE[action.card.index] - (raised[0] if raised else 0)
    partners, rest = split_partners(action.loose, need, action.value)
    out = [group(partners) if partners else ""]
    groups = partition(rest, action.value) if rest else []
    out.extend(group(g) for g in (groups if groups is not None else [rest]))
    out.extend(build_ref(v, m) for v, m in action.builds if raised is None or m != raised[1])
    return out


# ----------------------------------------------------------------------------------------------------
# Orders in every language: whole sentences with named placeholders, cards by their symbols. The English
# msgids are exactly the sentences the phrases above make, so English reads as it always has.
# ----------------------------------------------------------------------------------------------------
def _join(items: Sequence[str], lang: str) -> str:
    """Items joined as ``lang`` joins a list (CLDR's words; the pseudo-locale, which has none, by commas)."""
    if lang == "en":
        return join_words(items)
    return ", ".join(items) if lang == i18n.PSEUDO else i18n.format_list(items, lang)


def _gin_order(action: Any, upcard: Card | None, t: Any, lang: str) -> str:
    kind = action.kind
    card = action.card
    if kind == "take":
        if upcard is None:
            return str(t.gettext("Take the upcard from the discard pile"))
        return str(t.gettext("Take the {card} from the discard pile")).format(card=card_name(upcard))
    if kind == "draw":
        return str(t.gettext("Draw from the stock"))
    if kind == "pass":
        if upcard is None:
            return str(t.pgettext("gin move", "Pass"))
        return str(t.gettext("Pass on the {card}")).format(card=card_name(upcard))
    if kind == "discard":
        return str(t.gettext("Discard the {card}")).format(card=card_name(card))
    if kind == "knock":
        return str(t.gettext("Knock with the {card} face down")).format(card=card_name(card))
    if kind == "big gin":
        return str(t.gettext("Declare big gin"))
    if kind == "take knock":
        if upcard is None:
            return str(t.gettext("Take the upcard and knock"))
        return str(t.gettext("Take the {card} and knock")).format(card=card_name(upcard))
    if kind == "arrange":
        from ..gin.actions import _meld_order

        melds = [cards_text(_meld_order(m), "") for m in action.melds]
        if not melds:
            return str(t.gettext("Lay down no melds"))
        return str(t.gettext("Lay down {melds}")).format(melds=_join(melds, lang))
    if kind == "drawn":
        return str(t.gettext("Draw a card from the stock"))
    return str(t.gettext("Deal a card"))


def _casino_order(action: Any, t: Any, lang: str) -> str:
    card = card_name(action.card)
    kind = action.kind
    if kind == "trail":
        return str(t.gettext("Trail your {card}")).format(card=card)
    if kind == "deal":
        return str(t.gettext("Deal a card"))
    parts = _casino_groups(action, t)
    if kind == "capture":
        return str(t.gettext("Capture {cards} with your {card}")).format(cards=_join(parts, lang), card=card)
    partners, others = parts[0], parts[1:]
    fill = {"card": card, "value": action.value, "cards": partners, "others": _join(others, lang)}
    raised = action.raised
    if raised is not None:
        fill["old"] = raised[0]
        if partners and others:
            msg = t.gettext("Raise the {old}-build to {value} with your {card} and {cards}, plus {others}")
        elif partners:
            msg = t.gettext("Raise the {old}-build to {value} with your {card} and {cards}")
        elif others:
            msg = t.gettext("Raise the {old}-build to {value} with your {card}, plus {others}")
        else:
            msg = t.gettext("Raise the {old}-build to {value} with your {card}")
        return str(msg).format(**fill)
    if not partners and not action.loose and len(action.builds) == 1:
        return str(t.gettext("Add your {card} to the {value}-build")).format(**fill)
    if partners and others:
        msg = t.gettext("Build {value} from your {card} and {cards}, plus {others}")
    elif partners:
        msg = t.gettext("Build {value} from your {card} and {cards}")
    elif others:
        msg = t.gettext("Build {value} from your {card}, plus {others}")
    else:
        msg = t.gettext("Build {value} from your {card}")
    return str(msg).format(**fill)


def _meld_object(kind: str, t: Any) -> str:
    """A Pinochle meld kind as the object of "Meld …", with the article English needs."""
    names = {
        "run": t.pgettext("pinochle meld", "a run"),
        "royal-marriage": t.pgettext("pinochle meld", "a royal marriage"),
        "marriage": t.pgettext("pinochle meld", "a marriage"),
        "dix": t.pgettext("pinochle meld", "the dix"),
        "aces-around": t.pgettext("pinochle meld", "aces around"),
        "kings-around": t.pgettext("pinochle meld", "kings around"),
        "queens-around": t.pgettext("pinochle meld", "queens around"),
        "jacks-around": t.pgettext("pinochle meld", "jacks around"),
        "pinochle": t.pgettext("pinochle meld", "a pinochle"),
        "double-pinochle": t.pgettext("pinochle meld", "a double pinochle"),
    }
    return str(names[kind])


def _pinochle_order(action: Any, meld_points: int | None, turnup: Any, t: Any) -> str:
    kind = action.kind
    if kind == "play":
        return str(t.gettext("Play {card}")).format(card=card_name(action.physical))
    if kind == "exchange":
        if turnup is None:
            return str(t.gettext("Exchange the {card} for the trump card")).format(card=card_name(action.physical))
        return str(t.gettext("Exchange the {card} for the {trump}")).format(card=card_name(action.physical),
                                                                          trump=card_name(turnup))
    if kind == "no exchange":
        return str(t.gettext("Keep the dix (no exchange)"))
    if kind == "meld":
        meld = _meld_object(action.meld_name, t)
        cards = cards_text(action.meld_cards)
        if meld_points is None:
            return str(t.gettext("Meld {meld} ({cards})")).format(meld=meld, cards=cards)
        points = str(t.ngettext("{n} point", "{n} points", meld_points)).format(n=meld_points)
        return str(t.gettext("Meld {meld} ({cards}, {points})")).format(meld=meld, cards=cards, points=points)
    if kind == "no meld":
        return str(t.gettext("Decline to meld"))
    if kind == "declare out":
        return str(t.gettext("Declare out"))
    if kind == "draw":
        return str(t.gettext("Draw a card"))
    return str(t.gettext("Deal a card"))


def describe_action(action: Any, *, upcard: Card | None = None, meld_points: int | None = None,
                    turnup: Any = None, lang: str = "en") -> str:
    """The action as a button or menu entry: an order in plain words, in ``lang`` (English unless told:
    never the language spoken now, so a caller that says nothing keeps English).

    ``upcard`` names the Gin discard-pile card a take refers to, ``meld_points``
    the value of a Pinochle meld, ``turnup`` the trump card a dix is exchanged for.

    >>> from cardtable.gin.actions import GinAction
    >>> describe_action(GinAction("take"), upcard=Card.parse("7H"), lang="cs")
    'Vzít 7♥ z odhazovacího balíčku'
    """
    module = type(action).__module__
    t = i18n.translation(lang)
    if module.endswith("gin.actions"):
        return _gin_order(action, upcard, t, lang)
    if module.endswith("casino.actions"):
        return _casino_order(action, t, lang)
    if module.endswith("pinochle.actions"):
        return _pinochle_order(action, meld_points, turnup, t)
    verb, rest = _phrase(action, upcard, meld_points, turnup)
    return f"{verb.capitalize()} {rest.format(own='your')}".strip()


def move_context(state: Any, action: Any) -> dict[str, Any]:
    """What :func:`describe_action`/:func:`narrate_action` need to name ``action`` before it is played in ``state``.

    The Gin upcard a take refers to, the points a Pinochle meld scores (found by
    playing it on a clone), the trump card a dix is exchanged for.
    """
    module = type(action).__module__
    ctx: dict[str, Any] = {}
    if module.endswith("gin.actions"):
        pile = getattr(state, "discard", None)
        if pile:
            ctx["upcard"] = pile[-1]
    elif module.endswith("pinochle.actions"):
        seat = state.current_player()
        if action.kind == "meld" and seat >= 0:
            after = state.clone()
            after.apply(action)
            ctx["meld_points"] = after.meld_points(seat) - state.meld_points(seat)
        elif action.kind == "exchange" and seat >= 0:
            ctx["turnup"] = state.view(seat).trump_card
    return ctx


def describe_move(state: Any, action: Any, *, lang: str = "en") -> str:
    """:func:`describe_action` for a legal ``action`` of ``state``, with its context filled in, in ``lang``."""
    return describe_action(action, **move_context(state, action), lang=lang)


# ----------------------------------------------------------------------------------------------------
# News in every language: whole sentences per subject ("You take …" / "{who} takes …"), never a verb
# conjugated by rule, so a language puts the subject, the verb and the cards where it needs them. The
# English msgids are exactly the sentences the phrases above make.
# ----------------------------------------------------------------------------------------------------
def _who(who: str, t: Any) -> str:
    """A seat name to show: the marker ``You`` (alone or heading a team, ``You & Across``) in words."""
    if who == "You":
        return str(t.pgettext("player", "You"))
    if who.startswith("You "):
        return str(t.pgettext("player", "You")) + who[3:]
    return who


def _news(you: bool, mine: str, theirs: str, who: str, **fill: Any) -> str:
    return (mine if you else theirs).format(who=who, **fill)


def _gin_news(action: Any, upcard: Card | None, t: Any, lang: str, you: bool, who: str) -> str:
    kind = action.kind
    card = card_name(action.card) if action.card is not None else ""
    up = card_name(upcard) if upcard is not None else ""
    if kind == "take":
        if upcard is None:
            return _news(you, t.gettext("You take the upcard from the discard pile"),
                         t.gettext("{who} takes the upcard from the discard pile"), who)
        return _news(you, t.gettext("You take the {card} from the discard pile"),
                     t.gettext("{who} takes the {card} from the discard pile"), who, card=up)
    if kind == "draw":
        return _news(you, t.gettext("You draw from the stock"), t.gettext("{who} draws from the stock"), who)
    if kind == "pass":
        if upcard is None:
            return _news(you, t.gettext("You pass"), t.gettext("{who} passes"), who)
        return _news(you, t.gettext("You pass on the {card}"), t.gettext("{who} passes on the {card}"), who, card=up)
    if kind == "discard":
        return _news(you, t.gettext("You discard the {card}"), t.gettext("{who} discards the {card}"), who, card=card)
    if kind == "knock":
        return _news(you, t.gettext("You knock with the {card} face down"),
                     t.gettext("{who} knocks with the {card} face down"), who, card=card)
    if kind == "big gin":
        return _news(you, t.gettext("You declare big gin"), t.gettext("{who} declares big gin"), who)
    if kind == "take knock":
        if upcard is None:
            return _news(you, t.gettext("You take the upcard and knock"),
                         t.gettext("{who} takes the upcard and knocks"), who)
        return _news(you, t.gettext("You take the {card} and knock"), t.gettext("{who} takes the {card} and knocks"),
                     who, card=up)
    if kind == "arrange":
        from ..gin.actions import _meld_order

        melds = [cards_text(_meld_order(m), "") for m in action.melds]
        if not melds:
            return _news(you, t.gettext("You lay down no melds"), t.gettext("{who} lays down no melds"), who)
        return _news(you, t.gettext("You lay down {melds}"), t.gettext("{who} lays down {melds}"), who,
                     melds=_join(melds, lang))
    if kind == "drawn":
        return _news(you, t.gettext("You draw a card from the stock"),
                     t.gettext("{who} draws a card from the stock"), who)
    return _news(you, t.gettext("You deal a card"), t.gettext("{who} deals a card"), who)


def _casino_news(action: Any, t: Any, lang: str, you: bool, who: str) -> str:
    card = card_name(action.card)
    kind = action.kind
    if kind == "trail":
        return _news(you, t.gettext("You trail your {card}"), t.gettext("{who} trails the {card}"), who, card=card)
    if kind == "deal":
        return _news(you, t.gettext("You deal a card"), t.gettext("{who} deals a card"), who)
    parts = _casino_groups(action, t)
    if kind == "capture":
        return _news(you, t.gettext("You capture {cards} with your {card}"),
                     t.gettext("{who} captures {cards} with the {card}"), who, cards=_join(parts, lang), card=card)
    partners, others = parts[0], parts[1:]
    fill = {"card": card, "value": action.value, "cards": partners, "others": _join(others, lang)}
    raised = action.raised
    if raised is not None:
        fill["old"] = raised[0]
        if partners and others:
            return _news(you, t.gettext("You raise the {old}-build to {value} with your {card} and {cards}, plus {others}"),
                         t.gettext("{who} raises the {old}-build to {value} with the {card} and {cards}, plus {others}"),
                         who, **fill)
        if partners:
            return _news(you, t.gettext("You raise the {old}-build to {value} with your {card} and {cards}"),
                         t.gettext("{who} raises the {old}-build to {value} with the {card} and {cards}"), who, **fill)
        if others:
            return _news(you, t.gettext("You raise the {old}-build to {value} with your {card}, plus {others}"),
                         t.gettext("{who} raises the {old}-build to {value} with the {card}, plus {others}"), who, **fill)
        return _news(you, t.gettext("You raise the {old}-build to {value} with your {card}"),
                     t.gettext("{who} raises the {old}-build to {value} with the {card}"), who, **fill)
    if not partners and not action.loose and len(action.builds) == 1:
        return _news(you, t.gettext("You add your {card} to the {value}-build"),
                     t.gettext("{who} adds the {card} to the {value}-build"), who, **fill)
    if partners and others:
        return _news(you, t.gettext("You build {value} from your {card} and {cards}, plus {others}"),
                     t.gettext("{who} builds {value} from the {card} and {cards}, plus {others}"), who, **fill)
    if partners:
        return _news(you, t.gettext("You build {value} from your {card} and {cards}"),
                     t.gettext("{who} builds {value} from the {card} and {cards}"), who, **fill)
    if others:
        return _news(you, t.gettext("You build {value} from your {card}, plus {others}"),
                     t.gettext("{who} builds {value} from the {card}, plus {others}"), who, **fill)
    return _news(you, t.gettext("You build {value} from your {card}"), t.gettext("{who} builds {value} from the {card}"),
                 who, **fill)


def _pinochle_news(action: Any, meld_points: int | None, turnup: Any, t: Any, you: bool, who: str) -> str:
    kind = action.kind
    if kind == "play":
        return _news(you, t.gettext("You play {card}"), t.gettext("{who} plays {card}"), who,
                     card=card_name(action.physical))
    if kind == "exchange":
        card = card_name(action.physical)
        if turnup is None:
            return _news(you, t.gettext("You exchange the {card} for the trump card"),
                         t.gettext("{who} exchanges the {card} for the trump card"), who, card=card)
        return _news(you, t.gettext("You exchange the {card} for the {trump}"),
                     t.gettext("{who} exchanges the {card} for the {trump}"), who, card=card, trump=card_name(turnup))
    if kind == "no exchange":
        return _news(you, t.gettext("You keep the dix (no exchange)"), t.gettext("{who} keeps the dix (no exchange)"), who)
    if kind == "meld":
        meld = _meld_object(action.meld_name, t)
        cards = cards_text(action.meld_cards)
        if meld_points is None:
            return _news(you, t.gettext("You meld {meld} ({cards})"), t.gettext("{who} melds {meld} ({cards})"), who,
                         meld=meld, cards=cards)
        points = str(t.ngettext("{n} point", "{n} points", meld_points)).format(n=meld_points)
        return _news(you, t.gettext("You meld {meld} ({cards}, {points})"),
                     t.gettext("{who} melds {meld} ({cards}, {points})"), who, meld=meld, cards=cards, points=points)
    if kind == "no meld":
        return _news(you, t.gettext("You decline to meld"), t.gettext("{who} declines to meld"), who)
    if kind == "declare out":
        return _news(you, t.gettext("You declare out"), t.gettext("{who} declares out"), who)
    if kind == "draw":
        return _news(you, t.gettext("You draw a card"), t.gettext("{who} draws a card"), who)
    return _news(you, t.gettext("You deal a card"), t.gettext("{who} deals a card"), who)


def narrate_action(action: Any, who: str, *, upcard: Card | None = None, meld_points: int | None = None,
                   turnup: Any = None, lang: str = "en") -> str:
    """The action as news for the log, a whole sentence in ``lang`` (English unless told): ``Alice takes the
    7♥ …``; ``who`` = ``"You"`` (the marker, in every language) says it of the person: ``You take …``.

    >>> from cardtable.gin.actions import GinAction
    >>> narrate_action(GinAction("discard", Card.parse("TS")), "Ann"), narrate_action(GinAction("draw"), "You")
    ('Ann discards the 10♠', 'You draw from the stock')
    """
    module = type(action).__module__
    t = i18n.translation(lang)
    you = who == "You"
    name = _who(who, t)
    if module.endswith("gin.actions"):
        return _gin_news(action, upcard, t, lang, you, name)
    if module.endswith("casino.actions"):
        return _casino_news(action, t, lang, you, name)
    if module.endswith("pinochle.actions"):
        return _pinochle_news(action, meld_points, turnup, t, you, name)
    verb, rest = _phrase(action, upcard, meld_points, turnup)
    own = "your" if you else "the"
    verb = verb if you else third_person(verb)
    return f"{name} {verb} {rest.format(own=own)}".strip()


def _verb_phrases(t: Any) -> dict[str, tuple[str, str, str]]:
    """The subject-and-verb phrases :func:`conjugate` knows outside English: the person, one seat, a side."""
    return {
        "win": (t.pgettext("subject", "You win"), t.pgettext("subject", "{who} wins"),
                t.pgettext("subject", "{who} win")),
        "score": (t.pgettext("subject", "You score"), t.pgettext("subject", "{who} scores"),
                  t.pgettext("subject", "{who} score")),
        "take": (t.pgettext("subject", "You take"), t.pgettext("subject", "{who} takes"),
                 t.pgettext("subject", "{who} take")),
        "deal": (t.pgettext("subject", "You deal"), t.pgettext("subject", "{who} deals"),
                 t.pgettext("subject", "{who} deal")),
        "knock": (t.pgettext("subject", "You knock"), t.pgettext("subject", "{who} knocks"),
                  t.pgettext("subject", "{who} knock")),
        "declare": (t.pgettext("subject", "You declare"), t.pgettext("subject", "{who} declares"),
                    t.pgettext("subject", "{who} declare")),
        "go": (t.pgettext("subject", "You go"), t.pgettext("subject", "{who} goes"), t.pgettext("subject", "{who} go")),
        "have": (t.pgettext("subject", "You have"), t.pgettext("subject", "{who} has"),
                 t.pgettext("subject", "{who} have")),
    }


def conjugate(who: str, verb: str, lang: str = "en") -> str:
    """``who`` and ``verb`` agreeing: ``You win``, ``You & Across win``, ``Computer (medium) wins``.

    English builds the verb by rule. Other languages have no such rule: there the phrase comes whole
    from the catalog for the verbs ``win``, ``score``, ``take``, ``deal``, ``knock``, ``declare``, ``go``
    and ``have`` (a sentence that goes on after it reads best as its own message: see
    :func:`side_wins_by`, :func:`side_scores`). ``who`` = ``"You"`` is the person, in every language.

    >>> conjugate("You & Across", "win"), conjugate("Left (easy)", "win")
    ('You & Across win', 'Left (easy) wins')
    """
    many = who == "You" or " & " in who or who.startswith("You ")
    if lang == "en":
        return f"{who} {verb if many else third_person(verb)}"
    t = i18n.translation(lang)
    phrases = _verb_phrases(t).get(verb)
    if phrases is None:  # a verb without a phrase: English, as a message a catalog lacks
        return f"{_who(who, t)} {verb if many else third_person(verb)}"
    form = phrases[0] if who == "You" else phrases[2] if many else phrases[1]
    return str(form).format(who=_who(who, t))


def side_wins(who: str, lang: str = "en") -> str:
    """``You win`` / ``Ann wins`` / ``You & Across win`` as a whole phrase in ``lang``."""
    return conjugate(who, "win", lang)


def _subject_form(who: str, t: Any, you: str, one: str, many: str, n: int) -> str:
    """The form of a sentence for its subject (the person, one seat, or a side of partners), filled in."""
    form = you if who == "You" else many if " & " in who or who.startswith("You ") else one
    return form.format(n=n, who=_who(who, t))


def side_wins_by(who: str, margin: int, lang: str = "en") -> str:
    """``You win by 12 points`` / ``Ann wins by 1 point``: a whole sentence (no full stop) in ``lang``.

    >>> side_wins_by("Ann", 1), side_wins_by("You", 12)
    ('Ann wins by 1 point', 'You win by 12 points')
    """
    t = i18n.translation(lang)
    return _subject_form(who, t, t.ngettext("You win by {n} point", "You win by {n} points", margin),
                         t.ngettext("{who} wins by {n} point", "{who} wins by {n} points", margin),
                         t.ngettext("{who} win by {n} point", "{who} win by {n} points", margin), margin)


def side_scores(who: str, points: int, lang: str = "en") -> str:
    """``You score 25 points`` / ``Ann scores 1 point``: a whole sentence (no full stop) in ``lang``."""
    t = i18n.translation(lang)
    return _subject_form(who, t, t.ngettext("You score {n} point", "You score {n} points", points),
                         t.ngettext("{who} scores {n} point", "{who} scores {n} points", points),
                         t.ngettext("{who} score {n} point", "{who} score {n} points", points), points)


def count_words(n: int, word: str, lang: str = "en") -> str:
    """``n`` and a counted word in ``lang``'s plural form: ``card``, ``point``, ``spade``, ``sweep``, ``hand``,
    ``meld``, ``counter``, ``concealed card`` (English: :func:`plural`, for any word).

    >>> count_words(1, "card"), count_words(5, "sweep")
    ('1 card', '5 sweeps')
    """
    if lang == "en":
        return plural(n, word)
    t = i18n.translation(lang)
    forms = {
        "card": t.ngettext("{n} card", "{n} cards", n),
        "point": t.ngettext("{n} point", "{n} points", n),
        "spade": t.ngettext("{n} spade", "{n} spades", n),
        "sweep": t.ngettext("{n} sweep", "{n} sweeps", n),
        "hand": t.ngettext("{n} hand", "{n} hands", n),
        "meld": t.ngettext("{n} meld", "{n} melds", n),
        "counter": t.ngettext("{n} counter", "{n} counters", n),
        "concealed card": t.ngettext("{n} concealed card", "{n} concealed cards", n),
        "trick": t.ngettext("{n} trick", "{n} tricks", n),
    }
    form = forms.get(word)
    return plural(n, word) if form is None else str(form).format(n=n)


def you_name(who: str, lang: str = "en") -> str:
    """A seat name as shown in ``lang``: the marker ``You`` (alone or in ``You & Across``) in its words."""
    return who if lang == "en" else _who(who, i18n.translation(lang))


def join_list(items: Sequence[str], lang: str = "en") -> str:
    """Items joined as ``lang`` joins a list: ``a, b and c`` in English."""
    return _join(items, lang)


_SHORT_CARD = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AJQK])([♠♥♦♣])")
_CARD_RUN = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9AJQK])[♠♥♦♣](?: (?:10|[2-9AJQK])[♠♥♦♣])+")
_SUIT_OF = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
_RANK_OF = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}


def spoken_cards(text: str, lang: str = "en") -> str:
    """``text`` with every short card name spoken in full, for screen readers (``♦`` reads as "black diamond"),
    in ``lang`` (:func:`cardtable.i18n.card_name`: "piková dáma", "スペードのクイーン").

    >>> spoken_cards("Capture 9♠ and 5♦+4♣ with your 9♥; Q♠ on top")
    'Capture 9 of spades and 5 of diamonds+4 of clubs with your 9 of hearts; queen of spades on top'
    >>> spoken_cards("Your hand: A♠ 10♦ J♣.")
    'Your hand: ace of spades, 10 of diamonds, jack of clubs.'
    """
    comma = ", " if lang == "en" else str(i18n.translation(lang).pgettext("list", ", "))
    text = _CARD_RUN.sub(lambda m: m.group(0).replace(" ", comma), text)  # lists of cards need commas when spoken
    if lang == "en":
        return _SHORT_CARD.sub(lambda m: f"{_RANK_OF.get(m.group(1), m.group(1))} of {_SUIT_OF[m.group(2)]}", text)
    return _SHORT_CARD.sub(lambda m: i18n.card_name(_RANK_NUMBER[m.group(1)], "♠♥♦♣".index(m.group(2)), lang), text)


_RANK_NUMBER = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}


_NOTATION = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9TJQKA])([SHDC])[ab]?(?!\w)")


def refusal_text(message: str) -> str:
    """An engine's refusal as players read it: every card in notation (``QSa``, ``TH``) by its short name,
    without Pinochle's copy letter, so a refusal never shows the engine's internal spelling.

    >>> refusal_text("play QSa: you do not hold the Q♠ [4.1]")
    'play Q♠: you do not hold the Q♠ [4.1]'
    >>> refusal_text("TH x 5D+5C: nothing")
    '10♥ x 5♦+5♣: nothing'
    """
    return _NOTATION.sub(lambda m: Card.parse(m.group(1) + m.group(2)).pretty(), message)


def refusal_text_of(error: BaseException, lang: str | None = None) -> str:
    """An engine error as players of ``lang`` read it (default: the language spoken now): its message in
    that language (:func:`cardtable.error_text.error_text`, English for an uncoded error), cards by their
    short names as :func:`refusal_text` gives them. It depends on the error's code, params and rule only,
    as the English message does.

    >>> from cardtable.errors import IllegalActionError
    >>> error = IllegalActionError.from_code("card.not_held", "4.1", action="play QSa", card=Card.parse("QS"))
    >>> refusal_text_of(error, "en"), refusal_text_of(error, "ja")
    ('play Q♠: you do not hold the Q♠ [4.1]', 'play Q♠：Q♠ を持っていません [4.1]')
    """
    return refusal_text(error_text(error, lang))
