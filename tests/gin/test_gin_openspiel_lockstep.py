"""The ``openspiel`` preset against OpenSpiel 2.0.2's ``gin_rummy``, played in lockstep.

Both engines get the same deal and the same actions (cardtable's mapped to OpenSpiel's ids);
at every decision the legal moves must be the same, both hands must end at the same step and
with the same returns (OpenSpiel's are zero-sum: the winner's points, negated for the loser).

How cardtable's moves map to OpenSpiel's, which lays its showdown out one step at a time:

* ``take`` / ``pass`` / ``draw`` / ``take knock`` -> ``Draw upcard`` / ``Pass`` / ``Draw stock`` / ``Knock``;
  ``discard C`` -> card ``C``; ``knock C`` -> ``Knock`` then ``C``;
* the knocker's arrangement -> its melds (runs longer than 5 cut into OpenSpiel's runs of 3-5),
  then ``Pass``; OpenSpiel's choices there are every set of melds it lets the knocker lay before
  passing (found by search), compared with cardtable's arrangements (touching runs joined);
* the defender's showdown, which cardtable plays itself (the best layoffs, 5.3) -> its layoffs in
  order, ``Pass``, its own melds, ``Pass``.

OpenSpiel's layoff search is narrower than 5.3 (at most two cards chained onto one end of a run),
which the preset does not copy (``gin_rummy.md`` 12); a hand where cardtable's best layoffs need
more is counted and must be rare, and OpenSpiel's best layoffs there may only be worse.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from cardtable.agents import make_agent
from cardtable.cards import Card, cards_to_mask, mask_to_cards
from cardtable.gin import GinAction, GinGame, GinRules, GinState, deadwood
from cardtable.gin.actions import TAKE
from cardtable.gin.openspiel_deadwood import openspiel_deadwood, openspiel_id

pyspiel = pytest.importorskip("pyspiel")

UPCARD, STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56
_OS_SUIT = {0: 0, 1: 3, 2: 2, 3: 1}  # cardtable S H D C -> OpenSpiel s c d h order
GAME = pyspiel.load_game("gin_rummy")
RULES = GinRules.preset("openspiel")


def os_card(card: Card) -> int:
    return _OS_SUIT[card.suit] * 13 + card.rank - 1


_FROM_OS = {os_card(Card.from_index(i)): Card.from_index(i) for i in range(52)}


def _meld_ids() -> dict[frozenset[int], int]:
    """OpenSpiel's meld action ids by the cards (OpenSpiel ids) they hold."""
    state = GAME.new_initial_state()
    out = {}
    for action in range(MELD_BASE, MELD_BASE + 185):
        text = state.action_to_string(0, action).split("Action: ")[1]
        cards = [text[i:i + 2] for i in range(0, len(text), 2)]
        out[frozenset(os_card(Card.parse(c[0] + c[1].upper())) for c in cards)] = action
    return out


MELD_ID = _meld_ids()
MELD_CARDS = {v: k for k, v in MELD_ID.items()}


def os_melds(melds: Sequence[int]) -> list[int]:
    """OpenSpiel meld actions for cardtable melds (masks): runs longer than 5 are cut into runs of 3-5."""
    out = []
    for meld in melds:
        cards = sorted(mask_to_cards(meld), key=lambda c: c.rank)
        while len(cards) > 5:
            out.append(MELD_ID[frozenset(os_card(c) for c in cards[:3])])
            cards = cards[3:]
        out.append(MELD_ID[frozenset(os_card(c) for c in cards)])
    return out


def canonical(melds: Sequence[frozenset[int]]) -> frozenset[frozenset[Card]]:
    """A set of melds (OpenSpiel card ids) with touching runs of one suit joined, as cardtable writes them."""
    groups = [{_FROM_OS[i] for i in m} for m in melds]
    merged = True
    while merged:
        merged = False
        for a in groups:
            for b in groups:
                if a is b or len({c.rank for c in a}) == 1 or len({c.rank for c in b}) == 1:
                    continue
                if next(iter(a)).suit == next(iter(b)).suit and max(c.rank for c in a) + 1 == min(c.rank for c in b):
                    a |= b
                    groups.remove(b)
                    merged = True
                    break
            if merged:
                break
    return frozenset(frozenset(g) for g in groups)


