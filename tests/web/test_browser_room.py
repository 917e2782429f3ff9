"""The card room in a browser: a table with an open seat set up in the lobby, a stranger in another browser
taking the seat with one tap and both playing; two quick matchers meeting at one table. Screenshots of a
360-px phone and a desktop go to ``artifacts/web/``."""

from __future__ import annotations

import time

import httpx
import pytest

from . import browser_kit as kit
from .browser_kit import ARTIFACTS, Browser, Page, audit, my_turn, new_page, no_sideways_scroll, one_move, press

pytestmark = pytest.mark.serial  # timing-sensitive (how soon strangers are seated and told): run alone, see pyproject's markers

server, server_db, browser = kit.server, kit.server_db, kit.browser  # the fixtures


def table_id(page: Page) -> str:
    return page.url.split("/#/t/")[1].split("/")[0]


def open_table(page: Page, base: str, name: str) -> str:
    """Set up a Gin table whose other seat is open to anyone, as a person would in the lobby."""
    page.goto(base + "/")
    page.wait_for_selector("#create-btn")
    page.fill("input[name=name0]", name)
    press(page, page.locator("label:has(input[name=kind1][value=open])"))
    assert page.locator("#create-btn").inner_text() == "Open the table"
    assert page.locator("input[name=away][value=computer]").is_checked()  # the default for a table with strangers
    page.locator("fieldset.away").screenshot(path=str(ARTIFACTS / f"room-away-{'phone' if page.phone else 'desktop'}.png"))  # type: ignore[attr-defined]
    press(page, page.locator("#create-btn"))
    page.wait_for_selector(".tbar")
    return table_id(page)


def play_turns(pages: list[Page], moves: int) -> int:
    """Whoever's turn it is makes a move, until ``moves`` moves have been made by the people."""
    made, deadline = 0, time.monotonic() + 60
    while made < moves:
        assert time.monotonic() < deadline, f"only {made} moves made"
        for page in pages:
            if made < moves and my_turn(page) and page.locator("#hand").count():
                before = page.evaluate("document.getElementById('felt').innerHTML")
                one_move(page)
                page.wait_for_function("b => document.getElementById('felt').innerHTML !== b", arg=before, timeout=10_000)
                made += 1
        pages[0].wait_for_timeout(50)
    return made


def test_a_stranger_takes_the_open_seat_from_the_lobby(server: str, browser: Browser) -> None:
    ann = new_page(browser, "phone")
    tid = open_table(ann, server, "Ann")
    ann.wait_for_selector("text=Waiting for a player to join")
    for size in ("phone", "desktop"):
        bea = new_page(browser, size, audit=True)
        bea.add_init_script("localStorage.setItem('my-name', 'Bea')")
        bea.goto(server + "/")
        row = bea.locator(".table-row", has=bea.locator(f"a[href='#/watch/{tid}']"))
        row.locator("button.take").wait_for(timeout=10_000)
        assert "A seat is open" in row.inner_text() and "Ann" in row.inner_text()
        no_sideways_scroll(bea)
        bea.screenshot(path=str(ARTIFACTS / f"room-lobby-{size}.png"), full_page=True)
        assert audit(bea) == []  # quick match, "Take the seat": no serious or critical axe finding
        if size == "desktop":
            break
        bea.context.close()
    start = time.perf_counter()
    press(bea, row.locator("button.take"))
    bea.wait_for_selector("#hand", timeout=10_000)
    ann.wait_for_selector("#hand", timeout=10_000)
    seated = time.perf_counter() - start
    assert table_id(bea) == tid and "Bea" in ann.locator(".opponents").inner_text()
    ann.wait_for_selector("#notice:has-text('Bea took the open seat')", timeout=5_000)
    assert play_turns([ann, bea], 4) == 4
    bea.screenshot(path=str(ARTIFACTS / "room-taken-desktop.png"))
    no_sideways_scroll(ann)
    ann.screenshot(path=str(ARTIFACTS / "room-host-phone.png"))
    # the seat is no longer offered: a third person sees Watch only
    cid = new_page(browser, "phone")
    cid.goto(server + "/")
    cid.wait_for_selector(f"a[href='#/watch/{tid}']")
    assert cid.locator(".table-row", has=cid.locator(f"a[href='#/watch/{tid}']")).locator("button.take").count() == 0
    assert not ann.errors and not bea.errors and not cid.errors, (ann.errors, bea.errors, cid.errors)  # type: ignore[attr-defined]
    print(f"seat taken to both hands dealt: {seated * 1000:.0f} ms")
    for page in (ann, bea, cid):
        page.context.close()


