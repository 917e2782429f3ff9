"""Every numbered example of pinochle.md section 12 (P-01 .. P-15)."""

from __future__ import annotations

import pytest
from pinochle_support import again, game, legal, melds, pos

from cardtable.cards import PinochleCard
from cardtable.errors import IllegalActionError
from cardtable.pinochle import PinochleGame, PinochleRules, PinochleState
from cardtable.pinochle.deck import parse_card, parse_mask

JUNK = "9Sa 9Sb 9Ha 9Hb 9Da 9Db TSa TSb THa THb"
"""Ten cards that form no meld unless hearts, spades or diamonds are trump (no dix then)."""
MELD_HEARTS = "dealer: 1; phase: meld; leader: 0; trumpcard: AHb; won0: 2; hand1: 11"


# --- P-01 ------------------------------------------------------------------------------------
@pytest.mark.parametrize("requires", [False, True])
def test_p01_marriage_then_run(requires: bool) -> None:
    s = pos(MELD_HEARTS + "; hand0: KHa QHa AHa THa JHa +6", meld_requires_hand_card=requires)
    s.apply("meld royal-marriage KHa QHa")
    assert s.meld_points(0) == 40
    s = again(s)
    assert "meld run AHa THa KHa QHa JHa" in melds(s)
    s.apply("meld run AHa THa KHa QHa JHa")
    assert s.meld_points(0) == 190
    assert s.breakdown[0] == {"royal-marriage": 40, "run": 150}


# --- P-02 ------------------------------------------------------------------------------------
def test_p02_run_then_marriage() -> None:
    s = pos(MELD_HEARTS + "; hand0: AHa THa KHa QHa JHa KHb QHb +4")
    s.apply("meld run AHa THa KHa QHa JHa")
    assert s.meld_points(0) == 150
    s = again(s)
    ms = melds(s)
    assert "meld royal-marriage KHa QHa" not in ms
    assert "meld royal-marriage KHa QHb" not in ms
    assert "meld royal-marriage KHb QHb" in ms
    with pytest.raises(IllegalActionError, match=r"6\.3\.5"):
        s.apply("meld royal-marriage KHa QHa")
    s.apply("meld royal-marriage KHb QHb")
    assert s.meld_points(0) == 190


# --- P-03 ------------------------------------------------------------------------------------
def test_p03_different_kinds_share_a_card() -> None:
    s = pos("dealer: 1; phase: meld; leader: 0; trumpcard: ACb; won0: 2; hand1: 11;"
            "hand0: KSa QSa JDa QHa QDa QCa +5")
    s.apply("meld marriage KSa QSa")
    s = again(s)
    s.apply("meld pinochle QSa JDa")
    s = again(s)
    s.apply("meld queens-around QSa QHa QDa QCa")
    assert s.breakdown[0] == {"marriage": 20, "pinochle": 40, "queens-around": 60}
    assert dict(s.view(1).records)[PinochleCard.parse("QSa")] == ("marriage", "queens-around", "pinochle")


# --- P-04 ------------------------------------------------------------------------------------
P04 = ("dealer: 1; phase: meld; leader: 0; trumpcard: AHb; won0: 2; hand1: 11;"
       "melded0: KSa QSa; records: KSa=marriage QSa=marriage; points0: marriage=20;"
       "hand0: JSa JHa JDa JCa QSb +4")


@pytest.mark.parametrize("requires", [False, True])
def test_p04_meld_of_table_cards(requires: bool) -> None:
    s = pos(P04, meld_requires_hand_card=requires)
    s.apply("meld jacks-around JSa JHa JDa JCa")
    assert s.meld_points(0) == 60
    # the same turn: one meld per trick
    with pytest.raises(IllegalActionError, match=r"6\.1\.3"):
        s.apply("meld pinochle QSa JDa")
    s = again(s)
    if requires:
        assert "meld pinochle QSa JDa" not in melds(s)
        with pytest.raises(IllegalActionError, match=r"6\.3\.2"):
            s.apply("meld pinochle QSa JDa")
    else:
        s.apply("meld pinochle QSa JDa")
        assert s.meld_points(0) == 100


# --- P-05 ------------------------------------------------------------------------------------
def test_p05_second_around_needs_four_new_cards() -> None:
    s = pos("dealer: 1; phase: meld; leader: 0; trumpcard: KDb; won0: ASa 9Sa; hand1: 11;"
            "melded0: AHa ADa ACa; records: ASa=aces-around AHa=aces-around ADa=aces-around ACa=aces-around;"
            "points0: aces-around=100; hand0: ASb AHb ADb ACb +4")
    ms = melds(s)
    assert "meld aces-around ASb AHa ADa ACa" not in ms
    with pytest.raises(IllegalActionError, match=r"6\.3\.3"):
        s.apply("meld aces-around ASb AHa ADa ACa")
    s.apply("meld aces-around ASb AHb ADb ACb")
    assert s.meld_points(0) == 200


