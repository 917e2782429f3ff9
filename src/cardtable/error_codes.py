"""The stable codes of the errors cardtable raises for input, with their English templates.

Every :class:`~cardtable.errors.CardtableError` raised for a player's or a caller's input carries a
``code`` from :data:`CODES` and the ``params`` that fill the code's template; ``str(error)`` is that
template filled in (followed by `` [rule]`` for an :class:`~cardtable.errors.IllegalActionError`). A
front end that speaks another language looks the code up in its own catalog, a template with the same
placeholders, and formats it with the same params:

>>> from cardtable import make_game
>>> from cardtable.errors import IllegalActionError
>>> state = make_game("gin").new_hand(0)
>>> try:
...     state.apply("discard 7H")
... except IllegalActionError as exc:
...     error = exc
>>> error.code, error.rule, error.params["action"]
('chance.pending', 'chance', 'discard 7H')
>>> CODES[error.code].template
'{action}: a card must be dealt or drawn first'

**Codes are stable API**: a code keeps its meaning and its placeholders from release to release;
new codes may be added, and the English wording of a template may be improved. The placeholders are:

- ``action``: the move as its notation, as the player sent it (``discard 7H``);
- ``card``, ``led``: a :class:`~cardtable.cards.Card` (``{card:pretty}`` renders ``7♥``, ``{card}`` ``7H``);
- ``cards``: a :class:`CardList` (``{cards:pretty}`` renders ``7♥ 8♥``, ``{cards:the_or}`` ``the 7♥ or the 8♥``);
- lists of names or numbers (``phases``, ``valid``, ``values``) as :class:`Names` (``a, b, c``);
- numbers (``value``, ``deadwood``, ``knock_limit``, seats, counts) as ``int``;
- other names (fields, options, text a user typed) as ``str``;
- words of the games, a :class:`Term` whose text is its English key and whose kind says which words
  it is one of (:data:`WORDS`): ``phase`` a :class:`Phase` (``offer-dealer``), ``name`` of a Pinochle
  meld a :class:`MeldKind` (``royal-marriage``), ``step`` a :class:`ChanceStep`, ``label`` an
  :class:`OptionLabel` (``the knock limit``);
- ``requirement`` (what a rules option must be) a :class:`Requirement`, ``missing`` (the Pinochle
  cards a meld names and the mover lacks) a :class:`NotHeld`, ``builds`` (the builds a player
  controls) a :class:`BuildValues`, ``detail`` (why text could not be read) a :class:`Detail`;
- ``error``: the :class:`~cardtable.errors.CardtableError` behind this one (a bad card in a position
  field, a refused move in a record), which formats as its English message and has its own code.

The rule a refused move breaks is not a param: it is :attr:`IllegalActionError.rule
<cardtable.errors.IllegalActionError.rule>`. This module imports nothing outside the standard library.
"""

from __future__ import annotations

import string
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, NamedTuple

__all__ = ["ErrorCode", "CardList", "Names", "Term", "Phase", "MeldKind", "ChanceStep", "OptionLabel", "WORDS",
           "Requirement", "NotHeld", "BuildValues", "Detail", "CODES", "message", "placeholders"]


class ErrorCode(NamedTuple):
    """One code: its identifier, its English template and what it means."""

    code: str
    """The dotted identifier (``card.not_held``): stable API."""
    template: str
    """The English message, a :meth:`str.format` template with named placeholders."""
    description: str
    """One line: when the error is raised."""


class CardList(tuple[Any, ...]):
    """Cards in a message: ``{cards}`` is their notation (``7H 8H``), ``{cards:pretty}`` their symbols
    (``7♥ 8♥``) and ``{cards:the_or}`` ``the 7♥ or the 8♥``."""

    __slots__ = ()

    def __new__(cls, cards: Iterable[Any] = ()) -> CardList:
        return super().__new__(cls, cards)

    def __format__(self, spec: str) -> str:
        if spec == "the_or":
            return " or ".join(f"the {c:pretty}" for c in self)
        return " ".join(format(c, spec) for c in self)


class Names(tuple[Any, ...]):
    """Names or numbers in a message (fields, options, presets, build values): ``{names}`` is ``a, b, c``.

    A front end may join them its own way (a locale's list pattern).
    """

    __slots__ = ()

    def __new__(cls, items: Iterable[Any] = ()) -> Names:
        return super().__new__(cls, items)

    def __format__(self, spec: str) -> str:
        return ", ".join(format(item, spec) for item in self)


class Term(str):
    """A word of the games in a message: its text is its English key (``offer-dealer``), and
    :attr:`context` says which words it is one of (:data:`WORDS`), so a front end says it in the
    player's language (``pgettext(context, key)``)."""

    __slots__ = ()
    context: ClassVar[str] = ""
    """The kind of word: the key of :data:`WORDS` and the gettext context of its translations."""


class Phase(Term):
    """A phase of a hand (``draw``, ``offer-dealer``, ``meld``): a key of :data:`WORDS` ``["phase"]``."""

    __slots__ = ()
    context = "phase"


class MeldKind(Term):
    """A Pinochle meld's kind as the notation names it (``royal-marriage``)."""

    __slots__ = ()
    context = "meld"


class ChanceStep(Term):
    """The chance step a Pinochle hand waits for: ``deal`` (a dealt card) or ``turnup``."""

    __slots__ = ()
    context = "chance step"


class OptionLabel(Term):
    """A rules option named in a player's words (``the knock limit``); the option's name is a separate param."""

    __slots__ = ()
    context = "option"


WORDS: Mapping[str, tuple[str, ...]] = {
    "phase": ("dealing", "offer", "offer-dealer", "forced-draw", "draw", "drawing", "discard", "wall", "wall-knock",
              "arrange", "over", "deal", "play", "exchange", "meld", "draw-winner", "draw-loser"),
    "meld": ("run", "royal-marriage", "marriage", "dix", "aces-around", "kings-around", "queens-around",
             "jacks-around", "pinochle", "double-pinochle"),
    "chance step": ("deal", "turnup"),
    "option": ("the target score", "the knock limit", "the gin bonus", "the big gin bonus", "the undercut bonus",
               "the undercut on tie", "the discard taken card", "the offer take returns", "the knocker melds",
               "the knock check", "the stock end", "the number of upcard takes that voids a hand", "the oklahoma",
               "the game bonus", "the box bonus", "the shutout", "the shutout bonus", "the number of players",
               "the partnerships", "the sweep points", "the court capture", "the permissive builds",
               "the allow duplicate value builds", "the raise own build", "the build for partner", "the counting",
               "the dix scores when played", "the meld requires hand card", "the double pinochle 300",
               "the declare out"),
    "rule": ("4.1 loose cards", "4.2 builds", "4.5 / 7.3.3 multiple build fixed", "7 one card from the hand",
             "7.2.2 / 4.4 build not a summand", "7.2.3 capture groups", "7.3.1 material", "7.3.3 raise",
             "7.3.3 raise with the played card only", "7.3.6 builds used", "7.3.6 grouping", "7.3.6 value", "chance",
             "codec", "controller rule 7.4.1", "court capture 7.2.1", "holding requirement 7.3.1", "legal-actions",
             "merge rule 7.3.5", "no-orphan 7.4.2", "notation", "terminal"),
}
"""Every :class:`Term` a message can hold, by its context: the phases of the three games (Gin Rummy's,
Pinochle's, Casino's), Pinochle's meld kinds, its chance steps and the rules options' labels; and
(``rule``) the rules a refusal cites in words (:attr:`IllegalActionError.rule
<cardtable.errors.IllegalActionError.rule>`; a rule that is only numbers and option names is said as it is)."""


