"""What ``cardtable --help`` and its errors say in each language, checked from outside: the installed
``cardtable`` command run as a process (issue 25)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import i18n
from cardtable.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
EXE = Path(sys.executable).parent / "cardtable"
COMMANDS = sorted(next(a for a in build_parser()._subparsers._group_actions).choices)  # type: ignore[union-attr]
MARKED = re.compile(r"⟦[^⟦⟧]*⟧")  # innermost first: a message may hold a marked message


def cardtable(*args: str, lang_env: dict[str, str] | None = None, code: int = 0) -> subprocess.CompletedProcess[str]:
    """Run ``cardtable ARGS`` with no locale variables but ``lang_env``, 80 columns."""
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")}
    env.update({"COLUMNS": "80", "PYTHONIOENCODING": "utf-8", **(lang_env or {})})
    command = [str(EXE)] if EXE.exists() else [sys.executable, "-m", "cardtable"]
    done = subprocess.run([*command, *args], capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)
    assert done.returncode == code, (args, done.returncode, done.stdout[-1500:], done.stderr[-1500:])
    return done


def unmarked_words(text: str) -> list[str]:
    """The words of ``text`` outside the pseudo-locale's ``⟦ ⟧`` that are not a command-line token."""
    allowed = {"cardtable", "N", "...", *COMMANDS, "casino", "gin", "pinochle", "in_progress", "finished", "abandoned"}
    rest = text
    while MARKED.search(rest):
        rest = MARKED.sub(" ", rest)
    words = re.split(r"[\s\[\]{}(),|:]+", rest)
    return [w for w in words if w and w not in allowed and not re.fullmatch(r"-{1,2}[a-z][a-z-]*", w)]


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_the_pseudo_locale_leaves_no_string_untranslated(command: str | None) -> None:
    """Every word of every help page goes through a catalog: outside the pseudo-locale's markers only
    the program's name, commands, options, choices and symbols remain."""
    args = ["--lang", "en_XA", *([command] if command else []), "--help"]
    out = cardtable(*args).stdout
    assert "⟦" in out and "usage" not in out
    assert unmarked_words(out) == [], out


def test_the_pseudo_locale_marks_argparse_errors_too() -> None:
    err = cardtable("--lang", "en_XA", "play", "klondike", code=2).stderr
    assert unmarked_words(err.replace("'klondike'", "").replace("'casino'", "").replace("'gin'", "")
                          .replace("'pinochle'", "")) == [], err


CZECH = ("použití: cardtable", "poziční argumenty:", "volby:", "zobrazí tuto nápovědu a skončí",
         "Kasino, Gin rummy a Pinochle pro dva hráče.", "hra proti počítači (výchozí příkaz)")
JAPANESE = ("使い方: cardtable", "位置引数:", "オプション:", "このヘルプを表示して終了する",
            "カジノ、ジン・ラミー、二人用ピノクル。", "コンピューターと対戦する（既定のコマンド）")
ENGLISH = ("usage:", "positional arguments", "options:", "show this help message and exit", "Casino, Gin Rummy",
           "play against the computer", "the default command")


def _no_english(out: str) -> None:
    for phrase in ENGLISH:
        assert phrase not in out, phrase


@pytest.mark.parametrize(("args", "env"), [
    (["--help"], {"LANG": "cs_CZ.UTF-8"}),
    (["--help"], {"LC_MESSAGES": "cs_CZ.UTF-8", "LANG": "ja_JP.UTF-8"}),
    (["--lang", "cs", "--help"], {"LANG": "ja_JP.UTF-8"}),
    (["--lang=cs_CZ", "--help"], {}),
])
def test_czech_help(args: list[str], env: dict[str, str]) -> None:
    out = cardtable(*args, lang_env=env).stdout
    for phrase in CZECH:
        assert phrase in out, phrase
    _no_english(out)


@pytest.mark.parametrize(("args", "env"), [
    (["--lang", "ja", "--help"], {"LANG": "cs_CZ.UTF-8"}),
    (["--help"], {"LC_ALL": "ja_JP.UTF-8", "LANG": "cs_CZ.UTF-8"}),
])
def test_japanese_help(args: list[str], env: dict[str, str]) -> None:
    out = cardtable(*args, lang_env=env).stdout
    for phrase in JAPANESE:
        assert phrase in out, phrase
    _no_english(out)


