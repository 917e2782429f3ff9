"""Action codecs: every legal move round-trips encode -> decode, and masks list exactly the encodings."""

from __future__ import annotations

import random

import pytest
from adapter_helpers import random_positions

from cardtable.adapters.casino import CAPTURE_ID, DONE_ID, ITEM_ID, NUM_ACTIONS, CasinoAdapter, move_path
from cardtable.adapters.gin import ARRANGE_ID, GinAdapter
from cardtable.adapters.pinochle import MELD_TABLE, PinochleAdapter
from cardtable.cards import Card
from cardtable.errors import IllegalActionError


@pytest.mark.parametrize(
    "adapter",
    [GinAdapter(), GinAdapter(preset="openspiel"), GinAdapter(preset="oklahoma"), PinochleAdapter(),
     PinochleAdapter(preset="hoyle"), PinochleAdapter(declare_out=True)],
    ids=["gin", "gin-openspiel", "gin-oklahoma", "pinochle", "pinochle-hoyle", "pinochle-declare-out"],
)
def test_flat_codec_round_trips_every_legal_move(adapter: object) -> None:
    positions = 0
    kinds: set[str] = set()
    for state in random_positions(adapter, 40, seed=11):
        legal = state.legal_actions()
        ids = [adapter.encode(state, a) for a in legal]  # type: ignore[attr-defined]
        assert all(len(i) == 1 and 0 <= i[0] < adapter.num_actions for i in ids)  # type: ignore[attr-defined]
        assert sorted(i[0] for i in ids) == adapter.legal_ids(state)  # type: ignore[attr-defined]
        assert len({i[0] for i in ids}) == len(legal)
        for action, code in zip(legal, ids):
            assert adapter.decode(state, code) == action  # type: ignore[attr-defined]
            kinds.add(action.kind)
        positions += 1
    assert positions > 300
    assert "play" in kinds or {"discard", "knock", "take", "draw", "pass"} <= kinds


def test_gin_arrangement_slots() -> None:
    adapter = GinAdapter()
    state = adapter.game_obj.from_position(
        "dealer: 1; phase: arrange; turn: 0; hand0: 4D 5D 6D 7D 7S 7C 7H 2C 3H AS; "
        "hand1: 8D 9D 2S 2H 5C 9C JC QS KH 4H; discard: KS QH; knock: TC")
    legal = state.legal_actions()
    assert len(legal) == 2
    assert adapter.legal_ids(state) == [ARRANGE_ID, ARRANGE_ID + 1]
    for slot, action in enumerate(legal):
        assert adapter.encode(state, action) == [ARRANGE_ID + slot]
        assert adapter.decode(state, [ARRANGE_ID + slot]) == action
    with pytest.raises(IllegalActionError):
        adapter.decode(state, [ARRANGE_ID + 2])


def test_flat_codec_rejects_illegal_ids() -> None:
    adapter = GinAdapter()
    state = next(iter(random_positions(adapter, 1, seed=3)))
    legal = set(adapter.legal_ids(state))
    for aid in range(adapter.num_actions):
        if aid not in legal:
            with pytest.raises(IllegalActionError):
                adapter.decode(state, [aid])


def test_pinochle_meld_table_is_every_meld_shape() -> None:
    counts: dict[int, int] = {}
    for kind, _ in MELD_TABLE:
        counts[kind] = counts.get(kind, 0) + 1
    # runs 32 per trump, royal marriages 4 per trump, marriages 4 per suit, dixes 2 per suit,
    # arounds 16 per kind, pinochles 4, double pinochle 1
    assert counts == {0: 128, 1: 16, 2: 16, 3: 8, 4: 16, 5: 16, 6: 16, 7: 16, 8: 4, 9: 1}
    assert len(set(MELD_TABLE)) == len(MELD_TABLE)


@pytest.mark.parametrize(
    "options",
    [{"num_players": 2}, {"num_players": 3}, {"num_players": 4},
     {"num_players": 2, "permissive_builds": True, "allow_duplicate_value_builds": True},
     {"num_players": 4, "build_for_partner": True, "court_capture": "all"}],
    ids=["2p", "3p", "4p", "2p-permissive-dup", "4p-partner"],
)
def test_casino_codec_round_trips_every_legal_move(options: dict[str, object]) -> None:
    adapter = CasinoAdapter(**options)  # type: ignore[arg-type]
    positions = moves = 0
    rng = random.Random(5)
    for state in random_positions(adapter, 20, seed=len(options) * 7 + adapter.num_players):
        codes = adapter.codes(state)
        legal = state.legal_actions()
        assert set(codes) == set(legal)
        assert len({tuple(c) for c in codes.values()}) == len(legal)
        assert adapter.legal_ids(state) == sorted({c[0] for c in codes.values()})
        for move, code in codes.items():
            assert all(0 <= a < NUM_ACTIONS for a in code)
            assert code == move_path(move)[: len(code)]
            assert adapter.decode(state, code) == move
            assert adapter.encode(state, move) == code
        # masks along some paths: exactly the next ids of the codes sharing the prefix
        for code in rng.sample(list(codes.values()), min(3, len(codes))):
            for k in range(len(code)):
                prefix = tuple(code[:k])
                expected = sorted({c[k] for c in codes.values() if tuple(c[:k]) == prefix and len(c) > k})
                assert adapter.legal_ids(state, prefix) == expected
        positions += 1
        moves += len(legal)
    assert positions > 400
    assert moves > positions


def test_casino_done_only_when_a_larger_move_shares_the_items() -> None:
    adapter = CasinoAdapter()
    state = adapter.game_obj.from_position("dealer: 1; turn: 0; hand0: 8S 3H; hand1: 7S 7D; table: 8D 8C")
    codes = {str(m): c for m, c in adapter.codes(state).items()}
    s8, d8, c8 = (Card.parse(t).index for t in ("8S", "8D", "8C"))
    assert codes["8S x 8D"] == [s8, CAPTURE_ID, ITEM_ID + d8, DONE_ID]
    assert codes["8S x 8D 8C"] == [s8, CAPTURE_ID, ITEM_ID + d8, ITEM_ID + c8]
    assert codes["8S x 8C"] == [s8, CAPTURE_ID, ITEM_ID + c8]
    assert adapter.legal_ids(state, (s8, CAPTURE_ID, ITEM_ID + d8)) == [ITEM_ID + c8, DONE_ID]
    for move in state.legal_actions():
        assert adapter.decode(state, adapter.encode(state, move)) == move
