#!/usr/bin/env python3
"""Research adapters speed: environment steps per second, side by side with the peers' Gin Rummy environments.

    python benchmarks/adapters_speed.py [--seconds 3] [--rounds 3] [--seed 1] [--no-peers]

A *step* is one agent decision (``env.step``); every step builds the acting
agent's observation and action mask, and the agent picks a random legal
action from the mask. Chance steps (deals, draws) are inside the step for the
environments (PettingZoo, Gymnasium, RLCard) and count as steps for the
OpenSpiel rows (they are ``apply_action`` calls there too).

Rows, for each game of ours (Gin, Pinochle, 2-player Casino):

* ``adapter``: the bare loop, engine + codec + observation encoder, no wrapper;
* ``pettingzoo``: our AEC env (``env.last()`` + ``env.step``);
* ``gymnasium``: our single-agent env against the ``random`` agent (opponent moves not counted);
* ``openspiel``: our registered Python game, observation tensor at each decision.

Gin also has ``gin vector (n=…)`` rows: :class:`~cardtable.adapters.vector.GinVectorEnv` with ``n``
hands against the ``random`` agent, stepped together. Each ``step`` is one learner decision in each
of the ``n`` hands (observation and mask of every row built), so it counts ``n`` steps; the
opponents' moves and the chance steps inside it are not counted. The last line compares our best Gin
row with OpenSpiel's C++ ``gin_rummy`` measured in the same run.

A game's rows (the peers with Gin's) take turns: ``--rounds`` slices of ``--seconds / --rounds``
each, so that on a shared machine a change of load slows the rows compared alike.

Peers (Gin only), when importable: PettingZoo's ``gin_rummy_v4`` (needs
``pettingzoo<1.25`` with RLCard and pygame), RLCard's ``gin-rummy`` env, and
OpenSpiel's C++ ``gin_rummy`` (observation tensor at each decision). Keep the
peers out of the project's virtualenv::

    python3 -m venv /work/peers
    /work/peers/bin/pip install -e '.[rl,openspiel]' rlcard 'pettingzoo==1.24.3' pygame
    /work/peers/bin/python benchmarks/adapters_speed.py
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
import warnings
from collections.abc import Callable
from typing import Any

import numpy as np

Runner = Callable[[float, int], tuple[int, float]]
"""(seconds, seed) -> (steps, elapsed seconds)."""
VECTOR_SIZES = (16, 128)
"""The batch sizes of the ``gin vector`` rows."""
OPENSPIEL_GIN = "gin/peer: OpenSpiel C++ gin_rummy"


# --- ours ----------------------------------------------------------------------------------------------
def adapter_loop(game: str) -> Runner:
    from cardtable.adapters import adapter_for

    adapter = adapter_for(game)

    def run(seconds: float, seed: int) -> tuple[int, float]:
        rng = random.Random(seed)
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = adapter.new_state(rng.randrange(adapter.num_players))
            pending: tuple[int, ...] = ()
            state.resolve_chance(rng)
            while not state.is_terminal():
                seat = state.current_player()
                adapter.observe(state.view(seat), pending)
                mask = adapter.legal_ids(state, pending)
                pending, move = adapter.advance(state, pending, mask[rng.randrange(len(mask))])
                if move is not None:
                    state.apply(move)
                    state.resolve_chance(rng)
                steps += 1
        return steps, time.perf_counter() - start

    return run


def aec_loop(make: Callable[[], Any]) -> Runner:
    def run(seconds: float, seed: int) -> tuple[int, float]:
        env = make()
        rng = np.random.default_rng(seed)
        steps = 0
        episode = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            env.reset(seed=seed + episode)
            episode += 1
            for _ in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.integers(len(legal))]))
                steps += 1
        return steps, time.perf_counter() - start

    return run


def gym_loop(make: Callable[[], Any]) -> Runner:
    def run(seconds: float, seed: int) -> tuple[int, float]:
        env = make()
        rng = np.random.default_rng(seed)
        steps = 0
        start = time.perf_counter()
        obs, _ = env.reset(seed=seed)
        while time.perf_counter() - start < seconds:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, term, trunc, _ = env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            if term or trunc:
                obs, _ = env.reset()
        return steps, time.perf_counter() - start

    return run


def vector_loop(num_envs: int) -> Runner:
    from cardtable.adapters.vector import GinVectorEnv

    def run(seconds: float, seed: int) -> tuple[int, float]:
        env = GinVectorEnv(num_envs, opponent="random")
        rng = np.random.default_rng(seed)
        steps = 0
        start = time.perf_counter()
        obs, _ = env.reset(seed=seed)
        while time.perf_counter() - start < seconds:
            mask = obs["action_mask"]
            # a uniform random legal id per row: the largest of uniform draws over the legal ids
            obs, _, _, _, _ = env.step(np.argmax(rng.random(mask.shape) * mask, axis=1))
            steps += num_envs
        return steps, time.perf_counter() - start

    return run


def spiel_loop(name: str, params: dict[str, Any] | None = None) -> Runner:
    import pyspiel

    if name.startswith("cardtable_"):
        import cardtable.adapters.openspiel  # noqa: F401  (registers the games)

    game = pyspiel.load_game(name, params or {})

    def run(seconds: float, seed: int) -> tuple[int, float]:
        rng = random.Random(seed)
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                else:
                    state.observation_tensor(state.current_player())
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                steps += 1
        return steps, time.perf_counter() - start

    return run


# --- peers -----------------------------------------------------------------------------------------------
def rlcard_loop() -> Runner:
    import rlcard

    def run(seconds: float, seed: int) -> tuple[int, float]:
        env = rlcard.make("gin-rummy", config={"seed": seed})
        rng = random.Random(seed)
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"].keys())
                state, _ = env.step(legal[rng.randrange(len(legal))])
                steps += 1
        return steps, time.perf_counter() - start

    return run


def _peer_pettingzoo_gin() -> Callable[[], Any]:
    from pettingzoo.classic import gin_rummy_v4

    return gin_rummy_v4.env  # type: ignore[no-any-return]


# --- report ----------------------------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per row")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-peers", action="store_true")
    parser.add_argument("--rounds", type=int, default=3,
                        help="a game's rows take turns in this many slices of --seconds / rounds (load changes hit them alike)")
    args = parser.parse_args(argv)
    warnings.filterwarnings("ignore")

    from cardtable.adapters import casino_env, casino_v0, gin_env, gin_rummy_v0, pinochle_env, pinochle_v0

    rows: list[tuple[str, str, Runner | None, str]] = []
    for game, aec, gym in (("gin", gin_rummy_v0, gin_env), ("pinochle", pinochle_v0, pinochle_env),
                           ("casino", casino_v0, casino_env)):
        rows.append((game, "ours: adapter (engine + codec + observation)", adapter_loop(game), ""))
        if game == "gin":
            for n in VECTOR_SIZES:
                rows.append((game, f"ours: gin vector (n={n})", vector_loop(n), ""))
        rows.append((game, "ours: PettingZoo AEC", aec_loop(aec), ""))
        rows.append((game, "ours: Gymnasium vs random", gym_loop(gym), ""))
        if game == "gin":
            rows.append((game, "ours: Gymnasium vs random, observation=melds",
                         gym_loop(lambda: gin_env(observation="melds")), ""))
        try:
            rows.append((game, "ours: OpenSpiel Python game", spiel_loop(f"cardtable_{game}"), ""))
        except ImportError as exc:
            rows.append((game, "ours: OpenSpiel Python game", None, f"not importable ({exc.name})"))
    if not args.no_peers:
        peers: list[tuple[str, Callable[[], Runner]]] = [
            ("peer: PettingZoo gin_rummy_v4", lambda: aec_loop(_peer_pettingzoo_gin())),
            ("peer: RLCard gin-rummy env", rlcard_loop),
            ("peer: OpenSpiel C++ gin_rummy", lambda: spiel_loop("gin_rummy")),
        ]
        gin_rows: list[tuple[str, str, Runner | None, str]] = []
        for label, factory in peers:
            try:
                gin_rows.append(("gin", label, factory(), ""))
            except ImportError as exc:
                gin_rows.append(("gin", label, None, f"not importable ({exc.name})"))
        # right after our Gin rows: the rows compared are measured close together (the load may change)
        at = 1 + max(i for i, row in enumerate(rows) if row[0] == "gin")
        rows[at:at] = gin_rows

    print(f"python {platform.python_version()} on {platform.machine()}, {args.seconds:g} s per row"
          f" in {args.rounds} round-robin slices per game")
    print(f"{'game':9} {'environment':48} {'steps/s':>10}")
    results: dict[str, float] = {}
    for game in dict.fromkeys(row[0] for row in rows):
        group = [row for row in rows if row[0] == game]
        results.update(measure(group, args.seconds, args.rounds, args.seed))
        for _, label, runner, note in group:
            rate = results.get(f"{game}/{label}")
            if runner is None or rate is None:
                print(f"{game:9} {label:48} {'-':>10}  {note}")
            else:
                print(f"{game:9} {label:48} {rate:>10,.0f}", flush=True)
    rlcard_rate = results.get("gin/peer: RLCard gin-rummy env")
    if rlcard_rate:
        for key in ("gin/ours: PettingZoo AEC", "gin/ours: adapter (engine + codec + observation)"):
            print(f"{key} / RLCard: {results[key] / rlcard_rate:.2f}x")
    print(versus_openspiel(results))
    sys.stdout.flush()


def measure(group: list[tuple[str, str, Runner | None, str]], seconds: float, rounds: int,
            seed: int) -> dict[str, float]:
    """Steps/s of each row of one game, the rows taking turns in ``rounds`` slices of ``seconds / rounds``:
    on a shared machine a change of load then slows every row alike, and the ratios hold."""
    steps: dict[str, int] = {}
    elapsed: dict[str, float] = {}
    for r in range(max(1, rounds)):
        for game, label, runner, _ in group:
            if runner is None:
                continue
            done, took = runner(seconds / max(1, rounds), seed + r)
            key = f"{game}/{label}"
            steps[key] = steps.get(key, 0) + done
            elapsed[key] = elapsed.get(key, 0.0) + took
    return {key: steps[key] / elapsed[key] for key in steps}


def versus_openspiel(results: dict[str, float]) -> str:
    """The line comparing our fastest Gin row with OpenSpiel's C++ ``gin_rummy`` of the same run."""
    ours = {key: rate for key, rate in results.items() if key.startswith("gin/ours: ")}
    spiel = results.get(OPENSPIEL_GIN)
    if not spiel:
        return "best ours / OpenSpiel C++ gin_rummy: not measured (pyspiel not importable, or --no-peers)"
    best = max(ours, key=ours.__getitem__)
    return f"best ours / OpenSpiel C++ gin_rummy: {ours[best] / spiel:.2f}x ({best.removeprefix('gin/ours: ')})"


if __name__ == "__main__":
    main()
