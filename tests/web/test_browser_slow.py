"""A slow network (issue 20, item 9): at 400 ms latency and 50 kB/s the card pictures take seconds to come;
meanwhile every card is drawn at once as a plain face (its rank and suit, readable) or a back, never as
an empty space. At phone and desktop size; the network is throttled through the Chrome DevTools Protocol
once the page's scripts are in, so only the card files come slowly."""

from __future__ import annotations

import time

import pytest

from . import browser_kit as kit
from .browser_kit import ARTIFACTS, Browser, Page, new_page

server, server_db, browser = kit.server, kit.server_db, kit.browser  # the fixtures
SIZES = ["phone", "desktop"]
SLOW = {"offline": False, "latency": 400, "downloadThroughput": 50 * 1024, "uploadThroughput": 50 * 1024}
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

# each hand card: its card, the text a person sees on its plain face (generated content: the corner, then the
# middle), whether that face is drawn (an area, not hidden), and whether the card's picture has come
SEEN = """els => els.map(e => { const ph = e.querySelector('.card-ph'), img = e.querySelector('img');
  const text = (part) => ph ? getComputedStyle(ph, part).content.replace(/\\\\a|["\\s]/g, '') : '';
  const r = ph ? ph.getBoundingClientRect() : { width: 0, height: 0 };
  return [e.dataset.card, text('::before') + text('::after'), r.width > 20 && r.height > 20 && ph.checkVisibility(),
          !!img && img.complete && img.naturalWidth > 0]; })"""
# backs (the opponent's fan, the stock): drawn in a colour, not left transparent
BACKS = """els => els.map(e => { const ph = e.querySelector('.card-ph'); if (!ph) return 'none';
  const cs = getComputedStyle(ph); return cs.backgroundImage !== 'none' || cs.backgroundColor !== 'rgba(0, 0, 0, 0)' ? 'drawn' : 'empty'; })"""


def written(card: str) -> str:
    return ("10" if card[0] == "T" else card[0]) + SUITS[card[1]] * 2  # rank, suit in the corner, suit in the middle


def table_on_a_slow_network(page: Page, server: str) -> float:
    """A Gin table against the computer, opened once the network is slow; when it was opened (monotonic clock)."""
    kit.create_table(page, server, "gin")
    page.wait_for_selector("#hand .hand-card")
    url = page.url
    page.goto(server + "/#/")  # the lobby: the scripts are in; the table's card pictures are not yet cached
    page.wait_for_selector("#create-btn")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    cdp.send("Network.emulateNetworkConditions", SLOW)
    start = time.monotonic()
    page.evaluate("u => { location.hash = u.split('#')[1]; }", url)
    page.wait_for_selector("#hand .hand-card", state="attached", timeout=20_000)
    return start


@pytest.mark.parametrize("size", SIZES)
def test_cards_show_their_rank_and_suit_before_the_pictures_come(server: str, browser: Browser, size: str) -> None:
    page = new_page(browser, size)
    start = table_on_a_slow_network(page, server)
    shown = time.monotonic() - start
    seen = page.locator("#hand .hand-card").evaluate_all(SEEN)
    page.screenshot(path=str(ARTIFACTS / f"slow-network-{size}.png"))
    assert not all(loaded for *_, loaded in seen), "the pictures came at once: the network is not slow"
    assert all(text == written(card) and drawn for card, text, drawn, _ in seen), seen
    assert page.locator(".seat.opp .fan .card.back, .stock.card.back").evaluate_all(BACKS) == ["drawn"] * \
        page.locator(".seat.opp .fan .card.back, .stock.card.back").count()
    page.wait_for_function("() => [...document.querySelectorAll('#hand img')].every(i => i.complete && i.naturalWidth > 0)",
                           timeout=60_000)
    loaded = time.monotonic() - start
    print(f"{size}: the hand shows after {shown:.1f} s, its pictures after {loaded:.1f} s")
    # once a picture has come it covers the plain face: the picture is what is seen at the card's middle
    covered = page.locator("#hand .hand-card").evaluate_all(
        "els => els.map(e => { const r = e.getBoundingClientRect(); const hit = document.elementFromPoint(r.left + 6, r.top + r.height / 2);"
        " return !!hit && hit.tagName === 'IMG' && e.contains(hit); })")
    assert all(covered), covered
    page.screenshot(path=str(ARTIFACTS / f"slow-network-loaded-{size}.png"))
    assert shown < loaded
    assert not [e for e in page.errors if "Failed to load" not in e]  # type: ignore[attr-defined]
    page.context.close()
