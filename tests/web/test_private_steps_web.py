"""Issue #19 at the browser table: the other seat and spectators of two-handed Pinochle cannot tell whether
the trick winner had an exchange or a meld step (:mod:`cardtable.apps.private_steps`).

Twin stage 1s (:mod:`private_steps_support`) have the same public moves, every step declined, and the
winner's steps at different tricks. Both are played through :class:`~cardtable.apps.web.tables.TableManager`,
seat 1 a person or a computer; every message pushed to seat 0 and to a spectator, and every pace of the
computer, must be the same for both.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from cardtable.apps.web.tables import TableManager
from cardtable.match import Match
from cardtable.registry import make_game
from cardtable.store import Store
from private_steps_support import DECLINE, twin_stage_one

from .conftest import add_table

SEEDS = (0, 1, 3)


class _Recorder:
    def __init__(self, log: list[Any]) -> None:
        self.log = log

    def push(self, message: dict[str, Any]) -> None:
        self.log.append({k: v for k, v in message.items() if k != "table"})


async def _play(manager: TableManager, dealer: int, history: list[str], computer: bool,
                told: dict[str, list[Any]]) -> None:
    match = Match(make_game("pinochle"), seat_names=["Ann", "Bob"], first_dealer=dealer)
    while match.state.is_chance_node():
        match.apply(history[len(match.hands[-1].actions)])
    table, _ = add_table(manager, match, [("human", None), ("computer", "random") if computer else ("human", None)])
    table.joined = {0} if computer else {0, 1}

    def at() -> int:
        return len(table.match.hands[-1].actions)

    def scripted_chance() -> None:  # the draws of the history, not the table's own
        while table.match.state.is_chance_node() and at() < len(history):
            table.apply(history[at()])

    class Script:
        def act(self, view: Any, legal: Any) -> Any:
            if at() >= len(history):
                raise LookupError("the script is over")
            return next(a for a in legal if str(a) == history[at()])

    table.resolve_chance = scripted_chance  # type: ignore[method-assign]
    table.agents[1] = Script()
    table.clients[0] = {_Recorder(told["seat"])}
    table.spectators.add(_Recorder(told["spectator"]))
    if not computer:
        table.clients[1] = {_Recorder([])}
    while at() < len(history):
        seat = table.to_act()
        if table.seats[seat].kind == "computer":
            manager.kick(table)
        else:
            await manager.act(table, seat, history[at()], table.version_for(seat))
        if table.computer_task is not None:
            await table.computer_task
    assert at() == len(history)


@pytest.mark.parametrize("computer", [True, False], ids=["computer", "people"])
@pytest.mark.parametrize("seed", SEEDS)
def test_the_other_seat_cannot_tell_a_winner_had_a_step(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        seed: int, computer: bool) -> None:
    found = twin_stage_one(seed)
    assert found is not None
    dealer, one, two = found
    real_sleep = asyncio.sleep
    heard: list[dict[str, list[Any]]] = []

    async def go() -> None:
        for history in (one, two):
            told: dict[str, list[Any]] = {"seat": [], "spectator": []}
            heard.append(told)

            async def pace(delay: float, *args: Any, told: dict[str, list[Any]] = told) -> Any:
                if delay:
                    told["seat"].append("pace")
                    told["spectator"].append("pace")
                return await real_sleep(0)

            monkeypatch.setattr(asyncio, "sleep", pace)
            with Store.open(str(tmp_path / f"{len(heard)}.db")) as store:
                manager = TableManager(store, think_delay=1.0)
                try:
                    await _play(manager, dealer, history, computer, told)
                finally:
                    monkeypatch.setattr(asyncio, "sleep", real_sleep)
                    await manager.close()

    asyncio.run(go())
    first, second = heard
    for who in ("seat", "spectator"):
        assert len(first[who]) == len(second[who]) > 20
        for a, b in zip(first[who], second[who], strict=True):
            assert a == b
        for m in first[who]:
            if m != "pace":  # a seat hears only of its own declines; a spectator of none
                pairs = zip(m["view"]["events"], m["actors"], strict=True)
                assert not [e for e, by in pairs if e in DECLINE.values() and (who == "spectator" or by == 1)]
    if computer:
        assert first["seat"].count("pace") > 10  # the computer's plays were paced, the same number for both twins
