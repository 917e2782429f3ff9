"""What the ``cardtable`` command runs for ``history``, ``delete``, ``replay``, ``stats``, ``resume``, ``export`` and ``import``.

Each function writes plain text to ``out`` (default ``sys.stdout``) and
returns an exit code; bad input raises a :class:`~cardtable.errors.CardtableError`
(:class:`StoreError`, :class:`GameNotFoundError`, :class:`CorruptRecordError`),
which the CLI prints as ``cardtable: message``. Wiring, e.g.::

    from cardtable.store import Store, commands

    with Store.open(args.database) as store:          # None: $CARDTABLE_DATABASE_URL or the XDG file
        if args.command == "history":
            return commands.history(store, sys.stdout, game=args.game, limit=args.limit)
        if args.command == "stats":
            return commands.stats(store, sys.stdout, game=args.game)
        if args.command == "replay":                   # ID or FILE
            return commands.replay(store, args.target, sys.stdout, step=args.step)
        if args.command == "resume":
            resumed = commands.resume(store, args.id)   # None: nothing to resume
            ...  # continue resumed.match with resumed.seat_kinds, saving with resumed.autosaver(store)

``replay`` of a FILE does not need a store: ``commands.replay(None, "game.json", sys.stdout)``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from .. import i18n
from ..core import CHANCE
from ..errors import CardtableError
from ..i18n import _, ngettext, pad, pgettext
from ..match import Match
from ..record import GameRecord
from .autosave import Autosaver
from .errors import GameNotFoundError, StoreError
from .schema import FINISHED, IN_PROGRESS
from .seats import SeatKind
from .store import GameInfo, Store, read_record_file, replay_record, start_match

__all__ = ["history", "delete", "replay", "stats", "resume", "Resumed", "export", "import_records", "bar", "Autosaver"]

_BLOCKS = " ▏▎▍▌▋▊▉█"


def _out(out: TextIO | None) -> TextIO:
    return out if out is not None else sys.stdout


# --- history --------------------------------------------------------------------------------------------

def history(
    store: Store, out: TextIO | None = None, *, game: str | None = None, status: str | None = None, limit: int = 20
) -> int:
    """A table of the most recent games that fits 80 columns: id, game, last saved, against whom, status, score, hands.

    "against" names the other sides than the person's (every side for a game between computers);
    the status of a finished game says who won; the score is each side's total, the person's first.
    """
    w = _out(out)
    infos = store.list_games(game=game, status=status, limit=limit)
    if not infos:
        print(_("No saved games yet."), file=w)
        return 0
    # TRANSLATORS: the columns of `cardtable history` (widths 4, 8, 16, 20, 11, 8, 5 columns): keep them short
    heads = (pgettext("history", "id"), pgettext("history", "game"), pgettext("history", "last saved"),
             pgettext("history", "against"), pgettext("history", "status"), pgettext("history", "score"),
             pgettext("history", "hands"))
    print(" ".join(pad(h, n, a) for h, n, a in zip(heads, (4, 8, 16, 20, 11, 8, 5), "><<<<<>")), file=w)
    for info in infos:
        print(f"{info.id:>4} {info.game:<8} {pad(_when(info), 16)} {pad(_clip(_against(info), 20), 20)} "
              f"{pad(_clip(_status(info), 11), 11)} {pad(_clip(_score(info), 8), 8)} "
              f"{pad(i18n.format_number(info.hands), 5, '>')}"
              + (" " + _("(damaged)") if info.damaged else ""), file=w)
    return 0


def _own_side(info: GameInfo) -> int | None:
    seat = info.perspective_seat()
    return None if seat is None else info.sides[seat]


def _against(info: GameInfo) -> str:
    side = _own_side(info)
    names = info.side_names()
    return _versus([n for i, n in enumerate(names) if i != side])


def _versus(names: Sequence[str]) -> str:
    """Sides' names joined with "vs" in the language spoken now (``?`` for none)."""
    # TRANSLATORS: between the names of the sides of a game: "you vs easy"
    return pgettext("sides", " vs ").join(names) or "?"


