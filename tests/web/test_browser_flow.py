"""Table flow in the browser, played with real taps and clicks at phone (360 px) and desktop (1280 px) size:
the Pinochle dix exchange, Casino's double tap, undo only when it works, suggestions in view, the end-of-hand
sheet, the words, and a new table that shows its deal before any end-of-hand sheet (issue 20)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from . import browser_kit as kit
from .browser_kit import ARTIFACTS, Browser, Page, new_page, press, settle
from .conftest import add_table

browser = kit.browser  # the fixture
SIZES = ["phone", "desktop"]


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """A live server and its table manager (tables are set up in it directly, with known deals)."""
    from cardtable.apps.web.server import create_app

    app = create_app(str(tmp_path_factory.mktemp("flow") / "flow.db"), rate=100_000, burst=100_000)
    with kit.live_server(app) as url:
        yield url, app.state.manager


def seat_at(live: tuple[str, Any], page: Page, match: Any, level: str = "random") -> Any:
    """Sit ``page`` at seat 0 of a new table around ``match`` against a computer; returns the table."""
    base, manager = live
    table, tokens = add_table(manager, match, [("human", None), ("computer", level)])
    page.goto(f"{base}/#/t/{table.id}/{tokens[0]}")
    page.wait_for_selector(".tbar")
    return table


def shot(page: Page, name: str) -> None:
    settle(page)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def wait_server(cond: Any, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return
        time.sleep(0.05)
    raise AssertionError("the table did not get there")


# ------------------------------------------------------------------------------------------------ item 1
def dix_match() -> Any:
    """Pinochle, seed 44: clubs are trump (K♣ turned up); seat 0 leads 9♣, wins the trick and holds the other 9♣."""
    from cardtable.match import Match

    match = Match("pinochle", seed=44, seat_names=["You", "Computer"])
    match.resolve_chance()
    return match


@pytest.mark.parametrize("size", SIZES)
def test_pinochle_dix_exchange_from_the_table(browser: Browser, live: tuple[str, Any], size: str) -> None:
    page = new_page(browser, size)
    table = seat_at(live, page, dix_match())
    page.wait_for_selector(".prompt.mine")
    press(page, page.locator('#hand [data-card="9Cb"]'), position={"x": 6, "y": 30})
    press(page, page.locator(".actions .action", has_text="Play 9♣"))
    page.wait_for_selector(".prompt.mine:has-text('Exchange')", timeout=10_000)
    assert table.match.state.phase == "exchange"
    prompt = page.locator("#prompt").inner_text()
    assert "9♣" in prompt and "K♣" in prompt, prompt
    labels = page.locator(".actions .action").all_inner_texts()
    assert "Exchange the 9♣ for the K♣" in labels and any("Keep" in x for x in labels), labels
    shot(page, f"flow_dix_{size}")
    press(page, page.locator('#hand [data-card="9Ca"]'), position={"x": 6, "y": 30})  # tapping the 9 exchanges
    wait_server(lambda: table.match.state.phase != "exchange")
    assert "exchange 9Ca" in [str(a) for a in table.match.hands[0].actions]
    page.wait_for_selector('#hand [data-card="KCa"]')
    assert not page.errors  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------------------------ item 4
def gin_match(seed: int = 5) -> Any:
    """A Gin match (target 100) where seat 0, the non-dealer (the seed makes seat 1 deal), is offered the first upcard."""
    from cardtable.match import Match

    match = Match("gin", seed=seed, seat_names=["You", "Computer"])
    assert match.first_dealer == 1
    match.resolve_chance()
    return match


def open_menu(page: Page) -> None:
    if page.locator("#undo-btn").is_hidden():
        press(page, page.locator("#menu-btn"))
        page.wait_for_selector("#drawer.open #undo-btn")


def close_menu(page: Page) -> None:
    if page.locator("#drawer.open").count() and page.locator("#drawer-close").is_visible():
        press(page, page.locator("#drawer-close"))


@pytest.mark.parametrize("size", SIZES)
def test_undo_shown_only_when_it_works(browser: Browser, live: tuple[str, Any], size: str) -> None:
    """The computer's reply waits for the pace before it is shown; undo used to look available meanwhile and then
    fail ("the table has moved on"). Now it is available only when it works, and then it does."""
    page = new_page(browser, size, pace=5000)  # the reply stays held back while the test looks (a loaded machine is slow)
    table = seat_at(live, page, gin_match())
    page.wait_for_selector(".prompt.mine")
    press(page, page.locator('.upcard[data-move="take"]'))
    page.wait_for_selector(".prompt.mine:has-text('Discard')")
    open_menu(page)
    assert page.locator("#undo-btn").is_enabled()  # the take, before anyone replied: undo works
    press(page, page.locator("#undo-btn"))
    wait_server(lambda: table.match.hands[0].actions[-1:] != ["take"] and table.match.state.phase != "discard")
    close_menu(page)
    page.wait_for_selector(".upcard[data-move='take']")
    assert not page.locator("#notice").inner_text().strip()
    press(page, page.locator('.upcard[data-move="take"]'))
    page.wait_for_selector(".prompt.mine:has-text('Discard')")
    hand = page.locator("#hand .hand-card:not(.dim)")
    press(page, hand.first, position={"x": 6, "y": 30})
    before = len(table.match.hands[0].actions)
    press(page, page.locator(".actions .action", has_text=re.compile("^Discard")))
    wait_server(lambda: table.to_act() == 0 and len(table.match.hands[0].actions) >= before + 3)  # the computer replied
    assert page.locator("#prompt").inner_text().endswith("thinking…")  # ... but the pace holds its reply back
    open_menu(page)
    shot(page, f"flow_undo_{size}")
    assert page.locator("#undo-btn").is_disabled()
    assert "replied" in page.locator(".undo-why").inner_text()
    assert not page.errors  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------------------------ item 7
KNOCKER = "3C 4C 5C 7D 7H 7S 9S TS JS 8H"  # with the upcard 5♠: melds 9♠-J♠, 7s, 3♣-5♣; knock with the 8♥
SCATTERED = "2D 4H 6H 8D TD QH KH 3D 9H KD"  # ten deadwood cards, none of them fits the knocker's melds


def knock_match() -> Any:
    """Gin, seat 1 deals: seat 0 takes the 5♠ upcard and knocks with the 8♥; seat 1 is left with ten deadwood cards."""
    from cardtable.cards import parse_cards
    from cardtable.match import Match

    match = Match("gin", first_dealer=1, seat_names=["You", "Computer"])
    for mine, theirs in zip(parse_cards(KNOCKER), parse_cards(SCATTERED), strict=True):
        match.apply(f"deal {mine}")
        match.apply(f"deal {theirs}")
    match.apply("deal 5S")
    return match


def knock(page: Page) -> None:
    press(page, page.locator('.upcard[data-move="take"]'))
    page.wait_for_selector(".prompt.mine:has-text('Discard')")
    press(page, page.locator('#hand [data-card="8H"]'), position={"x": 6, "y": 30})
    press(page, page.locator(".actions .action", has_text=re.compile("^Knock")))
    page.wait_for_selector("#modal:not(.hidden)")


BEHIND = """() => document.getAnimations().filter((a) => a.effect && a.effect.getTiming().iterations !== Infinity
    && a.effect.target && !a.effect.target.closest('#modal')).length"""


@pytest.mark.parametrize("size", SIZES)
def test_end_of_hand_sheet(browser: Browser, live: tuple[str, Any], size: str) -> None:
    page = new_page(browser, size, motion=True)
    table = seat_at(live, page, knock_match())
    page.wait_for_selector(".prompt.mine")
    knock(page)
    assert page.evaluate(BEHIND) == 0  # no card flies over (or behind) the sheet
    assert page.locator(".ghost").count() == 0
    felt = page.evaluate("document.getElementById('felt').innerHTML")
    dialog = page.locator("#dialog")
    assert dialog.evaluate("d => d.scrollTop") == 0  # opens at its top, the title in view
    title = page.locator("#modal-title").bounding_box()
    assert title is not None and title["y"] >= 0
    width = page.evaluate("window.innerWidth")
    assert dialog.evaluate("d => d.scrollWidth <= d.clientWidth + 1"), "the sheet scrolls sideways"
    boxes = page.locator("#dialog .card").evaluate_all("els => els.map((e) => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })")
    assert len(boxes) >= 20 and all(left >= -0.5 and right <= width + 0.5 for left, right in boxes), boxes
    text = dialog.inner_text()
    assert re.search(r"Match score.*You\s+\d+.*Computer\s+\d+", text, re.S) and "playing to 100" in text, text
    shot(page, f"flow_sheet_{size}")
    # the computer opens hand 2 at once on the server; nothing of it shows behind the sheet until it is closed
    wait_server(lambda: len(table.match.hands) == 2 and table.to_act() == 0)
    page.wait_for_timeout(400)
    assert page.evaluate("document.getElementById('felt').innerHTML") == felt
    assert page.evaluate(BEHIND) == 0
    press(page, page.locator("#close-modal"))
    page.wait_for_selector("#modal.hidden", state="attached")
    page.wait_for_selector(".prompt.mine")
    assert page.evaluate("document.getElementById('felt').innerHTML") != felt
    assert not page.errors  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------------------------ item 5
INSIDE = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
    return [r.top, r.bottom, window.innerHeight]; }"""


