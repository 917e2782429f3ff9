"""OpenSpiel: the registered Python games pass the random-simulation checks; MCTS, ISMCTS and evaluate_bots run."""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import evaluate_bots, get_all_states, mcts  # noqa: E402

from cardtable.adapters.openspiel import GAME_NAMES, AgentBot, ismcts_bot  # noqa: E402

GAMES = [("cardtable_gin", {}), ("cardtable_gin", {"preset": "openspiel"}), ("cardtable_pinochle", {}),
         ("cardtable_casino", {}), ("cardtable_casino", {"players": 3}), ("cardtable_casino", {"players": 4})]


def _load(name: str, params: dict[str, object]) -> object:
    return pyspiel.load_game(name, params)


def test_registered() -> None:
    assert set(GAME_NAMES) <= set(pyspiel.registered_names())
    game = pyspiel.load_game("cardtable_casino(players=4)")
    assert game.num_players() == 4
    assert game.get_type().provides_information_state_string
    state = pyspiel.load_game("cardtable_gin(dealer=1)").new_initial_state()
    assert state.engine.dealer == 1


@pytest.mark.parametrize(("name", "params"), GAMES, ids=[f"{n}{p}" for n, p in GAMES])
def test_random_sim_test(name: str, params: dict[str, object]) -> None:
    pyspiel.random_sim_test(_load(name, params), num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_tensors_strings_and_chance(name: str) -> None:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    rng = np.random.RandomState(0)
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(actions, p=probs)))
    player = state.current_player()
    assert len(state.observation_tensor(player)) == game.observation_tensor_size()
    assert len(state.information_state_tensor(player)) == game.information_state_tensor_size()
    assert "?" in state.information_state_string(player)
    assert state.observation_string(player) != state.observation_string(1 - player)
    assert state.legal_actions() == sorted(state.legal_actions())
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert str(clone) != str(state)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_resample_from_infostate_keeps_the_information_state(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    for _ in range(80):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        player = state.current_player()
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.observation_tensor(player) == state.observation_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        checked += 1
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert checked > 5


@pytest.mark.parametrize("name", GAME_NAMES)
def test_mcts_ismcts_and_evaluate_bots(name: str) -> None:
    game = pyspiel.load_game(name)
    rs = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bots = [ismcts_bot(game, max_simulations=2, seed=3),
            mcts.MCTSBot(game, 2.0, 2, evaluator, random_state=rs, solve=False)]
    bots += [pyspiel.make_uniform_random_bot(p, 5) for p in range(2, game.num_players())]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rs)
    assert len(returns) == game.num_players()


def test_get_all_states_near_the_root() -> None:
    # the full tree is astronomically large: enumerate the first deal steps only
    game = pyspiel.load_game("cardtable_pinochle")
    states = get_all_states.get_all_states(game, depth_limit=1, include_terminals=False, include_chance_states=True)
    assert len(states) == 1 + 48


@pytest.mark.parametrize(("name", "level"), [("cardtable_casino", "easy"), ("cardtable_pinochle", "easy"),
                                             ("cardtable_gin", "simple")])
def test_our_agents_as_openspiel_bots(name: str, level: str) -> None:
    from cardtable.agents import make_agent

    game = pyspiel.load_game(name)
    game_name = name.split("_", 1)[1]
    rs = np.random.RandomState(4)
    for seed in range(2):
        bots = [AgentBot(make_agent(game_name, level, seed), 0), pyspiel.make_uniform_random_bot(1, seed)]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rs)
        assert len(returns) == 2


@pytest.mark.parametrize("name", GAME_NAMES)
def test_serialize_round_trip(name: str) -> None:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = np.random.RandomState(5)
    for _ in range(40):
        state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    _, copy = pyspiel.deserialize_game_and_state(text)
    assert str(copy) == str(state)
    assert copy.information_state_string(0) == state.information_state_string(0)
