"""Exact meld arithmetic against an independent brute-force reference (tests/gin/gin_reference.py).

100,000 hands in all: 10 and 11 cards, uniformly random and meld-rich (built from overlapping
sets and runs). Then every minimal arrangement, and the defender's layoffs on random knocks.
"""

from __future__ import annotations

import random

import pytest
from gin_reference import (
    can_lay_off,
    cards_of,
    is_valid_meld,
    iter_hands,
    meld_rich_hand,
    points,
    random_hand,
    ref_deadwood,
    ref_layoff_deadwood,
    ref_minimal_arrangements,
)

from cardtable.cards import cards_to_mask, parse_cards
from cardtable.gin.melds import (
    canonical_arrangement,
    card_values,
    deadwood,
    deadwood_cards,
    is_meld,
    layoff_plan,
    minimal_arrangements,
)

HANDS_PER_CASE = 25_000  # x 4 cases = 100,000 hands


def mask(text: str) -> int:
    return cards_to_mask(parse_cards(text))


@pytest.mark.parametrize("size", [10, 11])
@pytest.mark.parametrize("rich", [False, True], ids=["random", "meld-rich"])
def test_minimum_deadwood_matches_brute_force(size: int, rich: bool) -> None:
    seed = 1000 * size + rich
    mismatches = []
    zero = 0
    for hand in iter_hands(seed, HANDS_PER_CASE, size, rich):
        want = ref_deadwood(hand)
        zero += want == 0
        if deadwood(hand) != want:
            mismatches.append((hex(hand), deadwood(hand), want))
    assert not mismatches, f"{len(mismatches)} wrong minima, e.g. {mismatches[:5]}"
    if rich:  # the generator really produces meld-rich hands, gin included
        assert zero > HANDS_PER_CASE // 20


def test_generators_make_the_hands_they_promise() -> None:
    rng = random.Random(5)
    for size in (10, 11):
        for _ in range(200):
            for hand in (random_hand(rng, size), meld_rich_hand(rng, size)):
                assert len(cards_of(hand)) == size and hand < 1 << 52
    rich = [ref_deadwood(meld_rich_hand(rng, 10)) for _ in range(2000)]
    assert sum(rich) / len(rich) < 20  # random 10-card hands average ~57


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 7, 12, 13])
def test_minimum_deadwood_any_number_of_cards(size: int) -> None:
    rng = random.Random(size)
    for _ in range(1500):
        hand = meld_rich_hand(rng, size) if rng.random() < 0.6 else random_hand(rng, size)
        assert deadwood(hand) == ref_deadwood(hand)


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        ("7H 8H 9H TH 7S 7D KC KD KS 2C", 2),  # G-06
        ("QS KS AS", 21),  # G-07
        ("KS AS 2S", 13),
        ("AS 2S 3S", 0),
        ("AS 2S 3S 4S 5H 5D 5C 9D TD JD QD", 0),  # G-05 big gin
        ("4D 5D 6D 7D 7S 7C 7H 2C 3H AS", 6),  # G-13
        ("5S 6S 7S 8S 9H 9D 9C KC 4H 3D 2C", 19),  # G-12, 11 cards
        ("5S 6S 7S 8S 9H 9D 9C 4H 3D 2C", 9),
        # sets crossing runs in two suits at once
        ("3S 4S 5S 5H 5D 6D 7D 3H 3D 4D", 8),  # 3S-5S and 3D-7D: 3H 5H left
        ("3S 4S 5S 5H 5D 6D 7D 3H 4H 3D", 3),  # 3H 4H 5H steals 5H; 3D is left
        ("4S 5S 6S 4H 5H 6H 4D 5D 6D 4C 5C", 0),  # three runs, or sets of 4s, 5s and 6s
        ("AS AH AD AC 2S 3S 2H 3H 2D 3D 2C", 0),
    ],
)
def test_known_hands(cards: str, expected: int) -> None:
    assert deadwood(mask(cards)) == expected == ref_deadwood(mask(cards))


