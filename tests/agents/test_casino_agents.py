"""Casino computer players: legal choices everywhere, no peeking, explain, strength, 3 and 4 players."""

from __future__ import annotations

import ast
import inspect
import random
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from agents_support import decision_points

from cardtable.agents import AGENT_LEVELS, RandomAgent, make_agent
from cardtable.agents.casino.easy import EasyCasinoAgent
from cardtable.agents.casino.hard import HardCasinoAgent, known_world, solve
from cardtable.agents.casino.medium import MediumCasinoAgent
from cardtable.agents.casino.tracking import FULL, knowledge
from cardtable.agents.casino.worlds import sample_world, world_state
from cardtable.arena import run_arena
from cardtable.cards import iter_mask
from cardtable.casino import CasinoGame, CasinoRules, CasinoState
from cardtable.casino.values import VALUE_MASK, bits

AGENTS_DIR = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "agents"
LEVELS = ("random", "easy", "medium", "hard")


def fast_hard(seed: int = 1, **options: Any) -> HardCasinoAgent:
    """A reproducible hard agent: a fixed number of worlds instead of a time budget."""
    return HardCasinoAgent(seed, time_budget=None, worlds=4, **options)


def agent(level: str, seed: int = 3) -> Any:
    return fast_hard(seed) if level == "hard" else make_agent("casino", level, seed=seed)


def states_of_play(rules: CasinoRules, seed: int, agents: list[Any]) -> Iterator[CasinoState]:
    return decision_points(CasinoGame(rules), seed, agents)


POSITIONS = {
    # spec examples (casino.md section 13) and a few more
    "C-01 courts": "dealer: 1; turn: 0; hand0: QD 5C; hand1: 2H 3H; table: QS QH 7D",
    "C-04 groups": "dealer: 1; turn: 0; hand0: 8S JC; hand1: 2H 4H; table: AC 2D 3H 5S 6C 8D",
    "C-06 four uses": "dealer: 1; turn: 0; hand0: 3H 3S 6D; hand1: 2H 4H 4C; table: AC 2D",
    "C-08 multiple build": "dealer: 1; turn: 0; hand0: 2C 7D; hand1: 2H 4H; table: 3D 4S 5H 7C",
    "C-09 controller": "dealer: 1; turn: 0; hand0: 9C 2H; hand1: 7S 7D; table: 5D 4C [single 9 @0: 6S+3H]",
    "C-10 not a summand": "dealer: 1; turn: 0; hand0: 9S 7C; hand1: 7H 2C; table: 2D [single 7 @1: 4H+3S]",
    "C-16 add to multiple": "dealer: 0; turn: 1; deal: 2; hand0: 5C 6C 8S 9C; hand1: 2C 8H 8D TS; "
                            "table: 6D [multiple 8 @0: 3S+5H | 8C]",
    "C-25 sweep": "dealer: 1; turn: 0; hand0: TC KH; hand1: 5D 6D; table: AC 2D 3H 4S",
    "empty table": "dealer: 1; turn: 0; deal: 3; hand0: AS TD 2S KH; hand1: 5D 6D 7D 8D; table: -",
    "last deal": "dealer: 1; turn: 0; deal: 6; hand0: 5C 9H QD AS; hand1: 4D 9S QH 2C; table: 4H 5S KC TD",
    "last card": "dealer: 0; turn: 0; deal: 6; hand0: KD; hand1: -; table: 4C 7H KS; last_capturer: 1",
}
POSITIONS_3 = {
    "3 players": "dealer: 2; turn: 2; deal: 2; hand0: 2H 8C 5D; hand1: 3S 9D 6C; hand2: 4D 8S TC 7S; "
                 "table: 6H AC [single 7 @2: 4C+3D]; last_capturer: 2",
}
POSITIONS_4 = {
    "4 players, partner build": "dealer: 3; turn: 2; hand0: 2H 9C 5D; hand1: 3S 9D 6C; hand2: 9H AS 4D KH; "
                                "hand3: 7S 8S TC 2C; table: 6H [single 9 @0: 4C+5H]; last_capturer: 0",
}


def all_positions() -> Iterator[tuple[str, CasinoState]]:
    for name, text in POSITIONS.items():
        yield name, CasinoGame().from_position(text)
    for name, text in POSITIONS_3.items():
        yield name, CasinoGame(CasinoRules(num_players=3)).from_position(text)
    for name, text in POSITIONS_4.items():
        yield name, CasinoGame(CasinoRules(num_players=4)).from_position(text)


# --- registration and legality ----------------------------------------------------------------------


def test_levels_are_registered() -> None:
    assert AGENT_LEVELS["casino"] == LEVELS
    for level in LEVELS[1:]:
        made = make_agent("casino", level, seed=1)
        assert made.name == level
    with pytest.raises(ValueError):
        make_agent("casino", "expert")


@pytest.mark.parametrize("name", [*POSITIONS, *POSITIONS_3, *POSITIONS_4])
def test_every_level_answers_legally_in_varied_positions(name: str) -> None:
    state = dict(all_positions())[name]
    seat = state.current_player()
    legal = state.legal_actions()
    for level in LEVELS:
        chosen = agent(level).act(state.view(seat), legal)
        assert chosen in legal, (level, name, chosen)


