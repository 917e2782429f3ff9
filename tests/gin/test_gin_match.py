"""Whole Gin games: dealer rotation (section 8), running points, target and bonuses (section 7)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from cardtable.agents import RandomAgent
from cardtable.gin import GinAction, GinGame, GinRules, GinView
from cardtable.gin.melds import deadwood
from cardtable.match import Match


class EagerAgent:
    """Knocks whenever it may, else discards the card that leaves the least deadwood; takes useful upcards."""

    name = "eager"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, view: GinView, legal: Sequence[GinAction]) -> GinAction:
        enders = [a for a in legal if a.kind in ("big gin", "knock", "take knock")]
        if enders:
            return enders[0]
        discards = [a for a in legal if a.kind == "discard" and a.card is not None]
        if discards:
            hand = sum(c.bit for c in view.hand)
            return min(discards, key=lambda a: (deadwood(hand & ~a.card.bit), self.rng.random()))  # type: ignore[union-attr]
        return legal[self.rng.randrange(len(legal))]


@pytest.mark.parametrize("preset", ["standard", "modern", "classic", "oklahoma", "openspiel"])
@pytest.mark.parametrize("seed", [1, 2])
def test_match_rotation_totals_and_end(preset: str, seed: int) -> None:
    match = Match("gin", seed=seed, preset=preset)
    outcome = match.play([EagerAgent(seed), EagerAgent(seed + 100)])
    game = match.game
    assert isinstance(game, GinGame)
    rules = game.rules
    hands = match.hands
    assert all(h.result is not None for h in hands)
    totals = [0, 0]
    for i, h in enumerate(hands):
        assert h.result is not None
        totals = [totals[0] + h.result.points[0], totals[1] + h.result.points[1]]
        assert tuple(totals) == h.totals_after
        assert sum(1 for p in h.result.points if p > 0) <= 1  # at most one player scores
        if i + 1 < len(hands):
            assert max(totals) < rules.target_score  # the game goes on only below the target
            expected = h.dealer if h.result.void else 1 - h.dealer
            assert hands[i + 1].dealer == expected
    assert totals == match.totals and max(totals) >= rules.target_score
    assert outcome == game.match_outcome(match.totals, match.results)
    reached = 0 if totals[0] >= rules.target_score else 1
    assert outcome.details["reached_target"] == reached
    won = [sum(1 for r in match.results if r.winner == s) for s in (0, 1)]
    base = [totals[s] + won[s] * rules.box_bonus for s in (0, 1)]
    base[reached] += rules.game_bonus
    assert outcome.final_totals[1 - reached] == base[1 - reached]
    assert outcome.final_totals[reached] >= base[reached]
    assert outcome.margin == abs(outcome.final_totals[0] - outcome.final_totals[1])
    assert len(match.score_sheet()) == len(hands) and "wins by" in match.format_score_sheet()


def test_first_dealer_is_drawn_from_the_seed() -> None:
    dealers = {Match("gin", seed=s).first_dealer for s in range(40)}
    assert dealers == {0, 1}
    assert Match("gin", seed=7).first_dealer == Match("gin", seed=7).first_dealer


def test_random_matches_end() -> None:
    for seed in range(3):
        match = Match("gin", seed=seed, preset="openspiel", target_score=30)
        match.play([RandomAgent(seed), RandomAgent(seed + 1)])
        assert match.is_over() and max(match.totals) >= 30


def test_agents_only_ever_get_views() -> None:
    seen: list[object] = []

    class Spy(RandomAgent):
        def act(self, view: object, legal_actions: Sequence[object]) -> object:  # type: ignore[override]
            seen.append(view)
            return super().act(view, legal_actions)

    Match("gin", seed=4, target_score=10).play([Spy(1), Spy(2)])
    assert seen and all(isinstance(v, GinView) for v in seen)


def test_custom_target() -> None:
    match = Match(GinGame(GinRules(target_score=1)), seed=3)
    outcome = match.play([EagerAgent(1), EagerAgent(2)])
    assert max(match.totals) >= 1 and outcome.winner in (0, 1)
    assert sum(1 for h in match.hands if h.result is not None and not h.result.void) == 1


def test_records_saved_before_the_openspiel_options_replay_as_before() -> None:
    """A record's rules dict written before offer_take_returns, knocker_melds and knock_check existed lacks
    them: it loads with their defaults, which are the old behaviour, and replays bit for bit."""
    from cardtable.record import GameRecord, _digest

    old_openspiel = GinRules.preset("openspiel", offer_take_returns=False, knocker_melds="minimal", knock_check="exact")
    match = Match(GinGame(old_openspiel), seed=3)
    match.play([EagerAgent(1), EagerAgent(2)])
    body = match.record().to_dict()
    for key in ("offer_take_returns", "knocker_melds", "knock_check"):
        del body["rules"][key]
    body.pop("digest")
    body["digest"] = _digest(body)
    again = GameRecord.from_dict(body).replay()
    assert again.totals == match.totals and again.state == match.state
