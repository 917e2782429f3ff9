"""Cards drawn as small boxes (5 columns x 3 lines) with suit colours, as Rich text.

::

    ╭───╮ ╭───╮
    │10♥│ │ Q♠│
    ╰───╯ ╰───╯

A row of cards can lift selected cards by one line, mark the cursor card and
colour each card's border by its group (e.g. its meld).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from ... import i18n
from ...cards import Card, PinochleCard

__all__ = [
    "CARD_WIDTH",
    "CardSlot",
    "card_row",
    "card_text",
    "inline_cards",
    "GROUP_COLOURS",
]

CARD_WIDTH = 5
FACE_BG = "grey93"
RED = "red3"
BLACK = "grey11"
GROUP_COLOURS = ("green4", "dark_cyan", "magenta", "dark_orange3", "blue")
"""Border colours of groups 0, 1, ... (melds); group -1 (deadwood) gets a plain grey border."""

AnyCard = Card | PinochleCard


def _rank_text(card: AnyCard) -> str:
    base = card.card if isinstance(card, PinochleCard) else card
    pretty = base.pretty()
    return pretty[:-1]


def suit_style(card: AnyCard) -> Style:
    red = card.suit in (1, 2)
    return Style(color=RED if red else BLACK, bgcolor=FACE_BG, bold=True)


def card_text(card: AnyCard) -> Text:
    """A card inline (e.g. in the log): rank and suit symbol in the suit colour."""
    base = card.card if isinstance(card, PinochleCard) else card
    return Text(base.pretty(), style=Style(color="red1" if card.suit in (1, 2) else None, bold=True))


def inline_cards(cards: Sequence[AnyCard], sep: str = " ") -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c))
    if not cards:
        out.append("-", style="dim")
    return out


@dataclass(frozen=True)
class CardSlot:
    """One card position in a row. ``card=None`` draws a face-down card (or an empty pile with ``empty``)."""

    card: AnyCard | None = None
    group: int = -1
    selected: bool = False
    cursor: bool = False
    empty: bool = False
    dim: bool = False
    label: str = ""


def _lines(slot: CardSlot) -> tuple[Text, Text, Text]:
    if slot.empty:
        edge = Style(color="grey42")
        return (Text("╭┄┄┄╮", edge), Text("┆   ┆", edge), Text("╰┄┄┄╯", edge))
    if slot.card is None:
        back = Style(color="grey82", bgcolor="dark_blue")
        return (Text("╭───╮", back), Text("│▒▒▒│", back), Text("╰───╯", back))
    if slot.cursor:
        border = Style(color="yellow1", bgcolor="grey35", bold=True)
    elif slot.group >= 0:
        border = Style(color=GROUP_COLOURS[slot.group % len(GROUP_COLOURS)], bgcolor=FACE_BG, bold=True)
    else:
        border = Style(color="grey50", bgcolor=FACE_BG)
    face = suit_style(slot.card)
    if slot.dim:
        face = face + Style(dim=True)
    rank = _rank_text(slot.card)
    symbol = "♠♥♦♣"[slot.card.suit]
    mid = Text()
    mid.append("│", border)
    mid.append(f"{rank:>2}{symbol}", face)
    mid.append("│", border)
    top_label = "───"  # Pinochle's two copies of a card are the same card to a player: no a/b letter
    return (Text(f"╭{top_label}╮", border), mid, Text("╰───╯", border))


def card_row(slots: Sequence[CardSlot], gap: int = 1, group_gap: int = 2, lift: bool = False,
             marker: bool = False, labels: bool = False) -> tuple[Text, list[tuple[int, int]]]:
    """Render cards side by side; returns the text and each card's (start, end) columns.

    With ``lift`` the row is 4 lines and selected cards sit one line higher; with
    ``marker`` a line with ``▲`` under the cursor card is added; with ``labels``
    a line of slot labels is added below.
    """
    height = 4 if lift else 3
    rows = [Text() for _ in range(height)]
    spans: list[tuple[int, int]] = []
    marks = Text()
    label_line = Text()
    x = 0
    prev_group: int | None = None
    for i, slot in enumerate(slots):
        if i:
            sep = group_gap if (prev_group is not None and slot.group != prev_group) else gap
            for r in rows:
                r.append(" " * sep)
            marks.append(" " * sep)
            label_line.append(" " * sep)
            x += sep
        prev_group = slot.group
        lines = _lines(slot)
        offset = 0 if (lift and slot.selected) else (1 if lift else 0)
        for r_index in range(height):
            k = r_index - offset
            if 0 <= k < 3:
                rows[r_index].append_text(lines[k])
            else:
                rows[r_index].append(" " * CARD_WIDTH)
        if slot.cursor:
            marks.append("  ▲  ", style="bold yellow1")
        else:
            marks.append(_label(slot.label), style="italic cyan")
        label_line.append(_label(slot.label), style="dim")
        spans.append((x, x + CARD_WIDTH))
        x += CARD_WIDTH
    out = Text()
    all_rows = rows + ([marks] if marker else []) + ([label_line] if labels else [])
    for i, r in enumerate(all_rows):
        if i:
            out.append("\n")
        out.append_text(r)
    return out, spans


def _label(text: str) -> str:
    """A card's label centred under it in :data:`CARD_WIDTH` columns (CJK characters take two)."""
    if text.isascii():
        return f"{text[:CARD_WIDTH]:^{CARD_WIDTH}}"
    out = ""
    for char in text:
        if i18n.display_width(out + char) > CARD_WIDTH:
            break
        out += char
    return i18n.pad(out, CARD_WIDTH, "^")


def pile_text(cards: Sequence[AnyCard], show: int = 4, face_down: int = 0) -> Text:
    """A discard pile: the top card whole, cards below it as 2-column slivers (newest on the right)."""
    rows = [Text(), Text(), Text()]
    below = list(cards[-show:-1]) if len(cards) > 1 else []
    for c in below:
        base = c.card if isinstance(c, PinochleCard) else c
        pretty = base.pretty()
        edge = Style(color="grey50", bgcolor=FACE_BG)
        rows[0].append("╭" + "─" * len(pretty), edge)
        rows[1].append("│", edge)
        rows[1].append(pretty, suit_style(c))
        rows[2].append("╰" + "─" * len(pretty), edge)
    top = CardSlot(cards[-1]) if cards else CardSlot(empty=True)
    for r, line in zip(rows, _lines(top)):
        r.append_text(line)
    out = Text()
    for i, r in enumerate(rows):
        if i:
            out.append("\n")
        out.append_text(r)
    return out
