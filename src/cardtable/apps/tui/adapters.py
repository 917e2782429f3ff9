"""Per-game knowledge for the table: how to lay out a hand, which actions a card selection offers,
how to tell moves in the log, and how to break down a finished hand.

:class:`GameAdapter` is the generic fallback (any game with a ``hand`` in its
view and actions whose notation names cards) and the base of the game tables:
:class:`CasinoAdapter` here, ``GinAdapter`` in :mod:`.gin_table`, ``PinochleAdapter``
in :mod:`.pinochle_table`; :func:`.table_adapters.adapter_for` picks a game's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...cards import Card, PinochleCard, mask_to_cards
from ...core import CHANCE, GameState, HandResult
from ..words import card_name, conjugate, describe_action, describe_move, narrate_action
from .cardart import inline_cards
from .casino_picks import LooseCards, TablePicks, build_line, build_name
from .common import short_name, team_names
from .speech import SLOT, Speech, speech, split_at

__all__ = ["GameAdapter", "CasinoAdapter", "Candidate", "TablePicks"]

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
    picks_table = False
    """Moves take table cards the person picks (Casino: Tab moves the keyboard to the table)."""
    lang = "en"
    """The language of the table (its session's)."""

    @property
    def sp(self) -> Speech:
        """The table's words in its language."""
        return speech(self.lang)

    def narrate(self, action: Any, actor: int, human: int, names: Sequence[str], **options: Any) -> str:
        """The action as news for the log, without the final full stop (:func:`cardtable.apps.words.narrate_action`)."""
        who = "You" if actor == human else short_name(names[actor])
        return narrate_action(action, who, **options, lang=self.lang)

    def selects_several(self, state: GameState[Any, Any, Any]) -> bool:
        """Whether Space adds to the selection now (else it replaces it)."""
        return self.multi_select

    def card_text(self, card: Any) -> str:
        """A card as the player reads it (no Pinochle copy letter)."""
        return card_name(card)

    def decline_warning(self, state: GameState[Any, Any, Any], action: Any) -> str:
        """Non-empty when ``action`` gives up something worth having (it then needs a second press)."""
        return ""

    def enter_question(self, state: GameState[Any, Any, Any]) -> str:
        """Non-empty where Enter must not pick a move (two moves of equal weight): what to press instead."""
        return ""

    # --- the hand ---------------------------------------------------------------------------------
    def hand_slots(self, view: Any) -> list[tuple[Any, int]]:
        """(card, group) pairs in display order; group -1 is ungrouped."""
        hand = getattr(view, "hand", ()) or ()
        return [(c, -1) for c in hand]

    def hand_caption(self, view: Any) -> Text:
        n = len(getattr(view, "hand", ()) or ())
        return Text(self.sp.ngettext("{n} card", "{n} cards", n), style="dim")

    # --- the table --------------------------------------------------------------------------------
    def opponent_panel(self, view: Any, names: Sequence[str], seat: int) -> RenderableType:
        return Text(self.sp.join(n for i, n in enumerate(names) if i != seat))

    def table_panel(self, view: Any, names: Sequence[str]) -> RenderableType:
        from ..render import render_view

        return Text(render_view(self.game, view, names, lang=self.lang))

    def prompt(self, view: Any, state: GameState[Any, Any, Any], seat: int, names: Sequence[str]) -> str:
        return self.sp._("Your move: select cards, then choose an action.") if state.current_player() == seat \
            else self.sp._("Waiting for the computer...")

    # --- picking from the table (games whose moves take table cards: Casino) ----------------------
    def table_items(self, view: Any) -> list[Any]:
        """What the person can pick on the table, in cursor order (none: the table takes no keyboard)."""
        return []

    def picking_panel(self, view: Any, names: Sequence[str], picks: TablePicks) -> RenderableType:
        """The table with the table cursor and the picks shown."""
        return self.table_panel(view, names)

    def item_text(self, item: Any) -> str:
        """A table item as the person reads it."""
        return str(item)

    def picked_candidates(self, state: GameState[Any, Any, Any], selected: Sequence[Any],
                          picked: Sequence[Any]) -> list[Candidate]:
        """The moves of the hand selection that take exactly the ``picked`` table items."""
        return self.candidates(state, selected)

    def picked_problem(self, state: GameState[Any, Any, Any], selected: Sequence[Any], picked: Sequence[Any],
                       names: Sequence[str], seat: int) -> str:
        """Why no move takes exactly these picks (the rule), or what is missing; empty if moves do."""
        return ""

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
                return describe_move(state, action, lang=self.lang)
            except Exception:
                pass
        return describe_action(action, **self.phrase_options(action), lang=self.lang)

    # --- the log ----------------------------------------------------------------------------------
    def pre_action(self, state: GameState[Any, Any, Any]) -> Any:
        """Whatever :meth:`describe` needs from the state before the action (it gets the state after)."""
        return None

    def describe(self, state: GameState[Any, Any, Any], action: Any, actor: int, human: int, names: Sequence[str],
                 pre: Any = None) -> str | None:
        if actor == CHANCE:
            return None
        return self.narrate(action, actor, human, names, **self.phrase_options(action)) + self.sp._(".")

    def phrase_options(self, action: Any) -> dict[str, Any]:
        """Extra facts :mod:`cardtable.apps.words` needs to phrase ``action`` (a meld's points)."""
        return {}

    def new_hand_line(self, state: GameState[Any, Any, Any], number: int, names: Sequence[str]) -> str | None:
        """The log's marker at the start of hand ``number`` (``None``: the game writes its own)."""
        dealer = getattr(state, "dealer", None)
        sp = self.sp
        if not (isinstance(dealer, int) and 0 <= dealer < len(names)):
            return sp._("— Hand {number} —", number=number)
        if sp.english:
            return f"— Hand {number}: {conjugate(short_name(names[dealer]), 'deal')} —"
        if short_name(names[dealer]) == sp.pgettext("seat", "You"):
            return sp._("— Hand {number}: you deal —", number=number)
        return sp._("— Hand {number}: {name} deals —", number=number, name=short_name(names[dealer]))

    def sheet_summary(self, result: HandResult, names: Sequence[str]) -> str:
        """The score sheet's short note on a hand."""
        return result.summary or ""

    def summarize(self, state: GameState[Any, Any, Any], result: HandResult, human: int, names: Sequence[str]) -> list[str]:
        pts = self.sp.join(f"{names[i]} {p}" for i, p in enumerate(result.points))
        return [self.sp._("Hand over: {points}", points=pts)] if not self.sp.english \
            else [f"Hand over ({result.summary or 'scored'}): {pts}"]

    # --- end of hand ------------------------------------------------------------------------------
    def breakdown_steps(self, state: GameState[Any, Any, Any]) -> int:
        return 0

    def breakdown(self, state: GameState[Any, Any, Any], result: HandResult, human: int, names: Sequence[str],
                  step: int) -> RenderableType:
        from ..render import render_view

        points = self.sp.join(f"{n} {p}" for n, p in zip(names, result.points))
        return Group(Text(render_view(self.game, state.view(human), names, lang=self.lang)), Text(""),
                     Text(self.sp._("Points: {points}", points=points), style="bold"))


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
# Casino
# ----------------------------------------------------------------------------------------------------
class CasinoAdapter(GameAdapter):
    """The Casino table: loose cards, builds with value and controller, deal number, live counters."""

    game = "casino"
    notation_examples = "KS trail, 8S x 8D 5D+3C, 3D b8 5C"
    multi_select = False
    game_keys = ("x",)
    picks_table = True
    keys_help = "select a hand card: its captures, builds and trail are listed"

    def hand_slots(self, view: Any) -> list[tuple[Any, int]]:
        return [(c, -1) for c in sorted(view.hand, key=lambda c: (c.rank, c.suit))]

    def hand_caption(self, view: Any) -> Text:
        sp = self.sp
        t = Text()
        mine = view.my_builds if hasattr(view, "my_builds") else ()
        if mine:
            before, after = split_at(sp._("You control {builds}", builds=SLOT))
            t.append(before)
            t.append(sp.join(f"[{b.value}]" for b in mine), style="bold")
            t.append(after)
            t.append("  ")
        side = view.side
        team = len(view.captured_counts) < view.num_players
        taken = _taken_text(view, side, sp)
        t.append(sp._("Your team has taken {taken}", taken=taken) if team else
                 sp._("You have taken {taken}", taken=taken), style="dim")
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
            sp = self.sp
            t.append(names[other] if view.num_players == 2 else short_name(names[other]), style="bold")
            n = view.hand_sizes[other]  # "3 cards": a bare 3 reads like a score
            t.append(" " + sp.ngettext("{n} card", "{n} cards", n) + " ")
            t.append("▒" * view.hand_sizes[other], style="grey82 on dark_blue")
            if other % n_sides == seat % n_sides and team:
                t.append(" " + sp._("partner"), style="dim")
            elif not team:
                t.append(" " + sp._("has taken {taken}", taken=_taken_text(view, other, sp)), style="dim")
            if other == view.dealer:
                t.append("  " + sp._("(dealer)"), style="dim")
        if team:
            sp = self.sp
            for side, name in enumerate(team_names(names, n_sides)):
                if side != seat % n_sides:
                    t.append("\n" + sp._("{team} have taken {taken}", team=name, taken=_taken_text(view, side, sp)),
                             style="dim")
        return t

    def table_panel(self, view: Any, names: Sequence[str]) -> RenderableType:
        return self.picking_panel(view, names, TablePicks())

    def picking_panel(self, view: Any, names: Sequence[str], picks: TablePicks) -> RenderableType:
        sp = self.sp
        head = Text()
        head.append(sp._("Deal {number}/{deals}", number=view.deal_number, deals=view.num_deals), style="bold")
        if view.last_deal:
            head.append("  " + sp._("LAST"), style="bold yellow")
        head.append("   " + sp._("pack {n}", n=view.pack_size), style="dim")
        if view.last_capturer is not None:
            head.append("   " + sp._("last capture: {name}", name=names[view.last_capturer].split(" (", 1)[0]),
                        style="dim")
        loose = _loose(view)
        cursor = picks.cursor if picks.focused else None
        parts: list[RenderableType] = [head, LooseCards(loose, picks.picked, cursor if cursor is not None and
                                                        cursor < len(loose) else None, sp=sp)]
        for i, b in enumerate(view.builds, len(loose)):
            parts.append(build_line(b, names, picked=b in picks.picked, cursor=cursor == i, sp=sp))
        return Group(*parts)

    def table_items(self, view: Any) -> list[Any]:
        """The loose cards (as shown, low to high), then the builds."""
        return [*_loose(view), *view.builds]

    def item_text(self, item: Any) -> str:
        return item.pretty() if isinstance(item, Card) else build_name(item, self.sp)

    def picked_candidates(self, state: GameState[Any, Any, Any], selected: Sequence[Any],
                          picked: Sequence[Any]) -> list[Candidate]:
        """Each reading of hand card + picks (the capture, a build of some value), checked as one move."""
        if not selected or not picked:
            return self.candidates(state, selected)
        return [(a, True) for a in state.moves_for_selection(selected[0], _pick_cards(picked))]  # type: ignore[attr-defined]

    def picked_problem(self, state: GameState[Any, Any, Any], selected: Sequence[Any], picked: Sequence[Any],
                       names: Sequence[str], seat: int) -> str:
        if not picked:
            return ""
        sp = self.sp
        if not selected:
            return sp._("Select the hand card to play with them (Tab back to your hand, then Space).")
        card = selected[0]
        problem = state.selection_problem(card, _pick_cards(picked))  # type: ignore[attr-defined]
        if problem is None:
            return ""
        from ..plain.table import explain_error

        why = explain_error(problem, names, seat, self.lang)
        for colon in (": ", "："):
            if why.startswith(card.pretty()) and colon in why:  # the move's own notation first: said already
                why = why.split(colon, 1)[1]
                why = why[:1].upper() + why[1:]
                break
        taken = sp.join(self.item_text(p) for p in picked)
        return sp._("✗ No move of your {card} takes exactly {taken}: {why}", card=card.pretty(), taken=taken, why=why)

    def prompt(self, view: Any, state: GameState[Any, Any, Any], seat: int, names: Sequence[str]) -> str:
        sp = self.sp
        if state.current_player() != seat:
            return sp._("Waiting for the other players...")
        if not isinstance(state.legal_moves(), list):  # a crowded table: only its richest moves are listed
            return sp._("Select a hand card: its richest moves are listed; : types any other.")
        return sp._("Select a hand card: its captures, builds and trail are listed.")

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
        sp = self.sp
        points = sp.join(sp.ngettext("{name} {n} point", "{name} {n} points", p, name=n) for n, p in zip(sides, result.points))
        return [sp._("Hand over: {points}.", points=points)]

    def sheet_summary(self, result: HandResult, names: Sequence[str]) -> str:
        sides = result.details.get("sides") if isinstance(result.details, dict) else None
        if not sides:
            return super().sheet_summary(result, names)
        def each(key: str) -> str:
            return "-".join(str(sd.get(key, 0)) for sd in sides)

        return self.sp._("cards {cards} ♠ {spades} sweeps {sweeps}", cards=each("cards"), spades=each("spades"),
                         sweeps=each("sweeps"))

    def pre_action(self, state: GameState[Any, Any, Any]) -> Any:
        return sum(getattr(state, "sweeps", ()) or ())

    def describe(self, state: GameState[Any, Any, Any], action: Any, actor: int, human: int, names: Sequence[str],
                 pre: Any = None) -> str | None:
        line = super().describe(state, action, actor, human, names, pre)
        if line and isinstance(pre, int) and sum(getattr(state, "sweeps", ()) or ()) > pre:
            stop = self.sp._(".")
            line = self.sp._("{move} — a sweep!", move=line[:-len(stop)] if stop and line.endswith(stop) else line)
        return line

    def breakdown(self, state: GameState[Any, Any, Any], result: HandResult, human: int, names: Sequence[str],
                  step: int) -> RenderableType:
        sides = result.details.get("sides") if isinstance(result.details, dict) else None
        if not sides:
            return super().breakdown(state, result, human, names, step)
        sp = self.sp
        table = Table(title=sp._("Hand score"), title_justify="left")
        table.add_column("")
        side_names = team_names(names, len(sides))
        for name in side_names:
            table.add_column(name, justify="right")
        rows = [(sp._("cards taken"), "cards"), (sp._("spades taken"), "spades"), (sp._("most cards (3)"), "most_cards"),
                (sp._("most spades (1)"), "most_spades"), (sp._("aces"), "aces"), (sp._("big casino 10♦"), "big_casino"),
                (sp._("little casino 2♠"), "little_casino"), (sp._("sweeps"), "sweeps"),
                (sp._("sweep points"), "sweep_points")]
        for label, key in rows:
            table.add_row(label, *[str(sd.get(key, 0)) for sd in sides])
        table.add_row(Text(sp._("points"), style="bold"),
                      *[Text(str(sd.get("total", 0)), style="bold green") for sd in sides])
        parts: list[RenderableType] = [table]
        residue = result.details.get("residue")
        if residue:
            rs = result.details.get("residue_side")
            who = side_names[rs] if isinstance(rs, int) and rs < len(side_names) else sp._("the last capturer")
            parts.append(Text(sp._("Cards left on the table went to {who}: ", who=who))
                         + inline_cards([Card.parse(c) for c in residue]))
        return Group(*parts)


def _loose(view: Any) -> list[Card]:
    """The loose cards in table order (low to high)."""
    return sorted(view.table, key=lambda c: (c.rank, c.suit))


def _pick_cards(picked: Sequence[Any]) -> list[Card]:
    """The table cards of the picks (a build stands for all its cards)."""
    return [c for p in picked for c in ([p] if isinstance(p, Card) else mask_to_cards(p.cards))]


def _taken_text(view: Any, side: int, sp: Speech) -> str:
    """What a Casino side has taken so far, in words: ``5 cards, 1 spade, 1 sweep``."""
    return sp.join([sp.ngettext("{n} card", "{n} cards", view.captured_counts[side]),
                    sp.ngettext("{n} spade", "{n} spades", view.spade_counts[side]),
                    sp.ngettext("{n} sweep", "{n} sweeps", view.sweeps[side])])
