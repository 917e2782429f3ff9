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

from ...errors import AmbiguousActionError, CardtableError, InvalidNotationError
from .. import launcher
from ..hint_words import value_words
from ..render import render_hand_result, render_score_sheet, render_view, side_labels
from ..words import conjugate, describe_move, join_words, refusal_text, spoken_cards
from .lines import LineReader
from .moves import Move, find_move, list_moves, typed_form

__all__ = ["PlainTable", "typed_form", "explain_error", "COMMANDS"]

COMMANDS = (
    ("help", "this list (also ?)"),
    ("moves", "list your moves again"),
    ("table", "describe the table again"),
    ("log", "the last moves of every player"),
    ("sheet", "the score sheet"),
    ("hint", "the computer's advice for this move"),
    ("rules", "the rules in short, and the options of this match"),
    ("undo", "take back your last move"),
    ("quit", "stop; the game is saved and can be resumed"),
)

_TITLES = {"gin": "Gin Rummy", "casino": "Casino", "pinochle": "Pinochle"}
_EXAMPLES = {
    "gin": "draw, take, pass, discard 10s, knock 3h",
    "casino": "9d x 9s (capture), 9d trail, 3c b7 4c (build 7)",
    "pinochle": "play qs, meld marriage kh qh, no meld",
}


class PlainTable:
    """One match in line mode. :meth:`run` returns the exit code: 0 finished or quit, 1 input ended."""

    def __init__(self, session: Any, stdin: TextIO | Any, stdout: TextIO, saving: bool = True,
                 spoken: bool = False) -> None:
        self.s = session
        self.reader = LineReader(stdin)
        self.out = stdout
        self.saving = saving
        self.spoken = spoken
        """Cards said in full ("10 of spades") instead of 10♠: clearer through a screen reader."""
        self.human = session.human_seat
        isatty = getattr(stdout, "isatty", None)
        self.width = shutil.get_terminal_size().columns - 1 if callable(isatty) and isatty() else 0
        """Lines are wrapped at word boundaries to a terminal's width (not when piped)."""
        self._hand_no = 0
        self._reported = len(session.finished)
        self._just_finished = False
        self._moves: list[Move] = []
        session.listeners.append(self._on_log)

    # --- output -------------------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        text = spoken_cards(text) if self.spoken else text
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
            self.say(f"\nHand {done.number} is over.")
            self.say(render_hand_result(s.game_name, done.state, done.result, s.names, self.human))
            self.say(render_score_sheet(s.m, self.human))
        if s.hand_number() == self._hand_no or s.is_over():
            return
        if new_hand or s.m.hands[-1].actions or at_prompt:
            self._hand_no = s.hand_number()
            self._just_finished = False
            if at_prompt and not new_hand:  # nothing has marked it yet
                self.say(f"\n— Hand {self._hand_no} —")

    def _names(self) -> list[str]:
        return ["You" if i == self.human else n for i, n in enumerate(self.s.names)]

    def show_table(self) -> None:
        self.say(render_view(self.s.game_name, self.s.view(), self.s.names))

    def show_moves(self) -> None:
        state = self.s.state
        listed = state.picker_moves()  # a crowded Casino table lists its natural moves, not millions
        self._moves = list_moves(state, self.s.view(), listed)
        self.say("Your moves:" if len(self._moves) != 1 else "You have one move:")
        for i, move in enumerate(self._moves, 1):
            self.say(f"  {i}. {move.text} ({move.typed})")
        more = state.legal_action_count() - len(listed)
        if more > 0:
            self.say(f"  ... and {more:,} other legal moves: type any of them.")
        offer = self.s.undo_offer()
        if offer:  # undo is offered where it is allowed: the person's own moves since they last learned anything
            self.say(f"Or type 'undo' to take back: {offer}")

    def intro(self) -> None:
        s = self.s
        title = _TITLES.get(s.game_name, s.game_name)
        others = join_words([n for i, n in enumerate(s.names) if i != self.human])
        target = getattr(s.m.game.rules, "target_score", None)
        self.say(f"{title}: you against {others}" + (f", playing to {target} points." if target else "."))
        self.say("Type a move's number or the move itself (e.g. "
                 f"{_EXAMPLES.get(s.game_name, 'its notation')}); 'help' lists the other commands.")

    def help(self) -> None:
        self.say("Type a move's number (1, 2, ...) or the move as shown in brackets; cards are written "
                 "10s, qh, 7d and so on.")
        self.say(f"Examples: {_EXAMPLES.get(self.s.game_name, 'the notation in brackets')}.")
        self.say("Commands:")
        for name, what in COMMANDS:
            self.say(f"  {name}: {what}")

    def show_log(self, n: int = 12) -> None:
        lines = self.s.log[-n:]
        self.say("Recent moves:" if lines else "Nothing has happened yet.")
        for line in lines:
            self.say(f"  {line.text}")

    def show_rules(self) -> None:
        """The terminal app's rule summary as plain sentences, then this match's options."""
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
            self.say(f"No advice available: {exc}")
            return
        if not hints:
            self.say("No advice available for this game.")
            return
        state = self.s.state
        worth = value_words([h.value for h in hints])
        self.say("Advice, best first:")
        for i, h in enumerate(hints):
            try:
                move = describe_move(state, state.parse_action(h.action))
            except CardtableError:
                move = h.action
            why = " — ".join(x for x in (h.note, worth[i]) if x)
            self.say(f"  - {move}" + (f": {why}" if why else ""))

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
        totals = ", ".join(f"{n} {p}" for n, p in zip(labels, outcome.final_totals))
        self.say(f"\nThe match is over: {conjugate(labels[outcome.winner], 'win')}. Final score: {totals}.")
        return 0

    def _read_move(self) -> int | None:
        """Read lines until a move is played (``None``) or the session ends (an exit code)."""
        while True:
            self.out.write("Your move: ")
            self.out.flush()
            line = self.reader.read()
            if line.eof:
                self.say()
                self.say("The input ended before the match did. " + self.saved_note())
                return 1
            if line.problem:
                self.say(line.problem)
                continue
            text = line.text
            if not text:
                continue
            word = text.lower()
            if word in ("help", "?", "h"):
                self.help()
            elif word in ("moves", "m", "list"):
                self.show_moves()
            elif word in ("table", "t", "look"):
                self.show_table()
            elif word == "log":
                self.show_log()
            elif word in ("sheet", "score", "scores"):
                self.say(render_score_sheet(self.s.m, self.human))
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
        reason = _undo_reason(s)
        if reason is not None:
            self.say(f"Undo is not available: {reason}")
            return False
        if not s.undo():
            self.say("Undo is not available: you have not moved yet.")
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
                self.say(f"There is no move {n}: type {_numbers(len(self._moves))}, or 'moves' to list them.")
                return False
            action = self._moves[n - 1].action
        try:
            if action is None:
                action = find_move(state, self.s.view(), self._moves, text)
            self.s.play_human(action)
        except CardtableError as exc:
            why = explain_error(exc, self.s.names, self.human)
            self.say(f"Not played. {why} Type {_numbers(len(self._moves))}, 'moves' to list them again, or 'help'.")
            return False
        return True

    def saved_note(self) -> str:
        s = self.s
        if not self.saving or s.store is None:
            return "This game was not saved."
        if s.store_id is None and s.store_error is None and not s.has_moved():
            return "You made no move, so nothing was saved."
        if s.store_error is not None or s.store_id is None:
            return f"This game could not be saved ({s.store_error or 'no save was made'})."
        return (f"The game is saved as game {s.store_id}; continue it with: "
                f"{launcher.command(f'resume {s.store_id} --plain')}")


