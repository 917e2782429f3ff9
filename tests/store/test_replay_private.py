"""Issue #19 item 2: ``cardtable replay N`` of an unfinished game showed the computer's hand and the seed.

An unfinished game can be resumed, so its replay shows only what its one
human seat saw (hidden cards as ``?``, never the seed), or is refused with the
reason; a finished game still replays in full.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from cardtable.agents import make_agent
from cardtable.apps.render import render_view
from cardtable.cli import main
from cardtable.match import Match
from cardtable.store import Store, StoreError, commands

SEED = 987_654_321


def _unfinished(game: str, moves: int = 12) -> Match:
    match = Match(game, seed=SEED, seat_names=["You", "Computer"])
    agents = [make_agent(game, "random", seed=seat) for seat in range(2)]
    done = 0
    while done < moves:
        match.resolve_chance()
        seat = match.state.current_player()
        match.apply(agents[seat].act(match.state.view(seat), match.state.legal_actions()))
        done += 1
    assert not match.is_over()
    return match


def _hidden_cards(match: Match) -> list[str]:
    """The computer's cards the person has never seen (neither dealt face up nor taken from the discard pile)."""
    known = set(getattr(match.state.view(0), "opponent_known", ()))
    cards = [c for c in match.state.view(1).hand if c not in known]
    assert cards
    return [form for c in cards for form in (str(c), c.pretty())]


def _replay(store: Store | None, target: object, **kwargs: object) -> str:
    out = io.StringIO()
    assert commands.replay(store, target, out, view_text=render_view, **kwargs) == 0  # type: ignore[arg-type]
    return out.getvalue()


@pytest.mark.parametrize("game", ["gin", "casino"])
def test_an_unfinished_game_replays_as_the_person_saw_it(store: Store, game: str) -> None:
    match = _unfinished(game)
    gid = store.save_match(match, seat_kinds=["human", "computer:random"])
    text = _replay(store, gid)
    assert text.startswith(f"Game {gid} (in progress")
    assert "shown as you saw it" in text and "(match not finished)" in text
    assert str(SEED) not in text and "seed" not in text.replace("the seed stay hidden", "")
    for card in _hidden_cards(match):
        assert not re.search(rf"(?<![\w♠♥♦♣]){re.escape(card)}(?![\w♠♥♦♣])", text), card
    # the person's own hand is there, and every move of the computer, as a line
    mine = match.state.view(0).hand
    assert all(c.pretty() in text for c in mine)
    computer_moves = sum(1 for line in text.splitlines() if line.startswith("Computer: "))
    assert computer_moves >= 3


def test_step_mode_stops_on_q(store: Store) -> None:
    match = _unfinished("gin", moves=40)
    gid = store.save_match(match, seat_kinds=["human", "random"])
    text = _replay(store, gid, step=True, inp=io.StringIO("\n" * 3 + "q\n"))
    assert text.count("[Enter: next, q: quit]") == 4
    assert "(match not finished)" not in text  # stopped at the fourth of the person's moves


def test_step_mode_pauses_before_each_of_the_persons_moves(store: Store) -> None:
    match = _unfinished("gin", moves=10)
    gid = store.save_match(match, seat_kinds=["human", "simple"])
    full = _replay(store, gid, step=True, inp=io.StringIO("\n" * 100))
    own = sum(1 for line in full.splitlines() if line.startswith("You: ") or "] You: " in line)
    assert full.count("[Enter: next, q: quit]") == own > 0


def test_an_unfinished_game_without_one_human_seat_is_refused(store: Store, tmp_path: Path) -> None:
    match = _unfinished("gin")
    both = store.save_match(match)                               # every seat human (a hot-seat game)
    with pytest.raises(StoreError, match=rf"game {both} is still in progress: finish it or replay it when it ends"):
        _replay(store, both)
    nobody = store.save_match(match, seat_kinds=["random", "simple"])
    with pytest.raises(StoreError, match="no human seat"):
        _replay(store, nobody)
    # a record file: as exported (the seats' kinds in its meta) it shows the person's view; without them, refused
    mine = store.save_match(match, seat_kinds=["human", "random"])
    path = tmp_path / "g.json"
    store.export_record(mine, path)
    from_file = _replay(None, str(path))
    assert "shown as you saw it" in from_file and str(SEED) not in from_file
    plain = tmp_path / "bare.json"
    plain.write_text(store.load_record(mine).dumps())            # a record without the seats' kinds
    assert "seat_kinds" not in json.loads(plain.read_text()).get("meta", {})
    with pytest.raises(StoreError, match="does not say which seat is yours"):
        _replay(None, str(plain))


def test_a_finished_game_still_replays_in_full(store: Store) -> None:
    match = Match("gin", seed=SEED, seat_names=["You", "Computer"], target_score=20)
    match.play([make_agent("gin", "simple", seed=s) for s in range(2)])
    gid = store.save_match(match, seat_kinds=["human", "simple"])
    text = _replay(store, gid)
    assert f"seed {SEED}" in text and "    Computer: " in text


def test_the_cardtable_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``cardtable replay 1`` as typed: the person's view only; a refusal is one line on stderr, exit 2."""
    db = str(tmp_path / "c.db")
    match = _unfinished("gin")
    with Store.open(db) as store:
        gid = store.save_match(match, seat_kinds=["human", "computer:random"])
        both = store.save_match(match)
    assert main(["--database", db, "replay", str(gid)]) == 0
    out = capsys.readouterr().out
    assert "Your hand (" in out and str(SEED) not in out
    for card in _hidden_cards(match):
        assert not re.search(rf"(?<![\w♠♥♦♣]){re.escape(card)}(?![\w♠♥♦♣])", out), card
    assert main(["--database", db, "replay", str(both)]) == 2
    err = capsys.readouterr().err
    assert f"game {both} is still in progress: finish it or replay it when it ends" in err
