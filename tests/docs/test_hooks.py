"""The MkDocs hooks: reST docstrings to Markdown, GitHub-style rules lists, options tables."""

from __future__ import annotations

from docs_support import load_hook

REST = load_hook("griffe_rest")
ANCHORS = load_hook("rules_anchors")
OPTIONS = load_hook("options_tables")


def test_roles_become_code_spans() -> None:
    text = "See :class:`~cardtable.errors.CardtableError`, :func:`cardtable.make_game` and :mod:`~.deck`."
    assert REST.rest_to_markdown(text) == "See `CardtableError`, `cardtable.make_game` and `deck`."


def test_simple_tables_become_markdown_tables() -> None:
    text = """Codec:

==========  ==========================
id          move
==========  ==========================
0 - 51      ``discard C``
52          ``draw`` (the top of
            the stock)
==========  ==========================

After."""
    lines = REST.rest_to_markdown(text).splitlines()
    assert "| id | move |" in lines and "|---|---|" in lines
    assert "| 0 - 51 | ``discard C`` |" in lines
    assert "| 52 | ``draw`` (the top of the stock) |" in lines   # continuation row joined
    assert lines[-1] == "After."


def test_headerless_tables_get_an_empty_header() -> None:
    text = "====  ====\na     b\nc     d\n====  ===="
    assert REST.rest_to_markdown(text).split("\n")[1:5] == ["|  |  |", "|---|---|", "| a | b |", "| c | d |"]


def test_doctest_and_literal_blocks_are_fenced() -> None:
    text = "Example::\n\n    dealer: 0\n    turn: 1\n\n>>> 1 + 1\n2\n\nEnd."
    out = REST.rest_to_markdown(text)
    assert "Example:\n\n```text\ndealer: 0\nturn: 1\n```" in out
    assert "```pycon\n>>> 1 + 1\n2\n```" in out and out.endswith("End.")


def test_github_lists_get_blank_lines_and_four_space_nesting() -> None:
    text = "Intro:\n- a\n  - nested\n1. **One.** x\n   - under one\n\nPara\n| t | u |\n|---|---|\n"
    out = ANCHORS.normalize_lists(text).splitlines()
    assert out[:3] == ["Intro:", "", "- a"]
    assert "    - nested" in out and "    - under one" in out
    assert out[out.index("Para") + 1] == ""                      # a table after a paragraph starts a block


def test_numbered_items_get_anchors_without_changing_the_text() -> None:
    page = "### 4.1 Offer\n1. **Non-dealer.** May take.\n2. **Dealer.** Then.\n"
    annotated, ids = ANCHORS._annotate(page)
    assert ids == ["4.1", "4.1.1", "4.1.2"]
    assert '1. <a id="4.1.1"></a>**Non-dealer.** May take.' in annotated
    assert ANCHORS.rule_slugify("7.2.2 Capture with a numeral card", "-") == "7.2.2"
    assert ANCHORS.rule_slugify("Where to start", "-") == "where-to-start"


def test_options_table_follows_the_rules_class() -> None:
    table = OPTIONS.options_table("casino")
    assert "| `sweep_points` | `1` | `0` |" in table
    assert "`classic`" in table.splitlines()[0]
    assert "| `knock_limit` | `10` |" in OPTIONS.options_table("gin")


def test_references_in_the_rules_text_become_links() -> None:
    page = "## 4. Play\n### 4.3 Discard\n1. Knock (see G-12, 4.3, 9.9 and `4.3`).\n**G-12 Knocks.**\n"
    annotated, ids = ANCHORS._annotate(page)
    linked = ANCHORS.link_references(annotated, ids)
    assert "(see [G-12](#G-12), [4.3](#4.3), 9.9 and `4.3`)" in linked     # 9.9 is no anchor; code stays code
    assert "### 4.3 Discard" in linked and '<a id="4.3.1"></a>' in linked


def test_roles_become_cross_references_in_context() -> None:
    context = ("cardtable.pinochle.state", "cardtable.pinochle", "cardtable.pinochle.state.PinochleState",
               {"IllegalActionError": "cardtable.errors.IllegalActionError"})
    out = REST.rest_to_markdown(":mod:`~.deck`, :class:`IllegalActionError`, :meth:`apply` and :func:`cardtable.make_game`",
                                context)
    assert '<autoref identifier="cardtable.pinochle.deck" optional><code>deck</code></autoref>' in out
    assert '<autoref identifier="cardtable.errors.IllegalActionError" optional>' in out
    assert ('<autoref identifier="cardtable.pinochle.state.PinochleState.apply" '
            'slug="cardtable.pinochle.state.apply" optional><code>apply</code></autoref>') in out
    assert '<autoref identifier="cardtable.make_game" optional>' in out


def test_citations_are_read_from_the_engines() -> None:
    hook = load_hook("citations")
    casino = hook.citations("casino")
    assert ("controller rule 7.4.1", "you control … and may not trail") in casino
    table = hook.citations_table("gin")
    assert "| [4.3.2](rules/gin_rummy.md#4.3.2) | deadwood after this discard would be … > knock limit … |" in table
    assert any("royal marriage" in message and rule == "6.3.5" for rule, message in hook.citations("pinochle"))
