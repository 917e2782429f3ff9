"""Issue #19 item 12: a byte that is not UTF-8 typed into the terminal app must not crash it.

The real ``cardtable`` runs under a pseudo-terminal (see ``test_tui_commands``);
``é`` arrives as the Latin-1 byte ``e9`` (what ``tmux send-keys -H e9 41`` sends).
"""

from __future__ import annotations

import os
from pathlib import Path

from test_tui_commands import FIRST_SCREEN, cardtable

from cardtable.apps.tui.driver import lenient_decoder


def test_a_latin1_byte_is_ignored_and_the_app_quits_cleanly(tmp_path: Path) -> None:
    term = cardtable("play", "gin", "--seed", "3", data_home=tmp_path / "data")
    term.wait_for(*FIRST_SCREEN["gin"])
    os.write(term.master, b"\xe9A")            # a Latin-1 terminal's "éA"
    term.press("q")                            # the app still reads keys
    term.wait_for("Quit cardtable?")
    term.press("y")
    assert term.finish() == 0, term.text[-2000:]
    assert "UnicodeDecodeError" not in term.text and "Traceback" not in term.text
    assert "You made no move, so nothing was saved." in term.text  # quit at once: the app ended as asked


def test_the_decoder_replaces_bad_bytes_and_keeps_split_characters() -> None:
    decode = lenient_decoder("utf-8")().decode
    assert decode(b"\xe9A") == "\ufffdA"
    assert decode(b"\xe2\x99") == "" and decode(b"\xa0") == "♠"    # a character split across two reads
