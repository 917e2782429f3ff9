"""The rules screen's text: in English short rule summaries (the full rules: ``docs/rules/`` in the project,
`cardtable docs`); in every other language the player rules of the game in that language
(:func:`cardtable.apps.player_rules.translations.load_translated`), under the match's options. The keys
at the table follow in the same language."""

from __future__ import annotations

from typing import Any

from .common import option_name, option_value_text, preset_name
from .speech import Speech, speech

__all__ = ["RULES", "rules_markdown", "keys_markdown"]

GIN = """\
# Gin Rummy — the rules in short

**Goal.** Form *melds* and keep your *deadwood* (unmatched cards) low. First to the target score wins.

**Melds.** A *set* is 3 or 4 cards of one rank (7♠ 7♥ 7♣). A *run* is 3+ cards of one suit in
sequence (4♦ 5♦ 6♦). The ace is low only: A-2-3 is a run, Q-K-A is not. A card is in one meld at most.

**Deadwood.** Cards in no meld count A = 1, 2–10 face value, J Q K = 10. The table always uses your
*best* arrangement (the one with the least deadwood) and shows your melds first.

**Deal.** 10 cards each; the 21st card starts the discard pile (the *upcard*). First the non-dealer, then
the dealer, may take that first upcard; if both pass, the non-dealer must draw from the stock.

**A turn.** Draw the top card of the stock **or** take the upcard, then discard one card. A card
you took from the discard pile may not be discarded on the same turn.

**Knocking.** Instead of a plain discard you may *knock*: discard face down if the 10 cards left have
deadwood ≤ the knock limit (10; in Oklahoma the first upcard's value). Deadwood 0 is **gin**.
Eleven melded cards after drawing is **big gin**.

**Showdown.** The knocker lays out melds. Unless it is gin, the defender may *lay off* cards on the
knocker's melds (a 4th card on a set, cards extending a run — again and again).

**Scoring.** K = knocker's deadwood, D = defender's after layoffs.
- Knock: if K < D the knocker scores D − K.
- Undercut: if D ≤ K the defender scores 25 + (K − D).
- Gin: 25 + the defender's deadwood (no layoffs). Big gin: 31 + the defender's deadwood.

**End of the stock.** If only 2 cards are left in the stock and the player who drew does not knock,
the hand is void: nobody scores and the same dealer deals again.

**Presets.** *standard* (above), *modern* (game bonus 100, 25 per hand won, shutouts doubled),
*classic* (gin 20, undercut 10, no big gin, bonuses), *oklahoma* (knock limit from the upcard, a
spade upcard doubles the hand), *openspiel* (the OpenSpiel variant).
"""

CASINO = """\
# Casino — the rules in short

**Goal.** Take cards from the table; points for most cards, most spades, aces, big and little casino
and sweeps. First to the target score wins.

**A turn.** Play one card from your hand to **capture** (cards or builds of the same value, or sets
of cards adding up to it), to **build** (combine it with table cards into a build you can take
later, e.g. a 3 on a 5 with an 8 in hand), or to **trail** (just lay it on the table).

**Builds.** A build has a value and a controller; you must hold a card of that value. Builds can be
increased or duplicated under the rules of the preset.

**Deals.** 4 cards each per deal (the table gets 4 at the start); the last deal is marked *last*,
and the last capturer takes the cards left on the table.

**Scoring.** Most cards 3, most spades 1, each ace 1, big casino (10♦) 2, little casino (2♠) 1,
each sweep 1 (where played).
"""

PINOCHLE = """\
# Two-handed Pinochle — the rules in short

**Pack.** 48 cards: A 10 K Q J 9 of each suit, twice. Rank in each suit: A 10 K Q J 9.

**Play.** 12 cards each; the next card turned up gives trump. In the first stage, after winning a
trick you may **meld** one combination and then draw from the stock; the loser draws next. Any card
may be played and suit need not be followed.

**Melds.** Run in trump (A 10 K Q J) 150, royal marriage 40, marriage 20, dix (9 of trump) 10,
pinochle (Q♠ J♦) 40, aces around 100, kings 80, queens 60, jacks 40.

**Last stage.** When the stock is gone, the last 12 tricks are played under strict rules: follow
suit, win the trick if you can, trump if you cannot follow.

**Counters.** Aces, tens and kings count in tricks; the last trick scores a bonus.
"""

RULES: dict[str, str] = {"gin": GIN, "casino": CASINO, "pinochle": PINOCHLE}

