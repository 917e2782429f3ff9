"""A table's words in the page's language (issue 25): the page says its language in its join (or spectate)
message and the server answers that connection in it: move labels, why a card cannot be played, refusals,
hints, undo's reasons, the room's notices; English connections get exactly the English they always did, and
the server's own process language never matters. The static site's engine in the page (SoloDesk) does the same."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient  # noqa: F401  (the web extra: the client fixture needs it)

from cardtable import i18n, make_game
from cardtable.apps.web.room import seat_news, tell
from cardtable.apps.web.solo import SoloDesk
from cardtable.apps.web.table import SeatSpec
from cardtable.apps.web.table_words import error_words, language_of
from cardtable.apps.words import describe_move, refusal_text_of
from cardtable.errors import CardtableError

from .conftest import new_table

LANGS = ["ja", "zh", "bg", "cs"]


def _next(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (the computer's moves come as states meanwhile)."""
    for _ in range(200):
        got = ws.receive_json()
        if got["t"] == kind:
            return got  # type: ignore[no-any-return]
    raise AssertionError(f"no {kind} message")


def _join(client: Any, game: str, lang: str | None) -> tuple[Any, Any, dict[str, Any]]:
    t = new_table(client, game, [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "random"}])
    ws = client.websocket_connect(f"/ws/{t['id']}").__enter__()
    ws.send_json({"t": "join", "token": t["seats"][0]["token"], **({"lang": lang} if lang else {})})
    state = ws.receive_json()
    while state["to_act"] != 0 or not state["legal"]:
        state = ws.receive_json()
    return ws, client.app.state.manager.tables[t["id"]], state