def _status_word(status: str) -> str:
    """A saved game's status (``in_progress``, ``finished``, ``abandoned``) in the language spoken now."""
    words = {"in_progress": pgettext("status", "in progress"), FINISHED: pgettext("status", "finished"),
             "abandoned": pgettext("status", "abandoned")}
    return words.get(status, status.replace("_", " "))


def _status(info: GameInfo) -> str:
    if info.status != FINISHED or info.winner is None:
        return _status_word(info.status)
    side = _own_side(info)
    if side is not None:
        # TRANSLATORS: the status of a finished game in `cardtable history`'s 11-column status column
        return _("you won") if info.winner == side else _("you lost")
    names = info.side_names()
    if 0 <= info.winner < len(names):
        return _("%(name)s won") % {"name": names[info.winner]}
    return _status_word(FINISHED)


def delete(store: Store, game_id: int, out: TextIO | None = None, *, yes: bool = False,
           inp: TextIO | None = None) -> int:
    """Delete game ``game_id`` after asking on ``out`` and reading y from ``inp`` (default stdin); ``yes`` skips it.

    Anything but y or yes (or the end of the input) keeps the game and returns 1.
    """
    w = _out(out)
    info = store.game_info(game_id)  # an unknown id raises GameNotFoundError before anything is asked
    what = {"id": info.id, "game": info.game, "status": _status_word(info.status), "players": _players(info),
            "when": _when(info)}
    if not yes:
        # TRANSLATORS: y and N are the keys to type; "y" and "yes" are read in every language
        w.write(_("Delete game %(id)s (%(game)s, %(status)s, %(players)s, last saved %(when)s) for good? [y/N] ")
                % what)
        w.flush()
        answer = (inp if inp is not None else sys.stdin).readline()
        if answer.strip().lower() not in ("y", "yes"):
            kept = (_("Kept game %(id)s (%(game)s, %(status)s, %(players)s, last saved %(when)s).") if answer
                    else "\n" + _("Kept game %(id)s (%(game)s, %(status)s, %(players)s, last saved %(when)s) "
                                  "(no answer)."))
            print(kept % what, file=w)
            return 1
    store.delete(game_id)
    print(_("Deleted game %(id)s (%(game)s, %(status)s, %(players)s, last saved %(when)s).") % what, file=w)
    return 0


def _when(info: GameInfo) -> str:
    """When a game was last saved, local time: ``YYYY-MM-DD HH:MM`` in English, the locale's short form otherwise."""
    local = info.updated_at.astimezone()
    if i18n.language() in ("en", i18n.PSEUDO):
        return local.strftime("%Y-%m-%d %H:%M")
    return i18n.format_datetime(local.replace(tzinfo=None), format="short")


def _players(info: GameInfo) -> str:
    return _versus(info.side_names())


def _score(info: GameInfo) -> str:
    totals = list(info.final_totals if info.final_totals is not None else info.totals)
    side = _own_side(info)
    if side is not None and 0 < side < len(totals):  # the person's total first
        totals.insert(0, totals.pop(side))
    return "-".join(str(t) for t in totals) or "-"


def _clip(text: str, width: int) -> str:
    """``text`` cut to ``width`` terminal columns (CJK characters take two), ending in … when cut."""
    if i18n.display_width(text) <= width:
        return text
    while text and i18n.display_width(text) > width - 1:
        text = text[:-1]
    return text + "…"


def _rate(fraction: float) -> str:
    """A win rate with one decimal as the locale writes percentages (``52.5%``, ``52,5 %`` in Czech)."""
    return i18n.format_percent(fraction, digits=1)


# --- stats ------------------------------------------------------------------------------------------------

def bar(fraction: float, width: int) -> str:
    """A horizontal bar of ``width`` cells in eighths of a block.

    >>> bar(0.5, 4), bar(1, 2), bar(0, 3)
    ('██  ', '██', '   ')
    """
    eighths = round(max(0.0, min(1.0, fraction)) * width * 8)
    full, part = divmod(eighths, 8)
    text = "█" * full + (_BLOCKS[part] if part else "")
    return text.ljust(width)


