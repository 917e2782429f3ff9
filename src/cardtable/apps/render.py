"""Plain-text tables for line mode and screen readers: one readable description per game.

Everything here is sentences and card names (``10♠``, never ``TS``; no
Pinochle copy letters), one fact per line, so a screen reader reads the table
as a person would describe it. :func:`render_view` describes what a seat sees,
:func:`render_hand_result` how a finished hand scored, :func:`render_score_sheet`
the match so far; each speaks ``lang`` (English unless told: never the language
spoken now), in whole sentences from the catalog.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import i18n
from ..cards import Card, cards_to_mask, mask_to_cards
from .words import cards_text, join_list, side_wins_by, you_name

__all__ = ["render_view", "render_hand_result", "render_score_sheet", "register_renderer", "side_labels",
           "short_name"]

_RENDERERS: dict[str, Callable[[Any, Sequence[str]], str]] = {}


def register_renderer(game: str, fn: Callable[[Any, Sequence[str]], str]) -> None:
    """Use ``fn(view, names)`` to describe the views of ``game``."""
    _RENDERERS[game] = fn


def short_name(name: str) -> str:
    """``"Left (medium)"`` -> ``"Left"``: a seat name without its computer level (in the pseudo-locale too:
    ``⟦⟦Left⟧ (⟦medium⟧)⟧`` -> ``⟦Left⟧``)."""
    short = name.split(" (", 1)[0]
    extra = short.count("⟦") - short.count("⟧")
    return short[extra:] if extra > 0 and short.startswith("⟦" * extra) else short


def side_labels(names: Sequence[str], num_sides: int) -> list[str]:
    """Names of the sides: the seat names, or partners joined (``You & Across``) when seats share a side."""
    if num_sides >= len(names):
        return list(names)
    return [" & ".join(short_name(n) for s, n in enumerate(names) if s % num_sides == side)
            for side in range(num_sides)]


def render_view(game: str, view: Any, names: Sequence[str], lang: str = "en") -> str:
    """A readable multi-line description of ``view`` for its seat, in ``lang`` (a renderer registered
    with :func:`register_renderer` speaks for itself: it is called as ``fn(view, names)``).

    >>> from cardtable.registry import make_game
    >>> view = make_game("casino").new_hand(dealer=1).view(0)
    >>> render_view("casino", view, ["You", "Ann"], "cs").splitlines()[0]
    'Kasino, rozdání 1 z 6. Rozdává: Ann. Balíček: zbývá 52 karet.'
    """
    fn = _RENDERERS.get(game)
    if fn is not None:
        return fn(view, names)
    builtin = _BUILTIN.get(game)
    if builtin is not None:
        return builtin(view, names, _Words(lang))
    return _render_generic(view, names, _Words(lang))


class _Words:
    """The catalog of one language and the few shapes every table uses (counts, lists, "none")."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.t = i18n.translation(lang)

    def _(self, message: str, **fill: Any) -> str:
        return str(self.t.gettext(message)).format(**fill) if fill else str(self.t.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int, **fill: Any) -> str:
        return str(self.t.ngettext(singular, plural, n)).format(n=n, **fill)

    def pgettext(self, context: str, message: str) -> str:
        return str(self.t.pgettext(context, message))

    def cards(self, n: int) -> str:
        return self.ngettext("{n} card", "{n} cards", n)

    def points(self, n: int) -> str:
        return self.ngettext("{n} point", "{n} points", n)

    def none(self) -> str:
        return self.pgettext("nothing", "none")

    def join(self, items: Sequence[str]) -> str:
        return join_list(items, self.lang)

    def sep(self) -> str:
        """Between melds of a list: ``; ``."""
        return self.pgettext("list", "; ")

    def name(self, who: str) -> str:
        return you_name(who, self.lang)


def _you(names: Sequence[str], seat: int, me: int) -> str:
    return "You" if seat == me else names[seat]


def _stop(w: _Words, text: str) -> str:
    """``text`` ended as a sentence of ``w``'s language (``.``, ``。``)."""
    return text + w.pgettext("full stop", ".")