@pytest.mark.parametrize("game", ["gin", "casino", "pinochle"])
@pytest.mark.parametrize("lang", LANGS)
def test_the_moves_and_a_refusal_come_in_the_pages_language(client: Any, game: str, lang: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")  # the server's own language is never the page's
    monkeypatch.setenv("LC_ALL", "ja_JP.UTF-8" if lang != "ja" else "cs_CZ.UTF-8")
    ws, table, state = _join(client, game, lang)
    try:
        st = table.match.state
        legal = st.picker_moves()
        assert [m["label"] for m in state["legal"]] == [describe_move(st, a, lang=lang) for a in legal]
        assert [m["label"] for m in state["legal"]] != [describe_move(st, a) for a in legal]
        # an illegal move: the engine's refusal in the page's language (as the library words it), its rule linked
        mine = {str(c) for c in st.view(0).hand} if hasattr(st.view(0), "hand") else set()
        bad = {"gin": "discard " + next(c for c in ("QS", "QH", "QD", "QC", "KS") if c not in mine),
               "casino": "AS x 2H 3H", "pinochle": "meld run"}[game]
        try:
            st.clone().apply(bad)
        except CardtableError as exc:
            expected, english = refusal_text_of(exc, lang), refusal_text_of(exc, "en")
        else:
            raise AssertionError(f"{bad} is legal here")
        ws.send_json({"t": "act", "m": bad, "n": state["n"]})
        err = _next(ws, "error")
        assert err["code"] == "illegal" and err["msg"] == expected, err
        assert err["msg"] != english, err
        # a stale move counter: a coded refusal in the language too
        ws.send_json({"t": "act", "m": state["legal"][0]["m"], "n": state["n"] + 7})
        stale = _next(ws, "error")
        assert stale["code"] == "stale" and "moved on" not in stale["msg"] and stale["msg"], stale
    finally:
        ws.__exit__(None, None, None)


def test_english_is_as_it_was_and_an_unknown_language_is_english(client: Any) -> None:
    for lang in (None, "en", "de", "xx-YY", 7, "a" * 100):
        ws, table, state = _join(client, "gin", lang)  # type: ignore[arg-type]
        try:
            st = table.match.state
            assert [m["label"] for m in state["legal"]] == [describe_move(st, a) for a in st.picker_moves()]
            ws.send_json({"t": "act", "m": state["legal"][0]["m"], "n": state["n"] + 7})
            stale = _next(ws, "error")
            assert stale["msg"].startswith("the table has moved on"), stale
        finally:
            ws.__exit__(None, None, None)
    assert language_of("zh-Hant-TW") == "zh" and language_of("en_XA") == i18n.PSEUDO and language_of(None) == "en"


def test_a_hint_and_an_undo_reason_in_the_language(client: Any) -> None:
    ws, _table, state = _join(client, "gin", "cs")
    try:
        assert state["undo_reason"] == "zatím jste netáhli", state["undo_reason"]
        ws.send_json({"t": "hint"})
        got = _next(ws, "hints")
        labels = {m["m"]: m["label"] for m in state["legal"]}
        assert got["hints"] and all(h["label"] == labels[h["m"]] for h in got["hints"]), got
        reasons = " ".join(" ".join(h["why"]) + h["worth"] for h in got["hints"])
        assert reasons and not any(w in reasons for w in ("keeps", "leaves", "points per hand", "deadwood")), reasons
    finally:
        ws.__exit__(None, None, None)


def test_spectators_and_two_windows_of_one_seat_each_hear_their_own_language(client: Any) -> None:
    t = new_table(client, "gin", [{"kind": "human", "name": "Ann"}, {"kind": "computer", "level": "random"}],
                  public=True)
    with client.websocket_connect(f"/ws/{t['id']}") as ja, client.websocket_connect(f"/ws/{t['id']}") as en, \
            client.websocket_connect(f"/ws/{t['id']}") as watch:
        ja.send_json({"t": "join", "token": t["seats"][0]["token"], "lang": "ja"})
        mine = ja.receive_json()
        token = mine.get("token", t["seats"][0]["token"])  # the invite is used: the seat's own token from now on
        en.send_json({"t": "join", "token": token})
        english = en.receive_json()
        watch.send_json({"t": "spectate", "lang": "bg"})
        watching = watch.receive_json()
        table = client.app.state.manager.tables[t["id"]]
        if table.match.state.current_player() == 0 and mine["legal"]:
            st = table.match.state
            assert [m["label"] for m in english["legal"]] == [describe_move(st, a) for a in st.picker_moves()]
            assert [m["label"] for m in mine["legal"]] == [describe_move(st, a, lang="ja") for a in st.picker_moves()]
        assert watching["undo_reason"] == "зрителите не могат да връщат ходове"


class _Page:
    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.got: list[dict[str, Any]] = []

    def push(self, message: dict[str, Any]) -> None:
        self.got.append(message)


def test_the_rooms_notices_are_told_in_each_connections_language() -> None:
    before = [SeatSpec("human", "Bea", None, "x"), SeatSpec("human", "Open seat", open=True, fill_after=60.0)]
    after = [SeatSpec("human", "Bea", None, "x"), SeatSpec("computer", "Computer", "medium")]
    news = seat_news(before, after, {0})
    assert [str(n) for n in news] == ["Nobody came in 1 min: a computer (medium) plays the open seat."]

    class _Table:
        clients = {0: {_Page("cs"), _Page("en")}}
        spectators = {_Page("ja")}

    tell(_Table(), news[0])  # type: ignore[arg-type]
    said = {c.lang: c.got[0]["msg"] for c in [*_Table.clients[0], *_Table.spectators]}
    assert said["en"] == "Nobody came in 1 min: a computer (medium) plays the open seat."
    assert said["cs"] == "Za 1 min nikdo nepřišel: volné místo hraje počítač (střední)."
    assert said["ja"].startswith("1分待っても") and "ふつう" in said["ja"]


def test_the_static_sites_engine_answers_in_the_pages_language() -> None:
    desk = SoloDesk()
    made = desk.create({"game": "pinochle", "seats": [{"kind": "human", "name": "Vy"}, {"kind": "computer"}]}, seed=5)
    out = desk.receive(made["id"], {"t": "join", "token": made["token"], "lang": "zh"})
    while not out[-1]["legal"]:
        desk.step(made["id"])
        out = desk.receive(made["id"], {"t": "state"})
    state = out[-1]
    st = desk.tables[made["id"]].table.match.state
    assert [m["label"] for m in state["legal"]] == [describe_move(st, a, lang="zh") for a in st.picker_moves()]
    bad = desk.receive(made["id"], {"t": "act", "m": "play 9Sa", "n": state["n"]})
    assert bad[0]["t"] == "error" and bad[0]["msg"] and "you do not" not in bad[0]["msg"], bad
    stale = desk.receive(made["id"], {"t": "act", "m": state["legal"][0]["m"], "n": state["n"] + 3})
    assert stale[0]["msg"] == "牌局已经往下进行了；你的画面已刷新。", stale[0]


def test_the_page_says_loading_in_the_asked_language_before_its_modules_come(client: Any) -> None:
    assert "<p>Načítá se…</p>" in client.get("/", headers={"Accept-Language": "cs-CZ"}).text
    assert "<p>Loading…</p>" in client.get("/", headers={"Accept-Language": "de"}).text


def test_error_words_keep_protocol_errors_as_they_are() -> None:
    from cardtable.apps.web.table import WebError

    assert error_words(WebError("bad-request", "a move is notation text"), "ja") == "a move is notation text"
    assert error_words(WebError("waiting", "the table is waiting for Bea and Cy to join", params={"names": ["Bea", "Cy"]}),
                       "cs") == "Stůl čeká, až se připojí Bea a\xa0Cy."
    game = make_game("gin")
    assert game is not None
