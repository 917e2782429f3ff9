"""Browser security of the web server: response headers, ``Origin`` checks and bounded JSON.

* :class:`SecurityMiddleware` (pure ASGI) adds to every HTTP response a
  Content-Security-Policy that lets the page load only the app's own scripts,
  styles, images and WebSocket (no inline script, no framing), plus
  ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY`` and
  ``Referrer-Policy: no-referrer`` (seat tokens live in URL fragments and never
  reach a third party). It refuses, before the app sees them, WebSocket
  handshakes and state-changing HTTP requests (anything but GET, HEAD,
  OPTIONS) whose ``Origin`` is neither the server's own nor one allowed with
  ``--allow-origin`` (:class:`OriginPolicy`).
* :func:`parse_json` reads a request or a WebSocket message with a bounded
  nesting depth: ``[[[[...`` is a clear error, never a ``RecursionError``.

Needs no web framework.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

__all__ = ["SecurityMiddleware", "OriginPolicy", "BadJSON", "parse_json", "MAX_DEPTH", "SAFE_METHODS",
           "security_headers"]

MAX_DEPTH = 16
"""The deepest nesting of arrays and objects a client may send (the protocol needs 3)."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class BadJSON(ValueError):
    """Input that is not acceptable JSON; ``code`` is ``malformed`` or ``deep``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def nesting_depth(text: str, limit: int) -> int:
    """The deepest nesting of ``[``/``{`` in JSON ``text`` (brackets inside strings do not count),
    stopping as soon as it passes ``limit``.

    >>> nesting_depth('{"a": [1, "[[["]}', 10)
    2
    """
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def parse_json(data: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON nested at most ``max_depth`` deep; anything else raises :class:`BadJSON`.

    >>> parse_json('{"t": "ping"}')
    {'t': 'ping'}
    >>> parse_json("[" * 2000)
    Traceback (most recent call last):
    ...
    cardtable.apps.web.security.BadJSON: JSON nested more than 16 deep
    """
    if isinstance(data, bytes | bytearray):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError:
            raise BadJSON("malformed", "not UTF-8 text") from None
    if nesting_depth(data, max_depth) > max_depth:
        raise BadJSON("deep", f"JSON nested more than {max_depth} deep")
    try:
        return json.loads(data)
    except (ValueError, RecursionError):
        raise BadJSON("malformed", "not valid JSON") from None


class OriginPolicy:
    """Which page origins may open sockets and change things: the server's own (the origin whose
    host is the request's ``Host``), plus the listed ones (``https://cards.example.org``).

    >>> p = OriginPolicy(["https://cards.example.org/"])
    >>> p.allows("http://127.0.0.1:8000", "127.0.0.1:8000"), p.allows("https://cards.example.org", "x")
    (True, True)
    >>> p.allows("http://evil.example", "127.0.0.1:8000"), p.allows(None, "127.0.0.1:8000")
    (False, True)
    """

    def __init__(self, allowed: Iterable[str] = ()) -> None:
        self.allowed = frozenset(normalize_origin(o) for o in allowed)

    def allows(self, origin: str | None, host: str | None) -> bool:
        """``origin``: the request's ``Origin`` header (``None`` when absent: not a browser page,
        e.g. a script or a test client, which no page can make send a request without one)."""
        if origin is None:
            return True
        try:
            norm = normalize_origin(origin)
        except ValueError:
            return False
        if norm in self.allowed:
            return True
        return host is not None and urlsplit(norm).netloc == host.strip().lower()


def normalize_origin(origin: str) -> str:
    """``scheme://host[:port]`` in lower case; raises :class:`ValueError` for anything else.

    >>> normalize_origin("HTTPS://Cards.Example.org/")
    'https://cards.example.org'
    """
    parts = urlsplit(origin.strip())
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc or parts.path not in ("", "/") \
            or parts.query or parts.fragment or "@" in parts.netloc or not _HOST.match(parts.netloc):
        raise ValueError(f"not an origin (scheme://host[:port]): {origin!r}")
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


def security_headers(host: str | None) -> list[tuple[bytes, bytes]]:
    """The headers added to every HTTP response (``host``: the request's ``Host``, for the WebSocket)."""
    sockets = ""
    if host and _HOST.match(host):
        sockets = f" ws://{host} wss://{host}"
    csp = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
           f"connect-src 'self'{sockets}; object-src 'none'; base-uri 'none'; form-action 'self'; "
           "frame-ancestors 'none'")
    return [
        (b"content-security-policy", csp.encode("latin-1")),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"no-referrer"),
        (b"cross-origin-opener-policy", b"same-origin"),
    ]


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


class SecurityMiddleware:
    """Headers on every response; foreign origins refused (see the module docstring)."""

    def __init__(self, app: ASGIApp, policy: OriginPolicy | None = None) -> None:
        self.app = app
        self.policy = policy or OriginPolicy()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope.get("type")
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        origin = _header(scope, b"origin")
        if kind == "websocket":
            if not self.policy.allows(origin, host):
                await send({"type": "websocket.close", "code": 1008, "reason": "origin not allowed"})
                return
            await self.app(scope, receive, send)
            return
        extra = security_headers(host)
        names = {k for k, _ in extra}

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", ()) if bytes(k).lower() not in names]
                message["headers"] = headers + extra
            await send(message)

        method = str(scope.get("method", "GET")).upper()
        foreign = not self.policy.allows(origin, host)
        if origin is None and _header(scope, b"sec-fetch-site") == "cross-site":
            foreign = True  # a browser that sent no Origin still says where the request came from
        if method not in SAFE_METHODS and foreign:
            body = json.dumps({"detail": f"refused: requests from {origin or 'another site'} may not change "
                                         "anything here (the server's --allow-origin lists the sites that may)"})
            await send_with_headers({"type": "http.response.start", "status": 403,
                                     "headers": [(b"content-type", b"application/json"),
                                                 (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body.encode()})
            return
        await self.app(scope, receive, send_with_headers)
