"""``cardtable replay`` of an unfinished match in the player's language (issue 25): each move as its one
human seat saw it in words, its table in words, the score sheet in words; English stays the store's
own replay; and, as in English, no card the seat never saw and never the seed."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("babel")
pytest.importorskip("sqlalchemy")
pytest.importorskip("rich")

from cardtable.agents import make_agent
from cardtable.apps.plain.replay import _replay_as_seat, replay
from cardtable.apps.render import render_view
from cardtable.match import Match
from cardtable.store import Store, commands
from cardtable.store.store import replay_record

SEED = 424242
GAMES = {"gin": (1, 60, "simple"), "pinochle": (2, 30, "random"), "casino": (3, 40, "easy")}
"""game: (its id in the store, the actions played, the levels of both seats): Gin crosses two hands' ends,
Pinochle has meld steps both seats decline, Casino a second deal."""
PRETTY = re.compile(r"(?<![\w♠♥♦♣])(10|[2-9AJQK])([♠♥♦♣])")
NOTATION = re.compile(r"(?<![\w♠♥♦♣])([2-9TJQKA])([SHDC])[ab]?(?![\w♠♥♦♣])")
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
MARKED = re.compile(r"⟦[^⟦⟧]*(?:⟧|…)")
NAMES = {"Ann", "Bob", "gin", "casino", "pinochle"}
CZECH_TOO = {"to", "limit", "rummy"}
"""Words of the English telling that are Czech words too ("jak to viděl", "limit klepnutí", "Gin rummy")."""


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    """A store holding one unfinished match of each game, Ann (a person) against Bob (a computer)."""
    path = tmp_path_factory.mktemp("unfinished") / "cardtable.db"
    opened = Store.open(str(path))
    for game, (game_id, moves, level) in GAMES.items():
        match = Match(game, seed=SEED, seat_names=["Ann", "Bob"])
        agents = [make_agent(game, level, seed=s) for s in range(2)]
        last = None
        for n in range(moves + 40):
            match.resolve_chance()
            seat = match.state.current_player()
            last = match.apply(agents[seat].act(match.state.view(seat), match.state.legal_actions()))
            if n >= moves and (game != "gin" or (seat == 1 and str(last) == "draw")):
                break
        match.resolve_chance()  # Gin: the card Bob just drew, still in his hand
        assert not match.is_over()
        assert opened.save_match(match, seat_kinds=["human", level]) == game_id
    yield opened
    opened.close()


def told(store: Store, game: str, lang: str) -> str:
    out = io.StringIO()
    assert replay(store, GAMES[game][0], out, lang) == 0
    return out.getvalue()


def english_as_today(store: Store, game: str) -> str:
    """The store's own replay of an unfinished match, as the CLI asks for it in English."""
    out = io.StringIO()
    assert commands.replay(store, GAMES[game][0], out, view_text=render_view) == 0
    return out.getvalue()


def english_words(store: Store, game: str) -> set[str]:
    """The words of the same replay told in English, the store's and the sentences' (less those Czech shares)."""
    record, title, _kinds, _label = commands._find_record(store, GAMES[game][0])
    out = io.StringIO()
    _replay_as_seat(out, record, title, 0, "en", lambda: True)
    text = out.getvalue() + english_as_today(store, game)
    return {w.lower() for w in re.findall(r"[A-Za-z]{2,}", text)} - {w.lower() for w in NAMES} - CZECH_TOO


def cards_named(text: str) -> set[str]:
    """Every card ``text`` names, by symbols (``10♠``) or in the engine's notation (``TS``, ``QHa``)."""
    named = {rank + suit for rank, suit in PRETTY.findall(text)}
    named |= {("10" if rank == "T" else rank) + SUITS[suit] for rank, suit in NOTATION.findall(text)}
    return named


def hands(text: str) -> list[str]:
    """``text`` cut at each hand's heading (``=== …``): the lines of each hand in turn."""
    return re.split(r"^\S*=== .*$", text, flags=re.M)[1:]


def never_seen(store: Store, game: str) -> set[str]:
    """Cards Bob holds at the end, or the stock or pack keeps, that Ann's own replay of that hand never named."""
    state = replay_record(store.load_record(GAMES[game][0])).state
    fields = state.to_fields()
    hidden = cards_named(fields.get("hand1", "")) | cards_named(fields.get("pack", ""))
    if game == "gin":  # the stock: every card not in a hand or the discard pile
        every = {r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "♠♥♦♣"}
        hidden |= every - cards_named(" ".join(fields[k] for k in ("hand0", "hand1", "discard")))
    return hidden - cards_named(hands(english_as_today(store, game))[-1])


def outside_markers(text: str) -> list[str]:
    rest = text
    while MARKED.search(rest):
        rest = MARKED.sub(" ", rest)
    words = re.split(r"[\s\[\](),:/%+.0-9-]+", PRETTY.sub(" ", rest))
    return [w for w in words if w and w not in NAMES]


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("lang", ["cs", "ja"])
def test_unfinished_replay_speaks_the_language(store: Store, game: str, lang: str) -> None:
    text = told(store, game, lang)
    if lang == "ja":
        latin = set(re.findall(r"[A-Za-z]+", PRETTY.sub(" ", text))) - NAMES
        assert latin == set(), (game, sorted(latin))
    else:  # Czech is written in Latin letters too: none of the English telling's words
        words = {w.lower() for w in re.findall(r"\w{2,}", text)}
        assert words & english_words(store, game) == set(), (game, sorted(words & english_words(store, game)))
    sheet, totals, unfinished = {"cs": ("\nZápis skóre (", "\nCelkem: Ann ", "\n(zápas nedohrán)\n"),
                                 "ja": ("\n得点表（", "\n合計：Ann ", "\n（マッチは終わっていません）\n")}[lang]
    assert sheet in text and totals in text and text.endswith(unfinished), text[-400:]
    moves = [line for line in text.splitlines() if line and not line.startswith(("    ", "==="))]
    assert len(moves) > 30


