"""The Gin Rummy table: melds highlighted, deadwood counted, knock and gin, the showdown with layoffs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...cards import Card, cards_to_mask, mask_to_cards
from ...core import GameState, HandResult
from ..words import conjugate, plural
from .adapters import Candidate, GameAdapter
from .cardart import CardSlot, card_row, inline_cards, pile_text
from .common import short_name
from .speech import SLOT, Speech, split_at

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
        sp = self.sp
        t = Text()
        t.append(sp.ngettext("{n} meld", "{n} melds", len(melds)), style="bold green")
        before, after = split_at(sp._("deadwood {cards} = {points}", cards=SLOT, points=view.deadwood))
        t.append("   " + before)
        t.append_text(inline_cards(dead))
        t.append(after, style="bold")
        limit = view.knock_limit
        if len(view.hand) == 11:
            from ...gin.melds import deadwood

            best = min(deadwood(hand & ~c.bit) for c in view.hand)
            if best == 0:
                t.append("   " + sp._("you can go GIN"), style="bold green")
            elif best <= limit:
                t.append("   " + sp._("you can knock ({deadwood} ≤ {limit})", deadwood=best, limit=limit),
                         style="bold cyan")
        return t

    def opponent_panel(self, view: Any, names: Sequence[str], seat: int) -> RenderableType:
        opp = 1 - seat
        n = view.opponent_hand_size
        sp = self.sp
        t = Text()
        t.append(f"{names[opp]}", style="bold")
        t.append("  " + sp.ngettext("{n} card", "{n} cards", n) + "  ")
        t.append("▒" * n, style="grey82 on dark_blue")
        if view.opponent_known:
            t.append("   " + sp._("holds") + " ")
            t.append_text(inline_cards(view.opponent_known))
        if view.dealer == opp:
            t.append("  " + sp._("(dealer)"), style="dim")
        return t

    def table_panel(self, view: Any, names: Sequence[str]) -> RenderableType:
        grid = Table.grid(padding=(0, 2))
        grid.add_column()
        grid.add_column()
        grid.add_column()
        stock = card_row([CardSlot(None) if view.stock_size else CardSlot(empty=True)])[0]
        pile = pile_text(view.discard_pile)
        sp = self.sp
        info = Text()
        info.append(sp._("Knock limit") + " ", style="dim")
        info.append(f"{view.knock_limit}\n", style="bold")
        before, after = split_at(sp.ngettext("Stock {n} card", "Stock {n} cards", view.stock_size, n=SLOT))
        info.append(before, style="dim")
        info.append(f"{view.stock_size}", style="bold")
        info.append(after + "\n", style="dim")
        info.append(sp._("Dealer") + " ", style="dim")
        info.append(names[view.dealer])
        grid.add_row(Text(sp._("Stock"), style="dim"), Text(sp._("Discard"), style="dim"), Text(""))
        grid.add_row(stock, pile, info)
        return grid

    def prompt(self, view: Any, state: GameState[Any, Any, Any], seat: int, names: Sequence[str]) -> str:
        sp = self.sp
        if state.current_player() != seat:
            return sp._("Waiting for the computer...")
        phase = view.phase
        up = view.upcard.pretty() if view.upcard else "-"
        if phase in ("offer", "offer-dealer"):
            return sp._("First upcard {card}: take it (t) or pass (p).", card=up)
        if phase == "forced-draw":
            return sp._("Both passed: draw from the stock (d).")
        if phase == "draw":
            return sp._("Draw from the stock (d) or take {card} (t).", card=up)
        if phase == "discard":
            return sp._("Select a card, then discard it (Enter) or knock with it (k).")
        if phase == "wall":
            return sp._("The stock is down to 2: take {card} to knock, or pass (void hand).", card=up)
        if phase == "wall-knock":
            return sp._("Select the card to knock with (k).")
        if phase == "arrange":
            return sp._("Choose how to lay out your melds (the defender lays off on them).")
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
        if pile:
            return self.sp._("t: take the {card}, p: pass", card=pile[-1].pretty())
        return self.sp._("t: take the upcard, p: pass")

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
        sp = self.sp
        if kind == "deal":
            if getattr(state, "dealt", 0) == 21:  # state is after the deal here: the 21st card is the upcard
                dealer_seat = getattr(state, "dealer", 0)
                dealer = short_name(names[dealer_seat])
                limit = getattr(state, "knock_limit", 10)
                if sp.english:
                    return f"— New hand: {conjugate(dealer, 'deal')}; the first upcard is {card} (knock limit {limit}) —"
                if dealer_seat == human:
                    return sp._("— New hand: you deal; the first upcard is {card} (knock limit {limit}) —",
                                card=card, limit=limit)
                return sp._("— New hand: {name} deals; the first upcard is {card} (knock limit {limit}) —",
                            name=dealer, card=card, limit=limit)
            return None
        if kind == "drawn":
            return sp._("You draw the {card} from the stock.", card=card) if getattr(state, "turn", None) == human \
                else None
        if kind == "draw" and you:
            return None  # the card drawn says it
        upcard = pre if isinstance(pre, Card) else None
        if kind == "knock":
            sd = getattr(state, "showdown", None)
            if sd is not None and sd.outcome == "gin":
                if sp.english:
                    return f"{conjugate(who, 'go')} GIN (the {card} face down)!"
                return sp._("You go GIN (the {card} face down)!", card=card) if you else \
                    sp._("{name} goes GIN (the {card} face down)!", name=who, card=card)
            if you:
                return sp._("You knock with the {card} face down.", card=card)
            return f"{conjugate(who, 'knock')} (face-down discard)." if sp.english else \
                sp._("{name} knocks (face-down discard).", name=who)
        if kind == "big gin":
            if sp.english:
                return f"{conjugate(who, 'declare')} BIG GIN!"
            return sp._("You declare BIG GIN!") if you else sp._("{name} declares BIG GIN!", name=who)
        if kind == "take knock":
            if sp.english:
                return f"{conjugate(who, 'take')} the {upcard.pretty() if upcard else 'upcard'} at the wall to knock."
            up = upcard.pretty() if upcard else "?"
            return sp._("You take the {card} at the wall to knock.", card=up) if you else \
                sp._("{name} takes the {card} at the wall to knock.", name=who, card=up)
        return self.narrate(action, actor, human, names, upcard=upcard) + sp._(".")

    def summarize(self, state: GameState[Any, Any, Any], result: HandResult, human: int, names: Sequence[str]) -> list[str]:
        sd = getattr(state, "showdown", None)
        if sd is None:
            return super().summarize(state, result, human, names)
        sp = self.sp
        if sd.outcome == "void":
            return [sp._("Hand void: {reason} — same dealer deals again.", reason=_void_reason(sd, sp))]
        lines = []
        k = short_name(names[sd.knocker]) if sd.knocker is not None else "?"
        if sd.layoffs:
            lines.append(sp._("Laid off: {cards}.", cards=sp.join(c.pretty() for c, _ in sd.layoffs)))
        pts = max(sd.points)
        if sp.english:
            who = short_name(names[sd.winner]) if sd.winner is not None else "Nobody"
            lines.append(f"{k} {_OUTCOME_WORD.get(sd.outcome, sd.outcome)} ({sd.knocker_deadwood} vs {sd.defender_deadwood}): "
                         f"{_RESULT_WORD.get(sd.result, sd.result)} — {conjugate(who, 'score')} {plural(pts, 'point')}.")
            return lines
        values = {"name": k, "knocker": sd.knocker_deadwood, "defender": sd.defender_deadwood,
                  "result": _result_word(sd.result, sp), "scores": _scores(sp, sd.winner, human, names, pts)}
        if sd.outcome == "gin":
            lines.append(sp._("{name} went gin ({knocker} vs {defender}): {result} — {scores}.", **values))
        elif sd.outcome == "big gin":
            lines.append(sp._("{name} went big gin ({knocker} vs {defender}): {result} — {scores}.", **values))
        else:
            lines.append(sp._("{name} knocked ({knocker} vs {defender}): {result} — {scores}.", **values))
        return lines

    def sheet_summary(self, result: HandResult, names: Sequence[str]) -> str:
        sp = self.sp
        summary = result.summary or ""
        if sp.english or not summary:
            return summary
        if summary in ("knock", "undercut", "tie", "gin", "big gin", "void"):
            return _result_word(summary, sp)
        return _void_reason(_Reason(summary), sp)

    # --- showdown ------------------------------------------------------------------------------
    def breakdown_steps(self, state: GameState[Any, Any, Any]) -> int:
        sd = getattr(state, "showdown", None)
        return len(sd.layoffs) if sd is not None else 0

    def breakdown(self, state: GameState[Any, Any, Any], result: HandResult, human: int, names: Sequence[str],
                  step: int) -> RenderableType:
        sd = getattr(state, "showdown", None)
        if sd is None:
            return super().breakdown(state, result, human, names, step)
        sp = self.sp
        parts: list[RenderableType] = []
        if sd.outcome == "void":
            parts.append(Text(sp._("Void hand: {reason}.", reason=_void_reason(sd, sp)), style="bold yellow"))
            parts.append(Text(sp._("Nobody scores; the same dealer deals again."), style="dim"))
            hands = [mask_to_cards(h) for h in getattr(state, "hands", [0, 0])]
            for seat, cards in enumerate(hands):
                parts.append(Text(sp._("{name}:", name=names[seat]), style="bold"))
                parts.append(card_row([CardSlot(c) for c in cards])[0])
            return Group(*parts)
        knocker = sd.knocker if sd.knocker is not None else 0
        defender = 1 - knocker
        title = Text()
        if sp.english:
            title.append(f"{names[knocker]} ", style="bold")
            title.append(_OUTCOME_WORD.get(sd.outcome, sd.outcome), style="bold cyan")
            if sd.knock_card is not None:
                title.append(" with ")
                title.append_text(inline_cards([sd.knock_card]))
                title.append(" face down")
        else:
            card = SLOT if sd.knock_card is not None else ""
            if sd.outcome == "gin":
                said = sp._("{name} went gin with {card} face down", name=names[knocker], card=card) if card \
                    else sp._("{name} went gin", name=names[knocker])
            elif sd.outcome == "big gin":
                said = sp._("{name} went big gin", name=names[knocker])
            else:
                said = sp._("{name} knocked with {card} face down", name=names[knocker], card=card) if card \
                    else sp._("{name} knocked", name=names[knocker])
            before, after = split_at(said)
            title.append(before, style="bold")
            if card:
                title.append_text(inline_cards([sd.knock_card]))
                title.append(after, style="bold")
        parts.append(title)
        # knocker's melds, with layoffs added card by card up to `step`
        shown = list(sd.layoffs[:step])
        slots: list[CardSlot] = []
        for g, meld in enumerate(sd.knocker_melds):
            extra = [c for c, idx in shown if idx == g]
            cards = sorted(list(meld) + extra, key=lambda c: (c.rank, c.suit)) if len({c.rank for c in meld}) != 1 \
                else sorted(list(meld) + extra, key=lambda c: c.suit)
            for c in cards:
                slots.append(CardSlot(c, group=g, label=sp._("+off") if c in extra else ""))
        for c in sd.knocker_deadwood_cards:
            slots.append(CardSlot(c, group=-1, dim=True, label=sp._("dead")))
        parts.append(Text(_melds_title(sp, names, knocker, human, sd.knocker_deadwood), style="bold"))
        parts.append(card_row(slots, labels=True, gap=0, group_gap=2)[0])
        # defender
        laid = {c for c, _ in shown}
        dslots: list[CardSlot] = []
        for g, meld in enumerate(sd.defender_melds):
            dslots.extend(CardSlot(c, group=g + 2) for c in meld)
        pending = [c for c, _ in sd.layoffs[step:]]
        for c in pending:
            dslots.append(CardSlot(c, group=-2, label=sp._("→off")))
        for c in sd.defender_deadwood_cards:
            dslots.append(CardSlot(c, group=-1, dim=True, label=sp._("dead")))
        dead_now = sd.defender_deadwood + sum(c.value for c in pending)
        parts.append(Text(_melds_title(sp, names, defender, human, dead_now), style="bold"))
        parts.append(card_row(dslots, labels=True, gap=0, group_gap=2)[0])
        if laid:
            before, after = split_at(sp._("Laid off: {cards}", cards=SLOT))
            parts.append(Text(before) + inline_cards([c for c, _ in shown]) + Text(after))
        if step < len(sd.layoffs):
            parts.append(Text(sp._("Laying off... ({step}/{steps})  Space: next card", step=step, steps=len(sd.layoffs)),
                              style="italic"))
            return Group(*parts)
        # scoring
        table = Table(show_header=False, box=None, padding=(0, 1))
        table.add_column(style="dim")
        table.add_column()
        table.add_row(_deadwood_of(sp, names, knocker, human, knocker=True), str(sd.knocker_deadwood))
        if sd.outcome in ("gin", "big gin"):
            table.add_row(_deadwood_of(sp, names, defender, human),
                          sp._("{points} (no layoffs against gin)", points=sd.defender_deadwood_no_layoffs))
        else:
            table.add_row(_deadwood_of(sp, names, defender, human),
                          sp._("{points} (was {before} before layoffs)", points=sd.defender_deadwood,
                               before=sd.defender_deadwood_no_layoffs))
        said = _result_word(sd.result, sp)
        table.add_row(sp._("Result"), sp._("{result} (doubled: spade upcard)", result=said) if sd.doubled else said)
        if sp.english:
            winner = names[sd.winner] if sd.winner is not None else "Nobody"
            scored = f"{conjugate(winner, 'score')} {plural(max(sd.points), 'point')}"
        else:
            scored = _scores(sp, sd.winner, human, names, max(sd.points), full=True)
        table.add_row(sp._("Points"), Text(scored, style="bold green"))
        table.add_row(sp._("Why"), _why(sd, state, sp))
        parts.append(table)
        return Group(*parts)


_OUTCOME_WORD = {"knock": "knocked", "gin": "went gin", "big gin": "went big gin", "void": "void"}
_RESULT_WORD = {"knock": "knock won", "undercut": "undercut", "tie": "tie (no score)", "gin": "gin",
                "big gin": "big gin", "void": "void"}


def _poss(names: Sequence[str], seat: int, human: int) -> str:
    return "Your" if seat == human else f"{names[seat]}'s"


def _melds_title(sp: Speech, names: Sequence[str], seat: int, human: int, deadwood: int) -> str:
    """``Your melds and deadwood (12):`` over a hand at the showdown."""
    if sp.english:
        return f"{_poss(names, seat, human)} melds and deadwood ({deadwood}):"
    if seat == human:
        return sp._("Your melds and deadwood ({deadwood}):", deadwood=deadwood)
    return sp._("{name}'s melds and deadwood ({deadwood}):", name=names[seat], deadwood=deadwood)


def _deadwood_of(sp: Speech, names: Sequence[str], seat: int, human: int, knocker: bool = False) -> str:
    """The score table's row names: ``Your deadwood (knocker)``, ``Computer (medium)'s deadwood``."""
    if sp.english:
        return f"{_poss(names, seat, human)} deadwood" + (" (knocker)" if knocker else "")
    if seat == human:
        return sp._("Your deadwood (knocker)") if knocker else sp._("Your deadwood")
    return sp._("{name}'s deadwood (knocker)", name=names[seat]) if knocker else \
        sp._("{name}'s deadwood", name=names[seat])


def _scores(sp: Speech, winner: int | None, human: int, names: Sequence[str], points: int, full: bool = False) -> str:
    """Who scores how many points (``full``: with the seat's whole name), as a clause."""
    if winner is None:
        return sp.ngettext("nobody scores {n} point", "nobody scores {n} points", points)
    if winner == human:
        return sp.ngettext("you score {n} point", "you score {n} points", points)
    name = names[winner] if full else short_name(names[winner])
    return sp.ngettext("{name} scores {n} point", "{name} scores {n} points", points, name=name)


def _result_word(result: str, sp: Speech) -> str:
    words = {"knock": sp.pgettext("gin result", "knock won"), "undercut": sp.pgettext("gin result", "undercut"),
             "tie": sp.pgettext("gin result", "tie (no score)"), "gin": sp.pgettext("gin result", "gin"),
             "big gin": sp.pgettext("gin result", "big gin"), "void": sp.pgettext("gin result", "void")}
    return words.get(result, result)


def _void_reason(sd: Any, sp: Speech) -> str:
    """Why a hand is void, in words (the engine's English reason, translated where it is known)."""
    reason = sd.void_reason or ""
    if not reason:
        return sp._("no score")
    if sp.english:
        return str(reason)
    known = {"discard-draw cap reached (4.6.2)": sp._("discard-draw cap reached (4.6.2)"),
             "the wall: no knock (4.5)": sp._("the wall: no knock (4.5)"),
             "repeated upcard (4.6.1)": sp._("repeated upcard (4.6.1)"),
             "stock down to 2 cards (4.5)": sp._("stock down to 2 cards (4.5)")}
    return known.get(str(reason), str(reason))


def _why(sd: Any, state: Any, sp: Speech) -> str:
    rules = getattr(state, "rules", None)
    if sd.result == "gin":
        return sp._("gin bonus {bonus} + the defender's deadwood {deadwood}", bonus=getattr(rules, "gin_bonus", 25),
                    deadwood=sd.defender_deadwood_no_layoffs)
    if sd.result == "big gin":
        return sp._("big gin bonus {bonus} + the defender's deadwood {deadwood}",
                    bonus=getattr(rules, "big_gin_bonus", 31), deadwood=sd.defender_deadwood_no_layoffs)
    if sd.result == "knock":
        return sp._("the defender's deadwood minus the knocker's: {defender} − {knocker}",
                    defender=sd.defender_deadwood, knocker=sd.knocker_deadwood)
    if sd.result == "undercut":
        return sp._("undercut bonus {bonus} + the knocker's deadwood minus the defender's ({knocker} − {defender})",
                    bonus=getattr(rules, "undercut_bonus", 25), knocker=sd.knocker_deadwood, defender=sd.defender_deadwood)
    if sd.result == "tie":
        return sp._("equal deadwood, and a tie is no undercut in these rules: nobody scores")
    return ""


class _Reason:
    """A void hand's reason as :func:`_void_reason` reads it from a showdown."""

    def __init__(self, reason: str) -> None:
        self.void_reason = reason