def stats(
    store: Store, out: TextIO | None = None, *, game: str | None = None, player: str | None = None, width: int = 30
) -> int:
    """Results by game and opponent from the human seat (or ``player``'s), with a win-rate bar chart."""
    w = _out(out)
    rows = store.stats(game=game, player=player)
    if not rows:
        print(_("No finished games yet."), file=w)
        return 0
    if player:
        print(_("Results for %(player)s, by game and opponent") % {"player": player}, file=w)
    else:
        print(_("Results for you (the human seat), by game and opponent"), file=w)
    # TRANSLATORS: the columns of `cardtable stats` (widths 9, 18, 6, 5, 5, 9, 8, 11 columns): keep them short
    heads = (pgettext("stats", "game"), pgettext("stats", "opponent"), pgettext("stats", "played"),
             pgettext("stats", "won"), pgettext("stats", "lost"), pgettext("stats", "abandoned"),
             pgettext("stats", "win rate"), pgettext("stats", "mean margin"))
    widths = (9, 18, 6, 5, 5, 9, 8, 11)
    print(" ".join(pad(h, n, a) for h, n, a in zip(heads, widths, "<<>>>>>>")), file=w)
    num = i18n.format_number
    for r in rows:
        rate = "-" if r.win_rate is None else _rate(r.win_rate)
        margin = "-" if r.mean_margin is None else _signed(r.mean_margin)
        cells = (num(r.played), num(r.won), num(r.lost), num(r.abandoned), rate, margin)
        print(f"{r.game:<9} {pad(_clip(r.opponent, 18), 18)} "
              + " ".join(pad(c, n, ">") for c, n in zip(cells, widths[2:])), file=w)
    print("", file=w)
    print(_("Win rate"), file=w)
    labels = [_versus([r.game, r.opponent]) for r in rows]
    lw = min(max(i18n.display_width(x) for x in labels), 32)
    for label, r in zip(labels, rows):
        if r.played == 0:
            print(f"{pad(_clip(label, lw), lw)} │{' ' * width}│ -  " + _("(no finished games)"), file=w)
            continue
        share = r.win_rate or 0.0
        print(f"{pad(_clip(label, lw), lw)} │{bar(share, width)}│ {pad(_rate(share), 6, '>')}  "
              f"({num(r.won)}/{num(r.played)})", file=w)
    return 0


def _signed(value: float) -> str:
    """A number with one decimal and its sign (``+2.5``, ``-0.5``), the locale's decimal sign."""
    return ("-" if value < 0 else "+") + i18n.format_decimal(abs(value), 1)


# --- resume -----------------------------------------------------------------------------------------------

@dataclass
class Resumed:
    """A saved unfinished game, replayed and ready to continue."""

    game_id: int
    """The saved game's id."""
    match: Match
    """The match, replayed to where it was saved."""
    seat_kinds: tuple[SeatKind, ...]
    """Who plays each seat."""
    info: GameInfo
    """The saved game's details."""

    @property
    def human_seats(self) -> list[int]:
        """The seats people play."""
        return [seat for seat, k in enumerate(self.seat_kinds) if k.is_human]

    @property
    def computer_levels(self) -> dict[int, str]:
        """Seat -> computer level, for :func:`cardtable.agents.make_agent`."""
        return {seat: k.level or "random" for seat, k in enumerate(self.seat_kinds) if not k.is_human}

    def autosaver(self, store: Store, **kwargs: Any) -> Autosaver:
        """An :class:`Autosaver` that keeps saving into the same game row."""
        return Autosaver(store, self.match, game_id=self.game_id, **kwargs)


