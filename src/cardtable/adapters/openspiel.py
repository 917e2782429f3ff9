"""OpenSpiel: the three games registered as Python games.

>>> import pyspiel, cardtable.adapters.openspiel
>>> game = pyspiel.load_game("cardtable_gin")
>>> game.num_players(), game.get_type().short_name
(2, 'cardtable_gin')

Importing this module registers ``cardtable_gin``, ``cardtable_pinochle``
and ``cardtable_casino`` (parameters: ``preset``, ``dealer`` (seat, 0 by
default), and for Casino ``players`` = 2..4). One OpenSpiel episode is one hand; chance nodes deal
and draw (chance ids = card indices, see each game's adapter module);
decision ids are the codec of :mod:`cardtable.adapters.gin`,
:mod:`~cardtable.adapters.pinochle` and :mod:`~cardtable.adapters.casino`
(a Casino move may take several decision steps by the same player).
Returns are the hand points per seat (general-sum).

Observations: ``observation_tensor`` is the adapter's observation vector;
``observation_string`` a short text of the seat's view;
``information_state_string`` is perfect-recall (the seat's whole event log,
with cards hidden from it written ``?``); ``information_state_tensor`` uses
the observation layout. ``resample_from_infostate(player, sampler)`` deals
the cards ``player`` has not seen anew (:func:`cardtable.adapters.base.resample`),
which OpenSpiel's ISMCTS bot uses.
"""

from __future__ import annotations

import random
from typing import Any

from . import missing_extra

try:
    import numpy as np
except ImportError as _exc:
    raise missing_extra(_exc, "rl") from _exc
try:
    import pyspiel
except ImportError as _exc:
    raise missing_extra(_exc, "openspiel") from _exc

from .base import GameAdapter, Pending, resample

__all__ = ["CardtableGame", "CardtableState", "register", "GAME_NAMES", "ismcts_bot", "AgentBot"]

GAME_NAMES = ("cardtable_gin", "cardtable_pinochle", "cardtable_casino")
"""The names the games are registered under (``pyspiel.load_game(name)``)."""


def _make_adapter(short_name: str, params: dict[str, Any]) -> GameAdapter:
    preset = str(params.get("preset", "standard"))
    if short_name == "cardtable_gin":
        from .gin import GinAdapter

        return GinAdapter(preset=preset)
    if short_name == "cardtable_pinochle":
        from .pinochle import PinochleAdapter

        return PinochleAdapter(preset=preset)
    from .casino import CasinoAdapter

    return CasinoAdapter(preset=preset, num_players=int(params.get("players", 2)))


def _game_type(short_name: str) -> Any:
    spec: dict[str, Any] = {"preset": "standard", "dealer": 0}
    if short_name == "cardtable_casino":
        spec["players"] = 2
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"cardtable {short_name.split('_', 1)[1]}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=4 if short_name == "cardtable_casino" else 2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


class _Engine:
    """Holds the engine state; copied with the engine's cheap ``clone`` when OpenSpiel clones a state."""

    __slots__ = ("pending", "state")

    def __init__(self, state: Any, pending: Pending = ()) -> None:
        self.state = state
        self.pending = pending

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.state.clone(), self.pending)


class CardtableGame(pyspiel.Game):  # type: ignore[misc]
    """One of the three games as an OpenSpiel Python game."""

    def __init__(self, short_name: str, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.adapter = _make_adapter(short_name, params)
        """The game's codec and observation encoder."""
        ad = self.adapter
        info = pyspiel.GameInfo(
            num_distinct_actions=ad.num_actions,
            max_chance_outcomes=ad.num_chance_outcomes,
            num_players=ad.num_players,
            min_utility=ad.min_utility,
            max_utility=ad.max_utility,
            utility_sum=None,
            max_game_length=ad.max_game_length,
        )
        super().__init__(_game_type(short_name), info, params)
        self.dealer = int(params.get("dealer", 0))
        """The dealer of every hand (game parameter ``dealer``, seat 0 by default)."""
        if not 0 <= self.dealer < ad.num_players:
            raise ValueError(f"dealer must be a seat 0..{ad.num_players - 1}")

    def new_initial_state(self) -> CardtableState:
        """A new hand at its first (chance) step."""
        return CardtableState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        """An observer: the adapter's observation vector, and as text its information-state string when
        ``perfect_recall`` is asked for, else its observation string."""
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self.adapter, perfect_recall)


