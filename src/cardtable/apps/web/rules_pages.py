"""The rules for players in the browser: ``/rules``, ``/rules/{game}``, their JSON, and refusal links.

* ``GET /rules`` and ``GET /rules/{game}`` are one page (``static/rules.html``, drawn by
  ``static/rules.js``); ``/help`` redirects to ``/rules``.
* ``GET /api/rules`` lists the games, each with its presets in one sentence;
  ``GET /api/rules/{game}?preset=NAME`` gives the rules text under that preset
  (:func:`cardtable.apps.player_rules.page`), and any option of the rules class may be set as
  well (``&target_score=50&num_players=4``), as a table's menu does for its own rules.
* Both answer in the language ``?lang=cs`` names (the page adds its own), else the one
  ``Accept-Language`` prefers; a language without rules is English. The ids of sections and
  paragraphs are the same in every language, so a refusal's link finds its paragraph in any.
* :func:`rule_link` is where a refused move's rule is explained: ``/rules/pinochle#follow-suit``
  (from :mod:`.rule_links`, which needs no web framework).
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any

from fastapi import FastAPI, HTTPException, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse

from ...errors import CardtableError
from ...registry import game_class
from ..player_rules import GAMES, PlayerRules, page
from ..player_rules.translations import language, load_translated
from . import catalogs
from .rule_links import rule_href, rule_link

__all__ = ["register", "rule_href", "rule_link", "rules_from_query", "rules_language", "rules_doc", "rules_listing"]

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


def rules_language(request: Request) -> str:
    """The language of the rules a request asks for: its ``lang`` parameter, else its ``Accept-Language``;
    English for a language the rules are not written in."""
    asked = request.query_params.get("lang")
    if asked is not None:
        return language(asked[:40])
    return language(catalogs.negotiate(request.headers.get("accept-language")))


@functools.cache
def rules_doc(game: str, lang: str) -> PlayerRules:
    """The rules text of ``game`` in ``lang`` (one of the rules' languages), read once."""
    return load_translated(game, lang)


def register(app: FastAPI, static: Any) -> None:
    """Add the rules routes to ``app``; ``static`` is the folder of the front end's files."""
    source = (static / "rules.html").read_text(encoding="utf-8")

    def shell(request: Request) -> HTMLResponse:
        # <html lang> from Accept-Language: static/i18n.js starts there (a language chosen in the lobby wins)
        lang = catalogs.language_tag(catalogs.negotiate(request.headers.get("accept-language")))
        return HTMLResponse(source.replace('<html lang="en"', f'<html lang="{lang}"', 1),
                            headers={"Cache-Control": "no-cache", "Vary": "Accept-Language"})

    @app.get("/help")
    async def help_page() -> RedirectResponse:
        return RedirectResponse("/rules", status_code=301)

    @app.get("/rules")
    async def rules_index(request: Request) -> HTMLResponse:
        return shell(request)

    @app.get("/rules/{game}")
    async def rules_page(game: str, request: Request) -> HTMLResponse:
        if game not in GAMES:
            raise HTTPException(404, f"no rules for {game[:20]!r}; games: {', '.join(GAMES)}")
        return shell(request)

    @app.get("/api/rules")
    async def rules_list(request: Request, response: Response) -> dict[str, Any]:
        lang = rules_language(request)
        response.headers["Vary"] = "Accept-Language"
        return rules_listing(lang)

    @app.get("/api/rules/{game}")
    async def rules_json(game: str, request: Request, response: Response) -> dict[str, Any]:
        if game not in GAMES:
            raise HTTPException(404, f"no rules for {game[:20]!r}; games: {', '.join(GAMES)}")
        query = dict(request.query_params)
        if len(request.query_params) > MAX_QUERY or len(query) != len(request.query_params.multi_items()):
            raise HTTPException(400, "give each option once")
        lang = rules_language(request)
        query.pop("lang", None)
        try:
            rules = rules_from_query(game, query)
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None
        response.headers["Vary"] = "Accept-Language"
        return {**page(rules, game, rules_doc(game, lang)), "lang": lang}


def rules_listing(lang: str) -> dict[str, Any]:
    """``/api/rules`` in ``lang``: each game's title, introduction and presets in one sentence each."""
    games = []
    for name in GAMES:
        doc = rules_doc(name, lang)
        presets = game_class(name).rules_class.presets()
        games.append({"game": name, "title": doc.text(doc.data["title"]), "intro": doc.text(doc.data["intro"]),
                      "presets": [{"name": p, "text": doc.text(doc.data["presets"][p])} for p in presets]})
    return {"games": games, "lang": lang}
