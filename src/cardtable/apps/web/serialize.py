"""Views to JSON: everything a client gets about a hand comes from ``state.view(seat)``.

Cards become their notation (``QS``, ``ASa``); dataclasses become objects;
rules become their ``to_dict()``. Spectators get :func:`public_view`: the
views of all seats merged so that only what every seat knows is left (other
cards are written ``??``, a card back). Needs no web framework.

A Gin showdown (public to both seats once the hand is over) also gets
``layoff_steps`` (:func:`layoff_steps`), so the browser can lay the
defender's cards off one by one as the terminal app does.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence
from typing import Any

from ...cards import Card, PinochleCard, cards_to_mask, mask_to_cards
from ...errors import CardtableError
from .table_words import blocked_words

__all__ = ["to_jsonable", "serialize_view", "public_view", "card_tokens", "layoff_steps", "blocked_cards", "HIDDEN",
           "CARD_TOKEN"]

HIDDEN = "??"
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9])(?:[A2-9TJQK][SHDC][ab]?)(?![A-Za-z0-9])")
"""A card in notation inside any text (pinochle cards carry their copy letter)."""
_PRIVATE_KEYS = frozenset({"deadwood", "extras"})
_PLAIN = frozenset({str, int, bool, float, type(None)})
_FIELDS: dict[type, tuple[str, ...]] = {}
"""Field names of each dataclass type met (``dataclasses.fields`` is slow to ask at every view)."""
_RULES: dict[Any, Any] = {}
"""Rules as JSON by their value (frozen, hashable): a table's rules are in every view it sends."""
_RULES_MAX = 256


