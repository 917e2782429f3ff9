"""The message catalogs: complete, placeholders kept, plural forms per CLDR, in step with the sources,
and the compiled ``.mo`` files current (issue 25)."""

from __future__ import annotations

import argparse
import gettext
import inspect
import io
import re
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel import Locale  # noqa: E402
from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.extract import extract, extract_from_dir  # noqa: E402
from babel.messages.frontend import parse_mapping_cfg  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from cardtable import i18n  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "src" / "cardtable" / "locale"
LANGS = [lang for lang in i18n.LANGUAGES if lang != "en"]
PLACEHOLDER = re.compile(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]|%[-#0 +]*\d*(?:\.\d+)?([diouxXeEfFgGcrsa%])"
                         r"|\{(\w*)\}")


def _catalog(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as f:
        return read_po(f, locale=locale)


def placeholders(text: str) -> tuple[frozenset[str], tuple[str, ...]]:
    """The named placeholders (``%(n)s``, ``{n}``) as a set and the positional ones (``%s``, ``%r``) in order;
    ``%%`` is a literal percent sign, not a placeholder.

    >>> named, positional = placeholders("%(n)s of %(m)d, %s and %r, 95%% {x}")
    >>> sorted(named), positional
    (['m', 'n', 'x'], ('s', 'r'))
    """
    named: set[str] = set()
    positional: list[str] = []
    for m in PLACEHOLDER.finditer(text):
        if m.group(1) is not None:
            named.add(m.group(1))
        elif m.group(2) is not None and m.group(2) != "%":
            positional.append(m.group(2))
        elif m.group(3) is not None:
            named.add(m.group(3))
    return frozenset(named), tuple(positional)


@pytest.fixture(scope="module", params=LANGS)
def catalog(request: pytest.FixtureRequest) -> tuple[str, Catalog]:
    lang: str = request.param
    return lang, _catalog(LOCALE / lang / "LC_MESSAGES" / "cardtable.po", lang)


def test_the_template_and_every_catalog_hold_exactly_the_messages_of_the_sources() -> None:
    """``pybabel extract`` now would give the committed template, and ``pybabel update`` every catalog."""
    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    found = {(context, msgid if isinstance(msgid, str) else tuple(msgid))
             for _file, _line, msgid, _comments, context in
             extract_from_dir(str(ROOT / "src" / "cardtable"), method_map, options_map)}
    template = {(m.context, m.id) for m in _catalog(LOCALE / "cardtable.pot") if m.id}
    missing, stale = found - template, template - found
    assert not missing and not stale, f"run the pybabel commands of docs/guides/languages.md: " \
                                      f"new {sorted(missing, key=str)[:5]}, gone {sorted(stale, key=str)[:5]}"
    for lang in LANGS:
        ids = {(m.context, m.id) for m in _catalog(LOCALE / lang / "LC_MESSAGES" / "cardtable.po", lang) if m.id}
        assert ids == template, (lang, sorted(ids ^ template, key=str)[:5])


def test_every_message_is_translated_with_the_same_placeholders(catalog: tuple[str, Catalog]) -> None:
    lang, cat = catalog
    nplurals = cat.num_plurals
    checked = 0
    for m in cat:
        if not m.id:
            continue
        assert not m.fuzzy, (lang, m.id)
        if isinstance(m.id, tuple):
            forms = m.string
            assert isinstance(forms, tuple) and len(forms) == nplurals, (lang, m.id, forms)
            want = placeholders(m.id[1])
            for form in forms:
                assert form.strip(), (lang, m.id, "an empty plural form")
                # the singular may name its one item in words; every form keeps the plural's placeholders
                assert placeholders(form) == want, (lang, m.id, form)
        else:
            assert isinstance(m.string, str) and m.string.strip(), (lang, m.id, "not translated")
            assert placeholders(m.string) == placeholders(m.id), (lang, m.id, m.string)
            assert m.string.endswith("\n") == m.id.endswith("\n"), (lang, m.id)
        checked += 1
    assert checked > 250


def test_plural_forms_follow_cldr() -> None:
    """The catalogs' Plural-Forms pick the form CLDR names for each count: Czech one (1), few (2-4),
    other (0, 5+, also 21 and 22); Bulgarian one (1), other; Japanese and Chinese one form for every count."""
    expected_forms = {"cs": 3, "bg": 2, "ja": 1, "zh": 1}
    category_order = {"cs": ("one", "few", "other"), "bg": ("one", "other"), "ja": ("other",), "zh": ("other",)}
    for lang in LANGS:
        cat = _catalog(LOCALE / lang / "LC_MESSAGES" / "cardtable.po", lang)
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


def test_the_compiled_catalogs_are_current() -> None:
    """Each committed ``.mo`` says what its ``.po`` says (``pybabel compile`` was run after the last edit)."""
    for lang in LANGS:
        po = _catalog(LOCALE / lang / "LC_MESSAGES" / "cardtable.po", lang)
        with (LOCALE / lang / "LC_MESSAGES" / "cardtable.mo").open("rb") as f:
            mo = gettext.GNUTranslations(f)
        compiled = dict(mo._catalog)  # type: ignore[attr-defined]
        expected: dict[object, str] = {}
        for m in po:
            if not m.id:
                continue
            key = m.id[0] if isinstance(m.id, tuple) else m.id
            if m.context:
                key = f"{m.context}\x04{key}"
            if isinstance(m.id, tuple):
                for i, form in enumerate(m.string):
                    expected[(key, i)] = form
            else:
                expected[key] = m.string
        compiled.pop("", None)  # the header
        assert compiled == expected, f"{lang}: run pybabel compile -d src/cardtable/locale -D cardtable"
        assert mo.plural(5) == {"cs": 2, "bg": 1}.get(lang, 0)


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
               _catalog(LOCALE / lang / "LC_MESSAGES" / "cardtable.po", lang) if m.id}
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
