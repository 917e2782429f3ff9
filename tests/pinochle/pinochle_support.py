"""Helpers shared by the Pinochle tests: positions from short texts, legal-action sets, random play."""

from __future__ import annotations

import random
from typing import Any

from cardtable.pinochle import PinochleGame, PinochleRules, PinochleState


def game(**options: Any) -> PinochleGame:
    return PinochleGame(PinochleRules(**options))


def pos(text: str, **options: Any) -> PinochleState:
    """The position written ``text`` (``;`` separates fields) under the standard rules plus ``options``."""
    return game(**options).from_position(text)


def again(state: PinochleState, **options: Any) -> PinochleState:
    """The player who just melded wins another trick: the same cards, back at the meld step."""
    fields = state.to_fields()
    fields["phase"] = "meld"
    return PinochleGame(state.rules.replace(**options)).from_position(fields)


def legal(state: PinochleState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def melds(state: PinochleState) -> set[str]:
    return {str(a) for a in state.legal_actions() if a.kind == "meld"}


def step(state: PinochleState, rng: random.Random) -> None:
    """One random legal action (chance or decision)."""
    if state.is_chance_node():
        state.apply(state.sample_chance(rng))
    else:
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])


def random_hand(rng: random.Random, dealer: int = 0, **options: Any) -> PinochleState:
    state = game(**options).new_hand(dealer)
    while not state.is_terminal():
        step(state, rng)
    return state