class CardtableState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around an engine state (the game parameter ``dealer`` deals, seat 0 by default)."""

    def __init__(self, game: CardtableGame) -> None:
        super().__init__(game)
        self._adapter = game.adapter
        self._engine = _Engine(game.adapter.new_state(game.dealer))

    # OpenSpiel clones deep-copy the attributes: the adapter copies as itself, the engine with clone()
    @property
    def engine(self) -> Any:
        """The engine's hand (a :class:`~cardtable.core.GameState`)."""
        return self._engine.state

    @property
    def pending(self) -> Pending:
        """The ids chosen so far in the current multi-id move (Casino), else ``()``."""
        return self._engine.pending

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal player id."""
        player = self._engine.state.current_player()
        if player == -4:
            return int(pyspiel.PlayerId.TERMINAL)
        if player == -1:
            return int(pyspiel.PlayerId.CHANCE)
        return int(player)

    def _legal_actions(self, player: int) -> list[int]:
        return self._adapter.legal_ids(self._engine.state, self._engine.pending)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(chance id, probability)`` pairs at a chance node."""
        return self._adapter.chance_ids(self._engine.state)

    def _apply_action(self, action: int) -> None:
        eng = self._engine
        state = eng.state
        if state.is_chance_node():
            state.apply(self._adapter.chance_action(state, action))
            return
        pending, move = self._adapter.advance(state, eng.pending, action)
        eng.pending = pending
        if move is not None:
            state.apply(move)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance {action}"
        return self._adapter.id_to_string(action)

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        return bool(self._engine.state.is_terminal())

    def returns(self) -> list[float]:
        """Each seat's hand points (0 until the hand ends)."""
        state = self._engine.state
        if not state.is_terminal():
            return [0.0] * self._adapter.num_players
        return [float(r) for r in state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardtableState:
        """A state with ``player_id``'s information state and the cards it has not seen dealt anew."""
        seed = int(float(probability_sampler()) * 2**53)
        new = self.clone()
        new._engine = _Engine(resample(self._adapter, self._engine.state, player_id, random.Random(seed)),
                              self._engine.pending)
        return new  # type: ignore[no-any-return]

    def __str__(self) -> str:
        text = " ".join(str(a) for a in self._engine.state.history)
        if self._engine.pending:
            text += " | " + self._adapter.pending_to_string(self._engine.pending)
        return text


class _Observer:
    """OpenSpiel's PyObserver interface over an adapter's observation vector."""

    def __init__(self, adapter: GameAdapter, perfect_recall: bool) -> None:
        self.adapter = adapter
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(adapter.obs_size, np.float32)
        self.dict = {"observation": self.tensor}

    def _pending(self, state: CardtableState, player: int) -> Pending:
        return state.pending if state.engine.current_player() == player else ()

    def set_from(self, state: CardtableState, player: int) -> None:
        self.tensor[:] = self.adapter.observe(state.engine.view(player), self._pending(state, player))

    def string_from(self, state: CardtableState, player: int) -> str:
        view = state.engine.view(player)
        pending = self._pending(state, player)
        if self.perfect_recall:
            return self.adapter.information_state_string(view, pending)
        return self.adapter.observation_string(view, pending)


class GinSpielGame(CardtableGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("cardtable_gin", params)


class PinochleSpielGame(CardtableGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("cardtable_pinochle", params)


class CasinoSpielGame(CardtableGame):
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("cardtable_casino", params)


def register() -> None:
    """Register the three games with OpenSpiel (done on import; repeated calls do nothing)."""
    registered = set(pyspiel.registered_names())
    for name, cls in zip(GAME_NAMES, (GinSpielGame, PinochleSpielGame, CasinoSpielGame)):
        if name not in registered:
            pyspiel.register_game(_game_type(name), cls)


register()


def ismcts_bot(game: Any, max_simulations: int = 100, uct_c: float = 2.0, seed: int | None = None,
               n_rollouts: int = 1, max_rollout_length: int | None = None) -> Any:
    """OpenSpiel's Python ISMCTS bot (random-rollout evaluator), usable with ``evaluate_bots``.

    ``max_rollout_length`` cuts random rollouts short (they then score 0). The Python
    ``ISMCTSBot`` has no ``restart_at``/``inform_action``; it searches from the state it is
    given each step, so both are no-ops here (``restart_at`` drops the tree).
    """
    from open_spiel.python.algorithms import ismcts, mcts

    rs = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=n_rollouts, random_state=rs, max_length=max_rollout_length)

    class _Bot(ismcts.ISMCTSBot):  # type: ignore[misc]
        def restart_at(self, state: Any) -> None:
            self.reset()

        def inform_action(self, state: Any, player_id: int, action: int) -> None:
            pass

    return _Bot(game, evaluator, uct_c, max_simulations, random_state=rs)


class AgentBot(pyspiel.Bot):  # type: ignore[misc]
    """One of our agents (``make_agent(...)``) as an OpenSpiel bot: it acts on its seat's view only.

    A Casino move may take several ids: the bot chooses the move once and returns its ids one per step.
    """

    def __init__(self, agent: Any, player_id: int) -> None:
        pyspiel.Bot.__init__(self)
        self.agent = agent
        """The agent that chooses the moves."""
        self.player_id = player_id
        """The seat the bot plays."""
        self._plan: list[int] = []

    def restart_at(self, state: Any) -> None:
        """Forget any planned ids (a new game or position)."""
        self._plan = []

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Nothing to do: the agent reads the state's view when asked to move."""

    def step(self, state: CardtableState) -> int:
        """The next action id of the bot's move in ``state``."""
        if state.pending and self._plan:
            return self._plan.pop(0)
        engine = state.engine
        adapter = state._adapter
        move = self.agent.act(engine.view(self.player_id), engine.legal_moves())
        ids = adapter.encode(engine, move)
        self._plan = list(ids[1:])
        return int(ids[0])