def arrangement_key(melds: Sequence[int]) -> frozenset[frozenset[Card]]:
    return frozenset(frozenset(mask_to_cards(m)) for m in melds)


def openspiel_layings(state: object) -> set[frozenset[frozenset[Card]]]:
    """Every set of melds OpenSpiel's knocker can lay before passing (search over its knock phase)."""
    found: set[frozenset[frozenset[Card]]] = set()

    def walk(st: object, laid: tuple[frozenset[int], ...]) -> None:
        for action in st.legal_actions():  # type: ignore[attr-defined]
            if action == PASS:
                found.add(canonical(laid))
            elif (action >= MELD_BASE and (not laid or action >= MELD_ID[laid[-1]])):  # melds in id order only
                child = st.clone()  # type: ignore[attr-defined]
                child.apply_action(action)
                walk(child, (*laid, MELD_CARDS[action]))

    walk(state, ())
    return found


def os_legal(state: object) -> set[int]:
    return set(state.legal_actions())  # type: ignore[attr-defined]


class Lockstep:
    """One hand played on both engines."""

    def __init__(self, rng: random.Random, rules: GinRules = RULES) -> None:
        self.rng = rng
        self.ours: GinState = GinGame(rules).new_hand(dealer=1)  # seat 0 acts first, as in OpenSpiel
        self.theirs = GAME.new_initial_state()
        self.layoff_limited = False
        deck = [Card.from_index(i) for i in range(52)]
        rng.shuffle(deck)
        p0, p1, up = deck[:10], deck[10:20], deck[20]
        for card in [*p0, *p1, up]:
            self.theirs.apply_action(os_card(card))
        for i in range(10):
            self.ours.apply(f"deal {p0[i]}")
            self.ours.apply(f"deal {p1[i]}")
        self.ours.apply(f"deal {up}")

    def check_same_turn(self) -> None:
        ours, theirs = self.ours, self.theirs
        assert ours.is_terminal() == theirs.is_terminal(), self.where()
        if ours.is_chance_node():
            assert theirs.is_chance_node()
            assert {os_card(a.card) for a in ours.legal_actions() if a.card} == os_legal(theirs)
        elif not ours.is_terminal():
            assert ours.current_player() == theirs.current_player(), self.where()

    def where(self) -> str:
        return f"cardtable {self.ours.phase} {[str(a) for a in self.ours.history[-6:]]}\nopenspiel {self.theirs}"

    @staticmethod
    def opening_move(action: GinAction) -> int:
        """OpenSpiel's first move for a cardtable move in a draw, discard or wall decision."""
        if action.kind == "discard":
            assert action.card is not None
            return os_card(action.card)
        return {"take": UPCARD, "draw": STOCK, "pass": PASS, "take knock": KNOCK, "knock": KNOCK}[action.kind]

    def step(self, choose: Callable[[GinState, list[GinAction]], GinAction]) -> None:
        ours, theirs = self.ours, self.theirs
        self.check_same_turn()
        if ours.is_chance_node():
            action = ours.sample_chance(self.rng)
            assert action.card is not None
            ours.apply(action)
            theirs.apply_action(os_card(action.card))
            return
        legal = ours.legal_actions()
        phase = ours.phase
        if phase == "arrange":
            assert {arrangement_key(a.melds) for a in legal} == openspiel_layings(theirs), self.where()
        elif phase == "wall-knock":  # OpenSpiel already took the upcard with its Knock
            assert {os_card(a.card) for a in legal if a.card} == os_legal(theirs), self.where()
        else:
            assert {self.opening_move(a) for a in legal} == os_legal(theirs), self.where()
        action = choose(ours, legal)
        ours.apply(action)
        if phase not in ("arrange", "wall-knock"):
            theirs.apply_action(self.opening_move(action))
        if action.kind == "knock":
            assert action.card is not None
            knock_cards = {os_card(a.card) for a in legal if a.kind == "knock" and a.card}
            assert knock_cards == os_legal(theirs), self.where()
            theirs.apply_action(os_card(action.card))
            if ours.phase != "arrange":
                self.lay_out()
        elif action.kind == "arrange":
            self.lay_out()

    def lay_out(self) -> None:
        """The rest of the showdown in OpenSpiel: the knocker's melds, then the defender's layoffs and melds."""
        ours, theirs = self.ours, self.theirs
        sd = ours.showdown
        assert sd is not None and ours.is_terminal()
        knocker_melds = [cards_to_mask(m) for m in sd.knocker_melds]
        assert {arrangement_key(knocker_melds)} <= openspiel_layings(theirs)
        for meld in os_melds(knocker_melds):
            assert meld in os_legal(theirs), self.where()
            theirs.apply_action(meld)
        theirs.apply_action(PASS)
        if sd.outcome != "gin":  # OpenSpiel skips the layoff step against gin
            for card, _ in sd.layoffs:
                if os_card(card) not in os_legal(theirs):
                    self.layoff_limited = True
                    return
                theirs.apply_action(os_card(card))
            theirs.apply_action(PASS)
        for meld in os_melds([cards_to_mask(m) for m in sd.defender_melds]):
            assert meld in os_legal(theirs), self.where()
            theirs.apply_action(meld)
        theirs.apply_action(PASS)

    def play(self, choose: Callable[[GinState, list[GinAction]], GinAction]) -> None:
        while not self.ours.is_terminal():
            self.step(choose)
        if self.layoff_limited:
            return
        assert self.theirs.is_terminal(), self.where()
        p = self.ours.returns()
        assert [int(x) for x in self.theirs.returns()] == [p[0] - p[1], p[1] - p[0]], self.where()


