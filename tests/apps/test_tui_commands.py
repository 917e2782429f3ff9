"""Issue #11: every README command of the terminal app, run exactly as a person types it.

Each test starts the console script ``cardtable`` as a subprocess under a
pseudo-terminal (TERM=xterm-256color, 80x24), waits for the first playable
screen of the game, quits with the keys a player uses and checks the exit code
and what is printed after the app closes. Games are saved in a temporary
data directory (``XDG_DATA_HOME``), as they would be in the user's.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

pytest.importorskip("textual")

if sys.platform == "win32":  # pragma: no cover
    pytest.skip("pseudo-terminals are POSIX only", allow_module_level=True)

CARDTABLE = Path(sys.executable).with_name("cardtable")
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[PX^_].*?\x1b\\|\x1b\][^\x07]*(\x07|\x1b\\)|\x1b[@-Z\\-_]")
TIMEOUT = 60.0


class Terminal:
    """A program running under an 80x24 pseudo-terminal: read its screen output, type keys."""

    def __init__(self, args: list[str], data_home: Path, cols: int = 80, rows: int = 24) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = {k: v for k, v in os.environ.items() if not k.startswith(("TEXTUAL", "CARDTABLE"))}
        env.update(TERM="xterm-256color", COLUMNS=str(cols), LINES=str(rows), XDG_DATA_HOME=str(data_home),
                   PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
                                     start_new_session=True)
        os.close(slave)
        self.master = master
        self.raw = b""

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the program closed the terminal
            return False
        if not chunk:
            return False
        self.raw += chunk
        return True

    @property
    def text(self) -> str:
        """Everything written so far, escape sequences removed."""
        return ANSI.sub("", self.raw.decode("utf-8", "replace"))

    def wait_for(self, *needles: str, timeout: float = TIMEOUT) -> str:
        """Read until every needle was written (escape sequences removed); fail with what was seen."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.text
            if all(n in text for n in needles):
                return text
            if not self._read(0.2) and self.proc.poll() is not None:
                break
        raise AssertionError(f"never saw {needles!r} (exit {self.proc.poll()}); the terminal showed:\n"
                             f"{self.text[-3000:]}")

    def press(self, *keys: str, gap: float = 0.3) -> None:
        for key in keys:
            os.write(self.master, key.encode())
            end = time.monotonic() + gap
            while time.monotonic() < end:
                self._read(0.05)

    def finish(self, timeout: float = TIMEOUT) -> int:
        """Wait for the program to exit (reading its last output); its exit code."""
        deadline = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < deadline:
            self._read(0.1)
        while self._read(0.05) and select.select([self.master], [], [], 0)[0]:
            pass
        if self.proc.poll() is None:
            self.proc.kill()
            raise AssertionError(f"the program did not exit; it showed:\n{self.text[-3000:]}")
        os.close(self.master)
        return self.proc.returncode


@pytest.fixture()
def data_home(tmp_path: Path) -> Path:
    return tmp_path / "data"


def cardtable(*args: str, data_home: Path) -> Terminal:
    return Terminal([str(CARDTABLE), *args], data_home)


FIRST_SCREEN = {
    "gin": ("Gin", "Knock limit", "Space select"),
    "casino": ("Casino", "Deal 1/", "Space select"),
    "pinochle": ("Pinochle", "Trump", "Space select"),
}


def test_play_opens_the_game_picker_and_q_quits(data_home: Path) -> None:
    term = cardtable("play", data_home=data_home)
    term.wait_for("choose a game", "Gin Rummy", "Casino", "Pinochle (two-handed)", "Computer level")
    term.press("q")
    assert term.finish() == 0


def test_play_then_enter_starts_gin_from_the_picker(data_home: Path) -> None:
    term = cardtable("play", data_home=data_home)
    term.wait_for("choose a game", "Rules options")
    term.press("\r")
    term.wait_for(*FIRST_SCREEN["gin"])
    term.press("q", "y")
    assert term.finish() == 0
    assert "You made no move, so nothing was saved." in term.text  # issue #20 item 22: no game left behind


@pytest.mark.parametrize("game", ["gin", "casino", "pinochle"])
def test_play_game_reaches_the_table_and_quits_cleanly(game: str, data_home: Path) -> None:
    """``cardtable play GAME`` skips the picker (item 2), never crashes (item 1) and asks before quitting (13)."""
    term = cardtable("play", game, data_home=data_home)
    term.wait_for(*FIRST_SCREEN[game])
    assert "choose a game" not in term.text
    term.press("q")
    term.wait_for("Quit cardtable?", "nothing is saved")
    term.press("n")  # back to the table: nothing lost
    term.press("q", "y")
    assert term.finish() == 0, term.text[-2000:]
    assert "Traceback" not in term.text and "NoMatches" not in term.text
    assert "You made no move, so nothing was saved." in term.text


def test_resume_continues_the_saved_game(data_home: Path) -> None:
    term = cardtable("play", "casino", "--seed", "5", data_home=data_home)
    term.wait_for(*FIRST_SCREEN["casino"])
    term.press("\r", "\r")  # select the cursor card, then play its first move: a game is saved from a move on
    term.press("q", "y")
    assert term.finish() == 0
    assert "Game saved — continue it with `cardtable resume 1`" in term.text
    again = cardtable("resume", data_home=data_home)
    again.wait_for(*FIRST_SCREEN["casino"], "saved game resumed")
    again.press("q", "y")
    assert again.finish() == 0
    assert "Game saved" in again.text


def test_a_crash_exits_non_zero(data_home: Path) -> None:
    """Item 1: the app crashed (Textual printed a traceback) and the process still exited 0."""
    code = (
        "import sys\n"
        "from cardtable.apps.tui import run_app, table\n"
        "def boom(self):\n"
        "    raise RuntimeError('boom at the table')\n"
        "table.TableScreen.refresh_table = boom\n"
        "sys.exit(run_app('gin', ['random'], seed=1))\n"
    )
    term = Terminal([sys.executable, "-c", code], data_home)
    assert term.finish() != 0
    assert "boom at the table" in term.text
