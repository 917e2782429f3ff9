"""Choosing the language, falling back to English, the pseudo-locale, typed notation, text width and
locale formatting (issue 25)."""

from __future__ import annotations

import datetime
import subprocess
import sys
import threading

import pytest

from cardtable import i18n
from cardtable.cards import Card


@pytest.mark.parametrize(("tag", "lang"), [
    ("cs_CZ.UTF-8", "cs"), ("cs", "cs"), ("cs-CZ", "cs"), ("bg_BG.utf8", "bg"), ("ja_JP.eucJP", "ja"),
    ("zh_CN.UTF-8", "zh"), ("zh_Hans", "zh"), ("zh-Hans-CN", "zh"), ("zh", "zh"), ("zh_TW", "zh"),
    ("en_GB.UTF-8", "en"), ("C", "en"), ("POSIX", "en"), ("C.UTF-8", "en"), ("en_XA", "en_XA"), ("en-XA", "en_XA"),
    ("de_DE.UTF-8", None), ("", None), ("sr@latin", None),
])
def test_normalize(tag: str, lang: str | None) -> None:
    assert i18n.normalize(tag) == lang


@pytest.mark.parametrize(("env", "lang"), [
    ({}, "en"),
    ({"LANG": "cs_CZ.UTF-8"}, "cs"),
    ({"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "cs_CZ.UTF-8"}, "ja"),
    ({"LC_ALL": "bg_BG.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8", "LANG": "cs_CZ.UTF-8"}, "bg"),
    ({"LC_ALL": "", "LC_MESSAGES": "", "LANG": "zh_CN.UTF-8"}, "zh"),  # empty means unset (POSIX)
    ({"LC_ALL": "C", "LANG": "cs_CZ.UTF-8"}, "en"),  # C is English, and it decides
    ({"LC_ALL": "de_DE.UTF-8", "LANG": "cs_CZ.UTF-8"}, "en"),  # a language cardtable lacks: English
    ({"LANGUAGE": "cs", "LANG": "C"}, "en"),
])
def test_the_environment_chooses_in_posix_order(env: dict[str, str], lang: str) -> None:
    assert i18n.from_environment(env) == lang
    assert i18n.choose(None, env) == lang


def test_an_explicit_language_wins_and_an_unknown_one_is_an_error() -> None:
    env = {"LC_ALL": "bg_BG.UTF-8"}
    assert i18n.choose("ja", env) == "ja" and i18n.choose("zh-Hans", env) == "zh" and i18n.choose("C", env) == "en"
    with pytest.raises(i18n.UnknownLanguage):
        i18n.choose("klingon", env)
    assert i18n.lang_in_argv(["play", "--lang", "cs", "gin"]) == "cs"
    assert i18n.lang_in_argv(["--lang=ja", "--help"]) == "ja"
    assert i18n.lang_in_argv(["play", "--", "--lang", "cs"]) is None


def test_missing_messages_fall_back_to_english_never_blank() -> None:
    for lang in ("en", "ja", "zh", "bg", "cs", "xx"):
        t = i18n.translation(lang)
        assert t.gettext("a message no catalog has") == "a message no catalog has"
        assert t.pgettext("nowhere", "a word") == "a word"
        assert t.ngettext("one thing", "%(n)s things", 1) == "one thing"
        assert t.ngettext("one thing", "%(n)s things", 3) == "%(n)s things"
    assert i18n.translation("cs").gettext("options") == "volby"


def test_the_active_language_is_per_context_and_english_by_default() -> None:
    assert i18n.language() == "en" and i18n._("options") == "options"
    with i18n.using("ja"):
        assert i18n._("options") == "オプション" and i18n.pgettext("pinochle", "trump") == "切り札"
        seen: list[str] = []
        worker = threading.Thread(target=lambda: seen.append(i18n._("options")))  # a new thread starts in English
        worker.start()
        worker.join()
        assert seen == ["options"]
        with i18n.using("cs"):
            assert i18n.ngettext("%(n)s match", "%(n)s matches", 5) == "%(n)s zápasů"
        assert i18n.language() == "ja"
    assert i18n.language() == "en"


def test_the_pseudo_locale_marks_every_message_and_keeps_placeholders() -> None:
    text = i18n.pseudo("seed of the deals (default: %(n)s, see --deals and `cardtable history`) {x} 95%%")
    assert text.startswith("⟦") and text.endswith("⟧")
    for kept in ("%(n)s", "--deals", "`cardtable history`", "{x}", "%%"):
        assert kept in text
    assert "seed" not in text and len(text) > 1.2 * len("seed of the deals")
    t = i18n.translation("en_XA")
    assert t.ngettext("%(n)s match", "%(n)s matches", 2) == i18n.pseudo("%(n)s matches")
    assert " " not in i18n.pseudo("URL_OR_PATH")  # a metavar stays one word (argparse wraps usage at spaces)


def test_localized_rank_letters_read_as_english_notation() -> None:
    assert i18n.english_notation("Д♥ В♠ А♦ К♣ 10♥ 9♠", "bg") == "Q♥ J♠ A♦ K♣ 10♥ 9♠"
    assert [str(Card.parse(c)) for c in i18n.english_notation("Д♥ В♠", "bg").split()] == ["QH", "JS"]
    assert i18n.english_notation("D♥ DS K♠ J♦ QH", "cs") == "Q♥ QS K♠ J♦ QH"
    assert i18n.english_notation("draw; discard D♥", "cs") == "draw; discard Q♥"  # words are not cards
    assert i18n.english_notation("D♥", "ja") == "D♥" and i18n.english_notation("Д♥", "en") == "Д♥"


def test_wrap_keeps_cjk_lines_within_the_width() -> None:
    text = "コンピューター相手にマッチをプレイする。端末にカードテーブルを表示するか、--plain で行モードにする。"
    lines = i18n.wrap(text, 30)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(i18n.display_width(line) <= 30 for line in lines)
    assert not any(line[0] in "、。）" for line in lines)  # no line starts with closing punctuation
    assert i18n.wrap("Zahrajte si zápas proti počítači", 12) == ["Zahrajte si", "zápas proti", "počítači"]


def test_numbers_dates_and_lists_follow_the_locale() -> None:
    pytest.importorskip("babel")
    assert i18n.format_number(1234567, "en") == "1,234,567"
    assert i18n.format_number(1234567, "cs") == "1\xa0234\xa0567"
    assert i18n.format_number(1234567, "bg") == "1\xa0234\xa0567"
    assert i18n.format_decimal(2.5, 1, "cs") == "2,5" and i18n.format_decimal(2.5, 1, "ja") == "2.5"
    assert i18n.format_percent(0.25, "cs") == "25\xa0%" and i18n.format_percent(0.25, "en") == "25%"
    day = datetime.date(2026, 12, 5)
    assert i18n.format_date(day, "ja") == "2026/12/05"
    assert "2026" in i18n.format_date(day, "zh") and "12" in i18n.format_date(day, "zh")
    assert i18n.format_date(day, "cs") == "5. 12. 2026"
    assert i18n.format_list(["A", "B", "C"], "en") == "A, B, and C"
    assert i18n.format_list(["A", "B", "C"], "cs") == "A, B a\xa0C"  # Czech keeps "a" with the next word
    assert i18n.format_list(["A", "B", "C"], "zh") == "A、B和C"
    with i18n.using("bg"):
        assert i18n.format_list(["A", "B"]) == "A и B"


def test_formatting_without_babel_is_plain() -> None:
    """The core package needs no third-party package: without Babel the helpers still answer."""
    code = ("import sys, datetime; sys.modules['babel'] = None\n"
            "from cardtable import i18n\n"
            "print(i18n.format_number(1234, 'en'), i18n.format_number(1234, 'cs'), i18n.format_decimal(2.5, 1, 'cs'),"
            " i18n.format_percent(0.25, 'cs'), i18n.format_date(datetime.date(2026, 12, 5), 'ja'),"
            " i18n.format_list(['a', 'b'], 'cs'), i18n.translation('cs').gettext('options'), sep='|')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "1,234|1234|2.5|25%|2026-12-05|a, b|volby"


def test_the_arena_estimate_speaks_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    """The arena's time estimate (stderr) is whole sentences per language, with plural forms and the
    locale's numbers."""
    import argparse

    from cardtable.arena.cli import plan_deals
    from cardtable.arena.estimate import format_duration

    with i18n.using("cs"):
        assert [format_duration(s) for s in (0.4, 40, 75, 4000)] == [
            "méně než sekundu", "asi 40 s", "asi 1 min 15 s", "asi 1 h 6 min"]
    with i18n.using("ja"):
        assert format_duration(4000) == "約 1 時間 6 分"
    args = argparse.Namespace(game="gin", deals=400, ray=None, workers=1, unit="matches", players=None,
                              preset="standard", sequential=False, no_progress=False)
    with i18n.using("cs"):
        assert plan_deals(args, ["hard", "medium"], {}) == 400
    err = capsys.readouterr().err
    assert err.startswith("arena: očekávaná doba asi ") and " zápasů, asi " in err and "1 pracovní proces)" in err, err
    assert "rychleji: méně --deals, --hands (jednotlivá rozdání místo zápasů) nebo hard/time_budget=0.2" in err, err
