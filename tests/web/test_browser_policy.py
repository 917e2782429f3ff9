"""A trained policy as a computer player in the browser (issue 22): ``serve --computer`` names it,
the lobby offers it, and a person plays a whole hand against it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardtable import agents
from cardtable.agents import AGENT_LEVELS, add_level
from cardtable.apps.web.server import create_app

from . import browser_kit as kit
from .browser_kit import ARTIFACTS, Browser, create_table, live_server, new_page, play_hand

browser = kit.browser  # the fixture

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def policy_level(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """``first-legal``: the tests' policy agent, named for this test only."""
    monkeypatch.syspath_prepend(str(ROOT))
    monkeypatch.setitem(AGENT_LEVELS, "gin", AGENT_LEVELS["gin"])
    monkeypatch.setattr(agents, "_NAMED", dict(agents._NAMED))
    add_level("gin", "first-legal", "tests.adapters.policy_fixtures:FirstLegal")
    yield "first-legal"


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_person_plays_a_hand_against_a_policy_named_at_the_server(
        browser: Browser, tmp_path: Path, policy_level: str, size: str) -> None:
    with live_server(create_app(str(tmp_path / "policy.db"))) as base:
        page = new_page(browser, size)
        page.goto(base + "/")
        page.wait_for_selector("#create-btn")
        page.locator("label.game-tile:has(input[value=gin])").click()
        offered = page.locator("select[name=level1] option").all_inner_texts()
        assert any("first-legal: a computer player added to this server" in o for o in offered), offered
        create_table(page, base, "gin", level=policy_level)
        page.screenshot(path=str(ARTIFACTS / f"policy-table-{size}.png"))
        assert play_hand(page) > 0
        page.screenshot(path=str(ARTIFACTS / f"policy-hand-over-{size}.png"))
        assert not page.errors, page.errors  # type: ignore[attr-defined]
