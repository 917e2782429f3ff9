"""The static site's records (issue 24): a finished match is replayed, exported and imported in the page.

In Debian's chromium at 1280 px, on the site of ``cardtable build-static`` served by a plain static file server:
a Gin match to 1 point against easy is played to its end by clicking; My tables offers its replay, which steps
through the hand's moves to the end-of-hand sheet; its record is exported (a download) and is a record that
``cardtable replay`` reads; imported back through the page's file input, it is listed beside the first,
finished, with the same record, and the finished matches' page lists both.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from cardtable.record import GameRecord

from .test_static_site import base, site

__all__ = ["base", "site"]  # the fixtures: the site built once, served by a static file server


def _play_match(page: Any, kit: Any) -> int:
    """Play hands until the match is over (a drawn Gin hand scores nothing: another is dealt); the hands played."""
    for hands in range(1, 6):
        page.wait_for_selector(".prompt.mine, #modal:not(.hidden)", timeout=90_000)
        kit.play_hand(page)
        button = page.locator("#close-modal")
        button.wait_for()
        if button.inner_text() == "See the final score":
            return hands
        button.click()
    raise AssertionError("five drawn hands in a row")


def _saved_records(page: Any) -> list[str]:
    """The records of the games this browser keeps (IndexedDB), newest first."""
    return list(page.evaluate("""() => new Promise((resolve, reject) => {
        const r = indexedDB.open('cardtable', 1);
        r.onerror = () => reject(r.error);
        r.onsuccess = () => {
            const get = r.result.transaction('games').objectStore('games').getAll();
            get.onsuccess = () => resolve(get.result.sort((a, b) => b.updated - a.updated).map((g) => g.record));
        };
    })"""))


def test_replay_export_and_import_a_finished_match(base: str, tmp_path: Path) -> None:
    from . import browser_kit as kit  # skips where there is no chromium or playwright
    started = time.monotonic()
    with kit.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=kit.CHROMIUM, args=kit.ARGS)
        try:
            page = kit.new_page(browser, "desktop")
            kit.create_table(page, base, "gin", level="easy", target=1)
            hands = _play_match(page, kit)

            page.goto(base + "/#/")
            row = page.locator("#mine-list .table-row")
            row.first.wait_for()
            assert row.count() == 1 and "Match over" in row.inner_text()

            # the replay: the deal, then every move to the end-of-hand sheet
            page.locator("#mine-list a", has_text="Replay").click()
            page.wait_for_selector(".replay .replay-nav")
            step = page.locator(".replay-nav .step")
            total = int(step.inner_text().split(" of ")[1])
            assert step.inner_text() == f"Move 1 of {total}" and total > 3
            assert page.locator(".replay .prompt").inner_text() == "The cards are dealt"
            assert page.locator(".replay .seat .open-hand .card.face").count() >= 20  # both hands face up: it is over
            page.locator("#next").click()
            assert step.inner_text() == f"Move 2 of {total}"
            page.keyboard.press("ArrowRight")
            assert step.inner_text() == f"Move 3 of {total}"
            page.locator("#prev").click()
            assert step.inner_text() == f"Move 2 of {total}"
            page.locator("#last").click()
            assert step.inner_text() == f"Move {total} of {total}"
            page.wait_for_selector("#showdown")
            assert page.locator(".replay-nav a", has_text="Next hand").count() == (1 if hands > 1 else 0)

            # the export: a record that cardtable reads
            page.goto(base + "/#/")
            with page.expect_download() as download:
                page.locator("#mine-list button.export").click()
            exported = tmp_path / download.value.suggested_filename
            download.value.save_as(exported)
            assert exported.name.startswith("cardtable-gin-") and exported.suffix == ".json"
            text = exported.read_text(encoding="utf-8")
            record = GameRecord.loads(text)
            match = record.replay()
            assert match.is_over() and len(record.hands) == hands and record.meta["source"] == "browser"
            assert record.final_totals is not None and max(record.final_totals) >= 1
            shown = subprocess.run([sys.executable, "-m", "cardtable", "replay", str(exported)], capture_output=True,
                                   text=True, timeout=120)
            assert shown.returncode == 0, shown.stderr
            assert text == _saved_records(page)[0]

            # the import: listed beside it, finished, with the same record
            page.set_input_files("#import", str(exported))
            page.wait_for_selector("#import-msg :text('Imported: Gin Rummy')")
            page.wait_for_function("document.querySelectorAll('#mine-list .table-row').length === 2")
            assert page.locator("#mine-list a", has_text="Replay").count() == 2
            assert page.locator("#mine-list .table-row .muted", has_text="Match over").count() == 2
            records = [GameRecord.loads(r) for r in _saved_records(page)]
            assert [r.hands for r in records] == [record.hands, record.hands]
            page.locator("#mine-list a", has_text="Replay").first.click()  # the imported one replays too
            page.wait_for_selector(".replay-nav .step")
            assert page.locator(".replay-nav .step").inner_text() == f"Move 1 of {total}"
            page.goto(base + "/#/finished")  # the finished matches' page lists both, from this browser
            page.wait_for_selector("main .tables .table-row")
            assert page.locator("main .tables .table-row a", has_text="Replay").count() == 2
            assert page.errors == [], page.errors  # type: ignore[attr-defined]
        finally:
            browser.close()
    print(f"a match of {hands} hand(s), replayed, exported and imported in {time.monotonic() - started:.0f} s")
