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
* Against DNS rebinding (a foreign site's name pointed at this machine, so that the browser takes the
  server for that site's own), it answers only the ``Host`` names it serves (:class:`HostPolicy`):
  others get 421, and their WebSocket handshakes are refused.
* It refuses a request body over ``max_body`` bytes with 413: by its ``Content-Length`` before reading
  any of it, and a streamed (chunked) body as soon as it passes the limit, so an oversized upload never
  sits in memory.
* :func:`clean_name` keeps a person's name to letters and marks of any script: no control characters
  and no bidirectional overrides, which could make a name read backwards or hide what follows it.
* :func:`parse_json` reads a request or a WebSocket message with a bounded
  nesting depth: ``[[[[...`` is a clear error, never a ``RecursionError``.

Needs no web framework.
"""

from __future__ import annotations

import ipaddress
import json
import re
import unicodedata
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

__all__ = ["SecurityMiddleware", "OriginPolicy", "HostPolicy", "BadJSON", "parse_json", "MAX_DEPTH", "SAFE_METHODS",
           "LOOPBACK_HOSTS", "WILDCARD_ADDRESSES", "security_headers", "host_name", "origin_host", "clean_name", "trusted_proxies"]

MAX_DEPTH = 16
"""The deepest nesting of arrays and objects a client may send (the protocol needs 3)."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")
"""Names of this machine no other site can take: always served."""
WILDCARD_ADDRESSES = frozenset({"0.0.0.0", "::", ""})
"""Addresses that listen on every interface: they name no host."""
_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:[0-9]{1,5})?$|^\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?$")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Characters that change the direction of the text around them (the right-to-left override among them)."""


def clean_name(raw: object, limit: int = 40) -> str:
    r"""A name as shown to others: control characters, lone surrogates and bidirectional controls
    removed, line breaks and runs of spaces made one space, trimmed, at most ``limit`` characters;
    ``""`` when nothing is left (or ``raw`` is not text). Letters of every script stay.

    >>> clean_name("  Bea\x00\u202eXYZ\n  Li "), clean_name("Zoë 李 محمد"), clean_name("\u202e\x00 "), clean_name(7)
    ('BeaXYZ Li', 'Zoë 李 محمد', '', '')
    """
    if not isinstance(raw, str):
        return ""
    kept = []
    for ch in unicodedata.normalize("NFC", raw[: limit * 8]):
        if ch.isspace():
            kept.append(" ")
        elif ch not in BIDI_CONTROLS and unicodedata.category(ch) not in ("Cc", "Cs"):
            kept.append(ch)
    return " ".join("".join(kept).split())[:limit].strip()


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


class HostPolicy:
    """Which ``Host`` names the server answers: the loopback names and the listed ones (a name or an
    address, ``*.example.org`` for its subdomains, ``*`` for any); ports do not matter.

    >>> p = HostPolicy(["cards.example.org", "*.lan", "192.168.1.5"])
    >>> [p.allows(h) for h in ("localhost:8000", "[::1]:80", "Cards.Example.org", "pi.lan", "192.168.1.5:8000")]
    [True, True, True, True, True]
    >>> [p.allows(h) for h in ("evil.example:8000", "lan", "cards.example.org.evil.example", "a b", "")]
    [False, False, False, False, False]
    """

    def __init__(self, allowed: Iterable[str] = ()) -> None:
        names = {host_name(h) for h in (*LOOPBACK_HOSTS, *allowed) if h.strip() != "*"}
        self.any = any(h.strip() == "*" for h in allowed)
        self.names = frozenset(n for n in names if not n.startswith("*."))
        self.suffixes = tuple(n[1:] for n in names if n.startswith("*."))

    def allows(self, host: str | None) -> bool:
        """``host``: the request's ``Host`` header (``None`` when absent: no browser sends a request without one)."""
        if host is None or self.any:
            return True
        if not _HOST.match(host.strip()):
            return False
        name = host_name(host)
        return name in self.names or name.endswith(self.suffixes)


def host_name(host: str) -> str:
    """The name in a ``Host`` header or an ``--allow-host`` value, lower case, without port or brackets.

    >>> host_name("Cards.Example.org:8000"), host_name("[::1]:8000"), host_name("::1"), host_name("example.org.")
    ('cards.example.org', '::1', '::1', 'example.org')
    """
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


def origin_host(origin: str) -> str:
    """The host name of a page origin.

    >>> origin_host("https://Cards.Example.org:8443/")
    'cards.example.org'
    """
    return host_name(urlsplit(normalize_origin(origin)).netloc)


def trusted_proxies(values: Iterable[str]) -> list[str]:
    """Proxy addresses or networks (``*``: any) from ``--forwarded-allow-ips`` values, each of which may
    list several separated by commas; raises :class:`ValueError` for anything else.

    >>> trusted_proxies(["127.0.0.1, 10.0.0.0/8", "::1"]), trusted_proxies([])
    (['127.0.0.1', '10.0.0.0/8', '::1'], [])
    """
    out = []
    for value in values:
        for item in (v.strip() for v in value.split(",")):
            if item != "*":
                try:
                    ipaddress.ip_network(item, strict=False)
                except ValueError:
                    raise ValueError(f"not an address or network (e.g. 10.0.0.5, 10.0.0.0/8 or *): {item!r}") from None
            out.append(item)
    return out


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


def security_headers(host: str | None, peers: Iterable[str] = ()) -> list[tuple[bytes, bytes]]:
    """The headers added to every HTTP response (``host``: the request's ``Host``, for the WebSocket; ``peers``:
    the origins of the site's other servers, whose WebSockets the page may open and whose card pictures it may
    show: ``serve --peer``)."""
    sockets = images = ""
    if host and _HOST.match(host):
        sockets = f" ws://{host} wss://{host}"
    for peer in peers:  # normalized origins: http://host:port -> ws://host:port; card pictures from there too
        sockets += " " + peer.replace("http", "ws", 1)
        images += " " + peer
    csp = ("default-src 'self'; script-src 'self'; style-src 'self'; "
           f"img-src 'self' data:{images}; font-src 'self'; "
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


class BodyTooLarge(Exception):
    """Raised to the app by ``receive`` when a streamed request body passes the limit."""


class SecurityMiddleware:
    """Headers on every response; foreign hosts and origins and oversized bodies refused (see the module
    docstring). ``hosts``: ``None`` answers any ``Host``; ``max_body``: ``None`` reads bodies of any size."""

    def __init__(self, app: ASGIApp, policy: OriginPolicy | None = None, hosts: HostPolicy | None = None,
                 max_body: int | None = None, peers: Iterable[str] = ()) -> None:
        self.app = app
        self.peers = [normalize_origin(p) for p in peers]
        self.policy = policy or OriginPolicy()
        self.hosts = hosts
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope.get("type")
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        origin = _header(scope, b"origin")
        known_host = self.hosts is None or self.hosts.allows(host)
        if kind == "websocket":
            if not known_host:
                await send({"type": "websocket.close", "code": 1008, "reason": "host not served here"})
                return
            if not self.policy.allows(origin, host):
                await send({"type": "websocket.close", "code": 1008, "reason": "origin not allowed"})
                return
            await self.app(scope, receive, send)
            return
        extra = security_headers(host if known_host else None, self.peers)
        names = {k for k, _ in extra}
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = [(k, v) for k, v in message.get("headers", ()) if bytes(k).lower() not in names]
                message["headers"] = headers + extra
            await send(message)

        async def refuse(status: int, detail: str) -> None:  # and close: the rest of the body is never read
            body = json.dumps({"detail": detail}).encode()
            await send_with_headers({"type": "http.response.start", "status": status,
                                     "headers": [(b"content-type", b"application/json"),
                                                 (b"content-length", str(len(body)).encode()),
                                                 (b"connection", b"close")]})
            await send({"type": "http.response.body", "body": body})

        if not known_host:
            await refuse(421, "this server does not answer for that host name; its --allow-host option lists "
                              "the names it serves besides localhost")
            return
        method = str(scope.get("method", "GET")).upper()
        foreign = not self.policy.allows(origin, host)
        if origin is None and _header(scope, b"sec-fetch-site") == "cross-site":
            foreign = True  # a browser that sent no Origin still says where the request came from
        if method not in SAFE_METHODS and foreign:
            await refuse(403, f"refused: requests from {origin or 'another site'} may not change anything here "
                              "(the server's --allow-origin lists the sites that may)")
            return
        limit = self.max_body
        if limit is None:
            await self.app(scope, receive, send_with_headers)
            return
        too_large = f"request too large: at most {limit} bytes"
        length = (_header(scope, b"content-length") or "0").strip()
        if not (length.isascii() and length.isdigit()):
            await refuse(400, "Content-Length is not a number")
            return
        if len(length) > 15 or int(length) > limit:  # refused before a byte of it is read
            await refuse(413, too_large)
            return
        seen = 0

        async def bounded_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:
                    raise BodyTooLarge(too_large)
            return message

        try:
            await self.app(scope, bounded_receive, send_with_headers)
        except BodyTooLarge:
            if not started:
                await refuse(413, too_large)
