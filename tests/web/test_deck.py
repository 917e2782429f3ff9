"""The card faces shipped with the browser table are exactly what the deck tool cuts from the sprite."""

from __future__ import annotations

from pathlib import Path

from cardtable.apps.web.deck import CARD_IDS, FACES, SPRITE, split_sprite


def test_faces_match_the_sprite(tmp_path: Path) -> None:
    written = split_sprite(SPRITE, tmp_path)
    assert len(written) == 53
    for path in written:
        shipped = FACES / path.name
        assert shipped.read_text(encoding="utf-8") == path.read_text(encoding="utf-8"), (
            f"{shipped} is stale: run python -m cardtable.apps.web.deck")
    assert sorted(p.name for p in FACES.glob("*.svg")) == sorted(f"{c}.svg" for c in CARD_IDS)


def test_each_face_is_self_contained() -> None:
    import re
    import xml.etree.ElementTree as ET

    for name in ("heart_king", "spade_1", "diamond_10", "back"):
        text = (FACES / f"{name}.svg").read_text(encoding="utf-8")
        ET.fromstring(text)  # well-formed
        ids = set(re.findall(r'\bid="([^"]+)"', text))
        refs = set(re.findall(r'href="#([^"]+)"', text))
        assert refs <= ids, refs - ids  # every <use> finds its definition in the same file
    assert "LGPL" in (FACES / "heart_king.svg").read_text(encoding="utf-8")
