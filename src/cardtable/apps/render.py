"""Text rendering of views for line mode, per game, with a generic fallback."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from ..cards import Card, cards_to_mask, format_cards
from ..core import CHANCE, TERMINAL

__all__ = ["render_view", "register_renderer"]

_RENDERERS: dict[str, Callable[[Any, Sequence[str]], str]] = {}


def register_renderer(game: str, fn: Callable[[Any, Sequence[str]], str]) -> None:
    _RENDERERS[game] = fn


def render_view(game: str, view: Any, names: Sequence[str]) -> str:
    """A readable multi-line description of ``view`` for a player."""
    fn = _RENDERERS.get(game)
    if fn is None and game == "gin":
        fn = _render_gin
    if fn is None:
        fn = _render_generic
    return fn(view, names)


def _pretty(cards: Sequence[Card]) -> str:
    return format_cards(cards, pretty=True)


def _render_gin(view: Any, names: Sequence[str]) -> str:
    from ..gin.melds import canonical_arrangement, deadwood_cards

    seat = view.seat
    opp = 1 - seat
    lines = [
        f"Gin Rummy - {names[seat]} (you) vs {names[opp]}; dealer: {names[view.dealer]}; "
        f"knock limit {view.knock_limit}; stock {view.stock_size}",
        f"Discard pile: {_pretty(view.discard_pile[-6:])}" + ("  (top: " + view.discard_pile[-1].pretty() + ")" if view.discard_pile else ""),
        f"{names[opp]}: {view.opponent_hand_size} cards"
        + (f", known to hold {_pretty(view.opponent_known)}" if view.opponent_known else ""),
    ]
    hand = cards_to_mask(view.hand)
    melds = canonical_arrangement(hand)
    dead = deadwood_cards(hand, melds)
    from ..cards import mask_to_cards

    meld_txt = "  ".join("[" + "".join(c.pretty() for c in mask_to_cards(m)) + "]" for m in melds)
    lines.append(f"Your hand: {_pretty(view.hand)}")
    lines.append(f"  melds: {meld_txt or '-'}   deadwood: {_pretty(mask_to_cards(dead))} = {view.deadwood}")
    if view.events and view.events[-1].startswith("drawn ") and view.current_player == seat:
        lines.append(f"  (you drew {Card.parse(view.events[-1].split()[1]).pretty()} from the stock)")
    if view.taken_card is not None:
        lines.append(f"  (you took {view.taken_card.pretty()} from the discard pile)")
    sd = view.showdown
    if sd is not None:
        if sd.outcome == "void":
            lines.append(f"Hand void: {sd.void_reason}")
        else:
            k = names[sd.knocker] if sd.knocker is not None else "?"
            lines.append(f"{k} {sd.outcome}s with {sd.knock_card.pretty() if sd.knock_card else '-'}: "
                         f"melds {' '.join(''.join(c.pretty() for c in m) for m in sd.knocker_melds)}, deadwood {sd.knocker_deadwood}")
            if sd.layoffs:
                lines.append("  layoffs: " + ", ".join(c.pretty() for c, _ in sd.layoffs))
            lines.append(f"  defender deadwood {sd.defender_deadwood}; result: {sd.result}; points {sd.points[0]}-{sd.points[1]}")
    return "\n".join(lines)


def _render_generic(view: Any, names: Sequence[str]) -> str:
    if not dataclasses.is_dataclass(view):
        return str(view)
    out = []
    for f in dataclasses.fields(view):
        value = getattr(view, f.name)
        if f.name in ("events",):
            continue
        if isinstance(value, tuple) and value and all(hasattr(c, "pretty") for c in value):
            value = " ".join(c.pretty() for c in value)
        elif value == CHANCE:
            value = "chance" if f.name == "current_player" else value
        elif value == TERMINAL and f.name == "current_player":
            value = "over"
        out.append(f"{f.name}: {value}")
    return "\n".join(out)
