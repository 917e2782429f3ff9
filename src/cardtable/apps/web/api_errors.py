"""Errors of the JSON API with a stable ``code``: the page shows its own words for the code, in its language.

A refusal answers ``{"detail": <English text>, "code": <short word>, "params": {...}}``: ``detail`` is for people
reading the API (and stays as it was), ``code`` and ``params`` (the numbers in the text) are for the lobby
(``static/lobby.js``), which says the same in the page's language and shows ``detail`` for a code it does not know.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import JSONResponse

from .admission import Refused
from .table import WebError

__all__ = ["ApiError", "from_web_error", "from_refusal", "install"]


class ApiError(HTTPException):
    """An :class:`~fastapi.HTTPException` with a ``code`` and the ``params`` of its message."""

    def __init__(self, status: int, code: str, detail: str, params: dict[str, Any] | None = None,
                 headers: dict[str, str] | None = None) -> None:
        super().__init__(status, detail, headers=headers)
        self.code = code
        self.params = dict(params or {})


def from_web_error(exc: WebError, status: int) -> ApiError:
    """``exc`` answered with ``status``: its code, message and params."""
    return ApiError(status, exc.code, str(exc), exc.params)


def from_refusal(exc: Refused) -> ApiError:
    """A refusal of :mod:`.admission`, to be asked again in a minute."""
    return ApiError(exc.status, exc.code, str(exc), exc.params, headers={"Retry-After": "60"})


def install(app: FastAPI) -> None:
    """Answer :class:`ApiError` with its code and params beside the detail."""

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, ApiError)
        return JSONResponse({"detail": exc.detail, "code": exc.code, "params": exc.params},
                            status_code=exc.status_code, headers=exc.headers)
