"""A rule read from a table row or card shows its profile on its page (issue 24)."""

from __future__ import annotations

from referee.model import Field, Source, Version
from referee.site.rulepage import extras


def test_fields_are_a_profile_table_and_escaped() -> None:
    version = Version(
        "Never flees.", Source("demo/rules.md", 5, 5, 3), "demo/rules.md", "core",
        fields=(Field("Cost", "5"), Field("Range", '<b>24"</b>'), Field("", "31 | D66")),
    )  # fmt: skip
    (html,) = [str(part) for part in extras(version)]
    assert html == (
        '<div class="rf-table rf-fields"><table>'
        "<thead><tr><th>Cost</th><th>Range</th></tr></thead>"
        "<tbody><tr><td>5</td><td>&lt;b&gt;24&quot;&lt;/b&gt;</td></tr></tbody>"
        '<tbody><tr><td colspan="2">31 | D66</td></tr></tbody>'
        "</table></div>"
    )


def test_no_fields_no_table() -> None:
    assert extras(Version("Text.", Source("demo/rules.md", 1, 1), "demo/rules.md", "core")) == []
