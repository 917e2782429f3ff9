"""Engine errors in every language (issue 25): the ``errors`` catalogs and :mod:`cardtable.error_text`.

Each ``locale/<lang>/LC_MESSAGES/errors.po`` translates every code of :data:`cardtable.error_codes.CODES`
and every word and piece the structured params are said with (and nothing else, against the current
English) keeping every placeholder with its conversion and format spec, and its ``.mo`` is current;
``errors.pot`` is what the module makes. Every code renders in every language for sample params. For
the refusals met in random hands of every game and preset (``tests/refusal_sweep.py``) the English
text is ``str(error)``, the Japanese, Chinese, Bulgarian and Czech texts hold no English word besides
the move, cards, numbers and identifiers, and the pseudo-locale leaves nothing outside its markers.
"""

from __future__ import annotations

import pickle
import random
import re
import string
import sys
from pathlib import Path
from typing import Any

import pytest

babel_mofile = pytest.importorskip("babel.messages.mofile")
from babel.messages.pofile import read_po  # noqa: E402

from cardtable import i18n  # noqa: E402
from cardtable.cards import Card, PinochleCard  # noqa: E402
from cardtable.error_codes import (  # noqa: E402
    CODES,
    WORDS,
    BuildValues,
    CardList,
    ChanceStep,
    Detail,
    MeldKind,
    Names,
    NotHeld,
    OptionLabel,
    Phase,
    Requirement,
    Term,
    message,
)
from cardtable.error_text import CANDIDATES, JSON_MESSAGES, PIECES, catalog, error_text, main, message_in, pot  # noqa: E402
from cardtable.errors import (  # noqa: E402
    AmbiguousActionError,
    CardtableError,
    IllegalActionError,
    InvalidNotationError,
    InvalidPositionError,
)
from cardtable.registry import GAMES, make_game  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # tests/: the refusals of random hands
from catalog_checks import po_path, read  # noqa: E402

from refusal_sweep import every_refusal  # noqa: E402

LOCALE = Path(i18n.LOCALE_DIR)
PRESENT = [lang for lang in i18n.LANGUAGES if lang != "en" and (LOCALE / lang / "LC_MESSAGES" / "errors.po").exists()]
"""The languages whose errors catalog exists (ja and zh here; bg and cs are written alongside)."""
ALL = ["en", i18n.PSEUDO, *PRESENT]
PLURALS = {"ja": "nplurals=1; plural=0;", "zh": "nplurals=1; plural=0;", "bg": "nplurals=2; plural=(n != 1);",
           "cs": "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;"}
EXPECTED = {(code, entry.template) for code, entry in CODES.items()} | {CANDIDATES[:2]} \
    | {piece[:2] for piece in PIECES} | {("json", text) for text in JSON_MESSAGES} \
    | {(context, word) for context, words in WORDS.items() for word in words}
"""(msgctxt, msgid): every entry a catalog must have, and no other."""


def _po(lang: str) -> Any:
    return read(po_path(lang, "errors"), lang)


def _fields(template: str) -> list[tuple[str, str, str]]:
    """The placeholders of a template with their format spec and conversion, sorted."""
    return sorted((name, spec or "", conv or "") for _, name, spec, conv in string.Formatter().parse(template)
                  if name is not None)


# --- the catalogs ---------------------------------------------------------------------------------------
def test_the_committed_template_is_current(tmp_path: Path) -> None:
    assert (LOCALE / "errors.pot").read_text(encoding="utf-8") == pot(), \
        "run: python -m cardtable.error_text pot -o src/cardtable/locale/errors.pot"
    out = tmp_path / "errors.pot"
    assert main(["pot", "-o", str(out)]) == 0 and out.read_text(encoding="utf-8") == pot()
    with (LOCALE / "errors.pot").open("rb") as f:
        template = read_po(f)
    assert {(m.context, m.id) for m in template if m.id} == EXPECTED
    assert all(m.auto_comments for m in template if m.id)


def test_some_catalogs_exist() -> None:
    assert {"ja", "zh"} <= set(PRESENT)


