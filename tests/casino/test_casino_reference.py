"""legal_actions() against the naive reference generator on thousands of random positions."""

from __future__ import annotations

import random

import pytest
from casino_positions import play_random, random_position, variants
from casino_reference import key_of, reference_moves

from cardtable.cards import Card
from cardtable.casino import CasinoAction, CasinoGame, CasinoRules, CasinoState
from cardtable.casino.actions import TRAIL, build, capture
from cardtable.casino.values import bits


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


def candidates(state: CasinoState, rng: random.Random) -> list[CasinoAction]:
    """Random trails, captures and builds of the mover's cards, most of them illegal."""
    full = state.rules.allow_duplicate_value_builds
    loose = bits(state.loose)
    refs = [(b.value, b.cards) for b in state.builds]
    out: list[CasinoAction] = []
    for ci in bits(state.hands[state.turn]):
        card = Card.from_index(ci)
        out.append(TRAIL[ci])
        for _ in range(6):
            lx = sum(1 << i for i in loose if rng.random() < 0.4)
            bx = tuple(r for r in refs if rng.random() < 0.4)
            out.append(capture(card, lx, bx, full))
            out.append(build(card, rng.randint(0, 12), lx, bx, full))
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_illegal_move_names_a_specific_rule(n: int) -> None:
    rng = random.Random(50 + n)
    generic = {"7.1", "7.2", "7.3.6"}
    for options in variants(n):
        rules = CasinoRules(**options)
        for _ in range(40):
            state = random_position(rng, rules)
            legal = set(state.legal_actions())
            for a in candidates(state, rng):
                if a not in legal:
                    err = state.explain_illegal(a)
                    assert err.rule not in generic, f"{a}: {err}\n{state.to_position()}"
                    assert not state.can_apply(a)
