"""The lobby in the players' languages (issue 25), in Debian's chromium: Accept-Language chooses it, the
language menu changes it and is remembered; no English is left in the lobby; long Czech and Bulgarian words
fit a 360-px phone; axe-core finds nothing serious. Screenshots: artifacts/web/lobby-<lang>-<size>.png."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from cardtable import i18n

from . import browser_kit as kit
from . import test_static_site
from .browser_kit import ARTIFACTS, Browser, Page, audit, new_page, press

server, server_db, browser = kit.server, kit.server_db, kit.browser  # the fixtures
site, static_server = test_static_site.site, test_static_site.static_server  # the built static site, its server
ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "src" / "cardtable" / "locale"
ACCEPT = {"en": "en-US", "ja": "ja-JP", "zh": "zh-CN", "bg": "bg-BG", "cs": "cs-CZ"}
# what a lobby holds that is not a message: player names, the brand, numbers, card symbols
NOT_MESSAGES = re.compile(r"Bea|cardtable")


def english_fragments(lang: str) -> set[str]:
    """The English words of each web message that ``lang`` translates differently: what must not show."""
    from babel.messages.pofile import read_po

    with (LOCALE / lang / "LC_MESSAGES" / "web.po").open("rb") as f:
        cat = read_po(f, locale=lang)
    found: set[str] = set()
    for m in cat:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        forms = m.string if isinstance(m.string, tuple) else (m.string,)
        for msgid in ids:
            if msgid in forms:
                continue  # the same in this language (OpenSpiel)
            for piece in re.split(r"\{\w+\}", msgid):
                piece = piece.strip(" .,:;·()")
                if re.search(r"[A-Za-z]{3}", piece):
                    found.add(piece)
    return found


def lobby_page(browser: Browser, lang: str, size: str, *, seats: list[dict[str, Any]] | None = None,
               audit: bool = False) -> Page:
    """A fresh browser whose Accept-Language (and navigator.languages) is ``lang``'s, holding ``seats``."""
    page = new_page(browser, size, audit=audit, locale=ACCEPT[lang])
    if seats:
        page.context.add_init_script(f"localStorage.setItem('cardtable:seats', {json.dumps(json.dumps(seats))})")
    return page


def page_words(page: Page) -> list[str]:
    """Every text a person can read or hear in the page: text nodes, labels, placeholders, the title (not
    the language menu, which names each language in its own words)."""
    return list(page.evaluate("""() => {
        const out = [document.title];
        const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = walk.nextNode(); n; n = walk.nextNode()) if (!n.parentElement.closest('#lang')) out.push(n.textContent);
        for (const e of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
            if (e.id === 'lang') continue;
            for (const a of ['aria-label', 'placeholder', 'title']) if (e.hasAttribute(a)) out.push(e.getAttribute(a));
        }
        return out.map(s => s.trim()).filter(Boolean); }"""))


def wait_for_lobby(page: Page) -> None:
    """Until the form is there and the lists have come ("Loading…" ends with "…" in every language)."""
    page.wait_for_selector("#create-btn")
    page.wait_for_function("() => !document.querySelector('#open-list').textContent.includes('…')")
    page.wait_for_function("() => !document.querySelector('#mine-list').textContent.includes('…')")


@pytest.fixture(scope="module")
def open_table(server: str) -> dict[str, Any]:
    """A public table with an open seat (the lobby lists it) and the seat of its host (My tables shows it)."""
    r = httpx.post(server + "/api/tables", json={"game": "casino", "seats": [{"kind": "human", "name": "Bea"},
                   {"kind": "open"}], "public": True, "away": {"then": "offer", "after": 300}})
    assert r.status_code == 200, r.text
    t = r.json()
    return {"id": t["id"], "token": t["seats"][0]["token"], "seat": 0, "game": "casino", "names": ["Bea", "?"]}