@pytest.mark.parametrize("lang", PRESENT)
def test_every_code_is_translated_against_the_current_english(lang: str) -> None:
    po = _po(lang)
    entries = {(m.context, m.id): m for m in po if m.id}
    assert set(entries) - EXPECTED == set(), f"{lang}: unknown entries, or a msgid that is not the current English"
    assert EXPECTED - set(entries) == set(), f"{lang}: entries not translated"
    empty = sorted(key for key, m in entries.items() if not m.string or m.fuzzy)
    assert empty == [], f"{lang}: empty or fuzzy"
    assert str(po.locale).split("_")[0] == lang
    assert po.plural_forms == PLURALS[lang]
    assert all(m.auto_comments for m in entries.values()), f"{lang}: descriptions as extracted comments"


@pytest.mark.parametrize("lang", PRESENT)
def test_translations_keep_every_placeholder_with_its_spec(lang: str) -> None:
    bad = {m.context: (m.id, m.string) for m in _po(lang) if m.id and _fields(m.string) != _fields(m.id)}
    assert bad == {}


# --- rendering every code ---------------------------------------------------------------------------------
_CARDS = {"card": Card.parse("7H"), "led": Card.parse("QS")}
_NAMES = {"phases", "valid", "values", "presets", "fields", "kinds", "known", "games", "outcomes", "unknown"}


_STRUCTURED: dict[str, Any] = {
    "phase": Phase("offer-dealer"), "step": ChanceStep("turnup"), "label": OptionLabel("the knock limit"),
    "requirement": Requirement("range", 0, 10), "detail": Detail("int", "invalid literal for int() with base 10: 'x'", "'x'"),
    "missing": NotHeld([("both", Card.parse("QS")), ("copy", Card.parse("KS")), ("card", Card.parse("AS"))]),
    "builds": BuildValues([7, 9]),
}


def _sample(name: str, spec: str) -> Any:
    """A value of the kind the engines pass for the placeholder ``name``."""
    if name in _CARDS:
        return _CARDS[name]
    if name == "cards":
        return CardList([Card.parse("7H"), Card.parse("8H")])
    if name in _NAMES:
        return Names(["draw", "discard", "over"])
    if name == "error":
        return InvalidNotationError.from_code("card.unreadable", text="ZZ")
    if name in _STRUCTURED:
        return _STRUCTURED[name]
    if name in ("action", "text", "raw", "what", "example", "key", "name", "type_name",
                "option", "kind", "expected", "outcome", "verb",
                "format", "version", "item", "totals", "group", "build", "suit", "side", "sizes", "ids", "shown",
                "extra", "stock_raw", "knocker_melds", "want", "want_stock", "stock"):
        return f"<{name}>"
    return 7


def _params(code: str) -> dict[str, Any]:
    return {name: _sample(name, spec) for name, spec, _ in _fields(CODES[code].template)}


@pytest.mark.parametrize("lang", ALL)
def test_every_code_renders_in_every_language(lang: str) -> None:
    for code in CODES:
        params = _params(code)
        text = message_in(code, params, lang)
        assert text, (lang, code)
        assert not re.search(r"\{\w", text), (lang, code, text)  # no placeholder left
        error = IllegalActionError.from_code(code, "9.9", **params)
        assert error_text(error, lang) == f"{text} [9.9]"
        if lang == "en":
            assert text == message(code, params) and error_text(error, lang) == str(error)
        elif lang in PRESENT:
            if "error" in params:  # the error behind it, in the same language
                assert error_text(params["error"], lang) in text and "not a card" not in text, (lang, code)
            assert text != message(code, params) or CODES[code].template.strip("{}").isidentifier(), (lang, code)


@pytest.mark.parametrize("lang", PRESENT)
def test_english_producing_specs_are_said_in_the_language(lang: str) -> None:
    cards = CardList([Card.parse("7H"), Card.parse("8H")])
    text = message_in("cards.not_held", {"action": "discard 7H", "cards": cards}, lang)
    joined = catalog(lang).pgettext("error_text.or", "{head} or {last}").format(head="7♥", last="8♥")
    assert text is not None and joined in text and "the" not in text
    listed = message_in("game.unknown", {"name": "x", "games": Names(["gin", "casino", "pinochle"])}, lang)
    assert listed is not None and "gin" in listed and "pinochle" in listed and " and " not in listed
    inner = InvalidNotationError.from_code("card.unreadable", text="ZZ")
    outer = InvalidPositionError.from_code("position.field_invalid", key="hand0", error=inner)
    assert error_text(outer, lang) == f"{message_in('position.field_invalid', {'key': 'hand0', 'error': 'X'}, lang)}" \
        .replace("X", error_text(inner, lang))
    assert error_text(inner, lang) != str(inner)
    ambiguous = AmbiguousActionError.from_code("action.ambiguous", ("7H x 7C", "7H x 7C+7D"), text="7H x")
    said = error_text(ambiguous, lang)
    assert said.startswith(error_text(AmbiguousActionError.from_code("action.ambiguous", text="7H x"), lang))
    assert said.endswith("7H x 7C, 7H x 7C+7D") and "candidates" not in said