class Requirement(tuple[Any, ...]):
    """What a rules option must be: ``(kind, *values)``, said in English as the message has it.

    The kinds: ``not_none`` (``not be None``), ``bool`` (``be True or False``), ``int`` (``be an
    integer``), ``str`` (``be a string``), ``one_of`` with a :class:`Names` of the choices (``be one of
    'a', 'b'``; ``nullable`` adds `` or None``), ``range`` with the bounds (``be from 0 to 10``),
    ``at_least`` and ``at_most`` with a bound.
    """

    __slots__ = ()
    ENGLISH: ClassVar[Mapping[str, str]] = {
        "not_none": "not be None", "bool": "be True or False", "int": "be an integer", "str": "be a string",
        "one_of": "be one of {choices}", "one_of_or_none": "be one of {choices} or None",
        "range": "be from {min} to {max}", "at_least": "be at least {min}", "at_most": "be at most {max}",
    }
    """Each kind's English words (a template of its values)."""

    def __new__(cls, kind: str, *values: Any) -> Requirement:
        if kind not in cls.ENGLISH:
            raise ValueError(f"unknown requirement kind {kind!r}")
        return super().__new__(cls, (kind, *values))

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    @property
    def kind(self) -> str:
        """The kind (a key of :attr:`ENGLISH`)."""
        return str(self[0])

    @property
    def values(self) -> dict[str, Any]:
        """The values the kind's words name: ``choices`` (a :class:`Names` of reprs), ``min``, ``max``."""
        if self.kind.startswith("one_of"):
            return {"choices": self[1]}
        if self.kind == "range":
            return {"min": self[1], "max": self[2]}
        if self.kind == "at_least":
            return {"min": self[1]}
        if self.kind == "at_most":
            return {"max": self[1]}
        return {}

    def __format__(self, spec: str) -> str:
        return self.ENGLISH[self.kind].format(**self.values)

    def __str__(self) -> str:
        return format(self, "")


class NotHeld(tuple[Any, ...]):
    """The cards of a Pinochle move its mover does not hold: ``(how, card)`` pairs, where ``how`` is
    ``card`` (``the Q♠``), ``both`` (``the two Q♠``: neither copy) or ``copy`` (``that copy of the Q♠ (you
    hold the other one)``); in English ``a, b or c``."""

    __slots__ = ()
    ENGLISH: ClassVar[Mapping[str, str]] = {
        "card": "the {card:pretty}", "both": "the two {card:pretty}",
        "copy": "that copy of the {card:pretty} (you hold the other one)",
    }
    """How each kind of part is said in English."""

    def __new__(cls, parts: Iterable[tuple[str, Any]] = ()) -> NotHeld:
        return super().__new__(cls, (tuple(part) for part in parts))

    def __format__(self, spec: str) -> str:
        said = [self.ENGLISH[how].format(card=card) for how, card in self]
        return ", ".join(said[:-1]) + " or " + said[-1] if len(said) > 1 else "".join(said)


class BuildValues(tuple[int, ...]):
    """Builds named by their values: ``the 7-build and the 9-build`` in English."""

    __slots__ = ()

    def __new__(cls, values: Iterable[int] = ()) -> BuildValues:
        return super().__new__(cls, values)

    def __format__(self, spec: str) -> str:
        return " and ".join(f"the {value}-build" for value in self)


class Detail(tuple[Any, ...]):
    """Why text could not be read, from the underlying exception: ``(kind, English, *values)``.

    Kinds: ``int`` (``int()`` refused ``values[0]``), ``json`` (the JSON decoder's message ``values[0]``
    at line ``values[1]``, column ``values[2]``, character ``values[3]``), ``text`` (any other: the
    English alone). Its text is the exception's English message, as ``str(exc)`` had it.
    """

    __slots__ = ()

    def __new__(cls, kind: str, english: str, *values: Any) -> Detail:
        return super().__new__(cls, (kind, english, *values))

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    @classmethod
    def of(cls, exc: BaseException) -> Detail:
        """The detail of ``exc``: an ``int()`` refusal, a JSON decoding error, or its message."""
        english = str(exc)
        if type(exc) is ValueError and english.startswith("invalid literal for int() with base 10: "):
            return cls("int", english, english.removeprefix("invalid literal for int() with base 10: "))
        if all(hasattr(exc, name) for name in ("msg", "lineno", "colno", "pos", "doc")):  # json.JSONDecodeError
            return cls("json", english, exc.msg, exc.lineno, exc.colno, exc.pos)  # type: ignore[attr-defined]
        return cls("text", english)

    @property
    def kind(self) -> str:
        """``int``, ``json`` or ``text``."""
        return str(self[0])

    def __format__(self, spec: str) -> str:
        return str(self[1])

    def __str__(self) -> str:
        return str(self[1])


def placeholders(template: str) -> frozenset[str]:
    """The names of the placeholders in ``template``.

    >>> sorted(placeholders(CODES["card.not_held"].template))
    ['action', 'card']
    """
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


def message(code: str, params: Mapping[str, Any]) -> str:
    """The English message of ``code`` with ``params`` (``KeyError`` for an unknown code).

    >>> from cardtable.cards import Card
    >>> message("card.not_held", {"action": "discard 7H", "card": Card.parse("7H")})
    'discard 7H: you do not hold the 7♥'
    """
    return CODES[code].template.format(**params)


