"""The rules for players in the browser, at 360 px and 1280 px: reached from the lobby (and ``/help``),
drawn with real card images, the chosen preset's options in words, no sideways scroll, nothing
serious for axe-core; at the table, the menu's Rules link and a refused move's "Why? (rules)" link to
the paragraph, and so does a dimmed card's reason. Screenshots: ``artifacts/web/rules-*.png``."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from . import browser_kit as kit
from . import test_static_site
from .browser_kit import ARTIFACTS, Browser, Page, audit, create_table, my_turn, new_page, press

server, server_db, browser = kit.server, kit.server_db, kit.browser  # the fixtures
site, static_server = test_static_site.site, test_static_site.static_server  # the built static site, its server

IMAGES_LOADED = "[...document.querySelectorAll('.rule-fig img')].every(i => i.complete && i.naturalWidth > 0)"


def _until(page: Page, script: str, timeout: float = 30) -> None:
    """Wait until ``script`` (an expression or an arrow function) is true, evaluated from Python: Playwright's
    ``wait_for_function`` polls through ``new Function``, which the page's CSP (no 'unsafe-eval') refuses."""
    deadline = time.monotonic() + timeout
    expression = script if script.startswith("() =>") else f"() => ({script})"
    while not page.evaluate(expression):
        assert time.monotonic() < deadline, f"timed out waiting for {script}"
        page.wait_for_timeout(100)


def _fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("window.innerWidth")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_rules_from_the_lobby(server: str, browser: Browser, size: str) -> None:
    page = new_page(browser, size, audit=True)
    page.goto(server + "/")
    page.wait_for_selector("#rules-link")
    assert page.get_attribute("#rules-link", "href") == "/rules/gin?preset=standard"
    assert page.locator("header.top nav a[href='/rules']").inner_text() == "Rules"  # on every page's bar too
    page.select_option("select[name=preset]", "classic")
    assert page.get_attribute("#rules-link", "href") == "/rules/gin?preset=classic"
    press(page, page.locator("#rules-link"))
    page.wait_for_selector("article.rules h1")
    _until(page, IMAGES_LOADED)
    assert page.inner_text("h1") == "Gin Rummy"
    assert page.input_value("#preset") == "classic"
    assert page.locator(".rule-fig .card img").count() >= 15  # the melds, the knock and the layoff, as real cards
    assert page.get_attribute("#fig-run .card >> nth=0", "aria-label") == "7 of hearts"
    assert "Gin scores 20 plus" in page.inner_text("#score-gin") and "There is no big gin" in page.inner_text("#big-gin")
    assert "20 for every hand won" in page.inner_text("tr[data-option=box_bonus]")
    assert page.locator(".inline-card[aria-label='ace of spades']").count() >= 1
    _fits(page)
    assert not audit(page)
    page.screenshot(path=str(ARTIFACTS / f"rules-gin-classic-{size}.png"), full_page=True)
    page.select_option("#preset", "standard")  # another preset: the page follows
    page.wait_for_url("**/rules/gin?preset=standard")
    page.wait_for_selector("#big-gin")
    assert "Big gin scores 31" in page.inner_text("#score-gin")
    for game, check in (("casino", "#fig-build"), ("pinochle", "#follow-suit")):
        page.goto(f"{server}/rules/{game}")
        page.wait_for_selector(check)
        _until(page, IMAGES_LOADED)
        _fits(page)
        if size == "desktop":  # axe takes seconds a page: each other page is audited at one size
            assert not audit(page), game
        page.screenshot(path=str(ARTIFACTS / f"rules-{game}-{size}.png"), full_page=True)
    page.goto(f"{server}/rules/casino?preset=standard&num_players=4&target_score=31")  # a table's own rules
    page.wait_for_selector("tr[data-option=num_players]")
    assert page.input_value("#preset") == "" and "This table's own rules" in page.inner_text("#preset-about")
    assert "4 players" in page.inner_text("tr[data-option=num_players]") and "31" in page.inner_text("#match-end")
    page.goto(server + "/help")
    page.wait_for_selector(".rules-game")
    assert page.url.endswith("/rules") and page.inner_text("h1") == "Rules of the games"
    assert page.locator(".rules-game h2 a").count() == 3
    _fits(page)
    if size == "phone":
        assert not audit(page)
    page.screenshot(path=str(ARTIFACTS / f"rules-index-{size}.png"), full_page=True)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