@pytest.mark.parametrize("lang", ["ja", "zh", "bg", "cs"])
@pytest.mark.parametrize("command", [None, "play", "serve", "arena"])
def test_every_help_page_fits_80_columns(lang: str, command: str | None) -> None:
    """Help wraps by terminal columns (CJK characters are two wide), so every line fits the 80-column
    terminal, and continuation lines of the usage start under the first argument."""
    out = cardtable("--lang", lang, *([command] if command else []), "--help").stdout
    lines = out.splitlines()
    too_wide = [line for line in lines if i18n.display_width(line) > 80]
    assert not too_wide, too_wide
    usage = lines[0]
    program = usage.index("cardtable")
    column = i18n.display_width(usage[:program]) + len("cardtable" + (f" {command}" if command else "")) + 1
    assert lines[1].startswith(" " * column) and lines[1][column] != " ", (lines[0], lines[1])
    _no_english(out)


def test_subcommand_help_and_argparse_errors_are_translated() -> None:
    out = cardtable("play", "--help", lang_env={"LANG": "bg_BG.UTF-8"}).stdout
    assert "употреба: cardtable play" in out and "Изиграва мач срещу компютърни играчи" in out
    assert "--opponent НИВО, -o НИВО" in out
    err = cardtable("--lang", "cs", "play", "klondike", code=2).stderr
    assert "cardtable play: chyba: argument game: neplatná volba: 'klondike'" in err, err
    assert err.startswith("použití: cardtable play")
    err = cardtable("play", "--seed", "x", lang_env={"LANG": "ja_JP.UTF-8"}, code=2).stderr
    assert "エラー: 引数 --seed: 無効な int 値: 'x'" in err, err
    err = cardtable("--lang", "zh", "history", "--bogus", code=2).stderr
    assert "无法识别的参数：--bogus" in err, err


def test_the_command_tells_its_own_errors_in_the_language() -> None:
    err = cardtable("--lang", "cs", "simulate", "gin", "--option", "oops", "-n", "1", "--no-progress", code=2).stderr
    assert err.strip() == "cardtable: volba musí mít tvar NÁZEV=HODNOTA, zadáno 'oops'"
    err = cardtable("--lang", "klingon", "--help", lang_env={"LANG": "bg_BG.UTF-8"}, code=2).stderr
    assert err.strip() == "cardtable: --lang klingon: cardtable не говори този език; изберете един от en, ja, zh, bg, cs"


def test_english_stays_the_default() -> None:
    for env in ({}, {"LANG": "C.UTF-8"}, {"LANG": "de_DE.UTF-8"}, {"LC_ALL": "POSIX", "LANG": "cs_CZ.UTF-8"}):
        out = cardtable("--help", lang_env=env).stdout
        assert out.startswith("usage: cardtable") and "show this help message and exit" in out, env
        assert "⟦" not in out


def test_run_py_finds_the_command_after_lang() -> None:
    sys.path.insert(0, str(ROOT))
    try:
        import run
    finally:
        sys.path.remove(str(ROOT))
    assert run.command_of(["--lang", "ja", "serve"]) == "serve"
    assert run.extras_for(["--lang", "cs", "serve"]) == "web"


def test_an_output_that_cannot_show_every_script_gets_question_marks_not_a_crash() -> None:
    """Every help page names the languages in their own scripts (日本語, Български, Čeština); an ASCII or
    Latin-2 output still gets the page."""
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")}
    command = [str(EXE)] if EXE.exists() else [sys.executable, "-m", "cardtable"]
    for args, encoding, start, shown in ((["--help"], "ascii", "usage: cardtable", "(?e?tina)"),
                                         (["--lang", "cs", "--help"], "iso8859-2", "použití: cardtable", "(Čeština)")):
        done = subprocess.run([*command, *args], capture_output=True, env={**env, "PYTHONIOENCODING": encoding},
                              timeout=120)
        assert done.returncode == 0, done.stderr[-1500:]
        out = done.stdout.decode(encoding)
        assert out.startswith(start) and shown in out and "(??" in out, out[:800]  # 日本語 became ???
