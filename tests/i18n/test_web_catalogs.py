"""The browser's catalogs (gettext domain ``web``, issue 25): the template in step with the page's sources (and
the web server's Python, whose words to a table's page are in the page's language too),
every message translated in every language with the same placeholders, the compiled ``.mo`` current, the
plural forms as CLDR has them, and the catalogs served as JSON at ``/i18n/<lang>.json``."""

from __future__ import annotations

import gettext
import json
import re
import warnings
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel import Locale  # noqa: E402
from catalog_checks import extracted, po_path, read, untranslated  # noqa: E402  (this folder is on sys.path: pytest puts it there)

from cardtable import i18n  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "src" / "cardtable" / "locale"
WEB = ROOT / "src" / "cardtable" / "apps" / "web"
STATIC = WEB / "static"
LANGS = [lang for lang in i18n.LANGUAGES if lang != "en"]
# a message call with a literal first argument, as written in the page's sources: t("..."), th("..."),
# nt("...", "...", n), pt("context", "...")
CALL = re.compile(r'''\b(t|th|nt|pt)\(\s*"((?:[^"\\]|\\.)*)"(?:\s*,\s*"((?:[^"\\]|\\.)*)")?''')


def _key(context: str | None, msgid: str | tuple[str, ...]) -> tuple[str | None, str]:
    return context, msgid if isinstance(msgid, str) else msgid[0]


def _sources() -> list[Path]:
    """The files of the domain, as the pybabel command of docs/guides/languages.md names them."""
    return [*STATIC.glob("*.js"), *STATIC.glob("games/*.js"), *WEB.glob("*.py")]


def _extracted() -> set[tuple[str | None, str]]:
    """What ``pybabel extract -F babel.cfg ... static/*.js static/games/*.js apps/web/*.py`` finds now."""
    return extracted(_sources(), ROOT)


def test_the_template_holds_exactly_the_messages_of_the_page() -> None:
    found = _extracted()
    template = {_key(m.context, m.id) for m in read(LOCALE / "web.pot") if m.id}
    missing, stale = found - template, template - found
    assert not missing and not stale, f"run the pybabel commands of docs/guides/languages.md (domain web): " \
                                      f"new {sorted(missing, key=str)[:5]}, gone {sorted(stale, key=str)[:5]}"
    for lang in LANGS:
        ids = {_key(m.context, m.id) for m in read(po_path(lang, "web"), lang) if m.id}
        assert ids == template, (lang, sorted(ids ^ template, key=str)[:5])
    assert len(template) > 100


def test_babel_finds_every_message_call_of_the_sources() -> None:
    """Babel's JavaScript extractor misses a message inside a template nested in another template or inside
    an attribute's quotes; a plain scan of the sources finds every call, and each is in the template."""
    found = _extracted()
    calls = set()
    for path in sorted([*STATIC.glob("*.js"), *STATIC.glob("games/*.js")]):
        if path.name == "i18n.js":  # the definitions, not calls
            continue
        for m in CALL.finditer(path.read_text(encoding="utf-8")):
            calls.add((m.group(2), m.group(3)) if m.group(1) == "pt" else (None, m.group(2)))
    assert calls and not calls - found, f"not extracted (write the message outside nested templates and attribute " \
                                        f"quotes, as lobby.js does): {sorted(calls - found, key=str)[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated_not_left_english(lang: str) -> None:
    cat = read(po_path(lang, "web"), lang)
    assert untranslated(cat) == []
    for m in cat:
        if isinstance(m.id, str) and re.search(r"[A-Za-z]{3}", re.sub(r"\{\w+\}", "", m.id)) and m.context != "preset":
            # the same word in the language: Czech "gin", "Partner"; the game's name "Pinochle" (its meld too)
            assert m.string != m.id or m.id in ("Pinochle", "Partner", "gin"), (lang, m.id, "the English itself")
    assert len(cat) > 100


