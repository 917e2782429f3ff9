"""The lobby: pick a game, a computer level, a rules preset and every option, then play."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any, ClassVar, Protocol, cast

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    Checkbox,
    Footer,
    Input,
    Label,
    OptionList,
    Select,
    Static,
)
from textual.widgets.option_list import Option

from ...agents import AGENT_LEVELS, make_agent
from ...errors import CardtableError
from ...registry import GAMES, game_class, make_game
from .common import game_blurb, game_title, level_name, option_label, option_value_text, preset_name
from .dialogs import RulesScreen
from .speech import N_, Speech, error_words, speech, translate_bindings

__all__ = ["LobbyScreen", "TableStarter", "available_games"]


class TableStarter(Protocol):
    """What the lobby needs of its app: start a table from the chosen settings (the app owns the table screen)."""

    def start_table(self, **settings: Any) -> None: ...


class PickSelect(Select[Any], inherit_bindings=False):
    """A lobby dropdown: Space or the arrows open it; Enter plays, as everywhere in the lobby (it reopened the list)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down,space,up", "show_overlay", N_("Show menu"), show=False),
        Binding("enter", "screen.play", N_("Play"), show=False),
    ]



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
        Binding("q", "app.quit", N_("Quit")),
        Binding("f1", "rules", N_("Rules")),
    ]

    DEFAULT_CSS = """
    LobbyScreen { layout: vertical; }
    #lobby-title { height: 1; background: $primary; color: $text; text-style: bold; padding: 0 1; }
    #lobby-body { height: 1fr; }
    #games { width: 25; height: 1fr; border: round $primary; }
    #setup { width: 1fr; height: 1fr; border: round $secondary; padding: 0 1; }
    #setup .lbl { width: 1fr; min-width: 16; max-width: 32; }
    #setup Select { width: 18; }
    #setup Input { width: 18; }
    #setup Checkbox { width: 18; }
    #blurb { color: $text-muted; height: auto; margin-bottom: 1; }
    #rules-brief { color: $text-muted; height: auto; }
    #lobby-error { color: $error; height: auto; }
    #options { height: auto; }
    .opt-row { height: 1; }
    .opt-head { margin-top: 1; text-style: bold; height: 1; }
    #play { margin-top: 1; }
    """

    def __init__(self, game: str | None = None, preset: str = "standard", options: dict[str, Any] | None = None,
                 opponents: list[str] | None = None, lang: str = "en") -> None:
        super().__init__()
        self.sp: Speech = speech(lang)
        translate_bindings(self, self.sp)
        self.games = available_games()
        playable = [g for g, why in self.games.items() if why is None]
        self.game = game if game in self.games else (playable[0] if playable else "gin")
        self.preset = preset
        self.options = dict(options or {})
        self.opponents = list(opponents or [])
        self._generation = 0
        self._fields: list[Any] = []
        self._built_for: tuple[Any, ...] = ()
        self._fields_for: tuple[Any, ...] | None = None
        self._wanted: Any = None
        self._options_lock = asyncio.Lock()

    def compose(self) -> ComposeResult:
        sp = self.sp
        yield Static(sp._("cardtable — choose a game; Enter plays it with these settings"), id="lobby-title")
        with Horizontal(id="lobby-body"):
            opts = []
            for name, why in self.games.items():
                title = game_title(name, sp)
                opts.append(Option(title if why is None else sp._("{game} (not available)", game=title), id=name,
                                   disabled=why is not None))
            yield OptionList(*opts, id="games")
            with VerticalScroll(id="setup"):
                yield Static("", id="blurb")
                with Horizontal(classes="opt-row"):
                    yield Label(sp._("Computer level"), classes="lbl")
                    yield PickSelect(self._level_choices(self.game), value=_default_level(self.game),
                                     allow_blank=False, id="level", compact=True)
                with Horizontal(classes="opt-row"):
                    yield Label(sp._("Rules preset"), classes="lbl")
                    yield PickSelect([(preset_name("standard", sp), "standard")], value="standard", allow_blank=False,
                                     id="preset", compact=True)
                with Horizontal(classes="opt-row"):
                    yield Label(sp._("Seed"), classes="lbl")
                    yield Input("", type="integer", id="seed", compact=True, placeholder=sp._("random deal"))
                yield Static("", id="rules-brief")
                yield Static("", id="lobby-error")
                yield Button(sp._("Play (Enter)"), variant="primary", id="play")
                yield Static(sp._("Rules options"), classes="opt-head")
                yield Vertical(id="options")
        yield Footer(show_command_palette=self.sp.english)

    def on_mount(self) -> None:
        games = self.query_one("#games", OptionList)
        names = list(self.games)
        games.highlighted = names.index(self.game) if self.game in names else 0
        self._load_game(self.game)
        games.focus()

    def _level_choices(self, game: str) -> list[tuple[str, str]]:
        return [(level_name(lv, self.sp), lv) for lv in _levels(game)]

    def _rules_class(self) -> Any:
        return game_class(self.game).rules_class

    def _load_game(self, game: str) -> None:
        self.game = game
        sp = self.sp
        self.query_one("#blurb", Static).update(game_blurb(game, sp))
        self.query_one("#lobby-error", Static).update("")
        level = self.query_one("#level", Select)
        levels = _levels(game)
        level.set_options(self._level_choices(game))
        level.value = self.opponents[0] if self.opponents and self.opponents[0] in levels else _default_level(game)
        preset = self.query_one("#preset", Select)
        if self.games.get(game) is not None:
            preset.set_options([(preset_name("standard", sp), "standard")])
            preset.value = "standard"
            self._build_options(None)
            return
        presets = self._rules_class().presets()
        preset.set_options([(preset_name(p, sp), p) for p in presets])
        preset.value = self.preset if self.preset in presets else presets[0]
        self._build_options(self._preset_rules())

    def _preset_rules(self) -> Any:
        cls = self._rules_class()
        preset = str(self.query_one("#preset", Select).value)
        try:
            return cls.preset(preset, **self.options)
        except CardtableError as exc:
            self.query_one("#lobby-error", Static).update(self._error_text(exc))
            return cls.preset(preset)

    def _build_options(self, rules: Any) -> None:
        """One row per rules option (a checkbox, a choice or a number), filled from ``rules``.

        The rows are rebuilt in a worker that awaits the removal and the mounting, one
        rebuild at a time: a Select removed before it finished mounting crashes Textual.
        """
        self._wanted = rules
        self._fields_for = None
        self.run_worker(self._rebuild_options(), group="options")

    def _options_key(self) -> tuple[Any, ...]:
        return self.game, str(self.query_one("#preset", Select).value), tuple(sorted(self.options.items()))

    async def _rebuild_options(self) -> None:
        async with self._options_lock:
            rules = self._wanted
            key = self._options_key()
            if key == self._built_for and rules is not None:
                self._fields_for = key
                return
            box = self.query_one("#options", Vertical)
            await box.remove_children()
            self._generation += 1
            gen = self._generation
            self._fields = []
            self._built_for = key if rules is not None else ()
            if rules is None:
                return
            rows = []
            fields = sorted(dataclasses.fields(rules),
                            key=lambda f: (f.name != "target_score", f.name != "num_players"))
            for f in fields:
                value = getattr(rules, f.name)
                wid = f"opt-{gen}-{f.name}"
                choices = f.metadata.get("choices")
                widget: Any
                sp = self.sp
                if isinstance(f.default, bool):
                    widget = Checkbox(option_value_text(bool(value), sp), value=bool(value), id=wid, compact=True)
                elif choices:
                    widget = PickSelect([(option_value_text(c, sp), c) for c in choices], value=value,
                                        allow_blank=False, id=wid, compact=True)
                else:
                    widget = Input("" if value is None else str(value), type="integer", id=wid, compact=True,
                                   placeholder=option_value_text(None, sp) if f.metadata.get("nullable") else "")
                widget.tooltip = (f.metadata.get("doc") or None) if sp.english else None
                self._fields.append((f, widget))
                rows.append(Horizontal(Label(option_label(self.game, f.name, sp), classes="lbl"), widget,
                                       classes="opt-row"))
            await box.mount(*rows)
            self._fields_for = key
            self._show_brief(rules)

    def _show_brief(self, rules: Any) -> None:
        sp = self.sp
        preset = str(self.query_one("#preset", Select).value)
        base = type(rules).preset(preset)

        def said(k: str, v: Any) -> str:
            return f"{option_label(self.game, k, sp)} {option_value_text(v, sp)}"

        diff = [said(k, v) for k, v in rules.to_dict().items() if getattr(base, k) != v]
        first = type(rules)()
        from_std = [said(k, v) for k, v in base.to_dict().items() if getattr(first, k) != v]
        if sp.english:
            text = f"Preset {preset}: " + (", ".join(from_std) if from_std else "the standard rules")
            if diff:
                text += "; changed: " + ", ".join(diff)
            self.query_one("#rules-brief", Static).update(text + ".  F1: rules")
            return
        name = preset_name(preset, sp)
        text = sp._("Preset {preset}: {options}", preset=name, options=sp.join(from_std)) if from_std \
            else sp._("Preset {preset}: the standard rules", preset=name)
        if diff:
            text = sp._("{preset_text}; changed: {options}", preset_text=text, options=sp.join(diff))
        self.query_one("#rules-brief", Static).update(sp._("{text}.  F1: rules", text=text))

    def chosen_options(self) -> dict[str, Any]:
        """The options that differ from the chosen preset, read from the option widgets."""
        if not self._fields or self._fields_for != self._options_key():
            return {}  # the rows are being rebuilt: the preset as it is
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
                        raise CardtableError(self.sp._("{option} must be a whole number",
                                                       option=option_label(self.game, f.name, self.sp))) from None
            if value != getattr(rules, f.name):
                out[f.name] = value
        return out

    @on(Checkbox.Changed, "#options Checkbox")
    def _checkbox(self, event: Checkbox.Changed) -> None:
        event.checkbox.label = option_value_text(bool(event.value), self.sp)

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

    def action_play(self) -> None:
        """Enter on a dropdown (closed): play with these settings."""
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
            self.query_one("#lobby-error", Static).update(
                self.sp._("{game} is not available yet.", game=game_title(self.game, self.sp)))
            return
        try:
            cast(TableStarter, self.app).start_table(**self.settings())
        except (CardtableError, ValueError, ImportError) as exc:
            self.query_one("#lobby-error", Static).update(self.sp._("Cannot start: {error}", error=self._error_text(exc)))

    def _error_text(self, exc: BaseException) -> str:
        """An error in the lobby's language (an engine error by its code; English where it has none)."""
        return error_words(exc, self.sp)

    def action_rules(self) -> None:
        rules = self._preset_rules() if self.games.get(self.game) is None else None
        self.app.push_screen(RulesScreen(self.game, rules, lang=self.sp.lang))

