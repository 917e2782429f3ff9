"""Issue #11: a whole hand of every game played through the table's key bindings only.

The person's moves are chosen by a seeded player (simple for Gin, random
elsewhere, near the cursor) and entered as a person would: arrow keys to a card, Space to
select it, Enter or the move's number to play it, the game's letter keys, or
``:`` and the notation when the move is not among the nine buttons. No method
of the app is called to make a move.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("textual")

from tui_support import open_table, run, save

from cardtable.agents.gin.simple import SimpleGinAgent
from cardtable.apps.tui.app import CardtableApp, HandOverScreen, ScoreSheetScreen, TableScreen
from cardtable.apps.tui.widgets import HandView


def cards_of(action: Any) -> list[Any]:
    """The hand cards a move is made with (none for draw, pass, no meld, ...)."""
    kind = getattr(action, "kind", "")
    if kind == "meld":
        return list(action.meld_cards)
    physical = getattr(action, "physical", None)
    if physical is not None and kind in ("play", "exchange"):
        return [physical]
    card = getattr(action, "card", None)
    if kind in ("discard", "knock", "trail", "capture", "build") and card is not None:
        return [card]
    return []


async def select_cards(pilot: Any, screen: TableScreen, cards: list[Any]) -> None:
    """Arrow keys to each card and Space to select it (after Esc clears any other selection)."""
    if screen.selected and set(map(str, screen.selected)) - set(map(str, cards)):
        await pilot.press("escape")
    for card in cards:
        hand = [c for c, _ in screen.query_one("#hand", HandView).cards]
        target = hand.index(card)
        step = "right" if target >= screen.cursor else "left"
        await pilot.press(*[step] * abs(target - screen.cursor))
        if card not in screen.selected:
            await pilot.press("space")
    assert set(map(str, screen.selected)) == set(map(str, cards))


async def enter_move(pilot: Any, screen: TableScreen, action: Any) -> str:
    """Enter ``action`` with keys; returns how ('enter', 'number', 'letter' or 'typed')."""
    s = screen.session
    cards = cards_of(action)
    if cards:
        await select_cards(pilot, screen, cards)
    elif screen.selected:
        await pilot.press("escape")
        await pilot.pause()
    listed = [str(a) for a, _ in screen.candidates[:9]]
    letter = {"draw": "d", "take": "t", "pass": "p"}.get(getattr(action, "kind", "")) if s.game_name == "gin" else None
    if letter is not None:
        await pilot.press(letter)
        how = "letter"
    elif str(action) in listed:
        index = listed.index(str(action))
        key = "enter" if index == 0 else str(index + 1)
        await pilot.press(key)
        await pilot.pause()
        if s.adapter.decline_warning(s.state, action) and s.human_to_act():
            await pilot.press(key)  # declining a meld or the dix exchange asks for a second press
        how = "enter" if index == 0 else "number"
    else:
        await pilot.press("colon", *key_names(str(action)), "enter")
        how = "typed"
    await pilot.pause()
    return how


_KEY_NAMES = {" ": "space", "+": "plus", "[": "left_square_bracket", "]": "right_square_bracket", ":": "colon"}


def key_names(text: str) -> list[str]:
    """The keys typed for ``text`` in the notation box."""
    return [_KEY_NAMES.get(ch, ch) for ch in text]


def choose(game: str, screen: TableScreen, rng: random.Random) -> Any:
    """The simple player's move in Gin; elsewhere a random move among those whose cards are nearest the cursor."""
    session = screen.session
    if game == "gin":
        return SimpleGinAgent().act(session.view(), session.legal())
    hand = [str(c) for c, _ in screen.query_one("#hand", HandView).cards]

    def travel(action: Any) -> int:
        return sum(abs(hand.index(str(c)) - screen.cursor) for c in cards_of(action))

    legal = session.legal()
    nearest = min(travel(a) for a in legal)
    return rng.choice([a for a in legal if travel(a) <= nearest + 1])


@pytest.mark.parametrize("game,opponents,options", [
    ("gin", ["simple"], {}),
    ("casino", ["random"], {}),
    ("pinochle", ["random"], {}),
], ids=["gin", "casino", "pinochle"])
def test_a_whole_hand_by_keys(game: str, opponents: list[str], options: dict[str, Any]) -> None:
    async def go() -> None:
        rng = random.Random(7)
        app = CardtableApp(game=game, opponents=opponents, options=options, pace=0.0, seed=7)
        async with open_table(app, (80, 24)) as (pilot, screen):
            s = screen.session
            used: set[str] = set()
            moves = 0
            while isinstance(app.screen, TableScreen) and not s.finished:
                assert s.human_to_act(), "the table waits for nobody"
                before = len(s.m.hands[-1].actions), len(s.m.hands)
                action = choose(game, screen, rng)
                used.add(await enter_move(pilot, screen, action))
                assert (len(s.m.hands[-1].actions), len(s.m.hands)) != before, f"{action} was not played"
                assert str(action) in [str(a) for a in s.m.hands[0].actions]
                moves += 1
                assert moves < 200
            await pilot.pause()
            over = app.screen
            assert isinstance(over, HandOverScreen)
            save(app, f"full_hand_{game}")
            await pilot.press("s")
            await pilot.pause()
            assert isinstance(app.screen, ScoreSheetScreen)
            await pilot.press("escape", "enter")
            await pilot.pause()
            assert isinstance(app.screen, TableScreen) and s.hand_number() == 2
            assert "enter" in used and (game == "gin" or "number" in used or "typed" in used)

    run(go)
