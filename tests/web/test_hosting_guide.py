"""The hosting guide's proxy configurations are valid for the proxies they are written for (checked with
``nginx -t`` and ``caddy validate`` where those are installed), and its metrics table names what
``/metrics`` serves."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cardtable.apps.web.metrics import METRIC_NAMES

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guides" / "hosting.md"


def block(language: str) -> str:
    found = re.findall(rf"```{language}\n(.*?)```", GUIDE.read_text(encoding="utf-8"), re.S)
    assert len(found) == 1, f"one {language} block expected in {GUIDE.name}"
    return found[0]


@pytest.mark.skipif(shutil.which("nginx") is None, reason="nginx is not installed (apt install nginx)")
def test_the_nginx_configuration_passes_nginx_t(tmp_path: Path) -> None:
    certs = tmp_path / "certs"
    certs.mkdir()
    made = subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                           "/CN=cards.example.org", "-keyout", str(certs / "privkey.pem"),
                           "-out", str(certs / "fullchain.pem")], capture_output=True, timeout=60)
    assert made.returncode == 0, made.stderr
    site = block("nginx").replace("/etc/letsencrypt/live/cards.example.org/", f"{certs}/")
    (tmp_path / "site.conf").write_text(site)
    (tmp_path / "logs").mkdir()
    (tmp_path / "nginx.conf").write_text(
        f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/logs/error.log;\nevents {{}}\n"
        f"http {{\n    access_log off;\n    include {tmp_path}/site.conf;\n}}\n")
    checked = subprocess.run(["nginx", "-t", "-c", str(tmp_path / "nginx.conf"), "-p", f"{tmp_path}/"],
                             capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0 and "syntax is ok" in checked.stderr, checked.stderr


@pytest.mark.skipif(shutil.which("caddy") is None, reason="caddy is not installed (apt install caddy)")
def test_the_caddyfile_passes_caddy_validate(tmp_path: Path) -> None:
    caddyfile = tmp_path / "Caddyfile"
    caddyfile.write_text(block("caddy"))
    checked = subprocess.run(["caddy", "validate", "--config", str(caddyfile), "--adapter", "caddyfile"],
                             capture_output=True, text=True, timeout=120, env={"HOME": str(tmp_path),
                                                                                "XDG_DATA_HOME": str(tmp_path),
                                                                                "XDG_CONFIG_HOME": str(tmp_path)})
    assert checked.returncode == 0 and "Valid configuration" in checked.stdout + checked.stderr, checked.stderr


def test_the_guide_names_every_metric() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    for name in METRIC_NAMES:
        assert f"`{name}" in text, name
    for path in ("/livez", "/healthz", "/metrics", "--metrics-token", "CARDTABLE_METRICS_TOKEN"):
        assert path in text, path
