"""Match flow, dealer rotation, score sheet and the command line."""

from __future__ import annotations

import io
import re
import subprocess
import sys

import pytest

from cardtable import GameRecord, Match
from cardtable.agents import RandomAgent, make_agent
from cardtable.cli import main, simulate
from cardtable.errors import CardtableError, IllegalActionError


def test_match_reaches_target_and_rotates_dealer() -> None:
    match = Match("gin", seed=11)
    outcome = match.play([make_agent("gin", "simple"), make_agent("gin", "simple")])
    assert match.is_over()
    assert max(match.totals) >= 100
    assert outcome.winner == match.game.match_outcome(match.totals, match.results).winner  # type: ignore[union-attr]
    for prev, nxt in zip(match.hands, match.hands[1:]):
        assert prev.result is not None
        expected = prev.dealer if prev.result.void else 1 - prev.dealer
        assert nxt.dealer == expected
    sheet = match.score_sheet()
    assert len(sheet) == len(match.hands)
    assert sheet[-1]["totals"] == match.totals
    assert sum(r["points"][0] for r in sheet) == match.totals[0]
    with pytest.raises(IllegalActionError):
        match.apply("draw")


def test_same_seed_same_match() -> None:
    a = Match("gin", seed=5)
    a.play([RandomAgent(1), RandomAgent(2)])
    b = Match("gin", seed=5)
    b.play([RandomAgent(1), RandomAgent(2)])
    assert a.record().dumps() == b.record().dumps()
    replayed = GameRecord.loads(a.record().dumps()).replay()
    assert replayed.state == a.state and replayed.totals == a.totals


def test_simulate_summary() -> None:
    s = simulate("gin", 20, seed=3, players=["random", "simple"], progress=False)
    assert s["games"] == 20 and sum(s["wins"]) == 20
    assert s["wins"][1] > s["wins"][0]
    assert sum(s["endings"].values()) == s["hands"]


def test_cli_simulate_prints_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "gin", "--games", "5", "--seed", "2", "--players", "simple,simple", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "gin: 5 matches" in out and "hand endings" in out


def test_cli_rejects_bad_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "gin", "--games", "1", "--option", "knock_limit=99", "--no-progress"]) == 2
    assert "knock_limit" in capsys.readouterr().err


def test_plain_mode_through_a_pipe() -> None:
    """Line mode reads moves from stdin; bad input gets a clear refusal and play continues."""
    script = "pass\nbogus\ndiscard 2s\nquit\n"
    proc = subprocess.run(
        [sys.executable, "-m", "cardtable.cli", "play", "gin", "--seed", "3", "--no-save"],
        input=script, capture_output=True, text=True, timeout=60,
    )
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr
    assert "— New hand: You deal; the first upcard is K♠ (knock limit 10) —" in out
    assert "1. Take the K♠ from the discard pile (take)\n  2. Pass on the K♠ (pass)" in out
    assert "Not played. That is not a move or a command." in out
    assert "This game was not saved." in out


def test_plain_mode_plays_a_whole_match_with_scripted_input() -> None:
    from cardtable.apps.plain import play_plain

    class Chooser(io.StringIO):
        """Answers each prompt from the numbered list: knock when it can, else draw, pass or discard."""

        def __init__(self) -> None:
            super().__init__()
            self.out = io.StringIO()

        def readline(self, size: int = -1) -> str:
            listed = self.out.getvalue().rsplit("Your move", 1)[0].rsplit("\nYour move", 1)[-1]
            moves = re.findall(r"^  (\d+)\. .* \(([^()]*)\)$", listed, re.M)
            for pref in ("knock", "big gin", "draw", "pass", "discard"):
                for number, typed in moves:
                    if typed.startswith(pref):
                        return number + "\n"
            return "1\n"

    inp = Chooser()
    assert play_plain("gin", ["simple"], seed=4, stdin=inp, stdout=inp.out) == 0
    out = inp.out.getvalue()
    assert re.search(r"^The match is over: (You win|Computer \(simple\) wins)\. "
                     r"Final score: You \d+, Computer \(simple\) \d+\.$", out, re.M)
    # each hand is reported before the next one is dealt: new, over, new, over ...
    events = re.findall(r"^(— New hand|Hand \d+ is over\.)", out, re.M)
    assert len(events) >= 4
    for i, event in enumerate(events):
        assert event == ("— New hand" if i % 2 == 0 else f"Hand {i // 2 + 1} is over."), (i, event)