def test_good_moves_in_clear_positions() -> None:
    def best(level: str, text: str, rules: CasinoRules | None = None) -> str:
        state = CasinoGame(rules).from_position(text)
        seat = state.current_player()
        return str(agent(level).act(state.view(seat), state.legal_actions()))

    sweep = POSITIONS["C-25 sweep"]
    for level in ("easy", "medium", "hard"):
        assert best(level, sweep) == "TC x 4S+3H+2D+AC"
    # the controller must take its build (only two moves, both take it); medium takes the loose cards too
    assert best("medium", POSITIONS["C-09 controller"]) == "9C x 5D+4C [9]"
    # the last card of the hand: the king captures, and the residue comes with it
    assert best("medium", POSITIONS["last card"]) == "KD x KS"
    # medium never trails the 10♦ onto an empty table when a harmless card is at hand
    assert best("medium", POSITIONS["empty table"]) not in ("TD trail", "AS trail", "2S trail")
    # easy never builds
    assert best("easy", POSITIONS["C-06 four uses"]) == "3S x 2D+AC"  # the spade is worth more


@pytest.mark.parametrize("players", [3, 4])
def test_games_with_three_and_four_players_complete_with_every_level(players: int) -> None:
    rules = CasinoRules(num_players=players)
    for seed in range(2):
        seats = [agent(LEVELS[(seed + k) % 4], seed + k) for k in range(players)]
        count = 0
        for state in states_of_play(rules, seed, seats):
            count += 1
            assert state.legal_actions()
        assert count == 48


def test_arena_runs_three_and_four_player_games_with_every_level() -> None:
    report = run_arena("casino", ["medium", "easy", "random"], 1, seed=3, unit="hands", players=3,
                       workers=1, progress=False)
    assert report.games == 3 and report.hands == 3
    report = run_arena("casino", ["medium", "easy"], 1, seed=3, unit="hands", players=4, workers=1,
                       progress=False)
    assert report.games >= 2


# --- no peeking -------------------------------------------------------------------------------------


def with_hidden_cards_shuffled(state: CasinoState, rng: random.Random) -> CasinoState:
    """The same position for the seat to move with the others' hands and the pack dealt anew.

    Every controller of a build keeps a card of its value, as the rules guarantee.
    """
    seat = state.current_player()
    other = state.clone()
    pool = state.pack
    for s in range(state.num_players):
        if s != seat:
            pool |= state.hands[s]
    order = bits(pool)
    rng.shuffle(order)
    hands = [0] * state.num_players
    hands[seat] = state.hands[seat]
    for b in state.builds:
        s = b.controller
        if s != seat and not hands[s] & VALUE_MASK[b.value]:
            i = next(i for i in order if VALUE_MASK[b.value] >> i & 1)
            order.remove(i)
            hands[s] |= 1 << i
    for s in range(state.num_players):
        if s != seat:
            while hands[s].bit_count() < state.hands[s].bit_count():
                hands[s] |= 1 << order.pop()
    other.hands = hands
    other.pack = sum(1 << i for i in order)
    other._legal = None
    other._legal_set = None
    return other


@pytest.mark.parametrize("players", [2, 4])
def test_decisions_do_not_depend_on_hidden_cards(players: int) -> None:
    rules = CasinoRules(num_players=players)
    rng = random.Random(11)
    compared = changed = 0
    for seed in range(2):
        seats = [MediumCasinoAgent(s) for s in range(players)]
        for k, state in enumerate(states_of_play(rules, seed, seats)):
            if k % 3:
                continue
            seat = state.current_player()
            twin = with_hidden_cards_shuffled(state, rng)
            changed += twin.hands != state.hands
            view, twin_view = state.view(seat), twin.view(seat)
            assert view == twin_view
            assert twin.legal_actions() == state.legal_actions()
            for make in (lambda: EasyCasinoAgent(5), lambda: MediumCasinoAgent(5), lambda: fast_hard(5)):
                a, b = make(), make()
                assert a.act(view, state.legal_actions()) == b.act(twin_view, twin.legal_actions())
            compared += 1
    assert compared > 20 and changed > compared // 2


def test_a_view_holds_no_hidden_card() -> None:
    rules = CasinoRules(num_players=3)
    for state in states_of_play(rules, 4, [EasyCasinoAgent(), EasyCasinoAgent(), EasyCasinoAgent()]):
        seat = state.current_player()
        view = state.view(seat)
        hidden = state.pack
        for s in range(3):
            if s != seat:
                hidden |= state.hands[s]
        assert knowledge(view).unseen == hidden
        text = repr(view)
        for card in iter_mask(hidden):
            assert not re.search(rf"\b{card}\b", text), card


