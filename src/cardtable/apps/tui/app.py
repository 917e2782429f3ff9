"""The Textual card-table app: lobby (game picker and setup), table, hand breakdown, score sheet, rules, hints."""

from __future__ import annotations

import contextlib
import dataclasses
import re
import time
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import (
    Button,
    Checkbox,
    DataTable,
    Footer,
    Input,
    Label,
    Markdown,
    OptionList,
    RichLog,
    Select,
    Static,
)
from textual.widgets.option_list import Option

from ...agents import AGENT_LEVELS, make_agent
from ...errors import CardtableError
from ...registry import GAMES, game_class, make_game
from .cardart import inline_cards
from .rules_text import rules_markdown
from .session import FinishedHand, LogLine, TableSession, short_name
from .widgets import HandView

__all__ = ["CardtableApp", "TableScreen", "LobbyScreen", "HandOverScreen", "ScoreSheetScreen", "RulesScreen",
           "HintScreen", "GAME_TITLES"]

GAME_TITLES = {"gin": "Gin Rummy", "casino": "Casino", "pinochle": "Pinochle (two-handed)"}
SHORT_TITLES = {"gin": "Gin", "casino": "Casino", "pinochle": "Pinochle"}
GAME_BLURBS = {
    "gin": "Draw, discard, meld; knock when your deadwood is low. 2 players.",
    "casino": "Capture and build with the cards on the table. 2-4 players.",
    "pinochle": "Tricks and melds with a 48-card pack. 2 players.",
}
DEFAULT_PACE = 0.8
_CARD_RE = re.compile(r"\b(10|[2-9TJQKA])([SHDC♠♥♦♣])\b")


def available_games() -> dict[str, str | None]:
    """Game name -> ``None`` when playable, else why not."""
    out: dict[str, str | None] = {}
    for name in GAMES:
        try:
            game_class(name)
            out[name] = None
        except CardtableError as exc:
            out[name] = str(exc)
    return out


_LEVEL_CACHE: dict[str, tuple[str, ...]] = {}


def _levels(game: str) -> tuple[str, ...]:
    """The computer levels of ``game`` that can actually be built here."""
    if game not in _LEVEL_CACHE:
        ok = []
        for level in AGENT_LEVELS.get(game, ("random",)):
            try:
                make_agent(game, level, seed=0)
            except (ImportError, ValueError, CardtableError):
                continue
            ok.append(level)
        _LEVEL_CACHE[game] = tuple(ok) or ("random",)
    return _LEVEL_CACHE[game]


def _default_level(game: str) -> str:
    """A fair opponent for a newcomer: medium if there is one."""
    levels = _levels(game)
    for level in ("medium", "simple", "easy", "hard"):
        if level in levels:
            return level
    return levels[-1]