def resume(store: Store, game_id: int | None = None, *, game: str | None = None) -> Resumed | None:
    """The game ``game_id``, or the most recent unfinished one (of ``game``); ``None`` when there is none.

    A finished game raises :class:`StoreError` (replay it instead); an
    abandoned one is resumed and becomes in progress again at the next save.
    """
    if game_id is None:
        latest = store.latest_unfinished(game)
        if latest is None:
            return None
        info = latest
    else:
        info = store.game_info(game_id)
        if info.status == FINISHED:
            raise StoreError(_("game %(id)s is finished: see it with `cardtable replay %(id)s`") % {"id": game_id})
    match = store.load_match(info.id)
    return Resumed(info.id, match, info.seat_kinds, info)


# --- replay -----------------------------------------------------------------------------------------------

def replay(
    store: Store | None,
    id_or_path: int | str | os.PathLike[str],
    out: TextIO | None = None,
    *,
    step: bool = False,
    inp: TextIO | None = None,
    view_text: Callable[[str, Any, Sequence[str]], str] | None = None,
) -> int:
    """Go through a match action by action: a finished one with every hand revealed, an unfinished one as its player saw it.

    ``id_or_path``: an existing record file, else a game id in ``store``.
    For a finished match it prints, after each player action (and each run of
    deals and draws), the whole position: every seat's hand, the piles, the
    phase, and the seed. An unfinished match could still be resumed, so it is
    shown only as its one human seat saw it (:func:`_replay_as_seat`): no other
    hand, no hidden card, no seed; with no single human seat (or a record file
    that does not name the seats' kinds) it is refused with a :class:`StoreError`.
    ``view_text(game, view, names)`` describes a seat's view (the CLI passes
    line mode's :func:`cardtable.apps.render.render_view`; default: the hand).
    With ``step``, it waits for Enter after each position (``q`` stops), reading
    ``inp`` (default stdin).
    """
    w = _out(out)
    record, title, kinds, label = _find_record(store, id_or_path)
    # checks the whole record first: a corrupt one raises before printing anything
    if not replay_record(record).is_over():
        seat = _private_seat(kinds, label)
        return _replay_as_seat(w, record, title, seat, _pauser(w, step, inp), view_text)
    match = start_match(record)
    names = list(record.seat_names)
    print(title, file=w)
    print(_("%(game)s, seed %(seed)s, %(sides)s") % {"game": record.game, "seed": record.seed,
                                                     "sides": _versus(match.side_names())}, file=w)
    pause = _pauser(w, step, inp)
    for h, actions in enumerate(record.hands):
        entry = match.hands[h]
        hand_state = match.state
        print("\n" + _hand_heading(h, names[entry.dealer]), file=w)
        chance: list[str] = []
        shown = True  # the position was printed since the last action line
        for text in actions:
            actor = match.state.current_player()
            if actor == CHANCE:
                chance.append(str(match.apply(text)))
                continue
            if chance:
                print(_chance(chance), file=w)
                chance, shown = [], False
            if not shown:
                _print_state(w, hand_state, names)
                if not pause():
                    return 0
            print(f"{names[actor]}: {match.apply(text)}", file=w)
            shown = False
        if chance:
            print(_chance(chance), file=w)
        _print_state(w, hand_state, names)
        _print_hand_over(w, match, h)
    print("", file=w)
    print(match.format_score_sheet(), file=w)
    return 0


def _hand_heading(h: int, dealer: str) -> str:
    """``=== Hand 2, dealer Ann ===``: a replayed hand's first line."""
    return _("=== Hand %(number)s, dealer %(dealer)s ===") % {"number": h + 1, "dealer": dealer}


def _chance(events: Sequence[str]) -> str:
    """The deals and draws between two player actions, as one line."""
    # TRANSLATORS: the deals and draws of a replay between two moves ("chance: deal 10 cards each, ...")
    return _("chance: %(events)s") % {"events": ", ".join(events)}


