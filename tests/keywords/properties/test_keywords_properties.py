"""Properties: rendering round-trips, and nothing but KeywordSyntaxError escapes."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.keywords import KeywordList, KeywordSyntaxError, parse, render, to_json
from tests.conftest import examples
from tests.keywords.properties.strategies import keyword_lists

# Generating nested values is the slow part; 150 of them cover the forms well.
GENERATED = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
FAST = settings(max_examples=examples(300), deadline=None)

# Characters the grammar gives meaning to, so random text reaches past the lexer.
KEYWORD_ALPHABET = st.sampled_from(list('()[]{},/|.+-"\'XYZDd0123456789 AaBbon+\u2033\u201d\u2212&!*\n'))


@GENERATED
@given(keyword_lists)
def test_parse_of_render_is_identity(value: KeywordList) -> None:
    text = render(value)
    parsed = parse(text)
    assert parsed == value, text
    assert render(parsed) == text
    for found in parsed:
        assert text[found.span[0] : found.span[1]] == found.text
    assert to_json(parsed)["input"] == text


def _parse_or_explain(text: str) -> None:
    try:
        result = parse(text)
    except KeywordSyntaxError as error:
        assert error.line >= 1 and error.column >= 1
        assert str(error).startswith("error: ")
        assert set(error.to_json()["error"]) == {"message", "line", "column", "expected"}
    else:
        assert parse(render(result)) == result


@FAST
@given(st.text())
def test_any_text_parses_or_raises_keyword_syntax_error(text: str) -> None:
    _parse_or_explain(text)


@FAST
@given(st.text(alphabet=KEYWORD_ALPHABET, max_size=30))
def test_keyword_like_text_parses_or_raises_keyword_syntax_error(text: str) -> None:
    _parse_or_explain(text)
