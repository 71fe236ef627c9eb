"""Hypothesis strategies for hostile rule documents, shared by the tests and benchmarks/fuzz.py.

Random text alone seldom gets past an adapter's first check (a heading, a
bold name), so documents are built from lines each format gives meaning to,
mixed with arbitrary text, invisible characters and markup of other formats.
"""

from __future__ import annotations

from hypothesis import strategies as st

NAMES = st.sampled_from(["Fear", "Terror", "Fly (8\", 16\")", "Ranged X", "Multiple Wounds (D3)", "Hellebarde", "Ø", ""])
# Characters that end, open or hide things: brackets, quotes, invisible and line-breaking ones.
SHARP = st.sampled_from(list("()[]{}<>|=#*_`'\"\\:;,.!-~^&%$\t\r\x00\x0b\x0c\x1b\u200b\u202e\u2028\u2029\ufeff\ud7ff\U0001f600"))
WORDS = st.text(st.one_of(st.characters(), SHARP), max_size=12)
RUN = st.lists(st.one_of(WORDS, NAMES, SHARP), max_size=6).map(" ".join)

MARKDOWN_LINES = st.one_of(
    RUN,
    st.builds("{} {}".format, st.sampled_from(["#", "##", "###", "####", "#######", "#", " ##", "\t#"]), RUN),
    st.builds("**{}**{}".format, NAMES, RUN),
    st.builds("- {}".format, RUN),
    st.builds("> {}".format, RUN),
    st.builds("{}. {}".format, st.integers(-1, 12), RUN),
    st.sampled_from(["```", "```mermaid", "~~~", "---", "***", "===", "|a|b|", "|-|-|", "<!--", "-->", "", "", "\\"]),
    st.builds("[{}]({})".format, RUN, RUN),
    st.builds("<{}>{}</{}>".format, st.sampled_from(["script", "img src=x onerror=alert(1)", "b", "div"]), RUN, st.sampled_from(["script", "b", "div", ""])),
    st.builds('"{}"'.format, RUN),
)
WIKI_LINES = st.one_of(
    RUN,
    st.builds("{0}{1}{0}".format, st.sampled_from(["=", "==", "===", "====", "======="]), RUN),
    st.builds("'''{}'''{}".format, st.one_of(NAMES, RUN), RUN),
    st.builds("''{}''".format, RUN),
    st.builds("[[{}|{}]]".format, RUN, RUN),
    st.builds("[[{}]]".format, st.sampled_from(["File:x.png|thumb|", "Category:Rules", ":Category:X", "Fear", ""])),
    st.builds("{{{{{}}}}}".format, RUN),
    st.builds("[{} {}]".format, st.sampled_from(["http://x", "javascript:alert(1)", "mailto:a@b", ""]), RUN),
    st.builds("<{}>{}".format, st.sampled_from(["ref", "nowiki", "pre", "/ref", "br", "!--", "math"]), RUN),
    st.sampled_from(["{|", "|-", "|}", "* ", "# ", ": ", ";", "----", "__NOTOC__", "&lt;script&gt;", "&#0;", "&#x110000;", "&bogus;", ""]),
)
PLAIN_LINES = st.one_of(RUN, NAMES, st.sampled_from(["", "", "  ", 'Range 24", Shots 1, Str 4, AP 1', "(D3)", "Fear, Terror"]))


def document(lines: st.SearchStrategy[str], max_lines: int = 25) -> st.SearchStrategy[str]:
    return st.lists(lines, max_size=max_lines).map("\n".join)


def encoded(text: st.SearchStrategy[str]) -> st.SearchStrategy[bytes]:
    """Text as the bytes of a file: UTF-8, sometimes with a byte-order mark or CRLF line ends."""
    return st.tuples(text, st.sampled_from(["", "\ufeff"]), st.sampled_from(["\n", "\r\n", "\r"])).map(
        lambda t: (t[1] + t[0].replace("\n", t[2])).encode("utf-8", "surrogatepass")
    )


# Any of these can land in a file of any format: users mislabel documents.
DOCUMENTS = st.one_of(
    st.binary(max_size=300),
    encoded(document(MARKDOWN_LINES)),
    encoded(document(WIKI_LINES)),
    encoded(document(PLAIN_LINES)),
    encoded(st.text(max_size=300)),
)

TOML_LINES = st.one_of(
    st.sampled_from([
        'id = "fuzz"', 'title = "Fuzz"', "[[documents]]", 'path = "rules.txt"', 'format = "rules-list"', 'role = "core"',
        'lang = "en"', 'precedence = ["core"]', "[aliases.en]", "[aliases]", '"A" = "B"', "[[waivers]]", 'code = "x"',
        'reason = "r"', 'rule = "Fear"', "languages = []", "core_terms = [1]", "documents = 3", "aliases = 1",
        'path = "../x"', 'path = "/etc/passwd"', 'path = ""', "path = 1", "format = []", 'lang = "e"', "[documents]",
        'id = "Fuzz"', "title = 1", 'origin = 2', "categories = 1", 'categories = ["a", 1]', "category = []",
        'path = "\\u0000"', 'alias_lang = 3', "base_book = {}", "waivers = [1]", '[aliases."de"]', '"" = ""', "x = {a = 1}",
    ]),
    st.builds("{} = {}".format, st.sampled_from(["id", "title", "path", "format", "role", "lang", "precedence", "code"]), st.one_of(
        st.integers().map(str), st.text(max_size=8).map(lambda t: '"' + t.replace("\\", "\\\\").replace('"', '\\"') + '"'),
        st.sampled_from(["[]", "{}", "true", "1.5", "1979-05-27", '"""x"""', "'''y'''", "[[]]", "inf", "nan"]),
    )),
    st.text(max_size=20),
)
VALID_MANIFEST = [
    'id = "fuzz"', 'title = "Fuzz"', 'precedence = ["core"]', "[aliases.en]", '"Dread" = "Fear"',
    "[[documents]]", 'path = "rules.txt"', 'format = "rules-list"', 'role = "core"',
    "[[waivers]]", 'code = "empty-rule"', 'rule = "Fear"', 'reason = "fuzz"',
]


@st.composite
def _edited_manifest(draw: st.DrawFn) -> str:
    """A valid manifest with a few lines dropped, replaced or added: most stay close to valid."""
    lines = list(VALID_MANIFEST)
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(lines)))
        action = draw(st.sampled_from(["drop", "replace", "add"]))
        if action == "add" or at == len(lines):
            lines.insert(at, draw(TOML_LINES))
        elif action == "drop":
            del lines[at]
        else:
            lines[at] = draw(TOML_LINES)
    return "\n".join(lines) + "\n"


MANIFESTS = st.one_of(st.binary(max_size=200), encoded(document(TOML_LINES, max_lines=14)), _edited_manifest().map(str.encode))