def _undo_reason(session: Any) -> str | None:
    """Why undo is not available now (the shared undo rule of :mod:`cardtable.undo`), or ``None`` when it is."""
    if hasattr(session, "undo_reason"):
        reason = str(session.undo_reason()).strip()
        if not reason:
            return None
        return reason if reason.endswith((".", "!", "?")) else reason + "."
    return None if session.can_undo() else "you have not moved yet."


def _numbers(n: int) -> str:
    """How to choose among ``n`` listed moves: ``1`` or ``a number from 1 to 5``."""
    return "1" if n == 1 else f"a number from 1 to {n}"


_RULE_REF = re.compile(r"\s*\[([^\]]*[0-9][^\]]*)\]\s*$")


def explain_error(exc: CardtableError, names: Sequence[str], human: int) -> str:
    """The engine's message for a refused move, in the player's words: ``10♠``, ``your hand``, ``(rule 4.3)``."""
    text = str(exc).strip()
    if isinstance(exc, AmbiguousActionError):
        return "That fits more than one move: choose it by its number, or type it as shown in brackets."
    if isinstance(exc, InvalidNotationError):
        return "That is not a move or a command."
    text = refusal_text(text)  # the engine's card notation as players read it, as the browser shows it
    text = text.replace(f"the hand of seat {human}", "your hand")
    for seat, name in enumerate(names):
        text = text.replace(f"seat {seat}", "you" if seat == human else name)
    text = _RULE_REF.sub(lambda m: f" (rule {m.group(1)})", text)
    if not text:
        return "That is not a legal move."
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _wrap(line: str, width: int) -> str:
    """One output line wrapped at ``width``; a numbered move's continuation lines are indented under its text."""
    if len(line) <= width:
        return line
    m = re.match(r"^( *(?:\d+\. )?)", line)
    indent = " " * len(m.group(1)) if m else ""
    return textwrap.fill(line, width, subsequent_indent=indent or "  ", break_long_words=False,
                         break_on_hyphens=False)
