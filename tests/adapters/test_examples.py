"""The examples run (with tiny settings: a few steps only)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_train_gin_gymnasium_runs() -> None:
    result = _load("train_gin_gymnasium").main(["--episodes", "3", "--eval-episodes", "2"])
    assert result["episodes"] == 3
    assert result["policy"].w.shape == (125, 542)


def test_openspiel_ismcts_vs_agent_runs() -> None:
    pytest.importorskip("pyspiel")
    result = _load("openspiel_ismcts_vs_hard").main(
        ["--pairs", "1", "--simulations", "2", "--opponent", "simple", "--rollout-length", "4"])
    assert result["hands"] == 2
    assert len(result["opponent_points"]) == 2
