"""Per-game knowledge for the table: how to lay out a hand, which actions a card selection offers,
how to tell moves in the log, and how to break down a finished hand.

:class:`GameAdapter` is the generic fallback (any game with a ``hand`` in its
view and actions whose notation names cards); :class:`GinAdapter` is the full
Gin Rummy table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...cards import Card, PinochleCard, cards_to_mask, mask_to_cards
from ...core import CHANCE, GameState, HandResult
from ..words import card_name, conjugate, describe_action, describe_move, meld_kind_name, narrate_action, plural
from .cardart import CardSlot, card_row, inline_cards, pile_text
from .common import short_name, team_names

__all__ = ["GameAdapter", "GinAdapter", "adapter_for", "Candidate"]

Candidate = tuple[Any, bool]
"""An action offered for the current selection and whether it is legal (illegal ones explain the rule)."""


class GameAdapter:
    """Generic table for any game: cards from ``view.hand``, actions filtered by the selected cards."""

    game = ""
    multi_select = True
    keys_help = ""
    game_keys: tuple[str, ...] = ()
    """Letter keys with a meaning in this game (see :meth:`key_action`)."""
    notation_examples = "the move in the game's notation"
    """What the ``:`` box suggests typing."""
    cursor_selects = False
    """Moving the cursor moves the selection too (one card, one obvious move: Gin's discard)."""

    def selects_several(self, state: GameState[Any, Any, Any]) -> bool:
        """Whether Space adds to the selection now (else it replaces it)."""
        return self.multi_select

    def card_text(self, card: Any) -> str:
        """A card as the player reads it (no Pinochle copy letter)."""
        return card_name(card)

    def decline_warning(self, state: GameState[Any, Any, Any], action: Any) -> str:
        """Non-empty when ``action`` gives up something worth having (it then needs a second press)."""
        return ""

    # --- the hand ---------------------------------------------------------------------------------
    def hand_slots(self, view: Any) -> list[tuple[Any, int]]:
        """(card, group) pairs in display order; group -1 is ungrouped."""
        hand = getattr(view, "hand", ()) or ()
        return [(c, -1) for c in hand]

    def hand_caption(self, view: Any) -> Text:
        return Text(f"{len(getattr(view, 'hand', ()) or ())} cards", style="dim")

    # --- the table --------------------------------------------------------------------------------
    def opponent_panel(self, view: Any, names: Sequence[str], seat: int) -> RenderableType:
        return Text(", ".join(n for i, n in enumerate(names) if i != seat))

    def table_panel(self, view: Any, names: Sequence[str]) -> RenderableType:
        from ..render import render_view

        return Text(render_view(self.game, view, names))

    def prompt(self, view: Any, state: GameState[Any, Any, Any], seat: int, names: Sequence[str]) -> str:
        return "Your move: select cards, then choose an action." if state.current_player() == seat else "Waiting for the computer..."

    # --- actions ----------------------------------------------------------------------------------
    def candidates(self, state: GameState[Any, Any, Any], selected: Sequence[Any]) -> list[Candidate]:
        legal = state.legal_actions()
        if not selected:
            return [(a, True) for a in legal if not self.uses_cards(a)] or [(a, True) for a in legal[:12]]
        names = {str(c) for c in selected}
        return [(a, True) for a in legal if names <= set(str(a).split())]

    def uses_cards(self, action: Any) -> bool:
        return any(_looks_like_card(w) for w in str(action).split()[1:])

    def key_action(self, key: str, state: GameState[Any, Any, Any], selected: Sequence[Any]) -> Any | None:
        return None

    def label(self, action: Any, state: GameState[Any, Any, Any] | None = None) -> str:
        """A move as a button reads (:mod:`cardtable.apps.words`); with ``state``, with its context
        (the Gin upcard taken, the points a Pinochle meld scores, the trump card a dix is exchanged for)."""
        if state is not None:
            try:
                return describe_move(state, action)
            except Exception:
                pass
        return describe_action(action, **self.phrase_options(action))

    # --- the log ----------------------------------------------------------------------------------
    def pre_action(self, state: GameState[Any, Any, Any]) -> Any:
        """Whatever :meth:`describe` needs from the state before the action (it gets the state after)."""
        return None

    def describe(self, state: GameState[Any, Any, Any], action: Any, actor: int, human: int, names: Sequence[str],
                 pre: Any = None) -> str | None:
        if actor == CHANCE:
            return None
        who = "You" if actor == human else short_name(names[actor])
        return narrate_action(action, who, **self.phrase_options(action)) + "."

    def phrase_options(self, action: Any) -> dict[str, Any]:
        """Extra facts :mod:`cardtable.apps.words` needs to phrase ``action`` (a meld's points)."""
        return {}

    def new_hand_line(self, state: GameState[Any, Any, Any], number: int, names: Sequence[str]) -> str | None:
        """The log's marker at the start of hand ``number`` (``None``: the game writes its own)."""
        dealer = getattr(state, "dealer", None)
        who = f": {conjugate(short_name(names[dealer]), 'deal')}" if isinstance(dealer, int) and 0 <= dealer < len(names) \
            else ""
        return f"— Hand {number}{who} —"

    def sheet_summary(self, result: HandResult, names: Sequence[str]) -> str:
        """The score sheet's short note on a hand."""
        return result.summary or ""

    def summarize(self, state: GameState[Any, Any, Any], result: HandResult, human: int, names: Sequence[str]) -> list[str]:
        pts = ", ".join(f"{names[i]} {p}" for i, p in enumerate(result.points))
        return [f"Hand over ({result.summary or 'scored'}): {pts}"]

    # --- end of hand ------------------------------------------------------------------------------
    def breakdown_steps(self, state: GameState[Any, Any, Any]) -> int:
        return 0

    def breakdown(self, state: GameState[Any, Any, Any], result: HandResult, human: int, names: Sequence[str],
                  step: int) -> RenderableType:
        from ..render import render_view

        return Group(Text(render_view(self.game, state.view(human), names)), Text(""),
                     Text(f"Points: {', '.join(f'{n} {p}' for n, p in zip(names, result.points))}", style="bold"))


def _looks_like_card(word: str) -> bool:
    try:
        Card.parse(word)
        return True
    except ValueError:
        try:
            PinochleCard.parse(word)
            return True
        except ValueError:
            return False


# ----------------------------------------------------------------------------------------------------
# Gin Rummy
# ----------------------------------------------------------------------------------------------------
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
        table.add_row("Knocker deadwood K", str(sd.knocker_deadwood))
        if sd.outcome in ("gin", "big gin"):
            table.add_row("Defender deadwood D₀", f"{sd.defender_deadwood_no_layoffs} (no layoffs against gin)")
        else:
            table.add_row("Defender deadwood D", f"{sd.defender_deadwood} (was {sd.defender_deadwood_no_layoffs} before layoffs)")
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
        return f"gin bonus {getattr(rules, 'gin_bonus', 25)} + D₀ {sd.defender_deadwood_no_layoffs}"
    if sd.result == "big gin":
        return f"big gin bonus {getattr(rules, 'big_gin_bonus', 31)} + D₀ {sd.defender_deadwood_no_layoffs}"
    if sd.result == "knock":
        return f"D − K = {sd.defender_deadwood} − {sd.knocker_deadwood}"
    if sd.result == "undercut":
        return f"undercut bonus {getattr(rules, 'undercut_bonus', 25)} + (K − D) = {sd.knocker_deadwood - sd.defender_deadwood}"
    if sd.result == "tie":
        return "D = K and undercut_on_tie is off: nobody scores"
    return ""


def _meld_cards(meld: int) -> list[Card]:
    cards = mask_to_cards(meld)
    if len({c.rank for c in cards}) == 1:
        return sorted(cards, key=lambda c: c.suit)
    return sorted(cards, key=lambda c: c.rank)


_ADAPTERS: dict[str, type[GameAdapter]] = {"gin": GinAdapter}


def adapter_for(game: str) -> GameAdapter:
    """The table adapter of ``game`` (the generic one for games without their own)."""
    cls = _ADAPTERS.get(game, GameAdapter)
    adapter = cls()
    if cls is GameAdapter:
        adapter.game = game
    return adapter


# ----------------------------------------------------------------------------------------------------
# Casino
# ----------------------------------------------------------------------------------------------------
class CasinoAdapter(GameAdapter):
    """The Casino table: loose cards, builds with value and controller, deal number, live counters."""

    game = "casino"
    notation_examples = "KS trail, 8S x 8D 5D+3C, 3D b8 5C"
    multi_select = False
    game_keys = ("x",)
    keys_help = "select a hand card: its captures, builds and trail are listed"

    def hand_slots(self, view: Any) -> list[tuple[Any, int]]:
        return [(c, -1) for c in sorted(view.hand, key=lambda c: (c.rank, c.suit))]

    def hand_caption(self, view: Any) -> Text:
        t = Text()
        mine = view.my_builds if hasattr(view, "my_builds") else ()
        if mine:
            t.append("You control ")
            t.append(", ".join(f"[{b.value}]" for b in mine), style="bold")
            t.append("  ")
        side = view.side
        team = len(view.captured_counts) < view.num_players
        t.append(("Your team has taken " if team else "You have taken ") + _taken_text(view, side), style="dim")
        return t

    def opponent_panel(self, view: Any, names: Sequence[str], seat: int) -> RenderableType:
        """Each other seat's cards in hand; what each player (or each team, in partnerships) has taken."""
        t = Text()
        n_sides = len(view.captured_counts)
        team = n_sides < view.num_players
        for other in range(view.num_players):
            if other == seat:
                continue
            if t:
                t.append("\n")
            t.append(names[other] if view.num_players == 2 else short_name(names[other]), style="bold")
            t.append(f" {view.hand_sizes[other]} ")
            t.append("▒" * view.hand_sizes[other], style="grey82 on dark_blue")
            if other % n_sides == seat % n_sides and team:
                t.append(" partner", style="dim")
            elif not team:
                t.append(" has taken " + _taken_text(view, other), style="dim")
            if other == view.dealer:
                t.append("  (dealer)", style="dim")
        if team:
            for side, name in enumerate(team_names(names, n_sides)):
                if side != seat % n_sides:
                    t.append(f"\n{name} have taken " + _taken_text(view, side), style="dim")
        return t

    def table_panel(self, view: Any, names: Sequence[str]) -> RenderableType:
        head = Text()
        head.append(f"Deal {view.deal_number}/{view.num_deals}", style="bold")
        if view.last_deal:
            head.append("  LAST", style="bold yellow")
        head.append(f"   pack {view.pack_size}", style="dim")
        if view.last_capturer is not None:
            head.append(f"   last capture: {names[view.last_capturer].split(' (', 1)[0]}", style="dim")
        parts: list[RenderableType] = [head]
        loose = sorted(view.table, key=lambda c: (c.rank, c.suit))
        if loose:
            parts.append(card_row([CardSlot(c) for c in loose])[0])
        else:
            parts.append(Text("(no loose cards)", style="dim"))
        for b in view.builds:
            line = Text()
            line.append(f"[{b.value}] ", style="bold magenta")
            line.append(f"{b.kind} build of {names[b.controller]}: ", style="dim")
            for gi, g in enumerate(b.groups):
                if gi:
                    line.append(" | ")
                line.append_text(inline_cards(mask_to_cards(g), sep="+"))
            parts.append(line)
        return Group(*parts)

    def prompt(self, view: Any, state: GameState[Any, Any, Any], seat: int, names: Sequence[str]) -> str:
        if state.current_player() != seat:
            return "Waiting for the other players..."
        if not isinstance(state.legal_moves(), list):  # a crowded table: only its richest moves are listed
            return "Select a hand card: its richest moves are listed; : types any other."
        return "Select a hand card: its captures, builds and trail are listed."

    def candidates(self, state: GameState[Any, Any, Any], selected: Sequence[Any]) -> list[Candidate]:
        if not selected:
            return []
        return [(a, True) for a in state.picker_moves() if getattr(a, "card", None) == selected[0]]

    def key_action(self, key: str, state: GameState[Any, Any, Any], selected: Sequence[Any]) -> Any | None:
        if key == "x" and selected:
            trail = f"{selected[0]} trail"
            return state.parse_action(trail) if state.can_apply(state.parse_action(trail)) else trail
        return None

    def uses_cards(self, action: Any) -> bool:
        return getattr(action, "kind", "") != "deal" and getattr(action, "card", None) is not None


    def summarize(self, state: GameState[Any, Any, Any], result: HandResult, human: int, names: Sequence[str]) -> list[str]:
        sides = team_names(names, len(result.points))
        return ["Hand over: " + ", ".join(f"{n} {plural(p, 'point')}" for n, p in zip(sides, result.points)) + "."]

    def sheet_summary(self, result: HandResult, names: Sequence[str]) -> str:
        sides = result.details.get("sides") if isinstance(result.details, dict) else None
        if not sides:
            return super().sheet_summary(result, names)
        def each(key: str) -> str:
            return "-".join(str(sd.get(key, 0)) for sd in sides)

        return f"cards {each('cards')} ♠ {each('spades')} sweeps {each('sweeps')}"

    def pre_action(self, state: GameState[Any, Any, Any]) -> Any:
        return sum(getattr(state, "sweeps", ()) or ())

    def describe(self, state: GameState[Any, Any, Any], action: Any, actor: int, human: int, names: Sequence[str],
                 pre: Any = None) -> str | None:
        line = super().describe(state, action, actor, human, names, pre)
        if line and isinstance(pre, int) and sum(getattr(state, "sweeps", ()) or ()) > pre:
            line = line[:-1] + " — a sweep!"
        return line

    def breakdown(self, state: GameState[Any, Any, Any], result: HandResult, human: int, names: Sequence[str],
                  step: int) -> RenderableType:
        sides = result.details.get("sides") if isinstance(result.details, dict) else None
        if not sides:
            return super().breakdown(state, result, human, names, step)
        table = Table(title="Hand score", title_justify="left")
        table.add_column("")
        side_names = team_names(names, len(sides))
        for name in side_names:
            table.add_column(name, justify="right")
        rows = [("cards taken", "cards"), ("spades taken", "spades"), ("most cards (3)", "most_cards"),
                ("most spades (1)", "most_spades"), ("aces", "aces"), ("big casino 10♦", "big_casino"),
                ("little casino 2♠", "little_casino"), ("sweeps", "sweeps"), ("sweep points", "sweep_points")]
        for label, key in rows:
            table.add_row(label, *[str(sd.get(key, 0)) for sd in sides])
        table.add_row(Text("points", style="bold"), *[Text(str(sd.get("total", 0)), style="bold green") for sd in sides])
        parts: list[RenderableType] = [table]
        residue = result.details.get("residue")
        if residue:
            rs = result.details.get("residue_side")
            who = side_names[rs] if isinstance(rs, int) and rs < len(side_names) else "the last capturer"
            parts.append(Text(f"Cards left on the table went to {who}: ") + inline_cards([Card.parse(c) for c in residue]))
        return Group(*parts)


# ----------------------------------------------------------------------------------------------------
# Pinochle
# ----------------------------------------------------------------------------------------------------
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
                return [(a, True) for a in legal if a.kind in ("meld", "exchange")][:8] + plain
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
        """The trump card under the stock (the log names what a dix is exchanged for)."""
        from ...pinochle.deck import CARDS

        index = getattr(state, "trump_card", -1)
        return CARDS[index] if isinstance(index, int) and index >= 0 else None

    def describe(self, state: GameState[Any, Any, Any], action: Any, actor: int, human: int, names: Sequence[str],
                 pre: Any = None) -> str | None:
        if actor == CHANCE or getattr(action, "kind", "") != "exchange":
            return super().describe(state, action, actor, human, names, pre)
        who = "You" if actor == human else short_name(names[actor])
        return narrate_action(action, who, turnup=pre) + "."

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


def _taken_text(view: Any, side: int) -> str:
    """What a Casino side has taken so far, in words: ``5 cards, 1 spade, 1 sweep``."""
    return (f"{plural(view.captured_counts[side], 'card')}, {plural(view.spade_counts[side], 'spade')}, "
            f"{plural(view.sweeps[side], 'sweep')}")


_DIX_ROWS = {"dix-turnup": "dix turned up (dealer)", "dix-exchange": "dix exchanged", "dix-played": "dix played"}


def _meld_points(action: Any) -> int:
    from ...pinochle.melds import KIND_POINTS

    return KIND_POINTS[action.meld]


_ADAPTERS.update({"casino": CasinoAdapter, "pinochle": PinochleAdapter})
