"""Issue #20 (tables without a rough edge), the ``cardtable`` command: each test failed before its fix."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from cardtable.cli import main

ROOT = Path(__file__).resolve().parents[1]
CARDTABLE = str(Path(sys.executable).with_name("cardtable"))


def run(*args: str, db: Path, text: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CARDTABLE_DATABASE_URL": str(db)}
    return subprocess.run([CARDTABLE, *args], input=text, capture_output=True, text=True, timeout=120, env=env)


def test_version_comes_from_pyproject_and_python_m_cardtable_runs() -> None:
    """Item 23: no `cardtable --version`, no `python -m cardtable`; the version is written in pyproject.toml only."""
    import cardtable

    written = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert cardtable.__version__ == written
    assert '__version__ = "' not in (ROOT / "src" / "cardtable" / "__init__.py").read_text(encoding="utf-8")
    for command in ([CARDTABLE, "--version"], [sys.executable, "-m", "cardtable", "--version"]):
        proc = subprocess.run(command, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0 and proc.stdout.strip() == f"cardtable {written}", proc
    proc = subprocess.run([sys.executable, "-m", "cardtable", "history", "--help"], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0 and proc.stdout.startswith("usage: cardtable history")


def test_rule_option_errors_in_player_words(capsys: pytest.CaptureFixture[str]) -> None:
    """Item 23: "GinRules.knock_limit must be <= 10" named the engine's class and field."""
    assert main(["play", "gin", "--plain", "--no-save", "--option", "knock_limit=11"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("cardtable: ") and "knock limit must be" in err and " 10" in err and err.endswith("not 11"), err
    assert "Rules" not in err and "<=" not in err
    assert main(["simulate", "gin", "--option", "target_score=0", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "target score must be" in err and "Rules" not in err and ">=" not in err
    assert main(["play", "gin", "--plain", "--no-save", "--option", "colour=red"]) == 2
    assert "unknown rule option(s): colour; valid: target_score" in capsys.readouterr().err


def test_arena_refuses_an_unknown_agent_before_any_estimate(capsys: pytest.CaptureFixture[str]) -> None:
    """Item 23: `--agents foo,medium` printed the expected time (for 'foo'!) and only then refused it."""
    assert main(["arena", "gin", "--agents", "foo,medium", "--deals", "2"]) == 2
    err = capsys.readouterr().err
    assert "expected time" not in err and "foo" in err and "unknown agent level 'foo'" in err


def test_arena_header_fits_and_says_hands_once(capsys: pytest.CaptureFixture[str]) -> None:
    """Items 16 and 23: the 4-player header said "8 hands, 8 hands"; the report was 108-113 columns wide."""
    assert main(["arena", "casino", "--agents", "random,easy", "--players", "4", "--hands", "--deals", "2",
                 "--workers", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "= 4 hands; seed 0" in out and "hands, 4 hands" not in out
    assert max(len(line) for line in out.splitlines()) <= 80


def finished_game(db: Path) -> int:
    from cardtable.match import Match
    from cardtable.store import Store

    match = Match("gin", seed=1, seat_names=["You", "Computer (random)"])
    from cardtable.agents import make_agent

    agents = [make_agent("gin", "random", seed=s) for s in (1, 2)]
    while not match.is_over():
        state = match.state
        if state.is_chance_node():
            match.apply(state.sample_chance(match.rng))
        else:
            seat = state.current_player()
            match.apply(agents[seat].act(state.view(seat), state.legal_actions()))
    with Store.open(str(db)) as store:
        return int(store.save_match(match, seat_kinds=["human", "computer:random"]))


def test_resuming_a_finished_game_says_how_to_see_it(tmp_path: Path) -> None:
    """Item 23: "use replay 11" was not a command anyone could type."""
    db = tmp_path / "g.db"
    gid = finished_game(db)
    proc = run("resume", str(gid), "--plain", db=db)
    assert proc.returncode == 2
    assert proc.stderr.strip() == f"cardtable: game {gid} is finished: see it with `cardtable replay {gid}`"


def test_delete_asks_first_and_yes_skips_the_question(tmp_path: Path) -> None:
    """Item 22: there was no way to delete a saved game."""
    db = tmp_path / "g.db"
    first, second = finished_game(db), finished_game(db)
    kept = run("delete", str(first), db=db, text="n\n")
    assert kept.returncode == 1 and f"Delete game {first} (gin, finished" in kept.stdout and "Kept game" in kept.stdout
    gone = run("delete", str(first), db=db, text="y\n")
    assert gone.returncode == 0 and f"Deleted game {first} (gin" in gone.stdout
    assert run("delete", str(second), "--yes", db=db).returncode == 0
    listed = run("history", db=db)
    assert listed.stdout.strip() == "No saved games yet."
    missing = run("delete", "99", "--yes", db=db)
    assert missing.returncode == 2 and missing.stderr.strip() == "cardtable: no saved game 99"


def test_a_game_left_without_a_move_is_not_saved(tmp_path: Path) -> None:
    """Item 22: every `play` left an in-progress game, even one quit at once (25 after one session)."""
    db = tmp_path / "g.db"
    proc = run("play", "gin", "--plain", "--seed", "3", db=db, text="quit\n")
    assert proc.returncode == 0 and "You made no move, so nothing was saved." in proc.stdout
    assert run("history", db=db).stdout.strip() == "No saved games yet."
    proc = run("play", "gin", "--plain", "--seed", "3", db=db, text="pass\nquit\n")
    assert "The game is saved as game 1" in proc.stdout
    listed = run("history", db=db).stdout.splitlines()
    assert len(listed) == 2 and "in progress" in listed[1]


def test_delete_in_process_reads_the_answer() -> None:
    """The command's function: anything but y keeps the game; the end of the input keeps it too."""
    from cardtable.store import Store, commands

    with Store.open(":memory:") as store:
        from cardtable.match import Match

        gid = store.save_match(Match("gin", seed=2, seat_names=["You", "Computer (random)"]),
                               seat_kinds=["human", "computer:random"])
        out = io.StringIO()
        assert commands.delete(store, gid, out, inp=io.StringIO("")) == 1
        assert "no answer" in out.getvalue()
        assert commands.delete(store, gid, out, inp=io.StringIO("yes\n")) == 0
        assert store.list_games() == []
