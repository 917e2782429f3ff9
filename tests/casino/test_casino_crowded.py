"""Crowded Casino tables (16 to 28 loose cards): everything answers at once and stays exact.

The issue's table (the lowest numerals loose, 10♦ 9♣ 8♥ 7♥ in hand) has
about 19,000 legal moves with 16 loose cards and 14.6 million with 24: the
single-move check, the count, the computer players, the move pickers and the
research adapter's codec must all work there without the list.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from casino_crowded_support import crowded_match, crowded_state, issue_table
from casino_positions import variants

from cardtable.adapters.casino import CasinoAdapter, move_path
from cardtable.agents import make_agent
from cardtable.agents.casino.evaluation import weights_for
from cardtable.cards import Card, parse_cards
from cardtable.casino import CasinoRules, CasinoState
from cardtable.casino.candidates import candidate_moves, default_worth, richest_captures
from cardtable.casino.legal_moves import LegalMoves
from cardtable.casino.values import NUMERALS, VALUE_MASK, loose_tables
from cardtable.errors import IllegalActionError

pytestmark = pytest.mark.serial  # timing-sensitive (the computer players' budgets on crowded tables (CPU time)): run alone, see pyproject's markers

RICH = "TD x 5S+5H 6S+4S 6H+4H 6D+4D 5D+4C+AS 3S+3H+3D+AH 2S+2H+2D+2C+AD+AC"
"""The richest capture of the 24-card issue table (21 of its cards)."""


def cpu(fn: object, repeat: int = 1) -> float:
    t0 = time.process_time()
    for _ in range(repeat):
        fn()  # type: ignore[operator]
    return (time.process_time() - t0) / repeat


def test_counts_of_the_issue_tables() -> None:
    state = issue_table(2, 16)
    assert state.legal_action_count() == len(state.legal_actions()) == len(set(state.iter_legal_actions()))
    big = issue_table(2, 24)
    assert big.legal_action_count() == 14_615_243
    assert isinstance(big.legal_moves(), LegalMoves)
    assert cpu(lambda: issue_table(3, 28).legal_action_count()) < 2.0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_single_moves_on_24_and_52_card_tables(players: int) -> None:
    state = issue_table(players, 24)
    moves = state.legal_moves()
    rng = random.Random(players)
    picks = [moves[rng.randrange(len(moves))] for _ in range(40)]
    for a in picks:
        assert state.can_apply(a)
        assert state.parse_action(str(a)) == a
    assert max(cpu(lambda a=a: state.verify_action(a), 5) for a in picks) < 0.02
    # all 24 (worth 84) never split into tens; 20 of them do, in any order and grouping
    assert not state.can_apply(state.parse_action("TD x " + " ".join(str(c) for c in state.table)))
    rich = state.parse_action(RICH)
    assert rich.kind == "capture" and rich.loose.bit_count() == 21 and state.can_apply(rich)
    assert state.parse_action(" ".join(reversed(RICH.replace("+", " ").split()[2:])).join(("td x ", ""))) == rich
    # an illegal move among millions is named precisely, fast
    bad = "TD x AS 2S"
    with pytest.raises(IllegalActionError) as info:
        state.apply(bad)
    assert "7.2.3" in info.value.rule
    # every numeral of the pack but the hand on the table
    full = crowded_state(CasinoRules(num_players=players), sum(1 << i for i in range(52) if i % 13 < 10) & ~state.hands[0],
                         rng, size=1)
    hand = full.hands[0]
    for a in [full.moveset().at(rng.randrange(full.legal_action_count())) for _ in range(10)]:
        assert cpu(lambda a=a: full.verify_action(a), 3) < 0.02
    assert full.legal_action_count() > 0 and hand


def test_agents_decide_within_budget_on_crowded_tables() -> None:
    for players in (2, 3, 4):
        for n in (16, 24):
            state = issue_table(players, n)
            for level in ("easy", "medium", "hard"):
                agent = make_agent("casino", level, seed=1)
                # CPU time, not wall time: the machine is shared with the other test worker
                t0 = time.process_time()
                action = agent.act(state.view(0), state.legal_moves())
                took = time.process_time() - t0
                assert state.can_apply(action)
                assert took < (1.5 if level == "hard" else 1.0), (level, players, n, took)
                if level != "hard":
                    assert action.kind == "capture" and action.card == Card.parse("TD")


def test_lazy_moves_name_a_move_without_listing() -> None:
    state = issue_table(3, 24)
    moves = state.legal_moves()
    assert isinstance(moves, LegalMoves)
    rng = random.Random(4)
    for a in (moves[rng.randrange(len(moves))] for _ in range(20)):
        assert moves.named(str(a)) == a and a in moves
    assert moves.named(RICH) == state.parse_action(RICH)
    assert moves.named("TD x AS 2S") is None and moves.named("nonsense") is None and moves.named("KS trail") is None


def test_ordinary_tables_keep_the_list() -> None:
    state = issue_table(2, 8)
    assert isinstance(state.legal_moves(), list)
    assert state.picker_moves() == state.legal_actions()


def test_picker_and_selection_on_a_crowded_table() -> None:
    state = issue_table(4, 24)
    listed = state.picker_moves()
    assert 0 < len(listed) < 400 and all(state.can_apply(a) for a in listed)
    td = Card.parse("TD")
    chosen = parse_cards("6S 4S 5S 5H")
    got = state.moves_for_selection(td, chosen)
    assert [str(a) for a in got] == ["TD x 5S+5H 6S+4S"]
    seven = Card.parse("7H")
    builds = state.moves_for_selection(seven, parse_cards("AS 2S"))
    assert {a.kind for a in builds} == {"build"} and {a.value for a in builds} == {10}
    assert state.moves_for_selection(td, parse_cards("AS 2S")) == []


def test_codec_counts_agree_with_the_tree() -> None:
    """The counting codec gives the tree codec's ids, codes and moves, step by step."""
    rng = random.Random(3)
    for k in range(12):
        players = 2 + k % 3
        options = variants(players)[k % 6]
        rules = CasinoRules(**options)
        low = [i for i in range(52) if i % 13 < 5]
        loose = sum(1 << i for i in rng.sample(low, rng.randint(3, 10)))
        state = crowded_state(rules, loose, rng)
        for _ in range(3):
            if state.current_player() < 0:
                break
            tree, direct = CasinoAdapter(rules=rules), CasinoAdapter(rules=rules)
            direct.direct = True
            assert direct.legal_ids(state) == tree.legal_ids(state)
            codes = tree.codes(state)
            for move, code in list(codes.items())[:40]:
                assert direct.encode(state, move) == code
                pending: tuple[int, ...] = ()
                for aid in code:
                    assert direct.legal_ids(state, pending) == tree.legal_ids(state, pending), (move, pending)
                    pending, made = direct.advance(state, pending, aid)
                assert made == move and move_path(made)[:1] == code[:1]
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def codec_agrees(state: CasinoState, rules: CasinoRules, limit: int = 25) -> None:
    tree, direct = CasinoAdapter(rules=rules), CasinoAdapter(rules=rules)
    direct.direct = True
    assert direct.legal_ids(state) == tree.legal_ids(state)
    for move, code in list(tree.codes(state).items())[:limit]:
        assert direct.encode(state, move) == code
        pending: tuple[int, ...] = ()
        for aid in code:
            assert direct.legal_ids(state, pending) == tree.legal_ids(state, pending), (move, pending)
            pending, made = direct.advance(state, pending, aid)
        assert made == move


