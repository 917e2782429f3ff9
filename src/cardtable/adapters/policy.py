"""From a trained policy to a cardtable player: an :class:`~cardtable.agents.Agent` on the codec.

A policy trained on the environments maps an observation and a mask to an action id. Wrapped
here, it plays wherever a built-in level does, from the same view a person sees and nothing else:

>>> import numpy as np
>>> from cardtable.adapters.policy import PolicyAgent
>>> first_legal = PolicyAgent(lambda obs, mask: int(np.flatnonzero(mask)[0]), name="first")
>>> import random
>>> from cardtable.registry import make_game
>>> state = make_game("gin").new_hand(dealer=0)
>>> _ = state.resolve_chance(random.Random(3))
>>> move = first_legal.act(state.view(state.current_player()), state.legal_moves())
>>> move in state.legal_actions()
True

Three ways in:

* :class:`PolicyAgent` takes any callable ``policy(observation, mask) -> action id``
  (``observation``: the game's ``float32[obs_size]``; ``mask``: ``bool[num_actions]``);
* :class:`SB3Policy` loads an sb3-contrib ``MaskablePPO`` (or any SB3 algorithm) checkpoint;
* :class:`TorchPolicy` loads a network saved with ``torch.export`` (``.pt2``) or TorchScript (or
  takes an ``nn.Module``) mapping a ``(batch, obs_size)`` tensor to ``(batch, num_actions)`` logits,
  as the CleanRL-style recipe saves.

Each is an agent *spec* for the command line and the browser, options after slashes::

    cardtable arena gin --agents "cardtable.adapters.policy:SB3Policy/path=runs/gin_ppo.zip,easy"
    cardtable play gin --opponent "cardtable.adapters.policy:SB3Policy/path=runs/gin_ppo.zip"
    cardtable serve --computer "gin:ppo=cardtable.adapters.policy:SB3Policy/path=runs/gin_ppo.zip"

The game, rules and player count come from the view (its ``rules``), so one class serves Gin,
Casino (whose moves are several ids: the policy is asked once per id, with the ids chosen so far
in the observation) and Pinochle; a policy trained under one preset must play under it (Gin's
``openspiel`` preset has 237 ids, not 125): a mismatch is a clear ``ValueError``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from . import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
except ImportError as _exc:
    raise missing_extra(_exc, "rl") from _exc

from ..casino.legal_moves import LegalMoves
from ..casino.rules import CasinoRules
from ..gin.rules import GinRules
from ..pinochle.rules import PinochleRules
from .base import GameAdapter, Obs, Pending

__all__ = ["PolicyAgent", "SB3Policy", "TorchPolicy", "Policy", "Mask", "adapter_for_rules", "masked_argmax"]

Mask = npt.NDArray[np.bool_]
"""The legal ids: ``bool[num_actions]``."""
Policy = Callable[[Obs, Mask], int]
"""A policy: ``(observation, mask) -> action id``."""

_ADAPTERS: dict[Any, GameAdapter] = {}
_MODELS: dict[tuple[str, str], Any] = {}


def adapter_for_rules(rules: Any, observation: str = "standard") -> GameAdapter:
    """The codec and observation encoder of the game whose rules these are (one shared per rules and
    observation variant: Gin also has ``"melds"``)."""
    adapter = _ADAPTERS.get((rules, observation))
    if adapter is None:
        if observation != "standard" and not isinstance(rules, GinRules):
            raise ValueError(f"only Gin has observation variants, not {observation!r}")
        if isinstance(rules, GinRules):
            from .gin import GinAdapter

            adapter = GinAdapter(rules=rules, observation=observation)
        elif isinstance(rules, CasinoRules):
            from .casino import CasinoAdapter

            adapter = CasinoAdapter(rules=rules)
        elif isinstance(rules, PinochleRules):
            from .pinochle import PinochleAdapter

            adapter = PinochleAdapter(rules=rules)
        else:
            raise ValueError(f"no research adapter for rules of type {type(rules).__name__}")
        _ADAPTERS[(rules, observation)] = adapter
    return adapter


def masked_argmax(logits: Any, mask: Mask) -> int:
    """The legal id with the highest logit (``logits``: ``num_actions`` numbers)."""
    values = np.asarray(logits, dtype=np.float64).reshape(-1)
    if values.shape != mask.shape:
        raise ValueError(f"the policy gives {values.size} logits for {mask.size} action ids")
    return int(np.argmax(np.where(mask, values, -np.inf)))


class _LegalOnly:
    """What a codec needs of a state, from an agent's legal actions only (never the hidden cards)."""

    __slots__ = ("_legal", "_seat", "history")

    def __init__(self, legal: Sequence[Any], seat: int) -> None:
        self._legal = legal
        self._seat = seat
        self.history: tuple[Any, ...] = ()

    def current_player(self) -> int:
        return self._seat

    def legal_moves(self) -> Sequence[Any]:
        return self._legal

    def legal_actions(self) -> list[Any]:
        return list(self._legal)

    def moveset(self) -> Any:
        if not isinstance(self._legal, LegalMoves):
            raise TypeError("only a crowded Casino table has a move set")
        return self._legal.moveset


