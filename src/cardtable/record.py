"""Game records: rules, seed, seat names and every action; JSON in and out; exact replay.

A record replays to an identical state. When the record has a seed, every
chance step is also checked against what the seeded generator deals, so a
tampered deal is caught even if the tamperer fixed the checksum.

>>> from cardtable.agents import RandomAgent
>>> from cardtable.match import Match
>>> m = Match("gin", seed=5)
>>> _ = m.play([RandomAgent(0), RandomAgent(1)])
>>> again = GameRecord.loads(m.record().dumps()).replay()
>>> again.totals == m.totals and again.state == m.state
True
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from .error_codes import Detail
from .errors import CardtableError, CorruptRecordError
from .match import Match
from .registry import make_game

__all__ = ["GameRecord", "FORMAT", "VERSION"]

FORMAT = "cardtable-record"
"""The ``format`` field of every record's JSON."""
VERSION = 1
"""The record format's version; a record of another version is refused."""
_MAX_ACTIONS = 200_000


@dataclass
class GameRecord:
    """A whole match (or its unfinished part): enough to replay it bit for bit."""

    game: str
    """The game's registry name."""
    rules: dict[str, Any]
    """The rules options (:meth:`~cardtable.rules.RulesBase.to_dict`)."""
    seed: int | None
    """The match's seed; ``None`` for an unseeded match (its chance steps are then taken as written)."""
    seat_names: list[str]
    """One name per seat."""
    first_dealer: int
    """The seat that dealt the first hand."""
    hands: list[list[str]]
    """Every action of each hand in notation, chance steps included."""
    hand_points: list[list[int]] = field(default_factory=list)
    """Points per side of each finished hand."""
    final_totals: list[int] | None = None
    """Final totals per side once the match is over, else ``None``."""
    winner: int | None = None
    """The winning side once the match is over, else ``None``."""
    meta: dict[str, Any] = field(default_factory=dict)
    """Free-form extra information (kept, checksummed, never interpreted)."""

    @classmethod
    def from_match(cls, match: Match) -> GameRecord:
        """The record of ``match`` as it stands (:meth:`Match.record <cardtable.match.Match.record>` calls this)."""
        return cls(
            game=match.game.name,
            rules=match.game.rules.to_dict(),
            seed=match.seed,
            seat_names=list(match.seat_names),
            first_dealer=match.first_dealer,
            hands=[list(h.actions) for h in match.hands],
            hand_points=[list(h.result.points) for h in match.hands if h.result is not None],
            final_totals=list(match.outcome.final_totals) if match.outcome else None,
            winner=match.outcome.winner if match.outcome else None,
        )

    def prefix(self, hand: int, action: int) -> GameRecord:
        """The record of the match as it stood before action ``action`` of hand ``hand`` (0-based):
        the earlier hands whole, that hand's first ``action`` actions, no final result (e.g. for undo)."""
        if not (0 <= hand < len(self.hands) and 0 <= action <= len(self.hands[hand])):
            raise IndexError(f"no action {action} in hand {hand} of this record")
        return GameRecord(
            game=self.game,
            rules=dict(self.rules),
            seed=self.seed,
            seat_names=list(self.seat_names),
            first_dealer=self.first_dealer,
            hands=[list(a) for a in self.hands[:hand]] + [list(self.hands[hand][:action])],
            hand_points=[list(p) for p in self.hand_points[:hand]],
            meta=dict(self.meta),
        )

    # --- JSON ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict with its format, version and checksum (``digest``)."""
        body = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "rules": self.rules,
            "seed": self.seed,
            "seat_names": self.seat_names,
            "first_dealer": self.first_dealer,
            "hands": self.hands,
            "hand_points": self.hand_points,
            "final_totals": self.final_totals,
            "winner": self.winner,
            "meta": self.meta,
        }
        body["digest"] = _digest(body)
        return body

    def dumps(self, indent: int | None = None) -> str:
        """The record as JSON text (:meth:`loads` reads it back)."""
        return json.dumps(self.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def loads(cls, text: str | bytes) -> GameRecord:
        """Parse a record; malformed or tampered text raises :class:`CorruptRecordError`."""
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as exc:
            raise CorruptRecordError.from_code("record.json", detail=Detail.of(exc)) from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """A record from :meth:`to_dict`'s dict; a wrong format, version, checksum or field raises
        :class:`~cardtable.errors.CorruptRecordError`."""
        if not isinstance(data, dict):
            raise CorruptRecordError.from_code("record.not_object")
        if data.get("format") != FORMAT:
            raise CorruptRecordError.from_code("record.format", format=data.get('format'))
        if data.get("version") != VERSION:
            raise CorruptRecordError.from_code("record.version", version=data.get('version'))
        digest = data.get("digest")
        body = {k: v for k, v in data.items() if k != "digest"}
        if digest != _digest(body):
            raise CorruptRecordError.from_code("record.checksum")
        try:
            rec = cls(
                game=_typed(data, "game", str),
                rules=_typed(data, "rules", dict),
                seed=_typed(data, "seed", (int, type(None))),
                seat_names=_typed(data, "seat_names", list),
                first_dealer=_typed(data, "first_dealer", int),
                hands=_typed(data, "hands", list),
                hand_points=_typed(data, "hand_points", list),
                final_totals=_typed(data, "final_totals", (list, type(None))),
                winner=_typed(data, "winner", (int, type(None))),
                meta=_typed(data, "meta", dict),
            )
        except KeyError as exc:
            raise CorruptRecordError.from_code("record.field_missing", key=str(exc)) from None
        if not all(isinstance(h, list) and all(isinstance(a, str) for a in h) for h in rec.hands):
            raise CorruptRecordError.from_code("record.hands_type")
        if sum(len(h) for h in rec.hands) > _MAX_ACTIONS:
            raise CorruptRecordError.from_code("record.too_long")
        return rec

    # --- replay ------------------------------------------------------------------------------
    def replay(self, verify_seed: bool = True) -> Match:
        """Replay into a :class:`Match`, checking every action, every chance step and every result."""
        try:
            game = make_game(self.game, rules=self.rules)
            match = Match(game, seed=self.seed, seat_names=self.seat_names,
                          first_dealer=self.first_dealer if self.seed is None else None)
        except (CardtableError, ValueError, TypeError) as exc:
            raise CorruptRecordError.from_code("record.setup", detail=exc if isinstance(exc, CardtableError) else Detail.of(exc)) from None
        if match.first_dealer != self.first_dealer:
            raise CorruptRecordError.from_code("record.dealer_seed")
        for h, actions in enumerate(self.hands):
            if h > 0 and len(match.hands) != h + 1:
                if match.is_over():
                    raise CorruptRecordError.from_code("record.match_over_early", hand=h + 1)
                raise CorruptRecordError.from_code("record.hand_unfinished", hand=h + 1, previous=h)
            if match.hands[h].dealer is None:  # pragma: no cover - defensive
                raise CorruptRecordError.from_code("record.dealer")
            for i, text in enumerate(actions):
                if match.is_over():
                    raise CorruptRecordError.from_code("record.match_over", hand=h + 1, step=i + 1)
                state = match.state
                try:
                    if verify_seed and self.seed is not None and state.is_chance_node():
                        expected = state.sample_chance(match.rng)
                        if str(expected) != text:
                            raise CorruptRecordError.from_code("record.chance", hand=h + 1, step=i + 1, text=text, expected=expected)
                        match.apply(expected)
                    else:
                        match.apply(text)
                except CorruptRecordError:
                    raise
                except CardtableError as exc:
                    raise CorruptRecordError.from_code("record.action", hand=h + 1, step=i + 1, text=text, error=exc) from None
        points = [list(h.result.points) for h in match.hands if h.result is not None]
        if points != self.hand_points:
            raise CorruptRecordError.from_code("record.hand_points")
        if self.final_totals is not None:
            if match.outcome is None or list(match.outcome.final_totals) != self.final_totals or match.outcome.winner != self.winner:
                raise CorruptRecordError.from_code("record.result")
        return match


def _typed(data: dict[str, Any], key: str, kind: Any) -> Any:
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise CorruptRecordError.from_code("record.field_type", key=key)
    return value


def _digest(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


Match.recorder = GameRecord.from_match