def _sentences(w: _Words, *parts: str) -> str:
    """Sentences one after another: spaced, or closed up where the language writes them so (ja, zh)."""
    return ("" if w.lang in ("ja", "zh") else " ").join(p for p in parts if p)


# ----------------------------------------------------------------------------------------------------
# Gin Rummy
# ----------------------------------------------------------------------------------------------------
def _render_gin(view: Any, names: Sequence[str], w: _Words) -> str:
    from ..gin.melds import canonical_arrangement, deadwood_cards

    me = view.seat
    opp = 1 - me
    lines = [_sentences(
        w, w._("Gin Rummy: you against {opponent}.", opponent=names[opp]),
        w._("Dealer: {dealer}.", dealer=w.name(_you(names, view.dealer, me))),
        w._("Knock limit {limit}.", limit=view.knock_limit),
        w.ngettext("Stock: {n} card.", "Stock: {n} cards.", view.stock_size))]
    pile = view.discard_pile
    if len(pile) > 1:
        lines.append(w._("Discard pile: {card} on top (under it: {cards}).", card=pile[-1].pretty(),
                       cards=cards_text(reversed(pile[-6:-1]))))
    elif pile:
        lines.append(w._("Discard pile: {card} on top.", card=pile[-1].pretty()))
    else:
        lines.append(w._("Discard pile: empty."))
    if view.opponent_hand is not None:
        lines.append(w._("{name} held: {cards}.", name=names[opp], cards=cards_text(view.opponent_hand)))
    else:
        known = w._("; known to hold {cards}", cards=cards_text(view.opponent_known)) if view.opponent_known else ""
        lines.append(_stop(w, w._("{name}: {cards}", name=names[opp], cards=w.cards(view.opponent_hand_size)) + known))
    hand = cards_to_mask(view.hand)
    melds = canonical_arrangement(hand)
    dead = mask_to_cards(deadwood_cards(hand, melds))
    lines.append(w._("Your hand ({count}): {cards}.", count=w.cards(len(view.hand)),
                   cards=cards_text(_gin_order(view.hand, melds))))
    meld_txt = w.sep().join(cards_text(_meld_order(m)) for m in melds) or w.none()
    lines.append(w._("Your melds: {melds}. Deadwood: {cards}, {points}.", melds=meld_txt,
                   cards=cards_text(dead) or w.none(), points=w.points(view.deadwood)))
    if view.taken_card is not None and view.showdown is None:
        lines.append(w._("You took {card} from the discard pile; you may not discard it now.",
                       card=view.taken_card.pretty()))
    if view.showdown is not None:
        lines.extend(_gin_showdown(view.showdown, names, me, w))
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


def _void_reason(reason: str, w: _Words) -> str:
    """Why a Gin hand is void (the engine's reason), in ``w``'s words."""
    reasons = {
        "discard-draw cap reached (4.6.2)": w.pgettext("void", "discard-draw cap reached (4.6.2)"),
        "the wall: no knock (4.5)": w.pgettext("void", "the wall: no knock (4.5)"),
        "repeated upcard (4.6.1)": w.pgettext("void", "repeated upcard (4.6.1)"),
        "stock down to 2 cards (4.5)": w.pgettext("void", "stock down to 2 cards (4.5)"),
        "": w.pgettext("void", "no score"),
    }
    return reasons.get(reason, reason)


def _gin_result_word(result: str, w: _Words) -> str:
    words = {"knock": w.pgettext("gin result", "the knock stands"), "undercut": w.pgettext("gin result", "undercut"),
             "tie": w.pgettext("gin result", "a tie: nobody scores"), "gin": w.pgettext("gin result", "gin"),
             "big gin": w.pgettext("gin result", "big gin")}
    return words.get(result, result)