def to_jsonable(value: Any) -> Any:
    """Plain JSON data for a view value."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple or kind is list:
        return [v if type(v) in _PLAIN else to_jsonable(v) for v in value]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Card | PinochleCard):
        return str(value)
    groups = getattr(value, "groups", None)
    if hasattr(value, "controller") and isinstance(groups, tuple):  # a Casino build: groups are card masks
        return {
            "value": int(value.value),
            "controller": int(value.controller),
            "kind": str(value.kind),
            "groups": [[str(c) for c in mask_to_cards(g)] for g in groups],
        }
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict) and hasattr(value, "PRESETS"):  # rules: the same few at every table, never changed
        try:
            cached = _RULES.get(value)
        except TypeError:  # a field that cannot be hashed: no caching
            return to_jsonable(to_dict())
        if cached is None:
            if len(_RULES) >= _RULES_MAX:
                _RULES.clear()
            cached = _RULES[value] = to_jsonable(to_dict())
        return cached
    names = _FIELDS.get(kind)
    if names is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _FIELDS[kind] = tuple(f.name for f in dataclasses.fields(value))
    if names is not None:
        return {name: to_jsonable(getattr(value, name)) for name in names}
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_jsonable(v) for v in value]
    return str(value)


def serialize_view(game: str, view: Any) -> dict[str, Any]:
    """The view as JSON, plus ``extras`` a table needs that follow from the view alone (Gin melds)."""
    data: dict[str, Any] = to_jsonable(view)
    extras: dict[str, Any] = {}
    if game == "gin" and getattr(view, "hand", None):
        from ...gin.melds import canonical_arrangement, deadwood_cards

        hand = cards_to_mask(view.hand)
        melds = canonical_arrangement(hand)
        extras["melds"] = [[str(c) for c in _meld_order(mask_to_cards(m))] for m in melds]
        extras["deadwood_cards"] = [str(c) for c in mask_to_cards(deadwood_cards(hand, melds))]
        if len(view.hand) == 11:  # what the best discard would leave: can this hand knock or go gin?
            from ...gin.melds import deadwood

            after = {str(c): deadwood(hand & ~c.bit) for c in view.hand}
            extras["after_discard"] = after  # the deadwood left by each discard: why a knock is (not) allowed
            extras["best_after_discard"] = min(after.values())
    if game == "pinochle" and view.rules is not None and view.rules.declare_out:
        extras["claim"] = view.claim()  # what declaring out would claim now: public counts only
        extras["target"] = view.rules.target_score
    showdown = getattr(view, "showdown", None) if game == "gin" else None
    if showdown is not None and isinstance(data.get("showdown"), dict):  # only in a finished hand's view
        data["showdown"]["layoff_steps"] = layoff_steps(showdown)
    data["extras"] = extras
    return data


def layoff_steps(showdown: Any) -> list[dict[str, Any]]:
    """A Gin showdown's layoffs one card at a time, in the order laid off.

    Each step: ``card``; ``meld``, the index into ``knocker_melds`` it extends;
    ``onto``, that meld before the card and ``meld_after``, with it (in meld
    order, earlier layoffs included); ``deadwood_before``/``deadwood_after``,
    the defender's deadwood counting the cards not laid off yet (as the
    terminal app counts it; after the last step it is ``defender_deadwood``).
    Only showdown cards, all public once the hand is over.

    >>> from cardtable.gin.showdown import Showdown
    >>> from cardtable.cards import parse_cards
    >>> sd = Showdown("knock", (0, 0), knocker_melds=(tuple(parse_cards("3C 4C 5C")),),
    ...               layoffs=((parse_cards("6C")[0], 0),), defender_deadwood=4)
    >>> layoff_steps(sd)  # doctest: +NORMALIZE_WHITESPACE
    [{'card': '6C', 'meld': 0, 'onto': ['3C', '4C', '5C'], 'meld_after': ['3C', '4C', '5C', '6C'],
      'deadwood_before': 10, 'deadwood_after': 4}]
    """
    melds = [list(m) for m in showdown.knocker_melds]
    dead = showdown.defender_deadwood + sum(card.value for card, _ in showdown.layoffs)
    steps: list[dict[str, Any]] = []
    for card, index in showdown.layoffs:
        onto = _meld_order(melds[index])
        melds[index].append(card)
        steps.append({"card": str(card), "meld": index, "onto": [str(c) for c in onto],
                      "meld_after": [str(c) for c in _meld_order(melds[index])],
                      "deadwood_before": dead, "deadwood_after": dead - card.value})
        dead -= card.value
    return steps


_PLAY_VERB = {"gin": "discard", "pinochle": "play"}
_PLAY_PHASES = {"gin": ("discard", "wall-knock"), "pinochle": ("play",)}


def blocked_cards(game: str, state: Any, hand: Iterable[str], legal: Sequence[dict[str, Any]],
                  rules: dict[str, str] | None = None, *, lang: str = "en") -> dict[str, str]:
    """Why each card of ``hand`` that no legal move uses cannot be played now, in the engine's words (in
    ``lang``: :func:`.table_words.blocked_words`).

    Gin (discarding) and Pinochle (playing to a trick) only: the card taken from the discard pile,
    the stage-2 duty to follow suit and head the trick. The rule number is left out of the words;
    ``rules``, when given, gets each such card's rule as the engine cites it.
    """
    verb = _PLAY_VERB.get(game)
    phase = getattr(state.view(state.current_player()), "phase", None) if verb else None
    if verb is None or phase not in _PLAY_PHASES[game]:
        return {}
    used = {c for a in legal for c in a["cards"]}
    out: dict[str, str] = {}
    for card in sorted(set(hand) - used):
        try:
            error = state.explain_illegal(state.parse_action(f"{verb} {card}"))
        except CardtableError:
            continue
        rule = getattr(error, "rule", None)
        if rules is not None and isinstance(rule, str) and rule:
            rules[card] = rule
        if lang != "en":
            out[card] = blocked_words(error, f"{verb} {card}", lang)
            continue
        reason = str(error).split(": ", 1)[-1]
        out[card] = re.sub(r"\s*\[[^\]]*\]\s*$", "", reason)
    return out


def _meld_order(cards: list[Card]) -> list[Card]:
    if len({c.rank for c in cards}) == 1:
        return sorted(cards, key=lambda c: c.suit)
    return sorted(cards, key=lambda c: c.rank)


def card_tokens(data: Any) -> set[str]:
    """Every card notation found anywhere in JSON data (keys and strings)."""
    out: set[str] = set()
    _collect(data, out)
    return out


def _collect(data: Any, out: set[str]) -> None:
    if isinstance(data, str):
        out.update(CARD_TOKEN.findall(data))
    elif isinstance(data, dict):
        for k, v in data.items():
            _collect(k, out)
            _collect(v, out)
    elif isinstance(data, list | tuple):
        for v in data:
            _collect(v, out)


def public_view(views: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What a spectator may see: seat 0's serialized view with every card the table does not show hidden.

    A card is shown when every seat sees it, except the cards each seat knows of
    the other's hand by working it out (Pinochle's stage 2: ``opponent_hand``),
    which are still face down on the table until the hand is scored; cards
    taken openly (``opponent_known``) stay shown. ``events`` (the move logs)
    are merged entry by entry: an entry that reads differently from different
    seats is hidden as a whole.
    """
    public = set.intersection(*(card_tokens(v) for v in views)) if views else set()
    if not any(_scored(v) for v in views):
        face_down = set().union(*(card_tokens(v.get("opponent_hand")) for v in views))
        shown = set().union(*(card_tokens(v.get("opponent_known")) for v in views))
        public = (public - face_down) | (public & shown)
    base = views[0]
    out = {k: v for k, v in base.items() if k not in _PRIVATE_KEYS}
    out["seat"] = None
    out["extras"] = {}
    if all(isinstance(v.get("events"), list) for v in views):
        logs = [v["events"] for v in views]
        merged = [e[0] if all(x == e[0] for x in e) else HIDDEN for e in zip(*logs)]
        out["events"] = merged
    return _mask(out, public)  # type: ignore[no-any-return]


def _scored(view: dict[str, Any]) -> bool:
    """The hand of this view is over and scored: every hand is laid open (a Gin showdown, Pinochle points)."""
    return view.get("showdown") is not None or view.get("points") is not None


def _mask(data: Any, public: set[str]) -> Any:
    if isinstance(data, str):
        return CARD_TOKEN.sub(lambda m: m.group(0) if m.group(0) in public else HIDDEN, data)
    if isinstance(data, dict):
        return {k: _mask(v, public) for k, v in data.items()}
    if isinstance(data, list):
        return [_mask(v, public) for v in data]
    return data
