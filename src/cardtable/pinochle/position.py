"""Pinochle positions as ``key: value`` text fields (and JSON), for any legal decision or draw point.

=============  ==============================================================================
field          value
=============  ==============================================================================
``dealer``     0 or 1
``phase``      ``deal`` (a chance step of the deal), ``play``, ``exchange``, ``meld``,
               ``draw-winner``, ``draw-loser`` or ``over`` (the hand is finished)
``turn``       optional: the seat to act (checked)
``trump``      the trump suit letter S H D C (optional while ``trumpcard`` is given; ``-`` in the deal)
``trumpcard``  the face-up card under the stock, ``-`` once taken (stage 2)
``tricks``     optional: tricks completed (checked against the won piles)
``leader``     who leads the trick in progress, or who won the last trick (post-trick steps)
``lead``       the card led to the trick in progress, or ``-``
``hand0``      seat 0's concealed cards; a number, alone or as ``+N`` after the cards, adds
               that many unlisted cards in deck order (A♠a, A♠b, 10♠a ...)
``melded0``    seat 0's cards on the table
``won0``       seat 0's won-tricks pile (numbers as for ``hand0``)
``hand1`` ...  the same for seat 1
``stock``      the number of face-down stock cards, or the cards (the unlisted rest; checked)
``records``    scored kinds per card: ``KHa=royal-marriage,run QHa=royal-marriage``
``dix``        the physical dixes that have scored
``points0``    seat 0's meld and dix points so far: ``marriage=20 dix-played=10`` (or a number)
``known0``     concealed cards of seat 0 known to both (a former trump card)
``totals``     the game totals of both seats before this hand (default ``0 0``)
``declarer``   with ``phase: over``: the seat that declared out (10.3), or ``-`` after 24 tricks
=============  ==============================================================================

During the deal (``phase: deal``) only ``dealer``, the hands dealt so far (packets of four,
non-dealer first) and ``totals`` are given; with 24 cards dealt the turn-up is next. A finished
hand (``phase: over``) lists the won piles and whatever was left when a player declared out;
it is counted again on loading (section 9, or 10.3.2 after a declaration).

A meld step (``phase: meld``) is the turn's single meld decision (6.1.3): a meld or ``no meld``,
after which the draw follows at once, so a meld made this turn needs no field (the position is
then in ``draw-winner``). A meld step without any legal meld, which play skips, can be set up
too: its only move is ``no meld``.

Cards not listed anywhere are the stock. Example (P-09 as a stage-2 follow)::

    dealer: 0; phase: play; trump: S; trumpcard: -; tricks: 12; leader: 1; lead: KDa
    hand0: TDa QDa ASa 9Ha 9Hb 9Da JHa JHb KCa KCb QCa QCb
    hand1: 11; won0: 12; won1: 12
"""

from __future__ import annotations

from ..cards import SUIT_LETTERS
from ..error_codes import Names, Phase
from ..errors import InvalidNotationError, InvalidPositionError
from .deck import FULL, NINE, card_text, format_mask, iter_bits, parse_card, parse_mask
from .hand_state import HandState
from .melds import KIND_NAMES, kind_from_name, kinds_of
from .phases import DEALING, DRAW_LOSER, DRAW_WINNER, EXCHANGE_PHASE, MELD_PHASE, OVER, PLAY_PHASE

__all__ = ["POSITION_FIELDS", "state_to_fields", "fill_state"]

POSITION_FIELDS = (
    "dealer", "phase", "turn", "trump", "trumpcard", "tricks", "leader", "lead",
    "hand0", "melded0", "won0", "hand1", "melded1", "won1", "stock", "records", "dix",
    "points0", "points1", "known0", "known1", "totals", "declarer",
)
"""The fields of a position, in the order they are written."""

_PHASES = (DEALING, PLAY_PHASE, EXCHANGE_PHASE, MELD_PHASE, DRAW_WINNER, DRAW_LOSER, OVER)


def _points_text(book: dict[str, int]) -> str:
    return " ".join(f"{k}={v}" for k, v in book.items() if v) or "-"


