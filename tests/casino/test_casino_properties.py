"""Property tests (hypothesis): the invariants of casino.md section 12 over random hands and matches."""

from __future__ import annotations

import random

from casino_positions import variants
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable import GameRecord, Match
from cardtable.agents import RandomAgent
from cardtable.casino import CasinoGame, CasinoRules, CasinoState
from cardtable.casino.values import VALUE, bits, held_values

FULL = (1 << 52) - 1
SPADES = (1 << 13) - 1

configs = st.tuples(st.sampled_from([2, 3, 4]), st.integers(0, 20), st.integers(0, 2**32 - 1))


def rules_for(n: int, k: int) -> CasinoRules:
    options = variants(n)
    return CasinoRules(**options[k % len(options)])


def check_invariants(state: CasinoState, previous: list[object]) -> None:
    masks = [*state.hands, state.loose, state.pack, *state.captured, *(b.cards for b in state.builds)]
    union = 0
    for m in masks:
        assert not union & m, "a card is in two places"
        union |= m
    assert union == FULL and sum(m.bit_count() for m in masks) == 52  # 12.1
    values = [b.value for b in state.builds]
    for b in state.builds:
        b.check()  # 12.2
        assert (b.kind == "single") == (sum(VALUE[i] for i in bits(b.cards)) == b.value)  # 12.3
        assert held_values(state.hands[b.controller]) >> b.value & 1, "controller holds the value (12.4)"
        for old in previous:
            if old.kind == "multiple" and old.cards & ~b.cards == 0:  # type: ignore[attr-defined]
                assert old.value == b.value, "a multiple build never changes value (12.6)"  # type: ignore[attr-defined]
    if not state.rules.allow_duplicate_value_builds:
        assert len(set(values)) == len(values)  # 12.5
    if state.current_player() >= 0:
        legal = state.legal_actions()
        assert legal  # 12.8
        if state.controlled_by(state.turn):
            assert not any(a.kind == "trail" for a in legal)  # 12.7
        n = state.num_players
        order = [(state.dealer + 1 + k) % n for k in range(n)]
        t = order.index(state.turn)
        sizes = [state.hands[s].bit_count() for s in order]
        assert sizes == [sizes[t] - 1] * t + [sizes[t]] * (n - t)  # 12.11


def play(state: CasinoState, rng: random.Random) -> int:
    moves = 0
    previous: list[object] = []
    while not state.is_terminal():
        check_invariants(state, previous)
        previous = list(state.builds)
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        if not action.is_chance:
            moves += 1
            for seat in range(state.num_players):
                view = state.view(seat)
                others = state.pack
                for s in range(state.num_players):
                    if s != seat:
                        others |= state.hands[s]
                shown = {c.index for c in view.hand} | {c.index for c in view.table}
                for b in view.builds:
                    shown |= set(bits(b.cards))
                for pile in view.captured:
                    shown |= {c.index for c in pile}
                assert not shown & set(bits(others)), "a view shows another hand or the pack"
        before = state.clone()
        state.apply(action)
        if action.kind == "build":
            check_build_result(before, state, action)
    return moves


def check_build_result(before: CasinoState, after: CasinoState, action: object) -> None:
    """All of Bx, Lx and c become one build of value V (7.3.6 Result), controlled by the mover or their partner."""
    a = action
    seat = before.turn
    new = [b for b in after.builds if b not in before.builds]
    assert len(new) == 1
    (b,) = new
    assert b.cards == a.card.bit | a.loose | a.builds_mask  # type: ignore[attr-defined]
    assert b.value == a.value  # type: ignore[attr-defined]
    holds = held_values(after.hands[seat]) >> b.value & 1
    assert b.controller == (seat if holds else (seat + 2) % 4)
    gone = {m for _, m in a.builds}  # type: ignore[attr-defined]
    assert [x for x in before.builds if x.cards not in gone] == [x for x in after.builds if x is not b]


@settings(max_examples=150, deadline=None)
@given(configs)
def test_hand_invariants_and_scoring(config: tuple[int, int, int]) -> None:
    n, k, seed = config
    rules = rules_for(n, k)
    rng = random.Random(seed)
    state = CasinoGame(rules).new_hand(rng.randrange(n))
    moves = play(state, rng)
    assert moves == 48, "every card but the 4 first table cards is played once; the hand always ends"
    assert not state.builds, "no build survives the hand (7.4.3)"
    assert state.card_count() == 52 and not state.loose and not state.pack and not any(state.hands)
    assert sum(p.bit_count() for p in state.captured) == 52
    cards = [p.bit_count() for p in state.captured]
    spades = [(p & SPADES).bit_count() for p in state.captured]
    tied = [int(x.count(max(x)) > 1) for x in (cards, spades)]
    scores = state.scores
    assert scores is not None
    assert sum(s.non_sweep for s in scores) == 11 - 3 * tied[0] - tied[1]
    assert [s.sweep_points for s in scores] == [sw * rules.sweep_points for sw in state.sweeps]
    if rules.num_sides == 2:
        assert tied[1] == 0


@settings(max_examples=25, deadline=None)
@given(configs, st.integers(1, 60))
def test_clones_are_independent(config: tuple[int, int, int], steps: int) -> None:
    n, k, seed = config
    rng = random.Random(seed)
    state = CasinoGame(rules_for(n, k)).new_hand(0)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    before = state.clone()
    snapshot = (list(state.hands), state.loose, state.builds, list(state.captured), list(state.history), state.events())
    copy = state.clone()
    while not copy.is_terminal():
        legal = copy.legal_actions()
        copy.apply(legal[rng.randrange(len(legal))])
    assert state == before
    assert (list(state.hands), state.loose, state.builds, list(state.captured), list(state.history), state.events()) == snapshot


@settings(max_examples=12, deadline=None)
@given(st.sampled_from([2, 3, 4]), st.integers(0, 2**31 - 1), st.booleans())
def test_records_replay(n: int, seed: int, classic: bool) -> None:
    match = Match("casino", seed=seed, preset="classic" if classic else "standard", num_players=n)
    outcome = match.play([RandomAgent(seed + i) for i in range(n)])
    top = max(outcome.final_totals)
    assert top >= match.game.rules.target_score and list(outcome.final_totals).count(top) == 1
    record = GameRecord.loads(match.record().dumps())
    again = record.replay()
    assert again.totals == match.totals and again.state == match.state
    assert [h.actions for h in again.hands] == [h.actions for h in match.hands]
