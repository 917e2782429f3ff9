"""MkDocs hook: stable anchors for rule numbers, so that "casino.md 7.2.2" is ``rules/casino.md#7.2.2``.

The rules files are copied unchanged from the specification; the anchors are added when a page
is rendered, never written into the files:

* a numbered heading (``#### 7.2.2 Capture with a numeral card``) gets the id ``7.2.2``;
* a top-level numbered list item under a numbered heading (item 3 of section 4.1) gets ``4.1.3``,
  unless a heading already has that id;
* a numbered example (``**C-01 A court card takes only one.**``) gets ``C-01``;
* references in the text ("(7.3.5)", "see G-12") become links to those anchors.

The files are written for GitHub's Markdown (lists straight after a paragraph, nested items
indented by 2 or 3 spaces); :func:`normalize_lists` gives Python-Markdown the blank lines and
4-space indents it needs for the same structure.

:func:`rule_anchors` is the same computation without MkDocs, for the tests.
"""

from __future__ import annotations

import re
from typing import Any

from markdown.extensions.toc import slugify_unicode

__all__ = ["link_references", "normalize_lists", "rule_anchors", "rule_slugify", "on_config", "on_page_markdown"]

_HEADING = re.compile(r"^(#{1,6})\s+(\d+(?:\.\d+)*)\.?\s")
_ITEM = re.compile(r"^(\d+)\.\s")
_EXAMPLE = re.compile(r"^\*\*([A-Z]-\d+)\b")
_FENCE = re.compile(r"^\s*(```|~~~)")
_LIST = re.compile(r"^( *)([-*+]|\d+\.) ")


def normalize_lists(markdown: str) -> str:
    """Blank lines before lists and tables that follow a paragraph, and nested list blocks
    re-indented by 4 spaces per level, so Python-Markdown renders what GitHub renders."""
    out: list[str] = []
    stack: list[int] = []  # source indents of the open list items, outermost first
    prev = ""
    in_fence = False
    for line in markdown.splitlines():
        if _FENCE.match(line):
            in_fence = not in_fence
        if in_fence or _FENCE.match(line):
            out.append(line)
            prev = line
            continue
        text = line.lstrip(" ")
        indent = len(line) - len(text)
        if not text:
            out.append(line)
            prev = line
            continue
        item = _LIST.match(line)
        if item:
            while stack and indent < stack[-1]:
                stack.pop()
            if stack and indent == stack[-1]:
                stack.pop()
            if not stack and prev.strip() and not _LIST.match(prev) and not prev.startswith(" "):
                out.append("")
            stack.append(indent)
            out.append(" " * (4 * (len(stack) - 1)) + text)
        elif indent and stack:
            while len(stack) > 1 and indent <= stack[-1]:
                stack.pop()
            if text.startswith("|") and not prev.lstrip().startswith("|") and prev.strip():
                out.append("")
            out.append(" " * (4 * len(stack)) + text)
        else:
            if not line.startswith(" "):
                if text.startswith("|") and prev.strip() and not prev.startswith("|"):
                    out.append("")
                if not prev.strip() or line.startswith("#"):
                    stack = []
            out.append(line)
        prev = line
    return "\n".join(out) + ("\n" if markdown.endswith("\n") else "")


def rule_slugify(value: str, separator: str) -> str:
    """Heading ids: the section number for numbered headings, the usual slug otherwise."""
    match = re.match(r"^\s*(\d+(?:\.\d+)*)\.?(\s|$)", value)
    if match:
        return match.group(1)
    return str(slugify_unicode(value, separator))


def _annotate(markdown: str) -> tuple[str, list[str]]:
    """The page with anchors inserted before numbered items and examples, and every rule id."""
    headings = {m.group(2) for line in markdown.splitlines() if (m := _HEADING.match(line))}
    ids: list[str] = sorted(headings)
    seen = set(headings)
    section = ""
    in_fence = False
    out: list[str] = []
    for line in markdown.splitlines(keepends=True):
        if _FENCE.match(line):
            in_fence = not in_fence
        if in_fence:
            out.append(line)
            continue
        anchor = ""
        item = None
        if heading := _HEADING.match(line):
            section = heading.group(2)
        elif (item := _ITEM.match(line)) and section:
            anchor = f"{section}.{item.group(1)}"
        elif example := _EXAMPLE.match(line):
            anchor = example.group(1)
        if anchor and anchor not in seen:
            seen.add(anchor)
            ids.append(anchor)
            if item:
                prefix = item.group(0)
                line = f'{prefix}<a id="{anchor}"></a>{line[len(prefix):]}'
            else:
                line = f'<a id="{anchor}"></a>{line}'
        out.append(line)
    return "".join(out), ids


_REFERENCE = re.compile(r'(?<![\w.#"\-\[])(\d+\.\d+(?:\.\d+)*|[CGP]-\d{2})(?![\w"\]]|\.\d)')


def link_references(markdown: str, ids: list[str]) -> str:
    """Rule numbers and example names in the text that are anchors of the page become links
    (not in headings, code spans or fenced code)."""
    known = set(ids)
    out: list[str] = []
    in_fence = False
    for line in markdown.splitlines(keepends=True):
        if _FENCE.match(line):
            in_fence = not in_fence
        if in_fence or _FENCE.match(line) or line.startswith("#"):
            out.append(line)
            continue
        parts = line.split("`")
        for k in range(0, len(parts), 2):  # outside code spans
            parts[k] = _REFERENCE.sub(lambda m: f"[{m.group(1)}](#{m.group(1)})" if m.group(1) in known else m.group(1),
                                      parts[k])
        out.append("`".join(parts))
    return "".join(out)


def rule_anchors(markdown: str) -> list[str]:
    """Every rule id a rules page gets: section numbers, numbered items, example names."""
    return _annotate(markdown)[1]


def on_config(config: Any) -> Any:
    """Use :func:`rule_slugify` for every heading id."""
    config.mdx_configs.setdefault("toc", {})["slugify"] = rule_slugify
    return config


def on_page_markdown(markdown: str, page: Any, **kwargs: Any) -> str:
    """Add item and example anchors to the rules pages (not to the translated source texts)."""
    uri = page.file.src_uri
    if uri.startswith("rules/") and "/sources/" not in uri:
        annotated, ids = _annotate(markdown)
        return normalize_lists(link_references(annotated, ids))
    return markdown
