"""A refusal of the server in the lobby reads in the page's language: with Accept-Language cs, taking a seat
that someone took a moment ago says so in Czech (the server's code ``taken``, not its English detail)."""

from __future__ import annotations

import httpx

from . import browser_kit as kit
from .browser_kit import ARTIFACTS, Browser, new_page

server, server_db, browser = kit.server, kit.server_db, kit.browser  # the fixtures

TAKEN_CS = "Toto místo před chvílí obsadil někdo jiný. Tady jsou stoly, jak jsou teď."


def test_a_seat_taken_meanwhile_is_told_in_czech(server: str, browser: Browser) -> None:
    made = httpx.post(server + "/api/tables", json={"game": "gin", "seats": [{"kind": "human", "name": "Ann"},
                                                                           {"kind": "open"}]}).json()
    page = new_page(browser, "phone", locale="cs-CZ")
    page.goto(server + "/")
    take = page.locator(f"#open-list button.take[data-id='{made['id']}']")
    take.wait_for()
    assert take.inner_text() == "Přisednout"
    assert httpx.post(f"{server}/api/tables/{made['id']}/take", json={"name": "Bea"}).status_code == 200
    take.tap()
    page.wait_for_selector("#open-list p.error")
    said = page.inner_text("#open-list p.error")
    assert said == TAKEN_CS, said
    assert "someone" not in said and page.url.endswith("/")  # nobody sat down: still the lobby
    page.screenshot(path=str(ARTIFACTS / "lobby-seat-taken-cs-phone.png"))
    assert [e for e in page.errors if "409" not in e] == []  # type: ignore[attr-defined]
    page.context.close()