def _gin_showdown(sd: Any, names: Sequence[str], me: int, w: _Words) -> list[str]:
    from .words import side_scores

    if sd.outcome == "void":
        return [w._("The hand is void ({reason}): nobody scores and the same dealer deals again.",
                  reason=_void_reason(sd.void_reason or "", w))]
    knocker = sd.knocker if sd.knocker is not None else 0
    who = w.name(_you(names, knocker, me))
    card = sd.knock_card.pretty() if sd.knock_card is not None else None
    if sd.outcome == "gin":
        head = (w._("{who} went gin with {card} face down.", who=who, card=card) if card
                else w._("{who} went gin.", who=who))
    elif sd.outcome == "big gin":
        head = (w._("{who} went big gin with {card} face down.", who=who, card=card) if card
                else w._("{who} went big gin.", who=who))
    else:
        head = (w._("{who} knocked with {card} face down.", who=who, card=card) if card
                else w._("{who} knocked.", who=who))
    melds = w.sep().join(cards_text(m) for m in sd.knocker_melds) or w.none()
    lines = [_sentences(w, head, w._("Melds: {melds}. Deadwood: {cards}, {points}.", melds=melds,
                                   cards=cards_text(sd.knocker_deadwood_cards) or w.none(),
                                   points=w.points(sd.knocker_deadwood)))]
    defender = 1 - knocker
    dmelds = w.sep().join(cards_text(m) for m in sd.defender_melds) or w.none()
    lines.append(w._("{who}: melds {melds}. Deadwood: {cards}, {points}.", who=w.name(_you(names, defender, me)),
                   melds=dmelds, cards=cards_text(sd.defender_deadwood_cards) or w.none(),
                   points=w.points(sd.defender_deadwood)))
    if sd.layoffs:
        lines.append(w._("Laid off: {cards}.", cards=cards_text(c for c, _ in sd.layoffs)))
    result = _gin_result_word(sd.result, w)
    if sd.winner is None:
        lines.append(w._("Result: {result} (doubled: the first upcard was a spade).", result=result) if sd.doubled
                     else w._("Result: {result}.", result=result))
    else:
        score = side_scores(_you(names, sd.winner, me), max(sd.points), w.lang)
        lines.append(w._("Result: {result} (doubled: the first upcard was a spade); {score}.", result=result, score=score)
                     if sd.doubled else w._("Result: {result}; {score}.", result=result, score=score))
    return lines


# ----------------------------------------------------------------------------------------------------
# Casino
# ----------------------------------------------------------------------------------------------------
def _render_casino(view: Any, names: Sequence[str], w: _Words) -> str:
    me = view.seat
    sides = side_labels(["You" if s == me else n for s, n in enumerate(names)], len(view.captured_counts))
    lines = [_sentences(
        w, w._("Casino, deal {deal} of {deals}.", deal=view.deal_number, deals=view.num_deals),
        w._("This is the last deal.") if view.last_deal else "",
        w._("Dealer: {dealer}.", dealer=w.name(_you(names, view.dealer, me))),
        w.ngettext("Pack: {n} card left.", "Pack: {n} cards left.", view.pack_size))]
    loose = sorted(view.table, key=lambda c: (c.rank, c.suit))
    lines.append(w._("Table: {cards}.", cards=cards_text(loose)) if loose else w._("Table: no loose cards."))
    for b in view.builds:
        groups = w.join(["+".join(c.pretty() for c in mask_to_cards(g)) for g in b.groups])
        many = len(b.groups) > 1
        if b.controller == me:
            text = (w._("Build of {value} (multiple yours): {cards}.", value=b.value, cards=groups) if many
                    else w._("Build of {value} (yours): {cards}.", value=b.value, cards=groups))
        else:
            owner = names[b.controller]
            text = (w._("Build of {value} (multiple {owner}): {cards}.", value=b.value, owner=owner, cards=groups) if many
                    else w._("Build of {value} ({owner}): {cards}.", value=b.value, owner=owner, cards=groups))
        lines.append(text)
    if view.result is None:  # once the hand is over every hand is empty
        hand = cards_text(sorted(view.hand, key=lambda c: (c.rank, c.suit)))
        lines.append(w._("Your hand: {cards}.", cards=hand) if hand else w._("Your hand: empty."))
        others = [w._("{name} {cards}", name=names[s], cards=w.cards(view.hand_sizes[s]))
                  for s in range(view.num_players) if s != me]
        lines.append(w._("Cards in hand: {players}.", players=w.join(others)))
    for side, label in enumerate(sides):
        fill = {"who": w.name(label), "cards": w.cards(view.captured_counts[side]),
                "spades": w.ngettext("{n} spade", "{n} spades", view.spade_counts[side]),
                "sweeps": w.ngettext("{n} sweep", "{n} sweeps", view.sweeps[side])}
        if label == "You":
            lines.append(w._("You have taken {cards}, {spades} and {sweeps}.", **fill))
        elif " & " in label or label.startswith("You "):
            lines.append(w._("{who} have taken {cards}, {spades} and {sweeps}.", **fill))
        else:
            lines.append(w._("{who} has taken {cards}, {spades} and {sweeps}.", **fill))
    if view.last_capturer is not None:
        lines.append(w._("Last capture: {who}.", who=w.name(_you(names, view.last_capturer, me))))
    return "\n".join(lines)


