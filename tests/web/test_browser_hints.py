"""In the browser, a suggested move comes with its reasons in words, at phone and desktop sizes."""

from __future__ import annotations

import re

import pytest

from . import browser_kit as kit
from .browser_kit import ARTIFACTS, Browser, audit, create_table, new_page, no_sideways_scroll, press, settle

server, server_db, browser = kit.server, kit.server_db, kit.browser  # the fixtures


@pytest.mark.parametrize(("game", "size"), [("gin", "phone"), ("casino", "desktop"), ("pinochle", "phone")])
def test_suggestions_explain_themselves(browser: Browser, server: str, game: str, size: str) -> None:
    page = new_page(browser, size, audit=True)
    create_table(page, server, game)
    page.wait_for_selector(".prompt.mine", timeout=30_000)
    if page.locator("#hint-btn").is_hidden():
        press(page, page.locator("#menu-btn"))
    press(page, page.locator("#hint-btn"))
    page.wait_for_selector(".hints", timeout=60_000)
    settle(page)
    page.locator(".hints").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"hints_{game}_{size}.png"))
    buttons = page.locator(".hints .hint")
    assert buttons.count() >= 1
    reasons = page.locator(".hints .hint-why").all_inner_texts()
    assert reasons and all(r.strip() for r in reasons), reasons
    for text in reasons:
        assert not re.search(r"\b[2-9TJQKA][SHDC][ab]?\b", text), text  # words and suit symbols, no notation
    no_sideways_scroll(page)
    assert not audit(page)  # the suggestions and their reasons: nothing serious or critical for axe-core
    assert not page.errors  # type: ignore[attr-defined]
