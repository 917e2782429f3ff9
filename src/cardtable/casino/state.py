"""The Casino hand: explicit per-card deals, moves, sweeps, residue and scoring.

Chance is explicit: every dealt card is a chance step (``deal 7H``), in the
order of sections 5.3/5.4; the first card of the final deal is written
``deal 7H last`` (the "last" announcement, 5.6). The undealt pack is the set
of unseen cards and is never ordered.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ..cards import Card, iter_mask, mask_to_cards
from ..core import CHANCE, TERMINAL, GameState
from ..errors import AmbiguousActionError, IllegalActionError, InvalidNotationError
from .actions import DEAL, DEAL_LAST, TRAIL, CasinoAction, build, capture, format_ref
from .builds import Build
from .candidates import candidate_moves, default_worth
from .dealing import TABLE, deal_order
from .hand_state import DEALING, OVER, PLAY
from .legal_moves import LegalMoves, is_crowded
from .legality import explain_illegal
from .moves import MoveSet, generate_moves, partner_of
from .notation import match_action, normalize, parse_text, parse_unlisted, resolve_choices
from .partitions import partition, split_partners
from .position import state_from_fields, state_to_fields
from .rules import CasinoRules
from .scoring import SPADES_MASK, SideScore, score_hand
from .values import VALUE, bits, held_values
from .view import CasinoView

__all__ = ["CasinoState", "DEALING", "PLAY", "OVER"]

FULL = (1 << 52) - 1
PICKER_PER_KIND = 6
"""On a crowded table a move picker lists this many captures (and builds) per hand card, the richest."""


class CasinoState(GameState[CasinoRules, CasinoAction, CasinoView]):
    """One hand of Casino. Create with :meth:`CasinoGame.new_hand <cardtable.casino.CasinoGame.new_hand>`.

    Seats hold bitmasks (``hands``); the table is ``loose`` (a bitmask) plus
    ``builds``; ``captured`` and ``sweeps`` are per side.
    """

    game_name = "casino"

    __slots__ = (
        "_legal",
        "_legal_index",
        "_moves",
        "builds",
        "captured",
        "deal_number",
        "dealer",
        "dealt",
        "hands",
        "history",
        "last_capturer",
        "last_deal",
        "log",
        "loose",
        "num_players",
        "pack",
        "phase",
        "points",
        "residue",
        "rules",
        "scores",
        "sweeps",
        "turn",
    )

    def __init__(self, rules: CasinoRules | None = None, dealer: int = 0) -> None:
        self.rules = rules if rules is not None else CasinoRules()
        n = self.rules.num_players
        if not (isinstance(dealer, int) and 0 <= dealer < n):
            raise ValueError(f"dealer must be a seat 0..{n - 1}")
        self.num_players = n
        self.dealer = dealer
        """The seat that deals this hand."""
        self.phase = DEALING
        """The hand's phase (dealing, play or over)."""
        self.turn = (dealer + 1) % n
        """The seat whose turn it is (chance steps aside)."""
        self.hands = [0] * n
        """Each seat's cards as a bitmask."""
        self.loose = 0
        """The loose cards on the table, as a bitmask."""
        self.builds: tuple[Build, ...] = ()
        """The builds on the table."""
        self.pack = FULL
        """The cards not dealt yet, as a bitmask."""
        self.deal_number = 1
        """Which deal of the hand is being played, from 1."""
        self.dealt = 0
        """Cards dealt so far in the current deal."""
        self.last_deal = self.rules.num_deals == 1
        """Whether the current deal is the hand's last."""
        sides = self.rules.num_sides
        self.captured = [0] * sides
        """Each side's captured cards, as a bitmask."""
        self.sweeps = [0] * sides
        """Each side's sweeps."""
        self.last_capturer: int | None = None
        """The seat that captured last, ``None`` before any capture."""
        self.history: list[CasinoAction] = []
        self.log: list[tuple[str, int, CasinoAction | None, object]] = []
        """Public events ``(kind, seat, action, extra)``, formatted per viewer by :meth:`events`."""
        self.points = [0] * sides
        """Points each side scored in the hand (set when it ends)."""
        self.scores: tuple[SideScore, ...] | None = None
        """Each side's scoring breakdown once the hand is over."""
        self.residue = 0
        """The cards left on the table at the end (they go to the last capturer's side), as a bitmask."""
        self._legal: list[CasinoAction] | None = None
        self._legal_index: dict[CasinoAction, CasinoAction] | None = None
        self._moves: MoveSet | None = None

    # --- turn -------------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == PLAY:
            return self.turn
        return CHANCE if phase == DEALING else TERMINAL

    def side_of(self, seat: int) -> int:
        """The scoring side ``seat`` plays for."""
        return self.rules.side_of(seat)

    def hand(self, seat: int) -> list[Card]:
        """``seat``'s cards in index order (by suit, then rank)."""
        return mask_to_cards(self.hands[seat])

    @property
    def table(self) -> list[Card]:
        """The loose cards on the table."""
        return mask_to_cards(self.loose)

    @property
    def pack_size(self) -> int:
        """How many cards are left in the pack."""
        return self.pack.bit_count()

    def controlled_by(self, seat: int) -> list[Build]:
        """The builds ``seat`` controls."""
        return [b for b in self.builds if b.controller == seat]

    # --- legal actions ------------------------------------------------------------------------
    def legal_actions(self) -> list[CasinoAction]:
        """Every legal action in the canonical order.

        Exact, but a capture is any union of disjoint groups (7.2.2), so on a
        crowded table the list grows exponentially (about 19,000 moves with 16
        low loose cards, millions with 24). Prefer :meth:`legal_moves` (a lazy
        sequence), :meth:`iter_legal_actions`, :meth:`legal_action_count` and
        :meth:`can_apply` / :meth:`verify_action`, which never list them.
        """
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[CasinoAction]:
        if self.phase == DEALING:
            table = DEAL_LAST if self._announces_last() else DEAL
            return [table[c.index] for c in iter_mask(self.pack)]
        if self.phase == OVER:
            return []
        seat = self.turn
        return generate_moves(self.rules, seat, self.hands[seat], self.loose, self.builds)

    def moveset(self) -> MoveSet:
        """The legal moves of the seat to play as blocks: checked one at a time, counted, walked lazily."""
        if self.phase != PLAY:
            raise IllegalActionError.from_code("turn.none", "terminal" if self.phase == OVER else "chance")
        if self._moves is None:
            seat = self.turn
            self._moves = MoveSet(self.rules, seat, self.hands[seat], self.loose, self.builds)
        return self._moves

    def legal_action_count(self) -> int:
        """``len(legal_actions())``, counted without listing (a sum over value counts: milliseconds)."""
        if self.phase != PLAY:
            return self.pack.bit_count() if self.phase == DEALING else 0
        if self._legal is not None:
            return len(self._legal)
        return self.moveset().count()

    def iter_legal_actions(self) -> Iterator[CasinoAction]:
        """The legal actions one at a time, without building the list.

        The same actions as :meth:`legal_actions`; the order is the canonical one
        for the played card, kind, value and builds, but within such a block the
        loose sets come grouped by their counts of each value.
        """
        if self.phase != PLAY:
            return iter(self.legal_actions())
        return iter(self.moveset())

    def legal_moves(self) -> Sequence[CasinoAction]:
        """The legal actions as a sequence: the list itself on ordinary tables, else a lazy :class:`LegalMoves`.

        This is what the apps and the arena hand to the computer players: on a
        crowded table ``len`` counts, ``in`` checks one move, indexing picks a
        move by rank (uniformly random play stays exact), and the Casino
        players then judge a bounded set of candidates instead of the list.
        """
        if self.phase != PLAY or self._legal is not None:
            return self.legal_actions()
        moves = self.moveset()
        if not is_crowded(moves):
            return self.legal_actions()
        return LegalMoves(moves)

    def picker_moves(self) -> list[CasinoAction]:
        """The moves a move picker lists: every legal move on an ordinary table; on a crowded one
        the richest :data:`PICKER_PER_KIND` captures and builds of each hand card among the natural
        candidates (:func:`~cardtable.casino.candidates.candidate_moves`), and its trail. Any
        other move is made with :meth:`moves_for_selection` or its notation, each checked as one move."""
        moves = self.legal_moves()
        if not isinstance(moves, LegalMoves):
            return list(moves)
        kept: dict[tuple[int, str], int] = {}
        out = []
        # card by card: captures, builds, the trail; the richest first within each
        for a in sorted(candidate_moves(moves.moveset),
                        key=lambda a: (a.sort_key[:2], -default_worth(a.loose | a.builds_mask | a.card.bit))):
            key = (a.card.index, a.kind)
            if kept.get(key, 0) < PICKER_PER_KIND:
                kept[key] = kept.get(key, 0) + 1
                out.append(a)
        return out

    def moves_for_selection(self, card: Card, items: Iterable[Card]) -> list[CasinoAction]:
        """The legal moves of hand ``card`` that use exactly the selected table cards ``items``.

        A card of a build selects the whole build. Each reading (the capture,
        a build of each value 1..10, or the trail when nothing is selected) is
        checked as one move, so this answers at once on any table.
        """
        out = []
        for a in self._selection_readings(card, items):
            try:
                out.append(self.legal_form(a))
            except IllegalActionError:
                continue
        return out

    def selection_problem(self, card: Card, items: Iterable[Card]) -> IllegalActionError | None:
        """Why no move of hand ``card`` uses exactly the selected table cards ``items``: the error of its
        first reading (the capture, or the trail when nothing is selected); ``None`` when a move does."""
        items = list(items)
        try:
            if self.moves_for_selection(card, items):
                return None
            self.verify_action(self._selection_readings(card, items)[0])
        except IllegalActionError as exc:
            return exc
        return None  # pragma: no cover - a legal first reading is among the moves

    def _selection_readings(self, card: Card, items: Iterable[Card]) -> list[CasinoAction]:
        """The moves hand ``card`` with exactly ``items`` could be: the capture first, then a build of each value."""
        loose = 0
        refs: list[tuple[int, int]] = []
        for c in items:
            if self.loose & c.bit:
                loose |= c.bit
                continue
            found = [b for b in self.builds if b.cards & c.bit]
            if not found:
                raise IllegalActionError.from_code("casino.selection.not_on_table", "4.1 loose cards", card=c)
            if (found[0].value, found[0].cards) not in refs:
                refs.append((found[0].value, found[0].cards))
        full = self.rules.allow_duplicate_value_builds
        if not loose and not refs:
            readings = [TRAIL[card.index]]
        else:
            readings = [capture(card, loose, tuple(refs), full)]
            readings += [build(card, v, loose, tuple(refs), full) for v in range(1, 11)]
        return readings

    def _announces_last(self) -> bool:
        return self.dealt == 0 and self.deal_number == self.rules.num_deals

    def chance_outcomes(self) -> list[tuple[CasinoAction, float]]:
        if self.phase != DEALING:
            return []
        actions = self.legal_actions()
        p = 1.0 / len(actions)
        return [(a, p) for a in actions]

    def sample_chance(self, rng: random.Random) -> CasinoAction:
        """The same outcome as the generic uniform sampler, without building the outcome list."""
        if self.phase != DEALING:
            raise IllegalActionError.from_code("chance.none", "chance")
        k = rng.randrange(self.pack.bit_count())
        mask = self.pack
        for _ in range(k):
            mask &= mask - 1
        index = (mask & -mask).bit_length() - 1
        return (DEAL_LAST if self._announces_last() else DEAL)[index]

    def verify_action(self, action: CasinoAction) -> None:
        """Raise :class:`IllegalActionError` (naming the rule) unless ``action`` is legal now.

        Decided directly (the move's block, then a partition test of its loose
        cards), never by listing the legal moves: well under a millisecond.
        """
        self.legal_form(action)

    def legal_form(self, action: CasinoAction) -> CasinoAction:
        """The legal move equal to ``action`` in its canonical form; raises like :meth:`verify_action`."""
        if not isinstance(action, CasinoAction):
            raise IllegalActionError.from_code("casino.action.wrong_type", "legal-actions", action=repr(action))
        if self.phase == OVER:
            raise IllegalActionError.from_code("hand.over", "terminal", action=str(action))
        if self.phase == DEALING:
            if action.kind != "deal" or not self.pack & action.card.bit or action.last != self._announces_last():
                raise self.explain_illegal(action)
            return action
        if self._legal is not None:  # listed already (ordinary tables): a lookup
            if self._legal_index is None:
                self._legal_index = {a: a for a in self._legal}
            found = self._legal_index.get(action)
        else:
            found = self.moveset().find(action) if action.kind != "deal" else None
        if found is None:
            raise self.explain_illegal(action)
        return found

    def explain_illegal(self, action: CasinoAction) -> IllegalActionError:
        return explain_illegal(self, action)

    # --- applying -----------------------------------------------------------------------------
    def apply(self, action: CasinoAction | str) -> CasinoAction:
        """Apply a legal action (or its notation) and return it; illegal ones raise and change nothing."""
        act = self.legal_form(self.parse_action(action) if isinstance(action, str) else action)
        self._apply_unchecked(act)
        self.history.append(act)
        return act

    def _apply_unchecked(self, action: CasinoAction) -> None:
        self._legal = None
        self._legal_index = None
        self._moves = None
        card = action.card
        if action.kind == "deal":
            self._deal(card, action.last)
            return
        seat = self.turn
        self.hands[seat] &= ~card.bit
        kind = action.kind
        if kind == "trail":
            self.loose |= card.bit
            self.log.append(("move", seat, action, ""))
        elif kind == "capture":
            self._capture(seat, action)
        else:
            self._build(seat, action)
        if any(self.hands):
            self.turn = (seat + 1) % self.num_players
        elif self.pack:
            self.phase = DEALING
            self.deal_number += 1
            self.dealt = 0
            self.turn = (self.dealer + 1) % self.num_players
        else:
            self._end_hand()

    def _deal(self, card: Card, last: bool) -> None:
        order = deal_order(self.num_players, self.dealer, self.deal_number == 1)
        to = order[self.dealt]
        if last:
            self.last_deal = True
            self.log.append(("note", -1, None, f"last: deal {self.deal_number} of {self.rules.num_deals} is the final deal"))
        self.pack &= ~card.bit
        self.dealt += 1
        if to == TABLE:
            self.loose |= card.bit
        else:
            self.hands[to] |= card.bit
        self.log.append(("deal", to, DEAL[card.index], ""))
        if self.dealt == len(order):
            self.phase = PLAY
            self.turn = (self.dealer + 1) % self.num_players

    def _capture(self, seat: int, action: CasinoAction) -> None:
        side = self.rules.side_of(seat)
        taken = action.card.bit | action.loose
        if action.builds:
            bm = action.builds_mask
            self.builds = tuple(b for b in self.builds if not b.cards & bm)
            taken |= bm
        self.loose &= ~action.loose
        self.captured[side] |= taken
        self.last_capturer = seat
        self.log.append(("move", seat, action, taken))
        if not self.loose and not self.builds:
            self.sweeps[side] += 1
            self.log.append(("note", seat, None, f"sweep by seat {seat} (side {side})"))

    def _build(self, seat: int, action: CasinoAction) -> None:
        value = action.value
        c = action.card.bit
        raised_ref = action.raised
        need = value - VALUE[action.card.index] - (raised_ref[0] if raised_ref else 0)
        partners, rest = split_partners(action.loose, need, value)
        used = {m for _, m in action.builds}
        consumed = [b for b in self.builds if b.cards in used]
        groups: list[int] = []
        raised = None
        for b in consumed:
            if raised_ref is not None and b.cards == raised_ref[1]:
                raised = b
        if raised is not None:
            groups.append(raised.cards | c | partners)
        for b in consumed:
            if b is not raised:
                groups.extend(b.groups)
        if raised is None:
            groups.append(c | partners)
        loose_groups = partition(rest, value)
        assert loose_groups is not None
        groups.extend(loose_groups)
        held = held_values(self.hands[seat])
        controller = seat
        if not held >> value & 1:
            partner = partner_of(self.rules, seat)
            assert partner is not None, "holding requirement"
            controller = partner
        cards = c | action.loose | action.builds_mask
        new = Build(value, cards, tuple(groups), controller)
        self.builds = tuple(b for b in self.builds if b.cards not in used) + (new,)
        self.loose &= ~action.loose
        self.log.append(("move", seat, action, new))

    def _end_hand(self) -> None:
        assert not self.builds, "no build survives the hand (7.4.3)"
        receiver = self.last_capturer if self.last_capturer is not None else self.dealer
        side = self.rules.side_of(receiver)
        self.residue = self.loose
        if self.loose:
            self.captured[side] |= self.loose
            self.log.append(("note", -1, None, f"residue {' '.join(str(c) for c in iter_mask(self.loose))} > side {side}"))
            self.loose = 0
        self.scores = score_hand(self.captured, self.sweeps, self.rules.sweep_points)
        self.points = [s.total for s in self.scores]
        self.phase = OVER
        self.log.append(("note", -1, None, "hand over: " + ", ".join(f"side {i} {p}" for i, p in enumerate(self.points))))

    # --- notation -----------------------------------------------------------------------------
    def parse_action(self, text: str) -> CasinoAction:
        """The legal action written ``text`` (any grouping or order of the cards), checked as one move.

        Raises :class:`InvalidNotationError` for text that names no legal move
        (an illegal move raises :class:`IllegalActionError` with its rule) and
        :class:`AmbiguousActionError` when a build reference fits several
        builds that each make a legal move.
        """
        if not isinstance(text, str):
            raise InvalidNotationError.from_code("action.not_text", type_name=type(text).__name__)
        if not normalize(text):
            raise InvalidNotationError.from_code("action.empty")
        if self.phase == OVER:
            return parse_unlisted(self, text)
        parsed = parse_text(text)
        if self.phase == DEALING:
            if parsed.kind != "deal":
                return parse_unlisted(self, text)
            return (DEAL_LAST if parsed.last or self._announces_last() else DEAL)[parsed.card.index]
        legal = []
        for candidate in resolve_choices(self, parsed):
            try:
                legal.append(self.legal_form(candidate))
            except IllegalActionError:
                continue
        if len(legal) == 1:
            return legal[0]
        if len(legal) > 1:
            raise AmbiguousActionError.from_code("action.ambiguous", candidates=tuple(str(a) for a in legal), text=text)
        return parse_unlisted(self, text)

    def normalize_notation(self, text: str) -> str:
        return normalize(text)

    def match_notation(self, key: str, legal: Sequence[CasinoAction]) -> list[CasinoAction]:
        return match_action(self, key, legal)

    def parse_unlisted(self, text: str) -> CasinoAction:
        return parse_unlisted(self, text)

    def ref(self, build: Build) -> str:
        """How actions refer to ``build`` under these rules (``[8]`` or ``[8:5C,3D]``)."""
        return format_ref(build.value, build.cards, self.rules.allow_duplicate_value_builds)

    # --- results ------------------------------------------------------------------------------
    def returns(self) -> list[int]:
        """Points per seat: each seat gets its side's points for the hand."""
        return [self.points[self.rules.side_of(s)] for s in range(self.num_players)]

    def breakdown(self) -> list[dict[str, int]]:
        """The scoring breakdown per side (empty until the hand is over)."""
        return [s.as_dict() for s in self.scores] if self.scores else []

    # --- copies -------------------------------------------------------------------------------
    def clone(self) -> CasinoState:
        new = CasinoState.__new__(CasinoState)
        new.rules = self.rules
        new.num_players = self.num_players
        new.dealer = self.dealer
        new.phase = self.phase
        new.turn = self.turn
        new.hands = self.hands[:]
        new.loose = self.loose
        new.builds = self.builds
        new.pack = self.pack
        new.deal_number = self.deal_number
        new.dealt = self.dealt
        new.last_deal = self.last_deal
        new.captured = self.captured[:]
        new.sweeps = self.sweeps[:]
        new.last_capturer = self.last_capturer
        new.history = self.history[:]
        new.log = self.log[:]
        new.points = self.points[:]
        new.scores = self.scores
        new.residue = self.residue
        new._legal = self._legal
        new._legal_index = self._legal_index
        new._moves = self._moves
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CasinoState):
            return NotImplemented
        return self._signature() == other._signature()

    __hash__ = None  # type: ignore[assignment]

    def _signature(self) -> tuple[Any, ...]:
        return (
            self.rules, self.dealer, self.phase, self.turn, tuple(self.hands), self.loose, self.builds,
            self.pack, self.deal_number, self.dealt, self.last_deal, tuple(self.captured), tuple(self.sweeps),
            self.last_capturer, tuple(self.history), tuple(self.points),
        )

    # --- views --------------------------------------------------------------------------------
    def view(self, seat: int) -> CasinoView:
        if not (isinstance(seat, int) and 0 <= seat < self.num_players):
            raise ValueError(f"seat must be 0..{self.num_players - 1}")
        events = self.events(seat)
        return CasinoView(
            seat=seat,
            side=self.rules.side_of(seat),
            num_players=self.num_players,
            dealer=self.dealer,
            phase=self.phase,
            current_player=self.current_player(),
            deal_number=self.deal_number,
            num_deals=self.rules.num_deals,
            last_deal=self.last_deal,
            hand=tuple(mask_to_cards(self.hands[seat])),
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            pack_size=self.pack.bit_count(),
            table=tuple(mask_to_cards(self.loose)),
            builds=self.builds,
            captured=tuple(tuple(mask_to_cards(p)) for p in self.captured),
            captured_counts=tuple(p.bit_count() for p in self.captured),
            spade_counts=tuple((p & SPADES_MASK).bit_count() for p in self.captured),
            sweeps=tuple(self.sweeps),
            last_capturer=self.last_capturer,
            events=events,
            result={"points": list(self.points), "sides": self.breakdown()} if self.phase == OVER else None,
            rules=self.rules,
        )

    def events(self, seat: int | None = None) -> tuple[str, ...]:
        """The event log as ``seat`` sees it (cards dealt to others shown as ``?``); ``None``: everything."""
        out = []
        for kind, who, action, extra in self.log:
            if kind == "deal":
                assert action is not None
                if who == TABLE:
                    out.append(f"deal {action.card} > table")
                elif seat is None or who == seat:
                    out.append(f"deal {action.card} > seat {who}")
                else:
                    out.append(f"deal ? > seat {who}")
            elif kind == "move":
                if isinstance(extra, int):
                    out.append(f"seat {who}: {action} (takes {' '.join(str(c) for c in iter_mask(extra))})")
                else:
                    out.append(f"seat {who}: {action}" + (f" = {extra}" if extra else ""))
            else:
                out.append(str(extra))
        return tuple(out)

    # --- positions ----------------------------------------------------------------------------
    def to_fields(self) -> dict[str, str]:
        return state_to_fields(self)

    @classmethod
    def from_fields(cls, rules: CasinoRules, fields: dict[str, str]) -> CasinoState:
        """The position of parsed position ``fields`` under ``rules`` (:meth:`~cardtable.core.Game.from_position` parses the text)."""
        return state_from_fields(rules, fields, cls)

    # --- helpers for checks -------------------------------------------------------------------
    def card_count(self) -> int:
        """Cards accounted for: hands, table, builds, piles and pack (52 at every moment)."""
        total = self.loose | self.pack
        for h in self.hands:
            total |= h
        for p in self.captured:
            total |= p
        for b in self.builds:
            total |= b.cards
        return len(bits(total))
