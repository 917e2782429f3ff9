"""The message catalogs: complete, placeholders kept, plural forms per CLDR, in step with the sources,
and the compiled ``.mo`` files current (issue 25)."""

from __future__ import annotations

import argparse
import gettext
import inspect
import io
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel import Locale  # noqa: E402
from babel.messages.extract import extract  # noqa: E402
from catalog_checks import LOCALE, compiled_differences, extracted, po_path, read, untranslated  # noqa: E402

from cardtable import i18n  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "cardtable"
LANGS = [lang for lang in i18n.LANGUAGES if lang != "en"]
PYTHON_DOMAINS = {"cardtable": SRC, "tui": SRC / "apps" / "tui"}
"""The domains extracted from Python sources by ``pybabel extract -F babel.cfg DIR`` (``web`` has its own test,
``errors`` and ``rules`` are written by their modules)."""


@pytest.mark.parametrize("domain", sorted(PYTHON_DOMAINS))
def test_the_template_and_every_catalog_hold_exactly_the_messages_of_the_sources(domain: str) -> None:
    """``pybabel extract`` now would give the committed template, and ``pybabel update`` every catalog."""
    folder = PYTHON_DOMAINS[domain]
    found = extracted(folder.rglob("*.py"), folder)
    template = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read(LOCALE / f"{domain}.pot")
                if m.id}
    missing, stale = found - template, template - found
    assert not missing and not stale, f"run the pybabel commands of docs/guides/languages.md (domain {domain}): " \
                                      f"new {sorted(missing, key=str)[:5]}, gone {sorted(stale, key=str)[:5]}"
    for lang in LANGS:
        ids = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read(po_path(lang, domain), lang)
               if m.id}
        assert ids == template, (lang, sorted(ids ^ template, key=str)[:5])


@pytest.mark.parametrize("domain", i18n.DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated_with_the_same_placeholders(domain: str, lang: str) -> None:
    assert untranslated(read(po_path(lang, domain), lang)) == []


@pytest.mark.parametrize("domain", i18n.DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_compiled_catalogs_are_current(domain: str, lang: str) -> None:
    """Each committed ``.mo`` says what its ``.po`` says (``pybabel compile`` was run after the last edit)."""
    assert compiled_differences(lang, domain) == set(), f"run pybabel compile -d src/cardtable/locale -D {domain}"
    with po_path(lang, domain).with_suffix(".mo").open("rb") as f:
        assert gettext.GNUTranslations(f).plural(5) == {"cs": 2, "bg": 1}.get(lang, 0)


def test_plural_forms_follow_cldr() -> None:
    """The catalogs' Plural-Forms pick the form CLDR names for each count: Czech one (1), few (2-4),
    other (0, 5+, also 21 and 22); Bulgarian one (1), other; Japanese and Chinese one form for every count."""
    expected_forms = {"cs": 3, "bg": 2, "ja": 1, "zh": 1}
    category_order = {"cs": ("one", "few", "other"), "bg": ("one", "other"), "ja": ("other",), "zh": ("other",)}
    for lang in LANGS:
        cat = read(po_path(lang, "cardtable"), lang)
        assert cat.num_plurals == expected_forms[lang], (lang, cat.plural_forms)
        t = i18n.translation(lang)
        forms = next(m.string for m in cat if m.id == ("%(n)s match", "%(n)s matches"))
        cldr = Locale.parse(lang).plural_form
        for n in range(0, 202):
            category = cldr(n)
            index = category_order[lang].index("other" if category == "many" else category)
            assert t.ngettext("%(n)s match", "%(n)s matches", n) == forms[index], (lang, n, category)
    cs = i18n.translation("cs")
    assert [cs.ngettext("%(n)s match", "%(n)s matches", n) % {"n": n} for n in (1, 2, 4, 5, 21, 22)] == [
        "1 zápas", "2 zápasy", "4 zápasy", "5 zápasů", "21 zápasů", "22 zápasů"]
    bg = i18n.translation("bg")
    assert [bg.ngettext("%(n)s match", "%(n)s matches", n) % {"n": n} for n in (1, 2, 11)] == ["1 мач", "2 мача", "11 мача"]
    assert {i18n.translation("ja").ngettext("%(n)s match", "%(n)s matches", n) for n in (1, 2, 5)} == {"%(n)s マッチ"}


def test_argparse_speaks_every_language() -> None:
    """Every message argparse of this Python can print is in every catalog (its gettext calls, read
    from its source), so ``usage:``, ``options`` and its errors are never English in another language."""
    source = inspect.getsource(argparse)
    msgids = {msgid if isinstance(msgid, str) else msgid[0]
              for _line, msgid, _comments, _context in
              extract("python", io.BytesIO(source.encode()), keywords={"_": None, "ngettext": (1, 2)})}
    assert {"usage: ", "options", "show this help message and exit"} <= msgids
    for lang in LANGS:
        ids = {m.id if isinstance(m.id, str) else m.id[0] for m in
               read(po_path(lang, "cardtable"), lang) if m.id}
        assert msgids <= ids, (lang, sorted(msgids - ids))


def test_card_and_game_terms_in_every_language() -> None:
    assert [i18n.rank_name(r, "cs") for r in (1, 11, 12, 13)] == ["eso", "kluk", "dáma", "král"]
    assert [i18n.rank_name(r, "bg") for r in (1, 11, 12, 13)] == ["асо", "вале", "дама", "поп"]
    assert [i18n.suit_name(s, "ja") for s in range(4)] == ["スペード", "ハート", "ダイヤ", "クラブ"]
    assert [i18n.suit_name(s, "zh") for s in range(4)] == ["黑桃", "红桃", "方块", "梅花"]
    assert [i18n.suit_name(s, "cs") for s in range(4)] == ["piky", "srdce", "káry", "kříže"]
    # Czech suit adjectives agree with the rank's gender: neuter eso, masculine král, feminine dáma
    assert [i18n.card_name(r, 0, "cs") for r in (1, 13, 12, 10)] == ["pikové eso", "pikový král", "piková dáma",
                                                                     "piková desítka"]
    assert i18n.card_name(10, 0, "bg") == "десетка пика" and i18n.card_name(11, 2, "ja") == "ダイヤのジャック"
    assert i18n.card_name(1, 1, "en") == "ace of hearts"
    for lang in LANGS:
        names = {i18n.card_name(r, s, lang) for r in range(1, 14) for s in range(4)}
        assert len(names) == 52, lang  # no two cards share a name
        terms = {key: i18n.term(key, lang) for key in i18n.TERMS}
        assert all(terms.values()), lang
        english = {key: i18n.term(key, "en") for key in i18n.TERMS}
        untranslated = [k for k in terms if terms[k] == english[k] and k not in ("gin", "pinochle", "pinochle (game)")]
        assert not untranslated, (lang, untranslated)
    assert i18n.term("trump", "bg") == "коз" and i18n.term("trump", "ja") == "切り札" and i18n.term("trump", "zh") == "将牌"
    assert i18n.term("meld (pinochle)", "bg") == "анонс" and i18n.term("marriage", "cs") == "hláška"
    assert i18n.term("knock", "cs") == "klepnutí" and i18n.term("deadwood", "zh") == "散牌"
