"""MkDocs hook: ``<!-- env-spec: gin -->`` in a page becomes that game's environment spec.

The figures come from ``docs/adapters/env_spec.json``, which ``benchmarks/env_spec.py`` writes
(measured random-vs-random hands, and the bounds derived from the rules): one table row per
preset (and Casino seating), then what the rewards mean, what ``render()`` shows and when the
``_v0`` ids change. ``tests/adapters/test_env_spec.py`` checks the bounds and that the JSON has a
row for every preset.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

__all__ = ["SPEC", "env_spec_markdown", "on_page_markdown"]

SPEC = Path(__file__).resolve().parents[1] / "adapters" / "env_spec.json"
"""The measured and derived figures."""
_MARKER = re.compile(r"<!-- env-spec: (\w+) -->")

_ZERO_SUM = {
    "gin": "Own points minus the other seat's: the winner gets +points and the loser −points.",
    "pinochle": "Own points minus the other seat's. No hand is void: its 250 card points always go to someone.",
    "casino": (
        "Own points minus the mean of the other seats' points. In a 4-player partnership game "
        "(`partnerships=True`, the default) the engine's `returns()` gives **both partners their side's "
        "points**, so by default partners get equal rewards; with `zero_sum=True` a seat whose side made "
        "P against the other side's Q gets P − (P + 2Q)/3 = **⅔ (P − Q)**, its partner the same, and the "
        "opponents −⅔ (P − Q). With `partnerships=False` each of the four seats scores for itself."),
}
_GENERAL_SUM = {
    "gin": "Each seat's own hand points: only the hand's winner scores (the loser, a void hand and a "
           "no-score tie give 0 to both).",
    "pinochle": "Each seat's own hand points (melds, dix points, counters and the last trick).",
    "casino": "Each seat's own hand points (its side's, in a partnership game).",
}
_RENDER = {
    "gin": "both hands, the discard pile and upcard, known cards, the phase, the knock limit",
    "pinochle": "both hands (concealed and melded), won tricks, the trump card, stock size, meld "
                "records and points",
    "casino": "every hand, the table, the undealt pack, captures, sweeps and the last capturer",
}
_ENV_NAMES = {
    "gin": ("`gin_rummy_v0`", "`cardtable/GinRummy-v0`"),
    "pinochle": ("`pinochle_v0`", "`cardtable/Pinochle-v0`"),
    "casino": ("`casino_v0`", "`cardtable/Casino-v0`"),
}


def _num(x: float, fraction: bool = False) -> str:
    """An integer as such; otherwise a fraction of small denominator (``fraction``: rewards such as
    Casino's ⅔ (P − Q)) or one decimal."""
    text = f"{x:.1f}"
    if float(x).is_integer():
        text = str(int(x))
    elif fraction:
        frac = Fraction(x).limit_denominator(12)
        if abs(float(frac) - x) < 1e-9:
            text = f"{frac.numerator}/{frac.denominator}"
    return text.replace("-", "−")


def _range(pair: list[float]) -> str:
    return f"{_num(pair[0], True)} … {_num(pair[1], True)}"


def _lengths(stats: dict[str, Any]) -> str:
    return f"{_num(stats['median'])} / {_num(stats['p95'])} / {stats['max']}"


def _label(key: str, row: dict[str, Any]) -> str:
    if row["game"] != "casino":
        return f"`{row['preset']}`"
    seats = f"{row['num_players']} players"
    if row["num_players"] == 4:
        seats += ", partnerships" if row["options"].get("partnerships", True) else ", `partnerships=False`"
    return f"`{row['preset']}`, {seats}"


def env_spec_markdown(game: str, spec: dict[str, Any] | None = None) -> str:
    """The Markdown of ``game``'s environment spec (``spec``: the JSON, read from :data:`SPEC` if omitted)."""
    if spec is None:
        spec = json.loads(SPEC.read_text(encoding="utf-8"))
    rows = {k: v for k, v in spec["configs"].items() if v["game"] == game}
    if not rows:
        raise ValueError(f"{SPEC.name} has no configuration of {game!r}")
    pz_name, gym_id = _ENV_NAMES[game]
    lines = [
        "| configuration | action space | observation | reward: bound (seen) | `zero_sum=True`: bound (seen) "
        "| PettingZoo steps: median / p95 / longest seen | Gymnasium learner steps: median / p95 / longest seen "
        "| longest possible | hands scoring 0 for all | vs `easy`: learner steps, median (longest); learner's mean points |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for key, row in rows.items():
        b, pz, gym = row["bounds"], row["pettingzoo"], row["gymnasium"]
        easy = row.get("gymnasium_easy")
        easy_text = (f"{_num(easy['length']['median'])} ({easy['length']['max']}); {easy['mean_reward']:.1f}"
                     if easy else "")
        lines.append(
            f"| {_label(key, row)} | `Discrete({row['num_actions']})` | `float32[{row['obs_size']}]` "
            f"| {_range(b['reward'])} ({_range(pz['reward_seen'])}) "
            f"| {_range(b['zero_sum_reward'])} ({_range(gym['reward_seen'])}) "
            f"| {_lengths(pz['length'])} | {_lengths(gym['length'])} | {b['max_episode_length']} "
            f"| {pz['all_zero_fraction']:.1%} | {easy_text} |")
    whys: dict[str, list[str]] = {}
    for key, row in rows.items():
        whys.setdefault(row["bounds"]["reward_why"], []).append(_label(key, row))
    first = next(iter(rows.values()))
    hands, easy_hands = spec["hands"], spec.get("easy_hands", 0)
    notes = [
        "",
        f"Measured with `{spec['command'].strip()}`: {hands} hands per row and API, every seat playing a "
        "uniformly random legal action; the learner's seat drawn for every hand; "
        f"{easy_hands} hands of a random learner against `opponent=\"easy\"` for the last column. "
        "*Seen* figures are what those hands reached; the bounds hold for every hand.",
        "",
        f"- **Rewards (general-sum, the default).** {_GENERAL_SUM[game]} Given once, when the hand ends "
        "(the PettingZoo `shaping` callable adds per-step rewards only when given). The upper bound: "
        + "; ".join(f"{', '.join(labels)}: {why}" for why, labels in whys.items()) + ".",
        f"- **`zero_sum=True`.** {_ZERO_SUM[game]} The *seen* column is the Gymnasium learner's zero-sum "
        "reward. Gymnasium's `illegal_action=\"penalize\"` adds one more value, `illegal_reward` (−1), "
        "outside these ranges.",
        f"- **Episode length.** One episode is one hand. {pz_name} counts every `env.step` with an action, "
        "of all seats" + (" (each sub-decision id of a Casino move is a step)" if game == "casino" else "")
        + f"; {gym_id} counts the learner's steps only (a hand that would end before the learner's first "
        "decision is dealt again, so an episode has at least one step). Chance steps happen inside a step. "
        "The longest possible "
        f"episode is the adapter's `max_game_length` ({first['bounds']['max_episode_length']}), a bound that "
        "counts chance steps too, so far above what is seen.",
        f"- **`render()`** (`render_mode=\"ansi\"` returns it; PettingZoo's `\"human\"` prints it) shows the "
        f"whole position in the game's position notation: {_RENDER[game]}. **Every hand is shown**: it is "
        "for debugging, never an observation to learn from. Once the hand is over it shows "
        "`over: [points per seat]`.",
    ]
    if game == "gin":
        fractions = [r["pettingzoo"]["all_zero_fraction"] for r in rows.values()]
        groups: dict[str, list[str]] = {}
        for key, row in rows.items():
            text = ", ".join(f"{name} {share:.1%}" for name, share in row["pettingzoo"]["endings"].items())
            groups.setdefault(text, []).append(_label(key, row))
        endings = "; ".join(f"{', '.join(labels)}: {text}" for text, labels in groups.items())
        notes.append(
            f"- **Void hands.** {min(fractions):.1%} to {max(fractions):.1%} of random-vs-random hands score "
            "nothing for either seat: random play seldom brings a hand down to the knock limit, so most hands "
            f"run the stock down to 2 cards and end void. How the hands ended: {endings}. "
            "A learner against `random` gets a zero reward in most early episodes; the `easy` opponent "
            "(last column) or a shaping reward gives a denser signal.")
    notes.append(
        "- **Versioning.** The `_v0` / `-v0` suffix changes (`_v1`) when a change would alter what a trained "
        "policy sees or gets for the same seed and actions: the observation layout or its meaning, the action "
        "ids or their order, the reward, the default opponent, or when an episode ends (as the changelog's "
        "versioning policy says). A new preset or a new rules option keeps the version, as long as the "
        "existing presets and defaults behave as before; so do speed-ups and bug fixes that change none of "
        "these. The action space can differ between presets (read it from `env.action_space`).")
    return "\n".join(lines + notes)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Replace every marker by its spec."""
    if not _MARKER.search(markdown):
        return markdown
    spec = json.loads(SPEC.read_text(encoding="utf-8"))
    return _MARKER.sub(lambda m: env_spec_markdown(m.group(1), spec), markdown)
