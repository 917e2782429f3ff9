"""``cardtable replay`` in the player's language: the moves as sentences, the positions as line mode tells them.

English keeps :func:`cardtable.store.commands.replay` as it is (the engine's notation and position fields,
which scripts read). In another language a finished match is told as a person would: each move a
sentence of the log (:func:`cardtable.apps.words.narrate_action`), the cards dealt and drawn by their
symbols, before each move the position (the table as the seat to act sees it, then every other hand:
the match is over, so nothing is hidden), each hand's result and the score sheet in words. An
unfinished match is shown only as its one human seat saw it (the store decides which seat, or refuses):
the log line mode showed that seat (its own draws by their cards, the others' hidden cards and their
declined private steps never), its table in words before each of its moves and at each hand's end, each
hand's result and the score sheet in words; never another hand or the seed.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from ... import i18n
from ...core import CHANCE
from ..render import _gin_result_word, _void_reason, _Words, render_score_sheet, render_view
from ..words import card_name, cards_text, move_context, narrate_action
from .table import _ShownNames

__all__ = ["replay"]


def replay(store: Any, id_or_path: int | str | os.PathLike[str], out: TextIO, lang: str, *, step: bool = False,
           inp: TextIO | None = None) -> int:
    """Replay a saved game or record file to ``out`` in ``lang`` (English: the store's own replay)."""
    from ...store import commands
    from ...store.store import replay_record

    if lang == "en":
        return commands.replay(store, id_or_path, out, step=step, inp=inp, view_text=render_view)
    with i18n.using(lang):  # the store's own lines (title, headings, refusals) in the same language
        record, title, kinds, label = commands._find_record(store, id_or_path)
        if not replay_record(record).is_over():  # as its player saw it: the store decides which seat
            seat = commands._private_seat(kinds, label)
            return _replay_as_seat(out, record, title, seat, lang, commands._pauser(out, step, inp))
        return _replay_finished(out, record, title, lang, commands._pauser(out, step, inp))


def _replay_finished(out: TextIO, record: Any, title: str, lang: str, pause: Callable[[], bool]) -> int:
    """A finished match: every move a sentence, the positions with every hand, the score sheet in words."""
    from ...store import commands
    from ...store.store import start_match

    t = i18n.translation(lang)
    match = start_match(record)
    names, sides = _shown_names(match, lang)
    print(title, file=out)
    print(str(t.gettext("%(game)s, seed %(seed)s, %(sides)s")) % {
        "game": record.game, "seed": record.seed, "sides": commands._versus(sides)}, file=out)
    stop = str(t.pgettext("full stop", "."))
    for h, actions in enumerate(record.hands):
        print("\n" + commands._hand_heading(h, names[match.hands[h].dealer]), file=out)
        chance: list[str] = []
        shown = True  # the position was told since the last move
        for text in actions:
            state = match.state
            actor = state.current_player()
            if actor == CHANCE:
                chance.append(_chance_card(match.apply(text)))
                continue
            if chance:
                print(commands._chance(chance), file=out)
                chance, shown = [], False
            if not shown:
                _position(out, record.game, state, names, actor, lang, you=match.seat_names[actor] == "You")
                if not pause():
                    return 0
            action = state.parse_action(text)
            context = move_context(state, action)
            print(narrate_action(match.apply(action), names[actor], lang=lang, **context) + stop, file=out)
            shown = False
        if chance:
            print(commands._chance(chance), file=out)
        _hand_over(out, record.game, match, h, lang)
    print("", file=out)
    print(render_score_sheet(_ShownNames(match, names), None, lang), file=out)
    return 0


def _replay_as_seat(out: TextIO, record: Any, title: str, seat: int, lang: str, pause: Callable[[], bool]) -> int:
    """An unfinished match as ``seat`` saw it, in ``lang``: each move as line mode's log told that seat
    (the table adapters' words with ``seat`` as the person: its own draws by their cards, nobody else's hidden
    card, another seat's declined private step not at all), the seat's table in words before each of its
    moves and at each hand's end, each hand's result and the score sheet. Never another hand or the seed."""
    from ...store import commands
    from ...store.store import start_match
    from ..private_steps import is_decline
    from ..tui.table_adapters import adapter_for

    t = i18n.translation(lang)
    adapter = adapter_for(record.game)
    adapter.lang = lang
    match = start_match(record)
    names, sides = _shown_names(match, lang)
    print(title, file=out)
    print(commands._unfinished_heading(t.gettext, record.game, commands._versus(sides), names[seat],
                                       you=match.seat_names[seat] == "You"), file=out)

    def show(state: Any) -> None:
        for line in render_view(record.game, state.view(seat), names, lang).splitlines():
            print(f"    {line}", file=out)

    for h, actions in enumerate(record.hands):
        hand_state = match.state
        print("\n" + commands._hand_heading(h, names[match.hands[h].dealer]), file=out)
        for text in actions:
            actor = hand_state.current_player()
            if actor == seat:
                show(hand_state)
                if not pause():
                    return 0
            before = adapter.pre_action(hand_state)
            action = match.apply(text)
            if actor != seat and is_decline(record.game, action):
                continue  # a step only its player may know of
            line = adapter.describe(hand_state, action, actor, seat, names, before)
            if line:
                print(line, file=out)
        show(hand_state)
        _hand_over(out, record.game, match, h, lang)
    print("", file=out)
    print(render_score_sheet(_ShownNames(match, names), None, lang), file=out)
    print(str(t.gettext("(match not finished)")), file=out)
    return 0


def _shown_names(match: Any, lang: str) -> tuple[list[str], list[str]]:
    """The seat and side names in ``lang`` (``Computer (medium)`` as the tables say it; people's names as they are)."""
    from ..tui.common import display_name
    from ..tui.speech import speech

    sp = speech(lang)
    return [display_name(n, sp) for n in match.seat_names], [display_name(n, sp) for n in match.side_names()]


def _chance_card(action: Any) -> str:
    """A card dealt, drawn or turned up, by its symbols (``7♥``)."""
    card = getattr(action, "physical", None) or getattr(action, "card", None)
    return card_name(card) if card is not None else str(action)


def _position(out: TextIO, game: str, state: Any, names: Sequence[str], seat: int, lang: str, *, you: bool) -> None:
    """The table as ``seat`` sees it, then every other hand (a finished match hides nothing). ``you``: ``seat``
    is the person this program made the match for (its seat name is ``You``)."""
    t = i18n.translation(lang)
    if you:
        said = str(t.gettext("As you see the table:"))
    else:
        said = str(t.gettext("As {name} sees the table:")).format(name=names[seat])
    print(f"    {said}", file=out)
    for line in render_view(game, state.view(seat), names, lang).splitlines():
        print(f"    {line}", file=out)
    for other, name in enumerate(names):
        if other != seat:
            hand = getattr(state.view(other), "hand", ())
            print(f"    {name}: {cards_text(hand) or '-'}", file=out)


def _hand_over(out: TextIO, game: str, match: Any, h: int, lang: str) -> None:
    """``--- hand over: …; points; totals``, its result in words."""
    entry = match.hands[h]
    result = entry.result
    if result is None:
        return
    w = _Words(lang)
    if game != "gin":
        how = str(w.t.gettext("scored"))
    elif result.summary in ("knock", "undercut", "tie", "gin", "big gin"):
        how = _gin_result_word(result.summary, w)
    else:  # a void hand: the summary is why
        how = _void_reason(result.summary, w)
    points = ", ".join(f"{n} {p:+d}" for n, p in zip(match.side_names(), result.points))
    print(str(w.t.gettext("--- hand over: %(how)s; %(points)s; totals %(totals)s"))
          % {"how": how, "points": points, "totals": "-".join(map(str, entry.totals_after))}, file=out)
