"""Pinochle computer players: legal in every decision, no peeking, optimal stage 2, explain, strength."""

from __future__ import annotations

import ast
import inspect
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from agents_support import decision_points

from cardtable.agents import AGENT_LEVELS, make_agent
from cardtable.agents.pinochle.easy import EasyPinochleAgent
from cardtable.agents.pinochle.hard import HardPinochleAgent
from cardtable.agents.pinochle.medium import MediumPinochleAgent
from cardtable.agents.pinochle.simulator import Sim, sample_world
from cardtable.agents.pinochle.tracking import knowledge
from cardtable.pinochle import PinochleGame, PinochleRules, PinochleState
from cardtable.pinochle.actions import PLAY
from cardtable.pinochle.deck import FULL, iter_bits
from cardtable.pinochle.solver import solve

AGENTS_DIR = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "agents"


def fast_hard(seed: int = 1) -> HardPinochleAgent:
    """A reproducible hard agent: a fixed number of worlds instead of a time budget."""
    return HardPinochleAgent(seed, time_budget=None, worlds=3, candidates=3)


def decisions(seed: int, agents: list[Any], rules: PinochleRules | None = None) -> Iterator[PinochleState]:
    return decision_points(PinochleGame(rules), seed, agents)


def decision_type(state: PinochleState) -> str:
    if state.phase != "play":
        return state.phase
    return f"{'lead' if state.lead < 0 else 'follow'}{state.stage}"


def hand_margin(a: Any, b: Any, seed: int) -> float:
    """Mean points margin of ``a`` over ``b`` in one deal played twice with the seats swapped."""
    total = 0
    for a_seat in (0, 1):
        agents = [a, b] if a_seat == 0 else [b, a]
        rng = random.Random(seed)
        state = PinochleGame().new_hand(seed % 2)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            seat = state.current_player()
            state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
        pts = state.returns()
        total += pts[a_seat] - pts[1 - a_seat]
    return total / 2


# --- registration and legality ---------------------------------------------------------------------------


def test_levels_are_registered() -> None:
    assert AGENT_LEVELS["pinochle"] == ("random", "easy", "medium", "hard")
    assert isinstance(make_agent("pinochle", "easy", seed=1), EasyPinochleAgent)
    assert isinstance(make_agent("pinochle", "medium", seed=1), MediumPinochleAgent)
    assert isinstance(make_agent("pinochle", "hard", seed=1), HardPinochleAgent)
    with pytest.raises(ValueError):
        make_agent("pinochle", "expert")


@pytest.mark.parametrize(("preset", "hands"), [("standard", 3), ("hoyle", 2)])
def test_every_decision_type_gets_a_legal_action(preset: str, hands: int) -> None:
    rules = PinochleRules.preset(preset)
    seen: set[str] = set()
    players = [EasyPinochleAgent(1), MediumPinochleAgent(2, rules=rules), fast_hard(3)]
    for seed in range(hands):
        table = [players[seed % 3], players[(seed + 1) % 3]]
        for state in decisions(seed, table, rules):
            seat = state.current_player()
            legal = state.legal_actions()
            view = state.view(seat)
            for agent in players:
                assert agent.act(view, legal) in legal
            seen.add(decision_type(state))
    assert {"lead1", "follow1", "lead2", "follow2", "meld"} <= seen


def test_exchange_decision() -> None:
    found = 0
    for seed in range(40):
        agents = [MediumPinochleAgent(1), MediumPinochleAgent(2)]
        for state in decisions(seed, agents):
            if state.phase == "exchange":
                seat = state.current_player()
                for agent in (EasyPinochleAgent(1), MediumPinochleAgent(1), fast_hard(1)):
                    act = agent.act(state.view(seat), state.legal_actions())
                    assert act.kind == "exchange"  # 10 points and the trump card for a nine
                found += 1
        if found >= 2:
            break
    assert found >= 2


def test_declare_out_is_never_chosen() -> None:
    rules = PinochleRules(declare_out=True)
    for state in decisions(5, [MediumPinochleAgent(1), EasyPinochleAgent(2)], rules):
        seat = state.current_player()
        for agent in (EasyPinochleAgent(1), MediumPinochleAgent(1)):
            assert agent.act(state.view(seat), state.legal_actions()).kind != "declare out"


# --- no peeking -----------------------------------------------------------------------------------------


def with_hidden_cards_shuffled(state: PinochleState, rng: random.Random) -> PinochleState:
    """The same position for the player to act with the opponent's hidden cards exchanged with stock cards."""
    seat = state.current_player()
    opp = 1 - seat
    other = state.clone()
    hidden = state.concealed[opp] & ~state.known[opp]
    pool = list(iter_bits(hidden | state.stock))
    rng.shuffle(pool)
    n = hidden.bit_count()
    other.concealed[opp] = (state.concealed[opp] & state.known[opp]) | sum(1 << i for i in pool[:n])
    other.stock = sum(1 << i for i in pool[n:])
    other._legal = None
    return other


