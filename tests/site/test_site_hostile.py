"""Rule text is data: markup in a rule, an alias or a title is shown, never run or rendered.

tests/site/fixtures/rules/hostile holds a ``<script>``, an ``<img onerror>``,
an inline ``onclick``, Markdown, a Mermaid fence, Jinja and LaTeX in rule
texts, and HTML in an alias and in the system's title.
"""

from __future__ import annotations

import json

import pytest

from tests.site.sites import BuiltSite, content, elements

PAGES = ("rules/hostile/fear.html", "rules/hostile/terror.html", "rules/hostile/stubborn.html", "rules/hostile/index.html")


@pytest.mark.parametrize("path", PAGES)
def test_no_markup_of_a_rule_becomes_an_element(hostile_site: BuiltSite, path: str) -> None:
    article = elements(content(hostile_site.page(path)))
    assert not [t for t, _a in article.tags if t in ("script", "img", "iframe", "strong", "em", "pre", "b", "i")]
    handlers = [(t, k) for t, attrs in article.tags for k in attrs if k.startswith("on")]
    assert handlers == []
    assert not [a for t, a in article.tags if (a.get("href") or "").lower().startswith("javascript:")]
    assert not [a for _t, a in article.tags if "mermaid" in (a.get("class") or "")]


def test_the_markup_is_shown_as_the_text_it_is(hostile_site: BuiltSite) -> None:
    fear = "".join(elements(content(hostile_site.page("rules/hostile/fear.html"))).text)
    assert 'cause <script>alert("fear")</script> panic' in fear
    assert """<img src=x onerror="alert('img')">""" in fear
    terror = "".join(elements(content(hostile_site.page("rules/hostile/terror.html"))).text)
    assert "Write **bold**, _italic_ and [a link](javascript:alert('md'))" in terror
    assert "```mermaid graph TD; A-->B ```" in terror
    assert """<div onclick="alert('div')">a div</div>""" in terror
    stubborn = "".join(elements(content(hostile_site.page("rules/hostile/stubborn.html"))).text)
    assert "{{ config.site_name }} {% raw %} and $x$" in stubborn


def test_names_and_titles_are_escaped_in_the_theme_too(hostile_site: BuiltSite) -> None:
    """The page title, navigation and header are the theme's; the plugin gives them escaped text."""
    for path in PAGES:
        html = hostile_site.page(path)
        assert "<b>markup</b>" not in html and "<i>x</i>" not in html
    index = hostile_site.page("rules/hostile/index.html")
    assert "Hostile &lt;b&gt;markup&lt;/b&gt; &amp; co" in index
    assert "Schrecken &lt;i&gt;x&lt;/i&gt;" in hostile_site.page("rules/hostile/terror.html")


def test_the_search_index_keeps_markup_escaped(hostile_site: BuiltSite) -> None:
    """Material shows a result's title and text as HTML: they must hold entities, not tags."""
    docs = json.loads(hostile_site.page("search/search_index.json"))["docs"]
    fear = next(d for d in docs if d["location"] == "rules/hostile/fear.html")
    assert "&lt;script&gt;" in fear["text"] and "<script" not in fear["text"] and "<img" not in fear["text"]
    assert all("<b>" not in d["title"] for d in docs)


def test_the_name_table_of_the_paste_box_cannot_close_its_script(hostile_site: BuiltSite) -> None:
    table = hostile_site.page("rules/_assets/names-hostile.js")
    assert '"schrecken i x i":["hostile/terror"]' in table  # the alias, folded as lookups fold it
    assert "<" not in table
