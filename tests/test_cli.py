"""The ``cardtable`` command as typed: help and defaults, pipes, --database placement, simulate, arena estimate."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardtable import Match
from cardtable.agents import make_agent
from cardtable.cli import build_parser, main

CARDTABLE = str(Path(sys.executable).with_name("cardtable"))


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def test_every_option_has_help_and_shows_its_default() -> None:
    """Each option of each command says what it does; each one taking a value names its default."""
    parser = build_parser()
    commands = {"cardtable": parser, **_subparsers(parser)}
    assert {"play", "resume", "history", "replay", "stats", "simulate", "serve", "arena"} <= set(commands)
    missing = []
    for name, p in commands.items():
        for action in p._actions:
            if isinstance(action, (argparse._HelpAction, argparse._VersionAction, argparse._SubParsersAction)):
                continue
            where = f"{name} {'/'.join(action.option_strings) or action.dest}"
            if not action.help:
                missing.append(f"{where}: no help")
            elif action.option_strings and not action.required and "default" not in action.help:
                missing.append(f"{where}: no default in {action.help!r}")
    assert not missing, "\n".join(missing)


def test_simulate_help_says_random_against_random() -> None:
    out = subprocess.run([CARDTABLE, "simulate", "--help"], capture_output=True, text=True, timeout=60).stdout
    assert "Without --players every seat is random." in out
    top = subprocess.run([CARDTABLE, "--help"], capture_output=True, text=True, timeout=60).stdout
    assert "(default:" in top and "random vs random" in " ".join(top.split())


def test_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """`cardtable replay FILE | head` used to end in a BrokenPipeError traceback."""
    match = Match("gin", seed=3)
    match.play([make_agent("gin", "simple", seed=1), make_agent("gin", "simple", seed=2)])
    record = tmp_path / "game.json"
    record.write_text(match.record().dumps())
    proc = subprocess.run(f"'{CARDTABLE}' replay '{record}' | head -n 3", shell=True, capture_output=True,
                          text=True, timeout=120)
    assert len(proc.stdout.splitlines()) == 3
    assert "Traceback" not in proc.stderr and "BrokenPipe" not in proc.stderr, proc.stderr
    assert proc.stderr == ""


def test_database_is_accepted_after_the_command(tmp_path: Path) -> None:
    db = tmp_path / "after.db"
    parser = build_parser()
    assert parser.parse_args(["serve", "--database", str(db)]).database == str(db)
    assert parser.parse_args(["--database", str(db), "serve"]).database == str(db)
    assert parser.parse_args(["--database", "x.db", "history"]).database == "x.db"  # not reset by the command
    env = {k: v for k, v in os.environ.items() if k != "CARDTABLE_DATABASE_URL"}
    env["XDG_DATA_HOME"] = str(tmp_path / "xdg")  # the default would be elsewhere
    proc = subprocess.run([CARDTABLE, "history", "--database", str(db)], capture_output=True, text=True,
                          timeout=60, env=env)
    assert proc.returncode == 0, proc.stderr
    assert db.exists() and not (tmp_path / "xdg").exists()


def test_serve_without_the_web_packages_points_to_run_py() -> None:
    """The hint says `python3 run.py serve`, never a pip install from the index."""
    code = ("import sys; sys.modules['fastapi'] = None; sys.modules['uvicorn'] = None\n"
            "from cardtable.cli import main; sys.exit(main(['serve', '--port', '1']))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert "python3 run.py serve" in proc.stderr
    assert "pip install" not in proc.stderr and "Traceback" not in proc.stderr


def test_simulate_players_set_casino_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "casino", "--players", "random,easy,medium", "-n", "2", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "casino: 2 matches" in out and "(random, easy, medium)" in out
    assert "side 3 (medium): match wins" in out
    endings = next(ln for ln in out.splitlines() if "hand endings" in ln)
    assert "won by side" in endings and len(endings) < 200  # a summary, not one entry per hand
    assert "side 1 (random) per hand: cards " in out and "sweeps" in out


def test_simulate_rejects_wrong_player_lists_clearly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "gin", "--players", "random,easy,medium", "-n", "1", "--no-progress"]) == 2
    assert "gin is played by 2 players here, but --players lists 3 (random, easy, medium)" in capsys.readouterr().err
    assert main(["simulate", "casino", "--players", "random,wizard", "-n", "1", "--no-progress"]) == 2
    assert "unknown agent level 'wizard'" in capsys.readouterr().err
    assert main(["simulate", "casino", "--players", "random,,easy", "-n", "1", "--no-progress"]) == 2
    assert "an empty level" in capsys.readouterr().err


def test_simulate_defaults_to_random_at_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "pinochle", "-n", "1", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "(random, random)" in out and "meld points" in out


def test_play_opponents_set_casino_player_count() -> None:
    proc = subprocess.run([CARDTABLE, "play", "casino", "--plain", "--no-save", "--seed", "1", "-o", "easy",
                           "-o", "easy"], input="quit\n", capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "you against Left (easy) and Right (easy)" in proc.stdout


def test_arena_tells_the_expected_time_first() -> None:
    """A long run is announced with its expected duration and a quicker default, before any game is played."""
    proc = subprocess.run([CARDTABLE, "arena", "gin", "--agents", "hard,medium", "--deals", "0"], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 2 and "--deals must be at least 1" in proc.stderr
    from cardtable.arena.cli import plan_deals

    parser = build_parser()
    args = parser.parse_args(["arena", "gin", "--agents", "hard,medium", "--workers", "2"])
    import contextlib
    import io

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        deals = plan_deals(args, ["hard", "medium"], {})
    text = err.getvalue()
    assert 10 <= deals < 100
    assert "arena: 100 deals would take about " in text and f"playing {deals} deals instead" in text
    assert "Give --deals 100 to play them all." in text
    args = parser.parse_args(["arena", "gin", "--agents", "hard,medium", "--deals", "10", "--workers", "2"])
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert plan_deals(args, ["hard", "medium"], {}) == 10
    assert "arena: expected time about " in err.getvalue() and "hard/time_budget=0.2" in err.getvalue()


def test_arena_estimate_is_close_to_a_real_run() -> None:
    """The estimate of a small real run (cheap players) is printed first and is not far off."""
    proc = subprocess.run([CARDTABLE, "arena", "casino", "--agents", "medium,easy", "--deals", "3", "--hands",
                           "--workers", "1"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    first = proc.stderr.splitlines()[0]
    assert first.startswith("arena: expected time under a second (6 hands, about 288 decisions; medium thinks under 1 ms")


def test_resume_with_nothing_to_resume_says_so_on_stderr(tmp_path: Path) -> None:
    env = {**os.environ, "CARDTABLE_DATABASE_URL": str(tmp_path / "empty.db")}
    proc = subprocess.run([CARDTABLE, "resume", "--plain"], capture_output=True, text=True, timeout=60, env=env)
    assert proc.returncode == 1 and proc.stdout == ""
    assert "no unfinished game to resume (`cardtable history` lists the saved ones)" in proc.stderr


def test_install_hints_never_send_people_to_the_package_index() -> None:
    """A missing extra points to run.py (an unrelated 'cardtable' on the index must never be suggested)."""
    code = ("import sys; sys.modules['sqlalchemy'] = None; sys.modules['textual'] = None\n"
            "import cardtable.cli as c\n"
            "try:\n    c._open_store(None, required=True)\nexcept Exception as e:\n    print(e)\n"
            "sys.stdin.isatty = lambda: True; sys.stdout.isatty = lambda: True\n"
            "print(c._use_tui(False))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "python3 run.py play" in proc.stdout and "False" in proc.stdout
    assert "python3 run.py play" in proc.stderr
    assert "pip install 'cardtable" not in proc.stdout + proc.stderr
