"""Issue #19 at the browser table: a refused move, a pick, a hint request and every state message read
the same for two tables that a seat sees alike but whose hidden cards lie elsewhere.

The tables are built around twin hands (:mod:`refusal_privacy_support`), every seat a person, and
asked through :class:`~cardtable.apps.web.tables.TableManager` as the WebSocket handler asks it.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import pytest

from cardtable.apps.web.tables import TableManager, WebError
from cardtable.match import Match
from cardtable.registry import make_game
from cardtable.store import Store
from refusal_privacy_support import Sample, hidden, probes, refusal, samples, twin

from .conftest import add_table

COPY = re.compile(r"(?<![A-Za-z0-9])[AKQJT9][SHDC][ab](?![A-Za-z0-9])")
"""A Pinochle card in the engine's notation, copy letter and all."""


def _match(sample: Sample, history: list[str]) -> Match:
    game = make_game(sample.game_name, **sample.options)
    names = [f"P{i}" for i in range(game.num_players)]
    match = Match(game, seat_names=names, first_dealer=sample.dealer)
    for text in history:
        match.apply(text)
    return match


def _pick(config: str, phase: str) -> Sample:
    for sample in samples(config, range(40), per_phase=3):
        if sample.phase == phase:
            state = sample.state()
            seat = state.current_player()
            others = [s for s in range(state.num_players) if s != seat]
            if all(twin(sample, s, random.Random(1)) is not None for s in [seat, *others[:1]]):
                return sample
    raise AssertionError(f"no {config} {phase} sample with twins")


CASES = [("pinochle", "lead"), ("pinochle", "follow"), ("pinochle", "meld"), ("gin", "discard"),
         ("gin", "first-upcard"), ("casino2", "play-first-round"), ("casino4", "play-first-round")]


async def _answers(manager: TableManager, table: Any, seat: int, texts: list[str]) -> list[tuple[str, str]]:
    out = []
    for text in texts:
        try:
            await manager.act(table, seat, text, table.version_for(seat))  # the counter the seat is sent
        except WebError as exc:
            out.append((exc.code, str(exc)))
        else:  # pragma: no cover - a probe is never a legal move
            out.append(("played", text))
    return out


async def _asks(manager: TableManager, table: Any, seat: int, state: Any) -> list[Any]:
    """The other requests a seat can make: a hint (refused off turn) and, for Casino, table-card picks."""
    out: list[Any] = []
    try:
        await manager.hints(table, seat, 1) if table.to_act() != seat else None
    except WebError as exc:
        out.append(("hints", exc.code, str(exc)))
    if state.game_name == "casino":
        own = [str(c) for c in state.view(seat).hand] or ["AS"]
        for card in hidden(state, seat)[:12]:
            for hand_card, picks in ((own[0], [card]), (card, []), (own[0], [card, *own[1:2]])):
                try:
                    got = await manager.pick(table, seat, hand_card, picks, table.version_for(seat))
                    out.append(("picked", got["why"], [m["m"] for m in got["moves"]]))
                except WebError as exc:
                    out.append(("pick", exc.code, str(exc)))
    return out


def _message(table: Any, seat: int | None) -> dict[str, Any]:
    msg = table.message_for(seat)
    msg.pop("table")
    return msg


@pytest.mark.parametrize(("config", "phase"), CASES, ids=[f"{c}-{p}" for c, p in CASES])
def test_the_browser_table_answers_the_same_wherever_a_hidden_card_lies(tmp_path: Path, config: str,
                                                                        phase: str) -> None:
    sample = _pick(config, phase)
    state = sample.state()
    mover = state.current_player()
    bystander = next(s for s in range(state.num_players) if s != mover)
    with Store.open(str(tmp_path / "web.db")) as store:

        async def go() -> None:
            manager = TableManager(store)
            try:
                for seat in (mover, bystander):
                    other = twin(sample, seat, random.Random(seat))
                    assert other is not None
                    texts = [t for c in hidden(state, seat) for t in probes(state, c)
                             if seat != mover or refusal(state, t)[0] != "legal"]
                    seats = [("human", None)] * state.num_players
                    tables = []
                    for hist in (sample.history, [str(a) for a in other.history]):
                        table, _ = add_table(manager, _match(sample, hist), seats)
                        table.joined = set(range(state.num_players))
                        tables.append(table)
                    assert _message(tables[0], seat) == _message(tables[1], seat)  # views, moves, blocked cards
                    one = await _answers(manager, tables[0], seat, texts)
                    two = await _answers(manager, tables[1], seat, texts)
                    assert one == two
                    assert all(code == ("illegal" if seat == mover else "turn") for code, _ in one), set(one)
                    assert not [m for _, m in one if COPY.search(m)]  # cards as players read them: Q♠, never QSa
                    assert await _asks(manager, tables[0], seat, state) == await _asks(manager, tables[1], seat, state)
                    assert tables[0].version == tables[1].version == len(sample.history)  # nothing was played
            finally:
                await manager.close()

        asyncio.run(go())