# ------------------------------------------------------------------------------------------------
# lobby: pick a game and set it up
# ------------------------------------------------------------------------------------------------
class LobbyScreen(Screen[None]):
    """Game picker and setup on one screen: Enter starts the highlighted game with these settings.

    The setup lists the computer level, the rules preset and every option of the
    game's rules (filled from the preset), so one Enter starts a newcomer's game.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "app.quit", "Quit"),
        Binding("f1", "rules", "Rules"),
    ]

    DEFAULT_CSS = """
    LobbyScreen { layout: vertical; }
    #lobby-title { height: 1; background: $primary; color: $text; text-style: bold; padding: 0 1; }
    #lobby-body { height: 1fr; }
    #games { width: 28; height: 1fr; border: round $primary; }
    #setup { width: 1fr; height: 1fr; border: round $secondary; padding: 0 1; }
    #setup .lbl { width: 25; }
    #setup Select { width: 24; }
    #setup Input { width: 24; }
    #setup Checkbox { width: 24; }
    #blurb { color: $text-muted; height: auto; margin-bottom: 1; }
    #rules-brief { color: $text-muted; height: auto; }
    #lobby-error { color: $error; height: auto; }
    #options { height: auto; }
    .opt-row { height: 1; }
    .opt-head { margin-top: 1; text-style: bold; height: 1; }
    #play { margin-top: 1; }
    """

    def __init__(self, game: str | None = None, preset: str = "standard", options: dict[str, Any] | None = None,
                 opponents: list[str] | None = None) -> None:
        super().__init__()
        self.games = available_games()
        playable = [g for g, why in self.games.items() if why is None]
        self.game = game if game in self.games else (playable[0] if playable else "gin")
        self.preset = preset
        self.options = dict(options or {})
        self.opponents = list(opponents or [])
        self._generation = 0
        self._fields: list[Any] = []
        self._built_for: tuple[Any, ...] = ()

    def compose(self) -> ComposeResult:
        yield Static("cardtable — choose a game; Enter plays it with these settings", id="lobby-title")
        with Horizontal(id="lobby-body"):
            opts = []
            for name, why in self.games.items():
                title = GAME_TITLES.get(name, name)
                opts.append(Option(title if why is None else f"{title} (not available)", id=name,
                                   disabled=why is not None))
            yield OptionList(*opts, id="games")
            with VerticalScroll(id="setup"):
                yield Static("", id="blurb")
                with Horizontal(classes="opt-row"):
                    yield Label("Computer level", classes="lbl")
                    yield Select([(lv, lv) for lv in _levels(self.game)], value=_default_level(self.game),
                                 allow_blank=False, id="level", compact=True)
                with Horizontal(classes="opt-row"):
                    yield Label("Rules preset", classes="lbl")
                    yield Select([("standard", "standard")], value="standard", allow_blank=False, id="preset",
                                 compact=True)
                with Horizontal(classes="opt-row"):
                    yield Label("Seed", classes="lbl")
                    yield Input("", type="integer", id="seed", compact=True, placeholder="random deal")
                yield Static("", id="rules-brief")
                yield Static("", id="lobby-error")
                yield Button("Play (Enter)", variant="primary", id="play")
                yield Static("Rules options", classes="opt-head")
                yield Vertical(id="options")
        yield Footer()

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        names = list(self.games)
        games.highlighted = names.index(self.game) if self.game in names else 0
        self._load_game(self.game)
        games.focus()

    def _rules_class(self) -> Any:
        return game_class(self.game).rules_class

    def _load_game(self, game: str) -> None:
        self.game = game
        self.query_one("#blurb", Static).update(GAME_BLURBS.get(game, ""))
        self.query_one("#lobby-error", Static).update("")
        level = self.query_one("#level", Select)
        levels = _levels(game)
        level.set_options([(lv, lv) for lv in levels])
        level.value = self.opponents[0] if self.opponents and self.opponents[0] in levels else _default_level(game)
        preset = self.query_one("#preset", Select)
        if self.games.get(game) is not None:
            preset.set_options([("standard", "standard")])
            preset.value = "standard"
            self._build_options(None)
            return
        presets = self._rules_class().presets()
        preset.set_options([(p, p) for p in presets])
        preset.value = self.preset if self.preset in presets else presets[0]
        self._build_options(self._preset_rules())

    def _preset_rules(self) -> Any:
        cls = self._rules_class()
        preset = str(self.query_one("#preset", Select).value)
        try:
            return cls.preset(preset, **self.options)
        except CardtableError as exc:
            self.query_one("#lobby-error", Static).update(str(exc))
            return cls.preset(preset)

    def _build_options(self, rules: Any) -> None:
        """One row per rules option: a checkbox, a choice or a number, filled from ``rules``."""
        key = (self.game, str(self.query_one("#preset", Select).value), tuple(sorted(self.options.items())))
        if key == self._built_for:
            return
        self._built_for = key
        box = self.query_one("#options", Vertical)
        box.remove_children()
        self._generation += 1
        gen = self._generation
        self._fields = []
        if rules is None:
            self._built_for = ()
            return
        rows = []
        fields = sorted(dataclasses.fields(rules), key=lambda f: (f.name != "target_score", f.name != "num_players"))
        for f in fields:
            value = getattr(rules, f.name)
            wid = f"opt-{gen}-{f.name}"
            choices = f.metadata.get("choices")
            widget: Any
            if isinstance(f.default, bool):
                widget = Checkbox("on" if value else "off", value=bool(value), id=wid, compact=True)
            elif choices:
                widget = Select([(str(c), c) for c in choices], value=value, allow_blank=False, id=wid, compact=True)
            else:
                widget = Input("" if value is None else str(value), type="integer", id=wid, compact=True,
                               placeholder="none" if f.metadata.get("nullable") else "")
            widget.tooltip = f.metadata.get("doc") or None
            self._fields.append((f, widget))
            rows.append(Horizontal(Label(f.name.replace("_", " "), classes="lbl"), widget, classes="opt-row"))
        box.mount(*rows)
        self._show_brief(rules)

    def _show_brief(self, rules: Any) -> None:
        preset = str(self.query_one("#preset", Select).value)
        base = type(rules).preset(preset)
        diff = [f"{k} = {v!r}" for k, v in rules.to_dict().items() if getattr(base, k) != v]
        first = type(rules)()
        from_std = [f"{k} = {v!r}" for k, v in base.to_dict().items() if getattr(first, k) != v]
        text = f"Preset {preset}: " + (", ".join(from_std) if from_std else "the standard rules")
        if diff:
            text += "; changed: " + ", ".join(diff)
        self.query_one("#rules-brief", Static).update(text + ".  F1: rules")

    def chosen_options(self) -> dict[str, Any]:
        """The options that differ from the chosen preset, read from the option widgets."""
        if not self._fields:
            return {}
        rules = self._rules_class().preset(str(self.query_one("#preset", Select).value))
        out: dict[str, Any] = {}
        for f, widget in self._fields:
            if isinstance(widget, Checkbox):
                value: Any = widget.value
            elif isinstance(widget, Select):
                value = widget.value
            else:
                text = widget.value.strip()
                if not text:
                    value = None if f.metadata.get("nullable") else getattr(rules, f.name)
                else:
                    try:
                        value = int(text)
                    except ValueError:
                        raise CardtableError(f"{f.name} must be a whole number") from None
            if value != getattr(rules, f.name):
                out[f.name] = value
        return out

    @on(Checkbox.Changed, "#options Checkbox")
    def _checkbox(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = "on" if event.value else "off"

    @on(OptionList.OptionHighlighted, "#games")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_id and event.option_id != self.game:
            self.options = {}
            self._load_game(event.option_id)

    @on(OptionList.OptionSelected, "#games")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id and event.option_id != self.game:
            self._load_game(event.option_id)
        self.start()

    @on(Select.Changed, "#preset")
    def _preset_changed(self, event: Select.Changed) -> None:
        if self.games.get(self.game) is None:
            self.options = {}
            self._build_options(self._preset_rules())

    @on(Button.Pressed, "#play")
    @on(Input.Submitted)
    def _play(self) -> None:
        self.start()

    def settings(self) -> dict[str, Any]:
        """The setup as keyword arguments of :meth:`CardtableApp.new_session`."""
        level = str(self.query_one("#level", Select).value)
        preset = str(self.query_one("#preset", Select).value)
        options = self.chosen_options()
        seed_text = self.query_one("#seed", Input).value.strip()
        n = make_game(self.game, preset=preset, **options).num_players
        opponents = [self.opponents[i] if i < len(self.opponents) else level for i in range(n - 1)] \
            if len(self.opponents) == n - 1 else [level] * (n - 1)
        return {"game_name": self.game, "opponents": opponents, "preset": preset, "options": options,
                "seed": int(seed_text) if seed_text else None}

    def start(self) -> None:
        if self.games.get(self.game) is not None:
            self.query_one("#lobby-error", Static).update(f"{GAME_TITLES.get(self.game, self.game)} is not available yet.")
            return
        app = self.app
        assert isinstance(app, CardtableApp)
        try:
            session = app.new_session(**self.settings())
        except (CardtableError, ValueError, ImportError) as exc:
            self.query_one("#lobby-error", Static).update(f"Cannot start: {exc}")
            return
        app.switch_screen(TableScreen(session, pace=app.pace))

    def action_rules(self) -> None:
        rules = self._preset_rules() if self.games.get(self.game) is None else None
        self.app.push_screen(RulesScreen(self.game, rules))


# ------------------------------------------------------------------------------------------------
# the table
# ------------------------------------------------------------------------------------------------
class TableScreen(Screen[None]):
    """The card table: opponent, stock and discard pile, your hand, the actions for your selection, the log."""

    AUTO_FOCUS = None  # keys go to the table; the notation box takes focus only after ':'

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "cursor(-1)", "←", show=False),
        Binding("right", "cursor(1)", "→", show=False),
        Binding("space", "select_card", "Select", show=False),
        Binding("enter", "choose(0)", "Play", show=False),
        *[Binding(str(i), f"choose({i - 1})", str(i), show=False) for i in range(1, 10)],
        Binding("d", "game_key('d')", "Draw"),
        Binding("t", "game_key('t')", "Take"),
        Binding("p", "game_key('p')", "Pass", show=False),
        Binding("k", "game_key('k')", "Knock"),
        Binding("g", "game_key('g')", "Big gin", show=False),
        Binding("x", "game_key('x')", "Discard", show=False),
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("s", "sheet", "Scores"),
        Binding("r,f1", "rules", "Rules"),
        Binding("plus,equals_sign", "pace(-0.2)", "Faster", show=False),
        Binding("minus", "pace(0.2)", "Slower", show=False),
        Binding("escape", "clear", "Clear", show=False),
        Binding("colon,slash", "type_move", "Type", show=False),
        Binding("n", "new_match", "New", show=False),
        Binding("q", "app.quit", "Quit"),
    ]

    DEFAULT_CSS = """
    TableScreen { layout: vertical; }
    #title { height: 1; background: $primary; color: $text; padding: 0 1; }
    #top { height: 1fr; }
    #felt { width: 1fr; background: #0b3d1f; padding: 0 1; }
    #opponent { height: auto; margin-bottom: 1; }
    #table { height: auto; }
    #log { width: 34; border-left: vkey $primary; padding: 0 0 0 1; scrollbar-size: 1 1; }
    #prompt { height: 1; background: $boost; padding: 0 1; text-style: bold; }
    #hand { background: #0b3d1f; padding: 0 1; }
    #caption { height: 1; padding: 0 1; }
    #actions { height: auto; grid-size: 3; grid-gutter: 0 1; padding: 0 1; }
    #actions Button { width: 1fr; }
    #actions Button.illegal { color: $text-muted; text-style: strike; }
    #message { height: auto; max-height: 2; padding: 0 1; }
    #message.error { color: $error; text-style: bold; }
    #notation { display: none; }
    #notation.shown { display: block; }
    """

    def __init__(self, session: TableSession, pace: float = DEFAULT_PACE) -> None:
        super().__init__()
        self.session = session
        self.pace = pace
        self.cursor = 0
        self.selected: list[Any] = []
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
        self._action_key: tuple[tuple[str, bool], ...] | None = None

    # --- layout ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static("", id="title")
        with Horizontal(id="top"):
            with Vertical(id="felt"):
                yield Static("", id="opponent")
                yield Static("", id="table")
            log = RichLog(id="log", wrap=True, markup=False, min_width=20)
            log.can_focus = False
            yield log
        yield Static("", id="prompt")
        yield HandView(id="hand")
        yield Static("", id="caption")
        yield Grid(id="actions")
        yield Static("", id="message")
        notation = Input(placeholder="type a move in notation (e.g. discard 7H, knock 7H, draw) — Esc cancels",
                         id="notation", compact=True)
        notation.can_focus = False
        yield notation
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the letter keys that mean nothing in this game."""
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

    def _think(self, task: tuple[int, Any, Any, list[Any]]) -> None:
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
            self._set_message(f"The computer failed to move: {error}", error=True)
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
                self._set_message(f"The computer's move was refused: {exc}", error=True)
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
        title = Text()
        title.append(f"{SHORT_TITLES.get(s.game_name, s.game_name)}", style="bold")
        title.append(f"  hand {s.hand_number()}  ")
        sides = s.m.side_names() if s.m.game.num_sides == s.m.game.num_players else \
            [" & ".join(short_name(n) for n in side.split(" & ")) for side in s.m.side_names()]
        for i, (name, total) in enumerate(zip(sides, s.m.totals)):
            if i:
                title.append(" · ")
            title.append(f"{name} {total}", style="bold" if i == s.human_seat else "")
        target = getattr(s.m.game.rules, "target_score", None)
        if target is not None:
            title.append(f"  (to {target})", style="dim")
        title.append(f"  pace {self.pace:.1f}s", style="dim")
        self.query_one("#title", Static).update(title)
        self.query_one("#opponent", Static).update(adapter.opponent_panel(view, names, s.human_seat))
        self.query_one("#table", Static).update(adapter.table_panel(view, names))
        human = s.human_to_act()
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
        self.query_one("#hand", HandView).set_hand(slots, self.selected, self.cursor, human,
                                                    highlight=drawn or taken, label="new" if drawn else "taken")
        self.query_one("#caption", Static).update(adapter.hand_caption(view))
        if s.is_over():
            prompt = "The match is over — s: score sheet, n: new match, u: undo, q: quit."
        else:
            prompt = adapter.prompt(view, s.state, s.human_seat, names)
            if self._thinking:
                seat = s.state.current_player()
                who = names[seat] if 0 <= seat < len(names) else "The computer"
                prompt = f"{who} is thinking..."
        self.query_one("#prompt", Static).update(prompt)
        self._refresh_actions()
        msg = self.query_one("#message", Static)
        msg.update(self._message)
        msg.set_class(self._message_error, "error")

    def _refresh_actions(self) -> None:
        s = self.session
        grid = self.query_one("#actions", Grid)
        self.candidates = s.adapter.candidates(s.state, self.selected) if s.human_to_act() else []
        # card actions first: they use the selection, so Enter plays the selected card
        self.candidates.sort(key=lambda c: 0 if getattr(c[0], "card", None) is not None else 1)
        key = tuple((str(a), legal) for a, legal in self.candidates[:9])
        if key == self._action_key:
            return  # the same buttons are already there
        self._action_key = key
        self._action_gen += 1
        gen = self._action_gen
        buttons = []
        for i, (action, legal) in enumerate(self.candidates[:9]):
            label = f"{i + 1} {s.adapter.label(action)}" + ("" if legal else " ✗")
            b = Button(label, id=f"act-{gen}-{i}", compact=True, classes="" if legal else "illegal",
                       variant="primary" if legal and i == 0 else "default")
            b.can_focus = False
            buttons.append(b)
        longest = max((len(str(b.label)) for b in buttons), default=0)
        grid.styles.grid_size_columns = 3 if longest <= 24 else 2 if longest <= 38 else 1
        grid.remove_children()
        if buttons:
            grid.mount(*buttons)

    # --- input ----------------------------------------------------------------------------------
    def _set_message(self, text: str, error: bool = False) -> None:
        self._message = text
        self._message_error = error
        msg = self.query_one("#message", Static)
        msg.update(text)
        msg.set_class(error, "error")

    def play(self, action: Any) -> bool:
        """Play ``action`` for the person; an illegal one shows the rule that forbids it."""
        s = self.session
        if not s.human_to_act():
            self._set_message("Wait for your turn." if not s.is_over() else "The match is over.", error=True)
            return False
        try:
            s.play_human(action)
        except CardtableError as exc:
            label = s.adapter.label(action) if not isinstance(action, str) else action
            why = str(exc)
            if why.startswith(f"{action}: "):
                why = why[len(str(action)) + 2:]
            self._set_message(f"✗ {label}: {why}", error=True)
            self.app.bell()
            return False
        self._set_message("")
        self.selected = []
        self.pump()
        return True

    def action_cursor(self, delta: int) -> None:
        n = len(self.query_one("#hand", HandView).cards)
        if n:
            self.cursor = (self.cursor + delta) % n
            self._auto_select()
            self.refresh_table()

    def _auto_select(self) -> None:
        """In single-card games the cursor card is the selection while a discard is due."""
        s = self.session
        if not s.adapter.multi_select and s.human_to_act():
            cards = self.query_one("#hand", HandView).cards
            if cards and self.selected:
                self.selected = [cards[self.cursor][0]]

    def action_select_card(self) -> None:
        cards = self.query_one("#hand", HandView).cards
        if not cards:
            return
        card = cards[self.cursor][0]
        if card in self.selected:
            self.selected.remove(card)
        elif self.session.adapter.multi_select:
            self.selected.append(card)
        else:
            self.selected = [card]
        self._set_message("")
        self.refresh_table()

    def action_clear(self) -> None:
        self.selected = []
        self._set_message("")
        self.refresh_table()

    def on_hand_view_card_clicked(self, event: HandView.CardClicked) -> None:
        self.cursor = event.index
        self.action_select_card()

    def action_choose(self, index: int) -> None:
        if index < len(self.candidates):
            self.play(self.candidates[index][0])
        elif index == 0 and self.session.human_to_act():
            cards = self.query_one("#hand", HandView).cards
            if cards and not self.selected:  # Enter with nothing selected selects the cursor card
                self.action_select_card()
                return
            self._set_message("Select a card first (←/→ and Space, or click it).", error=True)

    @on(Button.Pressed, "#actions Button")
    def _button(self, event: Button.Pressed) -> None:
        bid = event.button.id or ""
        try:
            index = int(bid.rsplit("-", 1)[1])
        except (IndexError, ValueError):
            return
        if index < len(self.candidates):
            self.play(self.candidates[index][0])

    def action_game_key(self, key: str) -> None:
        s = self.session
        if not s.human_to_act():
            self._set_message("Wait for your turn." if not s.is_over() else "The match is over.", error=True)
            return
        cards = self.query_one("#hand", HandView).cards
        selected = self.selected or ([cards[self.cursor][0]] if cards and key in ("k", "x") else [])
        action = s.adapter.key_action(key, s.state, selected)
        if action is None:
            self._set_message("Select a card first (←/→ and Space, or click it).", error=True)
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
        self._set_message(f"Computer pace: {self.pace:.1f} s per move (+ faster, - slower).")
        self.refresh_table()

    def action_hint(self) -> None:
        s = self.session
        if not s.human_to_act():
            self._set_message("Hints are for your turn.", error=True)
            return
        if s.hint_agent() is None:
            self._set_message("No hints: none of this game's computer players can explain its moves yet.", error=True)
            return
        self._set_message("Thinking about your move...")
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
            self._set_message(f"Hint failed: {error}", error=True)
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
            self._set_message("Nothing to undo.", error=True)
            self.pump()
            return
        s.undo()
        self._shown = len(s.finished)
        self.selected = []
        self._last_drawn = None
        self._set_message("Your last move was taken back.")
        self.pump()

    def action_sheet(self) -> None:
        self.app.push_screen(ScoreSheetScreen(self.session))

    def action_new_match(self) -> None:
        """Back to the lobby (the current match stays saved in the store, if there is one)."""
        self._stop_timer()
        s = self.session
        self.app.switch_screen(LobbyScreen(s.game_name, s.preset, dict(s.options),
                                           [s.levels[k] for k in sorted(s.levels)]))

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.session.game_name, self.session.m.game.rules))