def test_decisions_do_not_depend_on_hidden_cards() -> None:
    rng = random.Random(11)
    compared = changed = 0
    for seed in range(2):
        for state in decisions(seed, [MediumPinochleAgent(1), EasyPinochleAgent(2)]):
            if state.stage != 1 or compared >= 36:
                continue
            seat = state.current_player()
            twin = with_hidden_cards_shuffled(state, rng)
            changed += twin.concealed[1 - seat] != state.concealed[1 - seat]
            view, twin_view = state.view(seat), twin.view(seat)
            assert view == twin_view
            assert state.legal_actions() == twin.legal_actions()
            for make in (lambda: EasyPinochleAgent(5), lambda: MediumPinochleAgent(5), lambda: fast_hard(5)):
                assert make().act(view, state.legal_actions()) == make().act(twin_view, twin.legal_actions())
            compared += 1
    assert compared >= 30 and changed >= 20


def test_sampled_worlds_agree_with_the_view() -> None:
    rng = random.Random(3)
    for state in decisions(2, [MediumPinochleAgent(1), MediumPinochleAgent(2)]):
        if state.stage != 1:
            continue
        seat = state.current_player()
        kn = knowledge(state.view(seat))
        assert kn.hand == state.hand(seat)
        assert kn.unseen == (state.concealed[1 - seat] & ~state.known[1 - seat]) | state.stock
        world = sample_world(kn, rng, state.leader)
        opp = world.hands[1 - seat]
        assert world.hands[seat] == state.hand(seat)
        assert opp.bit_count() == state.hand(1 - seat).bit_count()
        assert opp & state.melded[1 - seat] == state.melded[1 - seat]
        assert world.nstock == state.stock.bit_count()
        stock = world.draws[0] + world.draws[1] + [world.last]
        everything = opp | world.hands[seat] | kn.played | sum(1 << c for c in stock)
        assert everything | (1 << state.trump_card) == FULL


