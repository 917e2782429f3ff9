"""Reading one line of input safely: bounded length, text only, never echoed back.

>>> import io
>>> r = LineReader(io.StringIO("take\\n" + "x" * 5000 + "\\npass\\n"))
>>> r.read().text, r.read().problem, r.read().text
('take', 'That line is too long (over 200 characters): nothing was done.', 'pass')
>>> r.read().eof
True
>>> LineReader(io.BytesIO(b"\\xff\\xfe\\n")).read().problem
'That line is not text (it is not UTF-8): nothing was done.'
"""

from __future__ import annotations

import io
import unicodedata
from dataclasses import dataclass
from typing import IO, Any

from ... import i18n

__all__ = ["LineReader", "Line", "MAX_LINE"]

MAX_LINE = 200
"""Longest line read as a move or command, in characters; longer ones are refused whole."""

_CHUNK = 1 << 16


@dataclass(frozen=True)
class Line:
    """One line of input: its text (stripped), or a ``problem`` to tell the player, or the end of input."""

    text: str = ""
    problem: str | None = None
    eof: bool = False


class LineReader:
    """Reads lines from a text stream, or from its binary buffer when it has one (a real stdin).

    A line longer than ``limit`` is read to its end and refused; bytes that are
    not UTF-8, and control characters, are refused too. Nothing refused is
    ever repeated back.
    """

    def __init__(self, stream: IO[str] | IO[bytes] | Any, limit: int = MAX_LINE, lang: str = "en") -> None:
        self.limit = limit
        self.t = i18n.translation(lang)
        """The problems are told in this language's words."""
        buffer = getattr(stream, "buffer", None)
        if isinstance(stream, (io.BytesIO, io.BufferedIOBase)):
            buffer = stream
        self._bytes: Any = buffer
        self._text: Any = None if buffer is not None else stream

    def read(self) -> Line:
        """The next line (blocking); ``Line(eof=True)`` once the input has ended."""
        if self._bytes is not None:
            raw: bytes = self._bytes.readline(self.limit * 4 + 1)
            if not raw:
                return Line(eof=True)
            long = len(raw) > self.limit * 4 and not raw.endswith(b"\n")
            if long:
                self._drain_bytes()
                return Line(problem=_too_long(self.limit, self.t))
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                return Line(problem=self.t.gettext("That line is not text (it is not UTF-8): nothing was done."))
        else:
            text = self._text.readline(self.limit + 2)
            if not text:
                return Line(eof=True)
            if len(text.rstrip("\r\n")) > self.limit:
                if not text.endswith("\n"):
                    self._drain_text()
                return Line(problem=_too_long(self.limit, self.t))
        text = text.rstrip("\r\n")
        if len(text) > self.limit:
            return Line(problem=_too_long(self.limit, self.t))
        if any("\udc80" <= ch <= "\udcff" for ch in text):
            return Line(problem=self.t.gettext("That line is not text (it is not UTF-8): nothing was done."))
        if any(unicodedata.category(ch) in ("Cc", "Cs") and ch != "\t" for ch in text):
            return Line(problem=self.t.gettext("That line has control characters (arrow keys are not used here; "
                                               "type a number or a move): nothing was done."))
        return Line(text=" ".join(text.split()))

    def _drain_bytes(self) -> None:
        while True:
            chunk = self._bytes.readline(_CHUNK)
            if not chunk or chunk.endswith(b"\n"):
                return

    def _drain_text(self) -> None:
        while True:
            chunk = self._text.readline(_CHUNK)
            if not chunk or chunk.endswith("\n"):
                return


def _too_long(limit: int, t: Any) -> str:
    return str(t.gettext("That line is too long (over {limit} characters): nothing was done.")).format(limit=limit)
