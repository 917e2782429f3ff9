"""The line-mode table: the terminal app's session, told in sentences and read one line at a time.

It drives the same :class:`~cardtable.apps.tui.session.TableSession` as the
terminal app (same seat names, same log, same undo, same saving), prints the
table as :mod:`cardtable.apps.render` describes it, lists the moves numbered
and in plain words (:mod:`cardtable.apps.words`), and reads a number, a move's
notation or a command per line.
"""

from __future__ import annotations

import re
import shutil
import textwrap
from collections.abc import Sequence
from typing import Any, TextIO

from ... import i18n
from ...errors import AmbiguousActionError, CardtableError, InvalidNotationError
from .. import launcher
from ..hint_words import value_words
from ..render import render_hand_result, render_score_sheet, render_view, side_labels
from ..words import describe_move, join_list, refusal_text_of, side_wins, spoken_cards, you_name
from .lines import LineReader
from .moves import Move, find_move, list_moves, typed_form

__all__ = ["PlainTable", "typed_form", "explain_error", "COMMANDS", "commands"]

N_ = i18n.N_
COMMANDS = (
    ("help", N_("this list (also ?)")),
    ("moves", N_("list your moves again")),
    ("table", N_("describe the table again")),
    ("log", N_("the last moves of every player")),
    ("sheet", N_("the score sheet")),
    ("hint", N_("the computer's advice for this move")),
    ("rules", N_("the rules in short, and the options of this match")),
    ("undo", N_("take back your last move")),
    ("quit", N_("stop; the game is saved and can be resumed")),
)
"""The commands of line mode (typed in English in every language) and what each does (in English)."""


def commands(lang: str = "en") -> list[tuple[str, str]]:
    """:data:`COMMANDS` with what each does in ``lang``."""
    t = i18n.translation(lang)
    return [(name, str(t.gettext(what))) for name, what in COMMANDS]


def _title(game: str, t: Any) -> str:
    titles = {"gin": t.pgettext("game", "Gin Rummy"), "casino": t.pgettext("game", "Casino"),
              "pinochle": t.pgettext("game", "Pinochle")}
    return str(titles.get(game, game))


def _examples(game: str, t: Any) -> str:
    """Typed moves of ``game`` to show (the notation is English in every language; the words around it are not)."""
    examples = {"gin": t.gettext("draw, take, pass, discard 10s, knock 3h"),
                "casino": t.gettext("9d x 9s (capture), 9d trail, 3c b7 4c (build 7)"),
                "pinochle": t.gettext("play qs, meld marriage kh qh, no meld")}
    return str(examples.get(game, t.gettext("its notation")))


