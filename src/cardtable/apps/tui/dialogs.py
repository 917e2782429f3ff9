"""Dialogs over the table: the end of a hand, the score sheet, the rules, hints."""

from __future__ import annotations

import re
from typing import Any, ClassVar

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import (
    Button,
    DataTable,
    Markdown,
    OptionList,
    Static,
)
from textual.widgets.option_list import Option

from ...errors import CardtableError
from .. import launcher
from ..hint_words import value_words
from ..words import conjugate, plural
from .cardart import inline_cards
from .common import DEFAULT_PACE, level_name, short_name
from .rules_text import rules_markdown
from .session import FinishedHand, TableSession
from .speech import N_, Speech, speech, translate_bindings

__all__ = ["HandOverScreen", "ScoreSheetScreen", "RulesScreen", "HintScreen", "QuitScreen", "quit_note", "hint_value_text"]

_CARD_RE = re.compile(r"\b(10|[2-9TJQKA])([SHDC♠♥♦♣])\b")


class HandOverScreen(ModalScreen[None]):
    """The showdown: melds, layoffs card by card, deadwood and points; then the running score."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "step", N_("Next layoff")),
        Binding("enter,escape", "done", N_("Continue")),
        Binding("s", "sheet", N_("Scores")),
        Binding("up", "scroll(-1)", N_("Scroll"), show=False),
        Binding("down", "scroll(1)", N_("Scroll"), show=False),
    ]

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; }
    #over { width: 96%; max-width: 110; height: auto; max-height: 96%; border: thick $primary;
            background: $surface; padding: 0 1; }
    #over-title { text-style: bold; height: 1; background: $primary; }
    #over-body { height: auto; max-height: 70vh; }
    #breakdown { height: auto; }
    #over-foot { height: auto; margin-top: 1; }
    #totals { height: auto; }
    #over-foot Horizontal { height: 1; }
    #continue { margin-right: 2; }
    HandOverScreen .keys { color: $text-muted; height: 1; width: 1fr; }
    """

    def __init__(self, session: TableSession, done: FinishedHand, pace: float = DEFAULT_PACE) -> None:
        super().__init__()
        self.session = session
        self.sp: Speech = session.sp
        translate_bindings(self, self.sp)
        self.done = done
        self.steps = session.adapter.breakdown_steps(done.state)
        self.step = 0 if pace > 0 else self.steps
        self.pace = pace
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        """The breakdown scrolls (↑/↓) if the terminal is short; the totals, Continue and the keys never do."""
        with Vertical(id="over"):
            yield Static(" " + self.sp._("Hand {number} is over", number=self.done.number), id="over-title")
            with VerticalScroll(id="over-body"):
                yield Static("", id="breakdown")
            with Vertical(id="over-foot"):
                yield Static("", id="totals")
                with Horizontal():
                    yield Button(self.sp._("Continue (Enter)") if not self.done.match_over
                                 else self.sp._("Final scores (Enter)"), variant="primary", id="continue", compact=True)
                    yield Static(self._keys(), classes="keys", id="over-keys")

    def _keys(self) -> str:
        keys = [self.sp._("s scores"), self.sp._("↑↓ scroll")]  # the button says what Enter does
        if self.step < self.steps:
            keys.insert(0, self.sp._("Space next layoff"))
        return " · ".join(keys)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No layoff key where there are no layoffs (Casino, Pinochle, gin) or none are left to show."""
        return self.step < self.steps if action == "step" else True

    def action_scroll(self, delta: int) -> None:
        self.query_one("#over-body", VerticalScroll).scroll_relative(y=delta * 2, animate=False)

    def on_mount(self) -> None:
        self._show_step()
        if self.step < self.steps:
            self._timer = self.set_interval(max(0.4, self.pace), self._auto_step)

    def _auto_step(self) -> None:
        self.action_step()

    def _show_step(self) -> None:
        s = self.session
        d = self.done
        self.query_one("#breakdown", Static).update(
            s.adapter.breakdown(d.state, d.result, s.human_seat, s.names, self.step))
        t = Text()
        sp = self.sp
        names = s.side_names()
        pts = sp.join(f"{n} +{p}" for n, p in zip(names, d.result.points))
        t.append(sp._("This hand: {points}", points=pts) + "\n", style="bold")
        t.append(sp._("Running totals: {totals}", totals=sp.join(f"{n} {v}" for n, v in zip(names, d.totals_after))))
        if d.match_over and s.m.outcome is not None:
            o = s.m.outcome
            t.append("\n" + sp._("Match over — {winner} {totals}", winner=s.winner_words(),
                                  totals=" - ".join(map(str, o.final_totals))), style="bold green")
        self.query_one("#totals", Static).update(t)
        self.query_one("#over-keys", Static).update(self._keys())
        self.refresh_bindings()

    def action_step(self) -> None:
        if self.step < self.steps:
            self.step += 1
            self._show_step()
        if self.step >= self.steps and self._timer is not None:
            self._timer.stop()
            self._timer = None

    def action_done(self) -> None:
        if self.step < self.steps:
            self.step = self.steps
            if self._timer is not None:
                self._timer.stop()
                self._timer = None
            self._show_step()
            return
        self.dismiss(None)

    @on(Button.Pressed, "#continue")
    def _continue(self) -> None:
        self.step = self.steps
        self.dismiss(None)

    def action_sheet(self) -> None:
        self.app.push_screen(ScoreSheetScreen(self.session))


class ScoreSheetScreen(ModalScreen[None]):
    """The match score sheet: every hand's points and running totals (and the final result)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,s,q", "close", N_("Close"), priority=True)]
    """Priority: the sheet's table has the focus and would take Enter as a row selection."""

    DEFAULT_CSS = """
    ScoreSheetScreen { align: center middle; }
    #sheet-box { width: 98%; max-width: 110; height: 94%; border: thick $secondary; background: $surface; }
    #sheet-title { text-style: bold; height: 1; background: $secondary; padding: 0 1; }
    #sheet { height: 1fr; }
    #final { height: auto; padding: 0 1; }
    ScoreSheetScreen .keys { height: 1; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, session: TableSession, final: bool = False) -> None:
        super().__init__()
        self.session = session
        self.sp: Speech = session.sp
        translate_bindings(self, self.sp)
        self.final = final

    def compose(self) -> ComposeResult:
        sp = self.sp
        with Vertical(id="sheet-box"):
            yield Static(" " + (sp._("Score sheet — final") if self.final else sp._("Score sheet")), id="sheet-title")
            yield DataTable(id="sheet", zebra_stripes=True, cursor_type="row")
            yield Static("", id="final")
            yield Static(sp._("Esc / Enter: close · ↑/↓ scroll"), classes="keys")

    def on_mount(self) -> None:
        m = self.session.m
        sp = self.sp
        table = self.query_one("#sheet", DataTable)
        names = self.session.side_names()
        seat_names = self.session.names
        table.add_column(sp.pgettext("score sheet", "Hand"))
        table.add_column(sp.pgettext("score sheet", "Dealer"))
        for n in names:
            table.add_column(n)  # whole names: a column is as wide as it needs
        table.add_column(sp.pgettext("score sheet", "Result"))
        for row in m.score_sheet():
            cells: list[Any] = [str(row["hand"]), short_name(seat_names[row["dealer"]])]
            for p, tot in zip(row["points"], row["totals"]):
                cells.append(f"{'+' + str(p) if p else '·':>4}  {tot:>4}")
            entry = m.hands[row["hand"] - 1] if 0 < row["hand"] <= len(m.hands) else None
            result = getattr(entry, "result", None)
            cells.append(self.session.adapter.sheet_summary(result, seat_names) if result is not None
                         else row["summary"] or "")
            table.add_row(*cells)
        t = Text()
        if not m.score_sheet():
            t.append(sp._("No hand has been scored yet.") + "\n", style="dim")
        if m.outcome is not None:
            o = m.outcome
            t.append(sp._("Final (with bonuses): {totals}", totals=sp.join(f"{n} {v}" for n, v in zip(names, o.final_totals)))
                     + "\n", style="bold")
            if sp.english:
                t.append(f"{conjugate(names[o.winner], 'win')} by {plural(o.margin, 'point')}.", style="bold green")
            else:
                t.append(sp.ngettext("{winner} by {n} point.", "{winner} by {n} points.", o.margin,
                                     winner=self.session.winner_words()), style="bold green")
        else:
            t.append(sp._("Totals: {totals}", totals=sp.join(f"{n} {v}" for n, v in zip(names, m.totals))), style="bold")
            target = getattr(m.game.rules, "target_score", None)
            if target is not None:
                t.append("  " + sp._("— first to {target}", target=target), style="dim")
        self.query_one("#final", Static).update(t)

    def action_close(self) -> None:
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """A short summary of the game's rules and the options of this match."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,r,f1", "close", N_("Close"))]

    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    #rules-frame { width: 95%; max-width: 110; height: 95%; border: thick $accent; background: $surface; }
    #rules-box { height: 1fr; }
    RulesScreen .keys { height: 1; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, game: str, rules: Any, lang: str = "en") -> None:
        super().__init__()
        self.game = game
        self.rules = rules
        self.sp: Speech = speech(lang)
        translate_bindings(self, self.sp)

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-frame"):
            with VerticalScroll(id="rules-box"):
                yield Markdown(rules_markdown(self.game, self.rules, lang=self.sp.lang), id="rules")
            yield Static(self.sp._("Esc: close · ↑/↓ PgUp/PgDn: scroll"), classes="keys")

    def on_mount(self) -> None:
        self.query_one("#rules-box", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)