SOCKET_SPY = """
const Original = window.WebSocket;
window.WebSocket = class extends Original {
  constructor(...args) {
    super(...args);
    window.__ws = this;
    this.addEventListener("message", (e) => { const m = JSON.parse(e.data); if (m.t === "state") window.__n = m.n; });
  }
};
"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_refusal_links_to_its_rule(server: str, browser: Browser, size: str) -> None:
    page = new_page(browser, size)
    page.context.add_init_script(SOCKET_SPY)
    create_table(page, server, "gin")
    _until(page, "() => !!document.querySelector('.prompt.mine')", timeout=20)
    assert my_turn(page)
    # a move the table never offers, sent as a tampered page would: the engine refuses it and cites its rule
    page.evaluate("window.__ws.send(JSON.stringify({ t: 'act', m: 'big gin', n: window.__n }))")
    link = page.locator("#notice a.why-rule")
    link.wait_for()
    href = link.get_attribute("href") or ""
    assert href in ("/rules/gin#big-gin", "/rules/gin#draw-discard"), href
    assert link.inner_text() == "Why? (rules)" and "big gin" in page.inner_text("#notice")
    page.screenshot(path=str(ARTIFACTS / f"rules-refusal-{size}.png"))
    with page.context.expect_page() as opened:
        press(page, link)
    rules = opened.value
    rules.wait_for_selector("article.rules .rule-target")
    anchor = href.split("#")[1]
    assert rules.evaluate("document.querySelector('.rule-target').id") == anchor
    assert rules.evaluate("(() => { const r = document.querySelector('.rule-target').getBoundingClientRect();"
                          " return r.top >= -1 && r.top < window.innerHeight / 2; })()")
    _fits(rules)
    rules.screenshot(path=str(ARTIFACTS / f"rules-why-{size}.png"))
    # a card that cannot be played says why, with the same link: the card just taken from the discard pile
    press(page, page.locator(".actions [data-move=take]"))
    dim = page.locator("#hand .hand-card[aria-disabled=true]")
    dim.first.wait_for()
    press(page, dim.first, position={"x": 6, "y": 30}, force=True)  # aria-disabled: playwright would wait
    _until(page, "() => document.querySelector('#notice a.why-rule')?.getAttribute('href') === '/rules/gin#taken-card'")
    assert "may not be discarded" in page.inner_text("#notice")
    page.screenshot(path=str(ARTIFACTS / f"rules-dimmed-card-{size}.png"))
    # the table's menu: the rules of this table, every option as played
    if page.locator("#menu-btn").is_visible():  # a phone: the drawer opens from the menu (a desktop shows it)
        press(page, page.locator("#menu-btn"))
    menu_link = page.locator("#drawer #rules-link")
    menu_link.wait_for()
    target = menu_link.get_attribute("href") or ""
    assert target.startswith("/rules/gin?") and "knock_limit=10" in target and "big_gin_bonus=31" in target
    rules.goto(server + target)
    rules.wait_for_selector("tr[data-option=target_score]")
    assert rules.input_value("#preset") == "standard"
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_rules_in_czech_on_a_phone(server: str, browser: Browser) -> None:
    """Accept-Language cs: the Gin rules text is the Czech catalog's, the page's own words too; the ids are
    the English ones (a refusal's link finds its paragraph); long Czech words fit 360 px."""
    from cardtable.apps.player_rules.translations import load_translated

    czech = load_translated("gin", "cs").strings
    page = new_page(browser, "phone", locale="cs-CZ")
    page.goto(server + "/rules/gin?preset=classic#first-upcard")
    page.wait_for_selector("#first-upcard.rule-target")
    _until(page, IMAGES_LOADED)
    assert page.get_attribute("html", "lang") == "cs"
    assert page.inner_text("h1") == czech["title"]
    assert page.inner_text("#melds") == czech["melds"]
    assert page.inner_text("#first-upcard") == czech["first-upcard"]
    assert page.inner_text("tr[data-option=knock_limit] th") == czech["option-knock_limit"]
    assert page.inner_text("label[for=preset]") == "Pravidla" and page.inner_text("#options-h") == "Volby těchto pravidel"
    assert page.locator("#preset option:checked").inner_text() == "klasická"
    assert page.inner_text(".crumbs") == "Všechny hry · Herna" and page.title() == f"{czech['title']}: pravidla · cardtable"
    assert page.locator("header.top nav a[href='/#/']").inner_text() == "Herna"
    _fits(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / "rules-gin-cs-phone.png"), full_page=True)
    page.goto(server + "/rules")  # the list of games
    page.wait_for_selector(".rules-game")
    assert page.inner_text("h1") == "Pravidla her"
    assert czech["title"] in page.inner_text(".rules-game >> nth=0")
    _fits(page)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_the_static_sites_rules_in_the_browsers_language(site: Path, browser: Browser) -> None:
    """The static site (no server) holds every language's rules: a Czech browser reads Czech, and the language
    chosen in the lobby (kept in the browser) wins."""
    from cardtable.apps.player_rules.translations import load_translated

    czech, japanese = load_translated("gin", "cs").strings, load_translated("gin", "ja").strings
    with static_server(site) as base:
        page = new_page(browser, "phone", locale="cs-CZ")
        page.goto(base + "/rules-gin.html?preset=classic#first-upcard")
        page.wait_for_selector("#first-upcard.rule-target")
        assert page.inner_text("#melds") == czech["melds"] and page.inner_text("#options-h") == "Volby těchto pravidel"
        assert page.locator("#preset option:checked").inner_text() == "klasická"
        _fits(page)
        page.evaluate("localStorage.setItem('cardtable:lang', 'ja')")
        page.goto(base + "/rules.html")
        page.wait_for_selector(".rules-game")
        assert japanese["title"] in page.inner_text(".rules-game >> nth=0")
        assert not page.errors  # type: ignore[attr-defined]
        page.context.close()