def test_p05_from_the_meld_and_a_later_trick() -> None:
    """The same story played out: aces melded, A♠a played to a trick."""
    s = pos("dealer: 1; phase: meld; leader: 0; trumpcard: KDb; won0: 2; hand1: 11;"
            "hand0: ASa AHa ADa ACa ASb AHb ADb ACb +3")
    s.apply("meld aces-around ASa AHa ADa ACa")
    while s.is_chance_node():
        s.apply(s.legal_actions()[0])
    s.apply("play ASa")
    records = dict(s.view(1).records)
    assert records[PinochleCard.parse("ASa")] == ("aces-around",)
    assert PinochleCard.parse("ASa") not in s.view(1).opponent_melded


# --- P-06 ------------------------------------------------------------------------------------
@pytest.mark.parametrize("trump", ["AHb", "KSb"])
def test_p06_identical_cards_stage1(trump: str) -> None:
    s = pos(f"dealer: 0; leader: 1; trumpcard: {trump}; hand1: ASa +11; hand0: ASb +11")
    s.apply("play ASa")
    s.apply("play ASb")
    assert s.leader == 1 and s.won[1] == parse_mask("ASa ASb")


@pytest.mark.parametrize("trump", ["H", "S"])
def test_p06_identical_cards_stage2(trump: str) -> None:
    s = pos(f"dealer: 0; leader: 1; trump: {trump}; trumpcard: -; won0: 12; won1: 12;"
            "hand1: ASa +11; hand0: ASb +11")
    s.apply("play ASa")
    assert "play ASb" in legal(s)  # must follow; ASb does not beat ASa
    s.apply("play ASb")
    assert s.leader == 1


# --- P-07 ------------------------------------------------------------------------------------
def _deal(trump_card: str, hands: tuple[str, str], dealer: int = 0) -> PinochleState:
    """A fresh hand dealt with chosen cards: ``hands`` are (non-dealer, dealer), 12 cards each."""
    s = PinochleGame().new_hand(dealer)
    nd, d = (h.split() for h in hands)
    order = []
    for k in range(3):
        order += nd[4 * k:4 * k + 4] + d[4 * k:4 * k + 4]
    for card in order:
        s.apply(f"deal {card}")
    s.apply(f"turnup {trump_card}")
    return s


def test_p07_turnup_dix() -> None:
    s = _deal("9Ca", ("ASa ASb TSa TSb KSa KSb QSa QSb JSa JSb 9Sa 9Sb",
                      "AHa AHb THa THb KHa KHb QHa QHb JHa JHb 9Ha 9Hb"), dealer=0)
    assert s.breakdown[0] == {"dix-turnup": 10}
    assert s.dix_scored == parse_mask("9Ca")
    assert not s.can_exchange(0) and not s.can_exchange(1)


def test_p07_turnup_other_dix_shown_or_played() -> None:
    base = ("dealer: 1; trumpcard: 9Ca; dix: 9Ca; points1: dix-turnup=10;")
    s = pos(base + f"phase: meld; leader: 0; won0: 2; hand0: 9Cb {JUNK}; hand1: 11")
    assert legal(s) == {"meld dix 9Cb", "no meld"}
    s.apply("meld dix 9Cb")
    assert s.breakdown[0] == {"dix": 10}
    s = pos(base + "phase: play; leader: 0; hand0: 9Cb +11; hand1: ACa +11")
    s.apply("play 9Cb")
    s.apply("play ACa")
    assert s.breakdown[0] == {"dix-played": 10} and s.leader == 1


def test_p07_exchange_plus_meld() -> None:
    s = pos("dealer: 1; phase: exchange; leader: 0; trumpcard: ACa; won0: 2; hand1: 11;"
            "hand0: 9Ca KCa QCa TCa JCa +6")
    assert legal(s) == {"exchange 9Ca", "no exchange"}
    s.apply("exchange 9Ca")
    assert s.breakdown[0] == {"dix-exchange": 10}
    assert s.trump_card == parse_card("9Ca") and s.concealed[0] >> parse_card("ACa") & 1
    assert s.phase == "meld"
    ms = melds(s)
    assert "meld royal-marriage KCa QCa" in ms
    assert "meld run ACa TCa KCa QCa JCa" in ms  # the card just received may be used
    s.apply("meld royal-marriage KCa QCa")
    assert s.meld_points(0) == 50
    assert s.view(1).opponent_known == (PinochleCard.parse("ACa"),)