def test_ambiguous_and_nested_errors_in_english_and_japanese() -> None:
    ambiguous = AmbiguousActionError.from_code("action.ambiguous", ("a", "b"), text="x")
    assert error_text(ambiguous, "en") == str(ambiguous) == "'x' is ambiguous; candidates: a, b"
    assert error_text(ambiguous, "ja") == "'x' はあいまいです。候補：a, b"
    inner = InvalidNotationError.from_code("card.unreadable", text="ZZ")
    outer = InvalidPositionError.from_code("position.field_invalid", key="hand0", error=inner)
    assert error_text(outer, "en") == str(outer) == "hand0: not a card: 'ZZ'"
    assert error_text(outer, "ja") == "hand0：カードではありません：'ZZ'"
    assert error_text(outer, "zh") == "hand0：不是一张牌：'ZZ'"


# --- falling back to English ------------------------------------------------------------------------------
def test_an_error_without_a_code_or_with_an_unknown_one_is_its_english_message() -> None:
    plain = IllegalActionError("no such move", "4.1")
    assert [error_text(plain, lang) for lang in ALL] == ["no such move [4.1]"] * len(ALL)
    unknown = InvalidNotationError("bad text", code="nowhere.code", params={"text": "x"})
    assert error_text(unknown, "ja") == "bad text"
    assert error_text(ValueError("not ours"), "zh") == "not ours"


def test_a_catalog_that_lacks_the_code_or_does_not_fit_the_params_is_english() -> None:
    error = IllegalActionError.from_code("card.not_held", "4.3", action="discard 7H", card=Card.parse("7H"))
    assert error_text(error, "de") == str(error)  # no errors catalog at all: English, never a blank
    assert catalog("de").pgettext("card.not_held", CODES["card.not_held"].template) == ""
    short = IllegalActionError("you cannot", "4.3", code="card.not_held", params={"action": "discard 7H"})
    assert error_text(short, "ja") == "you cannot [4.3]"  # the params do not fill the template: English


def test_the_default_language_is_the_one_spoken_now() -> None:
    error = IllegalActionError.from_code("hand.over", "1", action="discard 7H")
    assert error_text(error) == str(error)
    with i18n.using("ja"):
        assert error_text(error) == error_text(error, "ja") == "discard 7H：ハンドは終わっています [1]"
    with i18n.using(i18n.PSEUDO):
        assert error_text(error) == "⟦discard 7H: ţĥéé ĥááñđ îîš öövééŕ⟧ [1]"


def test_the_text_depends_on_code_params_and_rule_only() -> None:
    """Fair play: what a seat reads depends on what the English message depends on, nothing else."""
    first = IllegalActionError.from_code("card.not_held", "4.3", action="discard 7H", card=Card.parse("7H"))
    twin = IllegalActionError("anything at all", "4.3", code="card.not_held", params=dict(first.params))
    for lang in PRESENT:
        assert error_text(twin, lang) == error_text(first, lang)


# --- refusals met in random hands -------------------------------------------------------------------------
def _distinct(errors: list[CardtableError]) -> list[CardtableError]:
    """One error per distinct code, params, rule and candidates (the sweep meets the same refusal often)."""
    seen: dict[str, CardtableError] = {}
    for error in errors:
        key = repr((type(error), error.code, sorted(error.params.items()), getattr(error, "rule", ""),
                    getattr(error, "candidates", ())))
        seen.setdefault(key, error)
    return list(seen.values())


REFUSALS = _distinct(every_refusal())