def test_plain_game_is_saved_and_resumed(tmp_path: object) -> None:
    """Quit mid-hand in line mode, then `cardtable resume --plain` continues the same position."""
    import os
    from pathlib import Path

    db = Path(str(tmp_path)) / "games.db"
    env = {**os.environ, "CARDTABLE_DATABASE_URL": str(db)}
    first = subprocess.run(
        [sys.executable, "-m", "cardtable.cli", "play", "gin", "--plain", "--seed", "8", "--opponent", "simple"],
        input="pass\nquit\n", capture_output=True, text=True, timeout=60, env=env,
    )
    assert first.returncode == 0 and "The game is saved as game 1; continue it with: cardtable resume 1" in first.stdout
    hist = subprocess.run([sys.executable, "-m", "cardtable.cli", "history"], capture_output=True, text=True,
                          timeout=60, env=env)
    assert "in progress" in hist.stdout
    again = subprocess.run([sys.executable, "-m", "cardtable.cli", "resume", "--plain"], input="quit\n",
                           capture_output=True, text=True, timeout=60, env=env)
    assert "Resuming game 1 (gin)." in again.stdout
    # the position shown after resuming is the one we left: same hand text as the last prompt before quitting
    last_hand_before = [ln for ln in first.stdout.splitlines() if ln.startswith("Your hand")][-1]
    assert last_hand_before in again.stdout


def test_play_takes_agent_specs_and_names_bad_ones(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    """`-o hard/time_budget=0.05` plays (and is saved and resumed with its options); a bad option is a clear error."""
    import os
    from pathlib import Path

    from cardtable.store import SeatKind

    assert SeatKind.parse("computer:hard/time_budget=0.05/workers=2").level == "hard/time_budget=0.05/workers=2"
    for bad in ("hard/x", "hard/=1", "hard/a=1/", "hard/a b=1"):
        with pytest.raises(CardtableError, match="bad computer level"):
            SeatKind.parse(f"computer:{bad}")
    db = Path(str(tmp_path)) / "games.db"
    env = {**os.environ, "CARDTABLE_DATABASE_URL": str(db)}
    args = [sys.executable, "-m", "cardtable.cli", "play", "gin", "--plain", "--seed", "8"]
    ok = subprocess.run(args + ["-o", "hard/time_budget=0.05"], input="pass\nquit\n", capture_output=True,
                        text=True, timeout=120, env=env)
    assert "The game is saved" in ok.stdout and ok.returncode == 0, ok.stderr
    again = subprocess.run([sys.executable, "-m", "cardtable.cli", "resume", "--plain"], input="quit\n",
                           capture_output=True, text=True, timeout=120, env=env)
    assert "Resuming game 1 (gin)." in again.stdout, again.stderr
    bad = subprocess.run(args + ["-o", "hard/nonsense=1"], input="quit\n", capture_output=True, text=True,
                         timeout=120, env=env)
    assert bad.returncode == 2 and "bad options nonsense=1" in bad.stderr and "Traceback" not in bad.stderr


def test_your_own_agent_class_is_saved_and_resumed(tmp_path: object) -> None:
    """`-o module:Class/path=...` (a trained policy, your own bot) is saved with the game as written, slashes and
    capitals kept, and plays again after `resume`; it used to be refused at the first save."""
    import os
    from pathlib import Path

    from cardtable.store import SeatKind

    spec = "cardtable.adapters.policy:SB3Policy/path=runs/Gin PPO/model.zip"
    assert SeatKind.parse(f"computer:{spec}").level == spec
    assert SeatKind.parse(spec) == SeatKind("computer", spec)  # bare: a dotted module is no seat kind
    assert SeatKind.parse("computer:Hard").level == "hard"  # built-in levels are read in lower case
    for bad in ("mod:", "mod:Class/x", "mod:Class/=1", "mod:1Class", "mod:Class/path=a\nb"):
        with pytest.raises(CardtableError, match="bad computer level"):
            SeatKind.parse(f"computer:{bad}")
    db = Path(str(tmp_path)) / "games.db"
    env = {**os.environ, "CARDTABLE_DATABASE_URL": str(db)}
    own = "cardtable.agents.base:RandomAgent"
    first = subprocess.run([sys.executable, "-m", "cardtable.cli", "play", "gin", "--plain", "--seed", "8", "-o", own],
                           input="pass\nquit\n", capture_output=True, text=True, timeout=120, env=env)
    assert "The game is saved" in first.stdout and "could not save" not in first.stdout + first.stderr, first.stderr
    again = subprocess.run([sys.executable, "-m", "cardtable.cli", "resume", "--plain"], input="quit\n",
                           capture_output=True, text=True, timeout=120, env=env)
    assert "Resuming game 1 (gin)." in again.stdout, again.stderr
    from cardtable.store import Store

    with Store.open(str(db)) as store:
        assert store.game_info(1).seat_kinds[1] == SeatKind("computer", own)
