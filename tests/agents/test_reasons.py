"""Hints explain themselves in words: every reason type, on set-up positions, says what is true there."""

from __future__ import annotations

import random

import pytest

from cardtable.agents.gin.tracking import Knowledge, parse_events
from cardtable.apps.hint_words import distinct, hint_reasons, value_words
from cardtable.casino import CasinoGame
from cardtable.gin import GinGame
from cardtable.pinochle import PinochleGame

GIN_DISCARD = ("dealer: 1; phase: discard; turn: 0; hand0: 7D 8D 9D KC KS KH 2C 3H 5S QC AS; "
               "hand1: AH 2H 4H 6H 8H TH 3C 5C 7C 9C; discard: 4D")


def why(state: object, move: str) -> list[str]:
    return hint_reasons(state, state.parse_action(move))  # type: ignore[attr-defined]


# --- Gin ----------------------------------------------------------------------------------------------
def test_gin_discard_keeps_melds_and_counts_deadwood() -> None:
    s = GinGame().from_position(GIN_DISCARD)
    assert why(s, "discard QC") == ["the Q♣ fits no meld of yours", "keeps your 7♦ 8♦ 9♦ run and your three kings",
                                    "leaves 11 points of deadwood"]
    assert why(s, "discard KS")[0] == "breaks up your three kings"


def test_gin_discard_that_makes_a_knock_ready_hand_says_so() -> None:
    s = GinGame().from_position("dealer: 1; phase: discard; turn: 0; hand0: 7D 8D 9D KC KS KH 2C 3H AS QC 4S; "
                                "hand1: AH 2H 4H 6H 8H TH 3C 5C 7C 9C; discard: 4D")
    assert "leaves 10 points of deadwood (low enough to knock next turn)" in why(s, "discard QC")


def test_gin_knock_and_gin_name_the_deadwood_and_the_limit() -> None:
    s = GinGame().from_position("dealer: 1; phase: discard; turn: 0; hand0: 7D 8D 9D KC KS KH 2C 3C 4C AS 5H; "
                                "hand1: AH 2H 4H 6H 8H TH 3D 5C 7C 9C; discard: 4D")
    assert why(s, "knock 5H")[0] == "knocking now: your deadwood 1 against the limit 10"
    s = GinGame().from_position("dealer: 1; phase: discard; turn: 0; hand0: 7D 8D 9D KC KS KH 2C 3C 4C 5C 5H; "
                                "hand1: AH 2H 4H 6H 8H TH 3D AS 7C 9C; discard: 4D")
    assert why(s, "knock 5H")[0] == "gin: no deadwood at all and the 25-point bonus"


def test_gin_take_names_the_meld_it_makes_and_a_useless_upcard_is_said_to_be_useless() -> None:
    base = ("dealer: 1; phase: draw; turn: 0; hand0: 7D 8D 9D KC KS KH 2C 3H 5S QC; "
            "hand1: AH 2H 4H 6H 8H TH 3C 5C 7C 9C; discard: 4D ")
    s = GinGame().from_position(base + "6D")
    assert why(s, "take") == ["the 6♦ makes your 6♦ 7♦ 8♦ 9♦ run", "your deadwood can drop from 20 to 10"]
    s = GinGame().from_position(base + "JH")
    assert why(s, "draw")[:2] == ["the J♥ makes no meld with your cards",
                                  "taking the J♥ would not lower your deadwood (20)"]


