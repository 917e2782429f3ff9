"""Refusals met in random hands of every game and preset (issue 25), shared by the tests of the error
codes (``tests/test_error_codes.py``) and of their wording in every language (``tests/i18n/test_error_text.py``).

Each hand is played with random legal moves; at every step the position is probed with moves taken
from earlier positions, broken texts, moves made of the mover's own cards (Gin knocks and arrangements,
Pinochle exchanges and melds of every kind, Casino captures and builds of every value) and API misuse
(a non-action applied, a result asked early, a chance outcome at a decision). Every
:class:`~cardtable.errors.CardtableError` raised is kept, in the order met; a sweep is made once per
session.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any

from cardtable.errors import CardtableError
from cardtable.pinochle.melds import KIND_NAMES
from cardtable.registry import GAMES, make_game

__all__ = ["CONFIGS", "BROKEN", "config_id", "refusals", "every_refusal"]


def _presets() -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = []
    for name in GAMES:
        for preset in type(make_game(name).rules).PRESETS:
            out.append((name, {"preset": preset}))
    return out


CONFIGS: list[tuple[str, dict[str, Any]]] = [
    *_presets(),
    ("gin", {"big_gin_bonus": None}),
    ("casino", {"num_players": 3}),
    ("casino", {"num_players": 4, "partnerships": True, "build_for_partner": True}),
    ("casino", {"court_capture": "all", "permissive_builds": True, "raise_own_build": False}),
    ("pinochle", {"declare_out": True, "double_pinochle_300": True}),
]
"""Every preset of every game, then option combinations that open other refusals."""
BROKEN = ["", "   ", "xyzzy", "discard", "discard ZZ", "knock 1X", "play", "play QS", "play ASc", "meld", "meld run",
          "7H x", "7H b", "7H b99 2C", "7H x 2C+2C", "deal", "deal 7H later", "take pass", "QS QS", "x 7H",
          "exchange", "exchange 9S 9H", "arrange 7H8H9H", "meld pinochle QS", "7H bX 2C", "10C", "[", "trail"]
"""Broken move texts, tried in every game."""


def config_id(game_name: str, options: dict[str, Any]) -> str:
    """A short name for a config: ``gin-openspiel``, ``casino-num_players=3``."""
    if set(options) == {"preset"}:
        return f"{game_name}-{options['preset']}"
    return game_name + "-" + ",".join(f"{k}={v}" for k, v in options.items())


def _own_moves(state: Any, rng: random.Random) -> list[str]:
    """Moves made of the mover's own cards (and the table's)."""
    if state.is_chance_node() or state.is_terminal():
        return []
    view = state.view(state.current_player())
    own = [str(c) for c in view.hand]
    if not own:
        return []
    if state.game_name == "gin":
        card = rng.choice(own)
        run = "".join(rng.sample(own, min(3, len(own))))
        return [f"knock {card}", f"discard {card}", "big gin", "take knock", "take", "pass", "draw", f"arrange {run}"]
    if state.game_name == "pinochle":
        picks = " ".join(rng.sample(own, min(len(own), 4)))
        return [f"exchange {rng.choice(own)}", "no exchange", "no meld", "declare out", f"play {rng.choice(own)}",
                f"meld marriage {' '.join(own[:2])}", *(f"meld {name} {picks}" for name in rng.sample(KIND_NAMES, 3))]
    table = [str(c) for c in view.table]
    card = rng.choice(own)
    picks = rng.sample(table, min(len(table), rng.randint(1, 3))) if table else []
    out = [f"{card} trail", f"{card} x {'+'.join(picks)}" if picks else f"{card} x 2C"]
    out += [f"{card} b{v} {' '.join(picks)}" for v in (1, 5, 9, 10, 11)]
    for build in state.builds:  # builds named as the notation names them: captured, raised, added to
        ref = state.ref(build)
        out += [f"{card} x {ref}", f"{card} b{build.value} {ref}", f"{card} b{min(build.value + 3, 10)} {ref}",
                f"{card} b{build.value} {ref} {' '.join(picks)}"]
    return out


def _misuse(game: Any, state: Any, rng: random.Random) -> list[Callable[[], Any]]:
    """API misuse a library caller can commit: a non-action applied, a result asked early, chance at a decision."""
    calls: list[Callable[[], Any]] = [lambda: state.clone().apply(42), lambda: game.hand_result(state)]
    if not state.is_chance_node():
        calls.append(lambda: state.clone().sample_chance(rng))
    return calls


@functools.cache
def _sweep(game_name: str, options_key: tuple[tuple[str, Any], ...], seeds: tuple[int, ...]) -> tuple[CardtableError, ...]:
    game = make_game(game_name, **dict(options_key))
    found: list[CardtableError] = []
    pool: list[str] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_hand(rng.randrange(game.num_players))
        steps = 0
        made: list[str] = []  # the hand's melds so far: made again, the same kind never scores twice
        while not state.is_terminal() and steps < 400:
            steps += 1
            legal = [str(a) for a in state.legal_actions()]
            pool.extend(rng.sample(legal, min(3, len(legal))))
            tries = rng.sample(pool, min(12, len(pool))) + rng.sample(BROKEN, 4) + _own_moves(state, rng) + made
            calls: list[Callable[[], Any]] = [functools.partial(state.clone().apply, text) for text in tries]
            for call in calls + _misuse(game, state, rng):
                try:
                    call()
                except CardtableError as exc:
                    found.append(exc)
            move = rng.choice(state.legal_actions()) if not state.is_chance_node() else state.sample_chance(rng)
            if str(move).startswith("meld ") and state.game_name == "pinochle":
                made.append(str(move))
            state.apply(move)
        for text in ("discard 7H", "play ASa", "7H trail"):
            try:
                state.apply(text)
            except CardtableError as exc:
                found.append(exc)
    return tuple(found)


def refusals(game_name: str, options: dict[str, Any], seeds: range = range(4)) -> tuple[CardtableError, ...]:
    """Every error met sweeping ``seeds`` random hands of the game with ``options`` (made once per session)."""
    return _sweep(game_name, tuple(sorted(options.items())), tuple(seeds))


def every_refusal(seeds: range = range(4)) -> list[CardtableError]:
    """The errors of :func:`refusals` for every config of :data:`CONFIGS`."""
    return [exc for game_name, options in CONFIGS for exc in refusals(game_name, options, seeds)]
