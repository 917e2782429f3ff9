"""Every ``cardtable ...`` command line shown in a ```sh block of the site parses with today's CLI.

The commands themselves are not run (they play games or start servers); parsing catches an
option that was renamed or removed. Usage lines with placeholders (``[ID]``, ``ID|FILE``) are
left out.
"""

from __future__ import annotations

import shlex

import pytest
from docs_support import DOCS, code_blocks, pages

from cardtable.cli import build_parser


def _commands() -> list[tuple[str, str]]:
    found = []
    for page in pages():
        for line_no, code, _ in code_blocks(page.read_text(encoding="utf-8"), "sh"):
            for k, line in enumerate(code.splitlines()):
                words = shlex.split(line, comments=True)
                while words and "=" in words[0]:
                    words.pop(0)  # environment assignments such as PYTHONPATH=.
                if words[:1] == ["cardtable"] and not any(c in line.split("#")[0] for c in "[|"):
                    found.append((f"{page.relative_to(DOCS)}:{line_no + k + 1}", " ".join(words[1:])))
    return found


COMMANDS = _commands()


def test_the_pages_show_commands() -> None:
    assert len(COMMANDS) >= 15
    assert {c.split()[0] for _, c in COMMANDS} >= {"play", "arena", "serve", "docs", "history"}


@pytest.mark.parametrize(("where", "command"), COMMANDS, ids=[w for w, _ in COMMANDS])
def test_command_parses(where: str, command: str) -> None:
    try:
        build_parser().parse_args(shlex.split(command))
    except SystemExit as exc:  # argparse exits on an unknown option or a bad value
        pytest.fail(f"{where}: 'cardtable {command}' does not parse ({exc})")