@pytest.mark.parametrize(("game", "size"), [("gin", "phone"), ("gin", "desktop"), ("pinochle", "phone")])
def test_suggestions_show_in_view(browser: Browser, live: tuple[str, Any], game: str, size: str) -> None:
    """Menu → Suggest a move: the suggestions used to render below the move buttons, out of view (phone) or cut at
    the bottom edge (desktop). They are now inside the screen, without the player scrolling."""
    page = new_page(browser, size)
    seat_at(live, page, gin_match() if game == "gin" else dix_match())
    page.wait_for_selector(".prompt.mine")
    if game == "pinochle":  # a card selected first: its move buttons take room too
        press(page, page.locator('#hand [data-card="9Cb"]'), position={"x": 6, "y": 30})
    if page.locator("#hint-btn").is_hidden():
        press(page, page.locator("#menu-btn"))
    press(page, page.locator("#hint-btn"))
    page.wait_for_selector(".hints .hint", timeout=60_000)
    settle(page)
    page.wait_for_timeout(300)  # a smooth scroll, if any, has ended
    shot(page, f"flow_hints_{game}_{size}")
    top, bottom, height = page.evaluate(INSIDE, ".hints")
    assert top >= 0 and bottom <= height + 0.5, (top, bottom, height)
    assert not page.errors  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------------------------ item 3
