"""The terminal card table (Textual). Install with ``pip install 'cardtable[tui]'``.

``run_app()`` opens the lobby (game picker and setup; Enter starts with the
defaults); ``run_app("gin", ["simple"])`` goes straight to the table.

Keys at the table: ←/→ move, Space selects, Enter selects the cursor card and
then plays the first listed move, 1-9 play the listed moves (also clickable),
d draw, t take, p pass, k knock, h hint, u undo, s score sheet, r rules,
+/- computer pace, q quit (asks first and says how to resume).

Every screen speaks the language the app starts in (``run_app(lang=...)``, else the one spoken
then, :func:`cardtable.i18n.language`, which ``cardtable --lang`` or the locale sets): the ``tui``
catalogs, see :mod:`.speech`.

Importing this package does not import Textual; :func:`run_app` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["run_app", "load_resumed"]


def load_resumed(store: Any, resume_id: Any, opponents: Sequence[str] | None = None, lang: str = "en") -> Any:
    """A :class:`~cardtable.apps.tui.session.TableSession` for a saved game of ``store``.

    The store is duck-typed: ``load_match(id)`` (or ``load(id)``) may return a
    :class:`~cardtable.match.Match`, a :class:`~cardtable.record.GameRecord`, its
    JSON text or dict, or a ``(match_or_record, meta)`` pair.
    """
    from ...errors import CardtableError
    from ...match import Match
    from ...record import GameRecord
    from .session import TableSession

    loader = getattr(store, "load_match", None) or getattr(store, "load", None)
    if loader is None:
        raise CardtableError("this store cannot load saved games")
    got = loader(resume_id)
    meta: dict[str, Any] = {}
    if isinstance(got, tuple) and len(got) == 2:
        got, extra = got
        meta = dict(extra or {})
    if isinstance(got, (str, bytes)):
        got = GameRecord.loads(got)
    elif isinstance(got, dict):
        got = GameRecord.from_dict(got)
    if isinstance(got, GameRecord):
        meta = {**got.meta, **meta}
        got = got.replay()
    if not isinstance(got, Match):
        raise CardtableError(f"saved game {resume_id!r} not found")
    meta = {**getattr(got, "meta", {}), **meta} if isinstance(getattr(got, "meta", None), dict) else meta
    human = int(meta.get("human_seat", 0))
    levels = list(opponents or meta.get("opponents") or [])
    info = getattr(store, "game_info", None)
    if not levels and info is not None:  # the store keeps each seat's kind: human or computer:level
        try:
            kinds = list(info(resume_id).seat_kinds)
        except Exception:  # an older store or an unknown id: fall back to the seat names
            kinds = []
        humans = [i for i, k in enumerate(kinds) if getattr(k, "is_human", False)]
        if humans:
            human = humans[0]
            levels = [getattr(k, "level", None) or "random" for i, k in enumerate(kinds) if i != human]
    if not levels:
        levels = [_level_from_name(n) for i, n in enumerate(got.seat_names) if i != human]
    session = TableSession(got.game.name, levels, seed=got.seed, store=store, human_seat=human, match=got, lang=lang)
    session.store_id = resume_id
    return session


def _level_from_name(name: str) -> str:
    from ...agents import AGENT_LEVELS

    words = name.replace("#", " ").replace("(", " ").replace(")", " ").split()
    for levels in AGENT_LEVELS.values():
        for level in levels:
            if level in words:
                return level
    return "random"


def run_app(
    game: str | None = None,
    opponents: Sequence[str] | None = None,
    preset: str = "standard",
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    store: Any = None,
    resume_id: Any = None,
    lang: str | None = None,
) -> int:
    """Run the terminal card table; returns the process exit code (0 after a normal quit).

    ``game=None`` opens the game picker. ``opponents`` are computer levels (one
    per other seat). ``store`` is optional: anything with ``save_match(match, ...)``
    gets the match after every move; with ``resume_id`` the saved game is continued. ``lang`` is the
    language of every screen (default: the one spoken now, :func:`cardtable.i18n.language`, which the
    ``cardtable`` command sets from ``--lang`` or the environment).
    """
    try:
        from .app import CardtableApp
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise SystemExit(f"the terminal app needs Textual: pip install 'cardtable[tui]' ({exc})") from None
    from ... import i18n

    lang = lang or i18n.language()
    resumed = load_resumed(store, resume_id, opponents, lang=lang) if resume_id is not None else None
    app = CardtableApp(game=game, opponents=list(opponents) if opponents else None, preset=preset,
                       options=options, seed=seed, store=store, resume=resumed, lang=lang)
    code = app.run()
    if app.return_code:  # a crash (Textual printed the traceback): the process must fail
        return int(app.return_code)
    if app.quit_note:
        print(app.quit_note)
    return int(code) if isinstance(code, int) else 0
