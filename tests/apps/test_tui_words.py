"""Issue #11: what the terminal table says — score tables that add up, one name per team, plain
words and grammar, the log (sweeps, new hands, newest line in sight), hints with a unit.
Each test failed before its fix."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("textual")

from tui_support import open_table, plain, play_out, run, screen_text

from cardtable.agents.gin.simple import SimpleGinAgent
from cardtable.apps.tui.app import CardtableApp, TableScreen
from cardtable.apps.tui.dialogs import hint_value_text
from cardtable.apps.tui.rules_text import rules_markdown
from cardtable.apps.tui.session import TableSession
from cardtable.apps.tui.table_adapters import adapter_for
from cardtable.pinochle.rules import PinochleRules

BAD_GRAMMAR = re.compile(r"\bYou (scores|wins|deals)\b|\b1 (cards|spades|sweeps|points)\b")


def test_pinochle_hand_score_rows_add_up_to_the_meld_total() -> None:
    """Item 6: the dix (exchanged, turned up or played) was missing from the rows."""
    s = play_out("pinochle", ["random"], seed=1)  # the computer exchanges the dix in this hand
    done = s.finished[-1]
    assert done.result.details["dix"][1] == {"dix-exchange": 10}
    text = plain(s.adapter.breakdown(done.state, done.result, 0, s.names, 0), width=100)
    rows = [line for line in text.splitlines() if line.startswith("│   ")]
    assert any("dix exchanged" in row for row in rows)
    for seat, total in enumerate(done.result.details["meld_points"]):
        cells = [row.split("│")[2 + seat].strip() for row in rows]
        assert sum(int(c) for c in cells if c) == total


def test_one_name_per_team_and_grammar_everywhere() -> None:
    """Items 10-11: 'side 1', 'side 0' and 'You & Across' named the same team; 'You scores'; '1 spades'."""
    s = play_out("casino", ["random"] * 3, seed=2, hands=2, num_players=4)
    assert s.side_names() == ["You & Across", "Left & Right"]
    log = "\n".join(line.text for line in s.log)
    assert "side 0" not in log and "side 1" not in log
    assert "Hand over: You & Across" in log
    dealers = [short for short in ("You deal", "Left deals", "Across deals", "Right deals") if short in log]
    assert "— Hand 1: " in log and "— Hand 2: " in log and len(dealers) >= 2
    assert not BAD_GRAMMAR.search(log)
    sheet = s.adapter.sheet_summary(s.finished[0].result, s.names)
    assert "side" not in sheet and sheet.startswith("cards ")
    gin = play_out("gin", ["random"], seed=4, hands=3)
    gin_log = "\n".join(line.text for line in gin.log)
    assert not BAD_GRAMMAR.search(gin_log)
    assert "Computer discards the " in gin_log and "Computer (random) discarded" not in gin_log  # apps.words


def test_four_player_casino_rows_show_each_seat_not_its_team_as_its_own() -> None:
    """Item 11: each opponent's row showed its team's cards taken as its own."""
    s2 = TableSession("casino", ["random"] * 3, seed=5, options={"num_players": 4})
    s2.advance_chance()
    s2.run_computers()
    view = s2.view()
    text = plain(s2.adapter.opponent_panel(view, s2.names, 0))
    lines = text.splitlines()
    for seat_line in [line for line in lines if line.startswith(("Left ", "Across ", "Right ")) and "&" not in line]:
        assert "taken" not in seat_line
    assert any(line.startswith("Across") and "partner" in line for line in lines)
    assert any(line.startswith("Left & Right have taken") for line in lines)
    caption = plain(s2.adapter.hand_caption(view))
    assert caption.startswith("Your team has taken")


def test_a_sweep_is_announced_in_the_log() -> None:
    """Item 11: sweeps were not announced."""
    s = TableSession("casino", ["random"], seed=1)
    s.m.state = s.m.game.from_position(
        "dealer: 1; deal: 1; turn: 0; hand0: 5S 9C 2D 3H; hand1: 4C 6C 7C 8C; table: 5H; captured1: KD KC QD")
    s.play_human("5S x 5H")
    assert s.log[-1].text.endswith("— a sweep!"), s.log[-1].text
    assert s.log[-1].text.startswith("You capture 5♥ with your 5♠")


def test_moves_read_in_plain_words_without_copy_letters() -> None:
    """Item 12: Pinochle buttons and hints showed raw notation ('play 10♦b')."""
    s = play_out("pinochle", ["random"], seed=3)
    adapter = adapter_for("pinochle")
    for line in [line.text for line in s.log]:
        assert not re.search(r"(10|[AKQJ9])[♠♥♦♣][ab]\b", line), line
        assert not re.search(r"\b(play|meld) [AKQJT9][SHDC][ab]\b", line), line
    from cardtable.pinochle.actions import NO_MELD

    assert adapter.label(NO_MELD) == "Decline to meld"


def test_hints_say_what_their_numbers_mean() -> None:
    """Item 12: hints were bare numbers ('−68.04')."""
    assert hint_value_text(5.0, 5.0) == "best move"
    assert hint_value_text(3.75, 5.0) == "1.2 points worse"
    assert hint_value_text(4.0, 5.0) == "1.0 point worse"
    assert hint_value_text(-995.0, 5.0) == "worse"
    text = rules_markdown("gin")
    assert "the strongest player's top moves" not in text and "the dialog names it" in text


def test_options_read_as_words_not_python() -> None:
    """Item 12: the options table showed Python values (`'simple'`, `True`)."""
    text = rules_markdown("pinochle", PinochleRules())
    assert "'simple'" not in text and "True" not in text and "False" not in text
    assert "| counting | simple |" in text and "| declare out | off |" in text


def test_type_box_offers_the_games_own_notation() -> None:
    """Item 12: the ':' prompt in Pinochle offered Gin examples."""

    async def go() -> None:
        app = CardtableApp(game="pinochle", opponents=["random"], pace=0.0, seed=2)
        async with open_table(app, (80, 24)) as (_pilot, screen):
            from textual.widgets import Input

            box = screen.query_one("#notation", Input)
            assert "meld marriage KH QH" in str(box.placeholder) and "knock" not in str(box.placeholder)

    run(go)


def test_the_newest_log_line_stays_in_sight() -> None:
    """Item 9: when the log was full its newest line (the computer's discard) stayed hidden."""

    async def go() -> None:
        app = CardtableApp(game="gin", opponents=["simple"], pace=0.0, seed=5)
        async with open_table(app, (80, 24)) as (pilot, screen):
            s = screen.session
            log = screen.query_one("#log")
            full = False
            for _ in range(24):
                if not s.human_to_act() or not isinstance(app.screen, TableScreen):
                    break
                await pilot.press(*_keys_for(screen))
                await pilot.pause()
                await pilot.pause()
                if isinstance(app.screen, TableScreen):
                    full = full or log.max_scroll_y > 0
                    assert log.scroll_y == log.max_scroll_y, "the newest log line is scrolled out of sight"
                    last = s.log[-1].text
                    assert last[-12:] in screen_text(app).replace("\n", " ") or "\n" in last
            assert full, "the log never filled up: the test proves nothing"

    run(go)


def _keys_for(screen: TableScreen) -> list[str]:
    """The keys a player presses for the simple player's choice (draw/take/pass, or Space+Enter on a card)."""
    s = screen.session
    action = SimpleGinAgent().act(s.view(), s.legal())
    if action.kind in ("draw", "take", "pass"):
        return [{"draw": "d", "take": "t", "pass": "p"}[action.kind]]
    cards = [c for c, _ in screen.query_one("#hand").cards]  # type: ignore[attr-defined]
    target = cards.index(action.card)
    moves = target - screen.cursor
    arrows = ["right"] * moves if moves >= 0 else ["left"] * -moves
    return [*arrows, "space", "enter" if action.kind == "discard" else "k"]


def test_casino_caption_counts_in_words() -> None:
    s = TableSession("casino", ["random"], seed=1)
    s.m.state = s.m.game.from_position(
        "dealer: 1; deal: 1; turn: 0; hand0: 5S 9C 2D 3H; hand1: 4C 6C 7C 8C; table: 5H; captured1: KD KC QD")
    s.play_human("5S x 5H")
    caption = plain(s.adapter.hand_caption(s.view()))
    assert "taken 2 cards, 1 spade, 1 sweep" in caption