class PlainTable:
    """One match in line mode. :meth:`run` returns the exit code: 0 finished or quit, 1 input ended."""

    def __init__(self, session: Any, stdin: TextIO | Any, stdout: TextIO, saving: bool = True,
                 spoken: bool = False) -> None:
        self.s = session
        self.lang: str = getattr(session, "lang", "en")
        """The language of every line (the session's: its log speaks it too)."""
        self.t = i18n.translation(self.lang)
        self.reader = LineReader(stdin, lang=self.lang)
        self.out = stdout
        self.saving = saving
        self.spoken = spoken
        """Cards said in full ("10 of spades") instead of 10♠: clearer through a screen reader."""
        self.human = session.human_seat
        isatty = getattr(stdout, "isatty", None)
        self.width = shutil.get_terminal_size().columns - 1 if callable(isatty) and isatty() else 0
        """Lines are wrapped at word boundaries (between CJK characters too) to a terminal's width (not when piped)."""
        self._hand_no = 0
        self._reported = len(session.finished)
        self._just_finished = False
        self._moves: list[Move] = []
        session.listeners.append(self._on_log)

    # --- output -------------------------------------------------------------------------------------
    def _(self, message: str, **fill: Any) -> str:
        """``message`` in the table's language, its ``{placeholders}`` filled in."""
        text = str(self.t.gettext(message))
        return text.format(**fill) if fill else text

    def say(self, text: str = "") -> None:
        text = spoken_cards(text, self.lang) if self.spoken else text
        if self.width:
            text = "\n".join(_wrap(line, self.width) for line in text.split("\n"))
        print(text, file=self.out, flush=True)

    def _on_log(self, line: Any) -> None:
        marker = line.seat is None and self._is_new_hand_marker(line.text)
        self._transitions(new_hand=marker)
        if line.seat is None and self._just_finished:
            return  # the hand's own summary lines: the hand report says it all
        self.say(("\n" if marker or (line.seat is None and line.text.startswith("— ")) else "") + line.text)

    def _is_new_hand_marker(self, text: str) -> bool:
        """The session's marker for the hand about to be dealt (said before its first card)."""
        s = self.s
        marker = getattr(s.adapter, "new_hand_line", None)
        return marker is not None and not s.is_over() and text == marker(s.state, s.hand_number(), s.names)

    def _transitions(self, new_hand: bool = False, at_prompt: bool = False) -> None:
        """Report finished hands, then let the next hand begin, in the order they happen.

        The match opens the next hand as soon as the last one ends, so a hand begins
        at its marker line, its first card (Gin's deal line) or, failing both, at the prompt.
        """
        s = self.s
        while self._reported < len(s.finished):
            done = s.finished[self._reported]
            self._reported += 1
            self._just_finished = True
            self.say("\n" + self._("Hand {n} is over.", n=done.number))
            self.say(render_hand_result(s.game_name, done.state, done.result, s.names, self.human, self.lang))
            self.say(render_score_sheet(self._sheet_match(), self.human, self.lang))
        if s.hand_number() == self._hand_no or s.is_over():
            return
        if new_hand or s.m.hands[-1].actions or at_prompt:
            self._hand_no = s.hand_number()
            self._just_finished = False
            if at_prompt and not new_hand:  # nothing has marked it yet
                self.say("\n" + self._("— Hand {n} —", n=self._hand_no))

    def _names(self) -> list[str]:
        return ["You" if i == self.human else n for i, n in enumerate(self.s.names)]

    def _sheet_match(self) -> Any:
        """The match as the score sheet reads it: with the seat names the table shows (in its language)."""
        return _ShownNames(self.s.m, self.s.names)

    def show_table(self) -> None:
        self.say(render_view(self.s.game_name, self.s.view(), self.s.names, self.lang))

    def show_moves(self) -> None:
        state = self.s.state
        listed = state.picker_moves()  # a crowded Casino table lists its natural moves, not millions
        self._moves = list_moves(state, self.s.view(), listed, self.lang)
        self.say(self._("Your moves:") if len(self._moves) != 1 else self._("You have one move:"))
        for i, move in enumerate(self._moves, 1):
            self.say(f"  {i}. {move.text} ({move.typed})")
        more = state.legal_action_count() - len(listed)
        if more > 0:
            said = str(self.t.ngettext("  ... and {n} other legal move: type any of them.",
                                       "  ... and {n} other legal moves: type any of them.", more))
            self.say(said.format(n=i18n.format_number(more, self.lang)))
        offer = self.s.undo_offer()
        if offer:  # undo is offered where it is allowed: the person's own moves since they last learned anything
            self.say(self._("Or type 'undo' to take back: {move}", move=offer))

    def intro(self) -> None:
        s = self.s
        title = _title(s.game_name, self.t)
        others = join_list([n for i, n in enumerate(s.names) if i != self.human], self.lang)
        target = getattr(s.m.game.rules, "target_score", None)
        if target:
            self.say(self._("{game}: you against {others}, playing to {target} points.", game=title, others=others,
                            target=target))
        else:
            self.say(self._("{game}: you against {others}.", game=title, others=others))
        self.say(self._("Type a move's number or the move itself (e.g. {examples}); 'help' lists the other commands.",
                        examples=_examples(s.game_name, self.t)))

    def help(self) -> None:
        self.say(self._("Type a move's number (1, 2, ...) or the move as shown in brackets; cards are written "
                        "10s, qh, 7d and so on."))
        if self.lang != "en":
            self.say(self._("Cards may also be typed with their English letters (qs, 10h), and the commands "
                            "below in English."))
        self.say(self._("Examples: {examples}.", examples=_examples(self.s.game_name, self.t)))
        self.say(self._("Commands:"))
        for name, what in commands(self.lang):
            self.say(f"  {name}: {what}")

    def show_log(self, n: int = 12) -> None:
        lines = self.s.log[-n:]
        self.say(self._("Recent moves:") if lines else self._("Nothing has happened yet."))
        for line in lines:
            self.say(f"  {line.text}")

    def show_rules(self) -> None:
        """The rules of the game, then this match's options: in English the terminal app's summary, in
        every other language the player rules in that language (:mod:`cardtable.apps.player_rules`)."""
        if self.lang != "en":
            from .rules import rules_lines

            for line in rules_lines(self.s.game_name, self.s.m.game.rules, self.lang):
                self.say(line)
            return
        from ..tui.common import option_name, option_value_text
        from ..tui.rules_text import RULES

        text = RULES.get(self.s.game_name, "")
        text = re.sub(r"^#+ *", "", text, flags=re.M)
        text = re.sub(r"\*\*(.+?)\*\*|\*(.+?)\*", lambda m: m.group(1) or m.group(2), text)
        text = re.sub(r"(?<!\n)\n(?!\n|- )", " ", text)  # one line per paragraph: say() wraps it to the terminal
        self.say(text.strip() or "No rule summary for this game.")
        rules = self.s.m.game.rules
        self.say(f"Options of this match ({rules.describe()}):")
        for name, value in rules.to_dict().items():
            self.say(f"  {option_name(name)}: {option_value_text(value)}")

    def show_hints(self) -> None:
        try:
            hints = self.s.hints(3)
        except CardtableError as exc:
            self.say(self._("No advice available: {why}", why=refusal_text_of(exc, self.lang)))
            return
        if not hints:
            self.say(self._("No advice available for this game."))
            return
        state = self.s.state
        worth = value_words([h.value for h in hints], self.lang)
        self.say(self._("Advice, best first:"))
        for i, h in enumerate(hints):
            try:
                move = describe_move(state, state.parse_action(h.action), lang=self.lang)
            except CardtableError:
                move = h.action
            why = " — ".join(x for x in (h.note, worth[i]) if x)
            self.say(self._("  - {move}: {why}", move=move, why=why) if why else f"  - {move}")

    # --- the loop -----------------------------------------------------------------------------------
    def run(self) -> int:
        """Play until the match ends (0), the player quits (0) or the input ends (1)."""
        s = self.s
        self.intro()
        while True:
            s.advance_chance()
            s.run_computers()
            self._transitions(at_prompt=True)
            if s.is_over():
                return self._finish()
            if not s.human_to_act():  # pragma: no cover - the session always stops at the person's turn
                raise CardtableError("line mode: nobody to act")
            self.say()
            self.show_table()
            self.show_moves()
            code = self._read_move()
            if code is not None:
                return code

    def _finish(self) -> int:
        outcome = self.s.m.outcome
        assert outcome is not None
        labels = side_labels(self._names(), self.s.m.game.num_sides)
        comma = str(self.t.pgettext("list", ", "))
        totals = comma.join(f"{you_name(n, self.lang)} {p}" for n, p in zip(labels, outcome.final_totals))
        self.say("\n" + self._("The match is over: {winner}. Final score: {totals}.",
                               winner=side_wins(labels[outcome.winner], self.lang), totals=totals))
        return 0

    def _read_move(self) -> int | None:
        """Read lines until a move is played (``None``) or the session ends (an exit code)."""
        while True:
            self.out.write(self._("Your move: "))
            self.out.flush()
            line = self.reader.read()
            if line.eof:
                self.say()
                self.say(self._("The input ended before the match did. {saved}", saved=self.saved_note()))
                return 1
            if line.problem:
                self.say(line.problem)
                continue
            text = line.text
            if not text:
                continue
            word = _command(text.lower(), self.t)
            if word in ("help", "?", "h"):
                self.help()
            elif word in ("moves", "m", "list"):
                self.show_moves()
            elif word in ("table", "t", "look"):
                self.show_table()
            elif word == "log":
                self.show_log()
            elif word in ("sheet", "score", "scores"):
                self.say(render_score_sheet(self._sheet_match(), self.human, self.lang))
            elif word in ("hint", "advice"):
                self.show_hints()
            elif word in ("rules", "r"):
                self.show_rules()
            elif word in ("undo", "u"):
                if self._undo():
                    return None
            elif word in ("quit", "q", "exit"):
                self.say(self.saved_note())
                return 0
            elif self._play(text):
                return None

    def _undo(self) -> bool:
        s = self.s
        reason = _undo_reason(s, self.t)
        if reason is not None:
            self.say(self._("Undo is not available: {why}", why=reason))
            return False
        if not s.undo():
            self.say(self._("Undo is not available: {why}", why=self._("you have not moved yet.")))
            return False
        self._reported = len(s.finished)
        self._hand_no = s.hand_number()
        self._just_finished = False
        return True

    def _play(self, text: str) -> bool:
        state = self.s.state
        action: Any = None
        if text.isdigit():
            n = int(text)
            if not 1 <= n <= len(self._moves):
                self.say(self._("There is no move {n}: type {numbers}, or 'moves' to list them.", n=n,
                                numbers=_numbers(len(self._moves), self.t)))
                return False
            action = self._moves[n - 1].action
        try:
            if action is None:
                action = find_move(state, self.s.view(), self._moves, text, self.lang)
            self.s.play_human(action)
        except CardtableError as exc:
            why = explain_error(exc, self.s.names, self.human, self.lang)
            self.say(self._("Not played. {why} Type {numbers}, 'moves' to list them again, or 'help'.", why=why,
                            numbers=_numbers(len(self._moves), self.t)))
            return False
        return True

    def saved_note(self) -> str:
        s = self.s
        if not self.saving or s.store is None:
            return self._("This game was not saved.")
        if s.store_id is None and s.store_error is None and not s.has_moved():
            return self._("You made no move, so nothing was saved.")
        if s.store_error is not None or s.store_id is None:
            return self._("This game could not be saved ({error}).", error=s.store_error or self._("no save was made"))
        return self._("The game is saved as game {id}; continue it with: {command}", id=s.store_id,
                      command=launcher.command(f"resume {s.store_id} --plain"))


