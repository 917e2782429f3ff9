"""Issue #19 item 7: the game pages' options tables say which values each option allows."""

from __future__ import annotations

from docs_support import load_hook

OPTIONS = load_hook("options_tables")


def test_the_options_tables_list_the_allowed_values() -> None:
    gin = OPTIONS.options_table("gin").splitlines()
    assert gin[2].endswith("| allowed | meaning |")
    assert any(line.startswith("| `target_score` | `100` |") and "| 1 to 100000 |" in line for line in gin)
    assert any(line.startswith("| `max_discard_draws` |") and "| 1 to 1000 |" in line for line in gin)
    assert any(line.startswith("| `big_gin_bonus` |") and "| 0 to 10000 or None |" in line for line in gin)
    casino = OPTIONS.options_table("casino")
    assert "| 2, 3, 4 |" in casino and "| 0 to 10000 | Points per sweep" in casino
    assert "| `target_score` | `1000` | | 1 to 100000 |" in OPTIONS.options_table("pinochle").replace("|  |", "| |")
