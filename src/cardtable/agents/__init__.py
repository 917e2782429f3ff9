"""Computer players. Every agent acts on a view, never on the full state.

Each game has its own package, ``agents/gin/``, ``agents/casino/`` and ``agents/pinochle/``
(one module per level, plus the game's shared knowledge), beside the game-independent pieces:
:mod:`.base` (the agent protocol, ``random``) and :mod:`.pimc` (the search core of the ``hard``
levels). A game's ``levels`` module defines ``LEVELS`` (level names besides ``random``) and
``make_<game>_agent(level, seed, **options)``.

An agent *spec* is a level with optional constructor options after slashes,
so that command lines can tune a player, e.g. a quicker or a two-core ``hard``:

>>> parse_agent_spec("hard/time_budget=0.3/workers=2")
('hard', {'time_budget': 0.3, 'workers': 2})
>>> make_agent("gin", "hard/time_budget=0.3").time_budget
0.3
>>> make_agent("gin", "easy/depth=3")
Traceback (most recent call last):
...
ValueError: gin agent 'easy': bad options depth=3 (EasyGinAgent.__init__() got an unexpected keyword argument 'depth')
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Sequence
from typing import Any

from ..errors import CardtableError
from .base import Agent, RandomAgent

__all__ = ["Agent", "RandomAgent", "make_agent", "parse_agent_spec", "explaining_agent", "add_level", "remove_level", "level_label", "AGENT_LEVELS"]


def _levels(game: str) -> tuple[str, ...]:
    try:
        module = importlib.import_module(f"{__name__}.{game}.levels")
    except ImportError:
        return ("random",)
    return ("random", *getattr(module, "LEVELS", ()))


AGENT_LEVELS: dict[str, tuple[str, ...]] = {game: _levels(game) for game in ("gin", "casino", "pinochle")}
"""Levels per game, weakest first; levels named by :func:`add_level` follow the built-in ones."""

_NAMED: dict[tuple[str, str], str] = {}


def add_level(game: str, name: str, spec: str) -> None:
    """Name an agent spec as a level of ``game`` for this process, e.g. a trained policy, so that a
    level list (the browser's, ``cardtable serve --computer gin:ppo=SPEC``) offers it by that name.
    The spec is tried at once: a bad one is a ``ValueError`` now, not at the first table.

    >>> add_level("gin", "plain-random", "cardtable.agents.base:RandomAgent")
    >>> AGENT_LEVELS["gin"][-1], make_agent("gin", "plain-random", seed=1).name
    ('plain-random', 'random')
    >>> add_level("gin", "My Bot", "random")
    Traceback (most recent call last):
    ...
    ValueError: bad level name 'My Bot': up to 40 lower-case letters, digits and _.+- from a letter (saved games keep it)
    >>> add_level("gin", "easy", "random")
    Traceback (most recent call last):
    ...
    ValueError: gin already has a level named 'easy'
    """
    if game not in AGENT_LEVELS:
        raise ValueError(f"unknown game {game!r}; games: {', '.join(AGENT_LEVELS)}")
    if not re.fullmatch(r"[a-z][a-z0-9_.+-]{0,39}", name):
        raise ValueError(f"bad level name {name!r}: up to 40 lower-case letters, digits and _.+- from a letter "
                         "(saved games keep it)")
    if name in AGENT_LEVELS[game] and (game, name) not in _NAMED:
        raise ValueError(f"{game} already has a level named {name!r}")
    make_agent(game, spec, seed=0)
    _NAMED[(game, name)] = spec
    if name not in AGENT_LEVELS[game]:
        AGENT_LEVELS[game] = (*AGENT_LEVELS[game], name)


def _option_value(text: str) -> Any:
    low = text.lower()
    if low in ("none", "null"):
        return None
    if low in ("true", "false"):
        return low == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_agent_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"level"`` or ``"level/name=value/..."``: the level and its options (numbers, booleans,
    ``none`` and words are read as such). A value may hold slashes, such as a checkpoint's path:
    what follows it up to the next ``name=`` belongs to it.

    >>> parse_agent_spec("cardtable.adapters.policy:SB3Policy/path=runs/gin ppo.zip/deterministic=false")
    ('cardtable.adapters.policy:SB3Policy', {'path': 'runs/gin ppo.zip', 'deterministic': False})
    """
    level, *parts = spec.strip().split("/")
    options: dict[str, Any] = {}
    raw: dict[str, str] = {}
    last = ""
    for part in parts:
        name, eq, value = part.partition("=")
        name = name.strip()
        if not (eq and name.isidentifier()) and last:  # a path's next component: path=runs/gin.zip
            raw[last] += "/" + part
            continue
        if not eq or not name.isidentifier():
            raise ValueError(f"bad agent option {part!r} in {spec!r}: write name=value, e.g. hard/time_budget=0.3")
        raw[name] = value.strip()
        last = name
    for name, value in raw.items():
        options[name] = value if "/" in value else _option_value(value)
    return level.strip(), options


def _imported_factory(path: str) -> Any:
    """``"module:Class"``: a class (or function) taking ``seed=`` and options, e.g. your own agent."""
    module_name, _, attr = path.partition(":")
    try:
        target = getattr(importlib.import_module(module_name), attr)
    except (ImportError, AttributeError, ValueError) as exc:
        raise ValueError(f"cannot import agent {path!r}: {exc}") from None
    return lambda _level, seed, **kw: target(seed=seed, **kw)


def level_label(spec: str) -> str:
    """A short name of an agent spec for a seat's label: a level as it is, an imported class by its
    name and its checkpoint's file name.

    >>> level_label("hard/time_budget=0.3"), level_label("cardtable.adapters.policy:SB3Policy/path=runs/gin/model.zip")
    ('hard/time_budget=0.3', 'SB3Policy model')
    """
    try:
        level, options = parse_agent_spec(spec)
    except ValueError:
        return spec
    if ":" not in level:
        return spec
    name = level.rpartition(":")[2]
    path = options.get("path")
    return f"{name} {str(path).rstrip('/').rpartition('/')[2].rpartition('.')[0] or path}" if path else name


def remove_level(game: str, name: str) -> None:
    """Forget a level named by :func:`add_level` (a built-in level cannot be removed)."""
    if _NAMED.pop((game, name), None) is None:
        raise ValueError(f"{game} has no level {name!r} named by add_level")
    AGENT_LEVELS[game] = tuple(level for level in AGENT_LEVELS[game] if level != name)


def make_agent(game: str, level: str, seed: int | None = None, **options: Any) -> Any:
    """An agent of the named level (or spec, see :func:`parse_agent_spec`) for ``game``;
    ``options`` go to its constructor. ``random`` exists for every game. A level written
    ``module:Class`` imports your own agent class and calls ``Class(seed=seed, **options)``:

    >>> make_agent("gin", "cardtable.agents.base:RandomAgent", seed=3).name
    'random'
    >>> make_agent("gin", "mybots:Greedy")
    Traceback (most recent call last):
    ...
    ValueError: cannot import agent 'mybots:Greedy': No module named 'mybots'
    """
    level, parsed = parse_agent_spec(level)
    named = _NAMED.get((game, level))
    if named is not None:  # a level named by add_level: its spec, with these options on top
        level, base = parse_agent_spec(named)
        parsed = {**base, **parsed}
    options = {**parsed, **options}
    levels = AGENT_LEVELS.get(game, ("random",))
    if level == "random":
        factory: Any = lambda _level, seed, **kw: RandomAgent(seed, **kw)  # noqa: E731
    elif level in levels:
        factory = getattr(importlib.import_module(f"{__name__}.{game}.levels"), f"make_{game}_agent")
    elif ":" in level:
        factory = _imported_factory(level)
    else:
        raise ValueError(f"unknown agent level {level!r} for {game}; available: {', '.join(levels)}")
    try:
        return factory(level, seed, **options)
    except TypeError as exc:
        if not options or "argument" not in str(exc):
            raise
        given = ", ".join(f"{k}={v}" for k, v in options.items())
        raise ValueError(f"{game} agent {level!r}: bad options {given} ({exc})") from None


def explaining_agent(game: str, seed: int | None = None, prefer: Sequence[str] = ()) -> Any | None:
    """The first agent that can ``explain`` its moves (for hints): of the ``prefer`` levels, then of the
    game's levels, strongest first; ``None`` when no level can be built here or explains."""
    for level in dict.fromkeys([*prefer, *reversed(AGENT_LEVELS.get(game, ()))]):
        try:
            agent = make_agent(game, level, seed=seed)
        except (ValueError, CardtableError, ImportError):
            continue
        if hasattr(agent, "explain"):
            return agent
    return None