def test_czech_moves_as_ann_saw_them(store: Store) -> None:
    """Her own moves and draws as "you", Bob's by name, his draws from the stock without the card."""
    text = told(store, "gin", "cs")
    assert "nedohráno, proto tak, jak to viděl(a) Ann" in text
    assert re.search(r"^Lízli jste si z talonu (?:10|[2-9AJQK])[♠♥♦♣]\.$", text, re.M)
    assert re.search(r"^Odhazujete (?:10|[2-9AJQK])[♠♥♦♣]\.$", text, re.M)
    assert re.search(r"^Bob si lízá z talonu\.$", text, re.M)
    assert re.search(r"^--- konec rozdání: .*; Ann \+\d+, Bob \+\d+; celkem \d+-\d+$", text, re.M)
    assert re.search(r"^    Vaše karty \(1[01] kar(?:et|ty)\): ", text, re.M)  # her table in words


@pytest.mark.parametrize("game", sorted(GAMES))
@pytest.mark.parametrize("lang", ["cs", "ja", "en_XA"])
def test_no_card_the_seat_never_saw_and_never_the_seed(store: Store, game: str, lang: str) -> None:
    """Fair play: the replay names only cards the store's own (English) replay shows Ann, none of those Bob
    still hides or the stock keeps, and not the seed."""
    text = told(store, game, lang)
    hidden = never_seen(store, game)
    assert hidden, "the test needs cards Ann never saw"
    ours, english = hands(text), hands(english_as_today(store, game))
    assert len(ours) == len(english) > 0
    assert cards_named(ours[-1]) & hidden == set(), (game, lang, sorted(cards_named(ours[-1]) & hidden))
    for h, (mine, theirs) in enumerate(zip(ours, english, strict=True)):
        assert cards_named(mine) <= cards_named(theirs), (h, sorted(cards_named(mine) - cards_named(theirs)))
    assert str(SEED) not in text


def test_a_step_only_its_player_may_know_of_stays_untold(store: Store) -> None:
    """Bob declines meld steps Ann may not know he had (they would tell he held a meld); hers are told."""
    record = store.load_record(GAMES["pinochle"][0])
    match = Match("pinochle", seed=SEED, seat_names=["Ann", "Bob"])
    declines = {0: 0, 1: 0}
    for actions in record.hands:
        for text in actions:
            actor = match.state.current_player()
            declines[actor] = declines.get(actor, 0) + (text == "no meld")
            match.apply(text)
    assert declines[0] > 0 and declines[1] > 0, declines
    text = told(store, "pinochle", "cs")
    assert text.count("Nehlásíte kombinaci.") == declines[0] and "Bob nehlásí kombinaci" not in text


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_pseudo_locale_marks_every_word(store: Store, game: str) -> None:
    text = told(store, game, "en_XA")
    assert text.count("⟦") > 30
    assert outside_markers(text) == [], sorted(set(outside_markers(text)))


def test_english_is_the_store_replay_as_it_was(store: Store) -> None:
    """English keeps the engine's notation and the store's lines (scripts read them), untouched."""
    text = told(store, "gin", "en")
    assert text == english_as_today(store, "gin")
    ours = [line for line in text.splitlines()[1:] if not line.startswith("    ")]
    assert ours[:3] == ["gin, Ann vs Bob: not finished, so shown as Ann saw it (the other hands and the seed stay "
                        "hidden until it ends)", "", "=== Hand 1, dealer Ann ==="]
    assert re.match(r"chance: deal \?, deal [2-9TJQKA][SHDC], deal \?, ", ours[3]), ours[3]
    assert "Bob: draw" in ours and "Ann: pass" in ours and any(re.fullmatch(r"Ann: discard [2-9TJQKA][SHDC]", line)
                                                              for line in ours)
    assert ours[-1] == "(match not finished)" and "--- hand over: knock; Ann +0, Bob +10; totals 0-10" in ours


def test_the_apps_seat_names_in_the_language(tmp_path: Path) -> None:
    """A game the terminal app saved ("You" against "Computer (medium)"): its names as the tables say them,
    the score sheet's too."""
    match = Match("gin", seed=SEED, seat_names=["You", "Computer (medium)"])
    agents = [make_agent("gin", "random", seed=s) for s in range(2)]
    for _ in range(8):
        match.resolve_chance()
        seat = match.state.current_player()
        match.apply(agents[seat].act(match.state.view(seat), match.state.legal_actions()))
    with Store.open(str(tmp_path / "app.db")) as app_store:
        app_store.save_match(match, seat_kinds=["human", "computer:medium"])
        out = io.StringIO()
        replay(app_store, 1, out, "cs")
        english = io.StringIO()
        replay(app_store, 1, english, "en")
    text = out.getvalue()
    assert "Computer" not in text and "medium" not in text
    assert "\nCelkem: Vy 0, Počítač (střední) 0.\n" in text and re.search(r"^Počítač odhazuje ", text, re.M)
    # the person is spoken to ("as you saw it"), not named ("as You saw it", "jak to viděl(a) Vy")
    assert "nedohráno, proto tak, jak jste to viděli vy (" in text and "viděl(a) Vy" not in text
    assert ": not finished, so shown as you saw it (" in english.getvalue()
