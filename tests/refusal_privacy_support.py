"""Twin positions for the fair-play tests (issue #19): the same view for one seat, hidden cards elsewhere.

A hand is played with random moves and random chance, keeping its history as text. Its twin
replays that history with the cards the seat cannot see permuted among themselves (an opponent's
unknown card swapped with a stock card or another opponent's card), so every place a hidden card
can be changes and nothing the seat sees does; histories the rules reject (an opponent's earlier
move that the new cards would not allow) are drawn again. :func:`probes` lists, for each hidden
card, the move texts a seat could send that name it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from cardtable.apps.web.serialize import CARD_TOKEN, card_tokens, serialize_view
from cardtable.cards import Card
from cardtable.errors import CardtableError
from cardtable.pinochle.deck import card_text, format_mask, parse_card
from cardtable.pinochle.melds import KIND_NAMES, KINDS
from cardtable.registry import make_game

__all__ = ["CONFIGS", "Sample", "samples", "twin", "hidden", "places", "probes", "refusal", "view_json", "replay"]

CONFIGS: dict[str, tuple[str, dict[str, Any]]] = {
    "gin": ("gin", {}),
    "gin-openspiel": ("gin", {"preset": "openspiel"}),  # the knocker chooses which melds to lay (the arrange step)
    "casino2": ("casino", {}),
    "casino3": ("casino", {"num_players": 3}),
    "casino4": ("casino", {"num_players": 4}),
    "pinochle": ("pinochle", {}),
}
_UNIVERSE = {
    "gin": [str(Card.from_index(i)) for i in range(52)],
    "casino": [str(Card.from_index(i)) for i in range(52)],
    "pinochle": [card_text(i) for i in range(48)],
}


class Sample:
    """A decision point of a random hand: its game, rules options, dealer and history as text."""

    def __init__(self, config: str, dealer: int, history: list[str], phase: str) -> None:
        self.config = config
        self.game_name, self.options = CONFIGS[config]
        self.dealer = dealer
        self.history = history
        self.phase = phase

    def state(self) -> Any:
        return replay(self.game_name, self.options, self.dealer, self.history)

    def __repr__(self) -> str:
        return f"Sample({self.config}, {self.phase}, {len(self.history)} actions)"


def replay(game_name: str, options: dict[str, Any], dealer: int, history: list[str]) -> Any:
    """The hand after ``history`` (texts), dealt by ``dealer``; the rules refuse a history that cannot happen."""
    state = make_game(game_name, **options).new_hand(dealer)
    for text in history:
        state.apply(text)
    return state


def phase_of(state: Any) -> str:
    """The phase a sample stands for: Pinochle tells stage 1 leading, following, exchange, meld and stage 2."""
    phase = str(getattr(state, "phase", ""))
    if state.game_name == "pinochle":
        if state.stage == 2:
            return "stage2"
        if phase == "play":
            return "lead" if state.lead < 0 else "follow"
    if state.game_name == "gin" and phase in ("offer", "offer-dealer", "forced-draw"):
        return "first-upcard"
    if state.game_name == "casino":
        return "play-first-round" if getattr(state, "deal_number", 1) == 1 else "play-later"
    return phase


_RARE = ("arrange", "wall", "wall-knock", "exchange", "meld")
"""Phases sampled whenever a hand reaches them."""


def samples(config: str, seeds: range, per_phase: int = 2,
            pick: Callable[[Any, random.Random], Any] | None = None) -> Iterator[Sample]:
    """Decision points of random hands of ``config``, at most ``per_phase`` of each phase."""
    game_name, options = CONFIGS[config]
    game = make_game(game_name, **options)
    seen: dict[str, int] = {}
    for seed in seeds:
        rng = random.Random(seed)
        dealer = rng.randrange(game.num_players)
        state = game.new_hand(dealer)
        history: list[str] = []
        while not state.is_terminal():
            if state.is_chance_node():
                history.append(str(state.apply(state.sample_chance(rng))))
                continue
            phase = phase_of(state)
            if seen.get(phase, 0) < per_phase and (phase in _RARE or rng.random() < 0.35):
                seen[phase] = seen.get(phase, 0) + 1
                yield Sample(config, dealer, list(history), phase)
            move = pick(state, rng) if pick is not None else rng.choice(state.legal_actions())
            history.append(str(state.apply(move)))


def view_json(state: Any, seat: int) -> dict[str, Any]:
    return serialize_view(state.game_name, state.view(seat))


def hidden(state: Any, seat: int) -> list[str]:
    """Every card of the deck that ``seat``'s view does not show."""
    seen = card_tokens(view_json(state, seat))
    return [c for c in _UNIVERSE[state.game_name] if c not in seen]


