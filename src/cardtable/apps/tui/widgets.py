"""Table widgets: the player's hand as a row of cards (keyboard cursor, mouse selection)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget
from textual.widgets import RichLog

from .cardart import CardSlot, card_row

__all__ = ["HandView", "MoveLog"]


class HandView(Widget):
    """A hand of cards. Arrow keys move the cursor (handled by the screen); clicks select cards."""

    DEFAULT_CSS = """
    HandView { height: 5; width: 1fr; }
    """

    class CardClicked(Message):
        """A card was clicked (``index`` into the displayed order)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: list[tuple[Any, int]] = []
        self.cursor = 0
        self.selected: list[Any] = []
        self.active = False
        self.highlight: Any = None
        self.highlight_label = "new"
        self.empty_text = "(no cards)"
        """What an empty hand says (in the table's language)."""
        self._spans: list[tuple[int, int]] = []

    def set_hand(self, cards: Sequence[tuple[Any, int]], selected: Sequence[Any], cursor: int, active: bool,
                 highlight: Any = None, label: str = "new") -> None:
        """Show ``cards`` ((card, group) pairs); ``highlight`` gets ``label`` under it (a drawn or taken card)."""
        self.cards = list(cards)
        self.selected = list(selected)
        self.cursor = max(0, min(cursor, len(self.cards) - 1)) if self.cards else 0
        self.active = active
        self.highlight = highlight
        self.highlight_label = label
        self.refresh()

    def render(self) -> Text:
        slots = [
            CardSlot(card, group=group, selected=card in self.selected,
                     cursor=self.active and i == self.cursor,
                     label=self.highlight_label if card is self.highlight else "")
            for i, (card, group) in enumerate(self.cards)
        ]
        if not slots:
            return Text(self.empty_text, style="dim")
        text, self._spans = card_row(slots, lift=True, marker=True)
        return text

    def card_at(self, x: int) -> int | None:
        for i, (start, end) in enumerate(self._spans):
            if start <= x < end:
                return i
        return None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.card_at(offset.x)
        if index is not None:
            self.post_message(self.CardClicked(index))


class MoveLog(RichLog):
    """The move log: it keeps its newest line in sight when it is resized (the table's action rows come and go)."""

    def on_resize(self, event: events.Resize) -> None:
        self.scroll_end(animate=False, immediate=True)
