"""Where a document's lines start is kept for the latest texts only: a shell that
rebuilds reads new texts of the same documents, and must not keep every old one."""

from referee.graph import sentences
from referee.graph.sentences import line_at, lines_between


def test_lines_are_read_by_number():
    text = "first\nsecond\nthird"
    assert [line_at(text, n) for n in (0, 1, 2, 3, 4)] == [None, "first", "second", "third", None]
    assert lines_between(text, 2, 3) == "second\nthird"
    assert lines_between(text, 3, 2) is None


def test_old_texts_are_let_go_once_the_kept_ones_pass_the_bound(monkeypatch):
    monkeypatch.setattr(sentences, "_LINE_STARTS", {})
    monkeypatch.setattr(sentences, "_KEPT_CHARACTERS", 100)
    texts = [f"rebuild {n}\n" + "x" * 30 for n in range(20)]  # 41 characters each
    for number, text in enumerate(texts):
        assert line_at(text, 1) == f"rebuild {number}"
    kept = [text for text, _starts in sentences._LINE_STARTS.values()]
    assert kept == texts[-2:]  # two fit in 100 characters; the latest is always kept


def test_a_text_read_again_is_kept_as_the_latest(monkeypatch):
    monkeypatch.setattr(sentences, "_LINE_STARTS", {})
    monkeypatch.setattr(sentences, "_KEPT_CHARACTERS", 100)
    first, second, third = ("a\n" + "y" * 38, "b\n" + "y" * 38, "c\n" + "y" * 38)
    line_at(first, 1), line_at(second, 1), line_at(first, 2), line_at(third, 1)
    assert [text for text, _starts in sentences._LINE_STARTS.values()] == [first, third]


def test_one_text_larger_than_the_bound_is_still_read(monkeypatch):
    monkeypatch.setattr(sentences, "_LINE_STARTS", {})
    monkeypatch.setattr(sentences, "_KEPT_CHARACTERS", 10)
    text = "heading\n" + "z" * 50 + "\nlast"
    assert line_at(text, 3) == "last"
    assert len(sentences._LINE_STARTS) == 1


def test_the_rules_of_a_page_on_one_line_are_placed_from_one_squeeze(monkeypatch):
    """A wiki page saved as one long line holds many rules: the line is squeezed once for all of
    them (each rule squeezed it again), and a new text of the document is squeezed anew."""
    from referee.model import Source, Version

    made = []
    squeeze = sentences.SqueezedDocument.of
    monkeypatch.setattr(sentences.SqueezedDocument, "of", classmethod(lambda cls, text: made.append(text) or squeeze(text)))
    page = "== Rules == '''Fear''': Models flee. They cry. '''Terror''': Models flee too. It hurts."
    versions = [Version(text, Source("x/page.wiki", 1, 1, page.index(name) + 1), "x/page.wiki", "core")
                for name, text in (("'''Fear", "Models flee. They cry."), ("'''Terror", "Models flee too. It hurts."))]
    places = [sentences.locate(sentences.split(v.text), v, {"x/page.wiki": page}) for v in versions]
    at = [page.index(words) + 1 for words in ("Models flee.", "They cry.", "Models flee too.", "It hurts.")]
    assert places == [[(1, at[0]), (1, at[1])], [(1, at[2]), (1, at[3])]] and len(made) == 1
    edited = page.replace("They cry.", "They all cry.")
    assert sentences.locate(["It hurts."], versions[1], {"x/page.wiki": edited}) == [(1, at[3] + 4)] and len(made) == 2


def test_squeeze_keeps_letters_and_digits_only_ascii_or_not():
    """An ASCII text is squeezed by a table, any other by the pattern: the same letters and digits."""
    import re

    every_ascii = "".join(map(chr, range(128)))
    assert sentences.squeeze(every_ascii) == "0123456789abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz"
    for text in ("**Fly (X, Y)** - It_must", "Straße, ſpells & İ", "+1 Str.", ""):
        assert sentences.squeeze(text) == re.sub(r"[\W_]+", "", text).casefold()