def test_the_sweep_meets_many_refusals() -> None:
    assert len({e.code for e in REFUSALS}) >= 60, sorted({e.code for e in REFUSALS})
    structured = {e.code for e in REFUSALS if any(isinstance(v, _SAID) for v in e.params.values())}
    assert {"pinochle.cards.not_held", "casino.trail.controller_many", "gin.phase.wrong", "pinochle.meld.shape",
            "pinochle.meld.same_kind", "pinochle.play.step_unfinished", "pinochle.chance.wrong_step"} <= structured


def test_in_english_the_text_is_the_message() -> None:
    assert [str(e) for e in REFUSALS] == [error_text(e, "en") for e in REFUSALS]
    with i18n.using("en"):
        assert all(error_text(e) == str(e) for e in REFUSALS)


@pytest.mark.parametrize("lang", PRESENT)
def test_every_refusal_met_is_said_in_the_language(lang: str) -> None:
    for error in REFUSALS:
        text = error_text(error, lang)
        assert text and text != str(error), (lang, error.code, text)
        assert not re.search(r"\{\w", text)


_ASCII_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_'-]+")
_TOKEN = re.compile(r"[\w'’-]+")
_NOTATION_WORDS = {"trail", "deal", "last"}
"""Casino's move words, named in the refusals that explain the notation: what the player types."""
_LITERALS = {"True", "False", "None"}
"""Python's literals, as a rules option is typed."""
_SAID = (Term, NotHeld, BuildValues, Requirement, Detail)
"""Params said in the language: their English must not be left in another language's text."""
_CZECH = {"bonus", "by", "data", "do", "limit", "to", "gin", "pinochle", "partner", "text", "oklahoma"}
"""Czech words that are English words too (``limit pro klepnutí``, ``bonus za gin``), and a name."""
_FIELDS = {line.split(":")[0] for name in GAMES for line in make_game(name).new_hand(0).to_position().splitlines()}
"""The fields of a position, as they are typed: a refused position names them."""


def _english_vocabulary() -> frozenset[str]:
    """Every word of the English the errors are said with: templates, pieces, the words of the games."""
    texts = [entry.template for entry in CODES.values()] + [piece[1] for piece in PIECES] + [CANDIDATES[1]]
    texts += [*JSON_MESSAGES, *(w for words in WORDS.values() for w in words), *Requirement.ENGLISH.values(),
              *NotHeld.ENGLISH.values()]
    return frozenset(w.lower() for text in texts for w in re.findall(r"[A-Za-z]+", re.sub(r"\{[^}]*\}", " ", text))
                     if len(w) > 1)


_ENGLISH = _english_vocabulary()


_SAID_NAMES = {"phase", "step", "label", "requirement", "missing", "builds", "detail"}
"""Params said in the language whatever their type (and ``name`` in a refusal of a Pinochle meld)."""


def _said(code: str, name: str) -> bool:
    return name in _SAID_NAMES or (name == "name" and code.startswith("pinochle.meld."))


def _kept(value: Any) -> set[str]:
    """The forms of a param that any language shows as they are: the move, cards, numbers, typed text,
    identifiers; none for a param said in the language (a choice a rules option allows excepted)."""
    if isinstance(value, Requirement):
        return {str(item) for item in value.values.get("choices", ())}
    if isinstance(value, Detail):
        return {str(value[2])} if value.kind == "int" else set()  # the text typed where a number belongs
    if isinstance(value, _SAID):
        return set()
    if isinstance(value, BaseException):
        return {shown for inner in getattr(value, "params", {}).values() for shown in _kept(inner)}
    if isinstance(value, CardList | Names):
        return {str(value), *(str(item) for item in value), *(format(c, "pretty") for c in value if isinstance(c, Card))}
    if isinstance(value, Card | PinochleCard):
        return {str(value), format(value, "pretty")}
    return {str(value), repr(value)}


def _leftover(error: CardtableError, text: str) -> str:
    """``text`` without its candidates, kept params and the template's notation examples."""
    english = CODES[error.code].template
    examples = re.findall(r"\(try: ([^)]*)\)", english) + re.findall(r"\(expected ([^)]*)\)", english)
    examples += [f"'{quoted}'" for quoted in re.findall(r"'([^']*)'", english)]  # 'deal 7H last', 'one'
    examples += list(getattr(error, "candidates", ()))
    examples += [shown for name, value in error.params.items() if not _said(error.code, name) or isinstance(value, _SAID)
                 for shown in _kept(value)]
    for example in sorted({e for e in examples if e}, key=len, reverse=True):
        text = text.replace(example, " ")
    return text