def _casino_rows(w: _Words) -> tuple[tuple[str, str], ...]:
    return ((w.pgettext("casino score", "most cards"), "most_cards"), (w.pgettext("casino score", "most spades"), "most_spades"),
            (w.pgettext("casino score", "aces"), "aces"), (w.pgettext("casino score", "big casino (10♦)"), "big_casino"),
            (w.pgettext("casino score", "little casino (2♠)"), "little_casino"), (w.pgettext("casino score", "sweeps"), "sweep_points"))


def _casino_result(details: dict[str, Any], names: Sequence[str], w: _Words) -> list[str]:
    sides = details.get("sides") or []
    labels = side_labels(names, len(sides))
    lines = []
    for label, sd in zip(labels, sides):
        parts = [w._("{row} {points}", row=k, points=sd[key]) for k, key in _casino_rows(w) if sd.get(key)]
        fill = {"side": w.name(label), "points": w.points(sd.get("total", 0)), "cards": w.cards(sd.get("cards", 0)),
                "spades": w.ngettext("{n} spade", "{n} spades", sd.get("spades", 0)), "rows": w.pgettext("list", ", ").join(parts)}
        lines.append(w._("{side}: {points} (took {cards}, {spades}; {rows}).", **fill) if parts
                     else w._("{side}: {points} (took {cards}, {spades}).", **fill))
    residue = details.get("residue")
    if residue:
        rs = details.get("residue_side")
        who = w.name(labels[rs]) if isinstance(rs, int) and rs < len(labels) else w.pgettext("casino", "the last capturer")
        lines.append(w._("Cards left on the table went to {who}: {cards}.", who=who,
                       cards=cards_text(Card.parse(c) for c in residue)))
    return lines


# ----------------------------------------------------------------------------------------------------
# Pinochle
# ----------------------------------------------------------------------------------------------------
_PINOCHLE_ORDER = {1: 0, 10: 1, 13: 2, 12: 3, 11: 4, 9: 5}


def _pinochle_sorted(cards: Sequence[Any], trump: int) -> list[Any]:
    return sorted(cards, key=lambda c: (c.suit != trump, c.suit, _PINOCHLE_ORDER.get(c.rank, 9)))