def random_player(rng: random.Random) -> Callable[[GinState, list[GinAction]], GinAction]:
    return lambda state, legal: rng.choice(legal)


def agent_player(level: str, seed: int) -> Callable[[GinState, list[GinAction]], GinAction]:
    agents = [make_agent("gin", level, seed=seed), make_agent("gin", level, seed=seed + 1)]
    return lambda state, legal: agents[state.current_player()].act(state.view(state.current_player()), legal)


def knock_happy(rng: random.Random) -> Callable[[GinState, list[GinAction]], GinAction]:
    """Greedy play that knocks whenever it can, on a random card, with a random arrangement: random
    play rarely gets its deadwood down to a knock, this reaches many showdowns of every kind."""
    def choose(state: GinState, legal: list[GinAction]) -> GinAction:
        knocks = [a for a in legal if a.kind in ("knock", "take knock", "arrange")]
        if knocks:
            return rng.choice(knocks)
        hand = state.hands[state.current_player()]
        discards = [a for a in legal if a.kind == "discard" and a.card]
        if discards:
            return min(discards, key=lambda a: (deadwood(hand & ~a.card.bit), rng.random()))  # type: ignore[union-attr]
        if TAKE in legal and state.discard and deadwood(hand | state.discard[-1].bit) - 10 < deadwood(hand) - 5:
            return TAKE
        return rng.choice([a for a in legal if a.kind != "take"] or legal)
    return choose


def chooser(style: str, seed: int, rng: random.Random) -> Callable[[GinState, list[GinAction]], GinAction]:
    if style == "simple":
        return agent_player("simple", seed)
    return knock_happy(rng) if style == "knock-happy" else random_player(rng)


def play_hand(style: str, seed: int, rules: GinRules = RULES) -> Lockstep:
    rng = random.Random(seed)
    hand = Lockstep(rng, rules)
    hand.play(chooser(style, seed, rng))
    return hand


@pytest.mark.parametrize(("style", "hands"), [("random", 300), ("simple", 300), ("knock-happy", 400)])
def test_openspiel_preset_plays_like_openspiel(style: str, hands: int) -> None:
    limited = 0
    ends: dict[str, int] = {}
    for seed in range(hands):
        hand = play_hand(style, seed)
        limited += hand.layoff_limited
        sd = hand.ours.showdown
        assert sd is not None
        ends[sd.result] = ends.get(sd.result, 0) + 1
    assert limited <= hands // 50, f"{limited} hands needed layoffs OpenSpiel does not offer"
    if style != "random":  # the hands reach showdowns of every kind
        assert ends.get("knock", 0) >= hands // 2 and ends.get("undercut", 0) and ends.get("tie", 0), ends


