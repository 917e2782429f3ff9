"""The rules for players in the browser: ``/rules``, ``/rules/{game}``, their JSON, and refusal links.

* ``GET /rules`` and ``GET /rules/{game}`` are one page (``static/rules.html``, drawn by
  ``static/rules.js``); ``/help`` redirects to ``/rules``.
* ``GET /api/rules`` lists the games, each with its presets in one sentence;
  ``GET /api/rules/{game}?preset=NAME`` gives the rules text under that preset
  (:func:`cardtable.apps.player_rules.page`), and any option of the rules class may be set as
  well (``&target_score=50&num_players=4``), as a table's menu does for its own rules.
* :func:`rule_link` is where a refused move's rule is explained: ``/rules/pinochle#follow-suit``
  (from :mod:`.rule_links`, which needs no web framework).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from fastapi import FastAPI, HTTPException, Request
from fastapi.responses import FileResponse, RedirectResponse

from ...errors import CardtableError
from ...registry import game_class
from ..player_rules import GAMES, load, page
from .rule_links import rule_href, rule_link

__all__ = ["register", "rule_href", "rule_link", "rules_from_query"]

MAX_QUERY = 40


def _option_value(field: dataclasses.Field[Any], text: str) -> Any:
    default = field.default
    if field.metadata.get("nullable") and text.lower() in ("none", "null"):
        return None
    if isinstance(default, bool):
        if text.lower() in ("true", "on", "1"):
            return True
        if text.lower() in ("false", "off", "0"):
            return False
        raise ValueError(f"{field.name} is true or false, not {text[:20]!r}")
    if isinstance(default, int) or default is None:
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{field.name} is a whole number, not {text[:20]!r}") from None
    return text


def rules_from_query(game: str, query: dict[str, str]) -> Any:
    """The rules config of ``game`` named by a page's query: ``preset`` (default ``standard``) and options.

    Raises :class:`ValueError` with a message for people when a name or a value is not acceptable.
    """
    rules_class = game_class(game).rules_class
    fields = {f.name: f for f in dataclasses.fields(rules_class)}  # type: ignore[arg-type]
    preset = query.get("preset", "standard")
    if preset not in rules_class.presets():
        raise ValueError(f"unknown preset {preset[:20]!r}; presets: {', '.join(rules_class.presets())}")
    overrides = {}
    for name, text in query.items():
        if name == "preset":
            continue
        if name not in fields:
            raise ValueError(f"unknown option {name[:40]!r} for {game}")
        overrides[name] = _option_value(fields[name], text)
    try:
        return rules_class.preset(preset, **overrides)
    except CardtableError as exc:
        raise ValueError(str(exc)) from None


def register(app: FastAPI, static: Any) -> None:
    """Add the rules routes to ``app``; ``static`` is the folder of the front end's files."""

    def shell() -> FileResponse:
        return FileResponse(static / "rules.html", headers={"Cache-Control": "no-cache"})

    @app.get("/help")
    async def help_page() -> RedirectResponse:
        return RedirectResponse("/rules", status_code=301)

    @app.get("/rules")
    async def rules_index() -> FileResponse:
        return shell()

    @app.get("/rules/{game}")
    async def rules_page(game: str) -> FileResponse:
        if game not in GAMES:
            raise HTTPException(404, f"no rules for {game[:20]!r}; games: {', '.join(GAMES)}")
        return shell()

    @app.get("/api/rules")
    async def rules_list() -> dict[str, Any]:
        games = []
        for name in GAMES:
            doc = load(name)
            presets = game_class(name).rules_class.presets()
            games.append({"game": name, "title": doc.text(doc.data["title"]), "intro": doc.text(doc.data["intro"]),
                          "presets": [{"name": p, "text": doc.text(doc.data["presets"][p])} for p in presets]})
        return {"games": games}

    @app.get("/api/rules/{game}")
    async def rules_json(game: str, request: Request) -> dict[str, Any]:
        if game not in GAMES:
            raise HTTPException(404, f"no rules for {game[:20]!r}; games: {', '.join(GAMES)}")
        query = dict(request.query_params)
        if len(request.query_params) > MAX_QUERY or len(query) != len(request.query_params.multi_items()):
            raise HTTPException(400, "give each option once")
        try:
            rules = rules_from_query(game, query)
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None
        return page(rules, game)
