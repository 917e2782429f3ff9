"""One hand of a finished match, frame by frame, as the replay page takes it.

The server's ``/api/replay/{uid}`` (:mod:`.history`) and the page's own engine (:mod:`.solo`) answer
with these frames; each adds the match's ``info``. Every seat's view is in every frame, so call this
only for a match that is over (every hand may then be shown). Needs no third-party package.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...match import Match
from .serialize import serialize_view, to_jsonable

__all__ = ["hand_replay"]


def hand_replay(match: Match, hands: Sequence[Sequence[str]], hand: int) -> dict[str, Any]:
    """Hand ``hand`` (from 1) of the actions ``hands``, played on ``match`` (set up as the record's was, before
    any action): ``hand``, ``hands``, ``dealer``, ``frames`` and ``result``.

    A frame is ``actor`` (the seat that moved; negative: chance), ``m`` (the action's notation), ``label``
    (its words) and ``views`` (every seat's view after it); the chance actions of the deal make one frame
    (``m`` and ``label`` ``"deal"``). Raises :class:`ValueError` for a hand the match does not have.
    """
    if not 1 <= hand <= len(hands):
        raise ValueError(f"no hand {hand} in {len(hands)}")
    for actions in hands[: hand - 1]:
        for text in actions:
            match.apply(text)
    game, n = match.game.name, match.game.num_players
    dealer = match.hands[-1].dealer
    frames: list[dict[str, Any]] = []
    for text in hands[hand - 1]:
        state = match.state
        actor = state.current_player()
        act = match.apply(text)
        pretty = getattr(act, "pretty", None)
        label = str(pretty()) if callable(pretty) else text
        views = [serialize_view(game, state.view(i)) for i in range(n)]
        if actor < 0 and frames and frames[-1]["actor"] < 0:  # the deal is one frame
            frames[-1] = {"actor": actor, "m": "deal", "label": "deal", "views": views}
            continue
        frames.append({"actor": actor, "m": text, "label": label, "views": views})
    result = match.hands[hand - 1].result
    return {"hand": hand, "hands": len(hands), "dealer": dealer, "frames": frames,
            "result": None if result is None else {"points": list(result.points), "summary": result.summary,
                                                   "details": to_jsonable(result.details)}}