def test_two_quick_matchers_meet_at_one_table(server: str, browser: Browser) -> None:
    pages = [new_page(browser, "phone"), new_page(browser, "desktop")]
    for page, name, after in zip(pages, ("Dee", "Eli"), ("120", ""), strict=True):
        page.goto(server + "/")
        page.wait_for_selector("#quick-btn")
        page.fill("input[name=qname]", name)
        page.select_option("select[name=qgame]", "casino")
        page.select_option("select[name=qafter]", after)
        assert page.locator("select[name=qlevel]").count() == (1 if after else 0)  # no computer: no level to choose
    no_sideways_scroll(pages[0])
    pages[0].screenshot(path=str(ARTIFACTS / "room-quick-phone.png"), full_page=True)
    pages[1].screenshot(path=str(ARTIFACTS / "room-quick-desktop.png"), full_page=True)
    press(pages[0], pages[0].locator("#quick-btn"))
    words = pages[0].locator(".open-words")
    words.wait_for(timeout=10_000)
    assert words.inner_text() == ("The seat is open to anyone in the lobby. If nobody comes within 2 min, a computer "
                                  "(medium) takes it.")
    no_sideways_scroll(pages[0])
    pages[0].screenshot(path=str(ARTIFACTS / "room-quick-waiting-phone.png"))
    press(pages[1], pages[1].locator("#quick-btn"))
    for page in pages:
        page.wait_for_selector("#hand", timeout=15_000)
    assert table_id(pages[0]) == table_id(pages[1])
    assert play_turns(pages, 2) == 2
    no_sideways_scroll(pages[0])
    pages[0].screenshot(path=str(ARTIFACTS / "room-quick-table-phone.png"))
    assert not pages[0].errors and not pages[1].errors  # type: ignore[attr-defined]
    for page in pages:
        page.context.close()


def test_the_others_are_told_when_a_player_leaves(server: str, browser: Browser) -> None:
    """Bea closes her browser: after the creator's time (1 s here, set through the API) a computer plays her
    seat, Ann reads so in words, and the notice stays through the computer's moves until Ann moves."""
    made = httpx.post(server + "/api/tables", json={
        "game": "gin", "seats": [{"kind": "human", "name": "Ann"}, {"kind": "open"}],
        "away": {"then": "computer", "after": 1, "level": "random"}}).json()
    ann = new_page(browser, "desktop")
    ann.goto(f"{server}/#/t/{made['id']}/{made['seats'][0]['token']}")
    ann.wait_for_selector("text=Waiting for a player to join")
    got = httpx.post(f"{server}/api/tables/{made['id']}/take", json={"name": "Bea"}).json()
    bea = new_page(browser, "phone")
    bea.goto(f"{server}/#/t/{made['id']}/{got['token']}")
    bea.wait_for_selector("#hand", timeout=10_000)
    ann.wait_for_selector("#hand", timeout=10_000)
    start = time.perf_counter()  # her socket closes while her browser closes: time from the start of that
    bea.context.close()
    ann.wait_for_selector("#notice:has-text(\"Bea left; a computer (random) plays Bea's seat.\")", timeout=10_000)
    told = time.perf_counter() - start
    assert 0.9 < told < 6, told
    deadline = time.monotonic() + 30
    while not my_turn(ann):  # the computer plays Bea's turns; the words stay until Ann moves
        assert time.monotonic() < deadline
        ann.wait_for_timeout(50)
    assert "Bea left" in ann.locator("#notice").inner_text()
    ann.screenshot(path=str(ARTIFACTS / "room-left-desktop.png"))
    assert play_turns([ann], 2) == 2
    assert "Bea left" not in ann.locator("#notice").inner_text()
    assert not ann.errors, ann.errors  # type: ignore[attr-defined]
    print(f"Bea gone to Ann told: {told * 1000:.0f} ms (1 s chosen)")
    ann.context.close()