def test_p07_playing_a_dix() -> None:
    text = "dealer: 1; phase: play; leader: 0; trumpcard: ACa; hand1: TCa +11;"
    s = pos(text + "hand0: 9Cb +11")
    s.apply("play 9Cb")
    s.apply("play TCa")  # P loses the trick and still scores
    assert s.breakdown[0] == {"dix-played": 10} and s.leader == 1
    shown = pos(text + "dix: 9Cb; melded0: 9Cb; records: 9Cb=dix; points0: dix=10; hand0: +11")
    shown.apply("play 9Cb")
    shown.apply("play TCa")
    assert shown.breakdown[0] == {"dix": 10}
    off = pos(text + "hand0: 9Cb +11", dix_scores_when_played=False)
    off.apply("play 9Cb")
    off.apply("play TCa")
    assert off.breakdown[0] == {}


def test_p07_exchanged_dix_in_stage2_scores_nothing() -> None:
    s = pos("dealer: 1; phase: draw-winner; leader: 0; trumpcard: 9Ca; dix: 9Ca; points0: dix-exchange=10;"
            "won0: 12; won1: 12; hand0: 11; hand1: 11")
    (only,) = s.legal_actions()
    s.apply(only)
    assert s.stage == 2 and s.concealed[1] >> parse_card("9Ca") & 1
    for lead in s.legal_actions():  # a lead of seat 0 that lets seat 1 play the dix
        t = s.clone()
        t.apply(lead)
        if "play 9Ca" in legal(t):
            t.apply("play 9Ca")
            break
    else:
        raise AssertionError("no lead lets the dix be played")
    assert t.breakdown[1] == {} and t.dix_scored == parse_mask("9Ca")


# --- P-08 ------------------------------------------------------------------------------------
def test_p08_last_stock_cards() -> None:
    s = pos("dealer: 1; phase: exchange; leader: 0; trumpcard: ACa; won0: 14; won1: 10;"
            "hand0: 9Ca KCa QCa +8; hand1: 11")
    assert s.stock.bit_count() == 1
    s.apply("exchange 9Ca")
    s.apply("meld royal-marriage KCa QCa")
    (draw,) = s.legal_actions()
    assert draw.kind == "draw"
    s.apply(draw)
    assert s.stage == 2 and s.trump_card == -1
    assert s.concealed[1] >> parse_card("9Ca") & 1 and s.known[1] == parse_mask("9Ca")
    assert s.melded == [0, 0]
    assert all(a.kind == "play" for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match=r"4\.4"):
        s.apply("meld pinochle QSa JDa")


def test_p08_loser_takes_the_trump_card() -> None:
    s = pos("dealer: 1; phase: draw-winner; leader: 1; trumpcard: ACa; won1: 14; won0: 10; hand0: 11; hand1: 11")
    s.apply(s.legal_actions()[0])
    assert s.concealed[0] >> parse_card("ACa") & 1 and s.view(1).opponent_known[0].card.rank == 1


# --- P-09 / P-10 ----------------------------------------------------------------------------
STAGE2 = "dealer: 0; leader: 1; trump: S; trumpcard: -; won0: 12; won1: 12; hand1: 11; lead: KDa;"


@pytest.mark.parametrize(("hand", "allowed"), [
    ("TDa QDa ASa", {"play TDa"}),
    ("QDa 9Da ASa", {"play QDa", "play 9Da"}),
    ("KDb QDa ASa", {"play KDb", "play QDa"}),
    ("9Sa AHa THa", {"play 9Sa"}),
    ("AHa THa ACa", None),
])
def test_p09_stage2_non_trump_lead(hand: str, allowed: set[str] | None) -> None:
    fill = "AHb KHa KHb QHa QHb JHa JHb 9Ha 9Hb"  # hearts: neither the led suit nor trump
    s = pos(STAGE2 + f"hand0: {hand} {fill}")
    plays = {a for a in legal(s) if a.startswith("play")}
    assert plays == (allowed if allowed is not None else {f"play {c}" for c in (hand + " " + fill).split()})


def test_p09_violation_names_the_rule() -> None:
    s = pos(STAGE2 + "hand0: TDa QDa ASa AHb KHa KHb QHa QHb JHa JHb 9Ha 9Hb")
    with pytest.raises(IllegalActionError, match=r"stage 2 must follow suit and beat.*5\.3a"):
        s.apply("play QDa")
    with pytest.raises(IllegalActionError, match=r"5\.3a"):
        s.apply("play ASa")
    t = pos(STAGE2 + "hand0: 9Sa AHa THa AHb KHa KHb QHa QHb JHa JHb 9Ha 9Hb")
    with pytest.raises(IllegalActionError, match=r"must trump.*5\.3b"):
        t.apply("play AHa")


