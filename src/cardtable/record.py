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
            raise CorruptRecordError(f"record is not valid JSON: {exc}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """A record from :meth:`to_dict`'s dict; a wrong format, version, checksum or field raises
        :class:`~cardtable.errors.CorruptRecordError`."""
        if not isinstance(data, dict):
            raise CorruptRecordError("record must be a JSON object")
        if data.get("format") != FORMAT:
            raise CorruptRecordError(f"not a cardtable record (format={data.get('format')!r})")
        if data.get("version") != VERSION:
            raise CorruptRecordError(f"unsupported record version {data.get('version')!r}")
        digest = data.get("digest")
        body = {k: v for k, v in data.items() if k != "digest"}
        if digest != _digest(body):
            raise CorruptRecordError("record checksum mismatch: the record was altered or damaged")
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
            raise CorruptRecordError(f"record field {exc} is missing") from None
        if not all(isinstance(h, list) and all(isinstance(a, str) for a in h) for h in rec.hands):
            raise CorruptRecordError("record hands must be lists of action strings")
        if sum(len(h) for h in rec.hands) > _MAX_ACTIONS:
            raise CorruptRecordError("record is too long")
        return rec

    # --- replay ------------------------------------------------------------------------------
    def replay(self, verify_seed: bool = True) -> Match:
        """Replay into a :class:`Match`, checking every action, every chance step and every result."""
        try:
            game = make_game(self.game, rules=self.rules)
            match = Match(game, seed=self.seed, seat_names=self.seat_names,
                          first_dealer=self.first_dealer if self.seed is None else None)
        except (CardtableError, ValueError, TypeError) as exc:
            raise CorruptRecordError(f"record cannot be set up: {exc}") from None
        if match.first_dealer != self.first_dealer:
            raise CorruptRecordError("first dealer does not match the seed")
        for h, actions in enumerate(self.hands):
            if h > 0 and len(match.hands) != h + 1:
                if match.is_over():
                    raise CorruptRecordError(f"hand {h + 1}: the match was already over")
                raise CorruptRecordError(f"hand {h + 1}: hand {h} did not finish")
            if match.hands[h].dealer is None:  # pragma: no cover - defensive
                raise CorruptRecordError("bad dealer")
            for i, text in enumerate(actions):
                if match.is_over():
                    raise CorruptRecordError(f"hand {h + 1}, action {i + 1}: the match is over")
                state = match.state
                try:
                    if verify_seed and self.seed is not None and state.is_chance_node():
                        expected = state.sample_chance(match.rng)
                        if str(expected) != text:
                            raise CorruptRecordError(
                                f"hand {h + 1}, action {i + 1}: chance step {text!r} differs from the seeded deal ({expected})"
                            )
                        match.apply(expected)
                    else:
                        match.apply(text)
                except CorruptRecordError:
                    raise
                except CardtableError as exc:
                    raise CorruptRecordError(f"hand {h + 1}, action {i + 1} ({text!r}): {exc}") from None
        points = [list(h.result.points) for h in match.hands if h.result is not None]
        if points != self.hand_points:
            raise CorruptRecordError("recorded hand points differ from the replay")
        if self.final_totals is not None:
            if match.outcome is None or list(match.outcome.final_totals) != self.final_totals or match.outcome.winner != self.winner:
                raise CorruptRecordError("recorded final result differs from the replay")
        return match


def _typed(data: dict[str, Any], key: str, kind: Any) -> Any:
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise CorruptRecordError(f"record field {key!r} has the wrong type")
    return value


def _digest(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


Match.recorder = GameRecord.from_match