# ------------------------------------------------------------------------------------------------
# end of a hand, score sheet, rules, hints
# ------------------------------------------------------------------------------------------------
class HandOverScreen(ModalScreen[None]):
    """The showdown: melds, layoffs card by card, deadwood and points; then the running score."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "step", "Next layoff"),
        Binding("enter,escape", "done", "Continue"),
        Binding("s", "sheet", "Scores"),
    ]

    DEFAULT_CSS = """
    HandOverScreen { align: center middle; }
    #over { width: 96%; max-width: 110; height: 96%; border: thick $primary; background: $surface; padding: 0 1; }
    #over-title { text-style: bold; height: 1; background: $primary; }
    #breakdown { height: auto; }
    #totals { height: auto; margin-top: 1; }
    #continue { margin-top: 1; }
    HandOverScreen .keys { color: $text-muted; height: 1; }
    """

    def __init__(self, session: TableSession, done: FinishedHand, pace: float = DEFAULT_PACE) -> None:
        super().__init__()
        self.session = session
        self.done = done
        self.steps = session.adapter.breakdown_steps(done.state)
        self.step = 0 if pace > 0 else self.steps
        self.pace = pace
        self._timer: Timer | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="over"):
            yield Static(f" Hand {self.done.number} is over", id="over-title")
            yield Static("", id="breakdown")
            yield Static("", id="totals")
            yield Button("Continue (Enter)" if not self.done.match_over else "Final scores (Enter)",
                         variant="primary", id="continue")
            yield Static("Space: next layoff · Enter: continue · s: score sheet", classes="keys")

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
        names = s.m.side_names()
        pts = ", ".join(f"{n} +{p}" for n, p in zip(names, d.result.points))
        t.append(f"This hand: {pts}\n", style="bold")
        t.append("Running totals: " + ", ".join(f"{n} {v}" for n, v in zip(names, d.totals_after)))
        if d.match_over and s.m.outcome is not None:
            o = s.m.outcome
            t.append(f"\nMatch over — {names[o.winner]} wins {' - '.join(map(str, o.final_totals))}", style="bold green")
        self.query_one("#totals", Static).update(t)

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

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,enter,s,q", "close", "Close")]

    DEFAULT_CSS = """
    ScoreSheetScreen { align: center middle; }
    #sheet-box { width: 90%; max-width: 100; height: 90%; border: thick $secondary; background: $surface; }
    #sheet-title { text-style: bold; height: 1; background: $secondary; padding: 0 1; }
    #sheet { height: 1fr; }
    #final { height: auto; padding: 0 1; }
    """

    def __init__(self, session: TableSession, final: bool = False) -> None:
        super().__init__()
        self.session = session
        self.final = final

    def compose(self) -> ComposeResult:
        with Vertical(id="sheet-box"):
            yield Static(" Score sheet" + (" — final" if self.final else ""), id="sheet-title")
            yield DataTable(id="sheet", zebra_stripes=True, cursor_type="row")
            yield Static("", id="final")

    def on_mount(self) -> None:
        m = self.session.m
        table = self.query_one("#sheet", DataTable)
        names = m.side_names()
        table.add_column("Hand")
        table.add_column("Dealer")
        for n in names:
            table.add_column(n[:16])
        table.add_column("Result")
        for row in m.score_sheet():
            cells: list[Any] = [str(row["hand"]), m.seat_names[row["dealer"]][:12]]
            for p, tot in zip(row["points"], row["totals"]):
                cells.append(f"{'+' + str(p) if p else '·':>4}  {tot:>4}")
            cells.append(row["summary"] or "")
            table.add_row(*cells)
        t = Text()
        if m.outcome is not None:
            o = m.outcome
            t.append("Final (with bonuses): " + ", ".join(f"{n} {v}" for n, v in zip(names, o.final_totals)) + "\n",
                     style="bold")
            t.append(f"{names[o.winner]} wins by {o.margin}.", style="bold green")
        else:
            t.append("Totals: " + ", ".join(f"{n} {v}" for n, v in zip(names, m.totals)), style="bold")
            target = getattr(m.game.rules, "target_score", None)
            if target is not None:
                t.append(f"  — first to {target}", style="dim")
        self.query_one("#final", Static).update(t)

    def action_close(self) -> None:
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """A short summary of the game's rules and the options of this match."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,r,f1", "close", "Close")]

    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    #rules-box { width: 95%; max-width: 110; height: 95%; border: thick $accent; background: $surface; }
    """

    def __init__(self, game: str, rules: Any) -> None:
        super().__init__()
        self.game = game
        self.rules = rules

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-box"):
            yield Markdown(rules_markdown(self.game, self.rules), id="rules")

    def action_close(self) -> None:
        self.dismiss(None)


class HintScreen(ModalScreen[str | None]):
    """The hint player's top moves with their values; Enter plays the highlighted one."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,h,q", "close", "Close")]

    DEFAULT_CSS = """
    HintScreen { align: center middle; }
    #hint-box { width: 70; max-width: 95%; height: auto; max-height: 80%; border: thick $success; background: $surface; padding: 0 1; }
    #hint-list { height: auto; max-height: 12; }
    """

    def __init__(self, session: TableSession, hints: list[Any]) -> None:
        super().__init__()
        self.session = session
        self.hints = hints

    def compose(self) -> ComposeResult:
        agent = self.session.hint_agent()
        name = getattr(agent, "name", type(agent).__name__)
        with Vertical(id="hint-box"):
            yield Static(Text(f"Hints from the {name} player — Enter plays the highlighted move, Esc closes",
                              style="bold"))
            if not self.hints:
                yield Static("(no suggestions)")
            opts = []
            for i, h in enumerate(self.hints):
                t = Text(f"{i + 1}. ")
                t.append_text(self._label(h.action))
                if h.value is not None:
                    t.append(f"   {h.value:+.2f}", style="cyan")
                if h.note:
                    t.append(f"   {h.note}", style="dim")
                opts.append(Option(t, id=f"hint-{i}"))
            yield OptionList(*opts, id="hint-list")

    def _label(self, action: str) -> Text:
        s = self.session
        try:
            label = s.adapter.label(s.state.parse_action(action))
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


