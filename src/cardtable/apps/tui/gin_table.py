"""The Gin Rummy table: melds highlighted, deadwood counted, knock and gin, the showdown with layoffs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...cards import Card, cards_to_mask, mask_to_cards
from ...core import GameState, HandResult
from ..words import conjugate, narrate_action, plural
from .adapters import Candidate, GameAdapter
from .cardart import CardSlot, card_row, inline_cards, pile_text
from .common import short_name

__all__ = ["GinAdapter"]


class GinAdapter(GameAdapter):
    """The Gin Rummy table: melds highlighted, deadwood counted, knock/gin, showdown with layoffs."""

    game = "gin"
    notation_examples = "discard 7H, knock 7H, draw, take"
    multi_select = False
    cursor_selects = True
    game_keys = ("d", "t", "p", "k", "g", "x")
    keys_help = "d draw · t take · p pass · k knock · Enter discard"

    def hand_slots(self, view: Any) -> list[tuple[Any, int]]:
        from ...gin.melds import canonical_arrangement

        hand = cards_to_mask(view.hand)
        melds = canonical_arrangement(hand)
        out: list[tuple[Any, int]] = []
        used = 0
        for g, meld in enumerate(melds):
            cards = mask_to_cards(meld)
            if len({c.rank for c in cards}) != 1:
                cards.sort(key=lambda c: c.rank)
            out.extend((c, g) for c in cards)
            used |= meld
        rest = sorted(mask_to_cards(hand & ~used), key=lambda c: (c.suit, c.rank))
        out.extend((c, -1) for c in rest)
        return out

    def hand_caption(self, view: Any) -> Text:
        from ...gin.melds import canonical_arrangement, deadwood_cards

        hand = cards_to_mask(view.hand)
        melds = canonical_arrangement(hand)
        dead = mask_to_cards(deadwood_cards(hand, melds))
        t = Text()
        t.append(f"{len(melds)} meld{'s' if len(melds) != 1 else ''}", style="bold green")
        t.append("   deadwood ")
        t.append_text(inline_cards(dead))
        t.append(f" = {view.deadwood}", style="bold")
        limit = view.knock_limit
        if len(view.hand) == 11:
            from ...gin.melds import deadwood

            best = min(deadwood(hand & ~c.bit) for c in view.hand)
            if best == 0:
                t.append("   you can go GIN", style="bold green")
            elif best <= limit:
                t.append(f"   you can knock ({best} ≤ {limit})", style="bold cyan")
        return t

    def opponent_panel(self, view: Any, names: Sequence[str], seat: int) -> RenderableType:
        opp = 1 - seat
        n = view.opponent_hand_size
        t = Text()
        t.append(f"{names[opp]}", style="bold")
        t.append(f"  {n} cards  ")
        t.append("▒" * n, style="grey82 on dark_blue")
        if view.opponent_known:
            t.append("   holds ")
            t.append_text(inline_cards(view.opponent_known))
        if view.dealer == opp:
            t.append("  (dealer)", style="dim")
        return t

    def table_panel(self, view: Any, names: Sequence[str]) -> RenderableType:
        grid = Table.grid(padding=(0, 2))
        grid.add_column()
        grid.add_column()
        grid.add_column()
        stock = card_row([CardSlot(None) if view.stock_size else CardSlot(empty=True)])[0]
        pile = pile_text(view.discard_pile)
        info = Text()
        info.append("Knock limit ", style="dim")
        info.append(f"{view.knock_limit}\n", style="bold")
        info.append("Stock ", style="dim")
        info.append(f"{view.stock_size}", style="bold")
        info.append(" cards\n", style="dim")
        info.append("Dealer ", style="dim")
        info.append(names[view.dealer])
        grid.add_row(Text("Stock", style="dim"), Text("Discard", style="dim"), Text(""))
        grid.add_row(stock, pile, info)
        return grid

    def prompt(self, view: Any, state: GameState[Any, Any, Any], seat: int, names: Sequence[str]) -> str:
        if state.current_player() != seat:
            return "Waiting for the computer..."
        phase = view.phase
        up = view.upcard.pretty() if view.upcard else "-"
        if phase in ("offer", "offer-dealer"):
            return f"First upcard {up}: take it (t) or pass (p)."
        if phase == "forced-draw":
            return "Both passed: draw from the stock (d)."
        if phase == "draw":
            return f"Draw from the stock (d) or take {up} (t)."
        if phase == "discard":
            return "Select a card, then discard it (Enter) or knock with it (k)."
        if phase == "wall":
            return f"The stock is down to 2: take {up} to knock, or pass (void hand)."
        if phase == "wall-knock":
            return "Select the card to knock with (k)."
        if phase == "arrange":
            return "Choose how to lay out your melds (the defender lays off on them)."
        return ""

    def candidates(self, state: GameState[Any, Any, Any], selected: Sequence[Any]) -> list[Candidate]:
        from ...gin.actions import DISCARD, KNOCK

        legal = state.legal_actions()
        legal_set = set(legal)
        out: list[Candidate] = [(a, True) for a in legal if a.card is None]
        phase = getattr(state, "phase", "")
        if selected and phase in ("discard", "wall-knock"):
            card = selected[0]
            out.append((DISCARD[card.index], DISCARD[card.index] in legal_set))
            out.append((KNOCK[card.index], KNOCK[card.index] in legal_set))
            if phase == "wall-knock":
                out = [c for c in out if c[0].kind != "discard"]
        return out

    def enter_question(self, state: GameState[Any, Any, Any]) -> str:
        """The first upcard is taken (t) or passed (p) on purpose: Enter takes neither."""
        if getattr(state, "phase", "") not in ("offer", "offer-dealer"):
            return ""
        pile = getattr(state.view(state.current_player()), "discard_pile", ())
        card = f"the {pile[-1].pretty()}" if pile else "the upcard"
        return f"t: take {card}, p: pass"

    def key_action(self, key: str, state: GameState[Any, Any, Any], selected: Sequence[Any]) -> Any | None:
        from ...gin.actions import BIG_GIN, DISCARD, DRAW, KNOCK, PASS, TAKE, TAKE_KNOCK

        phase = getattr(state, "phase", "")
        card = selected[0] if selected else None
        if key == "d":
            return DRAW
        if key == "t":
            return TAKE_KNOCK if phase == "wall" else TAKE
        if key == "p":
            return PASS
        if key == "g":
            return BIG_GIN
        if key == "k" and card is not None:
            return KNOCK[card.index]
        if key == "x" and card is not None:
            return DISCARD[card.index]
        return None

    def new_hand_line(self, state: GameState[Any, Any, Any], number: int, names: Sequence[str]) -> str | None:
        return None  # the deal's last card writes Gin's marker (with the first upcard)

    def pre_action(self, state: GameState[Any, Any, Any]) -> Any:
        pile = getattr(state, "discard", None)
        return pile[-1] if pile else None

    def describe(self, state: GameState[Any, Any, Any], action: Any, actor: int, human: int, names: Sequence[str],
                 pre: Any = None) -> str | None:
        """Gin's log in the words of :mod:`cardtable.apps.words` (present tense), with what only Gin says:
        the new hand's first upcard and knock limit, the card you drew, a knock's face-down discard."""
        kind = action.kind
        you = actor == human
        who = "You" if you else short_name(names[actor]) if actor >= 0 else ""
        card = action.card.pretty() if action.card is not None else ""
        if kind == "deal":
            if getattr(state, "dealt", 0) == 21:  # state is after the deal here: the 21st card is the upcard
                dealer = short_name(names[getattr(state, "dealer", 0)])
                limit = getattr(state, "knock_limit", 10)
                return f"— New hand: {conjugate(dealer, 'deal')}; the first upcard is {card} (knock limit {limit}) —"
            return None
        if kind == "drawn":
            return f"You draw the {card} from the stock." if getattr(state, "turn", None) == human else None
        if kind == "draw" and you:
            return None  # the card drawn says it
        upcard = pre if isinstance(pre, Card) else None
        if kind == "knock":
            sd = getattr(state, "showdown", None)
            if sd is not None and sd.outcome == "gin":
                return f"{conjugate(who, 'go')} GIN (the {card} face down)!"
            return f"You knock with the {card} face down." if you else f"{conjugate(who, 'knock')} (face-down discard)."
        if kind == "big gin":
            return f"{conjugate(who, 'declare')} BIG GIN!"
        if kind == "take knock":
            return f"{conjugate(who, 'take')} the {upcard.pretty() if upcard else 'upcard'} at the wall to knock."
        return narrate_action(action, who, upcard=upcard) + "."

    def summarize(self, state: GameState[Any, Any, Any], result: HandResult, human: int, names: Sequence[str]) -> list[str]:
        sd = getattr(state, "showdown", None)
        if sd is None:
            return super().summarize(state, result, human, names)
        if sd.outcome == "void":
            return [f"Hand void: {sd.void_reason or 'no score'} — same dealer deals again."]
        lines = []
        k = short_name(names[sd.knocker]) if sd.knocker is not None else "?"
        if sd.layoffs:
            lines.append("Laid off: " + ", ".join(c.pretty() for c, _ in sd.layoffs) + ".")
        who = short_name(names[sd.winner]) if sd.winner is not None else "Nobody"
        pts = max(sd.points)
        lines.append(f"{k} {_OUTCOME_WORD.get(sd.outcome, sd.outcome)} ({sd.knocker_deadwood} vs {sd.defender_deadwood}): "
                     f"{_RESULT_WORD.get(sd.result, sd.result)} — {conjugate(who, 'score')} {plural(pts, 'point')}.")
        return lines

    # --- showdown ------------------------------------------------------------------------------
    def breakdown_steps(self, state: GameState[Any, Any, Any]) -> int:
        sd = getattr(state, "showdown", None)
        return len(sd.layoffs) if sd is not None else 0

    def breakdown(self, state: GameState[Any, Any, Any], result: HandResult, human: int, names: Sequence[str],
                  step: int) -> RenderableType:
        sd = getattr(state, "showdown", None)
        if sd is None:
            return super().breakdown(state, result, human, names, step)
        parts: list[RenderableType] = []
        if sd.outcome == "void":
            parts.append(Text(f"Void hand: {sd.void_reason or 'no score'}.", style="bold yellow"))
            parts.append(Text("Nobody scores; the same dealer deals again.", style="dim"))
            hands = [mask_to_cards(h) for h in getattr(state, "hands", [0, 0])]
            for seat, cards in enumerate(hands):
                parts.append(Text(f"{names[seat]}:", style="bold"))
                parts.append(card_row([CardSlot(c) for c in cards])[0])
            return Group(*parts)
        knocker = sd.knocker if sd.knocker is not None else 0
        defender = 1 - knocker
        title = Text()
        title.append(f"{names[knocker]} ", style="bold")
        title.append(_OUTCOME_WORD.get(sd.outcome, sd.outcome), style="bold cyan")
        if sd.knock_card is not None:
            title.append(" with ")
            title.append_text(inline_cards([sd.knock_card]))
            title.append(" face down")
        parts.append(title)
        # knocker's melds, with layoffs added card by card up to `step`
        shown = list(sd.layoffs[:step])
        slots: list[CardSlot] = []
        for g, meld in enumerate(sd.knocker_melds):
            extra = [c for c, idx in shown if idx == g]
            cards = sorted(list(meld) + extra, key=lambda c: (c.rank, c.suit)) if len({c.rank for c in meld}) != 1 \
                else sorted(list(meld) + extra, key=lambda c: c.suit)
            for c in cards:
                slots.append(CardSlot(c, group=g, label="+off" if c in extra else ""))
        for c in sd.knocker_deadwood_cards:
            slots.append(CardSlot(c, group=-1, dim=True, label="dead"))
        parts.append(Text(f"{_poss(names, knocker, human)} melds and deadwood ({sd.knocker_deadwood}):", style="bold"))
        parts.append(card_row(slots, labels=True, gap=0, group_gap=2)[0])
        # defender
        laid = {c for c, _ in shown}
        dslots: list[CardSlot] = []
        for g, meld in enumerate(sd.defender_melds):
            dslots.extend(CardSlot(c, group=g + 2) for c in meld)
        pending = [c for c, _ in sd.layoffs[step:]]
        for c in pending:
            dslots.append(CardSlot(c, group=-2, label="→off"))
        for c in sd.defender_deadwood_cards:
            dslots.append(CardSlot(c, group=-1, dim=True, label="dead"))
        dead_now = sd.defender_deadwood + sum(c.value for c in pending)
        parts.append(Text(f"{_poss(names, defender, human)} melds and deadwood ({dead_now}):", style="bold"))
        parts.append(card_row(dslots, labels=True, gap=0, group_gap=2)[0])
        if laid:
            parts.append(Text("Laid off: ") + inline_cards([c for c, _ in shown]))
        if step < len(sd.layoffs):
            parts.append(Text(f"Laying off... ({step}/{len(sd.layoffs)})  Space: next card", style="italic"))
            return Group(*parts)
        # scoring
        table = Table(show_header=False, box=None, padding=(0, 1))
        table.add_column(style="dim")
        table.add_column()
        table.add_row(f"{_poss(names, knocker, human)} deadwood (knocker)", str(sd.knocker_deadwood))
        if sd.outcome in ("gin", "big gin"):
            table.add_row(f"{_poss(names, defender, human)} deadwood",
                          f"{sd.defender_deadwood_no_layoffs} (no layoffs against gin)")
        else:
            table.add_row(f"{_poss(names, defender, human)} deadwood",
                          f"{sd.defender_deadwood} (was {sd.defender_deadwood_no_layoffs} before layoffs)")
        winner = names[sd.winner] if sd.winner is not None else "Nobody"
        table.add_row("Result", f"{_RESULT_WORD.get(sd.result, sd.result)}" + (" (doubled: spade upcard)" if sd.doubled else ""))
        table.add_row("Points", Text(f"{conjugate(winner, 'score')} {plural(max(sd.points), 'point')}", style="bold green"))
        table.add_row("Why", _why(sd, state))
        parts.append(table)
        return Group(*parts)


_OUTCOME_WORD = {"knock": "knocked", "gin": "went gin", "big gin": "went big gin", "void": "void"}
_RESULT_WORD = {"knock": "knock won", "undercut": "undercut", "tie": "tie (no score)", "gin": "gin",
                "big gin": "big gin", "void": "void"}


def _poss(names: Sequence[str], seat: int, human: int) -> str:
    return "Your" if seat == human else f"{names[seat]}'s"


def _why(sd: Any, state: Any) -> str:
    rules = getattr(state, "rules", None)
    if sd.result == "gin":
        return f"gin bonus {getattr(rules, 'gin_bonus', 25)} + the defender's deadwood {sd.defender_deadwood_no_layoffs}"
    if sd.result == "big gin":
        return (f"big gin bonus {getattr(rules, 'big_gin_bonus', 31)} + the defender's deadwood "
                f"{sd.defender_deadwood_no_layoffs}")
    if sd.result == "knock":
        return (f"the defender's deadwood minus the knocker's: "
                f"{sd.defender_deadwood} − {sd.knocker_deadwood}")
    if sd.result == "undercut":
        return (f"undercut bonus {getattr(rules, 'undercut_bonus', 25)} + the knocker's deadwood minus the "
                f"defender's ({sd.knocker_deadwood} − {sd.defender_deadwood})")
    if sd.result == "tie":
        return "equal deadwood, and a tie is no undercut in these rules: nobody scores"
    return ""