class HintScreen(ModalScreen[str | None]):
    """The hint player's top moves with their values; Enter plays the highlighted one."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,h,q", "close", N_("Close"))]

    DEFAULT_CSS = """
    HintScreen { align: center middle; }
    #hint-box { width: 70; max-width: 95%; height: auto; max-height: 80%; border: thick $success; background: $surface; padding: 0 1; }
    #hint-list { height: auto; max-height: 14; }
    """

    def __init__(self, session: TableSession, hints: list[Any]) -> None:
        super().__init__()
        self.session = session
        self.sp: Speech = session.sp
        translate_bindings(self, self.sp)
        self.hints = hints

    def compose(self) -> ComposeResult:
        sp = self.sp
        agent = self.session.hint_agent()
        name = getattr(agent, "name", type(agent).__name__)
        worth = value_words([h.value for h in self.hints], sp.lang)
        with Vertical(id="hint-box"):
            yield Static(Text(sp._("Hints from the {name} computer player", name=level_name(str(name), sp)),
                              style="bold"))
            yield Static(Text(sp._("Its best move first, with why, and how many points per hand it expects each "
                                   "to gain over the next. Enter plays the highlighted move, Esc closes."), style="dim"))
            if not self.hints:
                yield Static(sp._("(no suggestions)"))
            opts = []
            for i, h in enumerate(self.hints):
                t = Text(f"{i + 1}. ")
                t.append_text(self._label(h.action))
                lines: list[Text | Padding] = [t]
                if h.note:  # wrapped lines keep the indent
                    lines.append(Padding(Text(h.note, style="italic"), (0, 0, 0, 3)))
                if worth[i]:
                    lines.append(Padding(Text(worth[i], style="cyan"), (0, 0, 0, 3)))
                opts.append(Option(Group(*lines), id=f"hint-{i}"))
            yield OptionList(*opts, id="hint-list")

    def _label(self, action: str) -> Text:
        s = self.session
        try:
            label = s.adapter.label(s.state.parse_action(action), s.state)
        except CardtableError:
            label = action
        out = _pretty_action(label)
        out.stylize("bold")
        return out

    def on_mount(self) -> None:
        self.query_one("#hint-list", OptionList).focus()

    @on(OptionList.OptionSelected, "#hint-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.hints[event.option_index].action)

    def action_close(self) -> None:
        self.dismiss(None)


def hint_value_text(value: float | None, best: float | None) -> str:
    """A hint's value in words: ``best move``, ``2.5 points worse``, ``about as good``."""
    if value is None or best is None:
        return ""
    gap = best - value
    if gap <= 1e-9:
        return "best move"
    if gap >= 500:  # a solver's marker for "not the best" (no exact value computed)
        return "worse"
    if gap < 0.05:
        return "about as good"
    return f"{gap:.1f} {'point' if round(gap, 1) == 1 else 'points'} worse"