def state_to_fields(state: HandState) -> dict[str, str]:
    """The position of ``state``: any state of the hand, from the first dealt card to the count."""
    if state.phase == DEALING:
        return {"dealer": str(state.dealer), "phase": DEALING, "hand0": format_mask(state.concealed[0]),
                "hand1": format_mask(state.concealed[1]), "totals": f"{state.totals[0]} {state.totals[1]}"}
    scored_any = 0
    for m in state.scored:
        scored_any |= m
    records = " ".join(f"{card_text(i)}={','.join(kinds_of(state.scored, i))}" for i in iter_bits(scored_any))
    cur = state.current_player()
    out = {
        "dealer": str(state.dealer),
        "phase": state.phase,
        "turn": "-" if state.phase == OVER else str(
            cur if cur >= 0 else (state.leader if state.phase == DRAW_WINNER else 1 - state.leader)),
        "trump": SUIT_LETTERS[state.trump],
        "trumpcard": card_text(state.trump_card) if state.trump_card >= 0 else "-",
        "tricks": str(state.ntricks),
        "leader": str(state.leader),
        "lead": card_text(state.lead) if state.lead >= 0 else "-",
        "hand0": format_mask(state.concealed[0]),
        "melded0": format_mask(state.melded[0]),
        "won0": format_mask(state.won[0]),
        "hand1": format_mask(state.concealed[1]),
        "melded1": format_mask(state.melded[1]),
        "won1": format_mask(state.won[1]),
        "stock": str(state.stock.bit_count()),
        "records": records or "-",
        "dix": format_mask(state.dix_scored),
        "points0": _points_text(state.breakdown[0]),
        "points1": _points_text(state.breakdown[1]),
        "known0": format_mask(state.known[0]),
        "known1": format_mask(state.known[1]),
        "totals": f"{state.totals[0]} {state.totals[1]}",
    }
    if state.phase == OVER:
        out["declarer"] = str(state.declarer) if state.declarer >= 0 else "-"
    return out


def _seat(fields: dict[str, str], key: str) -> int:
    raw = fields.get(key)
    if raw not in ("0", "1"):
        raise InvalidPositionError.from_code("position.not_flag", key=key, raw=raw)
    return int(raw)


def _int(raw: str, key: str) -> int:
    try:
        value = int(raw)
    except ValueError:
        raise InvalidPositionError.from_code("pinochle.position.not_number", key=key, raw=raw) from None
    if value < 0:
        raise InvalidPositionError.from_code("pinochle.position.negative", key=key, value=value)
    return value


def _mask(fields: dict[str, str], key: str) -> int:
    try:
        return parse_mask(fields.get(key, "-"))
    except InvalidNotationError as exc:
        raise InvalidPositionError.from_code("position.field_invalid", key=key, error=exc) from None


def _card(fields: dict[str, str], key: str) -> int:
    raw = fields.get(key, "-").strip()
    if raw in ("-", ""):
        return -1
    try:
        return parse_card(raw)
    except InvalidNotationError as exc:
        raise InvalidPositionError.from_code("position.field_invalid", key=key, error=exc) from None


def _book(raw: str, key: str) -> dict[str, int]:
    book: dict[str, int] = {}
    items = raw.replace(",", " ").split()
    if items in ([], ["-"]):
        return book
    if len(items) == 1 and "=" not in items[0]:
        total = _int(items[0], key)
        return {"other": total} if total else book
    for item in items:
        name, _, raw_points = item.partition("=")
        if not raw_points:
            raise InvalidPositionError.from_code("pinochle.position.points", key=key, item=item)
        book[name] = book.get(name, 0) + _int(raw_points, key)
    return book


def _records(raw: str) -> tuple[int, ...]:
    scored = [0] * 10
    items = raw.split()
    if items in ([], ["-"]):
        return tuple(scored)
    for item in items:
        card, _, kinds = item.partition("=")
        try:
            bit = 1 << parse_card(card)
        except InvalidNotationError as exc:
            raise InvalidPositionError.from_code("position.field_invalid", key="records", error=exc) from None
        for name in kinds.split(","):
            kind = kind_from_name(name)
            if kind is None:
                raise InvalidPositionError.from_code("pinochle.position.meld_kind", name=name, kinds=Names(KIND_NAMES))
            scored[kind] |= bit
    return tuple(scored)


def _listed(fields: dict[str, str], key: str) -> tuple[int, int]:
    """The cards listed in a card field and how many more to fill (a number, or ``+N`` after the cards)."""
    items = fields.get(key, "-").replace(",", " ").split()
    extra = 0
    if items and (items[-1].isdigit() or (items[-1].startswith("+") and items[-1][1:].isdigit())):
        extra = int(items.pop().lstrip("+"))
    try:
        return parse_mask(" ".join(items) or "-"), extra
    except InvalidNotationError as exc:
        raise InvalidPositionError.from_code("position.field_invalid", key=key, error=exc) from None


