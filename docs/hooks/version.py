"""MkDocs hook: the package's version (read from ``pyproject.toml``, the one place it is written) in
the site's name and footer, so a reader knows which release the pages describe."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

__all__ = ["on_config", "project_version"]

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def project_version(path: Path = PYPROJECT) -> str:
    """``[project] version`` of ``pyproject.toml``."""
    return str(tomllib.loads(path.read_text(encoding="utf-8"))["project"]["version"])


def on_config(config: Any, **kwargs: Any) -> Any:
    version = project_version()
    config["site_name"] = f"{config['site_name']} {version}"
    config["copyright"] = f"cardtable {version} · documentation of this version"
    return config