_ALL = (
    ErrorCode("action.ambiguous", "{text!r} is ambiguous",
              "Move text that matches several legal moves (see ``candidates``)."),
    ErrorCode("action.empty", "empty action",
              "Empty move text."),
    ErrorCode("action.not_legal", "{action} is not legal here",
              "A move the rules do not allow here (no more precise reason applies)."),
    ErrorCode("action.not_legal_text", "{text!r} is not a legal action here",
              "Text that reads as no legal move in this position."),
    ErrorCode("action.not_text", "expected action text, got {type_name}",
              "A move given as something other than text or an action."),
    ErrorCode("card.not_held", "{action}: you do not hold the {card:pretty}",
              "A move names a card its mover does not hold (said the same wherever that card lies)."),
    ErrorCode("card.unreadable", "not a card: {text!r}",
              "Text that is not a card."),
    ErrorCode("card.unreadable_hint", "not a card: {text!r} (expected rank A 2-9 T/10 J Q K and suit S H D C or ♠ ♥ ♦ ♣)",
              "Notation refused: not a card: <text> (expected rank A 2-9 T/10 J Q K and suit S H D C or ♠ ♥ ♦ ♣)."),
    ErrorCode("cards.not_held", "{action}: you do not hold {cards:the_or}",
              "A move names several cards its mover does not hold (said the same wherever those cards lie)."),
    ErrorCode("casino.action.wrong_type", "{action} is not a Casino action",
              "Move refused: <action> is not a Casino action."),
    ErrorCode("casino.build.bad_value", "build value must be 1..10, got {value}",
              "Position text refused: build value must be 1..10, got <value>."),
    ErrorCode("casino.build.card_too_high", "{action}: the {card:pretty} is worth more than {value}",
              "Move refused: the <card> is worth more than <value>."),
    ErrorCode("casino.build.card_twice", "card {card} appears twice in build [{text}]",
              "Position text refused: card <card> appears twice in build [<text>]."),
    ErrorCode("casino.build.court_card", "court cards are never part of a build (3.3)",
              "Position text refused: court cards are never part of a build (3.3)."),
    ErrorCode("casino.build.court_card_played", "{action}: court cards are never part of a build",
              "Move refused: court cards are never part of a build."),
    ErrorCode("casino.build.empty_card", "empty card in build [{text}]",
              "Position text refused: empty card in build [<text>]."),
    ErrorCode("casino.build.group_value", "build group {group} is not worth {value}",
              "Position text refused: build group <group> is not worth <value>."),
    ErrorCode("casino.build.grouping", "{action}: the cards cannot be grouped into {value}s with the {card:pretty} in one group",
              "Move refused: the cards cannot be grouped into <value>s with the <card> in one group."),
    ErrorCode("casino.build.groups_mismatch", "build groups do not match its cards",
              "Position text refused: build groups do not match its cards."),
    ErrorCode("casino.build.groups_overlap", "build groups must be non-empty and disjoint",
              "Position text refused: build groups must be non-empty and disjoint."),
    ErrorCode("casino.build.merge", "{action}: a build of value {value} is on the table: a new {value} must be added to it",
              "Move refused: a build of value <value> is on the table: a new <value> must be added to it."),
    ErrorCode("casino.build.multiple_fixed", "{action}: the multiple {value}-build can never be raised or change value",
              "Move refused: the multiple <value>-build can never be raised or change value."),
    ErrorCode("casino.build.no_material", "{action}: a build must use something from the table (otherwise it is a trail)",
              "Move refused: a build must use something from the table (otherwise it is a trail)."),
    ErrorCode("casino.build.not_legal", "{action}: not a legal build",
              "Move refused: not a legal build."),
    ErrorCode("casino.build.not_on_table", "{action}: a referenced build is not on the table",
              "Move refused: a referenced build is not on the table."),
    ErrorCode("casino.build.raise_for_partner", "{action}: raising a build for a partner is never allowed",
              "Move refused: raising a build for a partner is never allowed."),
    ErrorCode("casino.build.raise_own", "{action}: raise_own_build = False: you may not raise a build you control",
              "Move refused: raise_own_build = False: you may not raise a build you control."),
    ErrorCode("casino.build.raise_table_card", "{action}: a table card can never change a single build's value (permissive_builds is off)",
              "Move refused: a table card can never change a single build's value (permissive_builds is off)."),
    ErrorCode("casino.build.raise_total", "{action}: raising the {build_value}-build with the {card:pretty} gives {total}, not {value}",
              "Move refused: raising the <build_value>-build with the <card> gives <total>, not <value>."),
    ErrorCode("casino.build.raise_two", "{action}: at most one build can be raised in a move; other builds are never summands",
              "Move refused: at most one build can be raised in a move; other builds are never summands."),
    ErrorCode("casino.build.too_small", "a build has at least two cards",
              "Position text refused: a build has at least two cards."),
    ErrorCode("casino.build.unheld", "{action}: after playing the {card:pretty} you would hold no card of value {value}",
              "A build needs a card of its value left in the builder's hand."),
    ErrorCode("casino.build.unheld_partner", "{action}: after playing the {card:pretty} you would hold no card of value {value} (build_for_partner only allows adding to a build the partner controls)",
              "A build needs a card of its value in hand, except when adding to a partner's build."),
    ErrorCode("casino.build.unreadable", "cannot read build [{text}] (expected e.g. [single 8 @1: 5C+3D])",
              "Position text refused: cannot read build [<text>] (expected e.g. [single 8 @1: 5C+3D])."),
    ErrorCode("casino.build.value_range", "{action}: a build's value is 1 to 10, not {value}",
              "Move refused: a build's value is 1 to 10, not <value>."),
    ErrorCode("casino.build.wrong_kind", "build [{text}] is {kind}, not {expected}",
              "Position text refused: build [<text>] is <kind>, not <expected>."),
    ErrorCode("casino.capture.build_value", "{action}: a {value}-build is captured only by a card of value {value}; a build is never a summand",
              "Move refused: a <value>-build is captured only by a card of value <value>; a build is never a summand."),
    ErrorCode("casino.capture.court_all", "{action}: with court_capture = 'all' the court card takes every matching court card",
              "Move refused: with court_capture = 'all' the court card takes every matching court card."),
    ErrorCode("casino.capture.court_one", "{action}: a court card captures exactly one card (court_capture = 'one')",
              "Move refused: a court card captures exactly one card (court_capture = 'one')."),
    ErrorCode("casino.capture.court_rank", "{action}: a court card captures only loose court cards of its own rank",
              "Move refused: a court card captures only loose court cards of its own rank."),
    ErrorCode("casino.capture.groups", "{action}: {cards:pretty} cannot be split into groups each worth {value}",
              "The captured loose cards do not split into groups of the capturing card's value."),
    ErrorCode("casino.capture.not_legal", "{action}: not a legal capture",
              "Move refused: not a legal capture."),
    ErrorCode("casino.capture.not_loose", "{action}: {cards:pretty} is not a loose card on the table",
              "A move names a table card that is not loose on the table."),
    ErrorCode("casino.capture.not_loose_many", "{action}: {cards:pretty} are not loose cards on the table",
              "A move names table cards that are not loose on the table."),
    ErrorCode("casino.capture.nothing", "{action}: nothing is captured",
              "Move refused: nothing is captured."),
    ErrorCode("casino.capture.numeral_takes_court", "{action}: a numeral card never captures a court card",
              "Move refused: a numeral card never captures a court card."),
    ErrorCode("casino.controller.orphan", "{action}: afterwards you would hold no card of value {values} for a build you control",
              "Move refused: afterwards you would hold no card of value <values> for a build you control."),
    ErrorCode("casino.deal.last", "{action}: the first card of the final deal is announced 'last', and only it",
              "Move refused: the first card of the final deal is announced 'last', and only it."),
    ErrorCode("casino.deal.none", "{action}: no card is being dealt now",
              "Move refused: no card is being dealt now."),
    ErrorCode("casino.deal.not_in_pack", "{action}: {card} is not in the pack",
              "Move refused: <card> is not in the pack."),
    ErrorCode("casino.deal.unfinished", "{action}: the deal is not finished: a card must be dealt first",
              "Move refused: the deal is not finished: a card must be dealt first."),
    ErrorCode("casino.notation.after_card", "cannot read {text!r}: after the card write x, b<value> or trail",
              "Notation refused: cannot read <text>: after the card write x, b<value> or trail."),
    ErrorCode("casino.notation.ambiguous_build", "build reference {what} is ambiguous: name the build's cards, e.g. {example}",
              "Notation refused: build reference <what> is ambiguous: name the build's cards, e.g. <example>."),
    ErrorCode("casino.notation.bad_value", "not a build value: {text!r}",
              "Notation refused: not a build value: <text>."),
    ErrorCode("casino.notation.card_twice", "{card} is written twice in {text!r}",
              "Notation refused: <card> is written twice in <text>."),
    ErrorCode("casino.notation.deal", "cannot read {text!r} (expected 'deal 7H' or 'deal 7H last')",
              "Notation refused: cannot read <text> (expected 'deal 7H' or 'deal 7H last')."),
    ErrorCode("casino.notation.move_kind", "cannot read {text!r}: expected x (capture), b<value> (build) or trail",
              "Notation refused: cannot read <text>: expected x (capture), b<value> (build) or trail."),
    ErrorCode("casino.notation.no_such_build", "there is no build {what} on the table",
              "Move refused: there is no build <what> on the table."),
    ErrorCode("casino.position.bitmask", "{what}: not a 52-card bitmask",
              "Position text refused: <what>: not a 52-card bitmask."),
    ErrorCode("casino.position.brackets", "table: unbalanced brackets in {raw!r}",
              "Position text refused: table: unbalanced brackets in <raw>."),
    ErrorCode("casino.position.build_between_deals", "no build can be on the table between deals: its controller would hold no cards",
              "Position text refused: no build can be on the table between deals: its controller would hold no cards."),
    ErrorCode("casino.position.build_cards", "build {build}: its cards are also in a hand or another build",
              "Position text refused: build <build>: its cards are also in a hand or another build."),
    ErrorCode("casino.position.build_controller", "build {build}: controller must be a seat 0..{last}",
              "Position text refused: build <build>: controller must be a seat 0..<last>."),
    ErrorCode("casino.position.build_unheld", "build {build}: its controller holds no card of value {value} (12.4)",
              "Position text refused: build <build>: its controller holds no card of value <value> (12.4)."),
    ErrorCode("casino.position.builds_share_value", "two builds share a value (merge rule 7.3.5, invariant 12.5)",
              "Position text refused: two builds share a value (merge rule 7.3.5, invariant 12.5)."),
    ErrorCode("casino.position.captured_count", "captured{side}: not enough unplaced cards for a count of {k}",
              "Position text refused: captured<side>: not enough unplaced cards for a count of <k>."),
    ErrorCode("casino.position.card_twice", "{what}: card {card} appears twice",
              "Position text refused: <what>: card <card> appears twice."),
    ErrorCode("casino.position.cards_missing", "cards {cards} are nowhere in the position",
              "Position text refused: cards <cards> are nowhere in the position."),
    ErrorCode("casino.position.cards_twice", "{what}: card(s) {cards} appear twice in the position",
              "Position text refused: <what>: card(s) <cards> appear twice in the position."),
    ErrorCode("casino.position.deal", "deal must be 1..{num_deals}",
              "Position text refused: deal must be 1..<num_deals>."),
    ErrorCode("casino.position.deal_progress", "with {n_done} cards of this deal dealt, seat {seat} holds {held} cards (5.3, 5.4)",
              "Position text refused: with <n_done> cards of this deal dealt, seat <seat> holds <held> cards (5.3, 5.4)."),
    ErrorCode("casino.position.dealer", "dealer must be a seat 0..{last}",
              "Position text refused: dealer must be a seat 0..<last>."),
    ErrorCode("casino.position.dealt", "dealt is given with turn: deal only, and is 0..{last}",
              "Position text refused: dealt is given with turn: deal only, and is 0..<last>."),
    ErrorCode("casino.position.empty_pile", "side {side} has captured (last capturer or sweeps) but its pile is empty",
              "Position text refused: side <side> has captured (last capturer or sweeps) but its pile is empty."),
    ErrorCode("casino.position.field_players", "field {key!r} does not exist with {n} players ({sides} sides)",
              "Position text refused: field <key> does not exist with <n> players (<sides> sides)."),
    ErrorCode("casino.position.first_deal_table", "during the first deal the table holds only the cards dealt to it, and nothing is captured",
              "Position text refused: during the first deal the table holds only the cards dealt to it, and nothing is captured."),
    ErrorCode("casino.position.hand_on_table", "hand: {card} is on the table",
              "Position text refused: hand: <card> is on the table."),
    ErrorCode("casino.position.hand_sizes", "hand sizes ({shown}) do not fit seat {turn} to move: players who already played this round hold one card fewer (12.11)",
              "Position text refused: hand sizes (<shown>) do not fit seat <turn> to move: players who already played this round hold one card fewer (12.11)."),
    ErrorCode("casino.position.hands", "{num_players} hands are needed (one per seat), got {n_masks}",
              "Position text refused: <num_players> hands are needed (one per seat), got <n_masks>."),
    ErrorCode("casino.position.last_capturer", "last_capturer must be a seat 0..{last} or -",
              "Position text refused: last_capturer must be a seat 0..<last> or -."),
    ErrorCode("casino.position.not_integer", "{key} must be an integer, got {raw!r}",
              "Position text refused: <key> must be an integer, got <raw>."),
    ErrorCode("casino.position.not_playing", "moves are made during play, not in the {phase} phase",
              "Position text refused: moves are made during play, not in the <phase> phase."),
    ErrorCode("casino.position.over_deal", "a hand is over after the last deal, deal {num_deals}",
              "Position text refused: a hand is over after the last deal, deal <num_deals>."),
    ErrorCode("casino.position.over_not_empty", "when the hand is over every hand and the table are empty (the residue is in a pile)",
              "Position text refused: when the hand is over every hand and the table are empty (the residue is in a pile)."),
    ErrorCode("casino.position.pack_short", "only {n_free} cards are left for a pack of {pack_size} at deal {deal}",
              "Position text refused: only <n_free> cards are left for a pack of <pack_size> at deal <deal>."),
    ErrorCode("casino.position.pack_size", "the pack holds {pack_size} cards at deal {deal}, got {got}",
              "Position text refused: the pack holds <pack_size> cards at deal <deal>, got <got>."),
    ErrorCode("casino.position.piles", "{num_sides} piles are needed (one per side), got {n_piles}",
              "Position text refused: <num_sides> piles are needed (one per side), got <n_piles>."),
    ErrorCode("casino.position.piles_overlap", "pile {i} shares cards with another pile",
              "Position text refused: pile <i> shares cards with another pile."),
    ErrorCode("casino.position.residue_early", "residue is given for a finished hand only (turn: over)",
              "Position text refused: residue is given for a finished hand only (turn: over)."),
    ErrorCode("casino.position.residue_side", "residue: the last cards on the table went to side {side}'s pile (section 8)",
              "Position text refused: residue: the last cards on the table went to side <side>'s pile (section 8)."),
    ErrorCode("casino.position.sweep_counts", "sweeps must be {num_sides} counts >= 0, one per side",
              "Position text refused: sweeps must be <num_sides> counts >= 0, one per side."),
    ErrorCode("casino.position.sweeps", "sweeps must be {sides} counts, one per side",
              "Position text refused: sweeps must be <sides> counts, one per side."),
    ErrorCode("casino.position.turn", "turn must be a seat 0..{last}, 'deal' or 'over'",
              "Position text refused: turn must be a seat 0..<last>, 'deal' or 'over'."),
    ErrorCode("casino.rules.build_for_partner", "CasinoRules.build_for_partner needs num_players=4 and partnerships=True",
              "A rules config refused: CasinoRules.build_for_partner needs num_players=4 and partnerships=True."),
    ErrorCode("casino.selection.not_on_table", "{card} is not on the table",
              "Move refused: <card> is not on the table."),
    ErrorCode("casino.trail.controller", "{action}: you control the {value}-build and may not trail",
              "A player who controls a build may not trail."),
    ErrorCode("casino.trail.controller_many", "{action}: you control {builds} and may not trail",
              "A player who controls builds may not trail; ``builds`` are their values (a ``BuildValues``)."),
    ErrorCode("casino.trail.not_legal", "{action}: not a legal trail",
              "Move refused: not a legal trail."),
    ErrorCode("chance.none", "not a chance node",
              "A chance outcome asked for or applied when no chance step is pending."),
    ErrorCode("chance.not_pending", "{action}: no chance step is pending",
              "A chance action (deal or draw) sent when no chance step is pending."),
    ErrorCode("chance.pending", "{action}: a card must be dealt or drawn first",
              "A player's move sent while a card must still be dealt or drawn."),
    ErrorCode("codec.id.not_legal", "action id {aid} ({name}) is not legal here",
              "An action id the codec cannot use: action id <aid> (<name>) is not legal here."),
    ErrorCode("codec.id.not_legal_bare", "action id {aid} is not legal here",
              "An action id the codec cannot use: action id <aid> is not legal here."),
    ErrorCode("codec.ids.incomplete", "ids {ids} do not complete a move",
              "An action id the codec cannot use: ids <ids> do not complete a move."),
    ErrorCode("codec.ids.overlong", "ids {ids} continue after a complete move",
              "An action id the codec cannot use: ids <ids> continue after a complete move."),
    ErrorCode("codec.no_id", "{action} has no id (not a decision)",
              "An action id the codec cannot use: <action> has no id (not a decision)."),
    ErrorCode("codec.no_pending_choices", "flat codecs have no pending choices",
              "An action id the codec cannot use: flat codecs have no pending choices."),
    ErrorCode("codec.not_a_decision", "{action} is not a decision",
              "An action id the codec cannot use: <action> is not a decision."),
    ErrorCode("codec.row.not_legal", "row {row}: action id {aid} ({name}) is not legal here",
              "An action id the codec cannot use: row <row>: action id <aid> (<name>) is not legal here."),
    ErrorCode("game.rules_type", "rules for {name} must be a {type_name}",
              "A game name or rules object refused: rules for <name> must be a <type_name>."),
    ErrorCode("game.unavailable", "game {name!r} is not available: {detail}",
              "A game name or rules object refused: game <name> is not available: <detail>."),
    ErrorCode("game.unknown", "unknown game {name!r}; games: {games}",
              "A game name or rules object refused: unknown game <name>; games: <games>."),
    ErrorCode("gin.action.unknown_kind", "unknown gin action kind {kind!r}",
              "Notation refused: unknown gin action kind <kind>."),
    ErrorCode("gin.action.wrong_type", "{action} is not a gin action (give a GinAction or its notation)",
              "Move refused: <action> is not a gin action (give a GinAction or its notation)."),
    ErrorCode("gin.arrange.not_minimal", "{action}: not a minimal arrangement of the knocker's cards",
              "Move refused: not a minimal arrangement of the knocker's cards."),
    ErrorCode("gin.arrange.over_limit", "{action}: not melds of the knocker's cards leaving deadwood within {knock_limit}",
              "Move refused: not melds of the knocker's cards leaving deadwood within <knock_limit>."),
    ErrorCode("gin.big_gin.deadwood", "big gin needs all 11 cards melded (deadwood is {deadwood})",
              "Move refused: big gin needs all 11 cards melded (deadwood is <deadwood>)."),
    ErrorCode("gin.big_gin.off", "big gin is not played under these rules (big_gin_bonus = None)",
              "Move refused: big gin is not played under these rules (big_gin_bonus = None)."),
    ErrorCode("gin.chance.not_in_stock", "{action}: that card is not in the stock",
              "Move refused: that card is not in the stock."),
    ErrorCode("gin.discard.taken_card", "{action}: the card taken from the discard pile may not be discarded this turn",
              "Move refused: the card taken from the discard pile may not be discarded this turn."),
    ErrorCode("gin.draw.forced", "both players passed the first upcard: the non-dealer must draw from the stock",
              "Move refused: both players passed the first upcard: the non-dealer must draw from the stock."),
    ErrorCode("gin.draw.offer_first", "first take or pass the first upcard",
              "Move refused: first take or pass the first upcard."),
    ErrorCode("gin.draw.wall", "drawing from the stock is not allowed at the wall",
              "Move refused: drawing from the stock is not allowed at the wall."),
    ErrorCode("gin.knock.deadwood", "{action}: deadwood after this discard would be {deadwood} > knock limit {knock_limit}",
              "Move refused: deadwood after this discard would be <deadwood> > knock limit <knock_limit>."),
    ErrorCode("gin.knock.openspiel_check", "{action}: OpenSpiel's 11-card deadwood figure is {deadwood} > knock limit {knock_limit}, so no knock is offered (knock_check)",
              "Move refused: OpenSpiel's 11-card deadwood figure is <deadwood> > knock limit <knock_limit>, so no knock is offered (knock_check)."),
    ErrorCode("gin.notation.unreadable", "cannot read {text!r} as a gin action (try: take, pass, draw, discard 7H, knock 7H, big gin, take knock, arrange ...)",
              "Notation refused: cannot read <text> as a gin action (try: take, pass, draw, discard 7H, knock 7H, big gin, take knock, arrange ...)."),
    ErrorCode("gin.phase.wrong", "{action}: not possible in the {phase} phase",
              "Move refused: not possible in the <phase> phase."),
    ErrorCode("gin.position.all_melded", "{outcome}: every card of the knocker is melded",
              "Position text refused: <outcome>: every card of the knocker is melded."),
    ErrorCode("gin.position.arrange_knock", "the arrange phase needs the knock discard (field 'knock')",
              "Position text refused: the arrange phase needs the knock discard (field 'knock')."),
    ErrorCode("gin.position.arrangement", "melds: not an arrangement the knocker may show under these rules (knocker_melds={knocker_melds}, knock limit {knock_limit})",
              "Position text refused: melds: not an arrangement the knocker may show under these rules (knocker_melds=<knocker_melds>, knock limit <knock_limit>)."),
    ErrorCode("gin.position.card_twice", "card {card} appears twice",
              "Position text refused: card <card> appears twice."),
    ErrorCode("gin.position.deal_fields", "during the deal only the hands are set (got {fields})",
              "Position text refused: during the deal only the hands are set (got <fields>)."),
    ErrorCode("gin.position.deal_sizes", "during the deal the non-dealer holds as many cards as the dealer or one more (10 each at most); got {sizes}",
              "Position text refused: during the deal the non-dealer holds as many cards as the dealer or one more (10 each at most); got <sizes>."),
    ErrorCode("gin.position.deal_turn", "during the deal 'turn' is the non-dealer, seat {nd}",
              "Position text refused: during the deal 'turn' is the non-dealer, seat <nd>."),
    ErrorCode("gin.position.discard_empty", "the discard pile cannot be empty at a draw decision",
              "Position text refused: the discard pile cannot be empty at a draw decision."),
    ErrorCode("gin.position.hand_sizes", "in the {phase} phase seat {turn} holds {holding} cards and the other 10; got {sizes}",
              "Position text refused: in the <phase> phase seat <turn> holds <holding> cards and the other 10; got <sizes>."),
    ErrorCode("gin.position.knock_deadwood", "the knocker's deadwood exceeds the knock limit",
              "Position text refused: the knocker's deadwood exceeds the knock limit."),
    ErrorCode("gin.position.knock_field", "a knock or gin needs the knock discard (field 'knock'); big gin has none",
              "Position text refused: a knock or gin needs the knock discard (field 'knock'); big gin has none."),
    ErrorCode("gin.position.knock_is_gin", "knock: a knock leaving no deadwood is gin",
              "Position text refused: knock: a knock leaving no deadwood is gin."),
    ErrorCode("gin.position.known", "known{i} lists cards that are not in hand{i}",
              "Position text refused: known<i> lists cards that are not in hand<i>."),
    ErrorCode("gin.position.limit_draws", "limit must be 0..10 and draws >= 0",
              "Position text refused: limit must be 0..10 and draws >= 0."),
    ErrorCode("gin.position.limit_draws_type", "limit and draws must be integers: {detail}",
              "Position text refused: limit and draws must be integers: <detail>."),
    ErrorCode("gin.position.meld_cards", "melds: {group} is not made of the knocker's remaining cards",
              "Position text refused: melds: <group> is not made of the knocker's remaining cards."),
    ErrorCode("gin.position.melds", "melds: {error}",
              "Position text refused: a card of the melds field cannot be read (``error`` says why)."),
    ErrorCode("gin.position.not_a_meld", "melds: {group} is not a meld",
              "Position text refused: melds: <group> is not a meld."),
    ErrorCode("gin.position.offer_discards", "during the first-upcard offer the discard pile is the single first upcard",
              "Position text refused: during the first-upcard offer the discard pile is the single first upcard."),
    ErrorCode("gin.position.one_card", "{key} is one card or -",
              "Position text refused: <key> is one card or -."),
    ErrorCode("gin.position.outcome", "a finished hand needs 'outcome': one of {outcomes}",
              "Position text refused: a finished hand needs 'outcome': one of <outcomes>."),
    ErrorCode("gin.position.over_field", "{key!r} is given for a finished hand only (phase: over)",
              "Position text refused: <key> is given for a finished hand only (phase: over)."),
    ErrorCode("gin.position.over_sizes", "after a {outcome} the hands hold {want} cards; got {sizes}",
              "Position text refused: after a <outcome> the hands hold <want> cards; got <sizes>."),
    ErrorCode("gin.position.phase", "phase must be one of {phases}",
              "Position text refused: phase must be one of <phases>."),
    ErrorCode("gin.position.phase_required", "position field 'phase' is required",
              "Position text refused: position field 'phase' is required."),
    ErrorCode("gin.position.stock_short", "the stock would hold {stock_size} cards; at least {min_stock} needed here",
              "Position text refused: the stock would hold <stock_size> cards; at least <min_stock> needed here."),
    ErrorCode("gin.position.taken_card", "taken must be a card in the hand of the seat to act (or its knock discard)",
              "Position text refused: taken must be a card in the hand of the seat to act (or its knock discard)."),
    ErrorCode("gin.position.taken_phase", "'taken' is only meaningful in a discard or arrange decision, not in the {phase} phase",
              "Position text refused: 'taken' is only meaningful in a discard or arrange decision, not in the <phase> phase."),
    ErrorCode("gin.position.turn", "in the {phase} phase seat {expected} is to act",
              "Position text refused: in the <phase> phase seat <expected> is to act."),
    ErrorCode("gin.position.void_field", "'void' is given for a void hand only",
              "Position text refused: 'void' is given for a void hand only."),
    ErrorCode("gin.position.void_melds", "a void hand has no knock and no melds",
              "Position text refused: a void hand has no knock and no melds."),
    ErrorCode("gin.position.void_reason", "a void hand needs 'void': the reason it was void",
              "Position text refused: a void hand needs 'void': the reason it was void."),
    ErrorCode("gin.position.wall_stock", "the wall happens only with 2 cards in the stock, not {stock_size}",
              "Position text refused: the wall happens only with 2 cards in the stock, not <stock_size>."),
    ErrorCode("gin.rules.big_gin_bonus", "GinRules.big_gin_bonus must be >= 0 or None",
              "A rules config refused: GinRules.big_gin_bonus must be >= 0 or None."),
    ErrorCode("gin.wall.must_knock", "after taking the upcard at the wall you must knock",
              "Move refused: after taking the upcard at the wall you must knock."),
    ErrorCode("gin.wall.take_knock", "taking the upcard at the wall needs a legal knock afterwards",
              "Move refused: taking the upcard at the wall needs a legal knock afterwards."),
    ErrorCode("hand.not_over", "the hand is not over",
              "The result of a hand asked for before the hand ended."),
    ErrorCode("hand.over", "{action}: the hand is over",
              "A move sent after the hand ended."),
    ErrorCode("match.over", "the match is over",
              "A hand asked for after the match ended."),
    ErrorCode("pinochle.action.unknown_kind", "unknown pinochle action kind {kind!r}",
              "Notation refused: unknown pinochle action kind <kind>."),
    ErrorCode("pinochle.action.wrong_type", "{action} is not a pinochle action (give a PinochleAction or its notation)",
              "Move refused: something other than a PinochleAction or its notation was applied."),
    ErrorCode("pinochle.card.not_in_pack", "{card} is not in the pinochle pack (A 10 K Q J 9 only)",
              "Notation refused: <card> is not in the pinochle pack (A 10 K Q J 9 only)."),
    ErrorCode("pinochle.card.twice", "card {card} is listed twice",
              "Notation refused: card <card> is listed twice."),
    ErrorCode("pinochle.card.unreadable", "not a pinochle card: {text!r} (expected e.g. ASa, 10♦b)",
              "Notation refused: not a pinochle card: <text> (expected e.g. ASa, 10♦b)."),
    ErrorCode("pinochle.cards.not_held", "{action}: you do not hold {missing}",
              "A Pinochle meld names several cards the mover does not hold; ``missing`` says which and how (a ``NotHeld``)."),
    ErrorCode("pinochle.chance.draw", "{action}: a card must be drawn from the stock now",
              "Move refused: a card must be drawn from the stock now."),
    ErrorCode("pinochle.chance.not_in_stock", "{action}: that card is not among the unseen cards of the stock",
              "Move refused: that card is not among the unseen cards of the stock."),
    ErrorCode("pinochle.chance.wrong_step", "{action}: the next chance step is a {step}",
              "Move refused: the next chance step is a <step>."),
    ErrorCode("pinochle.copies.not_held", "{action}: you do not hold the two {card:pretty}",
              "A Pinochle meld names both copies of a card and the mover holds neither."),
    ErrorCode("pinochle.copy.not_held", "{action}: you do not hold that copy of the {card:pretty} (you hold the other one)",
              "A Pinochle move names the copy of a card the mover does not hold while it holds the other copy."),
    ErrorCode("pinochle.declare_out.off", "declaring out is not allowed (option declare_out is off)",
              "Move refused: declaring out is not allowed (option declare_out is off)."),
    ErrorCode("pinochle.exchange.before_meld", "{action}: the dix exchange comes before the meld",
              "Move refused: the dix exchange comes before the meld."),
    ErrorCode("pinochle.exchange.first", "{action}: decide the dix exchange first (7.1: exchange before the meld)",
              "Move refused: decide the dix exchange first (7.1: exchange before the meld)."),
    ErrorCode("pinochle.exchange.not_dix", "{action}: only a dix (9 of trump) may be exchanged",
              "Move refused: only a dix (9 of trump) may be exchanged."),
    ErrorCode("pinochle.exchange.over", "{action}: the exchange step is over; meld or decline now",
              "Move refused: the exchange step is over; meld or decline now."),
    ErrorCode("pinochle.meld.concealed", "{action}: every meld must include a concealed card (meld_requires_hand_card)",
              "Under meld_requires_hand_card every meld must include a card from the hand."),
    ErrorCode("pinochle.meld.dix_scored", "{action}: that dix has already scored",
              "A dix may score only once."),
    ErrorCode("pinochle.meld.double_off", "{action}: double pinochle is not a meld (option double_pinochle_300 is off)",
              "Move refused: double pinochle is not a meld (option double_pinochle_300 is off)."),
    ErrorCode("pinochle.meld.double_pinochle", "{action}: a card that scored in a double pinochle may never score in a pinochle",
              "A card of a double pinochle may not score later in a pinochle."),
    ErrorCode("pinochle.meld.double_pinochles", "{action}: a double pinochle may include at most one earlier pinochle",
              "A double pinochle may reuse at most one earlier pinochle."),
    ErrorCode("pinochle.meld.double_scored", "{action}: a card has already scored in a double pinochle",
              "A double pinochle may not reuse a card that scored in one."),
    ErrorCode("pinochle.meld.once_per_trick", "{action}: at most one meld per trick won",
              "Move refused: at most one meld per trick won."),
    ErrorCode("pinochle.meld.run_royal", "{action}: a card that scored in a run may never score in a royal marriage",
              "A card of a run may not score later in a royal marriage."),
    ErrorCode("pinochle.meld.same_kind", "{action}: same kind never twice: a card has already scored in a {name}",
              "A card never scores twice in melds of the same kind."),
    ErrorCode("pinochle.meld.shape", "{action}: those cards do not form a {name}",
              "Move refused: those cards do not form a <name>."),
    ErrorCode("pinochle.notation.one_card", "{text!r}: {verb} takes one card (try: play QSa, exchange 9Ca, no exchange, meld pinochle QSa JDb, no meld, declare out)",
              "A Pinochle play or exchange written with other than one card."),
    ErrorCode("pinochle.notation.unreadable", "cannot read {text!r} as a pinochle action (try: play QSa, exchange 9Ca, no exchange, meld pinochle QSa JDb, no meld, declare out)",
              "Text that is not a Pinochle move."),
    ErrorCode("pinochle.play.now_exchange", "{action}: a card must be played now; an exchange is decided by the winner of a stage-1 trick, before the meld",
              "Move refused: a dix exchange sent while a card must be played."),
    ErrorCode("pinochle.play.now_meld", "{action}: a card must be played now; a meld is made by the winner of a stage-1 trick, once per trick won",
              "Move refused: a meld sent while a card must be played."),
    ErrorCode("pinochle.play.step_unfinished", "{action}: the trick winner must first finish the {phase} step",
              "Move refused: the trick winner must first finish the <phase> step."),
    ErrorCode("pinochle.position.cards_twice", "card(s) {cards} appear twice",
              "Position text refused: card(s) <cards> appear twice."),
    ErrorCode("pinochle.position.deal_fields", "during the deal only the hands are dealt (got {fields})",
              "Position text refused: during the deal only the hands are dealt (got <fields>)."),
    ErrorCode("pinochle.position.deal_sizes", "with {dealt} cards dealt in packets of four (non-dealer first) the hands hold {want}",
              "Position text refused: with <dealt> cards dealt in packets of four (non-dealer first) the hands hold <want>."),
    ErrorCode("pinochle.position.deal_turn", "turn: the next card goes to seat {seat}",
              "Position text refused: turn: the next card goes to seat <seat>."),
    ErrorCode("pinochle.position.declarer_field", "declarer is given for a finished hand only (phase: over)",
              "Position text refused: declarer is given for a finished hand only (phase: over)."),
    ErrorCode("pinochle.position.dix", "dix: only the 9s of trump are dixes",
              "Position text refused: dix: only the 9s of trump are dixes."),
    ErrorCode("pinochle.position.dix_scored", "a dix turned up or exchanged has scored: list it in 'dix'",
              "Position text refused: a dix turned up or exchanged has scored: list it in 'dix'."),
    ErrorCode("pinochle.position.exchange", "exchange phase: the trick winner cannot exchange a dix here (7.1)",
              "Position text refused: exchange phase: the trick winner cannot exchange a dix here (7.1)."),
    ErrorCode("pinochle.position.fill", "{key}: not enough unlisted cards to fill {extra}",
              "Position text refused: <key>: not enough unlisted cards to fill <extra>."),
    ErrorCode("pinochle.position.hand_sizes", "after {t} tricks in the {phase} phase the hands hold {want} cards; got {sizes}",
              "Position text refused: after <t> tricks in the <phase> phase the hands hold <want> cards; got <sizes>."),
    ErrorCode("pinochle.position.known", "known{seat} lists cards that are not concealed in hand{seat}",
              "Position text refused: known<seat> lists cards that are not concealed in hand<seat>."),
    ErrorCode("pinochle.position.lead_phase", "a card can be led only in the play phase",
              "Position text refused: a card can be led only in the play phase."),
    ErrorCode("pinochle.position.meld_kind", "records: unknown meld kind {name!r}; kinds: {kinds}",
              "Position text refused: records: unknown meld kind <name>; kinds: <kinds>."),
    ErrorCode("pinochle.position.negative", "{key} must be >= 0, got {value}",
              "Position text refused: <key> must be >= 0, got <value>."),
    ErrorCode("pinochle.position.not_number", "{key} must be a number, got {raw!r}",
              "Position text refused: <key> must be a number, got <raw>."),
    ErrorCode("pinochle.position.over", "a hand is over after 24 tricks, or when a player declared out (field 'declarer')",
              "Position text refused: a hand is over after 24 tricks, or when a player declared out (field 'declarer')."),
    ErrorCode("pinochle.position.phase", "phase must be one of {phases}, got {phase!r}",
              "Position text refused: phase must be one of <phases>, got <phase>."),
    ErrorCode("pinochle.position.points", "{key}: expected name=points, got {item!r}",
              "Position text refused: <key>: expected name=points, got <item>."),
    ErrorCode("pinochle.position.stage1_trumpcard", "in stage 1 the trump card lies under the stock (field 'trumpcard')",
              "Position text refused: in stage 1 the trump card lies under the stock (field 'trumpcard')."),
    ErrorCode("pinochle.position.stage2", "in stage 2 the trump card has been taken and no card is melded",
              "Position text refused: in stage 2 the trump card has been taken and no card is melded."),
    ErrorCode("pinochle.position.stock_count", "stock: {count} cards are unlisted, not {stock_raw}",
              "Position text refused: stock: <count> cards are unlisted, not <stock_raw>."),
    ErrorCode("pinochle.position.stock_size", "after {t} tricks in the {phase} phase the stock holds {want_stock} cards; got {stock}",
              "Position text refused: after <t> tricks in the <phase> phase the stock holds <want_stock> cards; got <stock>."),
    ErrorCode("pinochle.position.totals", "totals must be two numbers (the game totals before the hand), got {totals!r}",
              "Position text refused: totals must be two numbers (the game totals before the hand), got <totals>."),
    ErrorCode("pinochle.position.trick_count", "tricks: the won piles hold {t} tricks",
              "Position text refused: tricks: the won piles hold <t> tricks."),
    ErrorCode("pinochle.position.tricks_phase", "{t} tricks played do not fit the {phase} phase",
              "Position text refused: <t> tricks played do not fit the <phase> phase."),
    ErrorCode("pinochle.position.trump", "trump must be a suit letter S H D C, got {text!r}",
              "Position text refused: trump must be a suit letter S H D C, got <text>."),
    ErrorCode("pinochle.position.trump_required", "position field 'trump' (or 'trumpcard') is required",
              "Position text refused: position field 'trump' (or 'trumpcard') is required."),
    ErrorCode("pinochle.position.trumpcard_suit", "the trump card must be of the trump suit",
              "Position text refused: the trump card must be of the trump suit."),
    ErrorCode("pinochle.position.turn", "turn: seat {expected} acts in this position",
              "Position text refused: turn: seat <expected> acts in this position."),
    ErrorCode("pinochle.position.unlisted", "cards listed nowhere while the stock is listed: {cards}",
              "Position text refused: cards listed nowhere while the stock is listed: <cards>."),
    ErrorCode("pinochle.position.unrecorded", "melded cards need a record of the kinds they scored in: {cards}",
              "Position text refused: melded cards need a record of the kinds they scored in: <cards>."),
    ErrorCode("pinochle.position.won_piles", "won-tricks piles hold two cards per trick",
              "Position text refused: won-tricks piles hold two cards per trick."),
    ErrorCode("pinochle.solver.position", "the solver needs a stage-2 position with a player to act",
              "Move refused: the solver needs a stage-2 position with a player to act."),
    ErrorCode("pinochle.stage2.follow", "{action}: stage 2 must follow suit ({led:pretty} led)",
              "In stage 2 the follower must follow suit."),
    ErrorCode("pinochle.stage2.follow_beat", "{action}: stage 2 must follow suit and beat ({led:pretty} led and you hold a higher {suit})",
              "In stage 2 the follower must follow suit and beat the led card when it can."),
    ErrorCode("pinochle.stage2.no_meld", "{action}: no melds and no dix exchange in stage 2",
              "Move refused: no melds and no dix exchange in stage 2."),
    ErrorCode("pinochle.stage2.trump", "{action}: stage 2 must trump when void in the led suit ({led:pretty} led)",
              "In stage 2 a follower void in the led suit must trump."),
    ErrorCode("position.field_invalid", "{key}: {error}",
              "A position field whose value cannot be read; ``error`` is the card or build error that says why."),
    ErrorCode("position.field_required", "position field {key!r} is required",
              "A position lacks a required field."),
    ErrorCode("position.field_twice", "position field {key!r} given twice",
              "Position text refused: position field <key> given twice."),
    ErrorCode("position.line", "position line without 'key: value': {raw!r}",
              "Position text refused: position line without 'key: value': <raw>."),
    ErrorCode("position.not_flag", "{key} must be 0 or 1, got {raw!r}",
              "A position field that must be 0 or 1."),
    ErrorCode("position.not_text", "expected position text or dict, got {type_name}",
              "Position text refused: expected position text or dict, got <type_name>."),
    ErrorCode("position.unknown_field", "unknown position field {key!r}; known: {known}",
              "Position text refused: unknown position field <key>; known: <known>."),
    ErrorCode("record.action", "hand {hand}, action {step} ({text!r}): {error}",
              "A game record whose action does not replay; ``error`` is the refusal (its own code and params)."),
    ErrorCode("record.chance", "hand {hand}, action {step}: chance step {text!r} differs from the seeded deal ({expected})",
              "A game record that cannot be read or replayed: hand <hand>, action <step>: chance step <text> differs from the seeded deal (<expected>)."),
    ErrorCode("record.checksum", "record checksum mismatch: the record was altered or damaged",
              "A game record that cannot be read or replayed: record checksum mismatch: the record was altered or damaged."),
    ErrorCode("record.dealer", "bad dealer",
              "A game record that cannot be read or replayed: bad dealer."),
    ErrorCode("record.dealer_seed", "first dealer does not match the seed",
              "A game record that cannot be read or replayed: first dealer does not match the seed."),
    ErrorCode("record.field_missing", "record field {key} is missing",
              "A game record that cannot be read or replayed: record field <key> is missing."),
    ErrorCode("record.field_type", "record field {key!r} has the wrong type",
              "A game record that cannot be read or replayed: record field <key> has the wrong type."),
    ErrorCode("record.format", "not a cardtable record (format={format!r})",
              "A game record that cannot be read or replayed: not a cardtable record (format=<format>)."),
    ErrorCode("record.hand_points", "recorded hand points differ from the replay",
              "A game record that cannot be read or replayed: recorded hand points differ from the replay."),
    ErrorCode("record.hand_unfinished", "hand {hand}: hand {previous} did not finish",
              "A game record that cannot be read or replayed: hand <hand>: hand <previous> did not finish."),
    ErrorCode("record.hands_type", "record hands must be lists of action strings",
              "A game record that cannot be read or replayed: record hands must be lists of action strings."),
    ErrorCode("record.json", "record is not valid JSON: {detail}",
              "A game record that cannot be read or replayed: record is not valid JSON: <detail>."),
    ErrorCode("record.match_over", "hand {hand}, action {step}: the match is over",
              "A game record that cannot be read or replayed: hand <hand>, action <step>: the match is over."),
    ErrorCode("record.match_over_early", "hand {hand}: the match was already over",
              "A game record that cannot be read or replayed: hand <hand>: the match was already over."),
    ErrorCode("record.not_object", "record must be a JSON object",
              "A game record that cannot be read or replayed: record must be a JSON object."),
    ErrorCode("record.result", "recorded final result differs from the replay",
              "A game record that cannot be read or replayed: recorded final result differs from the replay."),
    ErrorCode("record.setup", "record cannot be set up: {detail}",
              "A game record that cannot be read or replayed: record cannot be set up: <detail>."),
    ErrorCode("record.too_long", "record is too long",
              "A game record that cannot be read or replayed: record is too long."),
    ErrorCode("record.version", "unsupported record version {version!r}",
              "A game record that cannot be read or replayed: unsupported record version <version>."),
    ErrorCode("rules.not_mapping", "{type_name}: expected a mapping of options",
              "A rules config refused: <type_name>: expected a mapping of options."),
    ErrorCode("rules.positional", "{type_name} takes options by keyword only",
              "A rules config refused: <type_name> takes options by keyword only."),
    ErrorCode("rules.unknown_option", "unknown {type_name} option(s): {unknown}; valid: {valid}",
              "A rules config refused: unknown <type_name> option(s): <unknown>; valid: <valid>."),
    ErrorCode("rules.unknown_preset", "unknown {type_name} preset {name!r}; presets: {presets}",
              "A rules config refused: unknown <type_name> preset <name>; presets: <presets>."),
    ErrorCode("rules.value", "{label} must {requirement} (option {option})",
              "A rules option left out (given ``None``) where a value is needed (``label`` and ``requirement`` are the option's own words)."),
    ErrorCode("rules.value_not", "{label} must {requirement} (option {option}), not {value}",
              "A rules option given a value out of its range or of the wrong type (``value`` is the given value as written, cut when long)."),
    ErrorCode("turn.none", "no seat is to play",
              "A player's move asked for when no seat is to play."),
)

CODES: Mapping[str, ErrorCode] = {entry.code: entry for entry in _ALL}
"""Every code, by its identifier."""
