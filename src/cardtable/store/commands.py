"""What the ``cardtable`` command runs for ``history``, ``replay``, ``stats``, ``resume``, ``export`` and ``import``.

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
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from ..core import CHANCE
from ..errors import CardtableError
from ..match import Match
from ..record import GameRecord
from .autosave import Autosaver
from .errors import GameNotFoundError, StoreError
from .schema import FINISHED, IN_PROGRESS
from .seats import SeatKind
from .store import GameInfo, Store, read_record_file, replay_record, start_match

__all__ = ["history", "replay", "stats", "resume", "Resumed", "export", "import_records", "bar", "Autosaver"]

_BLOCKS = " ▏▎▍▌▋▊▉█"


def _out(out: TextIO | None) -> TextIO:
    return out if out is not None else sys.stdout


# --- history --------------------------------------------------------------------------------------------

def history(
    store: Store, out: TextIO | None = None, *, game: str | None = None, status: str | None = None, limit: int = 20
) -> int:
    """A table of the most recent games: id, game, last saved, players, status, score, moves."""
    w = _out(out)
    infos = store.list_games(game=game, status=status, limit=limit)
    if not infos:
        print("No saved games yet.", file=w)
        return 0
    print(f"{'id':>5}  {'game':<9} {'last saved':<16}  {'players':<30} {'status':<11} {'score':<20} {'moves':>5}",
          file=w)
    for info in infos:
        print(f"{info.id:>5}  {info.game:<9} {_when(info):<16}  {_clip(_players(info), 30):<30} "
              f"{info.status.replace('_', ' '):<11} {_clip(_score(info), 20):<20} {info.moves:>5}"
              + ("  (damaged)" if info.damaged else ""), file=w)
    return 0


def _when(info: GameInfo) -> str:
    return info.updated_at.astimezone().strftime("%Y-%m-%d %H:%M")


def _players(info: GameInfo) -> str:
    return " vs ".join(info.side_names()) or "?"


def _score(info: GameInfo) -> str:
    totals = info.final_totals if info.final_totals is not None else info.totals
    text = "-".join(str(t) for t in totals) or "-"
    names = info.side_names()
    if info.status == FINISHED and info.winner is not None and 0 <= info.winner < len(names):
        text += f" {names[info.winner]}"
    return text


def _clip(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


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
        print("No finished games yet.", file=w)
        return 0
    who = player or "you (the human seat)"
    print(f"Results for {who}, by game and opponent", file=w)
    print(f"{'game':<9} {'opponent':<18} {'played':>6} {'won':>5} {'lost':>5} {'abandoned':>9} {'win rate':>8} "
          f"{'mean margin':>11}", file=w)
    for r in rows:
        rate = "-" if r.win_rate is None else f"{r.win_rate:.1%}"
        margin = "-" if r.mean_margin is None else f"{r.mean_margin:+.1f}"
        print(f"{r.game:<9} {_clip(r.opponent, 18):<18} {r.played:>6} {r.won:>5} {r.lost:>5} {r.abandoned:>9} "
              f"{rate:>8} {margin:>11}", file=w)
    print("", file=w)
    print("Win rate", file=w)
    labels = [f"{r.game} vs {r.opponent}" for r in rows]
    lw = min(max(len(x) for x in labels), 32)
    for label, r in zip(labels, rows):
        if r.played == 0:
            print(f"{_clip(label, lw):<{lw}} │{' ' * width}│ -  (no finished games)", file=w)
            continue
        share = r.win_rate or 0.0
        print(f"{_clip(label, lw):<{lw}} │{bar(share, width)}│ {share:6.1%}  ({r.won}/{r.played})", file=w)
    return 0


# --- resume -----------------------------------------------------------------------------------------------

@dataclass
class Resumed:
    """A saved unfinished game, replayed and ready to continue."""

    game_id: int
    match: Match
    seat_kinds: tuple[SeatKind, ...]
    info: GameInfo

    @property
    def human_seats(self) -> list[int]:
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
            raise StoreError(f"game {game_id} is finished; use replay {game_id} to look at it")
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
) -> int:
    """Go through a match action by action with every hand revealed.

    ``id_or_path``: an existing record file, else a game id in ``store``.
    After each player action (and each run of deals and draws) it prints the
    whole position: every seat's hand, the piles, the phase. With ``step``,
    it waits for Enter after each (``q`` stops), reading ``inp`` (default stdin).
    """
    w = _out(out)
    record, title = _find_record(store, id_or_path)
    replay_record(record)  # checks the whole record first: a corrupt one raises before printing anything
    match = start_match(record)
    names = list(record.seat_names)
    print(title, file=w)
    print(f"{record.game}, seed {record.seed}, {' vs '.join(match.side_names())}", file=w)
    reader = inp if inp is not None else sys.stdin

    def pause() -> bool:
        if not step:
            return True
        w.write("[Enter: next, q: quit] ")
        w.flush()
        line = reader.readline()
        return bool(line) and line.strip().lower() not in ("q", "quit")

    for h, actions in enumerate(record.hands):
        entry = match.hands[h]
        hand_state = match.state
        print(f"\n=== Hand {h + 1}, dealer {names[entry.dealer]} ===", file=w)
        chance: list[str] = []
        shown = True  # the position was printed since the last action line
        for text in actions:
            actor = match.state.current_player()
            if actor == CHANCE:
                chance.append(str(match.apply(text)))
                continue
            if chance:
                print(f"chance: {', '.join(chance)}", file=w)
                chance, shown = [], False
            if not shown:
                _print_state(w, hand_state, names)
                if not pause():
                    return 0
            print(f"{names[actor]}: {match.apply(text)}", file=w)
            shown = False
        if chance:
            print(f"chance: {', '.join(chance)}", file=w)
        _print_state(w, hand_state, names)
        result = entry.result
        if result is not None:
            pts = ", ".join(f"{n} {p:+d}" for n, p in zip(match.side_names(), result.points))
            print(f"--- hand over: {result.summary or 'scored'}; {pts}; totals {'-'.join(map(str, entry.totals_after))}",
                  file=w)
    print("", file=w)
    print(match.format_score_sheet(), file=w)
    if not match.is_over():
        print("(match not finished)", file=w)
    return 0


def _find_record(store: Store | None, id_or_path: int | str | os.PathLike[str]) -> tuple[GameRecord, str]:
    if not isinstance(id_or_path, int):
        path = Path(id_or_path)
        if path.is_file():
            return read_record_file(path), f"Record {path}"
        text = os.fspath(id_or_path).strip()
        if not text.isdigit():
            raise GameNotFoundError(f"{text!r} is neither a record file nor a game id")
        id_or_path = int(text)
    if store is None:
        raise StoreError(f"game {id_or_path}: no store to read it from")
    info = store.game_info(id_or_path)
    return store.load_record(id_or_path), f"Game {info.id} ({info.status.replace('_', ' ')}, last saved {_when(info)})"


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
            print(f"    phase {phase}", file=w)
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