def _pretty_action(text: str) -> Text:
    out = Text()
    pos = 0
    for m in _CARD_RE.finditer(text):
        out.append(text[pos:m.start()])
        from ...cards import Card

        try:
            out.append_text(inline_cards([Card.parse(m.group(0))]))
        except ValueError:
            out.append(m.group(0))
        pos = m.end()
    out.append(text[pos:])
    return out



def quit_note(session: TableSession) -> str:
    """What the player is told on leaving a table: whether and how the match can be continued."""
    sp = session.sp
    if session.is_over():
        return sp._("The match is over: it stays in your history (cardtable history).")
    if session.store is None:
        return sp._("This game was not saved (--no-save): it cannot be resumed.")
    session.save()
    if session.store_id is None and session.store_error is None and not session.has_moved():
        return sp._("You made no move, so nothing was saved.")
    if session.store_error is not None:
        return sp._("This game could not be saved ({error}).", error=session.store_error)
    latest = launcher.command("resume")
    which = launcher.command(f"resume {session.store_id}") if session.store_id is not None else latest
    return sp._("Game saved — continue it with `{command}`.", command=which)


class QuitScreen(ModalScreen[bool]):
    """Leave the table (quit, or for a new match)? Says whether the match is saved and how to resume it.

    y leaves (q too when quitting: not for a new match, where q would mean leaving the app), n or Esc
    stays; Enter presses the highlighted button, which is "Keep playing" until Tab or the arrows move
    to the other one.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "quit", N_("Leave"), priority=True),
        Binding("q", "quit_key", N_("Leave"), show=False, priority=True),
        Binding("n,escape", "stay", N_("Keep playing"), priority=True),
        Binding("left,right", "app.focus_next", N_("Other button"), show=False),
    ]

    DEFAULT_CSS = """
    QuitScreen { align: center middle; }
    #quit-box { width: 64; max-width: 96%; height: auto; border: thick $warning; background: $surface; padding: 0 1; }
    #quit-title { text-style: bold; }
    #quit-buttons { height: auto; margin-top: 1; }
    #quit-buttons Button { margin-right: 2; }
    QuitScreen .keys { color: $text-muted; }
    """

    def __init__(self, session: TableSession, new_match: bool = False) -> None:
        super().__init__()
        self.session = session
        self.sp: Speech = session.sp
        translate_bindings(self, self.sp)
        self.new_match = new_match

    def compose(self) -> ComposeResult:
        s = self.session
        sp = self.sp
        if s.is_over():
            body = sp._("The match is over.")
        elif s.store is None:
            body = sp._("This game is not being saved (--no-save): starting a new match ends it for good.") \
                if self.new_match else sp._("This game is not being saved (--no-save): quitting ends it for good.")
        elif s.store_error is not None:
            body = sp._("This game could not be saved ({error}): starting a new match ends it.", error=s.store_error) \
                if self.new_match else sp._("This game could not be saved ({error}): quitting ends it.",
                                            error=s.store_error)
        elif s.store_id is None and not s.has_moved():
            body = sp._("You have not moved yet, so nothing is saved: a game is saved from your first move on.")
        else:
            body = sp._("Your game is saved after every move: continue it later with `{command}`.",
                        command=launcher.command("resume"))
        title, yes = (sp._("Leave this match for a new one?"), sp._("New match (y)")) if self.new_match \
            else (sp._("Quit cardtable?"), sp._("Quit (y)"))
        with Vertical(id="quit-box"):
            yield Static(title, id="quit-title")
            yield Static(body, id="quit-body")
            with Horizontal(id="quit-buttons"):
                yield Button(yes, variant="error", id="quit-yes", compact=True)
                yield Button(sp._("Keep playing (n)"), variant="primary", id="quit-no", compact=True)
            yield Static(sp._("y: new match · n / Esc: back to the table · Enter: the highlighted button")
                         if self.new_match else
                         sp._("y: quit · n / Esc: back to the table · Enter: the highlighted button"), classes="keys")

    def on_mount(self) -> None:
        self.query_one("#quit-no", Button).focus()

    def action_quit(self) -> None:
        self.dismiss(True)

    def action_quit_key(self) -> None:
        """q: quit when the question is quitting; over "new match?" it means no new match (back to the table)."""
        self.dismiss(not self.new_match)

    def action_stay(self) -> None:
        self.dismiss(False)

    @on(Button.Pressed, "#quit-yes")
    def _yes(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#quit-no")
    def _no(self) -> None:
        self.dismiss(False)
