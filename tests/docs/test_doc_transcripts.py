"""The line-mode transcript on the getting-started page is what ``cardtable play --plain`` prints.

The page shows the start of a seeded Gin hand with the player typing ``pass`` then ``draw``, and
names line mode's commands; this replays the same input and compares, so the page follows the app.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

from docs_support import DOCS, code_blocks

PAGE = DOCS / "getting-started.md"


def _transcript() -> str:
    text = PAGE.read_text(encoding="utf-8")
    section = text[text.index("### Line mode"):]
    return code_blocks(section, "text")[0][1]


def _command() -> list[str]:
    """The command the page gives for the transcript: the ``sh`` block just before it."""
    text = PAGE.read_text(encoding="utf-8")
    section = text[text.index("### Line mode"):]
    section = section[:section.index("```text")]
    (command,) = [line for _, code, _ in code_blocks(section, "sh") for line in code.splitlines() if line.strip()]
    return shlex.split(command.split("#", 1)[0])


def test_the_page_gives_the_command_with_its_seed() -> None:
    """Issue 21, item 5: the transcript reproduces only with its seed, so the page says it."""
    command = _command()
    assert command[:4] == ["cardtable", "play", "gin", "--plain"] and "--seed" in command


def _run(tmp_path: Path, typed: str) -> str:
    env = {**os.environ, "CARDTABLE_DATABASE_URL": str(tmp_path / "t.db")}
    done = subprocess.run([sys.executable, "-m", "cardtable.cli", *_command()[1:], "--no-save"],
                          input=typed, capture_output=True, text=True, env=env, timeout=120)
    return done.stdout


def test_the_transcript_is_what_line_mode_prints(tmp_path: Path) -> None:
    shown = _transcript()
    typed = re.findall(r"^Your move: (\w+)$", shown, re.MULTILINE)
    assert typed == ["pass", "draw"]
    # The page writes each typed move after its prompt; the program prints the prompt alone.
    expected = re.sub(r"^Your move: \w+\n", "Your move: ", shown, flags=re.MULTILINE)
    output = _run(tmp_path, "\n".join(typed) + "\nquit\n")
    assert output.startswith(expected.rstrip("\n")), (
        "line mode changed: update the transcript in docs/getting-started.md from\n"
        "  printf 'pass\\ndraw\\nquit\\n' | cardtable play gin --plain --no-save --seed 3\n"
        "(writing each typed move after its 'Your move:' prompt); it printed:\n" + output[:3000])


def test_the_commands_named_on_the_page_exist(tmp_path: Path) -> None:
    text = PAGE.read_text(encoding="utf-8")
    listed = re.search(r"`help` lists the other commands\s*\(([^)]*)\)", text)
    assert listed is not None
    named = re.findall(r"`(\w+)`", listed.group(1))
    assert {"moves", "sheet", "hint", "undo", "quit"} <= set(named)
    help_text = _run(tmp_path, "help\nquit\n")
    for command in named:
        assert re.search(rf"^  {command}\b", help_text, re.MULTILINE), (command, help_text[-1500:])
