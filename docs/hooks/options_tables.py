"""MkDocs hook: ``<!-- options: gin -->`` in a page becomes the table of that game's rules options.

The table is read from the rules class (``GinRules`` ...): every option with its default, the
presets that change it, the values it allows (the library refuses others) and its description, so
the game pages follow the code.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

__all__ = ["options_table", "on_page_markdown"]

_MARKER = re.compile(r"<!-- options: (\w+) -->")


def _text(value: Any) -> str:
    return f"`{value!r}`".replace("|", "\\|")


def options_table(game: str) -> str:
    """The Markdown table of ``game``'s options and presets."""
    from cardtable.registry import make_game
    from cardtable.rules import bounds_text

    rules = type(make_game(game).rules)
    presets = [name for name in rules.PRESETS if name != "standard"]
    lines = [
        f"Presets: {', '.join(f'`{name}`' for name in rules.PRESETS)} (`standard` is the default).",
        "",
        "| option | standard | " + " | ".join(f"`{p}`" for p in presets) + " | allowed | meaning |",
        "|---|---|" + "---|" * len(presets) + "---|---|",
    ]
    for field in dataclasses.fields(rules):
        if not field.init:
            continue
        cells = [_text(rules.PRESETS[p][field.name]) if field.name in rules.PRESETS[p] else "" for p in presets]
        doc = str(field.metadata.get("doc", "")).replace("|", "\\|")
        allowed = bounds_text(field).replace("|", "\\|")
        lines.append(f"| `{field.name}` | {_text(field.default)} | " + " | ".join(cells) + f" | {allowed} | {doc} |")
    return "\n".join(lines)


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    """Replace every marker by its table."""
    return _MARKER.sub(lambda m: options_table(m.group(1)), markdown)