def _hands(fields: dict[str, str], lead: int, trump_card: int) -> dict[str, int]:
    """The card fields, with numbers filled from the unlisted cards in deck order."""
    keys = ("hand0", "melded0", "won0", "hand1", "melded1", "won1")
    listed = {key: _listed(fields, key) for key in keys}
    stock_raw = fields.get("stock", "").strip()
    stock_cards = 0 if stock_raw.isdigit() or not stock_raw else _mask(fields, "stock")
    used = 0
    for mask in [*(m for m, _ in listed.values()), stock_cards, *([1 << lead] if lead >= 0 else []),
                 *([1 << trump_card] if trump_card >= 0 else [])]:
        if used & mask:
            raise InvalidPositionError.from_code("pinochle.position.cards_twice", cards=format_mask(used & mask))
        used |= mask
    free = list(iter_bits(FULL & ~used))
    out: dict[str, int] = {}
    for key in keys:
        mask, extra = listed[key]
        if extra > len(free):
            raise InvalidPositionError.from_code("pinochle.position.fill", key=key, extra=extra)
        out[key] = mask | sum(1 << i for i in free[:extra])
        free = free[extra:]
    rest = sum(1 << i for i in free)
    if stock_cards and rest:
        raise InvalidPositionError.from_code("pinochle.position.unlisted", cards=format_mask(rest))
    out["stock"] = stock_cards | rest
    if stock_raw.isdigit() and int(stock_raw) != out["stock"].bit_count():
        raise InvalidPositionError.from_code("pinochle.position.stock_count", count=out['stock'].bit_count(), stock_raw=stock_raw)
    return out


def fill_state(state: HandState, fields: dict[str, str]) -> None:
    """Set up the fresh ``state`` from parsed position ``fields``, checking that the position is legal."""
    state.dealer = _seat(fields, "dealer")
    totals = fields.get("totals", "0 0").split()
    if len(totals) != 2:
        raise InvalidPositionError.from_code("pinochle.position.totals", totals=fields['totals'])
    state.totals = (_int(totals[0], "totals"), _int(totals[1], "totals"))
    phase = fields.get("phase", PLAY_PHASE).strip().lower()
    if phase not in _PHASES:
        raise InvalidPositionError.from_code("pinochle.position.phase", phases=Names(_PHASES), phase=phase)
    if "declarer" in fields and phase != OVER:
        raise InvalidPositionError.from_code("pinochle.position.declarer_field")
    if phase == DEALING:
        _fill_dealing(state, fields)
        return
    state.phase = phase
    state.leader = _seat(fields, "leader")
    trump_card = _card(fields, "trumpcard")
    trump_raw = fields.get("trump", "").strip().upper()
    if trump_raw:
        if trump_raw not in ("S", "H", "D", "C"):
            raise InvalidPositionError.from_code("pinochle.position.trump", text=trump_raw)
        state.trump = "SHDC".index(trump_raw)
        if trump_card >= 0 and trump_card // 12 != state.trump:
            raise InvalidPositionError.from_code("pinochle.position.trumpcard_suit")
    elif trump_card >= 0:
        state.trump = trump_card // 12
    else:
        raise InvalidPositionError.from_code("pinochle.position.trump_required")
    state.trump_card = trump_card
    lead = _card(fields, "lead")
    if lead >= 0 and phase not in (PLAY_PHASE, OVER):
        raise InvalidPositionError.from_code("pinochle.position.lead_phase")
    state.lead = lead
    cards = _hands(fields, lead, trump_card)
    state.concealed = [cards["hand0"], cards["hand1"]]
    state.melded = [cards["melded0"], cards["melded1"]]
    state.won = [cards["won0"], cards["won1"]]
    state.stock = cards["stock"]
    state.dealt = 24
    declarer = _declarer(fields) if phase == OVER else -1
    _check_counts(state, fields, declarer)
    state.scored = _records(fields.get("records", "-"))
    state.dix_scored = _mask(fields, "dix")
    if state.dix_scored & ~state.trump_dixes:
        raise InvalidPositionError.from_code("pinochle.position.dix")
    for seat in (0, 1):
        state.breakdown[seat] = _book(fields.get(f"points{seat}", "-"), f"points{seat}")
        known = _mask(fields, f"known{seat}")
        if known & ~state.concealed[seat]:
            raise InvalidPositionError.from_code("pinochle.position.known", seat=seat)
        state.known[seat] = known
    unrecorded = (state.melded[0] | state.melded[1]) & ~_any(state.scored)
    if unrecorded:
        raise InvalidPositionError.from_code("pinochle.position.unrecorded", cards=format_mask(unrecorded))
    _check_phase(state, fields)
    if phase == OVER:
        state.declarer = declarer
        state.last_winner = state.leader if declarer < 0 else -1
        state._finish()


def _declarer(fields: dict[str, str]) -> int:
    raw = fields.get("declarer", "-").strip()
    if raw in ("-", ""):
        return -1
    return _seat(fields, "declarer")


