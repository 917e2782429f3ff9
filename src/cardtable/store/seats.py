"""Who sits in a seat: a human, or a computer player of some level.

Written as text: ``human``, ``computer:simple`` (or just the level, ``simple``); a level may
carry agent options (``computer:hard/time_budget=0.3``, see :func:`cardtable.agents.parse_agent_spec`)
or be your own agent class, ``module.path:Class`` with options whose values may hold slashes (a
checkpoint's path); such a spec keeps its case, a built-in level is read in lower case.
Needs no SQLAlchemy.

>>> SeatKind.parse("simple")
SeatKind(kind='computer', level='simple')
>>> str(SeatKind.parse("human")), str(SeatKind.computer("random"))
('human', 'computer:random')
>>> SeatKind.parse("cardtable.adapters.policy:SB3Policy/path=runs/gin/model.zip").level
'cardtable.adapters.policy:SB3Policy/path=runs/gin/model.zip'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..errors import CardtableError

__all__ = ["SeatKind", "HUMAN", "COMPUTER", "parse_seat_kinds"]

HUMAN = "human"
"""The kind of a seat a person plays."""
COMPUTER = "computer"
"""The kind of a seat a computer level plays."""
_WORD = re.compile(r"[a-z][a-z0-9_.+-]*")
_LEVEL = re.compile(r"[a-z][a-z0-9_.+-]*(/[a-z_][a-z0-9_]*=[a-z0-9_.+-]+)*")
"""A level, or an agent spec with options (``hard/time_budget=0.3``)."""
_IMPORTED = re.compile(r"[A-Za-z_][\w.]*:[A-Za-z_]\w*(/[A-Za-z_]\w*=[^\x00-\x1f\x7f]*)?")
"""Your own agent class, ``module:Class``, with options after slashes (values may hold slashes)."""
_MAX_LEVEL = {False: 64, True: 400}
"""The longest level text: a built-in level with options, an imported class with a checkpoint's path."""


@dataclass(frozen=True, order=True)
class SeatKind:
    """``kind`` is ``human`` or ``computer`` (other words are allowed for later uses); ``level`` names the computer level."""

    kind: str
    """:data:`HUMAN`, :data:`COMPUTER` or another word."""
    level: str | None = None
    """The computer level or agent spec (``hard/time_budget=0.3``), else ``None``."""

    def __post_init__(self) -> None:
        if not _WORD.fullmatch(self.kind) or len(self.kind) > 16:
            raise CardtableError(f"bad seat kind {self.kind!r}")
        if self.level is not None:
            imported = ":" in self.level
            if not (_IMPORTED if imported else _LEVEL).fullmatch(self.level) or len(self.level) > _MAX_LEVEL[imported]:
                raise CardtableError(f"bad computer level {self.level!r}")

    @classmethod
    def human(cls) -> SeatKind:
        """A seat a person plays."""
        return cls(HUMAN)

    @classmethod
    def computer(cls, level: str) -> SeatKind:
        """A seat the computer plays at ``level``."""
        return cls(COMPUTER, level)

    @classmethod
    def parse(cls, text: str | SeatKind) -> SeatKind:
        """``human``, ``computer``, ``computer:LEVEL``, ``KIND:LEVEL`` or a bare computer level (a
        bare ``module.path:Class`` spec is a computer level: a kind is one word, without dots)."""
        if isinstance(text, SeatKind):
            return text
        if not isinstance(text, str):
            raise CardtableError(f"seat kind must be text, got {type(text).__name__}")
        text = text.strip()
        head, colon, rest = text.partition(":")
        if colon and "." not in head:
            level = rest.strip()
            return cls(head.strip().lower(), _level_case(level) or None)
        if text.lower() in (HUMAN, COMPUTER):
            return cls(text.lower())
        return cls(COMPUTER, _level_case(text))

    @property
    def is_human(self) -> bool:
        """Whether a person plays the seat."""
        return self.kind == HUMAN

    @property
    def label(self) -> str:
        """Short name for tables: the level of a computer, otherwise the kind."""
        return self.level if self.kind == COMPUTER and self.level else self.kind

    def __str__(self) -> str:
        return f"{self.kind}:{self.level}" if self.level else self.kind


def _level_case(level: str) -> str:
    """A built-in level in lower case; your own ``module:Class`` spec as written."""
    return level if ":" in level else level.lower()


def parse_seat_kinds(kinds: Sequence[str | SeatKind] | None, seats: int) -> tuple[SeatKind, ...] | None:
    """Validate one kind per seat (``None`` stays ``None``)."""
    if kinds is None:
        return None
    if isinstance(kinds, str):
        raise CardtableError("seat kinds must be a list, one per seat")
    parsed = tuple(SeatKind.parse(k) for k in kinds)
    if len(parsed) != seats:
        raise CardtableError(f"need {seats} seat kinds, got {len(parsed)}")
    return parsed
