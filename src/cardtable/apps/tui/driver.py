"""The terminal driver: Textual's own, except that input which is not UTF-8 cannot crash the app.

Textual's Linux driver decodes the keyboard with a strict UTF-8 decoder, so one
byte that is not UTF-8 (a Latin-1 terminal, a bad paste: ``é`` sent as the byte
``e9``) raises :class:`UnicodeDecodeError` in its input thread and ends the app
with a traceback (Textual issue #6456). :class:`LenientLinuxDriver` runs the very
same input loop with a decoder that turns such bytes into U+FFFD, which no key
binding or input field acts on, so the app just carries on.
"""

from __future__ import annotations

import codecs
import functools
import types
from typing import Any

from textual.driver import Driver

__all__ = ["lenient_driver_class", "lenient_decoder"]


def lenient_decoder(encoding: str) -> Any:
    """``codecs.getincrementaldecoder`` with ``errors="replace"``: undecodable bytes become U+FFFD."""
    return functools.partial(codecs.getincrementaldecoder(encoding), errors="replace")


def lenient_driver_class(base: type[Driver]) -> type[Driver]:
    """``base`` itself, or for Textual's Linux driver a subclass whose input loop replaces undecodable bytes."""
    from textual.drivers import linux_driver

    if base is not linux_driver.LinuxDriver:
        return base
    loop = linux_driver.LinuxDriver.run_input_thread
    if "getincrementaldecoder" not in loop.__code__.co_names:  # a Textual that decodes otherwise: keep it
        return base
    # Textual's own loop, reading its module's names, except the decoder factory.
    names = {**vars(linux_driver), "getincrementaldecoder": lenient_decoder}
    lenient_loop = types.FunctionType(loop.__code__, names, loop.__name__, loop.__defaults__, loop.__closure__)
    return type("LenientLinuxDriver", (base,), {"run_input_thread": lenient_loop, "__module__": __name__,
                                                "__doc__": "Textual's Linux driver; undecodable input becomes U+FFFD."})
