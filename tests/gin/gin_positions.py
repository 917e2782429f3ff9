"""Helpers shared by the Gin Rummy tests: positions from short card lists, random play."""

from __future__ import annotations

import random

from cardtable.cards import Card, full_deck, parse_cards
from cardtable.gin import GinGame, GinRules, GinState


def rules(preset: str = "standard", **options: object) -> GinRules:
    return GinRules.preset(preset, **options)


def position(
    hand0: str,
    hand1: str,
    *,
    phase: str = "discard",
    turn: int = 0,
    dealer: int = 0,
    discard: str = "",
    stock: int | None = None,
    preset: str = "standard",
    game_rules: GinRules | None = None,
    **extra: str,
) -> GinState:
    """A position from the two hands. ``discard`` is the pile bottom to top (its last card is the upcard).

    With ``stock=N`` the pile is padded underneath with unused cards so that exactly N are left in
    the stock. Further position fields (``taken``, ``upcard``, ``limit``, ...) pass through.
    """
    used = {*parse_cards(hand0), *parse_cards(hand1), *parse_cards(discard)}
    if "knock" in extra:
        used.add(Card.parse(extra["knock"]))
    pile = parse_cards(discard) if discard else []
    if stock is not None:
        free = [c for c in full_deck() if c not in used]
        pad = len(free) - stock
        assert pad >= 0, "not enough cards for that stock size"
        pile = free[:pad] + pile
    lines = [
        f"dealer: {dealer}",
        f"phase: {phase}",
        f"turn: {turn}",
        f"hand0: {hand0}",
        f"hand1: {hand1}",
        f"discard: {' '.join(map(str, pile)) or '-'}",
    ]
    lines += [f"{k}: {v}" for k, v in extra.items()]
    game = GinGame(game_rules if game_rules is not None else GinRules.preset(preset))
    return game.from_position("\n".join(lines))


def play_random(state: GinState, rng: random.Random, max_steps: int = 20_000) -> GinState:
    """Play random legal actions (chance via ``sample_chance``) to the end of the hand."""
    for _ in range(max_steps):
        if state.is_terminal():
            return state
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("hand did not end")


def deal_sequence(cards: str) -> list[str]:
    """Chance actions dealing ``cards`` in order (20 hand cards then the first upcard)."""
    return [f"deal {c}" for c in parse_cards(cards)]
