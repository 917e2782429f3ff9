"""The player rules' translations (domain ``rules``): complete, current, compiled and rendered with no English left.

Every language whose ``rules.po`` exists is checked (ja, zh, bg, cs): a catalog is either whole
or it fails, so a half-translated language cannot land.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

from cardtable.apps.player_rules import GAMES, catalog, load, page
from cardtable.apps.player_rules.data import INLINE_CARD, PLACEHOLDER
from cardtable.apps.player_rules.translations import LANGS, LOCALE_DIR, language, load_translated, main, pot, strings
from cardtable.registry import game_class

babel_pofile = pytest.importorskip("babel.messages.pofile")
babel_mofile = pytest.importorskip("babel.messages.mofile")

PLURALS = {"ja": "nplurals=1; plural=0;", "zh": "nplurals=1; plural=0;", "bg": "nplurals=2; plural=(n != 1);",
           "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"}
PRESENT = [lang for lang in LANGS if (LOCALE_DIR / lang / "LC_MESSAGES" / "rules.po").exists()]
CJK = {"ja", "zh"}


def _po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / "rules.po"


def _read_po(lang: str) -> Any:
    with _po_path(lang).open("rb") as f:
        return babel_pofile.read_po(f, locale=lang, domain="rules")


def _messages(cat: Any) -> dict[tuple[str | None, str], str]:
    return {(m.context, m.id): m.string for m in cat if m.id}


def test_the_japanese_rules_exist() -> None:
    assert "ja" in PRESENT


def test_template_is_current() -> None:
    assert (LOCALE_DIR / "rules.pot").read_text(encoding="utf-8") == pot()
    template = babel_pofile.read_po(io.BytesIO(pot().encode()))
    assert len(_messages(template)) == sum(len(catalog(g)) for g in GAMES)


@pytest.mark.parametrize("lang", PRESENT)
def test_header(lang: str) -> None:
    text = _po_path(lang).read_text(encoding="utf-8")
    assert f'"Language: {lang}\\n"' in text
    assert f'"Plural-Forms: {PLURALS[lang]}\\n"' in text
    assert re.search(r'"Content-Type: text/plain; charset=UTF-8\\n"', text, re.I)


@pytest.mark.parametrize("lang", PRESENT)
def test_every_string_translated_from_the_current_english(lang: str) -> None:
    messages = _messages(_read_po(lang))
    fuzzy = [m.context for m in _read_po(lang) if m.id and m.fuzzy]
    assert not fuzzy, f"{lang}: fuzzy entries {fuzzy[:5]}"
    wanted = {(f"{game}:{sid}", text) for game in GAMES for sid, text in catalog(game).items()}
    stale = sorted(str(key) for key in set(messages) - wanted)
    assert not stale, f"{lang}: unknown ids or translations of older English: {stale[:5]}"
    missing = sorted(str(ctx) for ctx, text in wanted if not messages.get((ctx, text), "").strip())
    assert not missing, f"{lang}: {len(missing)} strings untranslated: {missing[:5]}"


@pytest.mark.parametrize("lang", PRESENT)
@pytest.mark.parametrize("game", GAMES)
def test_placeholders_and_cards_kept(lang: str, game: str) -> None:
    found = strings(game, lang)
    english = catalog(game)
    assert set(found) <= set(english)
    for sid, text in found.items():
        for pattern in (PLACEHOLDER, INLINE_CARD):
            assert sorted(pattern.findall(text)) == sorted(pattern.findall(english[sid])), (lang, game, sid)
    assert load_translated(game, lang).strings.keys() == english.keys()


def _texts(data: dict[str, Any]) -> list[str]:
    """Every text a player reads on a rendered rules page, in order (not the engine's ``describe``)."""
    out = [data["title"], data["intro"], *(p["text"] for p in data["presets"])]
    for section in data["sections"]:
        out.append(section["heading"])
        out += [block["text"] for block in section["blocks"]]
    for row in data["options"]:
        out += [row["label"], row["text"]]
    return out


_SENTENCE = re.compile(r"[^.:;!?()]+")
_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")


def _english_sentences(text: str) -> list[str]:
    """The clauses of an English text that have at least three words."""
    plain = INLINE_CARD.sub(" ", text)
    return [s.strip() for s in _SENTENCE.findall(plain) if len(_WORD.findall(s)) >= 3]


def _presets(game: str) -> list[Any]:
    rules_class = game_class(game).rules_class
    return [rules_class.preset(name) for name in rules_class.presets()]


@pytest.mark.parametrize("lang", PRESENT)
@pytest.mark.parametrize("game", GAMES)
def test_rendered_rules_have_no_english_left(lang: str, game: str) -> None:
    doc = load_translated(game, lang)
    for rules in _presets(game):
        english = _texts(page(rules, game))
        translated = _texts(page(rules, game, doc))
        assert len(english) == len(translated)
        whole = "\n".join(translated)
        for en, tr in zip(english, translated):
            if len(_WORD.findall(en)) >= 2:
                assert tr != en, f"{lang} {game} {rules.preset_name()}: untranslated {en!r}"
            for sentence in _english_sentences(en):
                assert sentence not in whole, f"{lang} {game}: English left: {sentence!r}"
        if lang in CJK:
            runs = re.findall(r"[A-Za-z]+(?:[ ,]+[A-Za-z]+){2,}", whole)
            assert not runs, f"{lang} {game}: Latin text in the rules: {runs[:3]}"


def test_english_and_unknown_languages_stay_english() -> None:
    assert language("ja_JP.UTF-8") == "ja" and language("zh-Hans-CN") == "zh" and language("cs-CZ") == "cs"
    assert language("de_DE") == language("C") == language(None) == "en"
    for game in GAMES:
        assert strings(game, "en") == {} == strings(game, "de")
        assert load_translated(game, "fr").strings == load(game).strings


def test_a_stale_translation_stays_english(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A translation of English that has since changed is not used: the msgid no longer matches."""
    from cardtable.apps.player_rules import translations

    lang = PRESENT[0]
    cat = _read_po(lang)
    for message in cat:
        if message.context == "gin:title":
            message.id = "Gin Rummy (old)"
    folder = tmp_path / lang / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "rules.mo").open("wb") as f:
        babel_mofile.write_mo(f, cat)
    monkeypatch.setattr(translations, "LOCALE_DIR", tmp_path)
    found = strings("gin", lang)
    assert "title" not in found and len(found) == len(catalog("gin")) - 1
    assert load_translated("gin", lang).strings["title"] == "Gin Rummy"


def test_module_entry(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["pot"]) == 0
    assert capsys.readouterr().out == pot()
    assert main(["check"]) == 0
    assert main(["nonsense"]) == 2
