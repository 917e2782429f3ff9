"""Line mode (``cardtable play --plain``) as a person or a screen reader meets it: the real command, piped.

Each test runs the console script as a subprocess and reads what it prints.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

CARDTABLE = str(Path(sys.executable).with_name("cardtable"))
NOTATION = re.compile(r"\b(?:[2-9TJQKA][SHDC][ab]?|T[SHDC])\b")
"""Engine notation (``TS``, ``QHa``): never shown to a player; typed forms read ``10s``, ``qh``."""


def play(args: list[str], text: str | bytes, tmp_path: Path | None = None, timeout: float = 120) -> tuple[int, str]:
    env = {**os.environ, "CARDTABLE_DATABASE_URL": str(tmp_path / "games.db") if tmp_path else ":memory:"}
    data = text.encode() if isinstance(text, str) else text
    proc = subprocess.run([CARDTABLE, "play", *args], input=data, capture_output=True, timeout=timeout, env=env)
    assert "Traceback" not in proc.stderr.decode(errors="replace"), proc.stderr.decode(errors="replace")
    return proc.returncode, proc.stdout.decode("utf-8")


def table_lines(out: str) -> list[str]:
    """Every line a player reads, minus the typed forms in brackets at the end of the move list."""
    return [re.sub(r" \([^()]*\)$", "", ln) if re.match(r"^  \d+\. ", ln) else ln for ln in out.splitlines()]


@pytest.mark.parametrize("game", ["gin", "casino", "pinochle"])
def test_each_game_reads_as_sentences(game: str) -> None:
    """A readable table for every game: no data dumps, no engine notation, numbered moves in words; quit exits 0."""
    code, out = play([game, "--plain", "--seed", "5", "--no-save", "-o", "easy"], "1\n" * 12 + "quit\n")
    assert code == 0
    for bad in ("Card.parse", "PinochleCard", "captured:", "((", "None", "True", "medium (1)", "side 0"):
        assert bad not in out, bad
    for line in table_lines(out):
        assert not NOTATION.search(line), line
    assert "Computer (easy)" in out
    assert re.search(r"^  1\. [A-Z][a-z]+ .*\(\S.*\)$", out, re.M), "moves are numbered, in words, with their notation"
    assert "Your hand" in out and "This game was not saved." in out
    title = {"gin": "Gin Rummy: you against Computer (easy)", "casino": "Casino, deal 1 of 6",
             "pinochle": "Trump: "}[game]
    assert title in out


def test_pinochle_lists_each_card_once_without_copy_letters() -> None:
    """Two copies of a card are one move to a player: listed once, typed without a/b."""
    code, out = play(["pinochle", "--plain", "--seed", "3", "--no-save", "-o", "easy"], "quit\n")
    assert code == 0
    moves = re.findall(r"^  \d+\. (.*)$", out, re.M)
    assert moves and len(moves) == len(set(moves))
    assert all(not re.search(r"\b[2-9tjqka10]+[shdc][ab]\b", m) for m in moves)


def test_four_player_casino_names_partners_like_the_app() -> None:
    code, out = play(["casino", "--plain", "--seed", "2", "--no-save", "-o", "easy", "-o", "easy", "-o", "easy"],
                     "quit\n")
    assert code == 0
    assert "you against Left (easy), Across (easy) and Right (easy)" in out
    assert "You & Across have taken " in out and "Left & Right have taken " in out


def test_a_move_by_number_or_by_notation() -> None:
    by_number = play(["gin", "--plain", "--seed", "3", "--no-save", "-o", "simple"], "2\nquit\n")[1]
    by_name = play(["gin", "--plain", "--seed", "3", "--no-save", "-o", "simple"], "pass\nquit\n")[1]
    by_words = play(["gin", "--plain", "--seed", "3", "--no-save", "-o", "simple"], "Pass on the K♠\nquit\n")[1]
    assert "You pass on the K♠." in by_number
    assert by_number == by_name == by_words


def test_bad_input_is_refused_briefly_and_never_echoed() -> None:
    long_line = "x" * 200_000
    data = (long_line + "\n").encode() + b"\xff\xfe\x80 discard\n" + b"\x1b[A\n" + b"discard ts\n" + b"7\nquit\n"
    code, out = play(["gin", "--plain", "--seed", "3", "--no-save", "-o", "simple"], data)
    assert code == 0
    assert "xxxxxxxxxx" not in out and len(out) < 20_000
    assert "That line is too long (over 200 characters): nothing was done." in out
    assert "That line is not text (it is not UTF-8): nothing was done." in out
    assert "\\udc" not in out and "\udcff" not in out
    assert "That line has control characters" in out
    assert "Not played. Discard 10♠: you do not hold the 10♠ (rule 4.3)." in out
    assert "There is no move 7: type a number from 1 to 2" in out


def test_undo_takes_back_the_move_just_made() -> None:
    """Take the upcard, then undo: back to the same offer (the shared undo rule allows it: nothing new was seen)."""
    code, out = play(["gin", "--plain", "--seed", "3", "--no-save", "-o", "simple"], "take\nundo\nquit\n")
    assert code == 0
    assert "You take the K♠ from the discard pile." in out
    assert "Undo: back to your move in hand 1." in out
    assert out.count("1. Take the K♠ from the discard pile (take)") == 2


def test_undo_after_the_reply_says_why_not() -> None:
    code, out = play(["gin", "--plain", "--seed", "3", "--no-save", "-o", "simple"], "pass\nundo\nquit\n")
    assert code == 0
    assert re.search(r"Undo is not available: .+\.", out)


def test_quit_saves_and_says_how_to_resume(tmp_path: Path) -> None:
    code, out = play(["casino", "--plain", "--seed", "4", "-o", "medium"], "1\nquit\n", tmp_path)
    assert code == 0
    assert "The game is saved as game 1; continue it with: cardtable resume 1 --plain" in out
    env = {**os.environ, "CARDTABLE_DATABASE_URL": str(tmp_path / "games.db")}
    again = subprocess.run([CARDTABLE, "resume", "1", "--plain"], input="sheet\nquit\n", capture_output=True,
                           text=True, timeout=120, env=env)
    assert again.returncode == 0, again.stderr
    assert "Resuming game 1 (casino)." in again.stdout
    assert "Score sheet (0 hands played, playing to 21):" in again.stdout


def test_input_ending_mid_game_exits_1_and_keeps_the_game(tmp_path: Path) -> None:
    code, out = play(["pinochle", "--plain", "--seed", "4"], "1\n", tmp_path)
    assert code == 1
    assert "The input ended before the match did. The game is saved as game 1" in out


def test_help_lists_every_command() -> None:
    from cardtable.apps.plain import COMMANDS

    code, out = play(["gin", "--plain", "--seed", "3", "--no-save"], "help\nquit\n")
    assert code == 0
    for name, _ in COMMANDS:
        assert f"  {name}: " in out


def test_a_person_at_a_terminal_picks_the_game() -> None:
    """`cardtable play --plain` at a terminal asks for the game (a script's piped input gets Gin Rummy)."""
    import pty

    master, slave = pty.openpty()
    proc = subprocess.Popen([CARDTABLE, "play", "--plain", "--no-save", "--seed", "2"], stdin=slave,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    os.close(slave)
    try:
        os.write(master, b"chess\n3\nquit\n")
        out, err = proc.communicate(timeout=120)
    finally:
        os.close(master)
    text = out.decode()
    assert proc.returncode == 0, err.decode()
    assert "Which game? 1. Gin Rummy, 2 players; 2. Casino, 2 to 4 players; 3. Pinochle, 2 players." in text
    assert "Type 1 to 3, or a game's name: gin, casino or pinochle." in text
    assert "Pinochle: you against Computer (medium)" in text
    piped = play(["--plain", "--no-save", "--seed", "2"], "quit\n")[1]
    assert "Which game?" not in piped and "Gin Rummy: you against Computer (medium)" in piped


@pytest.mark.parametrize("game", ["gin", "casino", "pinochle"])
def test_every_listed_notation_types_back_to_its_move(game: str) -> None:
    """What the move list shows in brackets, typed as shown, is that very move (lower case, 10 for T, no a/b):
    through the engine's notation alone, or for a melded Pinochle copy through the list."""
    from cardtable import Match
    from cardtable.agents import make_agent
    from cardtable.apps.plain.moves import find_move, list_moves

    match = Match(game, seed=7)
    agents = [make_agent(game, "easy", seed=s) for s in range(match.game.num_players)]
    checked = 0
    for _ in range(60):
        match.resolve_chance()
        state = match.state
        if state.is_terminal():
            break
        view = state.view(state.current_player())
        moves = list_moves(state, view, state.picker_moves())
        assert len({m.text for m in moves}) == len(moves)
        for move in moves:
            assert move.typed == move.typed.lower() and not re.search(r"\b[2-9tjqka][shdc][ab]\b", move.typed)
            plain = [] if " melded" not in move.typed else moves
            found = find_move(state, view, plain, move.typed)
            assert move.text == next(m.text for m in list_moves(state, view, [found])) or found == move.action, move
            assert find_move(state, view, moves, move.typed) == move.action
            assert find_move(state, view, moves, move.text) == move.action
            checked += 1
        seat = state.current_player()
        match.apply(agents[seat].act(view, state.legal_actions()))
    assert checked > 40


def test_spoken_cards_for_screen_readers(tmp_path: Path) -> None:
    """--spoken-cards says '10 of diamonds' (a screen reader reads ♦ as 'black diamond'); typing stays short."""
    code, out = play(["gin", "--plain", "--spoken-cards", "--seed", "3", "-o", "simple"], "take\nquit\n", tmp_path)
    assert code == 0
    assert not re.search(r"[♠♥♦♣]", out)
    assert "Your hand (10 cards): 7 of diamonds, 8 of diamonds, 9 of diamonds, 3 of hearts, queen of hearts" in out
    assert "Discard the king of clubs (discard kc)" in out
    env = {**os.environ, "CARDTABLE_DATABASE_URL": str(tmp_path / "games.db")}
    again = subprocess.run([CARDTABLE, "resume", "--plain", "--spoken-cards"], input="quit\n", capture_output=True,
                           text=True, timeout=120, env=env)
    assert again.returncode == 0 and "king of spades" in again.stdout and "K♠" not in again.stdout


def test_rules_in_short_and_the_options_in_words() -> None:
    code, out = play(["casino", "--plain", "--seed", "3", "--no-save"], "rules\nquit\n")
    assert code == 0
    assert "Casino — the rules in short" in out and "**" not in out and "# " not in out
    assert "Options of this match (standard):" in out and "  target score: 21" in out
    assert "True" not in out and "False" not in out


def test_lines_wrap_to_a_terminal_but_not_to_a_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    """At an 80-column terminal long sentences wrap at words (moves indented under their text); piped, they do not."""
    import io

    from cardtable.apps.plain import play_plain

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("COLUMNS", "80")
    screen = Terminal()
    play_plain("pinochle", ["medium"], seed=7, stdin=io.StringIO("help\nquit\n"), stdout=screen)
    lines = [ln.removeprefix("Your move: ") for ln in screen.getvalue().splitlines()]  # at a terminal Enter ends it
    assert max(len(ln) for ln in lines) <= 79
    assert "Type a move's number (1, 2, ...) or the move as shown in brackets; cards are" in lines
    piped = io.StringIO()
    play_plain("pinochle", ["medium"], seed=7, stdin=io.StringIO("help\nquit\n"), stdout=piped)
    assert max(len(ln) for ln in piped.getvalue().splitlines()) > 80


def test_hint_says_why_in_words() -> None:
    """Line mode's advice: each suggested move in words, its reasons, and the value as points per hand."""
    code, out = play(["gin", "--plain", "--seed", "5", "--no-save", "-o", "medium"], "hint\nquit\n")
    assert code == 0
    advice = out[out.index("Advice, best first:"):].splitlines()[1:3]
    assert all(re.match(r"^  - [A-Z].*: \S", line) for line in advice), advice
    assert "per hand better than the next move" in advice[0]
    assert re.search(r"deadwood|meld", advice[0]), advice[0]
