"""The undo rule (cardtable.undo) as the terminal session uses it: undo never reveals anything."""

from __future__ import annotations

import pytest

from cardtable.agents import make_agent
from cardtable.apps.tui.session import TableSession
from cardtable.match import Match
from cardtable.undo import take_back, undo_check


def at_draw(seed: int) -> TableSession:
    """A Gin session with the person to act in a normal turn (draw or take), the upcard offer passed."""
    s = TableSession("gin", ["simple"], seed=seed)
    s.advance_chance()
    s.run_computers()
    for _ in range(10):
        legal = [str(a) for a in s.legal()]
        if "draw" in legal:
            return s
        s.play_human("pass" if "pass" in legal else legal[0])
        s.run_computers()
    raise AssertionError("never reached a normal turn")


def test_a_card_drawn_from_the_stock_stays_drawn() -> None:
    s = at_draw(2)
    before = set(map(str, s.view().hand))
    s.play_human("draw")
    hand = set(map(str, s.view().hand))
    (drawn,) = hand - before
    assert not s.can_undo() and not s.undo()
    assert "new cards" in s.undo_reason()
    assert set(map(str, s.view().hand)) == hand  # nothing was taken back
    # the discard after the draw may be taken back: the drawn card stays in hand, the stock is not touched
    s.play_human(next(a for a in s.legal() if drawn not in str(a)))
    assert s.can_undo()
    assert s.undo()
    assert set(map(str, s.view().hand)) == hand and "new cards" in s.undo_reason()


def test_own_moves_come_back_one_by_one_then_the_reply_stands() -> None:
    for seed in range(40):
        s = at_draw(seed)
        if "take" in [str(a) for a in s.legal()]:
            break
    else:
        pytest.skip("no take offered")  # pragma: no cover - the deals above always offer one
    start = s.m.record().dumps()
    s.play_human("take")
    check = s.undo_check()
    assert check.available and check.earliest == check.point
    s.play_human(s.legal()[0])  # discard
    check = s.undo_check()
    assert check.available and check.earliest is not None and check.earliest < check.point  # type: ignore[operator]
    assert s.undo() and s.undo() and s.m.record().dumps() == start
    assert "new cards" in s.undo_reason() or "replied" in s.undo_reason()  # what came before our turn stands
    s.play_human("take")
    s.play_human(s.legal()[0])
    s.run_computers()
    assert not s.can_undo()
    assert s.undo_reason() in ("Computer (simple) has replied to your move: it stands once you have seen the reply",
                               "new cards have been dealt or drawn since your last move (undo would show the next "
                               "ones again)")


def test_no_undo_into_a_finished_hand_or_match() -> None:
    s = TableSession("gin", ["simple"], seed=7, options={"target_score": 1})
    me = make_agent("gin", "simple", seed=1)
    hands = 1
    for _ in range(3000):
        s.advance_chance()
        s.run_computers()
        if s.is_over():
            break
        if len(s.m.hands) > hands:  # a new hand: nothing of the old one can be taken back
            hands = len(s.m.hands)
            assert not s.can_undo() and "new hand" in s.undo_reason()
        s.play_human(me.act(s.view(), s.legal()))
    assert s.is_over()
    record = s.m.record().dumps()
    assert not s.undo() and s.undo_reason() == "the match is over: its result stands"
    assert s.m.record().dumps() == record and s.is_over()


def test_the_rule_on_a_bare_match() -> None:
    m = Match("casino", seed=5, seat_names=["Ann", "Bob"])
    actors: list[list[int]] = [[]]
    while m.state.is_chance_node():
        actors[0].append(m.state.current_player())
        m.apply(m.state.sample_chance(m.rng))
    first = m.state.current_player()
    assert undo_check(m, actors, first).reason == "you have not moved yet"
    actors[0].append(first)
    m.apply(m.state.legal_actions()[0])
    check = undo_check(m, actors, first)
    assert check.available
    back = take_back(m, check)
    assert back.record().dumps() != m.record().dumps() and back.state.current_player() == first
    other = m.state.current_player()
    actors[0].append(other)
    m.apply(m.state.legal_actions()[0])
    assert undo_check(m, actors, first).reason.startswith(f"{m.seat_names[other]} has replied")
    with pytest.raises(ValueError, match="not available"):
        take_back(m, undo_check(m, actors, first))
    with pytest.raises(ValueError, match="do not match"):
        undo_check(m, [[]], first)
