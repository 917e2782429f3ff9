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
from ..words import conjugate, meld_kind_name, plural
from .adapters import Candidate, GameAdapter
from .cardart import CardSlot, card_row, inline_cards
from .common import short_name
from .speech import Speech

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
        sp = self.sp
        t = Text()
        if view.melded:
            t.append(sp._("green: melded, still playable") + "   ", style="green")
        t.append(sp._("meld points {points}", points=view.meld_points[view.seat]), style="bold")
        t.append("   " + sp._("tricks won {n}", n=len(view.won[view.seat]) // 2), style="dim")
        return t

    def opponent_panel(self, view: Any, names: Sequence[str], seat: int) -> RenderableType:
        opp = 1 - seat
        sp = self.sp
        t = Text()
        t.append(names[opp], style="bold")
        concealed = view.opponent_hand_size - len(view.opponent_melded)
        t.append("  " + sp.ngettext("{n} concealed", "{n} concealed", concealed) + " ")
        t.append("▒" * max(0, concealed), style="grey82 on dark_blue")
        t.append("   " + sp._("meld points {points}", points=view.meld_points[opp]), style="dim")
        if view.opponent_melded:
            t.append("\n  " + sp._("on the table:") + " ")
            t.append_text(inline_cards(view.opponent_melded))
        if view.opponent_known:
            t.append("\n  " + sp._("known to hold:") + " ")
            t.append_text(inline_cards(view.opponent_known))
        if view.opponent_hand is not None:
            t.append("\n  " + sp._("hand:") + " ")
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
        sp = self.sp
        info = Text()
        info.append(sp._("Trump") + " ", style="dim")
        info.append(trump + "\n", style="bold red1" if view.trump in (1, 2) else "bold")
        info.append(sp._("Stage {number}", number=view.stage) + "\n", style="bold")
        info.append(sp._("Stock {n}", n=view.stock_size), style="dim")
        if view.rules is not None and view.rules.declare_out:
            info.append("\n" + sp._("Claim {points}/{target}", points=view.claim(), target=view.rules.target_score),
                        style="dim")
        grid.add_row(Text(sp._("Stock"), style="dim"), Text(sp._("Trump card"), style="dim"),
                     Text(sp._("Trick"), style="dim"), Text(""))
        grid.add_row(stock, turn, trick, info)
        parts: list[RenderableType] = [grid]
        if view.tricks:
            _leader, led, followed, winner = view.tricks[-1]
            last = Text(sp._("Last trick:") + " ", style="dim")
            last.append_text(inline_cards([led, followed]))
            last.append(f" → {names[winner]}", style="dim")
            parts.append(last)
        return Group(*parts)

    def prompt(self, view: Any, state: GameState[Any, Any, Any], seat: int, names: Sequence[str]) -> str:
        sp = self.sp
        if state.current_player() != seat:
            return sp._("Waiting for the computer...")
        phase = view.phase
        if phase == "play":
            return sp._("Select a card and play it (Enter).") if view.lead is None \
                else sp._("Answer the lead: select a card, Enter.")
        if phase == "meld":
            return sp._("You won the trick: select cards to meld, or choose no meld.")
        if phase == "exchange":
            return sp._("You may exchange the dix for the trump card.")
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

        sp = self.sp
        stop = sp._(".")
        sep = "" if sp.lang in ("ja", "zh") else " "  # sentences follow each other without a space in CJK

        def unstop(text: str) -> str:
            return text[:-len(stop)] if stop and text.endswith(stop) else text

        if kind == "turnup":
            card = CARDS[action.card]
            text = sp._("The {card} is turned up: {suit} are trump.", card=card.card.pretty(),
                        suit=_suit_words(sp)[card.card.suit])
            if pin.meld_points(pin.dealer) > before.points[pin.dealer]:
                if sp.english:
                    text += f" It is the dix (the 9 of trump): {conjugate(who(pin.dealer), 'score')} 10 points."
                elif pin.dealer == human:
                    text += sep + sp._("It is the dix (the 9 of trump): you score 10 points.")
                else:
                    text += sep + sp._("It is the dix (the 9 of trump): {name} scores 10 points.", name=who(pin.dealer))
            return text
        if kind == "draw":
            seat = pin.actors[-1]
            parts = [sp._("You draw the {card} from the stock.", card=CARDS[action.card].card.pretty())] \
                if seat == human else []
            if before.trump is not None and getattr(state, "trump_card", -1) < 0:  # the last draw
                trump_card = before.trump.card.pretty()
                if sp.english:
                    parts.append(f"{conjugate(who(1 - seat), 'take')} the trump card, the {trump_card}; "
                                 "the stock is used up: stage 2.")
                elif 1 - seat == human:
                    parts.append(sp._("You take the trump card, the {card}; the stock is used up: stage 2.",
                                      card=trump_card))
                else:
                    parts.append(sp._("{name} takes the trump card, the {card}; the stock is used up: stage 2.",
                                      name=who(1 - seat), card=trump_card))
            return sep.join(parts) or None
        if actor == CHANCE:
            return None
        if kind == "exchange":
            gained = pin.meld_points(actor) - before.points[actor]
            move = self.narrate(action, actor, human, names, turnup=before.trump)
            return sp.ngettext("{move} (the dix: {n} point).", "{move} (the dix: {n} points).", gained, move=move) \
                if gained > 0 else move + stop
        text = super().describe(state, action, actor, human, names, pre) or ""
        if kind == "play" and getattr(state, "ntricks", 0) > before.tricks:
            _leader, led, followed, winner = pin.trick_log[-1]
            cards = led_and_followed(CARDS, led, followed, sp)
            if sp.english:
                text = f"{text[:-1]}: {conjugate(who(winner), 'win')} the trick ({cards})."
            elif winner == human:
                text = sp._("{move}: you win the trick ({cards}).", move=unstop(text), cards=cards)
            else:
                text = sp._("{move}: {name} wins the trick ({cards}).", move=unstop(text), name=who(winner), cards=cards)
            for seat in (0, 1):
                gained = pin.meld_points(seat) - before.points[seat]
                if gained > 0:
                    if sp.english:
                        text += f" {conjugate(who(seat), 'score')} {gained} for playing a dix (a 9 of trump)."
                    elif seat == human:
                        text += sep + sp._("You score {points} for playing a dix (a 9 of trump).", points=gained)
                    else:
                        text += sep + sp._("{name} scores {points} for playing a dix (a 9 of trump).", name=who(seat),
                                           points=gained)
        return text

    def decline_warning(self, state: GameState[Any, Any, Any], action: Any) -> str:
        kind = getattr(action, "kind", "")
        if kind == "no exchange":
            swap = next((a for a in state.legal_actions() if a.kind == "exchange"), None)
            if swap is None:
                return ""
            if self.sp.english:
                return f"You could {self.label(swap)[0].lower()}{self.label(swap)[1:]}."
            return self.sp._("You could make this move instead: {move}.", move=self.label(swap, state))
        if kind != "no meld":
            return ""
        melds = [a for a in state.legal_actions() if a.kind == "meld"]
        if not melds:
            return ""
        best = max(melds, key=lambda a: _meld_points(a))
        if self.sp.english:
            return (f"You can still meld ({plural(len(melds), 'meld')} possible, e.g. {self.label(best)}): "
                    "declining gives up those points.")
        return self.sp.ngettext("You can still meld ({n} meld possible, e.g. {meld}): declining gives up those points.",
                                "You can still meld ({n} melds possible, e.g. {meld}): declining gives up those points.",
                                len(melds), meld=self.label(best, state))

    def summarize(self, state: GameState[Any, Any, Any], result: HandResult, human: int, names: Sequence[str]) -> list[str]:
        sp = self.sp
        if sp.english:
            return ["Hand over: " + ", ".join(f"{short_name(names[i])} {plural(p, 'point')}"
                                              for i, p in enumerate(result.points)) + "."]
        points = sp.join(sp.ngettext("{name} {n} point", "{name} {n} points", p, name=short_name(names[i]))
                         for i, p in enumerate(result.points))
        return [sp._("Hand over: {points}.", points=points)]

    def sheet_summary(self, result: HandResult, names: Sequence[str]) -> str:
        sp = self.sp
        if sp.english:
            return result.summary or ""
        declared = result.details.get("declared") if isinstance(result.details, dict) else None
        if isinstance(declared, int) and 0 <= declared < len(names):
            return sp._("{name} declared out", name=short_name(names[declared]))
        p0, p1 = result.points
        return sp._("{first} to {second}", first=p0, second=p1)

    def breakdown(self, state: GameState[Any, Any, Any], result: HandResult, human: int, names: Sequence[str],
                  step: int) -> RenderableType:
        d = result.details if isinstance(result.details, dict) else {}
        if "meld_points" not in d:
            return super().breakdown(state, result, human, names, step)
        sp = self.sp
        table = Table(title=sp._("Hand score"), title_justify="left")
        table.add_column("")
        for n in names:
            table.add_column(n, justify="right")
        melds = d.get("meld") or [{}, {}]
        dix = d.get("dix") or [{}, {}]
        for k in sorted({k for m in melds for k in m}):
            table.add_row(f"  {_meld_kind(k, sp)}", *[str(m.get(k, 0) or "") for m in melds])
        rows = _dix_rows(sp)
        for k in [k for k in rows if any(x.get(k) for x in dix)]:  # the dix scores outside the melds
            table.add_row(f"  {rows[k]}", *[str(x.get(k, 0) or "") for x in dix])
        table.add_row(sp.pgettext("hand score", "meld"), *[str(x) for x in d.get("meld_points", [0, 0])])
        table.add_row(sp.pgettext("hand score", "counters"), *[str(x) for x in d.get("counters", [0, 0])])
        lt = d.get("last_trick")
        table.add_row(sp.pgettext("hand score", "last trick"), *["✓" if lt == i else "" for i in range(len(names))])
        table.add_row(sp.pgettext("hand score", "card points"), *[str(x) for x in d.get("card_points", [0, 0])])
        table.add_row(Text(sp.pgettext("hand score", "hand total"), style="bold"),
                      *[Text(str(p), style="bold green") for p in result.points])
        return table


def _suit_words(sp: Speech) -> tuple[str, str, str, str]:
    """The suits as the subject of "... are trump"."""
    return (sp.pgettext("trump suit", "spades"), sp.pgettext("trump suit", "hearts"),
            sp.pgettext("trump suit", "diamonds"), sp.pgettext("trump suit", "clubs"))


_MELD_TERMS = {"run": "flush", "royal-marriage": "royal marriage", "marriage": "marriage", "dix": "dix",
               "aces-around": "aces around", "kings-around": "kings around", "queens-around": "queens around",
               "jacks-around": "jacks around", "pinochle": "pinochle", "double-pinochle": "double pinochle"}


def _meld_kind(kind: str, sp: Speech) -> str:
    """A meld kind's name: English as the log says it (``royal marriage``), else the game's term."""
    if sp.english or kind not in _MELD_TERMS:
        return meld_kind_name(kind)
    return sp.term(_MELD_TERMS[kind])


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


def led_and_followed(cards: Sequence[Any], led: int, followed: int, sp: Speech | None = None) -> str:
    """A trick's two cards in words: ``A♦ and Q♠``."""
    first, second = cards[led].card.pretty(), cards[followed].card.pretty()
    return f"{first} and {second}" if sp is None else sp._("{first} and {second}", first=first, second=second)


def _dix_rows(sp: Speech) -> dict[str, str]:
    return {"dix-turnup": sp._("dix turned up (dealer)"), "dix-exchange": sp._("dix exchanged"),
            "dix-played": sp._("dix played")}


def _meld_points(action: Any) -> int:
    from ...pinochle.melds import KIND_POINTS

    return KIND_POINTS[action.meld]