class PolicyAgent:
    """A cardtable agent that asks ``policy(observation, mask)`` for action ids.

    ``on_illegal``: what to do when the policy answers an id the mask does not allow: ``"raise"``
    (a ``ValueError``, the default) or ``"random"`` (a random legal id from the agent's generator).
    ``observation``: the observation variant the policy was trained on (Gin: ``"standard"`` or
    ``"melds"``, as given to ``gym.make``).
    """

    name = "policy"
    """The agent's name in tables and reports (``name=`` overrides it)."""

    def __init__(self, policy: Policy, *, name: str | None = None, seed: int | None = None,
                 on_illegal: str = "raise", observation: str = "standard") -> None:
        if on_illegal not in ("raise", "random"):
            raise ValueError("on_illegal must be 'raise' or 'random'")
        self.observation = observation
        """The observation variant the policy reads (``"standard"``, or Gin's ``"melds"``)."""
        self.policy = policy
        """The callable ``(observation, mask) -> action id``."""
        if name is not None:
            self.name = name
        self.on_illegal = on_illegal
        """``"raise"`` or ``"random"``: the answer to an id outside the mask."""
        self.rng = random.Random(seed)
        """The generator of ``on_illegal="random"``."""

    def act(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        """The move the policy chooses from ``view`` (one id at a time for Casino's multi-id moves)."""
        adapter = adapter_for_rules(view.rules, self.observation)
        state: Any = _LegalOnly(legal_actions, view.seat)
        pending: Pending = ()
        for _ in range(64):
            ids = adapter.legal_ids(state, pending)
            if not ids:
                raise ValueError("no legal actions to choose from")
            mask = np.zeros(adapter.num_actions, dtype=bool)
            mask[ids] = True
            aid = int(self.policy(adapter.observe(view, pending), mask))
            if not (0 <= aid < adapter.num_actions and mask[aid]):
                if self.on_illegal == "raise":
                    raise ValueError(f"policy {self.name!r} chose action id {aid}, not legal here "
                                     f"(legal: {ids}); on_illegal='random' plays a random legal id instead")
                aid = ids[self.rng.randrange(len(ids))]
            pending, move = adapter.advance(state, pending, aid)
            if move is not None:
                return move
        raise AssertionError("a move takes at most a few dozen ids")


def _cached(kind: str, path: str, load: Callable[[str], Any]) -> Any:
    key = (kind, str(Path(path).resolve()))
    model = _MODELS.get(key)
    if model is None:
        if not Path(path).exists():
            raise ValueError(f"no checkpoint at {path!r}")
        model = _MODELS[key] = load(path)
    return model


class SB3Policy(PolicyAgent):
    """A Stable-Baselines3 checkpoint as a player: ``SB3Policy(path="runs/gin_ppo.zip")``.

    ``algo`` names the class that saved it (``MaskablePPO`` from sb3-contrib by default, or any
    class of ``stable_baselines3`` / ``sb3_contrib``); a masked algorithm gets the mask through
    ``action_masks=``, others are kept to legal ids by ``on_illegal``. A model trained on the
    Gymnasium envs' ``Dict`` observation gets it whole; one trained on the vector alone gets that.
    Loaded once per path and process (the arena builds many agents). ``observation=None`` (the
    default) reads the variant from the checkpoint's observation size: a Gin model of 700 values
    was trained with ``observation="melds"``.
    """

    name = "sb3"

    def __init__(self, path: str, *, algo: str = "MaskablePPO", deterministic: bool = True,
                 seed: int | None = None, name: str | None = None, on_illegal: str = "raise",
                 observation: str | None = None) -> None:
        model = _cached(algo, path, lambda p: _sb3_class(algo).load(p, device="cpu"))
        self.model = model
        """The loaded SB3 model."""
        self.path = path
        """The checkpoint it came from."""
        self.deterministic = deterministic
        """Play the most probable legal id (``False``: sample from the masked distribution)."""
        masked = "action_masks" in model.predict.__code__.co_varnames
        wants_dict = hasattr(model.observation_space, "spaces")
        space = model.observation_space["observation"] if wants_dict else model.observation_space
        self.obs_size = int(np.prod(space.shape))
        """The length of the observation vector the model was trained on."""
        if observation is None:  # only Gin has variants; a size of another game's model is "standard"
            from .gin import OBSERVATIONS

            observation = next((k for k, size in OBSERVATIONS.items() if size == self.obs_size), "standard")

        def policy(obs: Obs, mask: Mask) -> int:
            seen: Any = {"observation": obs[None], "action_mask": mask[None].astype(np.int8)} if wants_dict else obs[None]
            kwargs: dict[str, Any] = {"action_masks": mask[None]} if masked else {}
            action, _ = model.predict(seen, deterministic=self.deterministic, **kwargs)
            return int(np.asarray(action).reshape(-1)[0])

        super().__init__(policy, name=name or f"sb3:{Path(path).stem}", seed=seed, on_illegal=on_illegal,
                         observation=observation)


def _sb3_class(algo: str) -> Any:
    import importlib

    for module in ("sb3_contrib", "stable_baselines3"):
        try:
            cls = getattr(importlib.import_module(module), algo, None)
        except ImportError as exc:
            raise missing_extra(exc, "train") from exc
        if cls is not None:
            return cls
    raise ValueError(f"unknown SB3 algorithm {algo!r}")


def _load_torch(path: str) -> Any:
    """A saved network: a ``torch.export`` archive (``.pt2``) or a TorchScript file."""
    import torch

    if path.endswith(".pt2"):
        return torch.export.load(path).module()
    return torch.jit.load(path, map_location="cpu")  # type: ignore[no-untyped-call]


class TorchPolicy(PolicyAgent):
    """A Torch network as a player: ``TorchPolicy(path="runs/gin.pt2")`` (saved by ``torch.export.save``;
    any other suffix is read as TorchScript) or ``TorchPolicy(module=net)``: ``(batch, obs_size)`` float
    tensor in, ``(batch, num_actions)`` logits out (a tuple's first item is taken as the logits). Plays the best legal logit, or samples from
    the masked softmax with ``deterministic=False``."""

    name = "torch"

    def __init__(self, path: str | None = None, *, module: Any = None, deterministic: bool = True,
                 seed: int | None = None, name: str | None = None, on_illegal: str = "raise",
                 observation: str = "standard") -> None:
        try:
            import torch
        except ImportError as exc:
            raise missing_extra(exc, "train") from exc
        if (path is None) == (module is None):
            raise ValueError("give a TorchScript path or a module, not both")
        net = module if module is not None else _cached("torch", str(path), _load_torch)
        if module is not None:
            net.eval()  # an exported program's module is already fixed for inference
        self.module = net
        """The network."""
        self.deterministic = deterministic
        """Play the best legal logit (``False``: sample from the masked softmax)."""
        self.rng = random.Random(seed)
        sampler = np.random.default_rng(seed)

        def policy(obs: Obs, mask: Mask) -> int:
            with torch.no_grad():
                out = net(torch.as_tensor(obs).unsqueeze(0))
            logits = (out[0] if isinstance(out, tuple | list) else out).reshape(-1).double().numpy()
            if self.deterministic:
                return masked_argmax(logits, mask)
            z = np.where(mask, logits, -np.inf)
            p = np.exp(z - z.max())
            return int(sampler.choice(len(p), p=p / p.sum()))

        super().__init__(policy, name=name or (f"torch:{Path(path).stem}" if path else "torch"), seed=seed,
                         on_illegal=on_illegal, observation=observation)
