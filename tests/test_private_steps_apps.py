"""Issue #19 in the terminal app's session and line mode: the person cannot tell from the log whether the
computer had an exchange or a meld step after a trick it won (:mod:`cardtable.apps.private_steps`).

Twin stage 1s (:mod:`private_steps_support`): the same public moves, every step declined, the computer's
steps at different tricks; the computer plays the history's moves and the draws are the history's.
"""

from __future__ import annotations

import io
from typing import Any

import pytest

from cardtable.match import Match
from cardtable.registry import make_game
from private_steps_support import DECLINE, twin_stage_one

pytest.importorskip("textual", reason="the terminal app needs the cli extra")

from cardtable.apps.plain.table import PlainTable
from cardtable.apps.tui.session import TableSession

SEEDS = (0, 1, 3)


def _to_person(dealer: int, history: list[str]) -> list[str]:
    """``history`` cut at the person's (seat 0's) last decision in it, so the computer never plays past it."""
    state = make_game("pinochle").new_hand(dealer)
    cut = 0
    for i, text in enumerate(history):
        if not state.is_chance_node() and state.current_player() == 0:
            cut = i
        state.apply(text)
    return history[:cut]


def _session(dealer: int, history: list[str]) -> TableSession:
    match = Match(make_game("pinochle"), seat_names=["Ann", "Bob"], first_dealer=dealer)
    while match.state.is_chance_node():
        match.apply(history[len(match.hands[-1].actions)])
    session = TableSession("pinochle", ["random"], match=match, human_seat=0)

    def at() -> int:
        return len(session.m.hands[-1].actions)

    def scripted_chance() -> None:
        while session.m.state.is_chance_node():
            session._apply(history[at()])

    class Script:
        def act(self, view: Any, legal: Any) -> Any:
            return next(a for a in legal if str(a) == history[at()])

    session.advance_chance = scripted_chance  # type: ignore[method-assign]
    session.agents[1] = Script()
    return session


def _played(dealer: int, history: list[str]) -> tuple[list[str], str]:
    """The session's log after the person plays its moves of ``history``, and what line mode printed."""
    session = _session(dealer, history)
    state = make_game("pinochle").new_hand(dealer)
    mine = []
    for text in history:
        if not state.is_chance_node() and state.current_player() == 0:
            mine.append(text)
        state.apply(text)
    out = io.StringIO()
    PlainTable(session, io.StringIO("\n".join([*mine, "quit"]) + "\n"), out, saving=False).run()
    assert len(session.m.hands[-1].actions) == len(history)
    return [x.text for x in session.log], out.getvalue()


@pytest.mark.parametrize("seed", SEEDS)
def test_the_person_cannot_tell_the_computer_had_a_step(seed: int) -> None:
    found = twin_stage_one(seed)
    assert found is not None
    dealer, one, two = found
    (log1, said1), (log2, said2) = (_played(dealer, _to_person(dealer, h)) for h in (one, two))
    assert len(log1) > 25
    assert log1 == log2
    assert said1 == said2
    assert said1.count("Your move: ") > 10
    assert not [line for line in log1 if line.startswith(("Bob declines", "Bob keeps the dix"))], log1
    own = [line for line in log1 if line.startswith(("You decline", "You keep the dix"))]  # the person's own: told
    assert len(own) == _declines_of_person(dealer, _to_person(dealer, one))


def _declines_of_person(dealer: int, history: list[str]) -> int:
    state = make_game("pinochle").new_hand(dealer)
    count = 0
    for text in history:
        count += text in DECLINE.values() and state.current_player() == 0
        state.apply(text)
    return count


@pytest.mark.parametrize("seed", SEEDS)
def test_a_resumed_match_logs_no_declined_step_of_the_computer(seed: int) -> None:
    found = twin_stage_one(seed)
    assert found is not None
    dealer, one, two = found
    logs = []
    for history in (one, two):
        match = Match(make_game("pinochle"), seat_names=["Ann", "Bob"], first_dealer=dealer)
        for text in history:
            match.apply(text)
        logs.append([x.text for x in TableSession("pinochle", ["random"], match=match, human_seat=0).log])
    assert logs[0] == logs[1]
    assert len(logs[0]) > 25
