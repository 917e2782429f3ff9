"""Line mode (``cardtable play --plain``) in Japanese, Czech and the pseudo-locale, played from outside: the
installed command run as a process, a whole hand of each game typed on its standard input (issue 25).

A word of English left is a word of the English messages (the ``cardtable`` and ``tui`` templates) that no
Czech translation uses, or any Latin word in Japanese; typed notation (the forms in brackets, the examples,
the quoted commands and a refused move's own notation) is what the player types, English everywhere.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardtable import i18n

ROOT = Path(__file__).resolve().parents[2]
EXE = Path(sys.executable).parent / "cardtable"
LOCALE = Path(i18n.LOCALE_DIR)
CARD = re.compile(r"(?<![\w♠♥♦♣])(?:10|[2-9AJQK])[♠♥♦♣]")
WORD = re.compile(r"[^\W\d_]+")
MARKED = re.compile(r"⟦[^⟦⟧]*⟧")  # innermost first: a message may hold a marked message
TYPED = {  # the notation a player types, the same in every language
    "take", "pass", "draw", "discard", "knock", "trail", "play", "meld", "marriage", "no", "melded", "exchange",
    "help", "moves", "table", "log", "sheet", "hint", "rules", "undo", "quit", "b", "x", "qs", "qh", "kh", "h", "s",
    "cpu",  # the Japanese name of the computer seat
}

GAMES = {  # name: (arguments, the refusals typed first: at least one is a move the engine refuses)
    "gin": (["gin", "-o", "easy"], ["discard 2c", "discard 3h"]),
    "casino": (["casino", "-o", "easy"], ["as x ac", "qs x qd"]),
    "casino-4p": (["casino", "-o", "easy", "-o", "easy", "-o", "easy"], ["as x ac", "qs x qd"]),
    "pinochle": (["pinochle", "-o", "easy"], ["play as", "play 9c"]),
}
HAND_OVER = {"ja": "ハンド 1 が終わりました。", "cs": "Kolo 1 skončilo.", i18n.PSEUDO: i18n.pseudo("Hand {n} is over.").format(n=1)}
NOT_PLAYED = {"ja": "その手は打てませんでした。", "cs": "Nezahráno."}
RULE = {"ja": "（ルール ", "cs": " (pravidlo "}


def play(lang: str, game: str, moves: int = 300) -> str:
    """What ``cardtable --lang LANG play GAME --plain`` prints for the refusals, ``moves`` times move 1, quit."""
    args, refusals = GAMES[game]
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")}
    env.update({"PYTHONIOENCODING": "utf-8", "CARDTABLE_DATABASE_URL": ":memory:"})
    command = [str(EXE)] if EXE.exists() else [sys.executable, "-m", "cardtable"]
    script = "".join(f"{line}\n" for line in [*refusals, *["1"] * moves, "quit"])
    done = subprocess.run([*command, "--lang", lang, "play", *args, "--plain", "--seed", "11", "--no-save"],
                          input=script, capture_output=True, text=True, env=env, timeout=300, cwd=ROOT)
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    assert done.returncode == 0, (done.stdout[-1500:], done.stderr[-1500:])
    return done.stdout


def first_hand(out: str, lang: str) -> str:
    """The transcript up to the end of hand 1's report (its score sheet)."""
    marker = HAND_OVER[lang]
    assert marker in out, out[-3000:]
    start = out.index(marker)
    sheet_end = re.search(r"\n(?:\S.*\n)*?.*\n\n", out[start:])
    return out[: start + sheet_end.end()] if sheet_end else out


def _players_words(line: str) -> str:
    """``line`` without what the player types: the typed form ending a listed move, 'quoted' commands, the
    examples in brackets and a refused move's notation (``discard 2♣:``)."""
    line = re.sub(r" \([^()]*\)$", "", line) if re.match(r"^  \d+\. ", line) else line
    line = re.sub(r"'[a-z]+'", " ", line)
    line = re.sub(r"(?<![\w♠♥♦♣])(?:10|[2-9tjqka])[shdc](?!\w)", " ", line)  # typed cards: 9d, 10s, qh
    return CARD.sub(" ", line)