def test_agent_modules_never_touch_the_engine_state() -> None:
    for path in sorted((AGENTS_DIR / "pinochle").glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.endswith("pinochle.state"), path.name
                assert not node.module.endswith("pinochle"), path.name
    for agent in (EasyPinochleAgent(1), MediumPinochleAgent(1), fast_hard(1)):
        assert list(inspect.signature(agent.act).parameters) == ["view", "legal_actions"]


# --- stage 2: optimal -----------------------------------------------------------------------------------


def move_values(state: PinochleState) -> dict[Any, int]:
    """Exact value of every legal stage-2 move for the player to act (own minus opponent's points to come)."""
    me = state.current_player()
    out = {}
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        if after.is_terminal():
            out[action] = after.counters[me] - after.counters[1 - me]
            continue
        now = after.card_points_of(me) - after.card_points_of(1 - me)
        value = solve(after).value
        out[action] = now + (value if after.current_player() == me else -value)
    base = state.card_points_of(me) - state.card_points_of(1 - me)
    return {a: v - base for a, v in out.items()}


def test_stage2_play_is_optimal() -> None:
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = PinochleGame().new_hand(seed % 2)
        agents = [MediumPinochleAgent(1), EasyPinochleAgent(2)]
        target = 14 + seed  # stage-2 positions 10 to 5 tricks from the end, leads and follows
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply(state.sample_chance(rng))
                continue
            seat = state.current_player()
            if state.stage == 2 and state.ntricks >= target and len(state.legal_actions()) > 1:
                values = move_values(state)
                best = max(values.values())
                assert best == solve(state).value
                view = state.view(seat)
                for agent in (MediumPinochleAgent(3), fast_hard(3)):
                    assert values[agent.act(view, state.legal_actions())] == best
                    top = agent.explain(view, state.legal_actions(), k=len(values))
                    assert [v for _, v in top] == sorted((float(v) for v in values.values()), reverse=True)
                checked += 1
                if checked % 2 == 0:
                    break
            state.apply(agents[seat].act(state.view(seat), state.legal_actions()))
    assert checked >= 8


def stage2_start(seed: int) -> PinochleState:
    """The first stage-2 decision (12 tricks left) of a hand played by random players."""
    randoms = [make_agent("pinochle", "random", seed=seed), make_agent("pinochle", "random", seed=seed + 1)]
    return next(s for s in decisions(seed, randoms) if s.stage == 2 and s.phase == "play")


def test_hard_stage2_keeps_its_budget() -> None:
    """A solve that cannot end in the budget is cut short: still a legal move, and explain is bounded too."""
    state = stage2_start(2)  # about 85,000 solver nodes
    view, legal = state.view(state.current_player()), state.legal_actions()
    agent = HardPinochleAgent(1, time_budget=0.01)
    assert agent.act(view, legal) in legal
    assert agent.stage2.capped == 1
    top = agent.explain(view, legal, k=len(legal))
    assert sorted(str(a) for a, _ in top) == sorted(str(a) for a in legal)
    assert agent.stage2.capped == 2


def test_hard_stage2_with_time_is_exact() -> None:
    """With a budget the solve fits in, the capped search gives the solver's value and an optimal move."""
    for seed in range(3):
        state = stage2_start(seed)
        agent = HardPinochleAgent(1, time_budget=60)
        value, card = agent.stage2.best(knowledge(state.view(state.current_player())))
        assert value == solve(state).value
        state.apply(PLAY[card])
        assert solve(state).value == -value  # leading scores nothing yet: the follower's value is the opposite
        assert agent.stage2.capped == 0


# --- explain --------------------------------------------------------------------------------------------


def test_explain_is_sorted_and_legal() -> None:
    medium, hard = MediumPinochleAgent(1), fast_hard(1)
    kinds = set()
    for state in decisions(7, [MediumPinochleAgent(1), EasyPinochleAgent(2)]):
        if state.stage != 1 or len(state.legal_actions()) < 2:
            continue
        view, legal = state.view(state.current_player()), state.legal_actions()
        for agent in (medium, hard):
            top = agent.explain(view, legal, k=3)
            assert 1 <= len(top) <= 3
            assert all(a in legal for a, _ in top)
            values = [v for _, v in top]
            assert values == sorted(values, reverse=True)
            assert top[0][0] == agent.act(view, legal)
        kinds.add(decision_type(state))
    assert {"lead1", "follow1"} <= kinds


# --- strength -------------------------------------------------------------------------------------------


def test_medium_beats_easy() -> None:
    margins = [hand_margin(MediumPinochleAgent(1), EasyPinochleAgent(2), seed) for seed in range(16)]
    mean = sum(margins) / len(margins)
    assert mean > 25, margins
    assert sum(m > 0 for m in margins) >= 10, margins


def test_easy_beats_random() -> None:
    margins = [hand_margin(EasyPinochleAgent(1), make_agent("pinochle", "random", seed=2), seed)
               for seed in range(20)]
    assert sum(margins) / len(margins) > 40, margins


# --- the fast playouts follow the rules -----------------------------------------------------------------


def test_simulated_hands_replay_in_the_engine() -> None:
    """A playout from a real position, replayed action by action in the engine, scores the same."""
    compared = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = PinochleGame(PinochleRules.preset("hoyle" if seed % 3 == 0 else "standard")).new_hand(seed % 2)
        for _ in range(seed * 2):
            step(state, rng)
        while state.is_chance_node() or state.phase != "play":
            step(state, rng)
        stock = list(iter_bits(state.stock))
        rng.shuffle(stock)
        played = sum((1 << a) | (1 << b) for _, a, b, _ in state.trick_log) | ((1 << state.lead) if state.lead >= 0 else 0)
        sim = Sim(state.rules, state.trump, [state.hand(0), state.hand(1)], state.melded[:], state.known[:],
                  state.scored, state.dix_scored, state.trump_card, stock, played, state.leader, state.lead,
                  state.ntricks)
        sim.log = []
        before = [state.meld_points(s) + state.card_points_of(s) for s in (0, 1)]
        sim.run()
        for action in sim.log:
            if state.phase == "exchange" and action.kind != "exchange":
                state.apply("no exchange")
            if state.phase == "meld" and action.kind != "meld":
                state.apply("no meld")
            state.apply(action)
        assert state.is_terminal()
        if state.rules.counting == "simple":
            assert [state.points[s] - before[s] for s in (0, 1)] == sim.score
        compared += 1
    assert compared == 12


def step(state: PinochleState, rng: random.Random) -> None:
    """One random legal action (chance or decision)."""
    if state.is_chance_node():
        state.apply(state.sample_chance(rng))
    else:
        acts = state.legal_actions()
        state.apply(acts[rng.randrange(len(acts))])


DECLARE_AT = ("dealer: 1; leader: 0; trumpcard: KSb; tricks: 3; hand0: 12; hand1: 12; won0: ASa ASb THa THb;"
              "won1: 9Ha 9Hb; points0: run=150 dix-played=10; points1: marriage=20; totals: {}")


@pytest.mark.parametrize("make", [lambda: MediumPinochleAgent(1), lambda: fast_hard(1)])
def test_declares_out_exactly_when_the_claim_reaches_the_target(make: Any) -> None:
    game = PinochleGame(PinochleRules(declare_out=True))
    for total, declares in ((800, True), (799, False), (0, False)):  # 800 + 160 + 40 = 1000
        state = game.from_position(DECLARE_AT.format(f"{total} 900"))
        view = state.view(0)
        assert (view.claim() >= 1000) is declares
        action = make().act(view, state.legal_actions())
        assert (str(action) == "declare out") is declares, (total, action)
