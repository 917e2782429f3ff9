"""Cards: notation in and out, errors on junk, ordering helpers, the 52-card and pinochle decks."""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardtable.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    SPADES,
    Card,
    PinochleCard,
    cards_to_mask,
    format_cards,
    full_deck,
    mask_to_cards,
    parse_cards,
    pinochle_deck,
    sort_by_rank,
    sort_by_suit,
)
from cardtable.errors import CardtableError, InvalidNotationError


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("Q♠", 12, SPADES), ("QS", 12, SPADES), ("qs", 12, SPADES), ("Qs", 12, SPADES),
        ("10♦", 10, DIAMONDS), ("10D", 10, DIAMONDS), ("TD", 10, DIAMONDS), ("td", 10, DIAMONDS), ("10d", 10, DIAMONDS),
        ("A♥", 1, HEARTS), ("AH", 1, HEARTS), ("K♣", 13, CLUBS), ("KC", 13, CLUBS), ("2C", 2, CLUBS),
        (" 7h ", 7, HEARTS), ("J♤", 11, SPADES), ("9♡", 9, HEARTS), ("3♢", 3, DIAMONDS), ("4♧", 4, CLUBS),
    ],
)
def test_parse_every_form(text: str, rank: int, suit: int) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)
    assert card is Card(rank, suit)  # interned


def test_print_both_forms() -> None:
    assert str(Card.parse("10♦")) == "TD" and Card.parse("TD").pretty() == "10♦"
    assert str(Card.parse("Q♠")) == "QS" and Card.parse("qs").pretty() == "Q♠"
    assert Card.parse("AH").pretty() == "A♥" and Card.parse("KC").pretty() == "K♣"
    assert repr(Card.parse("TD")) == "Card.parse('TD')"
    assert eval(repr(Card.parse("7C")), {"Card": Card}) is Card.parse("7C")


@pytest.mark.parametrize("text", ["", " ", "Q", "QX", "11S", "ZZ", "10", "S", "♠Q", "QQS", "0S", "T", "10♦♦", "1 0D", "X♠", "AS,"])
def test_junk_is_rejected(text: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Card.parse(text)
    assert isinstance(info.value, CardtableError) and isinstance(info.value, ValueError)
    assert "card" in str(info.value)


def test_parse_cards_rejects_junk_inside_a_list() -> None:
    with pytest.raises(InvalidNotationError):
        parse_cards("AS KD junk")


@given(st.integers(0, 51))
def test_round_trip_every_card(index: int) -> None:
    card = Card.from_index(index)
    assert card.index == index and card.bit == 1 << index
    assert Card.parse(str(card)) is card and Card.parse(card.pretty()) is card
    assert Card.parse(str(card).lower()) is card
    assert card.index == card.suit * 13 + card.rank - 1


def test_card_values() -> None:
    assert [Card(r, SPADES).value for r in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert [Card(r, HEARTS).is_court for r in (1, 10, 11, 12, 13)] == [False, False, True, True, True]


def test_cards_are_immutable_values() -> None:
    card = Card.parse("QS")
    with pytest.raises(AttributeError):
        card.rank = 3  # type: ignore[misc]
    assert copy.copy(card) is card and copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    assert hash(card) == hash(Card(12, SPADES)) and card == Card(12, SPADES)
    assert len({Card.parse("QS"), Card.parse("Q♠"), Card.parse("qs")}) == 1


@pytest.mark.parametrize(("rank", "suit"), [(0, 0), (14, 0), (1, 4), (1, -1), ("A", 0), (1.0, 0)])
def test_bad_constructor_arguments(rank: object, suit: object) -> None:
    with pytest.raises(ValueError):
        Card(rank, suit)  # type: ignore[arg-type]


def test_ordering_helpers() -> None:
    cards = parse_cards("KC 2H AS TD 2S AH")
    assert format_cards(sort_by_suit(cards)) == "AS 2S AH 2H TD KC"
    assert format_cards(sort_by_rank(cards)) == "AS AH 2S 2H TD KC"
    assert Card.parse("AS") < Card.parse("KS") < Card.parse("AH") < Card.parse("AC")
    assert Card.parse("KC") > Card.parse("QC") >= Card.parse("QC") and Card.parse("2S") <= Card.parse("2S")
    assert sorted(cards) == sort_by_suit(cards)


def test_full_deck() -> None:
    deck = full_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert deck == sorted(deck) and deck[0] == Card.parse("AS") and deck[-1] == Card.parse("KC")
    assert sum(c.value for c in deck) == 4 * 85
    assert {(c.rank, c.suit) for c in deck} == {(r, s) for r in range(1, 14) for s in range(4)}
    deck.pop()
    assert len(full_deck()) == 52  # a fresh list each time


def test_card_lists_and_masks() -> None:
    cards = parse_cards("AS, 10♦ qh  2C")
    assert format_cards(cards) == "AS TD QH 2C" and format_cards(cards, pretty=True) == "A♠ 10♦ Q♥ 2♣"
    assert parse_cards("-") == [] and parse_cards("") == [] and format_cards([]) == "-"
    assert mask_to_cards(cards_to_mask(cards)) == sort_by_suit(cards)
    assert cards_to_mask(full_deck()) == (1 << 52) - 1


def test_pinochle_deck() -> None:
    deck = pinochle_deck()
    assert len(deck) == 48 and len(set(deck)) == 48
    faces = [c.card for c in deck]
    assert {c.rank for c in faces} == {1, 9, 10, 11, 12, 13}
    for face in set(faces):
        assert faces.count(face) == 2
    a, b = PinochleCard.parse("ASa"), PinochleCard.parse("ASb")
    assert a.card == b.card and a.card is Card.parse("AS")  # equal as cards ...
    assert a != b and hash(a) != hash(b) and len({a, b}) == 2  # ... but two physical cards
    assert (a.rank, a.suit) == (b.rank, b.suit) == (1, SPADES)
    assert a is PinochleCard(Card.parse("AS"), 0)
    assert a < b and sorted(deck) == sorted(deck, key=lambda c: c.index)


def test_pinochle_notation() -> None:
    card = PinochleCard.parse("10♦b")
    assert card is PinochleCard.parse("TDb") and card.copy == 1 and card.card == Card.parse("TD")
    assert str(card) == "TDb" and card.pretty() == "10♦b"
    assert pickle.loads(pickle.dumps(card)) is card and copy.deepcopy(card) is card
    assert PinochleCard.parse(str(card)) is card
    for bad in ("AS", "2Sa", "ASc", "a", "", "XSa"):
        with pytest.raises(InvalidNotationError):
            PinochleCard.parse(bad)
    with pytest.raises(ValueError):
        PinochleCard(Card.parse("2S"), 0)
    with pytest.raises(ValueError):
        PinochleCard(Card.parse("AS"), 2)
    with pytest.raises(AttributeError):
        card.copy = 0  # type: ignore[misc]