def _render_pinochle(view: Any, names: Sequence[str], w: _Words) -> str:
    me = view.seat
    opp = 1 - me
    if view.trump < 0:
        trump = w._("Trump: {suit}.", suit=w.pgettext("trump", "not yet turned"))
    elif view.trump_card is not None:
        trump = w._("Trump: {suit} (the {card} under the stock).", suit=i18n.suit_name(view.trump, w.lang),
                  card=view.trump_card.card.pretty())
    else:
        trump = w._("Trump: {suit}.", suit=i18n.suit_name(view.trump, w.lang))
    stage = (w.ngettext("Stage 1: {n} card in the stock.", "Stage 1: {n} cards in the stock.", view.stock_size)
             if view.stage == 1 else w._("Stage 2: the stock is gone; follow suit and win the trick if you can."))
    lines = [_sentences(w, w._("Pinochle: you against {opponent}.", opponent=names[opp]), stage, trump,
                        w._("Dealer: {dealer}.", dealer=w.name(_you(names, view.dealer, me))))]
    if view.lead is not None:
        lines.append(w._("Trick: {who} led {card}.", who=w.name(_you(names, view.leader, me)),
                       card=view.lead.card.pretty()))
    elif view.tricks:
        _leader, led, followed, winner = view.tricks[-1]
        lines.append(w._("Last trick: {led} and {followed}, won by {who}.", led=led.card.pretty(),
                       followed=followed.card.pretty(), who=w.name(_you(names, winner, me))))
    hand = cards_text(_pinochle_sorted(view.hand, view.trump))
    lines.append(w._("Your hand: {cards}.", cards=hand) if hand else w._("Your hand: empty."))
    if view.melded:
        lines.append(w._("Your melded cards on the table (still yours to play): {cards}.",
                       cards=cards_text(_pinochle_sorted(view.melded, view.trump))))
    concealed = view.opponent_hand_size - len(view.opponent_melded)
    opp_line = w._("{name}: {cards}", name=names[opp],
                 cards=w.ngettext("{n} concealed card", "{n} concealed cards", concealed))
    if view.opponent_melded:
        opp_line += w._("; on the table: {cards}", cards=cards_text(_pinochle_sorted(view.opponent_melded, view.trump)))
    if view.opponent_known:
        opp_line += w._("; known to hold {cards}", cards=cards_text(view.opponent_known))
    lines.append(_stop(w, opp_line))
    if view.opponent_hand and view.points is None:
        lines.append(w._("{name}'s hand: {cards}.", name=names[opp],
                       cards=cards_text(_pinochle_sorted(view.opponent_hand, view.trump))))
    lines.append(w._("Meld points: you {mine}, {opponent} {theirs}. Tricks won: you {my_tricks}, {opponent} "
                   "{their_tricks}.", mine=view.meld_points[me], opponent=names[opp], theirs=view.meld_points[opp],
                   my_tricks=len(view.won[me]) // 2, their_tricks=len(view.won[opp]) // 2))
    if any(view.game_totals):
        lines.append(w._("Game score before this hand: you {mine}, {opponent} {theirs}.", mine=view.game_totals[me],
                       opponent=names[opp], theirs=view.game_totals[opp]))
    if view.rules is not None and view.rules.declare_out:
        lines.append(w._("Declaring out now would claim {claim} of {target}.", claim=view.claim(),
                       target=view.rules.target_score))
    return "\n".join(lines)


def _meld_kind(kind: str, w: _Words) -> str:
    """A Pinochle meld kind as the score breakdown names it: ``royal marriage``, ``aces around``."""
    kinds = {"run": w.pgettext("pinochle meld kind", "run"), "royal-marriage": w.pgettext("pinochle meld kind", "royal marriage"),
             "marriage": w.pgettext("pinochle meld kind", "marriage"), "dix": w.pgettext("pinochle meld kind", "dix"),
             "aces-around": w.pgettext("pinochle meld kind", "aces around"),
             "kings-around": w.pgettext("pinochle meld kind", "kings around"),
             "queens-around": w.pgettext("pinochle meld kind", "queens around"),
             "jacks-around": w.pgettext("pinochle meld kind", "jacks around"),
             "pinochle": w.pgettext("pinochle meld kind", "pinochle"),
             "double-pinochle": w.pgettext("pinochle meld kind", "double pinochle"),
             "dix-turnup": w.pgettext("pinochle meld kind", "dix turnup"),
             "dix-exchange": w.pgettext("pinochle meld kind", "dix exchange"),
             "dix-played": w.pgettext("pinochle meld kind", "dix played")}
    return kinds.get(kind, kind.replace("-", " "))


def _pinochle_result(details: dict[str, Any], names: Sequence[str], points: Sequence[int], w: _Words) -> list[str]:
    lines = []
    melds = details.get("meld") or [{}, {}]
    dix = details.get("dix") or [{}, {}]
    for seat, name in enumerate(names):
        kinds = {**(dix[seat] if seat < len(dix) else {}), **(melds[seat] if seat < len(melds) else {})}
        meld_txt = w.join([w._("{meld} {points}", meld=_meld_kind(k, w), points=v) for k, v in kinds.items()]) \
            or w.pgettext("pinochle", "no melds")
        fill = {"name": w.name(name), "meld": details.get("meld_points", [0, 0])[seat], "melds": meld_txt,
                "cards": details.get("card_points", [0, 0])[seat], "counters": details.get("counters", [0, 0])[seat],
                "total": points[seat]}
        if details.get("last_trick") == seat:
            lines.append(w._("{name}: meld {meld} ({melds}); cards {cards} ({counters} in counters, 10 for the last "
                           "trick); hand total {total}.", **fill))
        else:
            lines.append(w._("{name}: meld {meld} ({melds}); cards {cards} ({counters} in counters); hand total "
                           "{total}.", **fill))
    if details.get("declared") is not None:
        lines.append(w._("{name} declared out.", name=w.name(names[details["declared"]])))
    return lines


# ----------------------------------------------------------------------------------------------------
# Results and the score sheet
# ----------------------------------------------------------------------------------------------------
def render_hand_result(game: str, state: Any, result: Any, names: Sequence[str], seat: int, lang: str = "en") -> str:
    """How a finished hand scored, seen from ``seat`` (its final view, plus the score breakdown), in ``lang``."""
    w = _Words(lang)
    lines = [render_view(game, state.view(seat), names, lang)]
    details = result.details if isinstance(result.details, dict) else {}
    you = ["You" if s == seat else n for s, n in enumerate(names)]
    if game == "casino" and details.get("sides"):
        lines.extend(_casino_result(details, you, w))
    elif game == "pinochle" and "meld_points" in details:
        lines.extend(_pinochle_result(details, you, result.points, w))
    elif game != "gin":
        pts = w.pgettext("list", ", ").join(f"{w.name(n)} {p}" for n, p in zip(side_labels(you, len(result.points)),
                                                                         result.points))
        lines.append(w._("Points: {points}.", points=pts))
    return "\n".join(lines)


def render_score_sheet(match: Any, seat: int | None = None, lang: str = "en") -> str:
    """The match so far, one sentence per hand, then the totals (or the final result), in ``lang``."""
    w = _Words(lang)
    names = ["You" if s == seat else n for s, n in enumerate(match.seat_names)]
    labels = side_labels(names, match.game.num_sides)
    shown = [w.name(label) for label in labels]
    comma = w.pgettext("list", ", ")
    rows = match.score_sheet()
    target = getattr(match.game.rules, "target_score", None)
    if target:
        head = w.ngettext("Score sheet ({n} hand played, playing to {target}):",
                   "Score sheet ({n} hands played, playing to {target}):", len(rows), target=target)
    else:
        head = w.ngettext("Score sheet ({n} hand played):", "Score sheet ({n} hands played):", len(rows))
    lines = [head]
    for row in rows:
        pts = comma.join(f"{n} {p}" for n, p in zip(shown, row["points"]))
        lines.append(w._("Hand {n} (void): {points}.", n=row["hand"], points=pts) if row["void"]
                     else w._("Hand {n}: {points}.", n=row["hand"], points=pts))
    totals = match.outcome.final_totals if match.outcome is not None else match.totals
    lines.append(w._("Totals: {points}.", points=comma.join(f"{n} {t}" for n, t in zip(shown, totals))))
    if match.outcome is not None:
        lines.append(_stop(w, side_wins_by(labels[match.outcome.winner], match.outcome.margin, lang)))
    return "\n".join(lines)


def _render_generic(view: Any, names: Sequence[str], w: _Words) -> str:
    hand = getattr(view, "hand", None)
    lines = [w._("Players: {names}.", names=w.join(list(names)))]
    if hand is not None:
        lines.append(w._("Your hand: {cards}.", cards=cards_text(hand)))
    return "\n".join(lines)


_BUILTIN: dict[str, Callable[[Any, Sequence[str], _Words], str]] = {
    "gin": _render_gin, "casino": _render_casino, "pinochle": _render_pinochle,
}