def casino_match() -> Any:
    """Casino, seat 1 deals: seat 0 holds 2♦ (nothing to take or build: its one move is the trail), 8♠ (takes the
    8♦ or trails), 3♣ and K♥; on the table 8♦ 5♣ J♠ Q♦."""
    from cardtable.cards import parse_cards
    from cardtable.casino.dealing import TABLE, deal_order
    from cardtable.match import Match

    match = Match("casino", first_dealer=1, seat_names=["You", "Computer"])
    piles = {0: parse_cards("2D 8S 3C KH"), 1: parse_cards("4H 6S 9D AC"), TABLE: parse_cards("8D 5C JS QD")}
    for to in deal_order(2, 1, True):
        match.apply(f"deal {piles[to].pop(0)}")
    return match


def tap_card(page: Page, card: str) -> None:
    press(page, page.locator(f'#hand [data-card="{card}"]'), position={"x": 6, "y": 30})


def double_tap(page: Page, card: str) -> None:
    """Two taps (clicks) on a card's visible corner in quick succession, as one gesture (no waiting in between)."""
    box = page.locator(f'#hand [data-card="{card}"]').bounding_box()
    assert box is not None
    x, y = box["x"] + 6, box["y"] + 30
    if page.phone:  # type: ignore[attr-defined]
        page.touchscreen.tap(x, y)
        page.touchscreen.tap(x, y)
    else:
        page.mouse.dblclick(x, y)