def test_codec_counts_agree_with_the_tree_where_builds_stand() -> None:
    """Decision points of random hands with builds on the table (raises, merges, partners' builds)."""
    rng = random.Random(21)
    seen = 0
    for players in (2, 3, 4):
        for options in variants(players):
            rules = CasinoRules(**options)
            state = CasinoState(rules, dealer=0)
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply(state.sample_chance(rng))
                    continue
                if state.builds and rng.random() < 0.3:
                    codec_agrees(state, rules, 12)
                    seen += 1
                legal = state.legal_actions()
                builds = [a for a in legal if a.kind == "build"]
                state.apply(rng.choice(builds) if builds and rng.random() < 0.5 else rng.choice(legal))
    assert seen > 30


def test_codec_on_a_24_card_table() -> None:
    state = issue_table(3, 24)
    adapter = CasinoAdapter(num_players=3)
    t0 = time.process_time()
    ids = adapter.legal_ids(state)
    assert ids == sorted(c.index for c in state.hand(0))
    move = state.parse_action(RICH)
    code = adapter.encode(state, move)
    assert adapter.decode(state, code) == move
    pending: tuple[int, ...] = ()
    for aid in code[:-1]:
        pending, _ = adapter.advance(state, pending, aid)
        assert code[len(pending)] in adapter.legal_ids(state, pending)
    assert time.process_time() - t0 < 10


