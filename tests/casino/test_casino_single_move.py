"""The direct single-move check, the count and the lazy walk agree with the full enumeration.

Positions come from hypothesis: tables of up to 14 loose cards (many of them
low cards, the adversarial case for sums), builds made by playing random
moves from there, every rule variant and 2, 3 or 4 players. On each decision
the direct check (:meth:`CasinoState.can_apply`, :meth:`~CasinoState.parse_action`)
must accept exactly the listed moves, and the count, the lazy walk and the
ranked lookup must give the same set.
"""

from __future__ import annotations

import random

from casino_crowded_support import crowded_state
from casino_positions import variants
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardtable.cards import Card
from cardtable.casino import CasinoRules, CasinoState
from cardtable.casino.actions import TRAIL, CasinoAction, build, capture
from cardtable.casino.values import VALUE, bits

LOW = [c.index for r in range(1, 7) for c in (Card.from_index(s * 13 + r - 1) for s in range(4))]
ANY = list(range(52))


def near_misses(state: CasinoState, action: CasinoAction, rng: random.Random) -> list[CasinoAction]:
    """Moves that differ from a legal one by one card, one build or the value: mostly illegal."""
    if action.kind in ("trail", "deal"):
        return [capture(action.card, state.loose & -state.loose)] if state.loose else []
    full = state.rules.allow_duplicate_value_builds
    out = []
    refs = action.builds
    table = [b for b in state.builds]
    for _ in range(3):
        loose = action.loose ^ (1 << rng.choice(bits(state.loose))) if state.loose else action.loose
        if action.kind == "capture":
            out.append(capture(action.card, loose, refs, full))
        else:
            out.append(build(action.card, action.value, loose, refs, full))
    if action.kind == "build":
        for value in (action.value - 1, action.value + 1, action.value + VALUE[action.card.index]):
            out.append(build(action.card, value, action.loose, refs, full))
    if table:
        b = rng.choice(table)
        ref = (b.value, b.cards)
        more = tuple(r for r in refs if r != ref) if ref in refs else (*refs, ref)
        if action.kind == "capture":
            out.append(capture(action.card, action.loose, more, full))
        else:
            out.append(build(action.card, action.value, action.loose, more, full))
    return out


def unlisted(state: CasinoState) -> CasinoState:
    """A copy that has never listed its moves, so every check on it is the direct one."""
    fresh = state.clone()
    fresh._legal = None
    fresh._legal_index = None
    fresh._moves = None
    return fresh


def check_decision(listed: CasinoState, rng: random.Random) -> list[CasinoAction]:
    legal = listed.legal_actions()
    legal_set = set(legal)
    state = unlisted(listed)
    walked = list(state.iter_legal_actions())
    assert len(walked) == len(legal_set) == len(legal), "the walk lists every move once"
    assert set(walked) == legal_set
    assert state.legal_action_count() == len(legal)
    moves = state.moveset()
    assert moves.count() == len(legal)
    for i in rng.sample(range(len(walked)), min(len(walked), 20)):
        assert moves.at(i) == walked[i]
    sample = legal if len(legal) <= 60 else rng.sample(legal, 60)
    for a in sample:
        assert state.can_apply(a)
        canon = state.legal_form(a)
        assert canon == a and str(canon) == str(a)
        assert state.parse_action(str(a)) == a
        for miss in near_misses(state, a, rng):
            assert state.can_apply(miss) == (miss in legal_set), f"{miss} on\n{state.to_position()}"
    for ci in bits(state.hands[state.turn]):
        trail = TRAIL[ci]
        assert state.can_apply(trail) == (trail in legal_set)
    assert state._legal is None, "the checks above never listed the moves"
    return legal


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.sampled_from([2, 3, 4]),
    variant=st.integers(0, 7),
    low=st.sets(st.sampled_from(LOW), max_size=12),
    other=st.sets(st.sampled_from(ANY), max_size=4),
    seed=st.integers(0, 2**32 - 1),
)
def test_direct_check_matches_enumeration(players: int, variant: int, low: set[int], other: set[int], seed: int) -> None:
    options = variants(players)
    rules = CasinoRules(**options[variant % len(options)])
    rng = random.Random(seed)
    loose = 0
    for i in (low | other):
        loose |= 1 << i
    while loose.bit_count() > 14:
        loose &= loose - 1
    state = crowded_state(rules, loose, rng)
    for _ in range(6):
        if state.is_terminal() or state.is_chance_node():
            break
        legal = check_decision(state, rng)
        state.apply(legal[rng.randrange(len(legal))])


def test_direct_check_on_every_decision_of_random_hands() -> None:
    rng = random.Random(15)
    for players in (2, 3, 4):
        for options in variants(players)[:4]:
            state = CasinoState(CasinoRules(**options), dealer=0)
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply(state.sample_chance(rng))
                    continue
                legal = check_decision(state, rng) if rng.random() < 0.3 else state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
