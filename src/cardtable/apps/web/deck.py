"""The card faces of the browser table: one small SVG file per card, cut from the SVG-cards sprite.

``static/cards/svg-cards.svg`` (SVG-cards 4.0.2, LGPL-2.1+, see ``static/cards/NOTICE.md``) holds
every card in one document whose cards reuse shared pieces (court figures, suit symbols) through
``<use>``. Drawing a hand from it means cloning those pieces for every card on every redraw; as
separate files, each card is an ``<img>`` the browser decodes once and caches. :func:`split_sprite`
writes ``static/cards/faces/<suit>_<rank>.svg`` (and ``back.svg``) with exactly the definitions
each card needs; ``python -m cardtable.apps.web.deck`` rewrites them, and a test checks that the
files in the package are what it writes.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

__all__ = ["SPRITE", "FACES", "CARD_IDS", "BACK_FILL", "split_sprite", "render_card"]

CARDS = Path(__file__).with_name("static") / "cards"
SPRITE = CARDS / "svg-cards.svg"
FACES = CARDS / "faces"
BACK_FILL = "#9e1b32"
WIDTH, HEIGHT = 169.075, 244.64
CARD_IDS = [f"{suit}_{rank}" for suit in ("spade", "heart", "diamond", "club")
            for rank in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")] + ["back"]
_SVG = "http://www.w3.org/2000/svg"
_XLINK = "http://www.w3.org/1999/xlink"
_REF = re.compile(r"#([A-Za-z_][\w.-]*)")


def _defs(sprite: Path) -> dict[str, ET.Element]:
    root = ET.parse(sprite).getroot()
    out: dict[str, ET.Element] = {}
    for defs in root.iter(f"{{{_SVG}}}defs"):
        for el in defs:
            if el.get("id"):
                out[el.get("id", "")] = el
    return out


def _needs(card: str, defs: dict[str, ET.Element]) -> list[str]:
    """``card`` and every definition it refers to, directly or not, in the sprite's order."""
    seen: set[str] = set()
    todo = [card]
    while todo:
        name = todo.pop()
        if name in seen or name not in defs:
            continue
        seen.add(name)
        for el in defs[name].iter():
            for key, value in el.attrib.items():
                if key in (f"{{{_XLINK}}}href", "href") or "url(" in value:
                    todo.extend(_REF.findall(value))
    return [name for name in defs if name in seen]


def render_card(card: str, defs: dict[str, ET.Element]) -> str:
    """One card as a standalone SVG document (the sprite's size: 169.075 × 244.64)."""
    parts = "".join(ET.tostring(defs[name], encoding="unicode") for name in _needs(card, defs))
    fill = f' fill="{BACK_FILL}"' if card == "back" else ""
    text = (f'<svg xmlns="{_SVG}" xmlns:xlink="{_XLINK}" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
            f'height="{HEIGHT}"><!-- SVG-cards 4.0.2 (C) 2005 David Bellot, (C) 2016, 2017 Huub de Beer; '
            f'LGPL-2.1-or-later: see NOTICE.md --><defs>{parts}</defs><use xlink:href="#{card}"{fill}/></svg>\n')
    return re.sub(r"\s*\n\s*", " ", text.replace("ns0:", "").replace(":ns0", "")).strip() + "\n"


def split_sprite(sprite: Path = SPRITE, out: Path = FACES) -> list[Path]:
    """Write one SVG file per card (and the back) from ``sprite`` into ``out``; returns the files."""
    ET.register_namespace("", _SVG)
    ET.register_namespace("xlink", _XLINK)
    defs = _defs(sprite)
    out.mkdir(parents=True, exist_ok=True)
    files = []
    for card in CARD_IDS:
        path = out / f"{card}.svg"
        path.write_text(render_card(card, defs), encoding="utf-8")
        files.append(path)
    return files


if __name__ == "__main__":  # pragma: no cover - a maintenance command
    written = split_sprite()
    print(f"wrote {len(written)} files to {FACES}, {sum(p.stat().st_size for p in written) // 1024} KB", file=sys.stderr)