def test_agent_modules_never_touch_the_engine_state() -> None:
    """Agents act on views; the only states they build are their own worlds (casino/worlds.py: world_state)."""
    for path in sorted((AGENTS_DIR / "casino").glob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.endswith("casino.state"):
                assert path.name in ("tracking.py", "worlds.py", "playout.py", "hard.py"), path.name
    for made in (EasyCasinoAgent(), MediumCasinoAgent(), fast_hard()):
        assert list(inspect.signature(made.act).parameters) == ["view", "legal_actions"]


def test_sampled_worlds_agree_with_the_view() -> None:
    state = dict(all_positions())["4 players, partner build"]
    view = state.view(2)
    kn = knowledge(view)
    rng = random.Random(2)
    for _ in range(30):
        hands, pack = sample_world(kn, rng)
        world = world_state(kn, hands, pack)
        assert world.view(2) == view.__class__(**{**view.__dict__, "events": ()})
        assert hands[0] & VALUE_MASK[9]  # seat 0 controls the 9-build, so it holds a 9
        assert [h.bit_count() for h in hands] == [h.bit_count() for h in state.hands]
        every = world.pack | world.loose
        for h in hands:
            every |= h
        for p in world.captured:
            every |= p
        for b in world.builds:
            every |= b.cards
        assert every == FULL


# --- exact last deal --------------------------------------------------------------------------------


def test_last_deal_is_solved_exactly_with_two_players() -> None:
    state = CasinoGame().from_position(
        "dealer: 1; turn: 0; deal: 6; hand0: 5C 9H QD; hand1: 4D 9S QH; table: 4H 5S KC TD AS 2C; last_capturer: 1"
    )
    view = state.view(0)
    world = known_world(knowledge(view))
    assert world is not None and world.hands == state.hands
    legal = state.legal_actions()
    exact = solve(world, legal)
    assert exact is not None

    def minimax(s: CasinoState) -> float:
        if s.is_terminal():
            return s.points[0] - s.points[1]
        values = []
        for a in s.legal_actions():
            child = s.clone()
            child.apply(a)
            values.append(minimax(child))
        return max(values) if s.current_player() == 0 else min(values)

    for a, v in zip(legal, exact):
        child = state.clone()
        child.apply(a)
        assert v == minimax(child), a
    hard = fast_hard()
    assert hard.act(view, legal) == legal[max(range(len(legal)), key=lambda i: (exact[i], -i))]
    assert hard.last_exact
    # before the last deal the opponent's hand is not known
    assert known_world(knowledge(dict(all_positions())["C-04 groups"].view(0))) is None


# --- explain ----------------------------------------------------------------------------------------


def test_explain_returns_sorted_legal_actions() -> None:
    checked = 0
    rules = CasinoRules()
    for k, state in enumerate(states_of_play(rules, 5, [MediumCasinoAgent(1), MediumCasinoAgent(2)])):
        legal = state.legal_actions()
        if len(legal) < 2 or k % 2:
            continue
        view = state.view(state.current_player())
        for made in (MediumCasinoAgent(2), fast_hard(2)):
            top = made.explain(view, legal, k=3)
            assert 1 <= len(top) <= 3
            assert all(a in legal for a, _ in top)
            values = [v for _, v in top]
            assert values == sorted(values, reverse=True)
            assert top[0][0] == made.act(view, legal)
            checked += 1
    assert checked > 15


# --- strength ---------------------------------------------------------------------------------------


def test_medium_beats_easy_and_easy_beats_random() -> None:
    # Deterministic: both agents are seeded and the arena replays each shuffle with the seats swapped.
    report = run_arena("casino", ["medium", "easy"], 30, seed=5, unit="hands", workers=1, progress=False)
    margin = report.pair("medium", "easy").margin
    assert margin.low > 2.0, margin  # about +3.7 points per hand over 200 matches
    report = run_arena("casino", ["easy", "random"], 20, seed=5, unit="hands", workers=1, progress=False)
    assert report.pair("easy", "random").margin.low > 1.0


@pytest.mark.serial  # timing-sensitive: run alone, see pyproject's markers
def test_hard_budget_and_process_pool() -> None:
    state = dict(all_positions())["C-08 multiple build"]
    legal = state.legal_actions()
    pooled = HardCasinoAgent(1, time_budget=None, worlds=4, workers=2)
    assert pooled.act(state.view(0), legal) in legal
    assert pooled.last_worlds == 4
    timed = HardCasinoAgent(1, time_budget=0.2)
    t = time.perf_counter()
    assert timed.act(state.view(0), legal) in legal
    assert time.perf_counter() - t < 1.0
    assert RandomAgent(1).act(state.view(0), legal) in legal


@pytest.mark.parametrize("options", [
    {"court_capture": "all"},
    {"allow_duplicate_value_builds": True},
    {"permissive_builds": True, "raise_own_build": False},
    {"num_players": 4, "build_for_partner": True},
    {"num_players": 4, "partnerships": False},
    {"sweep_points": 0},
])
def test_agents_play_every_rule_option(options: dict[str, Any]) -> None:
    rules = CasinoRules(**options)
    n = rules.num_players
    seats = [HardCasinoAgent(k, time_budget=None, worlds=2) if k == 0 else agent(LEVELS[k % 3 + 1], k)
             for k in range(n)]
    count = 0
    for state in states_of_play(rules, 7, seats):
        count += 1
        assert state.legal_actions()
    assert count == 48