class _ShownNames:
    """A match as :func:`~cardtable.apps.render.render_score_sheet` reads it, with other seat names."""

    def __init__(self, match: Any, names: Sequence[str]) -> None:
        self._match = match
        self.seat_names = list(names)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._match, name)


def _command(word: str, t: Any) -> str:
    """A typed command: the English word, or its translation (``nápověda`` → ``help``)."""
    aliases = {str(t.pgettext("command", "help")): "help", str(t.pgettext("command", "moves")): "moves",
               str(t.pgettext("command", "table")): "table", str(t.pgettext("command", "log")): "log",
               str(t.pgettext("command", "sheet")): "sheet", str(t.pgettext("command", "hint")): "hint",
               str(t.pgettext("command", "rules")): "rules", str(t.pgettext("command", "undo")): "undo",
               str(t.pgettext("command", "quit")): "quit"}
    return aliases.get(word, word) if word not in _ENGLISH_COMMANDS else word


_ENGLISH_COMMANDS = frozenset(("help", "?", "h", "moves", "m", "list", "table", "t", "look", "log", "sheet", "score",
                               "scores", "hint", "advice", "rules", "r", "undo", "u", "quit", "q", "exit"))


def _undo_reason(session: Any, t: Any = None) -> str | None:
    """Why undo is not available now (the shared undo rule of :mod:`cardtable.undo`), or ``None`` when it is."""
    if hasattr(session, "undo_reason"):
        reason = str(session.undo_reason()).strip()
        if not reason:
            return None
        return reason if reason.endswith((".", "!", "?", "。")) else reason + _full_stop(t)
    if session.can_undo():
        return None
    return str(t.gettext("you have not moved yet.")) if t is not None else "you have not moved yet."


