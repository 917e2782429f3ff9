"""The browser's message catalogs: the gettext domain ``web`` as JSON for ``static/i18n.js``, and the
language a request's ``Accept-Language`` asks for.

The page's strings are marked in ``static/*.js`` with ``t(msgid, params)``, ``nt(singular, plural, n,
params)`` and ``pt(context, msgid, params)``; Babel extracts them (``babel.cfg``) into
``locale/web.pot``, and each ``locale/<lang>/LC_MESSAGES/web.po`` is compiled to the ``web.mo`` read
here (standard library only: the static site's build uses this module too).

A catalog as JSON::

    {"lang": "cs", "plural": {"one": 0, "few": 1, "many": 2, "other": 2},
     "messages": {"Lobby": "Herna", "Rules\\u0004standard": "standardní", "{n} minute": ["…", "…", "…"]}}

``plural`` maps each CLDR plural category (the page asks ``Intl.PluralRules``) to the index of the
catalog's forms; a plural message is keyed by its singular msgid, a message with a context by
``context + "\\x04" + msgid`` (gettext's own keys). Messages without a translation are left out: the
page shows the English msgid for them.

>>> negotiate("de-DE,cs;q=0.8,en;q=0.5"), negotiate("zh-TW"), negotiate(""), negotiate("fr, *;q=0.1")
('cs', 'zh', 'en', 'en')
"""

from __future__ import annotations

import functools
import gettext
import hashlib
import json
from typing import Any

from ...i18n import LANGUAGES, LOCALE_DIR, normalize

__all__ = ["DOMAIN", "PLURAL_CATEGORIES", "negotiate", "language_tag", "catalog", "catalog_json", "catalog_etag"]

DOMAIN = "web"
"""The gettext domain of the browser's messages (``web.po`` / ``web.mo``)."""
PLURAL_CATEGORIES: dict[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "ja": ("other",),
    "zh": ("other",),
    "bg": ("one", "other"),
    "cs": ("one", "few", "other"),  # 'many' (decimals, 1,5 zápasu) takes the 'other' form
}
"""The CLDR plural categories of each language in the order of its catalog's forms (``Plural-Forms``)."""


def negotiate(header: str | None) -> str:
    """The language cardtable speaks that an ``Accept-Language`` header prefers (by ``q``, then order); English
    when it names none of them."""
    best: tuple[float, int, str] | None = None
    for i, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        lang = normalize(tag) if tag and tag != "*" else None
        if lang in LANGUAGES and q > 0 and (best is None or (q, -i) > (best[0], best[1])):
            best = (q, -i, lang)
    return best[2] if best else "en"


def language_tag(lang: str) -> str:
    """The BCP 47 tag for a page in ``lang`` (``<html lang>``): ``zh-Hans`` for Simplified Chinese, so that
    fonts pick its glyphs; the code itself for the others."""
    return "zh-Hans" if lang == "zh" else lang


def catalog(lang: str) -> dict[str, Any]:
    """The ``web`` catalog of ``lang`` (a code of :data:`~cardtable.i18n.LANGUAGES`) as the page reads it.

    Raises :class:`KeyError` for a language cardtable does not speak.
    """
    if lang not in LANGUAGES:
        raise KeyError(lang)
    categories = PLURAL_CATEGORIES[lang]
    plural = {c: i for i, c in enumerate(categories)}
    for category in ("zero", "one", "two", "few", "many", "other"):
        plural.setdefault(category, plural["other"])
    messages: dict[str, str | list[str]] = {}
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if lang != "en" and path.exists():
        with path.open("rb") as f:
            mo = gettext.GNUTranslations(f)
        found: dict[Any, str] = mo._catalog  # type: ignore[attr-defined]
        forms: dict[str, list[str]] = {}
        for key, text in found.items():
            if isinstance(key, tuple):
                forms.setdefault(key[0], [""] * len(categories))[key[1]] = text
            elif key and text:
                messages[key] = text
        for key, texts in forms.items():
            if all(texts):
                messages[key] = texts
    return {"lang": lang, "plural": plural, "messages": dict(sorted(messages.items()))}


@functools.cache
def catalog_json(lang: str) -> bytes:
    """:func:`catalog` as compact UTF-8 JSON (made once per process)."""
    return json.dumps(catalog(lang), ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def catalog_etag(lang: str) -> str:
    """An ``ETag`` for :func:`catalog_json` (its digest)."""
    return '"' + hashlib.sha256(catalog_json(lang)).hexdigest()[:20] + '"'