def _identifiers(error: CardtableError) -> set[str]:
    english = CODES[error.code].template
    found = {w for w in re.findall(r"\w+", english) if "_" in w or w[1:] != w[1:].lower()}  # knock_check, OpenSpiel
    found |= {w for pair in re.findall(r"(\w+) ?= ?'?(\w+)", english) for w in pair}
    found |= {w for w in re.findall(r"\w+", getattr(error, "rule", "")) if "_" in w}  # 4.3.2 knock_check
    if ".position." in error.code:
        found |= _FIELDS
    return found | _NOTATION_WORDS | _LITERALS


def _english_words(error: CardtableError, text: str, lang: str) -> set[str]:
    """The English words left in ``text`` said in ``lang``: in Japanese, Chinese and Bulgarian any word in
    Latin letters; in Czech and the pseudo-locale a whole word of the English messages (``the``, ``build``)."""
    assert all(isinstance(value, _SAID) for name, value in error.params.items() if _said(error.code, name)), \
        (error.code, dict(error.params))  # a word of the games as plain English text: no language can say it
    rest, allowed = _leftover(error, text), _identifiers(error)
    if lang in ("ja", "zh", "bg"):
        return {w for w in _ASCII_WORD.findall(rest) if w not in allowed}
    words = {part for w in _TOKEN.findall(rest) if re.fullmatch(r"[A-Za-z][A-Za-z'-]+", w) and w not in allowed
             for part in re.findall(r"[A-Za-z]+", w)}  # offer-dealer: offer, dealer
    return {w for w in words if w.lower() in _ENGLISH and w not in allowed and (lang != "cs" or w.lower() not in _CZECH)}


@pytest.mark.parametrize("lang", PRESENT)
def test_refusals_of_random_hands_hold_no_english_word(lang: str) -> None:
    """No English word in a refusal besides the move, cards, numbers, rule numbers and identifiers."""
    codes: set[str] = set()
    for error in REFUSALS:
        text = error_text(error, lang)
        assert _english_words(error, text, lang) == set(), (lang, error.code, text)
        if lang in ("ja", "zh"):
            assert re.search(r"[ぁ-んァ-ヶ一-龯]", text), (error.code, text)
        codes.add(error.code)
    assert len(codes) >= 60


def _outside_markers(text: str) -> str:
    """``text`` without its ``⟦ ⟧`` spans (nested ones inside them)."""
    out, depth = [], 0
    for char in text:
        if char == "⟦":
            depth += 1
        elif char == "⟧":
            depth -= 1
        elif depth == 0:
            out.append(char)
    return "".join(out)


def test_in_the_pseudo_locale_every_word_went_through_the_catalog() -> None:
    """``en_XA`` marks every message and every word of the games; English left plain is a param no catalog said."""
    for error in REFUSALS:
        text = error_text(error, i18n.PSEUDO)
        rule = getattr(error, "rule", "")
        said = "[]" if rule in WORDS["rule"] else f"[{rule}]"  # a rule in words is said through the catalog
        assert _outside_markers(text).strip() in ("", said), (error.code, text)
        assert _english_words(error, text, i18n.PSEUDO) == set(), (error.code, text)


# --- the structured params --------------------------------------------------------------------------------
def _rules_refusals() -> list[CardtableError]:
    """A refusal for every option of every game: a value of the wrong type, out of range, None."""
    import dataclasses

    found: list[CardtableError] = []
    for name in GAMES:
        for field in dataclasses.fields(make_game(name).rules):  # type: ignore[arg-type]
            for bad in ("x", 10**6, -1, None, 2.5):
                try:
                    make_game(name, **{field.name: bad})
                except CardtableError as exc:
                    if exc.code.startswith("rules.value"):
                        found.append(exc)
    return found


def _text_refusals() -> list[CardtableError]:
    from cardtable.record import GameRecord

    found: list[CardtableError] = []
    for text in ("{", "[1,]", '{"a" 1}', '{"a": 1,}', "[1] x", '"\\x"', '"abc'):
        with pytest.raises(CardtableError) as caught:
            GameRecord.loads(text)
        found.append(caught.value)
    state, rng = make_game("gin").new_hand(0), random.Random(1)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng))
    with pytest.raises(CardtableError) as caught:
        make_game("gin").from_position(re.sub(r"(?m)^limit: .*$", "limit: ten", state.to_position()))
    found.append(caught.value)
    return found