@pytest.mark.parametrize("lang", ["ja", "zh", "bg", "cs"])
def test_the_lobby_speaks_the_language_accept_language_asks_for(server: str, browser: Browser,
                                                                open_table: dict[str, Any], lang: str) -> None:
    page = lobby_page(browser, lang, "desktop", seats=[open_table])
    page.goto(server + "/")
    wait_for_lobby(page)
    assert page.evaluate("document.documentElement.lang") == ("zh-Hans" if lang == "zh" else lang)
    assert page.input_value("#lang") == lang
    # the public table and "My tables" have rows, and the form shows a friend's seat (the away choices too)
    assert page.locator("#open-list .table-row .take").count() == 1 and page.locator("#mine-list .table-row").count() == 1
    press(page, page.locator("label.game-tile:has(input[value=casino])"))
    page.select_option("select[name=players]", "4")
    press(page, page.locator("label:has(input[name=kind1][value=human])"))
    press(page, page.locator("label:has(input[name=kind2][value=open])"))
    page.wait_for_selector("fieldset.away")
    words = page_words(page)
    english = english_fragments(lang)
    whole = {fragment: re.compile(rf"(?<!\w){re.escape(fragment)}(?!\w)") for fragment in english}  # words, not "standardní"
    left = sorted({f"{fragment!r} in {text!r}" for text in words for fragment, pattern in whole.items() if pattern.search(text)})
    assert not left, left[:10]
    if lang in ("ja", "zh", "bg"):  # no Latin words at all, save names, the brand and OpenSpiel
        latin = [w for w in words if re.search(r"[A-Za-z]{3}", NOT_MESSAGES.sub("", w).replace("OpenSpiel", ""))]
        assert not latin, latin[:10]
    page.screenshot(path=str(ARTIFACTS / f"lobby-{lang}-desktop.png"), full_page=True)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_pseudo_locale_leaves_no_text_outside_the_catalogs(server: str, browser: Browser,
                                                             open_table: dict[str, Any]) -> None:
    """en_XA (cardtable.i18n's pseudo-locale, chosen in the browser's storage): every message of the lobby comes
    out inside ⟦ ⟧; what is left outside is a name or text that did not go through t()."""
    page = lobby_page(browser, "en", "desktop", seats=[open_table])
    page.context.add_init_script("localStorage.setItem('cardtable:lang', 'en_XA')")
    page.goto(server + "/")
    page.wait_for_selector("#create-btn")
    page.wait_for_function("() => !document.querySelector('#open-list').textContent.includes('…⟧')")
    page.wait_for_function("() => !document.querySelector('#mine-list').textContent.includes('…⟧')")
    assert page.evaluate("document.documentElement.lang") == "en-XA" and page.input_value("#lang") == "en"
    press(page, page.locator("label.game-tile:has(input[value=casino])"))
    page.select_option("select[name=players]", "4")
    press(page, page.locator("label:has(input[name=kind1][value=human])"))
    press(page, page.locator("label:has(input[name=kind2][value=open])"))
    page.wait_for_selector("fieldset.away")
    words = page_words(page)
    assert i18n.pseudo("Open the table") in words and i18n.pseudo("Lobby") in words  # the same pseudo-locale as the terminal's
    outside = [w for w in words if re.search(r"[A-Za-z]{2}", NOT_MESSAGES.sub("", re.sub(r"⟦[^⟧]*⟧", "", w)))]
    assert not outside, outside[:10]
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_menu_switches_the_language_and_it_is_remembered(server: str, browser: Browser) -> None:
    page = lobby_page(browser, "ja", "phone")
    page.goto(server + "/")
    wait_for_lobby(page)
    assert page.inner_text("#create-btn") == "カードを配る"
    menu = page.locator("#lang")
    names = menu.locator("option").evaluate_all("os => os.map(o => [o.value, o.textContent, o.lang])")
    assert [(v, n) for v, n, _ in names] == list(i18n.LANGUAGES.items())  # each language in its own words
    assert dict((v, tag) for v, _, tag in names)["zh"] == "zh-Hans"
    assert menu.get_attribute("aria-label") == "言語"
    page.select_option("#lang", "cs")
    page.wait_for_function("() => document.documentElement.lang === 'cs'")
    page.wait_for_selector("#create-btn:text('Rozdat karty')")
    assert page.inner_text("header.top nav") .split() == ["Herna", "Dohrané", "Statistiky", "Pravidla"]
    assert page.title() == "cardtable: Gin rummy, Kasino a Pinochle"
    page.reload()  # Accept-Language still says Japanese: the choice wins
    wait_for_lobby(page)
    assert page.evaluate("document.documentElement.lang") == "cs" and page.input_value("#lang") == "cs"
    assert page.inner_text("#create-btn") == "Rozdat karty"
    assert page.evaluate("localStorage.getItem('cardtable:lang')") == "cs"
    page.select_option("#lang", "en")
    page.wait_for_selector("#create-btn:text('Deal the cards')")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("lang", ["cs", "bg", "ja", "zh"])
def test_long_words_fit_a_phone_and_axe_finds_nothing_serious(server: str, browser: Browser,
                                                              open_table: dict[str, Any], lang: str) -> None:
    page = lobby_page(browser, lang, "phone", seats=[open_table], audit=True)
    page.goto(server + "/")
    wait_for_lobby(page)
    press(page, page.locator("label.game-tile:has(input[value=casino])"))
    page.select_option("select[name=players]", "4")
    press(page, page.locator("label:has(input[name=kind1][value=human])"))
    press(page, page.locator("label:has(input[name=kind3][value=open])"))
    page.wait_for_selector("fieldset.away")
    width = page.evaluate("window.innerWidth")
    assert width == 360
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    wide = page.evaluate("""(w) => [...document.querySelectorAll('body *')].filter(e => {
        const r = e.getBoundingClientRect(); return r.width > 0 && (r.right > w + 0.5 || r.left < -0.5) && !e.closest('.skip, .sr-only');
    }).map(e => e.tagName + '.' + e.className + ': ' + (e.textContent || '').slice(0, 40))""", width)
    assert not wide, wide[:5]
    page.screenshot(path=str(ARTIFACTS / f"lobby-{lang}-phone.png"), full_page=True)
    found = audit(page)
    assert not found, found
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_static_site_speaks_the_browsers_language(site: Path, browser: Browser) -> None:
    """``cardtable build-static``: no server to read Accept-Language; the page reads navigator.languages, and
    the catalogs are files of the site (i18n/<lang>.json)."""
    for lang in i18n.LANGUAGES:
        assert json.loads((site / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))["lang"] == lang
    with static_server(site) as base:
        page = lobby_page(browser, "bg", "phone")
        page.goto(base + "/index.html")
        page.wait_for_selector("#create-btn")
        assert page.evaluate("document.documentElement.lang") == "bg"
        assert page.inner_text("#new-h") == "Нова маса" and page.inner_text("#create-btn") == "Раздай картите"
        page.select_option("#lang", "zh")
        page.wait_for_selector("#create-btn:text('发牌')")
        page.reload()
        page.wait_for_selector("#create-btn:text('发牌')")
        assert page.evaluate("document.documentElement.lang") == "zh-Hans"
        # the file input's own button speaks the browser's language: a button of the page's stands for it
        assert page.inner_text(".file-pick .btn") == "选择文件…" and page.locator("#import").bounding_box()["width"] <= 1
        page.screenshot(path=str(ARTIFACTS / "lobby-zh-static-phone.png"))
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()
