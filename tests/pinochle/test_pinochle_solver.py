"""The stage-2 solver against brute-force minimax on small endings, and on states."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pinochle_support import game, pos, step

from cardtable.errors import IllegalActionError
from cardtable.pinochle.deck import card_points, iter_bits
from cardtable.pinochle.solver import SearchTimeout, Solver, canonical, solve, solve_hands
from cardtable.pinochle.tricks import follower_wins, stage2_options


def brute(mover: int, other: int, trump: int, pts: tuple[int, ...], lead: int = -1) -> int:
    """Plain minimax over physical cards: value for the player to move (the solver's objective)."""
    if lead < 0:
        if not mover:
            return 0
        return max(-brute(other, mover & ~(1 << c), trump, pts, c) for c in iter_bits(mover))
    best = -10**9
    for c in iter_bits(stage2_options(mover, lead, trump)):
        rest = mover & ~(1 << c)
        p = pts[lead] + pts[c] + (0 if rest else 10)
        v = p + brute(rest, other, trump, pts) if follower_wins(lead, c, trump) else -p - brute(other, rest, trump, pts)
        best = max(best, v)
    return best


def _ending(seed: int, n: int, suits: int) -> tuple[int, int, int, int, int]:
    rng = random.Random(seed)
    chosen = rng.sample(range(4), suits)
    cards = [s * 12 + i for s in chosen for i in range(12)]
    rng.shuffle(cards)
    a = sum(1 << c for c in cards[:n])
    b = sum(1 << c for c in cards[n:2 * n])
    return a, b, rng.randrange(4), cards[2 * n], cards[2 * n + 1]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 5), st.integers(1, 4),
       st.sampled_from(["simple", "classic", "modern"]))
def test_solver_matches_brute_force(seed: int, n: int, suits: int, counting: str) -> None:
    if suits * 12 < 2 * n + 2:
        suits = 4
    a, b, trump, lead, extra = _ending(seed, n, suits)
    pts = card_points(counting)
    value, card = solve_hands(a, b, trump, counting=counting)
    assert value == brute(a, b, trump, pts)
    # the move returned achieves the value
    assert a >> card & 1
    assert -brute(b, a & ~(1 << card), trump, pts, card) == value
    follower = a | (1 << extra)
    value, card = solve_hands(follower, b, trump, lead=lead, counting=counting)
    assert value == brute(follower, b, trump, pts, lead)
    assert card in set(iter_bits(stage2_options(follower, lead, trump)))


def test_canonical_copies() -> None:
    assert canonical(0b10) == 0b01 and canonical(0b11) == 0b11 and canonical(0b1000) == 0b0100


def test_solve_state_and_objective() -> None:
    s = pos("dealer: 1; leader: 0; trump: C; trumpcard: -; won0: 22; won1: 22; hand0: ASa 9Ha; hand1: TSa KHa")
    value, move = solve(s)
    assert (value, str(move)) == (25, "play 9Ha")  # 9H loses 5, then A♠ takes 10♠ and the last trick
    assert s.can_apply(move)


def test_solve_mid_trick() -> None:
    s = pos("dealer: 1; leader: 0; trump: H; trumpcard: -; won0: 22; won1: 22; lead: ASa;"
            "hand0: 9Ha; hand1: TSa KHa")
    value, move = solve(s)
    assert str(move) == "play TSa" and value == -(10 + 10) + (5 + 0 + 10)


def test_solver_value_is_the_real_outcome() -> None:
    """Both sides playing the solver's moves: the mover gets exactly the promised difference."""
    rng = random.Random(4)
    for _ in range(3):
        state = game().new_hand(rng.randrange(2))
        while not (state.stage == 2 and state.ntricks == 17 and state.lead < 0):
            step(state, rng)
        mover = state.current_player()
        before = [state.card_points_of(0), state.card_points_of(1)]
        value, _ = solve(state)
        while not state.is_terminal():
            state.apply(solve(state).move)
        gained = [state.counters[i] - before[i] for i in (0, 1)]
        assert gained[mover] - gained[1 - mover] == value


def test_solver_needs_stage2() -> None:
    s = pos("dealer: 0; leader: 1; trumpcard: KSb; hand1: 12; hand0: 12")
    with pytest.raises(IllegalActionError):
        solve(s)
    with pytest.raises(ValueError):
        solve_hands(0b1, 0b1100, 0)


def test_solver_reuse_keeps_table() -> None:
    solver = Solver(0)
    a, b = 0b1010101 << 12, 0b1010101 << 24
    v1 = solve_hands(a, b, 0, solver=solver)
    v2 = solve_hands(a, b, 0, solver=solver)
    assert v1 == v2 and solver.table


# --- deadline -------------------------------------------------------------------------------------------


def _stage2_start(seed: int) -> tuple[int, int, int]:
    """Canonical hands (player to lead, other) and trump of the first stage-2 trick of a random hand."""
    rng = random.Random(seed)
    state = game().new_hand(seed % 2)
    while not (state.stage == 2 and state.phase == "play"):
        step(state, rng)
    seat = state.current_player()
    return canonical(state.hand(seat)), canonical(state.hand(1 - seat)), state.trump


@pytest.mark.serial  # timing-sensitive: run alone, see pyproject's markers
def test_deadline_cuts_a_hard_search_short() -> None:
    me, opp, trump = _stage2_start(9)  # about 140,000 nodes uncapped
    solver = Solver(trump)
    try:
        root = solver.root(me, opp, deadline=time.perf_counter() + 0.01)
    except SearchTimeout:
        root = None
    assert root is None or (not root.complete and me >> root.card & 1)
    assert solver.nodes < 100_000
    assert solver.deadline == float("inf")  # reset for the calls that follow


def test_aborted_searches_keep_the_table_valid() -> None:
    """Searches stopped every 1024 nodes (a deadline already past) resume from the table to the exact result."""
    me, opp, trump = _stage2_start(13)
    fresh = Solver(trump).root(me, opp)
    solver = Solver(trump)
    aborts, root = 0, None
    while root is None or not root.complete:
        try:
            root = solver.root(me, opp, deadline=0.0)
        except SearchTimeout:
            root = None
        aborts += 1
        assert aborts < 1000
    assert aborts > 10
    assert root == fresh


def test_generous_deadline_changes_nothing() -> None:
    """The same results as without a deadline, leading and following, on a few 12-trick positions."""
    for seed in range(3):
        me, opp, trump = _stage2_start(seed)
        assert Solver(trump).root(me, opp, deadline=time.perf_counter() + 600) == Solver(trump).root(me, opp)
        lead = next(iter_bits(opp)) & ~1
        rest = opp ^ (2 << lead) if opp >> (lead + 1) & 1 else opp ^ (1 << lead)
        capped = Solver(trump).root(me, rest, lead, deadline=time.perf_counter() + 600)
        assert capped == Solver(trump).root(me, rest, lead)