def check_arrangement(hand: int, arrangement: tuple[int, ...], minimum: int) -> None:
    used = 0
    for meld in arrangement:
        assert is_valid_meld(meld) and is_meld(meld), f"not a meld: {cards_of(meld)}"
        assert meld & hand == meld, "meld uses a card that is not in the hand"
        assert not meld & used, "melds overlap"
        used |= meld
    assert points(hand & ~used) == minimum == card_values(deadwood_cards(hand, arrangement))
    runs = [m for m in arrangement if len({c % 13 for c in cards_of(m)}) > 1]
    for x in runs:  # touching runs of one suit are one run (2.4)
        for y in runs:
            assert x == y or not ((x << 1) & y and cards_of(x)[0] // 13 == cards_of(y)[0] // 13)


@pytest.mark.parametrize("size", [10, 11])
def test_minimal_arrangements_are_exactly_the_minimal_ones(size: int) -> None:
    rng = random.Random(77 + size)
    several = 0
    for n in range(4000):
        hand = meld_rich_hand(rng, size) if n % 4 else random_hand(rng, size)
        found = minimal_arrangements(hand)
        minimum = ref_deadwood(hand)
        assert found, "at least one arrangement"
        assert len(set(found)) == len(found) and found == sorted(found)
        for arrangement in found:
            check_arrangement(hand, arrangement, minimum)
        assert set(found) == ref_minimal_arrangements(hand), f"hand {cards_of(hand)}"
        assert canonical_arrangement(hand) == found[0]
        several += len(found) > 1
    assert several > 50  # the sample does exercise the arrangement choice


def knock_situations(seed: int, count: int) -> list[tuple[int, tuple[int, ...], int]]:
    """(knocker 10 cards, one of its minimal arrangements, defender 10 cards rich in layoff candidates)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        knocker = meld_rich_hand(rng, 10)
        arrangements = minimal_arrangements(knocker)
        melds = rng.choice(arrangements)
        if not melds:
            continue
        near = []
        for meld in melds:
            cs = cards_of(meld)
            ranks = sorted({c % 13 for c in cs})
            if len(ranks) == 1:
                near += [s * 13 + ranks[0] for s in range(4)]
            else:
                suit = cs[0] // 13
                near += [suit * 13 + r for r in range(max(0, ranks[0] - 3), min(13, ranks[-1] + 4))]
        near = [c for c in dict.fromkeys(near) if not knocker >> c & 1]
        rng.shuffle(near)
        defender = 0
        for c in near[: rng.randint(0, min(6, len(near)))]:
            defender |= 1 << c
        while len(cards_of(defender)) < 10:
            c = rng.randrange(52)
            if not (knocker | defender) >> c & 1:
                defender |= 1 << c
        out.append((knocker, melds, defender))
    return out


def test_layoff_plan_matches_brute_force() -> None:
    with_layoffs = chained = 0
    for knocker, melds, defender in knock_situations(2024, 4000):
        plan = layoff_plan(defender, melds)
        assert plan.deadwood == ref_layoff_deadwood(defender, melds), (cards_of(knocker), melds, cards_of(defender))
        # the plan itself is a legal showdown that reaches D
        extended = list(melds)
        laid = 0
        for card, idx in plan.layoffs:
            assert defender & card.bit and not laid & card.bit
            assert can_lay_off(card.index, extended[idx]), f"cannot lay {card} off onto {cards_of(extended[idx])}"
            extended[idx] |= card.bit
            laid |= card.bit
        own = 0
        for meld in plan.own_melds:
            assert is_valid_meld(meld) and meld & defender == meld and not meld & (own | laid)
            own |= meld
        assert plan.deadwood_mask == defender & ~laid & ~own
        assert points(plan.deadwood_mask) == plan.deadwood
        with_layoffs += bool(plan.layoffs)
        chained += any(sum(1 for _, i in plan.layoffs if i == k) > 1 for k in range(len(melds)))
    assert with_layoffs > 400 and chained > 40  # layoffs, and chains of them, are well exercised


@pytest.mark.parametrize(
    ("knocker_melds", "defender", "expected"),
    [
        (["5S 6S 7S"], "8S 9S TS 4S 3S KD QD JD 2H 2C", 4),  # chains at both ends, 2H 2C left
        (["7S 7H 7D"], "7C 8C 9C AD 2D 3H 4H 5H 6H KS", 13),  # 7C: lay off or meld, the same
        (["4D 5D 6D 7D", "7S 7C 7H"], "8D 9D KS KH KC 2S 3S 4S QC JH", 20),  # G-13 (a)
        (["4D 5D 6D", "7S 7D 7C 7H"], "8D 9D KS KH KC 2S 3S 4S QC JH", 37),  # G-13 (b): a set of 4 takes nothing
        (["3C 4C 5C", "7D 7H 7S", "JS QS KS"], "2D 2H 2S 9H TH JH 6C 7C QD 5H", 15),  # G-01
        (["JS QS KS"], "AS 2S TS 9S 8H 5D 6D 7D 4C 4H", 19),  # nothing above a king, nothing below an ace
    ],
)
def test_layoff_examples(knocker_melds: list[str], defender: str, expected: int) -> None:
    melds = tuple(mask(m) for m in knocker_melds)
    assert layoff_plan(mask(defender), melds).deadwood == expected == ref_layoff_deadwood(mask(defender), melds)
