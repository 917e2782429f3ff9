"""A trained policy as a cardtable player (issue 22): ``cardtable.adapters.policy``."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cardtable.adapters import adapter_for
from cardtable.adapters.policy import PolicyAgent, TorchPolicy, masked_argmax
from cardtable.agents import AGENT_LEVELS, add_level, make_agent

ROOT = Path(__file__).resolve().parents[2]


def _positions(game: str, hands: int, seed: int, **options: Any) -> list[Any]:
    """Decision points of random hands (states copied at each decision)."""
    adapter = adapter_for(game, **options)
    rng = random.Random(seed)
    out = []
    for _ in range(hands):
        state = adapter.new_state(rng.randrange(adapter.num_players))
        state.resolve_chance(rng)
        while not state.is_terminal():
            out.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            state.resolve_chance(rng)
    return out


class _Script:
    """A policy that answers the given ids in order, checking each against the mask and the observation."""

    def __init__(self, ids: list[int], expected_obs: list[np.ndarray[Any, Any]] | None = None) -> None:
        self.ids = list(ids)
        self.expected_obs = expected_obs

    def __call__(self, obs: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
        aid = self.ids.pop(0)
        assert mask[aid]
        if self.expected_obs is not None:
            assert np.array_equal(obs, self.expected_obs.pop(0))
        return aid


@pytest.mark.parametrize(("game", "options"), [("gin", {}), ("gin", {"preset": "openspiel"}), ("pinochle", {}),
                                               ("casino", {"num_players": 2}), ("casino", {"num_players": 4})])
def test_every_move_is_reachable_through_the_agent_with_the_envs_observation_and_mask(game: str, options: dict[str, Any]) -> None:
    """For legal moves of many positions, the ids the codec gives the move, answered by a policy, make the
    agent play exactly that move; the policy sees the same observation and mask as the environments."""
    adapter = adapter_for(game, **options)
    rng = random.Random(7)
    checked = 0
    for state in _positions(game, 3, seed=5, **options):
        seat = state.current_player()
        view = state.view(seat)
        legal = state.legal_moves()
        for move in rng.sample(list(state.legal_actions()), min(3, len(state.legal_actions()))):
            ids = adapter.encode(state, move)
            expected, pending = [], ()
            for aid in ids:
                expected.append(adapter.observe(view, pending))
                pending, _ = adapter.advance(state, pending, aid)
            agent = PolicyAgent(_Script(ids, expected))
            assert agent.act(view, legal) == move
            checked += 1
    assert checked > 50


def test_a_policy_trained_on_the_meld_features_sees_them_when_it_plays() -> None:
    melds = adapter_for("gin", observation="melds")
    sizes: list[int] = []

    def first(obs: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
        sizes.append(obs.size)
        return int(np.flatnonzero(mask)[0])

    for state in _positions("gin", 1, seed=3)[:12]:
        view, legal = state.view(state.current_player()), state.legal_moves()
        (aid,) = melds.legal_ids(state)[:1]
        agent = PolicyAgent(_Script([aid], [melds.observe(view)]), observation="melds")
        assert agent.act(view, legal) == melds.id_action(state, aid)
        PolicyAgent(first).act(view, legal)
    assert set(sizes) == {542}
    casino = _positions("casino", 1, seed=3, num_players=2)[0]
    with pytest.raises(ValueError, match="only Gin has observation variants"):
        PolicyAgent(first, observation="melds").act(casino.view(casino.current_player()), casino.legal_moves())


def test_the_mask_is_the_codecs_legal_ids() -> None:
    seen: list[np.ndarray[Any, Any]] = []

    def first(obs: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
        seen.append(mask.copy())
        return int(np.flatnonzero(mask)[0])

    adapter = adapter_for("gin")
    for state in _positions("gin", 2, seed=1):
        PolicyAgent(first).act(state.view(state.current_player()), state.legal_moves())
        assert list(np.flatnonzero(seen[-1])) == adapter.legal_ids(state)


def test_an_illegal_answer_is_a_clear_error_or_a_random_legal_move() -> None:
    state = _positions("gin", 1, seed=2)[3]
    view, legal = state.view(state.current_player()), state.legal_moves()
    illegal = next(i for i in range(125) if i not in adapter_for("gin").legal_ids(state))
    with pytest.raises(ValueError, match=f"chose action id {illegal}, not legal here"):
        PolicyAgent(lambda obs, mask: illegal, name="bad").act(view, legal)
    move = PolicyAgent(lambda obs, mask: illegal, on_illegal="random", seed=1).act(view, legal)
    assert move in state.legal_actions()
    with pytest.raises(ValueError, match="on_illegal"):
        PolicyAgent(lambda obs, mask: 0, on_illegal="ignore")


def test_masked_argmax_never_picks_a_masked_id_and_checks_sizes() -> None:
    mask = np.array([False, True, False, True])
    assert masked_argmax([9.0, 1.0, 50.0, 2.0], mask) == 3
    with pytest.raises(ValueError, match="3 logits for 4 action ids"):
        masked_argmax([1.0, 2.0, 3.0], mask)


@pytest.mark.parametrize("game", ["gin", "casino", "pinochle"])
def test_a_policy_plays_in_the_arena_by_its_module_spec(game: str) -> None:
    """``cardtable arena --agents module:Class,...`` runs a policy agent like any level."""
    out = subprocess.run([sys.executable, "-m", "cardtable", "arena", game, "--agents",
                          "tests.adapters.policy_fixtures:FirstLegal,tests.adapters.policy_fixtures:make",
                          "--deals", "2", "--hands", "--no-progress", "--json"],
                         capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert '"tests.adapters.policy_fixtures:FirstLegal"' in out.stdout and '"hands"' in out.stdout


torch = pytest.importorskip("torch", reason="torch comes with the train extra (in dev)")


def test_an_exported_checkpoint_plays_through_its_spec_path(tmp_path: Any) -> None:
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(542, 32), torch.nn.ReLU(), torch.nn.Linear(32, 125))
    path = tmp_path / "nets" / "gin net.pt2"
    path.parent.mkdir()
    torch.export.save(torch.export.export(net, (torch.zeros(1, 542),)), str(path))
    agent = make_agent("gin", f"cardtable.adapters.policy:TorchPolicy/path={path}", seed=1)
    direct = TorchPolicy(module=net)
    adapter = adapter_for("gin")
    for state in _positions("gin", 2, seed=4):
        view, legal = state.view(state.current_player()), state.legal_moves()
        move = agent.act(view, legal)
        assert move == direct.act(view, legal) and move in state.legal_actions()
        logits = net(torch.as_tensor(adapter.observe(view)).unsqueeze(0))[0].detach().numpy()
        mask = np.zeros(125, dtype=bool)
        mask[adapter.legal_ids(state)] = True
        assert adapter.encode(state, move) == [masked_argmax(logits, mask)]


def test_a_named_policy_level_is_offered_and_a_bad_one_refused(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT))
    from cardtable import agents

    monkeypatch.setitem(AGENT_LEVELS, "pinochle", AGENT_LEVELS["pinochle"])
    monkeypatch.setattr(agents, "_NAMED", dict(agents._NAMED))
    add_level("pinochle", "first-legal", "tests.adapters.policy_fixtures:FirstLegal")
    assert AGENT_LEVELS["pinochle"][-1] == "first-legal"
    assert make_agent("pinochle", "first-legal").name == "first-legal"
    with pytest.raises(ValueError, match="no checkpoint"):
        add_level("gin", "ghost", f"cardtable.adapters.policy:SB3Policy/path={tmp_path}/missing.zip")
    assert "ghost" not in AGENT_LEVELS["gin"]


def test_serve_refuses_a_bad_computer_before_starting() -> None:
    out = subprocess.run([sys.executable, "-m", "cardtable", "serve", "--computer", "gin:x=nosuchmodule:Bot"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert "--computer gin:x=nosuchmodule:Bot: cannot import agent 'nosuchmodule:Bot'" in out.stderr
    out = subprocess.run([sys.executable, "-m", "cardtable", "serve", "--computer", "gin-ppo"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2 and "write GAME:NAME=SPEC" in out.stderr