def test_the_server_speaks_to_a_page_in_its_language() -> None:
    """The web server's own words (apps/web/*.py) are in the template: the room's news, the pause, undo's reasons."""
    template = {_key(m.context, m.id) for m in read(LOCALE / "web.pot") if m.id}
    for msgid in ("{name} took the open seat.", "Reconnecting to the database: the table waits, and no saved move is lost.",
                  "you have not moved yet", "It is not your turn."):
        assert (None, msgid) in template, msgid
    from cardtable.apps.web.table import WebError
    from cardtable.apps.web.table_words import News, error_words, undo_words

    news = News("{name} took the open seat.", {"name": "Bea"})
    assert str(news) == "Bea took the open seat." and "Bea" in news.words("cs") and "took" not in news.words("cs")
    assert News("Nobody came in {n} min: a computer ({level}) plays the open seat.", {"n": "2", "level": "easy"}).words("cs") \
        == "Za 2 min nikdo nepřišel: volné místo hraje počítač (snadná)."
    turn = WebError("turn", "it is not your turn")
    assert error_words(turn, "en") == "it is not your turn" and error_words(turn, "ja") != "it is not your turn"
    assert undo_words("you have not moved yet", "cs") != "you have not moved yet"
    assert undo_words("Bea has replied to your move: it stands once you have seen the reply", "bg").startswith("Bea")
    assert error_words(WebError("bad-request", "a move is notation text"), "cs") == "a move is notation text"


def test_plurals_follow_cldr() -> None:
    from cardtable.apps.web.catalogs import PLURAL_CATEGORIES, catalog

    for lang in LANGS:
        po = read(po_path(lang, "web"), lang)
        with (LOCALE / lang / "LC_MESSAGES" / "web.mo").open("rb") as f:
            mo = gettext.GNUTranslations(f)
        # the page picks a form by CLDR's category (Intl.PluralRules); that category's index is the catalog's form
        mapping = catalog(lang)["plural"]
        cldr = Locale.parse(lang).plural_form
        assert po.num_plurals == len(PLURAL_CATEGORIES[lang])
        for n in range(0, 202):
            assert mapping[cldr(n)] == mo.plural(n), (lang, n, cldr(n))
        assert cldr(1.5) in mapping  # Czech 'many' (decimals) has a form too


def test_catalog_json_as_the_page_reads_it() -> None:
    from cardtable.apps.web.catalogs import catalog, negotiate

    cs = catalog("cs")
    assert cs["lang"] == "cs" and cs["plural"]["few"] == 1 and cs["plural"]["many"] == 2
    assert cs["messages"]["Lobby"] == "Herna"
    assert cs["messages"]["{n} minute"] == ["{n} minutu", "{n} minuty", "{n} minut"]
    assert cs["messages"]["game\x04Gin Rummy"] == "Gin rummy"
    assert catalog("ja")["messages"]["{n} minute"] == ["{n}分"] and catalog("ja")["plural"]["one"] == 0
    assert catalog("en")["messages"] == {}
    with pytest.raises(KeyError):
        catalog("de")
    assert negotiate("de-DE,cs;q=0.8,en;q=0.5") == "cs"
    assert negotiate("ja-JP,ja;q=0.9,en-US;q=0.8") == "ja"
    assert negotiate("en-US,en;q=0.9,bg;q=0.8") == "en"
    assert negotiate("zh-TW,zh;q=0.9") == "zh" and negotiate("bg;q=0, cs;q=0.1") == "cs"
    assert negotiate(None) == negotiate("") == negotiate("fr, *;q=0.5") == "en"


def test_the_server_serves_the_catalogs_and_the_page_in_the_asked_language(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient
    from cardtable.apps.web.server import create_app

    with TestClient(create_app(str(tmp_path / "web.db"))) as client:
        for lang in i18n.LANGUAGES:
            r = client.get(f"/i18n/{lang}.json")
            assert r.status_code == 200 and r.headers["content-type"].startswith("application/json"), lang
            body = json.loads(r.content)
            assert body["lang"] == lang and (lang == "en" or len(body["messages"]) > 100)
            etag = r.headers["etag"]
            again = client.get(f"/i18n/{lang}.json", headers={"If-None-Match": etag})
            assert again.status_code == 304 and not again.content
        for bad in ("de.json", "xx.json", "cs", "cs.po", "en_XA.json", "..%2Fcardtable.json"):
            assert client.get(f"/i18n/{bad}").status_code == 404, bad
        page = client.get("/", headers={"Accept-Language": "ja-JP,ja;q=0.9,en;q=0.5"})
        assert '<html lang="ja" data-i18n>' in page.text and "Accept-Language" in page.headers["vary"]
        assert '<html lang="zh-Hans"' in client.get("/", headers={"Accept-Language": "zh-CN"}).text
        assert '<html lang="en"' in client.get("/", headers={"Accept-Language": "de"}).text
        assert '<html lang="en"' in client.get("/").text