def test_richest_capture_is_the_exhaustive_best_on_ordinary_tables() -> None:
    """The players' threat estimate: the best capture by value counts equals the best over every subset."""
    rng = random.Random(8)
    for _ in range(400):
        loose = sum(1 << i for i in rng.sample(range(52), rng.randint(0, 12)))
        w = weights_for([rng.randrange(1 << 52) & ~loose, 0], 1) if rng.random() < 0.5 else weights_for([0, 0], 1)
        richest = richest_captures(loose, w.points)
        tables = loose_tables(loose)
        for v in range(1, 11):
            best, best_pts = 0, 0.0
            for f in tables.partitionable(v):
                if f and (w.points(f) > best_pts or (w.points(f) == best_pts and f.bit_count() > best.bit_count())):
                    best, best_pts = f, w.points(f)
            assert w.points(richest[v]) == best_pts and richest[v].bit_count() == best.bit_count()
            assert (richest[v] == loose & NUMERALS & sum(VALUE_MASK[1:v + 1])) == (best == loose & NUMERALS & sum(VALUE_MASK[1:v + 1]))


def test_browser_table_lists_a_few_moves_and_takes_a_picked_selection(tmp_path: Any) -> None:
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    import secrets

    from fastapi.testclient import TestClient

    from cardtable.apps.web.server import create_app
    from cardtable.apps.web.tables import SeatSpec, Table, hash_token

    app = create_app(str(tmp_path / "web.db"), rate=100_000, burst=100_000)
    with TestClient(app) as client:
        manager = client.app.state.manager  # type: ignore[attr-defined]
        match = crowded_match()
        token = secrets.token_urlsafe(24)
        specs = [SeatSpec("human", "You", None, hash_token(token)), SeatSpec("human", "Bo", None, hash_token("x" * 32))]
        table = Table(id=secrets.token_hex(8), match=match, seats=specs, game_id=0, manager=manager)
        manager._save(table, new=True)
        manager.tables[table.id] = table
        with client.websocket_connect(f"/ws/{table.id}") as ws:
            ws.send_json({"t": "join", "token": token})
            msg = ws.receive_json()
            token = msg["token"]  # the invite is claimed: the player's own token opens the seat from now on
            assert msg["more_moves"] == match.state.legal_action_count() - len(msg["legal"]) > 1_000_000
            assert 4 <= len(msg["legal"]) <= 4 * 13
            # a capture no button lists: picked on the table, checked by the server as one move
            bad = "TD x AS AH AD AC 2S 2H 2D 2C"  # worth 12: named precisely, nothing changes
            ws.send_json({"t": "act", "m": bad, "n": msg["n"]})
            err = ws.receive_json()
            assert err["t"] == "error" and "7.2.3" in err["msg"] and table.version == msg["n"]
            move = "TD x AS AH 4S 4H 5S 5H"
            assert move not in {a["m"] for a in msg["legal"]}
            ws.send_json({"t": "act", "m": move, "n": msg["n"]})
            after = ws.receive_json()
            assert after["t"] == "state", after
            assert str(match.state.history[-1]) == "TD x 5S+5H 4S+4H+AS+AH"
            ws.send_json({"t": "act", "m": "9C x 5S 5H", "n": after["n"]})
            assert ws.receive_json()["t"] == "error"  # not this seat's turn any more
        with client.websocket_connect(f"/ws/{table.id}") as bo:  # Bo trails: the table stays crowded
            bo.send_json({"t": "join", "token": "x" * 32})
            n = bo.receive_json()["n"]
            bo.send_json({"t": "act", "m": "6C trail", "n": n})
            assert bo.receive_json()["t"] == "state"
        with client.websocket_connect(f"/ws/{table.id}") as ws:  # a hint for seat 0, worked out without the list
            ws.send_json({"t": "join", "token": token})
            msg = ws.receive_json()
            assert msg["to_act"] == 0 and msg.get("more_moves", 0) > 0
            ws.send_json({"t": "hint"})
            reply = ws.receive_json()
            while reply["t"] != "hints":
                reply = ws.receive_json()
            assert reply["hints"] and all(match.state.can_apply(match.state.parse_action(h["m"])) for h in reply["hints"])


def test_candidates_are_legal_and_keep_every_trail_and_the_richest_capture() -> None:
    rng = random.Random(33)
    for players in (2, 3, 4):
        for options in variants(players):
            state = CasinoState(CasinoRules(**options), dealer=1)
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply(state.sample_chance(rng))
                    continue
                legal = state.legal_actions()
                found = candidate_moves(state.moveset())
                assert found and set(found) <= set(legal)
                assert {a for a in legal if a.kind == "trail"} <= set(found)
                for ci in {a.card.index for a in legal if a.kind == "capture" and not a.builds}:
                    best = max(default_worth(a.loose) for a in legal if a.kind == "capture" and a.card.index == ci
                               and not a.builds)
                    mine = [default_worth(a.loose) for a in found if a.kind == "capture" and a.card.index == ci]
                    assert mine and max(mine) >= best - 1e-9, state.to_position()
                state.apply(rng.choice(legal))