@pytest.mark.parametrize("lang", [*PRESENT, i18n.PSEUDO])
def test_rules_options_and_unreadable_text_are_said_in_the_language(lang: str) -> None:
    rules, texts = _rules_refusals(), _text_refusals()
    assert len({e.params["option"] for e in rules}) >= 25
    assert {e.code for e in texts} == {"record.json", "gin.position.limit_draws_type"}
    for error in rules + texts:
        text = error_text(error, lang)
        assert error_text(error, "en") == str(error)
        assert _english_words(error, text, lang) == set(), (lang, error.code, text)
        if lang == i18n.PSEUDO:
            assert _outside_markers(text) == "", text


def test_the_words_of_the_games_are_every_phase_meld_and_option() -> None:
    import dataclasses

    from cardtable.casino import hand_state as casino
    from cardtable.gin.phases import PHASES as GIN
    from cardtable.pinochle.melds import KIND_NAMES
    from cardtable.pinochle.phases import PHASES as PINOCHLE

    assert set(WORDS["phase"]) == {*GIN, *PINOCHLE, casino.DEALING, casino.PLAY, casino.OVER}
    assert WORDS["meld"] == KIND_NAMES
    labels = {field.metadata.get("label") or "the " + field.name.replace("_", " ")
              for name in GAMES for field in dataclasses.fields(make_game(name).rules)}  # type: ignore[arg-type]
    assert set(WORDS["option"]) == labels


def test_rules_cited_in_words_are_said_in_the_language() -> None:
    """Every rule a refusal met cites with a word that is no option name is a ``rule`` word of the catalogs."""
    cited = {e.rule for e in REFUSALS if isinstance(e, IllegalActionError)}
    worded = {rule for rule in cited if any("_" not in w and not w.isdigit() and w not in _NOTATION_WORDS
                                            for w in re.findall(r"[A-Za-z_]{2,}", rule))}
    assert worded and worded <= set(WORDS["rule"]), sorted(worded - set(WORDS["rule"]))
    error = IllegalActionError.from_code("casino.trail.controller", "controller rule 7.4.1", action="7H trail", value=7)
    assert error_text(error, "cs").endswith(" [pravidlo ovládání 7.4.1]")
    assert error_text(error, "en") == str(error) and str(error).endswith(" [controller rule 7.4.1]")


def test_structured_params_read_as_the_english_did_and_pickle() -> None:
    qs, ks = Card.parse("QS"), Card.parse("KS")
    missing = NotHeld([("both", qs), ("copy", ks), ("card", Card.parse("AS"))])
    assert f"{missing}" == "the two Q♠, that copy of the K♠ (you hold the other one) or the A♠"
    assert f"{NotHeld([('card', qs), ('card', ks)])}" == "the Q♠ or the K♠"
    assert f"{BuildValues([7, 9])}" == "the 7-build and the 9-build"
    assert str(Requirement("one_of_or_none", Names(["'a'", "'b'"]))) == "be one of 'a', 'b' or None"
    assert (str(Requirement("range", 0, 10)), str(Requirement("at_least", 1))) == ("be from 0 to 10", "be at least 1")
    assert f"{Phase('offer-dealer')}" == "offer-dealer" and MeldKind("dix") == "dix" and Phase.context == "phase"
    for value in (missing, BuildValues([7]), Requirement("range", 0, 10), Phase("draw"), MeldKind("run"),
                  ChanceStep("deal"), OptionLabel("the knock limit"), Detail("json", "x: line 1", "x", 1, 2, 3)):
        again = pickle.loads(pickle.dumps(value))
        assert again == value and type(again) is type(value) and f"{again}" == f"{value}"
    ja = message_in("pinochle.cards.not_held", {"action": "meld run", "missing": missing}, "ja")
    assert ja == "meld run：Q♠ の2枚、その K♠（もう一方は持っています） または A♠ を持っていません"
    cs = message_in("casino.trail.controller_many", {"action": "7H trail", "builds": BuildValues([7, 9])}, "cs")
    assert cs == "7H trail: ovládáte stavbu za 7 a stavbu za 9 a nesmíte odkládat"
