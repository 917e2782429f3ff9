"""Issue #20 (tables without a rough edge), line mode: each test failed before its fix."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

pytest.importorskip("rich")

from cardtable.apps.plain import PlainTable, play_plain
from cardtable.apps.tui.session import TableSession

LAST_CARDS = ("dealer: 1; deal: 6; turn: 0; hand0: KC; hand1: QC; table: 5S; captured1: 4S; "
              "pack: -; last_capturer: 0; sweeps: 0 0")
"""Casino, the last round of a hand: the person holds only the K♣ and nothing on the table takes it: one move."""


def drive(session: TableSession, typed: str) -> str:
    out = io.StringIO()
    PlainTable(session, io.StringIO(typed), out, saving=session.store is not None).run()
    return out.getvalue()


def test_quit_advice_resumes_in_line_mode(tmp_path: Path) -> None:
    """Item 17: the advice said `resume N`, which opens the full-screen app instead of line mode."""
    from cardtable.store import Store

    with Store.open(str(tmp_path / "g.db")) as store:
        out = io.StringIO()
        play_plain("gin", ["medium"], seed=3, stdin=io.StringIO("pass\nquit\n"), stdout=out, store=store)
    assert "continue it with: cardtable resume 1 --plain" in out.getvalue()


def test_one_move_is_not_announced_like_the_prompt() -> None:
    """Item 21: "Your move:" was printed twice (the list of one, then the prompt); "Type a number from 1 to 1"."""
    session = TableSession("casino", ["random"], seed=1)
    session.m.state = session.m.game.from_position(LAST_CARDS)
    out = drive(session, "xyz\nquit\n")
    assert "You have one move:\n  1. " in out
    assert out.count("Your move:") == 2  # the two prompts (before xyz, before quit), no list header
    assert "Type 1, 'moves' to list them again" in out and "from 1 to 1" not in out


def test_casino_table_says_who_has_taken_what() -> None:
    """Item 21: "You taken: 0 cards" read wrong; "In hand: Computer (random) 3 cards" too."""
    out = io.StringIO()
    play_plain("casino", ["random"], seed=3, stdin=io.StringIO("quit\n"), stdout=out)
    text = out.getvalue()
    assert "You have taken 0 cards, 0 spades and 0 sweeps." in text
    assert "Computer (random) has taken" in text and " taken: " not in text


def test_a_gin_draw_is_told_once() -> None:
    """Item 21: "You draw the 4♦ from the stock." and then "You drew 4♦ from the stock." again."""
    out = io.StringIO()
    play_plain("gin", ["medium"], seed=3, stdin=io.StringIO("pass\ndraw\nquit\n"), stdout=out)
    text = out.getvalue()
    assert "You draw the 4♦ from the stock." in text
    assert text.count("4♦ from the stock") == 1


def test_rules_read_as_paragraphs_for_line_mode() -> None:
    """Item 21: the rules kept the app's hard line breaks (ragged when wrapped) and spoke of highlighted melds."""
    out = io.StringIO()
    play_plain("gin", ["random"], seed=3, stdin=io.StringIO("rules\nquit\n"), stdout=out)
    text = out.getvalue()
    assert "highlighted" not in text
    deadwood = next(line for line in text.splitlines() if line.startswith("Deadwood."))
    assert deadwood.endswith("and shows your melds first.")  # the whole paragraph on one line (say() wraps it)


def test_pinochle_says_the_card_drawn_and_who_wins_each_trick() -> None:
    """Item 18: Pinochle never said which card you drew, nor who won a trick; the turned-up card went unsaid."""
    out = io.StringIO()
    play_plain("pinochle", ["medium"], seed=3, stdin=io.StringIO("1\n1\nquit\n"), stdout=out)
    text = out.getvalue()
    assert "The 10♦ is turned up: diamonds are trump." in text
    assert "You play Q♠: Computer wins the trick (A♦ and Q♠)." in text
    assert "Computer exchanges the 9♦ for the 10♦ (the dix: 10 points)." in text
    assert "You draw the A♠ from the stock." in text and "You draw the A♥ from the stock." in text


def test_pinochle_explains_the_dealers_first_ten_points() -> None:
    """Item 18: "meld points 10" at the start was unexplained (the dealer's dix turned up)."""
    session = TableSession("pinochle", ["medium"], seed=4)  # the person deals and a 9 of trump is turned up
    session.advance_chance()
    assert session.state.meld_points(0) == 10
    turned = [line.text for line in session.log if "turned up" in line.text]
    assert len(turned) == 1 and turned[0].endswith("It is the dix (the 9 of trump): You score 10 points.")


def test_pinochle_hint_keeps_an_ace_only_where_it_could_win() -> None:
    """Item 18: "keeps your A♣ for stage 2" came with nearly every hint, leads included."""
    from cardtable.apps.hint_words import hint_reasons
    from cardtable.pinochle import PinochleGame

    hand = "hand0: ASb TSb KHb QHb 9Ha 9Hb JDb QSb KCb TCb ACb 9Db"
    other = "hand1: ASa TSa KHa QHa 9Ca 9Cb JDa QSa KCa ACa 9Da"
    lead = PinochleGame().from_position(f"dealer: 1; leader: 0; trumpcard: KSb; {other} TCa; {hand}")
    for move in ("play 9Ha", "play JDb", "play QSb"):
        assert not any("for stage 2" in r for r in hint_reasons(lead, lead.parse_action(move))), move
    follow = PinochleGame().from_position(f"dealer: 0; leader: 1; trumpcard: KSb; {other}; {hand}; lead: TCa")
    assert "keeps your A♠ for stage 2" in hint_reasons(follow, follow.parse_action("play 9Ha"))


def test_line_mode_offers_undo_where_it_is_allowed() -> None:
    """Item 20: line mode never said undo was possible; after your own draw the refusal spoke of cards dealt or drawn."""
    out = io.StringIO()
    play_plain("gin", ["medium"], seed=3, stdin=io.StringIO("take\nundo\npass\ndraw\nundo\nquit\n"), stdout=out)
    text = out.getvalue()
    assert "Or type 'undo' to take back: You take the K♠ from the discard pile." in text
    assert "Undo: back to your move in hand 1." in text
    assert text.count("Or type 'undo'") == 1  # not offered where the shared undo rule refuses it
    assert ("Undo is not available: your last move brought new cards from the stock (or a new deal), and a card "
            "once seen stays seen: undo would show you the next one.") in text
    assert "new cards have been dealt or drawn since your last move" not in text