def _full_stop(t: Any) -> str:
    return "." if t is None else str(t.pgettext("full stop", "."))


def _numbers(n: int, t: Any = None) -> str:
    """How to choose among ``n`` listed moves: ``1`` or ``a number from 1 to 5``."""
    if n == 1:
        return "1"
    return f"a number from 1 to {n}" if t is None else str(t.gettext("a number from 1 to {n}")).format(n=n)


_RULE_REF = re.compile(r"\s*\[([^\]]*[0-9][^\]]*)\]\s*$")


def explain_error(exc: CardtableError, names: Sequence[str], human: int, lang: str = "en") -> str:
    """The engine's message for a refused move, in the player's words: ``10♠``, ``your hand``, ``(rule 4.3)``;
    in ``lang`` (:func:`cardtable.apps.words.refusal_text_of`; English by default)."""
    t = i18n.translation(lang)
    if isinstance(exc, AmbiguousActionError):
        return str(t.gettext("That fits more than one move: choose it by its number, or type it as shown in brackets."))
    if isinstance(exc, InvalidNotationError):
        return str(t.gettext("That is not a move or a command."))
    # the engine's card notation as players read it, as the browser shows it
    text = refusal_text_of(exc, lang).strip()
    if lang == "en":
        text = text.replace(f"the hand of seat {human}", "your hand")
        for seat, name in enumerate(names):
            text = text.replace(f"seat {seat}", "you" if seat == human else name)
    text = _RULE_REF.sub(lambda m: str(t.gettext(" (rule {rule})")).format(rule=m.group(1)), text)
    if not text:
        return str(t.gettext("That is not a legal move."))
    if lang == "en":
        text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "。", "！", "？")) else text + _full_stop(t)


def _wrap(line: str, width: int) -> str:
    """One output line wrapped at ``width`` columns (CJK characters take two, and break between them); a
    numbered move's continuation lines are indented under its text."""
    if i18n.display_width(line) <= width:
        return line
    m = re.match(r"^( *(?:\d+\. )?)", line)
    indent = " " * len(m.group(1)) if m else ""
    if i18n.display_width(line) == len(line):  # no wide characters: break at spaces only, as always
        return textwrap.fill(line, width, subsequent_indent=indent or "  ", break_long_words=False,
                             break_on_hyphens=False)
    indent = indent or "  "
    lead = " " * (len(line) - len(line.lstrip(" ")))
    first, *rest = i18n.wrap(line, width - len(indent)) or [""]
    return "\n".join([lead + first] + [indent + piece for piece in rest])
