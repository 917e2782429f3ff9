"""Issue #19, fair play: nothing a seat is told depends on where a card hidden from it lies.

For each game (Casino with 2, 3 and 4 players) and each phase, a random decision point and a twin
of it that the seat to act sees exactly the same (:mod:`refusal_privacy_support`) must answer every
move naming a hidden card the same: error class, message, rule, and the error's code and params
(issue 25: a front end words the refusal in its language from those). The legal moves, the hint
player's advice and its reasons in words, Casino's table-card picks and the seat's view (its log
lines included) must be the same too. Refusals name cards as players read them (``A♣``), never
with Pinochle's copy letters.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cardtable.agents import explaining_agent, make_agent
from cardtable.apps.hint_words import hint_reasons
from cardtable.cards import Card
from cardtable.errors import CardtableError
from cardtable.registry import make_game
from refusal_privacy_support import CONFIGS, Sample, hidden, places, probes, refusal, samples, twin, view_json

SEEDS = {"gin": range(40), "gin-openspiel": range(40), "casino2": range(12), "casino3": range(8), "casino4": range(8), "pinochle": range(30)}
PHASES = {
    "gin": {"first-upcard", "draw", "discard"},
    "gin-openspiel": {"arrange"},
    "casino2": {"play-first-round", "play-later"},
    "casino3": {"play-first-round", "play-later"},
    "casino4": {"play-first-round", "play-later"},
    "pinochle": {"lead", "follow", "meld", "stage2"},
}


def _gin_pick(state: Any, rng: random.Random) -> Any:
    """Gin played by the ``simple`` player (random Gin hands seldom reach a knock)."""
    return make_agent("gin", "simple", seed=rng.randrange(1000)).act(state.view(state.current_player()),
                                                                     state.legal_actions())


def _collect(config: str) -> list[Sample]:
    pick = _gin_pick if config.startswith("gin") else None
    return list(samples(config, SEEDS[config], pick=pick))


_SAMPLES = {config: _collect(config) for config in CONFIGS}


def _cases() -> list[Any]:
    return [pytest.param(s, id=f"{config}-{s.phase}-{i}") for config, found in _SAMPLES.items()
            for i, s in enumerate(found)]


def test_every_phase_is_sampled() -> None:
    """The samples reach each phase the issue names (Gin's knock step is the discard phase's knock,
    its arrangement follows the knock; Pinochle's dix exchange is probed in every stage-1 step)."""
    for config, want in PHASES.items():
        got = {s.phase for s in _SAMPLES[config]}
        assert want <= got, (config, sorted(got))


@pytest.mark.parametrize("sample", _cases())
def test_refusals_read_the_same_wherever_a_hidden_card_lies(sample: Sample) -> None:
    rng = random.Random(len(sample.history))
    state = sample.state()
    seat = state.current_player()
    cards = hidden(state, seat)
    if sample.phase == "stage2":  # Pinochle's stage 2 is played open: nothing is hidden from the mover
        assert cards == [] and not state.stock
        return
    other = twin(sample, seat, rng)
    if other is None:  # every hidden card in the same place (all in the stock): nowhere else to be
        assert len(places(state, cards)) == 1, "no twin position found"
        return
    assert other.current_player() == seat
    assert [str(a) for a in other.legal_actions()] == [str(a) for a in state.legal_actions()]
    checked = 0
    for card in cards:
        for text in probes(state, card):
            here, there = refusal(state, text), refusal(other, text)
            assert here == there, (text, here, there)  # class, message, rule, code and params
            assert here[0] == "legal" or here[3], (text, here)  # every refusal has a code
            assert not _copy_letters(here[1].split(": ", 1)[-1]), here  # the reason names cards as players do
            checked += 1
    assert checked > 0


def _copy_letters(text: str) -> list[str]:
    """Pinochle cards written with a copy letter (``ACa``) in ``text``."""
    return re.findall(r"(?<![A-Za-z0-9])(?:[AKQJ9T]|10)[SHDC][ab](?![A-Za-z0-9])", text)


@pytest.mark.parametrize("sample", [s for s in _SAMPLES["pinochle"] if s.phase in ("follow", "stage2")][:3]
                         + [s for s in _SAMPLES["gin"] if s.phase == "discard"][:1]
                         + [s for s in _SAMPLES["casino2"]][:2], ids=repr)
def test_hints_and_reasons_are_worked_out_from_the_view(sample: Sample) -> None:
    """The hint player (same seed) advises the same moves for the same reasons in both twins."""
    state = sample.state()
    seat = state.current_player()
    other = twin(sample, seat, random.Random(3))
    if other is None:  # nothing hidden (Pinochle's stage 2), or all of it in one place: nothing to compare
        assert len(places(state, hidden(state, seat))) <= 1
        return
    advice = []
    for s in (state, other):
        agent = explaining_agent(s.game_name, seed=11)
        assert agent is not None
        if hasattr(agent, "time_budget"):  # a fixed number of sampled worlds, not a clock: the same work twice
            agent = make_agent(s.game_name, agent.name, seed=11, time_budget=None, worlds=6)
        ranked = [(str(a), v) for a, v in agent.explain(s.view(seat), s.legal_moves(), 3)]
        reasons = [hint_reasons(s, s.parse_action(m)) for m, _ in ranked]
        advice.append((ranked, reasons))
    assert advice[0] == advice[1]


@pytest.mark.parametrize("config", ["casino2", "casino4"])
def test_casino_picks_answer_the_same_wherever_a_hidden_card_lies(config: str) -> None:
    """``moves_for_selection``/``selection_problem`` (the web's pick) for a hidden table pick or hand card."""
    checked = 0
    for sample in _SAMPLES[config][:6]:
        state = sample.state()
        seat = state.current_player()
        other = twin(sample, seat, random.Random(5))
        if other is None:
            assert len(places(state, hidden(state, seat))) == 1
            continue
        own = list(state.view(seat).hand)
        table = list(state.view(seat).table)
        for card in (Card.parse(c) for c in hidden(state, seat)):
            for hand_card, picks in [(own[0], [card]), (own[0], [card, *table[:1]]), (card, table[:1]), (card, [])]:
                answers = []
                for s in (state, other):
                    try:
                        moves = [str(m) for m in s.moves_for_selection(hand_card, picks)]
                        problem = s.selection_problem(hand_card, picks)
                        coded = (problem.code, dict(problem.params)) if problem is not None else ("", {})
                        answers.append(("ok", moves, str(problem), *coded))
                    except CardtableError as exc:
                        answers.append((type(exc).__name__, [], str(exc), exc.code, dict(exc.params)))
                assert answers[0] == answers[1], (hand_card, picks, answers)
                checked += 1
    assert checked > 0


def test_pinochle_refusals_in_the_players_words() -> None:
    """The issue's probes: a card the mover cannot see, and the stage-2 duties, never in copy letters."""
    game = make_game("pinochle")
    s = game.from_position("dealer: 1; phase: play; leader: 0; trumpcard: AHb; hand0: QSa +11; hand1: QSb ASa ASb +9")
    meld = game.from_position("dealer: 1; phase: meld; leader: 0; trumpcard: AHb; won0: 2; hand1: QSb +10; "
                              "hand0: QSa JDa +9")
    for state, text in ((s, "play QSb"), (s, "play ASa"), (s, "ASa"), (meld, "meld pinochle QSb JDa")):
        message = refusal(state, text)[1]
        assert "you do not hold" in message and not _copy_letters(message.split(": ", 1)[1]), message
    assert refusal(s, "play ASa")[1] == "play ASa: you do not hold the A♠ [4.1]"  # not "belongs to the other player"
    assert "you do not hold that copy of the Q♠ (you hold the other one)" in refusal(s, "play QSb")[1]
    assert refusal(meld, "meld pinochle QSb JDa")[1].endswith(": you do not hold that copy of the Q♠ (you hold the "
                                                               "other one) [6.3.1]")
    s2 = game.from_position("dealer: 0; phase: play; trump: H; trumpcard: -; tricks: 12; leader: 1; lead: ACa; "
                            "hand0: KCa 9Ha 9Hb TDa QDa ASa JSa JSb KSa KSb QSa QSb; hand1: 11; won0: 12; won1: 12")
    message = refusal(s2, "play 9Ha")[1]
    assert "stage 2 must follow suit and beat (A♣ led" not in message  # KC cannot beat the ace
    assert message.endswith("stage 2 must follow suit (A♣ led) [5.3a]"), message


def test_every_seat_has_twins_that_it_cannot_tell_apart() -> None:
    """The premise of the twins, for each of four Casino seats: the same view, different hidden cards."""
    sample = _SAMPLES["casino4"][0]
    state = sample.state()
    for seat in range(4):
        other = twin(sample, seat, random.Random(seat))
        assert other is not None and view_json(other, seat) == view_json(state, seat)
        assert other.to_position() != state.to_position()