@pytest.mark.parametrize(("option", "old", "style", "seed"), [
    ("offer_take_returns", False, "random", 110),  # first upcard taken and returned twice
    ("knocker_melds", "minimal", "knock-happy", 911),  # the knocker keeps a meld back
    ("knock_check", "exact", "knock-happy", 356),  # OpenSpiel misses a legal knock
])
def test_the_lockstep_notices_each_former_difference(option: str, old: object, style: str, seed: int) -> None:
    """Each option the preset sets for OpenSpiel matters: with the other value, a known hand disagrees."""
    play_hand(style, seed)
    with pytest.raises(AssertionError):
        play_hand(style, seed, GinRules.preset("openspiel", **{option: old}))


def test_openspiel_deadwood_is_openspiels_figure() -> None:
    """cardtable's copy of OpenSpiel's 11-card figure against OpenSpiel's own, on random and meld-rich hands."""
    utils = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
    rng = random.Random(5)
    deck = [Card.from_index(i) for i in range(52)]
    above_exact = 0
    for k in range(3000):
        if k % 2:
            ranks = rng.sample(range(1, 14), 4)
            pool = [Card(r, s) for r in ranks for s in range(4)] + rng.sample(deck, 8)
            hand = rng.sample(list(dict.fromkeys(pool)), 11)
        else:
            hand = rng.sample(deck, 11)
        mask = cards_to_mask(hand)
        assert openspiel_deadwood(mask) == utils.min_deadwood([openspiel_id(c) for c in hand]), hand
        exact = min(deadwood(mask & ~c.bit) for c in hand)
        assert openspiel_deadwood(mask) >= exact
        above_exact += openspiel_deadwood(mask) > exact
    assert above_exact < 30


def test_the_research_codec_has_room_for_every_choice_of_melds() -> None:
    """AS 2S AH-4H AD 2D AC 2C after knocking KD: 44 ways to lay melds within the limit (16 minimal-only slots
    were too few); the adapters' codec gives the ``within-limit`` rules 128 arrangement slots."""
    from cardtable.adapters.gin import ARRANGE_ID, GinAdapter

    state = GinGame(RULES).from_position(
        "dealer: 1; phase: discard; turn: 0; hand0: AS 2S AH 2H 3H 4H AD 2D AC 2C KD; "
        "hand1: 5S 6S 7S 8D 9D TD JC QC KC 9H; discard: QH")
    state.apply("knock KD")
    arrangements = state.legal_actions()
    assert len(arrangements) == 44
    adapter = GinAdapter(preset="openspiel")
    ids = adapter.legal_ids(state)
    assert ids == list(range(ARRANGE_ID, ARRANGE_ID + 44)) and adapter.num_actions == ARRANGE_ID + 128
    assert [adapter.id_action(state, i) for i in ids] == arrangements
    assert adapter.action_id(state, arrangements[-1]) == ids[-1]
    assert GinAdapter().num_actions == ARRANGE_ID + 16


def test_knocker_choices_equal_openspiels_on_meld_rich_hands() -> None:
    """Every way OpenSpiel lets a knocker lay melds equals the preset's arrangements, on 300 meld-rich hands
    (sets, runs, four of a kind, runs longer than 5): the knocker takes a king upcard and knocks with it."""
    from cardtable.gin.melds import arrangements_within

    rng = random.Random(11)
    deck = [Card.from_index(i) for i in range(52)]
    checked = 0
    while checked < 300:
        ranks = rng.sample(range(1, 13), 3)
        suit, low = rng.randrange(4), rng.randrange(1, 7)
        pool = {Card(r, s) for r in ranks for s in range(4)} | {Card(r, suit) for r in range(low, low + 7)}
        pool |= set(rng.sample(deck, 3))
        pool = {c for c in pool if c.rank != 13}
        hand = rng.sample(sorted(pool, key=lambda c: c.index), 10)
        if deadwood(cards_to_mask(hand)) > 10:
            continue
        king = Card(13, rng.randrange(4))
        rest = [c for c in deck if c not in hand and c != king]
        rng.shuffle(rest)
        state = GAME.new_initial_state()
        for card in [*hand, *rest[:10], king]:
            state.apply_action(os_card(card))
        state.apply_action(UPCARD)
        if KNOCK not in os_legal(state):
            continue  # OpenSpiel's quick figure refused the knock (knock_check)
        state.apply_action(KNOCK)
        state.apply_action(os_card(king))
        ours = {arrangement_key(a) for a in arrangements_within(cards_to_mask(hand), 10)}
        assert ours == openspiel_layings(state), hand
        checked += 1