@cache
def english_vocabulary() -> frozenset[str]:
    """The words of the English messages of the cardtable and tui templates (three letters or more)."""
    words: set[str] = set()
    for name in ("cardtable.pot", "tui.pot"):
        with (LOCALE / name).open("rb") as f:
            for message in read_po(f):
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                for text in ids:
                    words.update(w.lower() for w in WORD.findall(re.sub(r"\{\w+\}|%\(\w+\)s", " ", text or "")))
    return frozenset(w for w in words if len(w) > 2)


@cache
def czech_vocabulary() -> frozenset[str]:
    """Every word the Czech catalogs use (a word both languages share, like ``gin``, is Czech too)."""
    words: set[str] = set()
    for domain in ("cardtable", "tui", "errors", "rules"):
        path = LOCALE / "cs" / "LC_MESSAGES" / f"{domain}.po"
        if not path.exists():
            continue
        with path.open("rb") as f:
            for message in read_po(f):
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                for text in strings:
                    words.update(w.lower() for w in WORD.findall(text or ""))
    return frozenset(words)


def english_left(text: str, lang: str) -> list[str]:
    """The English words ``text`` shows (one entry per line that has some)."""
    found = []
    for line in text.splitlines():
        words = [w for w in WORD.findall(_players_words(line)) if w.lower() not in TYPED]
        if lang == "ja":
            bad = [w for w in words if w.isascii()]
        else:
            bad = [w for w in words if w.lower() in english_vocabulary() and w.lower() not in czech_vocabulary()]
        if bad:
            found.append(f"{bad}: {line}")
    return found


@pytest.mark.parametrize("lang", ["ja", "cs"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_hand_in_line_mode_speaks_the_language(game: str, lang: str) -> None:
    out = play(lang, game)
    hand = first_hand(out, lang)
    assert not english_left(hand, lang), english_left(hand, lang)[:10]
    refused = [line for line in hand.splitlines() if NOT_PLAYED[lang] in line]
    assert refused, hand[:3000]
    assert any(RULE[lang] in line for line in refused), refused  # an engine refusal, with its rule, translated
    assert "Not played" not in out and "Your move" not in out and "Hand 1 is over" not in out


@pytest.mark.parametrize("game", list(GAMES))
def test_the_pseudo_locale_leaves_nothing_unmarked_through_a_hand(game: str) -> None:
    out = first_hand(play(i18n.PSEUDO, game), i18n.PSEUDO)
    assert out.count("⟦") > 100
    for line in out.splitlines():
        outside = _players_words(line)
        while outside != (outside := MARKED.sub(" ", outside)):
            pass
        outside = re.sub(r"⟦[^⟦⟧]*$", " ", outside)  # a marked name cut short ("⟦⟦Computer⟧ (⟦medium⟧)⟧" → "⟦⟦Computer⟧")
        left = [w for w in WORD.findall(outside) if w.lower() not in TYPED]
        assert not left, line


def test_rules_help_and_typed_rank_letters_in_czech() -> None:
    """``rules`` shows the Czech player rules under the match's options, ``help`` the commands in Czech, and a
    card typed with the Czech letter D (dáma) is the queen."""
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    env.update({"LANG": "cs_CZ.UTF-8", "PYTHONIOENCODING": "utf-8"})
    command = [str(EXE)] if EXE.exists() else [sys.executable, "-m", "cardtable"]
    done = subprocess.run([*command, "play", "gin", "--plain", "--seed", "3", "--no-save", "-o", "easy"],
                          input="rules\nhelp\ntake\ndiscard dh\nquit\n", capture_output=True, text=True, env=env,
                          timeout=120, cwd=ROOT)
    out = done.stdout
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Kombinace a mrtvé karty" in out and "Volby tohoto zápasu (standard):" in out
    assert "  undo: vezme zpět váš poslední tah" in out
    assert "Odhazujete Q♥." in out
    assert not english_left(out, "cs"), english_left(out, "cs")[:10]


def test_japanese_lines_wrap_by_display_width() -> None:
    from cardtable.apps.plain.table import _wrap

    line = "  3. " + "ジンラミーのノックはデッドウッドが少ないときにできます。" * 3
    wrapped = _wrap(line, 40).split("\n")
    assert len(wrapped) > 2 and all(i18n.display_width(part) <= 40 for part in wrapped)
    assert all(part.startswith("     ") for part in wrapped[1:])  # continuation under the move's text
    assert "".join(part.strip() for part in wrapped) == line.strip()
