"""The Casino table as the person picks from it: loose cards and builds, with the table cursor and the picks.

Loose cards are drawn as card boxes when they fit on one row of the felt, else as
compact chips wrapped to its width (a crowded table of 24 cards takes four lines at
80 columns). A picked card reads ``[7♥]``; the cursor card is marked ``▸`` and
highlighted; a build line starts with ``▸`` under the cursor and ends ``✓ picked``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.style import Style
from rich.text import Text

from ...cards import Card, mask_to_cards
from .cardart import CARD_WIDTH, CardSlot, card_row, inline_cards, suit_style
from .speech import Speech, speech

__all__ = ["TablePicks", "LooseCards", "build_line", "build_name"]

CHIP = CARD_WIDTH
"""Columns of one compact card chip (``[10♦]``); chips are one column apart."""

CURSOR = Style(color="grey11", bgcolor="yellow1", bold=True)
PICKED = Style(color="white", bgcolor="dark_green", bold=True)


@dataclass
class TablePicks:
    """What the person has picked on the table: whether the table has the keyboard, its cursor, the items."""

    focused: bool = False
    cursor: int = 0
    picked: list[Any] = field(default_factory=list)

    def clear(self) -> None:
        """Nothing picked, the keyboard back on the hand."""
        self.focused = False
        self.picked = []


class LooseCards:
    """The loose cards, fitted to the width they are given (boxes on one row, else wrapped chips)."""

    def __init__(self, cards: Sequence[Card], picked: Sequence[Any], cursor: int | None, sp: Speech | None = None) -> None:
        self.sp = sp or speech("en")
        self.cards = list(cards)
        self.picked = list(picked)
        self.cursor = cursor

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self.render(options.max_width)

    def render(self, width: int) -> Text:
        """The cards in ``width`` columns."""
        if not self.cards:
            return Text(self.sp._("(no loose cards)"), style="dim")
        if len(self.cards) * (CARD_WIDTH + 1) - 1 <= width:
            lift = bool(self.picked) or self.cursor is not None
            slots = [CardSlot(c, selected=c in self.picked, cursor=i == self.cursor) for i, c in enumerate(self.cards)]
            return card_row(slots, lift=lift, marker=self.cursor is not None)[0]
        per_line = max(1, (width + 1) // (CHIP + 1))
        out = Text()
        for i, card in enumerate(self.cards):
            if i:
                out.append("\n" if i % per_line == 0 else " ")
            picked, here = card in self.picked, i == self.cursor
            mark = CURSOR if here else PICKED if picked else Style()
            out.append("[" if picked else "▸" if here else " ", mark)
            out.append(card.pretty(), mark if here or picked else suit_style(card))
            out.append("]" if picked else " ", mark)
            out.append(" " * (CHIP - 2 - len(card.pretty())))
        return out


def build_name(build: Any, sp: Speech | None = None) -> str:
    """A build as a person names it: ``8-build: 5♣+3♦`` (groups of a multiple build with ``|``)."""
    cards = " | ".join("+".join(c.pretty() for c in mask_to_cards(g)) for g in build.groups)
    return (sp or speech("en"))._("{value}-build: {cards}", value=build.value, cards=cards)


def build_line(build: Any, names: Sequence[str], picked: bool = False, cursor: bool = False,
               sp: Speech | None = None) -> Text:
    """One build on the table: value, kind, controller and groups; the cursor and pick marked."""
    sp = sp or speech("en")
    line = Text()
    line.append("▸" if cursor else " ", CURSOR if cursor else "")
    line.append(f"[{build.value}] ", style="bold magenta")
    owner = names[build.controller]
    line.append(sp._("single build of {name}: ", name=owner) if build.kind == "single"
                else sp._("multiple build of {name}: ", name=owner), style="dim")
    for gi, g in enumerate(build.groups):
        if gi:
            line.append(" | ")
        line.append_text(inline_cards(mask_to_cards(g), sep="+"))
    if picked:
        line.append(" " + sp._("✓ picked"), PICKED)
    if cursor:
        line.stylize("underline")
    return line