@pytest.mark.parametrize(("hand", "allowed"), [
    ("ASa QSa", {"play ASa"}),
    ("ASa TSa QSa", {"play ASa", "play TSa"}),
    ("QSa", {"play QSa"}),
])
def test_p10_stage2_trump_lead(hand: str, allowed: set[str]) -> None:
    cards = hand.split()
    fill = "AHa AHb KHa KHb QHa QHb JHa JHb 9Ha 9Hb THa THb"
    s = pos(STAGE2.replace("KDa", "KSa") + f"hand0: {' '.join(cards + fill.split()[:12 - len(cards)])}")
    assert legal(s) == allowed


def test_p10_no_trump_any_card() -> None:
    s = pos(STAGE2.replace("KDa", "KSa") + "hand0: AHa AHb KHa KHb QHa QHb JHa JHb 9Ha 9Hb THa THb")
    assert len(legal(s)) == 12


# --- P-11 ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("counting", "expected"), [("simple", 55), ("classic", 50), ("modern", 50)])
def test_p11_counting(counting: str, expected: int) -> None:
    s = pos("dealer: 1; leader: 0; trump: C; trumpcard: -; won0: ASa ASb TSa KSa QSa JSa; won1: 40;"
            "hand0: QHa; hand1: 9Ha", counting=counting)
    s.apply("play QHa")
    s.apply("play 9Ha")
    assert s.is_terminal()
    assert s.counters[0] == expected
    result = PinochleGame(s.rules).hand_result(s)
    assert result.points[0] == expected and result.details["last_trick"] == 0


# --- P-12 ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("totals", "winner"), [
    ((1050, 1020), 0), ((1030, 1030), None), ((1010, 700), 0), ((990, 980), None), ((1000, 999), 0),
    ((980, 1000), 1),
])
def test_p12_game_end(totals: tuple[int, int], winner: int | None) -> None:
    outcome = game().match_outcome(totals, [])
    assert (outcome.winner if outcome else None) == winner


# --- P-13 ------------------------------------------------------------------------------------
P13 = ("dealer: 1; phase: meld; leader: 0; trumpcard: AHb; won0: 2; hand1: 11;"
       "melded0: QSa JDa; records: QSa=pinochle JDa=pinochle; points0: pinochle=40; hand0: QSb JDb +7")


def test_p13_default_second_pinochle() -> None:
    s = pos(P13)
    ms = melds(s)
    assert "meld pinochle QSb JDb" in ms
    assert not any("double" in m for m in ms)
    with pytest.raises(IllegalActionError, match=r"6\.2"):
        s.apply("meld double-pinochle QSa QSb JDa JDb")
    s.apply("meld pinochle QSb JDb")
    assert s.meld_points(0) == 80


def test_p13_double_pinochle_option() -> None:
    s = pos(P13, double_pinochle_300=True)
    s.apply("meld double-pinochle QSa QSb JDa JDb")
    assert s.meld_points(0) == 340
    s = again(s)
    assert "meld pinochle QSb JDb" not in melds(s)  # never a pinochle after a double pinochle
    both = pos(P13.replace("melded0: QSa JDa", "melded0: QSa JDa QSb JDb").replace(
        "records: QSa=pinochle JDa=pinochle", "records: QSa=pinochle JDa=pinochle QSb=pinochle JDb=pinochle").replace(
        "hand0: QSb JDb +7", "hand0: JHa JSa JCa +4"), double_pinochle_300=True)
    assert not any("double" in m for m in melds(both))
    with pytest.raises(IllegalActionError, match=r"6\.3\.5"):
        both.apply("meld double-pinochle QSa QSb JDa JDb")


# --- P-14 ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("lead", "follow", "leader_wins"), [
    ("THa", "AHa", False), ("AHa", "9Sa", False), ("AHa", "ADa", True), ("9Sa", "AHa", True), ("KDa", "9Ca", True),
])
def test_p14_stage1_tricks(lead: str, follow: str, leader_wins: bool) -> None:
    s = pos(f"dealer: 0; leader: 1; trumpcard: KSb; lead: {lead}; hand1: 11; hand0: {follow} ADb +10")
    s.apply(f"play {follow}")  # any card is legal in stage 1
    assert (s.leader == 1) == leader_wins


# --- P-15 ------------------------------------------------------------------------------------
def test_p15_one_meld_per_trick() -> None:
    s = pos(MELD_HEARTS + "; hand0: KHa QHa KSa QSa +7")
    ms = melds(s)
    assert {"meld royal-marriage KHa QHa", "meld marriage KSa QSa"} <= ms
    s.apply("meld royal-marriage KHa QHa")
    assert s.phase == "draw-winner"
    with pytest.raises(IllegalActionError, match=r"6\.1\.3"):
        s.apply("meld marriage KSa QSa")
    s = again(s)
    s.apply("meld marriage KSa QSa")
    assert s.meld_points(0) == 60


def test_rules_are_the_standard_preset() -> None:
    assert PinochleRules() == PinochleRules.preset("standard")