def test_gin_opponent_note_comes_from_what_the_opponent_did() -> None:
    """Over random hands: when the note says the opponent took a card, they did take it (their public
    take), and it is of the discarded card's rank or next to it in its suit."""
    rng = random.Random(4)
    seen = 0
    seen_gone: list[str] = []
    for _ in range(30):
        s = GinGame().new_hand(0)
        while not s.is_terminal() and (seen < 12 or not seen_gone):
            if s.is_chance_node():
                s.apply(s.sample_chance(rng))
                continue
            legal = s.legal_actions()
            if s.current_player() == 0 and s.phase == "discard":
                view = s.view(0)
                kn = Knowledge(seat=0, hand=0, opp_known=0, pile=0, unseen=0, opp_hidden=0)
                parse_events(view, kn)
                for a in legal:
                    if a.kind != "discard":
                        continue
                    for reason in hint_reasons(s, a):
                        if reason.startswith("the opponent took the"):
                            seen += 1
                            taken = {c for c in kn.opp_taken}
                            assert any(abs(i % 13 - a.card.index % 13) <= 2 for i in taken), reason
                        elif reason.startswith("the opponent "):
                            gone = kn.opp_discards if " threw away " in reason else kn.opp_declined
                            assert any(i % 13 == a.card.index % 13 for i in gone), reason
                            seen_gone.append(reason)
            s.apply(legal[rng.randrange(len(legal))])
    assert seen, "no position where the opponent's take mattered"
    assert any("threw away" in r for r in seen_gone), "no position where the opponent's discard mattered"


# --- Casino -------------------------------------------------------------------------------------------
def test_casino_capture_counts_cards_and_points_and_a_sweep_is_named() -> None:
    g = CasinoGame()
    s = g.from_position("dealer: 1; turn: 0; hand0: 3D 8S TS; hand1: 4H 9C 2H; table: 5C TD")
    assert why(s, "TS x TD") == ["takes the 10♦ from the table (2 points)"]
    s = g.from_position("dealer: 1; turn: 0; hand0: 8S KS 4C; hand1: 4H 9C 2H; table: 5C 3D")
    assert why(s, "8S x 5C+3D") == ["a sweep: clears the table (1 point)",
                                    "takes 2 cards from the table; 1 spade toward the most spades"]
    s = g.from_position("dealer: 1; turn: 0; hand0: 8S KS 4C; hand1: 4H 9C 2H; table: 5C 3D 7H")
    assert not any("sweep" in r for r in why(s, "8S x 5C+3D"))
    s = g.from_position("dealer: 1; turn: 0; hand0: AS KS 4C; hand1: 4H 9C 2H; table: AD 7H")
    assert why(s, "AS x AD") == ["takes the A♦ from the table (1 point), and your A♠ (1 point) with it"]
    s = g.from_position("dealer: 1; turn: 0; hand0: TD KS 4C; hand1: 5H 9C 2H; table: 6D 4H 2S 8C")
    assert why(s, "TD x 6D+4H 8C+2S")[1] == ("takes 4 cards from the table, including the 2♠ (1 point), "
                                            "and your 10♦ (2 points) with them")


def test_casino_build_is_one_you_can_take() -> None:
    s = CasinoGame().from_position("dealer: 1; turn: 0; hand0: 2S 6D 4C; hand1: 5H 9C 2H; table: 4H 7C")
    assert why(s, "2S b6 4H") == ["makes a 6-build you can take next turn with your 6♦, the 2♠ (1 point) with it"]


def test_casino_trail_says_what_it_gives_away() -> None:
    g = CasinoGame()
    s = g.from_position("dealer: 1; turn: 0; hand0: QS 6H; hand1: 4H 9C; table: KD")
    assert why(s, "6H trail") == ["gives nothing away: the 6♥ is no point card or spade, and no card on the table "
                                  "pairs or adds up with it", "nothing can be captured or built with your cards"]
    assert why(s, "QS trail") == ["no card on the table pairs or adds up with the Q♠",
                                  "the Q♠ can be taken only by a queen", "nothing can be captured or built with your cards"]
    s = g.from_position("dealer: 1; turn: 0; hand0: 3D 8S KS; hand1: 4H 9C 2H; table: 5C")
    assert why(s, "3D trail") == ["the 3♦ is no point card or spade for whoever takes it"]