def _fill_dealing(state: HandState, fields: dict[str, str]) -> None:
    """A chance step of the deal: hands dealt in packets of four, non-dealer first (5.2); nothing else yet."""
    extra = [k for k, v in fields.items()
             if k not in ("dealer", "phase", "hand0", "hand1", "totals", "turn") and v.strip() not in ("-", "", "0")]
    if extra:
        raise InvalidPositionError.from_code("pinochle.position.deal_fields", fields=Names(extra))
    cards = _hands(fields, -1, -1)
    hands = [cards["hand0"], cards["hand1"]]
    dealt = hands[0].bit_count() + hands[1].bit_count()
    nd = 1 - state.dealer
    want = [0, 0]
    for i in range(min(dealt, 24)):
        want[nd if (i // 4) % 2 == 0 else state.dealer] += 1
    if dealt > 24 or [hands[0].bit_count(), hands[1].bit_count()] != want:
        raise InvalidPositionError.from_code("pinochle.position.deal_sizes", dealt=dealt, want=want)
    state.concealed = hands
    state.stock = cards["stock"]
    state.dealt = dealt
    state.leader = 1 - state.dealer
    if "turn" in fields and dealt < 24 and _seat(fields, "turn") != state.deal_target():
        raise InvalidPositionError.from_code("pinochle.position.deal_turn", seat=state.deal_target())


def _any(scored: tuple[int, ...]) -> int:
    out = 0
    for m in scored:
        out |= m
    return out


def _check_counts(state: HandState, fields: dict[str, str], declarer: int = -1) -> None:
    """Card counts of 11.1: hands, stock and won piles agree with the tricks played and the phase.

    A finished hand is checked as the play after 24 tricks, or, when a player declared out,
    as the decision where the declaration was made (a lead or follow, an exchange or a meld)."""
    if state.phase == OVER:
        tried = (PLAY_PHASE,) if declarer < 0 else (PLAY_PHASE, EXCHANGE_PHASE)
        errors = []
        for phase in tried:
            state.phase = phase
            try:
                _check_counts(state, fields)
            except InvalidPositionError as exc:
                errors.append(exc)
            state.phase = OVER
        if len(errors) == len(tried):
            raise errors[0]
        if declarer < 0 and state.ntricks != 24:
            raise InvalidPositionError.from_code("pinochle.position.over")
        return
    won = [w.bit_count() for w in state.won]
    if won[0] % 2 or won[1] % 2:
        raise InvalidPositionError.from_code("pinochle.position.won_piles")
    t = (won[0] + won[1]) // 2
    if "tricks" in fields and _int(fields["tricks"], "tricks") != t:
        raise InvalidPositionError.from_code("pinochle.position.trick_count", t=t)
    state.ntricks = t
    phase = state.phase
    sizes = [state.hand(0).bit_count(), state.hand(1).bit_count()]
    leader = state.leader
    stock = state.stock.bit_count()
    stage2 = phase == PLAY_PHASE and t >= 12
    if stage2:
        want_stock, base = 0, 24 - t
        want = [base, base]
        if state.lead >= 0:
            want[leader] -= 1
        if state.trump_card >= 0 or state.melded[0] | state.melded[1]:
            raise InvalidPositionError.from_code("pinochle.position.stage2")
    elif phase == PLAY_PHASE:
        want_stock, want = 23 - 2 * t, [12, 12]
        if state.lead >= 0:
            want[leader] = 11
    elif phase == DRAW_LOSER:
        want_stock, want = 24 - 2 * t, [11, 11]
        want[leader] = 12
    else:
        want_stock, want = 25 - 2 * t, [11, 11]
    if not stage2 and state.trump_card < 0:
        raise InvalidPositionError.from_code("pinochle.position.stage1_trumpcard")
    if not stage2 and not (0 if phase == PLAY_PHASE else 1) <= t <= (11 if phase in (PLAY_PHASE, DRAW_LOSER) else 12):
        raise InvalidPositionError.from_code("pinochle.position.tricks_phase", t=t, phase=Phase(phase))
    if sizes != want:
        raise InvalidPositionError.from_code("pinochle.position.hand_sizes", t=t, phase=Phase(phase), want=want, sizes=sizes)
    if stock != want_stock:
        raise InvalidPositionError.from_code("pinochle.position.stock_size", t=t, phase=Phase(phase), want_stock=want_stock, stock=stock)


def _check_phase(state: HandState, fields: dict[str, str]) -> None:
    cur = state.current_player()
    expected = cur if cur >= 0 else (state.leader if state.phase == DRAW_WINNER else 1 - state.leader)
    if state.phase != OVER and fields.get("turn", "-").strip() not in ("-", "") and _seat(fields, "turn") != expected:
        raise InvalidPositionError.from_code("pinochle.position.turn", expected=expected)
    if state.phase == EXCHANGE_PHASE and not state.can_exchange(state.leader):
        raise InvalidPositionError.from_code("pinochle.position.exchange")
    if state.trump_card >= 0 and (state.trump_card % 12) >> 1 == NINE and not state.dix_scored >> state.trump_card & 1:
        raise InvalidPositionError.from_code("pinochle.position.dix_scored")
