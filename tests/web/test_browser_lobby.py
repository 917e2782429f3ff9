"""Invites, waiting for friends, "My tables", the public lobby, the replay of a Gin showdown, and an
axe-core audit (no serious or critical violation) of every page."""

from __future__ import annotations

import secrets
from pathlib import Path

import httpx

from cardtable.agents import make_agent
from cardtable.apps.web.persistence import insert_table
from cardtable.apps.web.tables import SeatSpec, Table, hash_token
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
    # the invite opened Bea's seat once: her page now holds her own token, and the link opens nothing
    invite = link.rsplit("/", 1)[1]
    own = friend.evaluate("JSON.parse(localStorage.getItem('cardtable:seats'))")
    assert [(s["id"], s["seat"]) for s in own] == [(table_id, 1)] and own[0]["token"] != invite
    assert friend.url.endswith(f"/#/t/{table_id}/{own[0]['token']}")
    late = new_page(browser, "phone")
    late.goto(link)
    late.wait_for_selector(".error")
    assert "does not open a seat" in late.inner_text(".error") and late.locator("#hand .hand-card").count() == 0
    late.context.close()
    friend.reload()  # Bea reloads: her own token seats her again
    friend.wait_for_selector("#hand .hand-card")
    # the host closes the tab; the lobby's "My tables" brings them back to the same seat
    hand = host.locator("#hand .hand-card").evaluate_all("els => els.map(e => e.dataset.card).sort().join()")
    host.goto(server + "/#/")
    host.wait_for_selector("#mine-list a.btn", timeout=10_000)
    assert "Gin Rummy" in host.inner_text("#mine-list") and "Bea" in host.inner_text("#mine-list")
    host.screenshot(path=str(ARTIFACTS / "lobby-my-tables-phone.png"), full_page=True)
    host.locator("#mine-list a.btn", has_text="Rejoin").first.tap()
    host.wait_for_selector("#hand .hand-card")
    assert host.locator("#hand .hand-card").evaluate_all("els => els.map(e => e.dataset.card).sort().join()") == hand
    # the seat token is in the browser's storage, never in a request the server sees; one entry a seat
    held = host.evaluate("JSON.parse(localStorage.getItem('cardtable:seats'))")
    assert [(s["id"], s["seat"]) for s in held] == [(table_id, 0)]
    # Bea is gone and lost her link: the creator gives her empty seat a new one, and the old token stops
    bea_url = friend.url
    assert not friend.errors  # type: ignore[attr-defined]
    friend.context.close()
    host.click("#menu-btn")
    host.locator("#drawer button.reinvite", has_text="New invite link for Bea").click()
    host.wait_for_selector("#drawer .invite input[id^='dinv-']")
    fresh = host.input_value("#drawer .invite input[id^='dinv-']")
    assert fresh.startswith(f"{server}/#/t/{table_id}/") and fresh != link
    again = new_page(browser, "phone")
    again.goto(bea_url)
    again.wait_for_selector(".error")
    again.goto(fresh)
    again.wait_for_selector("#hand .hand-card")
    assert again.errors == []  # type: ignore[attr-defined]
    again.context.close()
    for p in (host,):
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
    return saved_table(db, match, public=True)[0]


def saved_table(db: Path, match: Match, *, public: bool) -> tuple[str, str, list[str]]:
    """Store ``match`` as a web table of two people; its uid, the table's id and the seats' tokens."""
    tokens = [secrets.token_urlsafe(24) for _ in range(2)]
    seats = [SeatSpec("human", name, None, hash_token(tok), True) for name, tok in zip(match.seat_names, tokens)]
    table = Table(id=secrets.token_hex(8), match=match, seats=seats, game_id=0, public=public, joined={0, 1})
    with Store.open(str(db)) as store:
        insert_table(store, table)
        return store.game_info(table.game_id).uid, table.id, tokens


def test_private_finished_matches_and_statistics_are_the_players_own(server: str, server_db: Path,
                                                                      browser: Browser) -> None:
    """A match among friends is listed, replayed and counted only in its players' browsers (issue 19, item 3)."""
    match = Match("gin", seed=11, seat_names=["Ann", "Bea"], target_score=1)
    match.play([make_agent("gin", "simple", seed=1), make_agent("gin", "simple", seed=2)])
    uid, table_id, tokens = saved_table(server_db, match, public=False)
    stranger = new_page(browser, "desktop")
    stranger.goto(f"{server}/#/finished")
    stranger.wait_for_selector("section.panel h1")  # the Finished page's heading
    assert stranger.locator(f"a[href='#/replay/{uid}/1']").count() == 0
    stranger.goto(f"{server}/#/replay/{uid}/1")
    stranger.wait_for_selector(".error")
    assert "no such game" in stranger.inner_text(".error")
    assert stranger.errors == ["Failed to load resource: the server responded with a status of 404 (Not Found)"]  # type: ignore[attr-defined]
    stranger.errors.clear()  # type: ignore[attr-defined]
    stranger.goto(f"{server}/#/stats")
    stranger.wait_for_selector("#server-counts")
    assert "No finished matches of yours yet" in stranger.inner_text("#charts")
    bea = new_page(browser, "phone")
    bea.goto(server + "/")
    bea.evaluate("([id, token]) => localStorage.setItem('cardtable:seats', JSON.stringify([{ id, token, seat: 1, "
                 "game: 'gin', names: ['Ann', 'Bea'] }]))", [table_id, tokens[1]])
    bea.goto(f"{server}/#/finished")
    bea.wait_for_selector(f"a[href='#/replay/{uid}/1']")
    assert "you played Bea" in bea.inner_text("main")
    bea.click(f"a[href='#/replay/{uid}/1']")
    bea.wait_for_selector(".replay-nav #last")
    bea.goto(f"{server}/#/stats")
    bea.wait_for_selector("#charts svg")
    won = match.outcome is not None and match.outcome.winner == 1
    assert ("100% (1/1)" if won else "0% (0/1)") in bea.inner_text("#charts")
    for p in (stranger, bea):
        assert not p.errors  # type: ignore[attr-defined]
        p.context.close()


def test_replay_steps_through_a_gin_showdown(server: str, server_db: Path, browser: Browser) -> None:
    uid = finished_layoff_match(server_db)
    page = new_page(browser, "phone", pace=300)
    page.goto(f"{server}/#/replay/{uid}/1")
    page.wait_for_selector(".replay-nav #last")
    page.click("#next")
    assert "Move 2 of" in page.inner_text(".replay-nav")
    page.click("#prev")
    page.evaluate(WATCH_LAYOFFS, "#showdown")  # before the showdown exists: no frame is missed, however slow the machine
    page.click("#last")
    page.wait_for_selector("#showdown .gin-result", timeout=15_000)
    frames = page.evaluate("window.layoffFrames")
    assert frames == LAYOFF_FRAMES, frames  # the melds, then each layoff in turn
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
