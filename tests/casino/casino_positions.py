"""Helpers for Casino tests: rules, positions from short strings, random play and random positions."""

from __future__ import annotations

import random
from typing import Any

from cardtable.cards import Card, full_deck
from cardtable.casino import CasinoGame, CasinoRules, CasinoState


def game(**options: Any) -> CasinoGame:
    return CasinoGame(CasinoRules(**options))


def position(text: str, **options: Any) -> CasinoState:
    return game(**options).from_position(text)


def names(actions: list[Any]) -> list[str]:
    return [str(a) for a in actions]


def play_random(state: CasinoState, rng: random.Random, visit: Any = None) -> CasinoState:
    """Play the hand out with uniformly random legal moves, calling ``visit(state)`` at decisions."""
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            if visit is not None:
                visit(state)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return state


RULE_VARIANTS: list[dict[str, Any]] = [
    {},
    {"court_capture": "all"},
    {"permissive_builds": True},
    {"allow_duplicate_value_builds": True},
    {"raise_own_build": False},
    {"permissive_builds": True, "allow_duplicate_value_builds": True, "court_capture": "all"},
]


def variants(n: int) -> list[dict[str, Any]]:
    out = [{"num_players": n, **v} for v in RULE_VARIANTS]
    if n == 4:
        out.append({"num_players": 4, "partnerships": False})
        out.append({"num_players": 4, "build_for_partner": True})
        out.append({"num_players": 4, "build_for_partner": True, "allow_duplicate_value_builds": True})
    return out


def random_position(rng: random.Random, rules: CasinoRules, max_loose: int = 7, max_builds: int = 3) -> CasinoState:
    """A random legal decision point with builds (controllers hold their values) and loose cards."""
    n = rules.num_players
    while True:
        deck = full_deck()
        rng.shuffle(deck)
        numerals = [c for c in deck if c.rank <= 10]
        m = rng.randint(1, 4)
        dealer = rng.randrange(n)
        used: set[Card] = set()
        hands: list[list[Card]] = [[] for _ in range(n)]
        builds = []
        values: set[int] = set()
        ok = True
        for _ in range(rng.randint(0, max_builds)):
            v = rng.randint(2, 10)
            if v in values and not rules.allow_duplicate_value_builds:
                continue
            groups = _groups(rng, numerals, used, v, rng.randint(1, 2))
            if groups is None:
                continue
            ctl = rng.randrange(n)
            holder = [c for c in numerals if c.rank == v and c not in used]
            if not holder or len(hands[ctl]) >= m:
                ok = False
                break
            hands[ctl].append(holder[0])
            used.add(holder[0])
            values.add(v)
            body = " | ".join("+".join(str(c) for c in g) for g in groups)
            builds.append(f"[{v} @{ctl}: {body}]")
        if not ok:
            continue
        rest = [c for c in deck if c not in used]
        for seat in range(n):
            while len(hands[seat]) < m:
                card = rest.pop()
                hands[seat].append(card)
                used.add(card)
        loose = [rest.pop() for _ in range(rng.randint(0, max_loose))]
        fields = {
            "dealer": str(dealer),
            "deal": str(rng.randint(1, rules.num_deals)),
            "turn": str((dealer + 1) % n),
            "table": " ".join([str(c) for c in loose] + builds) or "-",
        }
        for seat in range(n):
            fields[f"hand{seat}"] = " ".join(str(c) for c in hands[seat])
        try:
            return CasinoGame(rules).from_position(fields)
        except Exception:  # e.g. too few cards left for the pack; try again
            continue


def _groups(rng: random.Random, numerals: list[Card], used: set[Card], v: int, k: int) -> list[list[Card]] | None:
    out = []
    for _ in range(k):
        free = [c for c in numerals if c not in used and c.rank <= v]
        rng.shuffle(free)
        group: list[Card] = []
        total = 0
        for c in free:
            if total + c.rank <= v:
                group.append(c)
                total += c.rank
            if total == v:
                break
        if total != v:
            return None
        used.update(group)
        out.append(group)
    if sum(len(g) for g in out) < 2:
        for g in out:
            used.difference_update(g)
        return None
    return out