@pytest.mark.parametrize("size", SIZES)
def test_casino_double_tap_plays_only_the_one_move_shown(browser: Browser, live: tuple[str, Any], size: str) -> None:
    page = new_page(browser, size)
    table = seat_at(live, page, casino_match())
    page.wait_for_selector(".prompt.mine")
    played = len(table.match.hands[0].actions)
    assert "double-tap" in page.locator("#prompt").inner_text()  # the prompt says what a double tap does
    tap_card(page, "2D")
    assert page.locator(".actions .action").all_inner_texts() == ["Trail your 2♦"]
    assert "double-tap" in page.locator("#prompt").inner_text()
    shot(page, f"flow_casino_tap_{size}")
    page.wait_for_timeout(600)
    double_tap(page, "2D")  # a later second tap puts the card back, and a quick third one chooses it again: no move
    # was on the screen at the third tap, none is played    page.wait_for_selector('#hand [data-card="2D"][aria-pressed="true"]')
    page.wait_for_timeout(600)
    assert len(table.match.hands[0].actions) == played
    tap_card(page, "2D")
    page.wait_for_selector('#hand [data-card="2D"][aria-pressed="false"]')
    double_tap(page, "8S")  # the 8♠ has two moves: nothing is played, the card is put back
    page.wait_for_timeout(300)
    assert len(table.match.hands[0].actions) == played
    double_tap(page, "2D")  # the double tap plays the one move the screen showed
    wait_server(lambda: len(table.match.hands[0].actions) > played)
    assert table.match.hands[0].actions[played] == "2D trail"
    assert not page.errors  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------------------------ item 11
def meld_now(page: Page, kind: str) -> None:
    page.wait_for_selector(".prompt.mine:has-text('meld')")
    press(page, page.locator(".actions .action", has_text=re.compile(f"^Meld an? {kind}")).first)


