"""Invites, waiting for friends, "My tables", the public lobby, the replay of a Gin showdown, and an
axe-core audit (no serious or critical violation) of every page."""

from __future__ import annotations

from pathlib import Path

import httpx

from cardtable.cards import parse_cards
from cardtable.match import Match
from cardtable.store import Store

from . import browser_kit as kit
from .browser_kit import ARTIFACTS, Browser, audit, create_table, new_page, no_sideways_scroll
from .conftest import LAYOFF_DEFENDER, LAYOFF_KNOCKER, LAYOFF_MOVES
from .test_browser import LAYOFF_FRAMES, WATCH_LAYOFFS

server, server_db, browser = kit.server, kit.server_db, kit.browser  # the fixtures


def test_invite_wait_rejoin_and_private_lobby(server: str, browser: Browser) -> None:
    host = new_page(browser, "phone")
    table_id = create_table(host, server, "gin", friend="Bea")
    host.wait_for_selector(".centre.waiting")
    assert "Waiting for Bea to join…" in host.inner_text("#prompt")
    assert host.locator("#hand .hand-card").count() == 0  # nothing is dealt to look at before Bea comes
    link = host.input_value(".centre.waiting input")
    assert f"/#/t/{table_id}/" in link and host.locator(".centre.waiting .copy-btn").count() == 1
    no_sideways_scroll(host)
    host.screenshot(path=str(ARTIFACTS / "invite-waiting-phone.png"))
    assert table_id not in [t["id"] for t in httpx.get(server + "/api/tables").json()["tables"]]  # private
    friend = new_page(browser, "desktop")
    friend.goto(link)
    friend.wait_for_selector("#hand .hand-card")
    host.wait_for_selector("#hand .hand-card")
    assert host.locator(".centre.waiting").count() == 0
    # the host closes the tab; the lobby's "My tables" brings them back to the same seat
    hand = host.locator("#hand .hand-card").evaluate_all("els => els.map(e => e.dataset.card).sort().join()")
    host.goto(server + "/#/")
    host.wait_for_selector("#mine-list a.btn", timeout=10_000)
    assert "Gin Rummy" in host.inner_text("#mine-list") and "Bea" in host.inner_text("#mine-list")
    host.screenshot(path=str(ARTIFACTS / "lobby-my-tables-phone.png"), full_page=True)
    host.locator("#mine-list a.btn", has_text="Rejoin").first.tap()
    host.wait_for_selector("#hand .hand-card")
    assert host.locator("#hand .hand-card").evaluate_all("els => els.map(e => e.dataset.card).sort().join()") == hand
    # the seat token is in the browser's storage, never in a request the server sees
    assert table_id in host.evaluate("localStorage.getItem('cardtable:seats')")
    for p in (host, friend):
        assert not p.errors  # type: ignore[attr-defined]
        p.context.close()


def test_public_tables_are_listed_and_watchable(server: str, browser: Browser) -> None:
    page = new_page(browser, "desktop")
    table_id = create_table(page, server, "casino", friend="Cy", public=True)
    listed = httpx.get(server + "/api/tables").json()["tables"]
    entry = next(t for t in listed if t["id"] == table_id)
    assert entry["waiting"] == ["Cy"] and "token" not in str(entry)
    watcher = new_page(browser, "phone")
    watcher.goto(server + "/")
    watcher.wait_for_selector(f"#open-list a[href='#/watch/{table_id}']")
    watcher.click(f"#open-list a[href='#/watch/{table_id}']")
    watcher.wait_for_selector(".centre.waiting")
    assert "Waiting for Cy to join…" in watcher.inner_text("#prompt")
    for p in (page, watcher):
        assert not p.errors  # type: ignore[attr-defined]
        p.context.close()


def finished_layoff_match(db: Path) -> str:
    """The Gin knock with three layoffs of :mod:`.conftest`, in a match to 20 that it ends; saved; its uid."""
    match = Match("gin", first_dealer=1, seat_names=["Knocker", "Defender"], target_score=20)
    for mine, theirs in zip(parse_cards(LAYOFF_KNOCKER), parse_cards(LAYOFF_DEFENDER), strict=True):
        match.apply(f"deal {mine}")
        match.apply(f"deal {theirs}")
    match.apply("deal 5S")
    for move in LAYOFF_MOVES:
        match.apply(move)
    assert match.is_over()
    with Store.open(str(db)) as store:
        game_id = store.save_match(match, seat_kinds=["human", "human"], source="web")
        return store.game_info(game_id).uid


def test_replay_steps_through_a_gin_showdown(server: str, server_db: Path, browser: Browser) -> None:
    uid = finished_layoff_match(server_db)
    page = new_page(browser, "phone", pace=300)
    page.goto(f"{server}/#/replay/{uid}/1")
    page.wait_for_selector(".replay-nav #last")
    page.click("#next")
    assert "Move 2 of" in page.inner_text(".replay-nav")
    page.click("#prev")
    page.click("#last")
    page.evaluate(WATCH_LAYOFFS, "#showdown")
    page.wait_for_selector("#showdown .gin-result", timeout=15_000)
    frames = page.evaluate("window.layoffFrames")
    assert frames == LAYOFF_FRAMES[1:], frames  # each layoff in turn (the first frame shows before we watch)
    no_sideways_scroll(page)
    page.screenshot(path=str(ARTIFACTS / "replay-gin-showdown-phone.png"), full_page=True)
    assert not page.errors  # type: ignore[attr-defined]
    page.context.close()


def test_accessibility_audit(server: str, server_db: Path, browser: Browser) -> None:
    """axe-core finds nothing serious or critical on the lobby, each game's table, the replay and the stats."""
    uid = finished_layoff_match(server_db)
    page = new_page(browser, "desktop", audit=True)
    found: dict[str, list[object]] = {}
    page.goto(server + "/")
    page.wait_for_selector("#create-btn")
    page.wait_for_selector("#mine-list p, #mine-list ul")
    found["lobby"] = audit(page)
    for game in ("gin", "casino", "pinochle"):
        create_table(page, server, game)
        page.wait_for_selector("#hand .hand-card")
        found[game] = audit(page)
    page.goto(f"{server}/#/replay/{uid}/1")
    page.wait_for_selector(".replay-nav #last")
    page.click("#last")
    page.wait_for_selector("#showdown .gin-result", timeout=15_000)
    found["replay"] = audit(page)
    page.goto(f"{server}/#/finished")
    page.wait_for_selector("a[href^='#/replay/']")
    found["finished"] = audit(page)
    page.goto(f"{server}/#/stats")
    page.wait_for_selector("#charts")
    page.screenshot(path=str(ARTIFACTS / "stats-desktop.png"), full_page=True)
    found["stats"] = audit(page)
    assert not {k: v for k, v in found.items() if v}, found
    page.context.close()