def _pauser(w: TextIO, step: bool, inp: TextIO | None) -> Callable[[], bool]:
    """With ``step``: a prompt that waits for Enter (False when the reader typed ``q`` or input ended)."""
    reader = inp if inp is not None else sys.stdin

    def pause() -> bool:
        if not step:
            return True
        # TRANSLATORS: Enter and q are the keys; q (or quit) is read in every language
        w.write(_("[Enter: next, q: quit] "))
        w.flush()
        line = reader.readline()
        return bool(line) and line.strip().lower() not in ("q", "quit")

    return pause


def _print_hand_over(w: TextIO, match: Match, h: int) -> None:
    entry = match.hands[h]
    result = entry.result
    if result is not None:
        pts = ", ".join(f"{n} {p:+d}" for n, p in zip(match.side_names(), result.points))
        print(_("--- hand over: %(how)s; %(points)s; totals %(totals)s")
              % {"how": result.summary or _("scored"), "points": pts, "totals": "-".join(map(str, entry.totals_after))},
              file=w)


def _private_seat(kinds: Sequence[SeatKind] | None, label: str) -> int:
    """The one human seat whose view an unfinished game may be replayed from; else :class:`StoreError` saying why."""
    what = {"game": label}
    if kinds is None:
        raise StoreError(_("%(game)s is still in progress: finish it or replay it when it ends (the record does not "
                           "say which seat is yours, so no hand can be shown)") % what)
    humans = [seat for seat, kind in enumerate(kinds) if kind.is_human]
    if not humans:
        raise StoreError(_("%(game)s is still in progress: finish it or replay it when it ends (it has no human seat "
                           "whose view could be shown)") % what)
    if len(humans) > 1:
        raise StoreError(ngettext("%(game)s is still in progress: finish it or replay it when it ends (%(n)s person "
                                  "plays it, and each may see only their own hand)",
                                  "%(game)s is still in progress: finish it or replay it when it ends (%(n)s people "
                                  "play it, and each may see only their own hand)", len(humans))
                         % {**what, "n": len(humans)})
    return humans[0]


def _unfinished_heading(gettext: Callable[[str], str], game: str, sides: str, name: str, *, you: bool) -> str:
    """The first line of an unfinished match's replay, as ``name`` saw it, in ``gettext``'s language (the
    store's and line mode's replays); ``you``: the seat is the app's own ``You``, spoken to ("as you saw it")."""
    if you:
        said = gettext("%(game)s, %(sides)s: not finished, so shown as you saw it (the other hands and the seed "
                       "stay hidden until it ends)")
    else:
        said = gettext("%(game)s, %(sides)s: not finished, so shown as %(name)s saw it (the other hands and the "
                       "seed stay hidden until it ends)")
    return str(said) % {"game": game, "sides": sides, "name": name}


def _replay_as_seat(w: TextIO, record: GameRecord, title: str, seat: int, pause: Callable[[], bool],
                    view_text: Callable[[str, Any, Sequence[str]], str] | None) -> int:
    """An unfinished match as ``seat`` saw it: each action as that seat's view logged it (hidden cards ``?``),
    and the seat's view before each of its own moves and at each hand's end. Never the seed."""
    match = start_match(record)
    names = list(record.seat_names)
    print(title, file=w)
    print(_unfinished_heading(_, record.game, _versus(match.side_names()), names[seat], you=names[seat] == "You"),
          file=w)

    def show(state: Any) -> None:
        view = state.view(seat)
        if view_text is not None:
            text = view_text(record.game, view, names)
        else:
            text = f"{names[seat]}: " + (" ".join(str(c) for c in getattr(view, "hand", ())) or "-")
        for line in text.splitlines():
            print(f"    {line}", file=w)

    for h, actions in enumerate(record.hands):
        hand_state = match.state
        print("\n" + _hand_heading(h, names[match.hands[h].dealer]), file=w)
        chance: list[str] = []
        for text in actions:
            actor = match.state.current_player()
            seen = len(hand_state.view(seat).events)
            if actor == seat:
                if chance:
                    print(_chance(chance), file=w)
                    chance = []
                show(hand_state)
                if not pause():
                    return 0
            match.apply(text)
            logged = list(hand_state.view(seat).events[seen:])
            if actor == CHANCE:
                chance.extend(logged)
                continue
            if chance:
                print(_chance(chance), file=w)
                chance = []
            prefix = f"seat {actor}: "
            print(f"{names[actor]}: " + ", ".join(e.removeprefix(prefix) for e in logged), file=w)
        if chance:
            print(_chance(chance), file=w)
        show(hand_state)
        _print_hand_over(w, match, h)
    print("", file=w)
    print(match.format_score_sheet(), file=w)
    print(_("(match not finished)"), file=w)
    return 0


