"""Public Casino helpers for tools, UIs and analysis, without a running hand.

* :func:`score_piles`: the score of a hand (section 9) from the capture piles and sweeps;
* :func:`validate_build`: whether a build may lie on the table (12.2-12.5), with the reason if not;
* :func:`moves_as_if`: the moves a seat could make on the current table if it were its turn
  (what a player must fear from an opponent, or a hint for a seat that is not to play).

>>> from cardtable.casino import CasinoGame
>>> [s.total for s in score_piles(["TD AS 2S 3S", "2H 3H 4H 5H 6H"], [1, 0])]
[6, 3]
>>> validate_build("single 8 @1: 5C+3D", [["KS"], ["8H", "2C"]])
Build(value=8, cards=..., groups=(...,), controller=1)
>>> state = CasinoGame().from_position("dealer: 1; turn: 0; hand0: 3D 8S; hand1: 4H 9C; table: 5C")
>>> [str(a) for a in moves_as_if(state, 1)]
['4H b9 5C', '4H trail', '9C trail']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card, parse_cards
from ..error_codes import Phase
from ..errors import InvalidNotationError, InvalidPositionError
from .actions import CasinoAction
from .builds import Build, parse_build
from .hand_state import PLAY, HandState
from .legal_moves import LegalMoves, is_crowded
from .moves import MoveSet, generate_moves
from .rules import CasinoRules
from .scoring import SideScore, score_hand
from .values import held_values

__all__ = ["Cards", "card_mask", "score_piles", "validate_build", "moves_as_if"]

Cards = int | str | Iterable[Card | str]
"""Cards as a bitmask, a text such as ``"TD AS 2S"``, or an iterable of cards or card texts."""


def card_mask(cards: Cards, what: str) -> int:
    """The bitmask of ``cards``; a card given twice or unreadable is an :class:`InvalidPositionError` naming ``what``."""
    if isinstance(cards, int):
        if not 0 <= cards < 1 << 52:
            raise InvalidPositionError.from_code("casino.position.bitmask", what=what)
        return cards
    try:
        items = parse_cards(cards) if isinstance(cards, str) else [c if isinstance(c, Card) else Card.parse(c) for c in cards]
    except InvalidNotationError as exc:
        raise InvalidPositionError.from_code("position.field_invalid", key=what, error=exc) from None
    mask = 0
    for c in items:
        if mask & c.bit:
            raise InvalidPositionError.from_code("casino.position.card_twice", what=what, card=c)
        mask |= c.bit
    return mask


def score_piles(piles: Sequence[Cards], sweeps: Sequence[int] | None = None,
                rules: CasinoRules | None = None) -> tuple[SideScore, ...]:
    """Score a finished hand from each side's capture pile and sweep count (section 9).

    ``piles`` holds one pile per side (the residue already added to the last capturer's
    side); ``sweeps`` defaults to none. Sweep points come from ``rules`` (default: standard).
    """
    rules = rules if rules is not None else CasinoRules()
    if len(piles) != rules.num_sides:
        raise InvalidPositionError.from_code("casino.position.piles", num_sides=rules.num_sides, n_piles=len(piles))
    sweeps = list(sweeps) if sweeps is not None else [0] * rules.num_sides
    if len(sweeps) != rules.num_sides or any(not isinstance(s, int) or s < 0 for s in sweeps):
        raise InvalidPositionError.from_code("casino.position.sweep_counts", num_sides=rules.num_sides)
    masks = [card_mask(p, f"pile {i}") for i, p in enumerate(piles)]
    seen = 0
    for i, m in enumerate(masks):
        if seen & m:
            raise InvalidPositionError.from_code("casino.position.piles_overlap", i=i)
        seen |= m
    return score_hand(masks, sweeps, rules.sweep_points)


def validate_build(build: Build | str, hands: Sequence[Cards], rules: CasinoRules | None = None,
                   others: Sequence[Build] = ()) -> Build:
    """The build, checked against the hands and the ``others`` already on the table; else
    :class:`InvalidPositionError` naming the rule broken.

    ``build`` is a :class:`Build` or its text (``single 8 @1: 5C+3D``, brackets optional).
    Checked: well-formed groups of its value without court cards (12.2, 12.3), a controller
    seat that holds a card of the build's value (12.4), no other build of that value unless
    ``allow_duplicate_value_builds`` (12.5), and no card in two places.
    """
    rules = rules if rules is not None else CasinoRules()
    if isinstance(build, str):
        build = parse_build(build.strip().removeprefix("[").removesuffix("]"))
    else:
        build.check()
    masks = [card_mask(h, f"hand {i}") for i, h in enumerate(hands)]
    if len(masks) != rules.num_players:
        raise InvalidPositionError.from_code("casino.position.hands", num_players=rules.num_players, n_masks=len(masks))
    if not 0 <= build.controller < rules.num_players:
        raise InvalidPositionError.from_code("casino.position.build_controller", build=build, last=rules.num_players - 1)
    if not held_values(masks[build.controller]) >> build.value & 1:
        raise InvalidPositionError.from_code("casino.position.build_unheld", build=build, value=build.value)
    placed = 0
    for m in [*masks, *(b.cards for b in others)]:
        placed |= m
    if placed & build.cards:
        raise InvalidPositionError.from_code("casino.position.build_cards", build=build)
    if not rules.allow_duplicate_value_builds and any(b.value == build.value for b in others):
        raise InvalidPositionError.from_code("casino.position.builds_share_value")
    return build


def moves_as_if(state: HandState, seat: int, hand: Cards | None = None) -> Sequence[CasinoAction]:
    """The legal moves of ``seat`` on ``state``'s table as if it were its turn, with its own hand or ``hand``
    (say, a guess at a hidden hand). The same rules as :meth:`CasinoState.legal_actions`; on a crowded
    table a lazy :class:`~cardtable.casino.legal_moves.LegalMoves` (``len`` counts, ``in`` checks one move).
    """
    if not 0 <= seat < state.num_players:
        raise ValueError(f"seat must be 0..{state.num_players - 1}")
    if state.phase != PLAY:
        raise InvalidPositionError.from_code("casino.position.not_playing", phase=Phase(state.phase))
    held = state.hands[seat] if hand is None else card_mask(hand, "hand")
    on_table = held & (state.loose | sum(b.cards for b in state.builds))
    if on_table:
        raise InvalidPositionError.from_code("casino.position.hand_on_table", card=Card.from_index(on_table.bit_length() - 1))
    moves = MoveSet(state.rules, seat, held, state.loose, state.builds)
    if is_crowded(moves):
        return LegalMoves(moves)
    return generate_moves(state.rules, seat, held, state.loose, state.builds)
