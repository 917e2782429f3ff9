"""Plain-text tables for line mode and screen readers: one readable description per game.

Everything here is sentences and card names (``10♠``, never ``TS``; no
Pinochle copy letters), one fact per line, so a screen reader reads the table
as a person would describe it. :func:`render_view` describes what a seat sees,
:func:`render_hand_result` how a finished hand scored, :func:`render_score_sheet`
the match so far.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..cards import Card, cards_to_mask, mask_to_cards
from .words import cards_text, conjugate, join_words, meld_kind_name, plural

__all__ = ["render_view", "render_hand_result", "render_score_sheet", "register_renderer", "side_labels",
           "short_name"]

_RENDERERS: dict[str, Callable[[Any, Sequence[str]], str]] = {}
_SUITS = ("spades", "hearts", "diamonds", "clubs")


def register_renderer(game: str, fn: Callable[[Any, Sequence[str]], str]) -> None:
    """Use ``fn(view, names)`` to describe the views of ``game``."""
    _RENDERERS[game] = fn


def short_name(name: str) -> str:
    """``"Left (medium)"`` -> ``"Left"``: a seat name without its computer level."""
    return name.split(" (", 1)[0]


def side_labels(names: Sequence[str], num_sides: int) -> list[str]:
    """Names of the sides: the seat names, or partners joined (``You & Across``) when seats share a side."""
    if num_sides >= len(names):
        return list(names)
    return [" & ".join(short_name(n) for s, n in enumerate(names) if s % num_sides == side)
            for side in range(num_sides)]


def render_view(game: str, view: Any, names: Sequence[str]) -> str:
    """A readable multi-line description of ``view`` for its seat."""
    fn = _RENDERERS.get(game) or _BUILTIN.get(game) or _render_generic
    return fn(view, names)


def _you(names: Sequence[str], seat: int, me: int) -> str:
    return "You" if seat == me else names[seat]


# ----------------------------------------------------------------------------------------------------
# Gin Rummy
# ----------------------------------------------------------------------------------------------------
def _render_gin(view: Any, names: Sequence[str]) -> str:
    from ..gin.melds import canonical_arrangement, deadwood_cards

    me = view.seat
    opp = 1 - me
    lines = [
        f"Gin Rummy: you against {names[opp]}. Dealer: {_you(names, view.dealer, me)}. "
        f"Knock limit {view.knock_limit}. Stock: {plural(view.stock_size, 'card')}.",
    ]
    pile = view.discard_pile
    if pile:
        under = f" (under it: {cards_text(reversed(pile[-6:-1]))})" if len(pile) > 1 else ""
        lines.append(f"Discard pile: {pile[-1].pretty()} on top{under}.")
    else:
        lines.append("Discard pile: empty.")
    known = f"; known to hold {cards_text(view.opponent_known)}" if view.opponent_known else ""
    if view.opponent_hand is not None:
        lines.append(f"{names[opp]} held: {cards_text(view.opponent_hand)}.")
    else:
        lines.append(f"{names[opp]}: {plural(view.opponent_hand_size, 'card')}{known}.")
    hand = cards_to_mask(view.hand)
    melds = canonical_arrangement(hand)
    dead = mask_to_cards(deadwood_cards(hand, melds))
    lines.append(f"Your hand ({plural(len(view.hand), 'card')}): {cards_text(_gin_order(view.hand, melds))}.")
    meld_txt = "; ".join(cards_text(_meld_order(m)) for m in melds) or "none"
    lines.append(f"Your melds: {meld_txt}. Deadwood: {cards_text(dead) or 'none'}, {plural(view.deadwood, 'point')}.")
    if view.taken_card is not None and view.showdown is None:
        lines.append(f"You took {view.taken_card.pretty()} from the discard pile; you may not discard it now.")
    if view.showdown is not None:
        lines.extend(_gin_showdown(view.showdown, names, me))
    return "\n".join(lines)


def _meld_order(meld: int) -> list[Card]:
    cards = mask_to_cards(meld)
    if len({c.rank for c in cards}) == 1:
        return sorted(cards, key=lambda c: c.suit)
    return sorted(cards, key=lambda c: c.rank)


def _gin_order(hand: Sequence[Card], melds: Sequence[int]) -> list[Card]:
    """Melds first (each in order), then the deadwood by suit and rank: the order the app shows."""
    out: list[Card] = []
    used = 0
    for m in melds:
        out.extend(_meld_order(m))
        used |= m
    out.extend(sorted((c for c in hand if not used & c.bit), key=lambda c: (c.suit, c.rank)))
    return out


_GIN_OUTCOME = {"knock": "knocked", "gin": "went gin", "big gin": "went big gin"}
_GIN_RESULT = {"knock": "the knock stands", "undercut": "undercut", "tie": "a tie: nobody scores",
               "gin": "gin", "big gin": "big gin"}


def _gin_showdown(sd: Any, names: Sequence[str], me: int) -> list[str]:
    if sd.outcome == "void":
        return [f"The hand is void ({sd.void_reason or 'no score'}): nobody scores and the same dealer deals again."]
    knocker = sd.knocker if sd.knocker is not None else 0
    who = _you(names, knocker, me)
    card = f" with {sd.knock_card.pretty()} face down" if sd.knock_card is not None else ""
    melds = "; ".join(cards_text(m) for m in sd.knocker_melds) or "none"
    lines = [f"{who} {_GIN_OUTCOME.get(sd.outcome, sd.outcome)}{card}. Melds: {melds}. "
             f"Deadwood: {cards_text(sd.knocker_deadwood_cards) or 'none'}, {plural(sd.knocker_deadwood, 'point')}."]
    defender = 1 - knocker
    dmelds = "; ".join(cards_text(m) for m in sd.defender_melds) or "none"
    lines.append(f"{_you(names, defender, me)}: melds {dmelds}. "
                 f"Deadwood: {cards_text(sd.defender_deadwood_cards) or 'none'}, {plural(sd.defender_deadwood, 'point')}.")
    if sd.layoffs:
        lines.append(f"Laid off: {cards_text(c for c, _ in sd.layoffs)}.")
    doubled = " (doubled: the first upcard was a spade)" if sd.doubled else ""
    if sd.winner is None:
        lines.append(f"Result: {_GIN_RESULT.get(sd.result, sd.result)}{doubled}.")
    else:
        pts = plural(max(sd.points), "point")
        lines.append(f"Result: {_GIN_RESULT.get(sd.result, sd.result)}{doubled}; "
                     f"{conjugate(_you(names, sd.winner, me), 'score')} {pts}.")
    return lines


# ----------------------------------------------------------------------------------------------------
# Casino
# ----------------------------------------------------------------------------------------------------
def _render_casino(view: Any, names: Sequence[str]) -> str:
    me = view.seat
    sides = side_labels(["You" if s == me else n for s, n in enumerate(names)], len(view.captured_counts))
    last = " This is the last deal." if view.last_deal else ""
    lines = [f"Casino, deal {view.deal_number} of {view.num_deals}.{last} Dealer: {_you(names, view.dealer, me)}. "
             f"Pack: {plural(view.pack_size, 'card')} left."]
    loose = sorted(view.table, key=lambda c: (c.rank, c.suit))
    lines.append(f"Table: {cards_text(loose)}." if loose else "Table: no loose cards.")
    for b in view.builds:
        groups = join_words(["+".join(c.pretty() for c in mask_to_cards(g)) for g in b.groups])
        kind = "multiple " if len(b.groups) > 1 else ""
        owner = "yours" if b.controller == me else names[b.controller]
        lines.append(f"Build of {b.value} ({kind}{owner}): {groups}.")
    if view.result is None:  # once the hand is over every hand is empty
        lines.append(f"Your hand: {cards_text(sorted(view.hand, key=lambda c: (c.rank, c.suit))) or 'empty'}.")
        others = [f"{names[s]} {plural(view.hand_sizes[s], 'card')}" for s in range(view.num_players) if s != me]
        lines.append(f"Cards in hand: {join_words(others)}.")
    for side, label in enumerate(sides):
        lines.append(f"{conjugate(label, 'have')} taken {plural(view.captured_counts[side], 'card')}, "
                     f"{plural(view.spade_counts[side], 'spade')} and {plural(view.sweeps[side], 'sweep')}.")
    if view.last_capturer is not None:
        lines.append(f"Last capture: {_you(names, view.last_capturer, me)}.")
    return "\n".join(lines)


_CASINO_ROWS = (("most cards", "most_cards"), ("most spades", "most_spades"), ("aces", "aces"),
                ("big casino (10♦)", "big_casino"), ("little casino (2♠)", "little_casino"),
                ("sweeps", "sweep_points"))


def _casino_result(details: dict[str, Any], names: Sequence[str]) -> list[str]:
    sides = details.get("sides") or []
    labels = side_labels(names, len(sides))
    lines = []
    for label, sd in zip(labels, sides):
        parts = [f"{k} {sd[key]}" for k, key in _CASINO_ROWS if sd.get(key)]
        took = f"{plural(sd.get('cards', 0), 'card')}, {plural(sd.get('spades', 0), 'spade')}"
        lines.append(f"{label}: {plural(sd.get('total', 0), 'point')} (took {took}"
                     + (f"; {', '.join(parts)}" if parts else "") + ").")
    residue = details.get("residue")
    if residue:
        rs = details.get("residue_side")
        who = labels[rs] if isinstance(rs, int) and rs < len(labels) else "the last capturer"
        lines.append(f"Cards left on the table went to {who}: {cards_text(Card.parse(c) for c in residue)}.")
    return lines


# ----------------------------------------------------------------------------------------------------
# Pinochle
# ----------------------------------------------------------------------------------------------------
_PINOCHLE_ORDER = {1: 0, 10: 1, 13: 2, 12: 3, 11: 4, 9: 5}


def _pinochle_sorted(cards: Sequence[Any], trump: int) -> list[Any]:
    return sorted(cards, key=lambda c: (c.suit != trump, c.suit, _PINOCHLE_ORDER.get(c.rank, 9)))


def _render_pinochle(view: Any, names: Sequence[str]) -> str:
    me = view.seat
    opp = 1 - me
    trump = f"{_SUITS[view.trump]}" if view.trump >= 0 else "not yet turned"
    turn = f" (the {view.trump_card.card.pretty()} under the stock)" if view.trump_card is not None else ""
    stage = (f"Stage 1: {plural(view.stock_size, 'card')} in the stock" if view.stage == 1
             else "Stage 2: the stock is gone; follow suit and win the trick if you can")
    lines = [f"Pinochle: you against {names[opp]}. {stage}. Trump: {trump}{turn}. "
             f"Dealer: {_you(names, view.dealer, me)}."]
    if view.lead is not None:
        lines.append(f"Trick: {_you(names, view.leader, me)} led {view.lead.card.pretty()}.")
    elif view.tricks:
        _leader, led, followed, winner = view.tricks[-1]
        lines.append(f"Last trick: {led.card.pretty()} and {followed.card.pretty()}, "
                     f"won by {_you(names, winner, me)}.")
    lines.append(f"Your hand: {cards_text(_pinochle_sorted(view.hand, view.trump)) or 'empty'}.")
    if view.melded:
        lines.append(f"Your melded cards on the table (still yours to play): "
                     f"{cards_text(_pinochle_sorted(view.melded, view.trump))}.")
    concealed = view.opponent_hand_size - len(view.opponent_melded)
    opp_line = f"{names[opp]}: {plural(concealed, 'concealed card')}"
    if view.opponent_melded:
        opp_line += f"; on the table: {cards_text(_pinochle_sorted(view.opponent_melded, view.trump))}"
    if view.opponent_known:
        opp_line += f"; known to hold {cards_text(view.opponent_known)}"
    lines.append(opp_line + ".")
    if view.opponent_hand is not None and view.points is None:
        lines.append(f"{names[opp]}'s hand: {cards_text(_pinochle_sorted(view.opponent_hand, view.trump))}.")
    lines.append(f"Meld points: you {view.meld_points[me]}, {names[opp]} {view.meld_points[opp]}. "
                 f"Tricks won: you {len(view.won[me]) // 2}, {names[opp]} {len(view.won[opp]) // 2}.")
    if any(view.game_totals):
        lines.append(f"Game score before this hand: you {view.game_totals[me]}, {names[opp]} {view.game_totals[opp]}.")
    if view.rules is not None and view.rules.declare_out:
        lines.append(f"Declaring out now would claim {view.claim()} of {view.rules.target_score}.")
    return "\n".join(lines)


def _pinochle_result(details: dict[str, Any], names: Sequence[str], points: Sequence[int]) -> list[str]:
    lines = []
    melds = details.get("meld") or [{}, {}]
    dix = details.get("dix") or [{}, {}]
    for seat, name in enumerate(names):
        kinds = {**(dix[seat] if seat < len(dix) else {}), **(melds[seat] if seat < len(melds) else {})}
        meld_txt = join_words([f"{meld_kind_name(k)} {v}" for k, v in kinds.items()]) or "no melds"
        lines.append(f"{name}: meld {details.get('meld_points', [0, 0])[seat]} ({meld_txt}); "
                     f"cards {details.get('card_points', [0, 0])[seat]} "
                     f"({details.get('counters', [0, 0])[seat]} in counters"
                     + (", 10 for the last trick" if details.get("last_trick") == seat else "")
                     + f"); hand total {points[seat]}.")
    if details.get("declared") is not None:
        lines.append(f"{names[details['declared']]} declared out.")
    return lines


# ----------------------------------------------------------------------------------------------------
# Results and the score sheet
# ----------------------------------------------------------------------------------------------------
def render_hand_result(game: str, state: Any, result: Any, names: Sequence[str], seat: int) -> str:
    """How a finished hand scored, seen from ``seat`` (its final view, plus the score breakdown)."""
    lines = [render_view(game, state.view(seat), names)]
    details = result.details if isinstance(result.details, dict) else {}
    you = ["You" if s == seat else n for s, n in enumerate(names)]
    if game == "casino" and details.get("sides"):
        lines.extend(_casino_result(details, you))
    elif game == "pinochle" and "meld_points" in details:
        lines.extend(_pinochle_result(details, you, result.points))
    elif game != "gin":
        pts = ", ".join(f"{n} {p}" for n, p in zip(side_labels(you, len(result.points)), result.points))
        lines.append(f"Points: {pts}.")
    return "\n".join(lines)


def render_score_sheet(match: Any, seat: int | None = None) -> str:
    """The match so far, one sentence per hand, then the totals (or the final result)."""
    names = ["You" if s == seat else n for s, n in enumerate(match.seat_names)]
    labels = side_labels(names, match.game.num_sides)
    rows = match.score_sheet()
    target = getattr(match.game.rules, "target_score", None)
    head = f"Score sheet ({plural(len(rows), 'hand')} played" + (f", playing to {target})" if target else ")")
    lines = [head + ":"]
    for row in rows:
        pts = ", ".join(f"{n} {p}" for n, p in zip(labels, row["points"]))
        void = " (void)" if row["void"] else ""
        lines.append(f"Hand {row['hand']}{void}: {pts}.")
    totals = match.outcome.final_totals if match.outcome is not None else match.totals
    lines.append("Totals: " + ", ".join(f"{n} {t}" for n, t in zip(labels, totals)) + ".")
    if match.outcome is not None:
        lines.append(f"{conjugate(labels[match.outcome.winner], 'win')} by {plural(match.outcome.margin, 'point')}.")
    return "\n".join(lines)


def _render_generic(view: Any, names: Sequence[str]) -> str:
    hand = getattr(view, "hand", None)
    lines = [f"Players: {join_words(list(names))}."]
    if hand is not None:
        lines.append(f"Your hand: {cards_text(hand)}.")
    return "\n".join(lines)


_BUILTIN: dict[str, Callable[[Any, Sequence[str]], str]] = {
    "gin": _render_gin, "casino": _render_casino, "pinochle": _render_pinochle,
}