@pytest.mark.parametrize("size", SIZES)
def test_pinochle_table_words_and_instant_pace(browser: Browser, live: tuple[str, Any], size: str) -> None:
    """The turned-up trump card shows whole beside the stock, one's melds are labelled with their names and points,
    a computer is "Computer (random)" once, and at the instant pace no card flies."""
    page = new_page(browser, size, pace=0, motion=True)
    table = seat_at(live, page, dix_match())
    page.wait_for_selector(".prompt.mine")
    turned = page.locator(".stock-trump .card.turned")
    box = turned.bounding_box()
    assert box is not None
    on_top = page.evaluate("([x, y]) => !!document.elementFromPoint(x, y)?.closest('.card.turned')",
                           [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert on_top, "the trump card is hidden under the stock"
    assert turned.get_attribute("aria-label") == "turned-up trump card: king of clubs"
    heads = page.locator(".seat.opp .seat-head").inner_text()
    assert re.sub(r"\s+", " ", heads).startswith("Computer (random)"), heads
    assert "computer ·" not in page.locator("body").inner_text()
    tap_card(page, "9Cb")
    press(page, page.locator(".actions .action", has_text="Play 9♣"))
    page.wait_for_selector(".prompt.mine:has-text('Exchange')", timeout=10_000)
    assert page.evaluate(BEHIND) == 0  # the computer's reply came at the instant pace: nothing slid
    tap_card(page, "9Ca")
    meld_now(page, "pinochle")
    wait_server(lambda: table.match.state.phase not in ("exchange", "meld"))
    label = page.locator("#hand .group.melded .group-label")
    label.wait_for()
    assert label.inner_text() == "Your melds: Pinochle 40"
    assert page.locator("#hand .group.melded").get_attribute("aria-label").startswith("Your melds: Pinochle 40")
    shot(page, f"flow_pinochle_words_{size}")
    open_menu(page)
    people = page.locator(".people").inner_text()
    assert "Computer (random)" in people and "computer," not in people, people
    assert not page.errors  # type: ignore[attr-defined]


def finished_hand(game: str, seed: int) -> dict[str, Any]:
    """A hand of ``game`` played to its end by random players: what the end-of-hand sheet gets."""
    import random

    from cardtable.apps.web.serialize import to_jsonable
    from cardtable.match import Match

    match = Match(game, seed=seed, seat_names=["You", "Computer"])
    rng = random.Random(seed)
    while match.hands[0].result is None:
        state = match.state
        match.apply(state.sample_chance(match.rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    result = match.hands[0].result
    return {"number": 1, "points": list(result.points), "summary": result.summary, "void": result.void,
            "details": to_jsonable(result.details), "totals": list(match.hands[0].totals_after), "view": {}}


SHEET = """async ([game, last]) => {
    const { breakdown } = await import('/static/breakdown.js');
    const d = document.getElementById('dialog');
    d.innerHTML = '<h2 id="modal-title">Hand 1 is over</h2>' + breakdown({ game, side_names: ['You', 'Computer'] }, last);
    document.getElementById('modal').classList.remove('hidden');
    return [...d.querySelectorAll('table')].map((t) => ({ caption: t.caption ? t.caption.innerText : '',
      rows: [...t.rows].map((r) => [...r.cells].map((c) => c.innerText.trim())) }));
}"""


@pytest.mark.parametrize("size", SIZES)
def test_sheet_rows_words(browser: Browser, live: tuple[str, Any], size: str) -> None:
    """Pinochle's rows add up and say what they are; Casino's counts are apart from its points."""
    page = new_page(browser, size)
    seat_at(live, page, gin_match())
    page.wait_for_selector(".prompt.mine")
    last = finished_hand("pinochle", 7)
    (tab,) = page.evaluate(SHEET, ["pinochle", last])
    rows = {r[0]: r[1:] for r in tab["rows"]}
    assert list(rows) == ["Points", "Meld", "Counters taken in tricks", "Last trick", "Tricks", "Hand (meld + tricks)"], rows
    for i in (0, 1):
        assert int(rows["Counters taken in tricks"][i]) + int(rows["Last trick"][i]) == int(rows["Tricks"][i])
        assert int(rows["Meld"][i]) + int(rows["Tricks"][i]) == int(rows["Hand (meld + tricks)"][i]) == last["points"][i]
    shot(page, f"flow_sheet_pinochle_{size}")
    last = finished_hand("casino", 7)
    counts, points = page.evaluate(SHEET, ["casino", last])
    assert counts["caption"] == "Taken this hand" and points["caption"] == "Points"
    assert [r[0] for r in counts["rows"]] == ["Count", "Cards", "Spades", "Sweeps"]
    assert "Cards" not in [r[0] for r in points["rows"]] and points["rows"][-1][0] == "Total"
    assert [int(x) for x in points["rows"][-1][1:]] == last["points"]
    assert sum(int(x) for x in counts["rows"][1][1:]) == 52  # every card was taken by someone
    shot(page, f"flow_sheet_casino_{size}")
    page.goto(page.url.split("#")[0] + "#/stats")
    page.wait_for_selector("#charts")
    page.evaluate("""async () => { const { renderStats } = await import('/static/stats.js');
        renderStats(document.getElementById('charts'), { rows: [{ game: 'gin', opponent: 'medium', played: 2, won: 1, lost: 1,
          abandoned: 0, mean_margin: 12.5 }, { game: 'casino', opponent: 'human', played: 1, won: 1, lost: 0, abandoned: 0,
          mean_margin: 3 }], games: [] }); }""")
    text = page.locator("#charts").inner_text() + page.locator("#charts svg").first.text_content()
    assert "Gin Rummy against the computer (medium)" in text and "Casino against people" in text, text
    assert " vs " not in text
    shot(page, f"flow_stats_{size}")
    assert not page.errors  # type: ignore[attr-defined]


def stage_two_match() -> Any:
    """Pinochle played by random players until the stock is gone and seat 0 is to lead (a trick of stage 2)."""
    import random

    from cardtable.match import Match

    match = Match("pinochle", seed=11, seat_names=["You", "Computer"])
    rng = random.Random(11)
    while True:
        state = match.state
        if state.is_chance_node():
            match.apply(state.sample_chance(match.rng))
            continue
        view = state.view(0)
        if view.stage == 2 and state.current_player() == 0 and state.phase == "play" and view.lead is None:
            return match
        match.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("size", SIZES)
def test_pinochle_stage_two_leader_leads_any_card(browser: Browser, live: tuple[str, Any], size: str) -> None:
    page = new_page(browser, size)
    table = seat_at(live, page, stage_two_match())
    page.wait_for_selector(".prompt.mine")
    prompt = page.locator("#prompt").inner_text()
    assert prompt.startswith("Lead any card") and "follow suit" not in prompt, prompt
    assert "second card" in page.locator(".banner").inner_text()  # the rule is the follower's
    assert page.locator("#hand .hand-card.dim").count() == 0  # the leader may lead any card
    shot(page, f"flow_pinochle_stage2_{size}")
    card = page.locator("#hand .hand-card").first.get_attribute("data-card")
    before = len(table.match.hands[-1].actions)
    tap_card(page, card)
    press(page, page.locator(".actions .action").first)
    wait_server(lambda: len(table.match.hands[-1].actions) >= before + 2)  # led, and the computer followed
    assert not page.errors  # type: ignore[attr-defined]


# ------------------------------------------------------------------------------------------------ item 13
WATCH = """window.__seen = []; window.__t0 = 0;
new MutationObserver(() => {
  const p = document.getElementById('prompt'), open = !!document.querySelector('#modal:not(.hidden)');
  const text = (open ? 'SHEET ' : '') + (p ? p.textContent : '');
  const last = window.__seen[window.__seen.length - 1];
  if (!last || last[1] !== text) window.__seen.push([performance.now(), text]);
}).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });"""


def quick_knock_match() -> Any:
    """Gin, seed 624: seat 0 deals, and the computer (simple, seed 625) takes the upcard and knocks at once."""
    from cardtable.match import Match

    match = Match("gin", seed=624, seat_names=["You", "Computer"])
    assert match.first_dealer == 0
    match.resolve_chance()
    return match


@pytest.mark.parametrize("size", SIZES)
def test_new_table_shows_the_deal_before_the_sheet(browser: Browser, live: tuple[str, Any], size: str) -> None:
    """A new table whose computer ends hand 1 at once used to open onto "Hand 1 is over" after about a second: the
    deal and the computer's turn are now shown first, then the hand's last position, then the sheet."""
    page = new_page(browser, size, pace=700)
    page.context.add_init_script(WATCH)
    table = seat_at(live, page, quick_knock_match(), level="simple")
    page.wait_for_selector("#prompt:has-text('is over')", timeout=15_000)
    page.screenshot(path=str(ARTIFACTS / f"flow_hand_over_{size}.png"))  # the hand's last position, before the sheet
    page.wait_for_selector("#modal:not(.hidden)", timeout=15_000)
    assert len(table.match.hands) == 2 and table.match.hands[0].actions[-2:] == ["take", "knock 4C"]
    seen = page.evaluate("window.__seen")
    texts = [t for _, t in seen]
    thinking = next(t for t, x in seen if x.endswith("is thinking…"))
    over = next(t for t, x in seen if x.startswith("Hand 1 is over"))
    sheet = next(t for t, x in seen if x.startswith("SHEET"))
    assert over - thinking >= 1400, texts  # the deal and the computer's turn, in view
    assert sheet - over >= 1000, texts  # the hand's last position, in view
    assert not page.errors  # type: ignore[attr-defined]
