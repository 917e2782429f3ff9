"""Two-handed Pinochle rules config: every option of ``pinochle.md`` section 13, with its presets."""

from __future__ import annotations

from typing import Any, ClassVar

from ..rules import MAX_TARGET, RulesBase, option, rules_config

__all__ = ["PinochleRules"]


@rules_config
class PinochleRules(RulesBase):
    """Frozen two-handed Pinochle configuration. The target is 1 to :data:`~cardtable.rules.MAX_TARGET`.

    >>> PinochleRules.presets()
    ('standard', 'hoyle')
    >>> PinochleRules.preset("hoyle").counting
    'classic'
    >>> PinochleRules(counting="metric")
    Traceback (most recent call last):
    ...
    cardtable.errors.InvalidRulesError: the counting must be one of 'simple', 'classic', 'modern' (option counting), not 'metric'
    """

    target_score: int = option(1000, min=1, max=MAX_TARGET, doc="Game target (section 10).")
    counting: str = option("simple", choices=("simple", "classic", "modern"), doc="Card points (section 9).")
    dix_scores_when_played: bool = option(True, doc="A dix not yet scored scores 10 when played in stage 1 (7.3).")
    meld_requires_hand_card: bool = option(False, doc="Every meld must include a concealed card (6.3.2).")
    double_pinochle_300: bool = option(False, doc="Both Q♠ + both J♦ form a double pinochle worth 300 (6.3.5).")
    declare_out: bool = option(False, doc="A player may declare out during play (10.3).")

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "standard": {},
        "hoyle": {
            "dix_scores_when_played": False,
            "meld_requires_hand_card": True,
            "counting": "classic",
            "double_pinochle_300": True,
        },
    }
