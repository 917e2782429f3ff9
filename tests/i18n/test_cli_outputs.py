"""What ``cardtable history``, ``stats``, ``replay`` and ``simulate`` print in each language, checked from
outside: the installed command run as a process on a temporary database (issue 25)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardtable.agents import make_agent
from cardtable.i18n import display_width
from cardtable.match import Match
from cardtable.store import Store

ROOT = Path(__file__).resolve().parents[2]
EXE = Path(sys.executable).parent / "cardtable"
POT = ROOT / "src" / "cardtable" / "locale" / "cardtable.pot"
SOURCES = ("src/cardtable/store/commands.py", "src/cardtable/simulate.py")
# a pseudo-locale message, also one cut short by a table column ("⟦ýööüü ļöö…"); innermost first
MARKED = re.compile(r"⟦[^⟦⟧]*(?:⟧|…)")
NAMES = {"Ann", "Bob", "gin", "casino", "pinochle", "random", "simple", "s", "vs"}


def run(*args: str, stdin: str = "", code: int = 0) -> subprocess.CompletedProcess[str]:
    """``cardtable ARGS`` with no locale variables, reading ``stdin``; the exit code must be ``code``."""
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")}
    env.update({"COLUMNS": "80", "PYTHONIOENCODING": "utf-8"})
    command = [str(EXE)] if EXE.exists() else [sys.executable, "-m", "cardtable"]
    done = subprocess.run([*command, *args], input=stdin, capture_output=True, text=True, env=env, timeout=120,
                          cwd=ROOT)
    assert done.returncode == code, (args, done.stdout[-1500:], done.stderr[-1500:])
    return done


def cardtable(*args: str) -> str:
    """``cardtable ARGS``'s standard output (the exit code must be 0)."""
    return run(*args).stdout


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A database with game 1, a finished gin match (Ann, a person, against Bob), and game 2, one in progress."""
    path = str(tmp_path_factory.mktemp("outputs") / "cardtable.db")
    finished = Match("gin", seed=5, seat_names=["Ann", "Bob"], target_score=25)
    finished.play([make_agent("gin", "simple", seed=s) for s in range(2)])
    unfinished = Match("gin", seed=7, seat_names=["Ann", "Bob"])
    agents = [make_agent("gin", "random", seed=s) for s in range(2)]
    for _ in range(6):
        unfinished.resolve_chance()
        seat = unfinished.state.current_player()
        unfinished.apply(agents[seat].act(unfinished.state.view(seat), unfinished.state.legal_actions()))
    with Store.open(path) as store:
        assert store.save_match(finished, seat_kinds=["human", "simple"]) == 1
        assert store.save_match(unfinished, seat_kinds=["human", "computer:random"]) == 2
    return path


@cache
def english_phrases() -> tuple[str, ...]:
    """The English of every message these commands print: each run of two or more words between placeholders."""
    with POT.open("rb") as f:
        catalog = read_po(f)
    phrases: set[str] = set()
    for m in catalog:
        if not m.id or not any(loc == source for loc, _ in m.locations for source in SOURCES):
            continue
        for msgid in m.id if isinstance(m.id, tuple) else (m.id,):
            for piece in re.split(r"%\(\w+\)[sdr]|[():;,.?\[\]]", msgid):
                if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 2:
                    phrases.add(piece.strip())
    assert len(phrases) > 40
    return tuple(sorted(phrases))


def english_left(text: str) -> list[str]:
    return [p for p in english_phrases() if p in text]


def unmarked_words(text: str) -> list[str]:
    """The words outside the pseudo-locale's markers that are neither a name nor a number or symbol."""
    rest = text
    while MARKED.search(rest):
        rest = MARKED.sub(" ", rest)
    words = re.split(r"[\s\[\]{}(),|:│█▏▎▍▌▋▊▉/%+.0-9-]+", rest)
    return [w for w in words if w and w not in NAMES]


def simulate(lang: str, *args: str) -> str:
    return cardtable("--lang", lang, "simulate", *args, "--games", "2", "--seed", "3", "--no-progress")


SIMULATIONS = [("gin",), ("casino",), ("pinochle", "--hands")]


def test_czech_history_and_stats(db: str) -> None:
    history = cardtable("--lang", "cs", "--database", db, "history")
    header, unfinished, finished = history.splitlines()
    assert header.split() == ["č.", "hra", "uloženo", "proti", "stav", "skóre", "rozd."]
    assert " rozehraná " in unfinished and re.search(r" (výhra|prohra) ", finished)
    assert re.search(r"\d\d\.\d\d\.\d\d \d{1,2}:\d\d", finished)  # the Czech short date, not 2026-12-05
    stats = cardtable("--lang", "cs", "--database", db, "stats")
    assert "Vaše výsledky (místo člověka) podle hry a soupeře" in stats and "Podíl výher" in stats
    assert "gin proti simple" in stats and re.search(r"\d,\d\xa0%", stats)  # "0,0 %": a Czech percentage
    assert english_left(history + stats) == []


def test_japanese_history_and_stats_keep_their_columns(db: str) -> None:
    history = cardtable("--lang", "ja", "--database", db, "history")
    header, unfinished, _finished = history.splitlines()
    assert header.split() == ["ID", "ゲーム", "最終保存", "対戦相手", "状態", "得点", "局数"]
    assert "進行中" in unfinished
    # every row is as wide on the terminal as the header (CJK characters take two columns)
    assert len({display_width(line.rstrip()) for line in history.splitlines()}) == 1, history
    stats = cardtable("--lang", "ja", "--database", db, "stats")
    assert "あなた（人間の席）の成績" in stats and "勝率" in stats and "gin 対 simple" in stats
    assert english_left(history + stats) == []