KEYS = """## Keys at the table

| key | does |
|---|---|
| ← → | move the cursor along your hand |
| Space / click | select the card (again: unselect); Pinochle melds take several cards |
| Enter | select the card under the cursor; once its moves are listed, play move 1 (the line above the footer says what Enter does) |
| 1–9 / click a button | play that listed move; declining a meld or the dix exchange asks for a second press |
| Tab / ↑ ↓ | Casino: move the keys from your hand to the table's cards and builds and back; on the table ← → move, Space picks (a build is one pick), and the moves of your hand card that take exactly the picks are listed (a pick that makes no move says which rule forbids it) |
| Esc | clear the selection (and the table picks) |
| : | type a move in the game's notation (the box shows examples; Esc cancels) |
| d t p k g x | Gin: draw, take, pass, knock, big gin, discard; Casino: x trails |
| h | hints: a computer player's best moves, each with how many points it is estimated to cost (the opponent's level when it can explain its moves, else the strongest that can; the dialog names it) |
| u | take back your last move, until a card is drawn, the computer replies or the hand ends |
| s | score sheet · r rules · n new match (lobby) · q quit (asks first; the game stays saved) |
| + / − | the computer plays faster / slower |
"""


def keys_markdown(sp: Speech) -> str:
    """The keys at the table (:data:`KEYS` in English), in ``sp``'s language."""
    if sp.english:
        return KEYS
    rows = [
        ("← →", sp._("move the cursor along your hand")),
        (sp._("Space / click"), sp._("select the card (again: unselect); Pinochle melds take several cards")),
        ("Enter", sp._("select the card under the cursor; once its moves are listed, play move 1 (the line above "
                       "the footer says what Enter does)")),
        (sp._("1–9 / click a button"), sp._("play that listed move; declining a meld or the dix exchange asks for a "
                                            "second press")),
        ("Tab / ↑ ↓", sp._("Casino: move the keys from your hand to the table's cards and builds and back; on the "
                           "table ← → move, Space picks (a build is one pick), and the moves of your hand card that "
                           "take exactly the picks are listed (a pick that makes no move says which rule forbids it)")),
        ("Esc", sp._("clear the selection (and the table picks)")),
        (":", sp._("type a move in the game's notation (the box shows examples; Esc cancels)")),
        ("d t p k g x", sp._("Gin: draw, take, pass, knock, big gin, discard; Casino: x trails")),
        ("h", sp._("hints: a computer player's best moves, each with how many points it is estimated to cost (the "
                   "opponent's level when it can explain its moves, else the strongest that can; the dialog names "
                   "it)")),
        ("u", sp._("take back your last move, until a card is drawn, the computer replies or the hand ends")),
        ("s", sp._("score sheet · r rules · n new match (lobby) · q quit (asks first; the game stays saved)")),
        ("+ / −", sp._("the computer plays faster / slower")),
    ]
    head = f"## {sp._('Keys at the table')}\n\n| {sp._('key')} | {sp._('does')} |\n|---|---|\n"
    return head + "".join(f"| {key} | {does} |\n" for key, does in rows)


def _translated_rules(game: str, rules: Any, sp: Speech) -> str:
    """The player rules of ``game`` under ``rules`` as Markdown, in ``sp``'s language."""
    from ...registry import game_class
    from ..plain.rules import player_rules  # the player rules in a language (marked in the pseudo-locale)
    from ..player_rules.render import markdown

    if rules is None:
        rules = game_class(game).rules_class()
    preset = rules.preset_name()
    heading = sp._("Options of these rules ({preset})", preset=preset_name(preset, sp)) if preset \
        else sp._("Options of these rules")
    return markdown(rules, game, player_rules(game, sp.lang), options_heading=heading,
                    columns=(sp._("option"), sp._("these rules")))


def rules_markdown(game: str, rules: Any = None, lang: str = "en") -> str:
    """The summary of ``game`` plus the options in force (``rules`` is the match's rules config), in ``lang``."""
    sp = speech(lang)
    if not sp.english:
        from ..player_rules.data import GAMES

        if game in GAMES:
            return _translated_rules(game, rules, sp) + "\n" + keys_markdown(sp)
    text = RULES.get(game, f"# {game}\n\nNo summary written yet.") + "\n" + KEYS
    if rules is not None and hasattr(rules, "to_dict"):
        describe = rules.describe() if hasattr(rules, "describe") else ""
        rows = "\n".join(f"| {option_name(k)} | {option_value_text(v)} |" for k, v in rules.to_dict().items())
        text += f"\n## Options of this match ({describe})\n\n| option | value |\n|---|---|\n{rows}\n"
    return text
