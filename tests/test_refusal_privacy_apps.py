"""Issue #19 in the terminal app and line mode: a refused move and the move log read the same for two
matches that the person sees alike but whose hidden cards lie elsewhere (twin hands, see
:mod:`refusal_privacy_support`), whether it is the person's turn or not.

Line mode is driven through :class:`~cardtable.apps.plain.table.PlainTable` reading typed lines;
the terminal app through its :class:`~cardtable.apps.tui.session.TableSession` and, once, the
table screen itself.
"""

from __future__ import annotations

import asyncio
import io
import random
from typing import Any

import pytest

from cardtable.apps.words import refusal_text
from cardtable.errors import CardtableError
from cardtable.match import Match
from cardtable.registry import make_game
from refusal_privacy_support import Sample, hidden, probes, refusal, samples, twin

pytest.importorskip("textual", reason="the terminal app needs the cli extra")

from cardtable.apps.plain.table import PlainTable
from cardtable.apps.tui.session import TableSession

CASES = [("pinochle", "follow"), ("pinochle", "meld"), ("gin", "discard"), ("casino2", "play-later"),
         ("casino3", "play-first-round")]


def _sample(config: str, phase: str) -> Sample:
    for sample in samples(config, range(40), per_phase=3):
        if sample.phase == phase and twin(sample, sample.state().current_player(), random.Random(1)) is not None:
            return sample
    raise AssertionError(f"no {config} {phase} sample with a twin")


def _session(sample: Sample, history: list[str], human: int) -> TableSession:
    game = make_game(sample.game_name, **sample.options)
    match = Match(game, seat_names=[f"P{i}" for i in range(game.num_players)], first_dealer=sample.dealer)
    for text in history:
        match.apply(text)
    return TableSession(sample.game_name, ["random"] * (game.num_players - 1), match=match, human_seat=human)


def _line_mode(session: TableSession, texts: list[str]) -> str:
    """What line mode prints for each typed line (the moves listed first, as at the prompt)."""
    out = io.StringIO()
    table = PlainTable(session, io.StringIO("\n".join([*texts, "quit"]) + "\n"), out, saving=False)
    if session.human_to_act():
        table.show_moves()
    table._read_move()
    return out.getvalue()


def _session_answers(session: TableSession, texts: list[str]) -> list[str]:
    out = []
    for text in texts:
        try:
            session.play_human(text)
        except CardtableError as exc:
            out.append(f"{type(exc).__name__}: {exc}")
        else:  # pragma: no cover - a probe is never a legal move
            out.append(f"played {text}")
    return out


@pytest.mark.parametrize(("config", "phase"), CASES, ids=[f"{c}-{p}" for c, p in CASES])
def test_line_mode_and_the_session_answer_the_same_wherever_a_hidden_card_lies(config: str, phase: str) -> None:
    sample = _sample(config, phase)
    state = sample.state()
    mover = state.current_player()
    for human in (mover, (mover + 1) % state.num_players):
        other = twin(sample, human, random.Random(human))
        if other is None:  # the person's hidden cards all lie in one place (nothing can move)
            continue
        texts = [t for c in hidden(state, human)[:10] for t in probes(state, c)
                 if human != mover or refusal(state, t)[0] != "legal"]
        pair = [_session(sample, hist, human) for hist in (sample.history, [str(a) for a in other.history])]
        assert [x.text for x in pair[0].log] == [x.text for x in pair[1].log]  # the move log
        answers = [_session_answers(s, texts) for s in pair]
        assert answers[0] == answers[1]
        if human != mover:
            assert set(answers[0]) == {"CardtableError: it is not your turn"}
        assert len(pair[0].m.state.history) == len(sample.history)  # nothing was played
        if human == mover:
            said = [_line_mode(s, texts) for s in pair]
            assert said[0] == said[1]
            assert said[0].count("Not played.") >= len(texts) // 2
            for answer in answers[0]:  # line mode tells the engine's reason, in the words the browser shows
                if answer.startswith("IllegalActionError: ") and ": " in answer[20:]:
                    reason = refusal_text(answer[20:].split(": ", 1)[1]).rsplit(" [", 1)[0]
                    assert reason in said[0], (reason, said[0][-400:])


def test_the_terminal_table_says_the_same_wherever_a_hidden_card_lies() -> None:
    """The table screen's refusal line for a card in the opponent's hand and for one in the stock."""
    from cardtable.apps.tui.app import CardtableApp

    sample = _sample("pinochle", "follow")
    state = sample.state()
    seat = state.current_player()
    other = twin(sample, seat, random.Random(seat))
    assert other is not None
    opponent = state.hand(1 - seat) & ~other.hand(1 - seat)  # cards the twin moved from the opponent to the stock
    from cardtable.pinochle.deck import card_text, iter_bits

    texts = [f"play {card_text(i)}" for i in list(iter_bits(opponent))[:2]]
    texts += [f"play {card_text(i)}" for i in list(iter_bits(state.stock & ~other.stock))[:2]]
    shown: list[list[str]] = []
    for hist in (sample.history, [str(a) for a in other.history]):
        session = _session(sample, hist, seat)

        async def go(session: Any = session) -> list[str]:
            app = CardtableApp(resume=session, pace=0.0)
            lines = []
            async with app.run_test(size=(100, 32)) as pilot:
                await pilot.pause()
                screen = app.screen
                for text in texts:
                    assert not screen.play(text)
                    lines.append(screen._message)
            return lines

        shown.append(asyncio.run(go()))
    assert shown[0] == shown[1]
    assert all("you do not hold the" in line for line in shown[0]), shown[0]


def test_a_resumed_seedless_match_logs_each_move_by_its_real_actor() -> None:
    """The session's log of a match without a seed replays it from its own first dealer (it drew one at
    random, and then could tell the person "You draw the K♣" for the opponent's draw)."""
    from cardtable.cards import Card

    sample = _sample("gin", "discard")
    state = make_game("gin").new_hand(sample.dealer)
    actors = []
    for text in sample.history:
        actors.append(state.current_player())
        state.apply(text)
    human = state.current_player()
    secret = {Card.parse(c).pretty() for c in hidden(state, human)}
    for _ in range(8):
        session = _session(sample, sample.history, human)
        assert session.actors[0] == actors
        assert not [x.text for x in session.log if any(c in x.text.split() or c + "." in x.text.split() for c in secret)]
