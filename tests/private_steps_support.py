"""Twin Pinochle stage 1s for issue #19's private steps (:mod:`cardtable.apps.private_steps`).

A hand is played with random plays and random draws, every exchange and meld step declined, up to
the lead of the last stage-1 trick. Its twin replays the same public moves (plays and seat 0's
draws) with the cards seat 0 has not seen by then permuted, declining whatever steps the new cards
give: seat 0 sees the same stage 1, while seat 1's exchange and meld steps come at other tricks.
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.errors import CardtableError
from cardtable.registry import make_game
from refusal_privacy_support import _renamed, hidden

__all__ = ["DECLINE", "stage_one", "twin_stage_one", "steps_of"]

DECLINE = {"exchange": "no exchange", "meld": "no meld"}


def _declining(state: Any, rng: random.Random | None, public: list[str] | None) -> list[str]:
    """Play on from ``state`` (random, or the texts of ``public``), declining every step, up to the last trick."""
    history: list[str] = []
    queue = list(public) if public is not None else None
    while not (state.phase == "play" and state.lead < 0 and state.stock.bit_count() <= 1):
        if state.phase in DECLINE:
            text = DECLINE[state.phase]
        elif queue is not None:
            if not queue:
                raise CardtableError("the public moves ran out")
            text = queue.pop(0)
        else:
            assert rng is not None
            text = str(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        history.append(str(state.apply(text)))
    if queue:
        raise CardtableError("public moves left over")
    return history


def stage_one(seed: int) -> tuple[int, list[str], Any]:
    """(dealer, history, state at the last stage-1 lead) of a random hand declining every step."""
    rng = random.Random(seed)
    dealer = rng.randrange(2)
    state = make_game("pinochle").new_hand(dealer)
    return dealer, _declining(state, rng, None), state


def steps_of(history: list[str]) -> list[int]:
    """Where the declines lie among the public moves: the number of public moves before each."""
    out, public = [], 0
    for text in history:
        if text in DECLINE.values():
            out.append(public)
        else:
            public += 1
    return out


def twin_stage_one(seed: int, seat: int = 0, tries: int = 80) -> tuple[int, list[str], list[str]] | None:
    """(dealer, history, twin history) whose public moves are the same and whose declines lie elsewhere."""
    dealer, history, state = stage_one(seed)
    cards = hidden(state, seat)
    public = [t for t in history if t not in DECLINE.values()]
    rng = random.Random(seed)
    for _ in range(tries):
        moved = cards[:]
        rng.shuffle(moved)
        mapping = dict(zip(cards, moved, strict=True))
        try:
            other = _declining(make_game("pinochle").new_hand(dealer), None, [_renamed(t, mapping) for t in public])
        except CardtableError:
            continue
        if steps_of(other) != steps_of(history):
            return dealer, history, other
    return None