def _find_record(
    store: Store | None, id_or_path: int | str | os.PathLike[str]
) -> tuple[GameRecord, str, tuple[SeatKind, ...] | None, str]:
    """The record, a title line, the seats' kinds when known, and how to name it (``game 3``, ``the game in FILE``)."""
    if not isinstance(id_or_path, int):
        path = Path(id_or_path)
        if path.is_file():
            record = read_record_file(path)
            return (record, _("Record %(file)s") % {"file": path}, _meta_kinds(record),
                    _("the game in %(file)s") % {"file": path})
        text = os.fspath(id_or_path).strip()
        if not text.isdigit():
            raise GameNotFoundError(_("%(text)r is neither a record file nor a game id") % {"text": text})
        id_or_path = int(text)
    if store is None:
        raise StoreError(_("game %(id)s: no store to read it from") % {"id": id_or_path})
    info = store.game_info(id_or_path)
    title = _("Game %(id)s (%(status)s, last saved %(when)s)") % {"id": info.id, "status": _status_word(info.status),
                                                                  "when": _when(info)}
    return store.load_record(id_or_path), title, info.seat_kinds, _("game %(id)s") % {"id": info.id}


def _meta_kinds(record: GameRecord) -> tuple[SeatKind, ...] | None:
    """The seat kinds an exported record carries in its ``meta`` (:meth:`Store.export_record`), if readable."""
    raw = record.meta.get("seat_kinds")
    if not isinstance(raw, list) or len(raw) != len(record.seat_names):
        return None
    try:
        return tuple(SeatKind.parse(k) for k in raw)
    except CardtableError:
        return None


def _print_state(w: TextIO, state: Any, names: Sequence[str]) -> None:
    """Every seat's hand and the rest of the position (from the views where no position text exists)."""
    try:
        fields: dict[str, str] = state.to_fields()
    except CardtableError:
        for seat, name in enumerate(names):
            hand = getattr(state.view(seat), "hand", None)
            cards = " ".join(str(c) for c in hand) if hand is not None else "?"
            print(f"    {name}: {cards or '-'}", file=w)
        phase = getattr(state, "phase", None)
        if phase:
            print("    " + _("phase %(phase)s") % {"phase": phase}, file=w)
        return
    rest = []
    for key, value in fields.items():
        number = key[4:] if key.startswith("hand") else ""
        if number.isdigit() and int(number) < len(names):
            print(f"    {names[int(number)]}: {value}", file=w)
        elif value not in ("-", ""):
            rest.append(f"{key} {value}")
    if rest:
        print("    " + "; ".join(rest), file=w)


# --- files ------------------------------------------------------------------------------------------------

def export(store: Store, game_id: int, out: TextIO | None = None, path: str | os.PathLike[str] | None = None) -> int:
    """Write a game's record as JSON to ``path``, or else to ``out``."""
    text = store.export_record(game_id, path)
    if path is None:
        print(text, file=_out(out))
    else:
        print(f"game {game_id} written to {path}", file=_out(out))
    return 0


def import_records(store: Store, paths: Sequence[str | os.PathLike[str]], out: TextIO | None = None) -> int:
    """Import record files (each checked by replaying it); print the new ids."""
    w = _out(out)
    for p in paths:
        game_id = store.import_record(p)
        info = store.game_info(game_id)
        state = "finished" if info.status == FINISHED else ("resumable" if info.status == IN_PROGRESS else info.status)
        print(f"{p}: imported as game {game_id} ({state})", file=w)
    return 0
