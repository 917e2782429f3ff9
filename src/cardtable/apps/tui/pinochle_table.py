"""The two-handed Pinochle table: hand and melded cards, trump card, trick, stock, melds and the hand score."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...cards import PinochleCard
from ...core import CHANCE, GameState, HandResult
from ..hint_words import distinct
from ..words import conjugate, meld_kind_name, narrate_action, plural
from .adapters import Candidate, GameAdapter
from .cardart import CardSlot, card_row, inline_cards
from .common import short_name

__all__ = ["PinochleAdapter"]

_PINOCHLE_ORDER = {1: 0, 10: 1, 13: 2, 12: 3, 11: 4, 9: 5}


class PinochleAdapter(GameAdapter):
    """Two-handed Pinochle: hand and melded cards, trump card, the trick, stock, stage and meld points."""

    game = "pinochle"
    notation_examples = "play QS, meld marriage KH QH, no meld, exchange 9C"
    multi_select = True
    keys_help = "select cards, then play or meld them"

    def hand_slots(self, view: Any) -> list[tuple[Any, int]]:
        trump = view.trump

        def key(c: Any) -> tuple[int, int, int]:
            return (0 if c.suit == trump else 1, c.suit, _PINOCHLE_ORDER.get(c.rank, 9))

        out: list[tuple[Any, int]] = [(c, -1) for c in sorted(view.hand, key=key)]
        out += [(c, 0) for c in sorted(view.melded, key=key)]
        return out

    def hand_caption(self, view: Any) -> Text:
        t = Text()
        if view.melded:
            t.append("green: melded, still playable   ", style="green")
        t.append(f"meld points {view.meld_points[view.seat]}", style="bold")
        t.append(f"   tricks won {len(view.won[view.seat]) // 2}", style="dim")
        return t

    def opponent_panel(self, view: Any, names: Sequence[str], seat: int) -> RenderableType:
        opp = 1 - seat
        t = Text()
        t.append(names[opp], style="bold")
        concealed = view.opponent_hand_size - len(view.opponent_melded)
        t.append(f"  {concealed} concealed ")
        t.append("▒" * max(0, concealed), style="grey82 on dark_blue")
        t.append(f"   meld points {view.meld_points[opp]}", style="dim")
        if view.opponent_melded:
            t.append("\n  on the table: ")
            t.append_text(inline_cards(view.opponent_melded))
        if view.opponent_known:
            t.append("\n  known to hold: ")
            t.append_text(inline_cards(view.opponent_known))
        if view.opponent_hand is not None:
            t.append("\n  hand: ")
            t.append_text(inline_cards(view.opponent_hand))
        return t

    def table_panel(self, view: Any, names: Sequence[str]) -> RenderableType:
        grid = Table.grid(padding=(0, 2))
        for _ in range(4):
            grid.add_column()
        trump = "♠♥♦♣"[view.trump] if view.trump >= 0 else "-"
        stock = card_row([CardSlot(None) if view.stock_size else CardSlot(empty=True)])[0]
        turn = card_row([CardSlot(view.trump_card) if view.trump_card is not None else CardSlot(empty=True)])[0]
        trick = card_row([CardSlot(view.lead) if view.lead is not None else CardSlot(empty=True)])[0]
        info = Text()
        info.append("Trump ", style="dim")
        info.append(trump + "\n", style="bold red1" if view.trump in (1, 2) else "bold")
        info.append(f"Stage {view.stage}\n", style="bold")
        info.append(f"Stock {view.stock_size}", style="dim")
        if view.rules is not None and view.rules.declare_out:
            info.append(f"\nClaim {view.claim()}/{view.rules.target_score}", style="dim")
        grid.add_row(Text("Stock", style="dim"), Text("Trump card", style="dim"), Text("Trick", style="dim"), Text(""))
        grid.add_row(stock, turn, trick, info)
        parts: list[RenderableType] = [grid]
        if view.tricks:
            _leader, led, followed, winner = view.tricks[-1]
            last = Text("Last trick: ", style="dim")
            last.append_text(inline_cards([led, followed]))
            last.append(f" → {names[winner]}", style="dim")
            parts.append(last)
        return Group(*parts)

    def prompt(self, view: Any, state: GameState[Any, Any, Any], seat: int, names: Sequence[str]) -> str:
        if state.current_player() != seat:
            return "Waiting for the computer..."
        phase = view.phase
        if phase == "play":
            return "Select a card and play it (Enter)." if view.lead is None else "Answer the lead: select a card, Enter."
        if phase == "meld":
            return "You won the trick: select cards to meld, or choose no meld."
        if phase == "exchange":
            return "You may exchange the dix for the trump card."
        return ""

    def candidates(self, state: GameState[Any, Any, Any], selected: Sequence[Any]) -> list[Candidate]:
        """The moves with the selected cards, then the ones without cards (``no meld`` always last).

        With nothing selected at the meld (exchange) step every possible meld (dix exchange) is
        listed first, so the first move is never ``no meld`` (``no exchange``) while one is possible; a selected card that may
        not be played is listed as illegal, so choosing it says which rule forbids it.
        """
        from ...pinochle.actions import PLAY
        from ...pinochle.deck import index_of

        legal = state.legal_actions()
        plain = [(a, True) for a in legal if not self.uses_cards(a)]
        phase = getattr(state, "phase", "")
        if not selected:
            if phase in ("meld", "exchange"):
                offers = [a for a in legal if a.kind in ("meld", "exchange")]
                labels = [self.label(a, state) for a in offers]  # two copies of a card: one move to a player
                return [(offers[i], True) for i in distinct(labels)][:8] + plain
            return plain
        names = {str(c) for c in selected}
        own = [(a, True) for a in legal if names <= set(str(a).split())]
        if not own and phase == "play" and len(selected) == 1 and isinstance(selected[0], PinochleCard):
            own = [(PLAY[index_of(selected[0])], False)]
        return own + plain

    def selects_several(self, state: GameState[Any, Any, Any]) -> bool:
        return getattr(state, "phase", "") == "meld"  # a meld takes several cards; a play one

    def phrase_options(self, action: Any) -> dict[str, Any]:
        return {"meld_points": _meld_points(action)} if getattr(action, "kind", "") == "meld" else {}

    def pre_action(self, state: GameState[Any, Any, Any]) -> Any:
        """What the log compares with the state after a move: the trump card under the stock (what a dix
        is exchanged for), the tricks played and each seat's meld points (a dix scored in play)."""
        from ...pinochle.deck import CARDS

        index = getattr(state, "trump_card", -1)
        trump = CARDS[index] if isinstance(index, int) and index >= 0 else None
        points = tuple(state.meld_points(seat) for seat in (0, 1)) if hasattr(state, "meld_points") else (0, 0)
        return _Before(trump, getattr(state, "ntricks", 0), points)

    def describe(self, state: GameState[Any, Any, Any], action: Any, actor: int, human: int, names: Sequence[str],
                 pre: Any = None) -> str | None:
        """Pinochle's log: besides the moves, the card turned up (and a dix's 10 points), the card you
        draw, who wins each trick and a dix scored when played."""
        from ...pinochle.deck import CARDS

        before = pre if isinstance(pre, _Before) else _Before(None, 0, (0, 0))
        kind = getattr(action, "kind", "")
        pin: Any = state  # a PinochleState: its dealer, meld points, tricks and who received each card

        def who(seat: int) -> str:
            return "You" if seat == human else short_name(names[seat])

        if kind == "turnup":
            card = CARDS[action.card]
            text = f"The {card.card.pretty()} is turned up: {_SUIT_WORDS[card.card.suit]} are trump."
            if pin.meld_points(pin.dealer) > before.points[pin.dealer]:
                text += f" It is the dix (the 9 of trump): {conjugate(who(pin.dealer), 'score')} 10 points."
            return text
        if kind == "draw":
            seat = pin.actors[-1]
            parts = [f"You draw the {CARDS[action.card].card.pretty()} from the stock."] if seat == human else []
            if before.trump is not None and getattr(state, "trump_card", -1) < 0:  # the last draw
                parts.append(f"{conjugate(who(1 - seat), 'take')} the trump card, the {before.trump.card.pretty()}; "
                             "the stock is used up: stage 2.")
            return " ".join(parts) or None
        if actor == CHANCE:
            return None
        if kind == "exchange":
            gained = pin.meld_points(actor) - before.points[actor]
            return narrate_action(action, who(actor), turnup=before.trump) + (
                f" (the dix: {gained} points)." if gained > 0 else ".")
        text = super().describe(state, action, actor, human, names, pre) or ""
        if kind == "play" and getattr(state, "ntricks", 0) > before.tricks:
            _leader, led, followed, winner = pin.trick_log[-1]
            text = (f"{text[:-1]}: {conjugate(who(winner), 'win')} the trick "
                    f"({led_and_followed(CARDS, led, followed)}).")
            for seat in (0, 1):
                gained = pin.meld_points(seat) - before.points[seat]
                if gained > 0:
                    text += f" {conjugate(who(seat), 'score')} {gained} for playing a dix (a 9 of trump)."
        return text

    def decline_warning(self, state: GameState[Any, Any, Any], action: Any) -> str:
        kind = getattr(action, "kind", "")
        if kind == "no exchange":
            swap = next((a for a in state.legal_actions() if a.kind == "exchange"), None)
            return f"You could {self.label(swap)[0].lower()}{self.label(swap)[1:]}." if swap is not None else ""
        if kind != "no meld":
            return ""
        melds = [a for a in state.legal_actions() if a.kind == "meld"]
        if not melds:
            return ""
        best = max(melds, key=lambda a: _meld_points(a))
        return (f"You can still meld ({plural(len(melds), 'meld')} possible, e.g. {self.label(best)}): "
                "declining gives up those points.")

    def summarize(self, state: GameState[Any, Any, Any], result: HandResult, human: int, names: Sequence[str]) -> list[str]:
        return ["Hand over: " + ", ".join(f"{short_name(names[i])} {plural(p, 'point')}"
                                          for i, p in enumerate(result.points)) + "."]

    def breakdown(self, state: GameState[Any, Any, Any], result: HandResult, human: int, names: Sequence[str],
                  step: int) -> RenderableType:
        d = result.details if isinstance(result.details, dict) else {}
        if "meld_points" not in d:
            return super().breakdown(state, result, human, names, step)
        table = Table(title="Hand score", title_justify="left")
        table.add_column("")
        for n in names:
            table.add_column(n, justify="right")
        melds = d.get("meld") or [{}, {}]
        dix = d.get("dix") or [{}, {}]
        for k in sorted({k for m in melds for k in m}):
            table.add_row(f"  {meld_kind_name(k)}", *[str(m.get(k, 0) or "") for m in melds])
        for k in [k for k in _DIX_ROWS if any(x.get(k) for x in dix)]:  # the dix scores outside the melds
            table.add_row(f"  {_DIX_ROWS[k]}", *[str(x.get(k, 0) or "") for x in dix])
        table.add_row("meld", *[str(x) for x in d.get("meld_points", [0, 0])])
        table.add_row("counters", *[str(x) for x in d.get("counters", [0, 0])])
        lt = d.get("last_trick")
        table.add_row("last trick", *["✓" if lt == i else "" for i in range(len(names))])
        table.add_row("card points", *[str(x) for x in d.get("card_points", [0, 0])])
        table.add_row(Text("hand total", style="bold"), *[Text(str(p), style="bold green") for p in result.points])
        return table


_SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")


class _Before(tuple[Any, int, tuple[int, int]]):
    """The state before a move, as the log needs it: (trump card under the stock, tricks played, meld points)."""

    def __new__(cls, trump: Any, tricks: int, points: tuple[int, int]) -> _Before:
        return super().__new__(cls, (trump, tricks, points))

    @property
    def trump(self) -> Any:
        return self[0]

    @property
    def tricks(self) -> int:
        return int(self[1])

    @property
    def points(self) -> tuple[int, int]:
        points: tuple[int, int] = self[2]
        return points


def led_and_followed(cards: Sequence[Any], led: int, followed: int) -> str:
    """A trick's two cards in words: ``A♦ and Q♠``."""
    return f"{cards[led].card.pretty()} and {cards[followed].card.pretty()}"


_DIX_ROWS = {"dix-turnup": "dix turned up (dealer)", "dix-exchange": "dix exchanged", "dix-played": "dix played"}


def _meld_points(action: Any) -> int:
    from ...pinochle.melds import KIND_POINTS

    return KIND_POINTS[action.meld]