def test_casino_a_move_that_leaves_your_build_says_it_keeps_it() -> None:
    s = CasinoGame().from_position("dealer: 1; turn: 0; hand0: 8S 4C KH; hand1: 4H 9C 2H; "
                                   "table: [single 8 @0: 5C+3D] AH KD")
    assert why(s, "KH x KD") == ["takes the K♦ from the table", "keeps your 8-build for next turn"]
    assert not any("keeps your" in r for r in why(s, "8S x [8]"))


# --- Pinochle -----------------------------------------------------------------------------------------
PIN = ("dealer: 0; leader: 1; trumpcard: KSb; hand1: ASa TSa KHa QHa 9Ca 9Cb JDa QSa KCa ACa 9Da; "
       "hand0: ASb TSb KHb QHb 9Ha 9Hb JDb QSb KCb TCb ACb 9Db; lead: TCa")


def test_pinochle_follow_wins_with_counters_or_lets_go_cheaply() -> None:
    s = PinochleGame().from_position(PIN)
    assert why(s, "play ACb") == ["wins the trick with 2 counters (20 points); the winner may meld"]
    assert why(s, "play 9Ha") == ["lets the trick go cheaply: the 9♥ is no counter", "keeps your A♠ for stage 2"]


def test_pinochle_says_when_no_card_can_win() -> None:
    s = PinochleGame().from_position(
        "dealer: 0; leader: 1; trumpcard: KSb; lead: ACa; hand1: ASa TSa KHa QHa 9Ca JDa QSa KCa TCa 9Da ASb; "
        "hand0: KHb QHb 9Ha 9Hb JDb 9Db KDa QDa JHa 9Cb KCb TCb")
    assert why(s, "play 9Cb") == ["lets the trick go cheaply: the 9♣ is no counter",
                                  "no card you may play wins this trick"]
    assert why(s, "play KCb") == ["no card you may play wins this trick"]


def test_pinochle_meld_names_its_points() -> None:
    s = PinochleGame().from_position(PIN)
    s.apply(s.parse_action("play ACb"))
    assert why(s, "meld marriage KHb QHb") == ["melds a marriage for 20"]
    assert why(s, "meld pinochle QSb JDb") == ["melds a pinochle for 40"]


def test_pinochle_lead_risks_nothing() -> None:
    s = PinochleGame().from_position(PIN.replace("; lead: TCa", "").replace("leader: 1", "leader: 0")
                                     .replace("9Da;", "9Da TCa;"))
    assert why(s, "play 9Hb")[0] == "leads the 9♥, which risks no points"


# --- shared -------------------------------------------------------------------------------------------
def test_values_read_as_points_per_hand_against_the_next_move() -> None:
    assert value_words([3.0, 1.5, 1.5, None]) == ["≈ 1.5 points per hand better than the next move",
                                                  "about as good as the next move", "", ""]
    assert value_words([2.0, 1.0]) == ["≈ 1 point per hand better than the next move", ""]
    assert value_words([5.0, -995.0]) == ["better than the next move", ""]
    assert distinct(["Play 9♥", "Play 9♥", "Play 9♠"]) == [0, 2]


@pytest.mark.parametrize("game", ["gin", "casino", "pinochle"])
def test_reasons_never_fail_on_random_positions(game: str, caplog: pytest.LogCaptureFixture) -> None:
    """Every legal move of random positions gets a list of short sentences (possibly empty), never an error
    (an error is logged and gives no reasons, so the log must stay empty)."""
    from cardtable.registry import make_game

    rng = random.Random(7)
    s = make_game(game).new_hand(0)
    steps = 0
    said = 0
    while not s.is_terminal() and steps < 400:
        if s.is_chance_node():
            s.apply(s.sample_chance(rng))
            continue
        legal = s.legal_actions()
        for a in legal[:6]:
            for r in hint_reasons(s, a):
                said += 1
                assert isinstance(r, str) and 0 < len(r) < 140 and not r.endswith("."), r
        s.apply(legal[rng.randrange(len(legal))])
        steps += 1
    assert not [r for r in caplog.records if r.name.startswith("cardtable.apps.hint_words")]
    assert said > 10
