"""The card table screen: opponents, table, your hand, the actions for your selection, the log."""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import (
    Button,
    Footer,
    Input,
    RichLog,
    Static,
)

from ... import i18n
from ...errors import CardtableError
from ..words import refusal_text_of
from .casino_picks import TablePicks
from .common import DEFAULT_PACE, SHORT_TITLES, short_title
from .dialogs import HandOverScreen, HintScreen, QuitScreen, RulesScreen, ScoreSheetScreen
from .lobby import LobbyScreen
from .session import LogLine, TableSession
from .speech import N_, Speech, error_words, translate_bindings
from .widgets import HandView, MoveLog

__all__ = ["TableScreen"]


class TableScreen(Screen[None]):
    """The card table: opponent, stock and discard pile, your hand, the actions for your selection, the log."""

    AUTO_FOCUS = None  # keys go to the table; the notation box takes focus only after ':'

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", "←", show=False),
        Binding("right", "cursor(1)", "→", show=False),
        Binding("space", "select_card", N_("Select"), show=False),
        Binding("tab,shift+tab", "switch_area", N_("Table/hand"), show=False),
        Binding("up", "to_area(True)", N_("Table"), show=False),
        Binding("down", "to_area(False)", N_("Hand"), show=False),
        Binding("enter", "enter", N_("Play"), show=False),
        *[Binding(str(i), f"choose({i - 1})", str(i), show=False) for i in range(1, 10)],
        Binding("d", "game_key('d')", N_("Draw")),
        Binding("t", "game_key('t')", N_("Take")),
        Binding("p", "game_key('p')", N_("Pass"), show=False),
        Binding("k", "game_key('k')", N_("Knock")),
        Binding("g", "game_key('g')", N_("Big gin"), show=False),
        Binding("x", "game_key('x')", N_("Discard"), show=False),
        Binding("h", "hint", N_("Hint")),
        Binding("u", "undo", N_("Undo")),
        Binding("s", "sheet", N_("Scores")),
        Binding("r,f1", "rules", N_("Rules")),
        Binding("plus,equals_sign", "pace(-0.2)", N_("Faster"), show=False),
        Binding("minus", "pace(0.2)", N_("Slower"), show=False),
        Binding("escape", "clear", N_("Clear"), show=False),
        Binding("colon,slash", "type_move", N_("Type"), show=False),
        Binding("n", "new_match", N_("New"), show=False),
        Binding("q", "quit", N_("Quit")),
    ]

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    #title { height: 1; background: $primary; color: $text; padding: 0 1; }
    #top { height: 1fr; }
    #felt { width: 1fr; background: #0b3d1f; padding: 0 1; }
    #opponent { height: auto; margin-bottom: 1; }
    #table { height: 1fr; content-align: left middle; }  /* the table in the middle, as on a real one */
    #log { width: 35%; min-width: 34; max-width: 60; border-left: vkey $primary; padding: 0 0 0 1;
           scrollbar-size: 1 1; }
    #prompt { height: 1; background: $boost; padding: 0 1; text-style: bold; }
    #hand { background: #0b3d1f; padding: 0 1; }
    #caption { height: 1; padding: 0 1; }
    #actions { height: auto; min-height: 1; max-height: 4; grid-size: 3; grid-gutter: 0 1; padding: 0 1;
               overflow-y: auto; scrollbar-size-vertical: 1; }
    #actions Button { width: 1fr; }
    #actions Button.illegal { color: $text-muted; text-style: strike; }
    #message { height: auto; max-height: 3; padding: 0 1; }
    #keys { height: 1; padding: 0 1; color: $text-muted; }
    #message.error { color: $error; text-style: bold; }
    #notation { display: none; }
    #notation.shown { display: block; }
    """

    def __init__(self, session: TableSession, pace: float = DEFAULT_PACE) -> None:
        super().__init__()
        self.session = session
        self.sp: Speech = session.sp
        translate_bindings(self, self.sp)
        self.pace = pace
        self.cursor = 0
        self.selected: list[Any] = []
        self.picks = TablePicks()
        """Table cards and builds picked for the selected hand card (Casino), and whether the table has the keys."""
        self.candidates: list[tuple[Any, bool]] = []
        self._timer: Timer | None = None
        self._gen = 0
        self._thinking = False
        self._pending: tuple[int, Any] | None = None
        self._shown = len(session.finished)
        self._last_drawn: Any = None
        self._message = ""
        self._message_error = False
        self._action_gen = 0
        self._action_key: tuple[tuple[str, bool, str], ...] | None = None
        self._seen_key: tuple[tuple[str, bool, str], ...] | None = None
        self._confirm: str | None = None

    # --- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="title")
        with Horizontal(id="top"):
            with Vertical(id="felt"):
                yield Static("", id="opponent")
                yield Static("", id="table")
            log = MoveLog(id="log", wrap=True, markup=False, min_width=20)
            log.can_focus = False
            yield log
        yield Static("", id="prompt")
        hand = HandView(id="hand")
        hand.empty_text = self.sp._("(no cards)")
        yield hand
        yield Static("", id="caption")
        yield Grid(id="actions")
        yield Static("", id="keys")
        yield Static("", id="message")
        notation = Input(placeholder=self.sp._("type a move, e.g. {examples} — Esc cancels",
                                               examples=self.session.adapter.notation_examples),
                         id="notation", compact=True)
        notation.can_focus = False
        yield notation
        yield Footer(show_command_palette=self.sp.english)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the letter keys that mean nothing in this game, and the moves, hints and undo once the match is over."""
        if self.session.is_over() and action in ("game_key", "hint", "undo"):
            return False
        if action == "game_key" and parameters:
            return parameters[0] in self.session.adapter.game_keys
        return True

    def on_mount(self) -> None:
        log = self.query_one("#log", RichLog)
        for line in self.session.log[-30:]:
            log.write(self._log_text(line))
        self.session.listeners.append(self._on_log)
        self.session.advance_chance()
        self.pump()

    def on_resize(self, event: events.Resize) -> None:
        self.query_one("#keys", Static).update(self._keys_line())

    def on_unmount(self) -> None:
        self._gen += 1  # a computer move still being worked out is dropped
        if self._on_log in self.session.listeners:
            self.session.listeners.remove(self._on_log)

    def _log_text(self, line: LogLine) -> Text:
        style = "bold" if line.seat is None else ("cyan" if line.seat == self.session.human_seat else "")
        text = Text(line.text, style=style)
        for m in re.finditer(r"(10|[2-9JQKA])([♥♦])", line.text):
            text.stylize("bold red1", m.start(), m.end())
        return text

    def _log_to_end(self) -> None:
        """Keep the newest log line in sight: the log shrinks when the action buttons grow, after it scrolled."""
        with contextlib.suppress(Exception):  # the screen may be gone
            self.query_one("#log", RichLog).scroll_end(animate=False, immediate=True)

    def _on_log(self, line: LogLine) -> None:
        with contextlib.suppress(Exception):  # the screen may be gone
            self.query_one("#log", RichLog).write(self._log_text(line))

    # --- the computer's moves, at the chosen pace --------------------------------------------------
    def pump(self) -> None:
        """Advance the computer players until the person is to act.

        With a pace above 0 each computer move is worked out in a thread (a strong
        player may think for a while without freezing the screen) and shown no
        sooner than ``pace`` seconds after the previous one; with pace 0 the
        moves are made at once, in order.
        """
        s = self.session
        while True:
            if self._show_finished():
                self.refresh_table()
                return
            if self._thinking:
                break
            task = s.computer_task()
            if task is None:
                break
            if self.pace > 0:
                self._think(task)
                break
            seat, agent, view, legal = task
            s.play_computer(seat, agent.act(view, legal))
        self.refresh_table()

    def _think(self, task: tuple[int, Any, Any, Sequence[Any]]) -> None:
        seat, agent, view, legal = task
        gen = self._gen
        started = time.monotonic()
        self._thinking = True

        def work() -> None:
            try:
                action, error = agent.act(view, legal), None
            except Exception as exc:  # an agent bug is reported, not fatal
                action, error = None, exc
            with contextlib.suppress(Exception):  # the app may be closing
                self.app.call_from_thread(self._thought, gen, seat, action, error, started)

        self.run_worker(work, thread=True, group="think", exit_on_error=False)

    def _thought(self, gen: int, seat: int, action: Any, error: Exception | None, started: float) -> None:
        if gen != self._gen:  # undone or left while it was thinking
            return
        if error is not None:
            self._thinking = False
            self._set_message(self.sp._("The computer failed to move: {error}", error=error), error=True)
            return
        delay = self.pace - (time.monotonic() - started)
        self._pending = (seat, action)
        if delay > 0:
            self._timer = self.set_timer(delay, self._apply_pending)
        else:
            self._apply_pending()

    def _apply_pending(self) -> None:
        self._timer = None
        self._thinking = False
        pending, self._pending = self._pending, None
        if pending is not None:
            seat, action = pending
            try:
                self.session.play_computer(seat, action)
            except CardtableError as exc:
                self._set_message(self.sp._("The computer's move was refused: {error}", error=self._refusal(exc)),
                                  error=True)
                return
        self.pump()

    def _stop_timer(self) -> None:
        """Forget a computer move in progress (undo, new match)."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self._gen += 1
        self._thinking = False
        self._pending = None

    def _show_finished(self) -> bool:
        s = self.session
        if len(s.finished) <= self._shown:
            return False
        done = s.finished[self._shown]
        self._shown += 1
        self.app.push_screen(HandOverScreen(s, done, pace=self.pace), self._after_hand)
        return True

    def _after_hand(self, result: None = None) -> None:
        if self.session.is_over() and self._shown >= len(self.session.finished):
            self.app.push_screen(ScoreSheetScreen(self.session, final=True))
        self.pump()

    # --- drawing --------------------------------------------------------------------------------
    def refresh_table(self) -> None:
        s = self.session
        view = s.view()
        names = s.names
        adapter = s.adapter
        sp = self.sp
        title = Text()
        title.append(short_title(s.game_name, sp) if s.game_name in SHORT_TITLES else s.game_name, style="bold")
        title.append("  " + sp._("hand {number}", number=s.hand_number()) + "  ")
        sides = s.side_names()
        for i, (name, total) in enumerate(zip(sides, s.m.totals)):
            if i:
                title.append(" · ")
            title.append(f"{name} {total}", style="bold" if i == s.human_seat else "")
        target = getattr(s.m.game.rules, "target_score", None)
        tail = [sp._("(to {target})", target=target)] if target is not None else []
        tail.append(sp._("pace {seconds}s", seconds=sp.decimal(self.pace)))
        room = self.size.width - 2
        while tail and i18n.display_width(title.plain + "".join("  " + t for t in tail)) > room:
            tail.pop()  # a narrow window or long names: the pace goes first, then the target
        for part in tail:
            title.append("  " + part, style="dim")
        self.query_one("#title", Static).update(title)
        self.query_one("#opponent", Static).update(adapter.opponent_panel(view, names, s.human_seat))
        human = s.human_to_act()
        items = adapter.table_items(view) if human else []
        self.picks.picked = [p for p in self.picks.picked if p in items]
        self.picks.focused = self.picks.focused and bool(items)
        self.picks.cursor = max(0, min(self.picks.cursor, len(items) - 1))
        self.query_one("#table", Static).update(adapter.picking_panel(view, names, self.picks) if items
                                                 else adapter.table_panel(view, names))
        slots = adapter.hand_slots(view)
        cards = [c for c, _ in slots]
        self.selected = [c for c in self.selected if c in cards]
        if cards:
            self.cursor = max(0, min(self.cursor, len(cards) - 1))
        drawn = None
        events = getattr(view, "events", ())
        if human and events and str(events[-1]).startswith("drawn "):
            drawn = getattr(view, "hand", ())
            last = str(events[-1]).split()[1]
            drawn = next((c for c in cards if str(c) == last), None)
        if drawn is not None and drawn is not self._last_drawn:
            self._last_drawn = drawn
            self.cursor = cards.index(drawn)
        taken = getattr(view, "taken_card", None)
        self.query_one("#hand", HandView).set_hand(slots, self.selected, self.cursor, human and not self.picks.focused,
                                                    highlight=drawn or taken,
                                                    label=sp._("new") if drawn else sp._("taken"))
        self.query_one("#caption", Static).update(adapter.hand_caption(view))
        if s.is_over():
            prompt = sp._("The match is over — s: score sheet, n: new match, q: quit.")
        else:
            prompt = adapter.prompt(view, s.state, s.human_seat, names)
            if self.picks.focused:
                prompt = sp._("Space picks the cards and builds to take with your {card}.",
                              card=adapter.card_text(self.selected[0])) if self.selected \
                    else sp._("Space picks table cards and builds; then Tab back and select a hand card.")
            if self._thinking:
                seat = s.state.current_player()
                prompt = sp._("{name} is thinking...", name=names[seat]) if 0 <= seat < len(names) \
                    else sp._("The computer is thinking...")
        self.query_one("#prompt", Static).update(prompt)
        self._refresh_actions()
        self.query_one("#keys", Static).update(self._keys_line())
        self.refresh_bindings()  # the footer follows: no Draw, Knock or Undo once the match is over
        self.call_after_refresh(self._log_to_end)
        msg = self.query_one("#message", Static)
        msg.update(self._message)
        msg.set_class(self._message_error, "error")

    def _refresh_actions(self) -> None:
        s = self.session
        grid = self.query_one("#actions", Grid)
        if not s.human_to_act():
            self.candidates = []
        elif self.picks.picked:
            self.candidates = s.adapter.picked_candidates(s.state, self.selected, self.picks.picked)
        elif self.picks.focused:  # picking from the table: its cards need the room, no move yet
            self.candidates = []
        else:
            self.candidates = s.adapter.candidates(s.state, self.selected)
        # card actions first: they use the selection, so Enter plays the selected card
        self.candidates.sort(key=lambda c: 0 if getattr(c[0], "card", None) is not None else 1)
        key = self._candidates_key()
        if key == self._action_key:
            return  # the same buttons are already there
        self._action_key = key
        self._action_gen += 1
        gen = self._action_gen
        buttons = []
        for i, (_, legal, text) in enumerate(key):
            label = f"{i + 1} {text}" + ("" if legal else " ✗")
            b = Button(label, id=f"act-{gen}-{i}", compact=True, classes="" if legal else "illegal",
                       variant="primary" if legal and i == 0 else "default")
            b.can_focus = False
            buttons.append(b)
        longest = max((i18n.display_width(str(b.label)) for b in buttons), default=0)
        inner = max(20, self.size.width - 2)  # the grid's padding; each button needs 2 columns of its own
        grid.styles.grid_size_columns = next((n for n in (3, 2) if (inner - (n - 1)) // n - 2 >= longest), 1)
        grid.styles.max_height = max(3, self.size.height // 6)  # a crowded list scrolls: the table stays in sight
        grid.remove_children()
        if buttons:
            grid.mount(*buttons)
        self.call_after_refresh(self._actions_seen, key)

    def _candidates_key(self) -> tuple[tuple[str, bool, str], ...]:
        """The listed moves as shown: notation, legality and the words on the button."""
        s = self.session
        return tuple((str(a), legal, s.adapter.label(a, s.state)) for a, legal in self.candidates[:9])

    def _actions_seen(self, key: tuple[tuple[str, bool, str], ...]) -> None:
        """The buttons of ``key`` are on screen: from now on Enter and 1-9 may play them."""
        if key == self._action_key:
            self._seen_key = key

    # --- input ----------------------------------------------------------------------------------
    def _set_message(self, text: str, error: bool = False) -> None:
        self._message = text
        self._message_error = error
        msg = self.query_one("#message", Static)
        msg.update(text)
        msg.set_class(error, "error")

    def _refusal(self, exc: BaseException) -> str:
        """An engine's refusal in the table's language (English: the engine's own words)."""
        return error_words(exc, self.sp)

    def _refusal_of(self, action: Any, exc: BaseException) -> str:
        """Why ``action`` was refused, without the move's notation the engine's message starts with."""
        why = self._refusal(exc)
        for shown in {str(action), refusal_text_of(exc, "en").split(":", 1)[0]}:
            for colon in (": ", "："):
                if why.startswith(f"{shown}{colon}"):
                    return why[len(shown) + len(colon):]
        return why

    def _not_your_turn(self) -> None:
        s = self.session
        self._set_message(self.sp._("Wait for your turn.") if not s.is_over() else self.sp._("The match is over."),
                          error=True)

    def play(self, action: Any) -> bool:
        """Play ``action`` for the person; an illegal one shows the rule that forbids it."""
        s = self.session
        if not s.human_to_act():
            self._not_your_turn()
            return False
        if isinstance(action, str) and not self.sp.english:
            action = i18n.english_notation(action, self.sp.lang)  # typed with the language's own rank letters
        try:
            s.play_human(action)
        except CardtableError as exc:
            label = s.adapter.label(action, s.state) if not isinstance(action, str) else action
            if self.sp.english:
                why = str(exc)
                if why.startswith(f"{action}: "):
                    why = why[len(str(action)) + 2:]
            else:
                why = self._refusal_of(action, exc)
            self._set_message(self.sp._("✗ {move}: {why}", move=label, why=why), error=True)
            self.app.bell()
            return False
        self._set_message("")
        self.selected = []
        self.picks.clear()
        self._confirm = None
        self.pump()
        return True

    def action_cursor(self, delta: int) -> None:
        if self.picks.focused:
            n = len(self.session.adapter.table_items(self.session.view()))
            if n:
                self.picks.cursor = (self.picks.cursor + delta) % n
                self.refresh_table()
            return
        n = len(self.query_one("#hand", HandView).cards)
        if n:
            self.cursor = (self.cursor + delta) % n
            self._auto_select()
            self.refresh_table()

    def _auto_select(self) -> None:
        """Where one card means one move (Gin's discard), the cursor card is the selection."""
        s = self.session
        if s.adapter.cursor_selects and s.human_to_act():
            cards = self.query_one("#hand", HandView).cards
            if cards and self.selected:
                self._select([cards[self.cursor][0]])

    def _cursor_card(self) -> Any:
        cards = self.query_one("#hand", HandView).cards
        return cards[self.cursor][0] if cards else None

    def _select(self, selected: list[Any]) -> None:
        """Change the selection; a selection that offers only illegal moves says why at once."""
        self.selected = selected
        self._confirm = None
        self._set_message("")
        s = self.session
        if self.picks.picked:
            self._say_picked_problem()
            return
        if not selected or not s.human_to_act():
            return
        own = [(a, legal) for a, legal in s.adapter.candidates(s.state, selected) if s.adapter.uses_cards(a)]
        if own and not any(legal for _, legal in own):
            bad = own[0][0]
            if bad is not None:
                self._set_message(self.sp._("✗ {move}: {why}", move=s.adapter.label(bad, s.state), why=self._why(bad)),
                                  error=True)

    def _why(self, action: Any) -> str:
        """The rule that forbids ``action`` now, in the engine's words."""
        try:
            self.session.state.verify_action(action)
        except CardtableError as exc:
            if not self.sp.english:
                return self._refusal_of(action, exc)
            why = str(exc)
            prefix = f"{action}: "
            return why[len(prefix):] if why.startswith(prefix) else why
        return self.sp._("allowed")

    # --- picking table cards and builds (Casino) ----------------------------------------------------
    def action_switch_area(self) -> None:
        """Tab: the keyboard goes from the hand to the table's cards and builds, or back."""
        self.action_to_area(not self.picks.focused)

    def action_to_area(self, table: bool) -> None:
        s = self.session
        if table and not (s.human_to_act() and s.adapter.table_items(s.view())):
            if s.human_to_act() and s.adapter.picks_table:
                self._set_message(self.sp._("There is nothing on the table to pick."), error=True)
            return
        if table != self.picks.focused:
            self.picks.focused = table
            self.refresh_table()

    def _pick(self) -> None:
        """Space on the table: pick the cursor's card or build, or put it back."""
        s = self.session
        items = s.adapter.table_items(s.view())
        if not items or not s.human_to_act():
            return
        item = items[self.picks.cursor % len(items)]
        if item in self.picks.picked:
            self.picks.picked.remove(item)
        else:
            self.picks.picked.append(item)
        self._confirm = None
        self._set_message("")
        self._say_picked_problem()
        self.refresh_table()

    def _say_picked_problem(self) -> None:
        """An impossible pick (or no hand card yet) says why at once, with the rule."""
        s = self.session
        problem = s.adapter.picked_problem(s.state, self.selected, self.picks.picked, s.names, s.human_seat)
        if problem:
            self._set_message(problem, error=problem.startswith("✗"))

    def action_select_card(self) -> None:
        if self.picks.focused:
            self._pick()
            return
        card = self._cursor_card()
        if card is None:
            return
        if card in self.selected:
            self._select([c for c in self.selected if c != card])
        elif self.session.adapter.selects_several(self.session.state):
            self._select([*self.selected, card])
        else:
            self._select([card])
        self.refresh_table()

    def action_clear(self) -> None:
        self.picks.clear()
        self._select([])
        self.refresh_table()

    def on_hand_view_card_clicked(self, event: HandView.CardClicked) -> None:
        self.picks.focused = False  # a click on the hand takes the keys back from the table
        self.cursor = event.index
        self.action_select_card()

    def _enter_selects(self) -> bool:
        """Whether Enter would select the cursor card (it has moves of its own) rather than play move 1."""
        s = self.session
        card = self._cursor_card()
        if card is None or card in self.selected or not s.human_to_act() or self.picks.focused:
            return False
        return any(s.adapter.uses_cards(a) for a, _ in s.adapter.candidates(s.state, [*self.selected, card]))

    def _keys_line(self) -> Text:
        """The keys that mean something now, with what Enter does (never a surprise), fitted to one line."""
        s = self.session
        sp = self.sp
        if s.is_over():
            return Text(sp._("s score sheet · n new match · q quit"), style="dim")
        if not s.human_to_act():
            return Text(sp._("h hint on your turn · s scores · r rules · q quit"), style="dim")
        items = s.adapter.table_items(s.view())
        question = s.adapter.enter_question(s.state)
        if self.picks.focused and not self.candidates and items:
            item = items[self.picks.cursor % len(items)]
            what = s.adapter.item_text(item)
            enter = sp._("Enter: put back {item}", item=what) if item in self.picks.picked \
                else sp._("Enter: pick {item}", item=what)
        elif question and not self.selected:
            enter = sp._("Enter: none — {question}", question=question)
        elif self._enter_selects():
            enter = sp._("Enter: select {card}", card=s.adapter.card_text(self._cursor_card()))
        elif self.candidates:
            enter = sp._("Enter: {move}", move=s.adapter.label(self.candidates[0][0], s.state))
        else:
            enter = sp._("Enter: select")
        space = sp._("Space pick") if self.picks.focused else \
            sp._("Space select (several)") if s.adapter.selects_several(s.state) else sp._("Space select")
        parts = [(sp._("←/→ move"), 3), (space, 1), (enter, 0)]
        if items:
            parts.insert(0, (sp._("Tab: your hand") if self.picks.focused else sp._("Tab: table cards"), 1))
        if len(self.candidates) > 1:
            parts.append((sp._("1-{last} choose", last=min(9, len(self.candidates))), 2))
        if s.can_undo():  # said only where undo is allowed (the person's own moves since the last reply or card)
            parts.append((sp._("u undo"), 3))
        parts += [(sp._("Esc clear"), 4), (sp._(": type"), 5)]
        width = max(20, self.size.width - 2)

        def used() -> int:
            return i18n.display_width(" · ".join(p for p, _ in parts))

        while used() > width and len(parts) > 1 and max(p for _, p in parts) > 1:
            parts.remove(max(parts, key=lambda p: p[1]))  # drop the least needed key first
        over = used() - width
        if over > 0 and i18n.display_width(enter) - over > 12:  # the keys to switch and pick stay: Enter's words are shortened
            if self.candidates and enter == sp._("Enter: {move}", move=s.adapter.label(self.candidates[0][0], s.state)):
                shorter = sp._("Enter: move 1")  # its button says the move in full
            else:  # whole words only: a word cut in two reads as another ("…with you…")
                shorter = _shorten(enter, i18n.display_width(enter) - over - 1, sp.lang)
            parts = [(shorter if p is enter else p, k) for p, k in parts]
            enter = shorter
        while used() > width and len(parts) > 1:
            parts.remove(max(parts, key=lambda p: p[1]))
        t = Text()
        for i, (part, _) in enumerate(parts):
            if i:
                t.append(" · ")
            t.append(part, style="bold" if part is enter else "")
        return t

    def action_enter(self) -> None:
        """Enter: select the cursor card if it has moves of its own, else play move 1 (once it was shown);
        on the table, pick the cursor's card or build while no move is listed."""
        if self.picks.focused and not self.candidates:
            self._pick()
            return
        if self._enter_selects():
            self.action_select_card()
            return
        s = self.session
        question = s.adapter.enter_question(s.state) if s.human_to_act() and not self.selected else ""
        if question:  # two moves of equal weight (Gin's first upcard): the person presses the one they mean
            self._set_message(self.sp._("Enter plays nothing here: {question}.", question=question))
            return
        self.action_choose(0)

    def action_choose(self, index: int) -> None:
        s = self.session
        if index < len(self.candidates):
            if self._candidates_key() != self._seen_key:  # typed ahead of the screen: show the moves first
                self.refresh_table()
                self._set_message(self.sp._("These are the moves for your selection: choose one."))
                return
            self._play_choice(self.candidates[index][0])
        elif index == 0 and s.human_to_act():
            self._set_message(self.sp._("Select a card first (←/→ and Space, or click it)."), error=True)

    def _play_choice(self, action: Any) -> None:
        """Play a listed move; declining (no meld) while something better is legal needs a second press."""
        s = self.session
        warning = s.adapter.decline_warning(s.state, action)
        if warning and self._confirm != str(action):
            self._confirm = str(action)
            self._set_message(self.sp._("{warning} Press it again to confirm.", warning=warning), error=True)
            self.refresh_table()
            return
        self._confirm = None
        self.play(action)

    @on(Button.Pressed, "#actions Button")
    def _button(self, event: Button.Pressed) -> None:
        bid = event.button.id or ""
        try:
            index = int(bid.rsplit("-", 1)[1])
        except (IndexError, ValueError):
            return
        if index < len(self.candidates):
            self._play_choice(self.candidates[index][0])

    def action_game_key(self, key: str) -> None:
        s = self.session
        if not s.human_to_act():
            self._not_your_turn()
            return
        cards = self.query_one("#hand", HandView).cards
        selected = self.selected or ([cards[self.cursor][0]] if cards and key in ("k", "x") else [])
        action = s.adapter.key_action(key, s.state, selected)
        if action is None:
            self._set_message(self.sp._("Select a card first (←/→ and Space, or click it)."), error=True)
            return
        self.play(action)

    def action_type_move(self) -> None:
        box = self.query_one("#notation", Input)
        box.add_class("shown")
        box.can_focus = True
        box.value = ""
        box.focus()

    @on(Input.Submitted, "#notation")
    def _typed(self, event: Input.Submitted) -> None:
        box = self.query_one("#notation", Input)
        text = event.value.strip()
        self._hide_notation(box)
        if text:
            self.play(text)

    def on_key(self, event: events.Key) -> None:
        box = self.query_one("#notation", Input)
        if event.key == "escape" and box.has_focus:
            self._hide_notation(box)
            event.stop()

    def _hide_notation(self, box: Input) -> None:
        box.remove_class("shown")
        box.blur()
        box.can_focus = False

    def action_pace(self, delta: float) -> None:
        self.pace = round(max(0.0, min(3.0, self.pace + delta)), 1)
        self._set_message(self.sp._("Computer pace: {seconds} s per move (+ faster, - slower).",
                                    seconds=self.sp.decimal(self.pace)))
        self.refresh_table()

    def action_hint(self) -> None:
        s = self.session
        if not s.human_to_act():
            self._set_message(self.sp._("Hints are for your turn."), error=True)
            return
        if s.hint_agent() is None:
            self._set_message(self.sp._("No hints: none of this game's computer players can explain its moves yet."),
                              error=True)
            return
        self._set_message(self.sp._("Thinking about your move..."))
        moves = len(s.m.hands), len(s.m.hands[-1].actions)

        def work() -> None:
            try:
                hints, error = s.hints(5), None
            except Exception as exc:  # an agent bug must not end the game
                hints, error = [], exc
            with contextlib.suppress(Exception):  # the app may be closing
                self.app.call_from_thread(self._hints_ready, moves, hints, error)

        self.run_worker(work, thread=True, group="hint", exit_on_error=False)

    def _hints_ready(self, moves: tuple[int, int], hints: list[Any], error: Exception | None) -> None:
        s = self.session
        if moves != (len(s.m.hands), len(s.m.hands[-1].actions)) or not s.human_to_act():
            return  # the position changed meanwhile
        if error is not None:
            self._set_message(self.sp._("Hint failed: {error}", error=error), error=True)
            return
        self._set_message("")
        self.app.push_screen(HintScreen(s, hints), self._hint_chosen)

    def _hint_chosen(self, action: str | None) -> None:
        if action:
            self.play(action)

    def action_undo(self) -> None:
        s = self.session
        self._stop_timer()
        if not s.can_undo():
            self._set_message(self.sp._("No undo: {reason}.", reason=s.undo_reason()), error=True)
            self.pump()
            return
        s.undo()
        self._shown = len(s.finished)
        self.selected = []
        self.picks.clear()
        self._last_drawn = None
        self._set_message(self.sp._("Your last move was taken back."))
        self.pump()

    def action_sheet(self) -> None:
        self.app.push_screen(ScoreSheetScreen(self.session))

    def action_new_match(self) -> None:
        """Back to the lobby, after asking (the current match stays saved in the store, if there is one)."""
        def chosen(leave: bool | None) -> None:
            if leave:
                self._stop_timer()
                s = self.session
                self.app.switch_screen(LobbyScreen(s.game_name, s.preset, dict(s.options),
                                                   [s.levels[k] for k in sorted(s.levels)], lang=s.lang))

        if self.session.is_over():
            chosen(True)
            return
        self.app.push_screen(QuitScreen(self.session, new_match=True), chosen)

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.session.game_name, self.session.m.game.rules, lang=self.session.lang))

    def action_quit(self) -> None:
        """Ask before leaving the table (the dialog says whether and how the game can be resumed)."""
        def chosen(leave: bool | None) -> None:
            if leave:
                self._stop_timer()
                app = self.app
                quit_table = getattr(app, "quit_table", None)
                if callable(quit_table):
                    quit_table(self.session)
                else:
                    app.exit(0)

        self.app.push_screen(QuitScreen(self.session), chosen)


def _shorten(text: str, width: int, lang: str) -> str:
    """``text`` cut to ``width`` columns with `` …``: at a space (a word cut in two reads as another), or
    anywhere in Japanese and Chinese, whose words are not spaced."""
    if lang in ("ja", "zh"):
        out = ""
        for char in text:
            if i18n.display_width(out + char) > width:
                break
            out += char
        return out + "…"
    return text[:width].rsplit(" ", 1)[0] + " …"
