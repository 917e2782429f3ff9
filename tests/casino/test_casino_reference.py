"""legal_actions() against the naive reference generator on thousands of random positions."""

from __future__ import annotations

import random

import pytest
from casino_positions import play_random, random_position, variants
from casino_reference import key_of, reference_moves

from cardtable.casino import CasinoGame, CasinoRules, CasinoState


def check(state: CasinoState) -> None:
    legal = state.legal_actions()
    got = [key_of(a) for a in legal]
    assert len(set(got)) == len(got), "duplicate legal actions"
    want = reference_moves(state)
    assert set(got) == want, (
        f"\n{state.to_position()}\nextra: {set(got) - want}\nmissing: {want - set(got)}"
    )
    assert legal == sorted(legal, key=lambda a: a.sort_key), "legal actions not in canonical order"
    assert legal, "a legal move always exists (7.4.3)"


def small(state: CasinoState) -> bool:
    return len([c for c in state.table if c.rank <= 10]) <= 8 and len(state.builds) <= 3


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_play_positions_match_reference(n: int) -> None:
    rng = random.Random(100 + n)
    checked = 0
    for options in variants(n):
        game = CasinoGame(CasinoRules(**options))
        for _ in range(10):
            def visit(state: CasinoState) -> None:
                nonlocal checked
                if small(state):
                    check(state)
                    checked += 1

            play_random(game.new_hand(rng.randrange(n)), rng, visit)
    assert checked > 1500


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_synthetic_positions_match_reference(n: int) -> None:
    rng = random.Random(7 * n)
    for options in variants(n):
        rules = CasinoRules(**options)
        for i in range(150):
            check(random_position(rng, rules, max_loose=6 + i % 3, max_builds=3 + i % 2))