# ------------------------------------------------------------------------------------------------
# the app
# ------------------------------------------------------------------------------------------------
class CardtableApp(App[int]):
    """``cardtable play``: the lobby (or straight to the table) and back."""

    TITLE = "cardtable"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+q", "quit", "Quit", show=False)]

    def __init__(self, game: str | None = None, opponents: list[str] | None = None, preset: str = "standard",
                 options: dict[str, Any] | None = None, seed: int | None = None, store: Any = None,
                 resume: TableSession | None = None, pace: float = DEFAULT_PACE, skip_lobby: bool | None = None) -> None:
        super().__init__()
        self.game = game
        self.opponents = opponents
        self.preset = preset
        self.options = dict(options or {})
        self.seed = seed
        self.store = store
        self.resume = resume
        self.pace = pace
        self.skip_lobby = skip_lobby if skip_lobby is not None else bool(game and opponents)

    def new_session(self, game_name: str, opponents: list[str], preset: str = "standard",
                    options: dict[str, Any] | None = None, seed: int | None = None) -> TableSession:
        return TableSession(game_name, opponents, preset=preset, options=dict(options or {}),
                            seed=seed if seed is not None else self.seed, store=self.store)

    def on_mount(self) -> None:
        if self.resume is not None:
            self.push_screen(TableScreen(self.resume, pace=self.pace))
            return
        if self.skip_lobby and self.game:
            try:
                session = self.new_session(self.game, list(self.opponents or [_default_level(self.game)]),
                                           self.preset, self.options, self.seed)
            except (CardtableError, ValueError, ImportError) as exc:
                self.push_screen(LobbyScreen(self.game, self.preset, self.options, self.opponents))
                self.notify(f"Cannot start: {exc}", severity="error")
                return
            self.push_screen(TableScreen(session, pace=self.pace))
            return
        self.push_screen(LobbyScreen(self.game, self.preset, self.options, self.opponents))

    def action_quit(self) -> None:  # type: ignore[override]
        self.exit(0)


__all__ += ["available_games"]