def places(state: Any, cards: list[str]) -> set[str]:
    """The fields of the position that hold ``cards`` (``stock`` for a Gin card in no field: its stock is implied)."""
    fields = state.to_fields()
    out = set()
    for card in cards:
        out.add(next((k for k, v in fields.items() if card in CARD_TOKEN.findall(v)), "stock"))
    return out


def twin(sample: Sample, seat: int, rng: random.Random, tries: int = 60) -> Any | None:
    """A state whose view for ``seat`` is the sample's, with the cards hidden from ``seat`` elsewhere.

    ``None`` when the hidden cards all lie in one place (nothing can move), or when no permutation
    of them gives a history the rules allow (rare: an opponent's earlier build needs the cards it held).
    """
    state = sample.state()
    cards = hidden(state, seat)
    if len(places(state, cards)) < 2:
        return None
    want = view_json(state, seat)
    for _ in range(tries):
        moved = cards[:]
        rng.shuffle(moved)
        mapping = dict(zip(cards, moved, strict=True))
        history = [_renamed(text, mapping) for text in sample.history]
        try:
            other = replay(sample.game_name, sample.options, sample.dealer, history)
        except CardtableError:
            continue
        if other.to_position() == state.to_position() or view_json(other, seat) != want:
            continue
        return other
    return None


def _renamed(text: str, mapping: dict[str, str]) -> str:
    return CARD_TOKEN.sub(lambda m: mapping.get(m.group(0), m.group(0)), text)


def refusal(state: Any, text: str) -> tuple[str, str, str, str, tuple[tuple[str, Any], ...]]:
    """What the engine answers the seat to act that sends ``text``: error class, message, rule, code
    and params (issue 25: what a front end words in its own language); ``("legal", "", "", "", ())`` for
    a legal move (a hidden card is never in the mover's hand)."""
    probe = state.clone()
    try:
        probe.apply(text)
    except CardtableError as exc:
        params = tuple(sorted(exc.params.items(), key=lambda item: item[0]))
        return type(exc).__name__, str(exc), str(getattr(exc, "rule", "")), exc.code, params
    return "legal", "", "", "", ()


def probes(state: Any, card: str) -> list[str]:
    """Move texts naming the hidden ``card``: every verb of the game, typed forms, and moves that use it
    with the seat's own cards and the table's (captures, builds, melds, arrangements)."""
    game = state.game_name
    seat = state.current_player()
    view = state.view(seat)
    if game == "gin":
        out = [f"discard {card}", f"knock {card}", f"d {card}", f"k {card}", f"gin {card}", f"drawn {card}",
               f"deal {card}", f"discard {Card.parse(card).pretty()}"]
        arrange = next((a for a in state.legal_actions() if a.kind == "arrange"), None)
        if arrange is not None:
            melds = str(arrange).split()[1:] or [""]
            out.append("arrange " + " ".join([melds[0] + card, *melds[1:]]))
        return out
    if game == "casino":
        own = str(view.hand[0]) if view.hand else "AS"
        table = [str(c) for c in view.table] if hasattr(view, "table") else []
        loose = table[0] if table else "2C"
        out = [f"{card} trail", f"trail {card}", f"{card} x {loose}", f"{own} x {card}", f"{own} x {card}+{loose}",
               f"{card} b7 {loose}", f"{own} b9 {card}", f"{own} b10 {card} {loose}", f"deal {card}"]
        return out
    out = [f"play {card}", card, card[:2], f"play {card[:2]}", f"exchange {card}", f"draw {card}", f"deal {card}",
           f"turnup {card}"]
    out.extend(_meld_probes(state, seat, card))
    return out


def _meld_probes(state: Any, seat: int, card: str) -> list[str]:
    """Pinochle melds of every kind that use ``card``, the other cards taken from the seat's own hand
    when it holds them (else any copy), written with and without copy letters."""
    from cardtable.pinochle.melds import _GROUPS  # the slot pairs of each meld kind

    if state.trump < 0:
        return []
    own = 0
    view = state.view(seat)
    for c in (*view.hand, *view.melded):
        own |= 1 << parse_card(str(c))
    bit = 1 << parse_card(card)
    out = []
    for kind in KINDS:
        for group in _GROUPS.get((kind, state.trump), []):
            if not any(pair & bit for pair in group):
                continue
            mask = bit
            for pair in group:
                if pair & bit:
                    continue
                mine = pair & own
                pick = mine if mine else pair
                mask |= pick & -pick
            text = format_mask(mask)
            out.append(f"meld {KIND_NAMES[kind]} {text}")
            out.append(f"meld {KIND_NAMES[kind]} " + " ".join(t[:2] for t in text.split()))
    out.append("meld double-pinochle QSa QSb JDa JDb")
    return out
