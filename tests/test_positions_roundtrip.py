"""Every state reachable in play has a position: ``from_position(state.to_position())`` is the same state.

Hypothesis plays random hands of every game under several rule sets; at every state (chance
steps, decisions and the finished hand) the position is written, read back and compared:

* the same position text again, the same player to act, legal actions, returns and terminal flag;
* the same view for every seat, apart from the action history (``events`` and the logs built from
  it), which a position does not carry;
* the same further play: the next action applied to both gives the same position again, and from
  one state of each hand both are played out with the same random choices to the same result.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable import make_game
from cardtable.agents import make_agent
from cardtable.core import Game, GameState

HISTORY_FIELDS = {
    "gin": ("events", "upcard_decisions"),
    "casino": ("events",),
    "pinochle": ("events", "tricks", "melds"),
}

CONFIGS = [
    ("gin", "standard", {}),
    ("gin", "openspiel", {}),
    ("gin", "oklahoma", {"stock_end": "wall"}),
    ("gin", "classic", {"discard_taken_card": True, "knocker_melds": "within-limit"}),
    ("casino", "standard", {}),
    ("casino", "classic", {"num_players": 3}),
    ("casino", "standard", {"num_players": 4}),
    ("casino", "standard", {"num_players": 4, "partnerships": False, "allow_duplicate_value_builds": True}),
    ("casino", "standard", {"num_players": 4, "build_for_partner": True, "court_capture": "all"}),
    ("pinochle", "standard", {}),
    ("pinochle", "hoyle", {}),
    ("pinochle", "standard", {"declare_out": True}),
    ("pinochle", "standard", {"counting": "modern", "double_pinochle_300": True, "declare_out": True}),
]


def public_view(state: GameState[Any, Any, Any], seat: int, game: str) -> Any:
    view = state.view(seat)
    return dataclasses.replace(view, **{name: () for name in HISTORY_FIELDS[game]})


def assert_same(original: GameState[Any, Any, Any], loaded: GameState[Any, Any, Any], game: str) -> None:
    text = original.to_position()
    assert loaded.to_position() == text
    assert loaded.current_player() == original.current_player(), text
    assert loaded.is_terminal() == original.is_terminal(), text
    assert [str(a) for a in loaded.legal_actions()] == [str(a) for a in original.legal_actions()], text
    assert loaded.returns() == original.returns(), text
    for seat in range(original.num_players):
        assert public_view(loaded, seat, game) == public_view(original, seat, game), f"seat {seat}\n{text}"


EAGER = {"knock", "take knock", "big gin", "arrange", "meld", "exchange", "capture", "build"}


def next_action(state: GameState[Any, Any, Any], rng: random.Random, agent: Any = None, eager: bool = False) -> Any:
    """A chance outcome, or a decision: random, the ``easy`` player's (reaches knocks, builds, melds),
    or ``eager``: any knock, meld, exchange, capture or build at random as soon as there is one."""
    if state.is_chance_node():
        return state.sample_chance(rng)
    legal = state.legal_actions()
    keen = [a for a in legal if a.kind in EAGER] if eager else []
    if keen:
        return rng.choice(keen)
    if agent is not None:
        return agent.act(state.view(state.current_player()), legal)
    return rng.choice(legal)


def play_out(state: GameState[Any, Any, Any], seed: int) -> list[int]:
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(next_action(state, rng))
    return state.returns()


def round_trip_hand(game: Game[Any, Any], name: str, seed: int) -> int:
    rng = random.Random(seed)
    state = game.new_hand(dealer=rng.randrange(game.num_players))
    rollout_at = rng.randrange(120)
    agent = make_agent(name, "easy", seed=seed) if seed % 3 else None
    eager = seed % 3 == 2
    steps = 0
    while True:
        loaded = game.from_position(state.to_position())
        assert_same(state, loaded, name)
        if steps == rollout_at or state.is_terminal():
            assert play_out(loaded.clone(), seed) == play_out(state.clone(), seed)
        if state.is_terminal():
            return steps
        action = next_action(state, rng, agent, eager)
        state.apply(action)
        loaded.apply(action)
        assert loaded.to_position() == state.to_position()
        steps += 1


@pytest.mark.parametrize(("name", "preset", "options"), CONFIGS, ids=[f"{g}-{p}-{o}" for g, p, o in CONFIGS])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_every_reachable_state_round_trips(name: str, preset: str, options: dict[str, Any], seed: int) -> None:
    game = make_game(name, preset, **options)
    assert round_trip_hand(game, name, seed) > 0
