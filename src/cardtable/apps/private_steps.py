"""Steps only their player may know happen (issue #19): a Pinochle trick winner's exchange and meld steps.

Two-handed Pinochle gives the winner of a stage-1 trick an exchange step only when it holds a dix
(7.1), and a meld step only when it has a meld to make (``pinochle.md`` section 11): that a step
exists tells whether the winner holds those cards. The engine keeps the steps (records depend on
them); the apps tell the other seat and spectators only what the rules make public. A meld or an
exchange made is shown as usual; a declined one (``no meld``, ``no exchange``) never appears in
their log nor counts in their move counter, and while the winner is in such a step they are shown
the winner about to draw, with no phase detail. A computer makes these decisions without a pause of
their own (the draw and its next lead take one paced step, steps or not); a person who wins a trick
and thinks a meld over pauses the table, as at a real one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["DECLINES", "is_decline", "private_step", "shown_phase", "keep_for"]

DECLINES: dict[str, frozenset[str]] = {"pinochle": frozenset({"no exchange", "no meld"})}
"""Per game, the notation of the steps declined: nobody but their player is told of them."""
_STEP_PHASES: dict[str, tuple[str, ...]] = {"pinochle": ("exchange", "meld")}
_SHOWN_PHASE: dict[str, str] = {"pinochle": "draw-winner"}


def is_decline(game: str, action: Any) -> bool:
    """``action`` (an action or its notation) declines a private step of ``game``."""
    return str(action) in DECLINES.get(game, frozenset())


def private_step(state: Any) -> int | None:
    """The seat now in a step only it may know exists, else ``None``."""
    phases = _STEP_PHASES.get(getattr(state, "game_name", ""), ())
    if not phases or state.is_terminal() or state.is_chance_node():
        return None
    return int(state.current_player()) if getattr(state, "phase", None) in phases else None


def shown_phase(game: str) -> str:
    """The phase the others are shown while a player is in a private step (the step that follows it for all)."""
    return _SHOWN_PHASE[game]


def keep_for(game: str, actions: Sequence[Any], actors: Sequence[int], seat: int | None) -> list[bool]:
    """For each of ``actions`` (made by ``actors``), whether ``seat`` (``None``: a spectator) is told of it."""
    declines = DECLINES.get(game, frozenset())
    return [not (str(a) in declines and who != seat) for a, who in zip(actions, actors, strict=False)]