def test_czech_replay(db: str) -> None:
    finished = cardtable("--lang", "cs", "--database", db, "replay", "1")
    assert finished.startswith("Hra 1 (dohraná, naposledy uložena ")
    assert "gin, semínko 5, Ann proti Bob" in finished
    assert "=== Rozdání 1, rozdává " in finished and re.search(r"\nnáhoda: (?:10|[2-9AJQK])[♠♥♦♣], ", finished)
    assert "--- konec rozdání: " in finished and "; celkem " in finished
    # the moves as the log says them, the positions as line mode tells them, the score sheet in words
    assert re.search(r"^(Ann|Bob) (odhazuje|si lízá z talonu|si bere) ", finished, re.M), finished[:2000]
    assert "    Odhazovací balíček: " in finished and "\nZápis skóre (" in finished and "\nCelkem: Ann " in finished
    assert not re.search(r"\b(?:[2-9TJQKA][SHDC])\b", finished)  # no engine notation (QS, TD)
    unfinished = cardtable("--lang", "cs", "--database", db, "replay", "2")
    assert unfinished.startswith("Hra 2 (rozehraná, ")
    assert "nedohráno, proto tak, jak to viděl(a) Ann" in unfinished and unfinished.endswith("(zápas nedohrán)\n")
    assert english_left(finished + unfinished) == []


def test_czech_delete_asks_and_keeps_and_refusals_are_czech(db: str) -> None:
    kept = run("--lang", "cs", "--database", db, "delete", "1", stdin="n\n", code=1).stdout
    assert kept.startswith("Natrvalo smazat hru 1 (gin, dohraná, Ann proti Bob, naposledy uložena ")
    assert kept.rstrip().endswith(")? [y/N] Hra 1 ponechána (gin, dohraná, Ann proti Bob, naposledy uložena "
                                  + kept.split("uložena ")[1].split(")")[0] + ").")
    assert cardtable("--database", db, "history").count("\n") == 3  # nothing was deleted
    err = run("--lang", "cs", "--database", db, "resume", "1", code=2).stderr
    assert "hra 1 je dohraná: prohlédněte si ji příkazem `cardtable replay 1`" in err, err
    assert english_left(kept + err) == []


def test_replay_in_the_pseudo_locale_marks_every_word(db: str) -> None:
    """A finished match replayed in the pseudo-locale: its own lines, the moves, the positions and the score
    sheet all come from the catalogs (only names, cards and numbers are left unmarked)."""
    text = cardtable("--lang", "en_XA", "--database", db, "replay", "1")
    ours = [line for line in text.splitlines() if line.startswith("⟦")]
    assert len(ours) > 10
    assert all(line.endswith("⟧") for line in ours), ours
    cards = re.compile(r"^(?:10|[2-9AJQK])?[♠♥♦♣]$")
    assert [w for w in unmarked_words(text) if w != "finished" and not cards.match(w)] == []


def test_japanese_replay_of_each_game(tmp_path: Path) -> None:
    """A finished match of each game replayed in Japanese: no word of Latin letters but the names."""
    path = str(tmp_path / "games.db")
    with Store.open(path) as store:
        for game, target in (("gin", 25), ("casino", 11), ("pinochle", 300)):
            match = Match(game, seed=5, seat_names=["Ann", "Bob"], target_score=target)
            match.play([make_agent(game, "random", seed=s) for s in range(2)])
            store.save_match(match, seat_kinds=["human", "random"])
    for game_id in ("1", "2", "3"):
        text = cardtable("--lang", "ja", "--database", path, "replay", game_id)
        plain = re.sub(r"(?<![\w♠♥♦♣])(?:10|[2-9AJQK])[♠♥♦♣]", " ", text)
        words = set(re.findall(r"[A-Za-z]+", plain)) - {"Ann", "Bob", "gin", "casino", "pinochle"}
        assert words == set(), (game_id, sorted(words))
        assert "得点表（" in text and "合計：Ann " in text


@pytest.mark.parametrize("game", SIMULATIONS)
def test_czech_and_japanese_simulate(game: tuple[str, ...]) -> None:
    czech = simulate("cs", *game)
    assert re.search(r"^\w+: (2 zápasy, )?\d+ rozdání za \d+,\d s \(random, random\)$", czech, re.M), czech
    assert "strana 1 (random): " in czech and "průměr bodů na rozdání" in czech and "konce rozdání: " in czech
    japanese = simulate("ja", *game)
    assert "サイド1（random）" in japanese and "1ハンドあたりの平均得点" in japanese and "ハンドの終わり方" in japanese
    assert english_left(czech) == [] and english_left(japanese) == []


@pytest.mark.parametrize("game", SIMULATIONS)
def test_simulate_in_the_pseudo_locale_leaves_no_unmarked_word(game: tuple[str, ...]) -> None:
    text = simulate("en_XA", *game)
    assert text.count("⟦") >= 4
    assert unmarked_words(text) == [], text


def test_history_and_stats_in_the_pseudo_locale_leave_no_unmarked_word(db: str) -> None:
    text = cardtable("--lang", "en_XA", "--database", db, "history") + cardtable("--lang", "en_XA", "--database",
                                                                                 db, "stats")
    assert text.count("⟦") > 10
    assert unmarked_words(text) == [], text


def test_english_stays_as_it_was(db: str) -> None:
    history = cardtable("--database", db, "history")
    assert history.splitlines()[0] == ("  id game     last saved       against              status      score    hands")
    assert " in progress " in history and re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", history)
    summary = simulate("en", "casino")
    assert re.match(r"casino: 2 matches, \d+ hands in \d+\.\d s \(random, random\)\n"
                    r"  side 1 \(random\): match wins \d \(\d+\.\d%\), mean points per hand \d+\.\d\d\n", summary)
    assert "most cards" in summary and english_left(summary)
