"""Hypothesis strategies for keyword values, in the normal form that parsing yields.

A few things are read by position, so the generated values keep to them:
qualifiers start lower case and nested keywords upper case; only an army role
carries colours, right before its leader-point value; an "against" qualifier
comes last in its brackets (the names after it would join its list); only the
first role of an allowance may go without a count.
"""

from __future__ import annotations

from hypothesis import strategies as st

from referee.keywords import (
    Allowance,
    Arg,
    AsUser,
    Choice,
    Colors,
    Dice,
    Distance,
    Keyword,
    KeywordList,
    KeywordUse,
    Modifier,
    Number,
    Qualifier,
    Quoted,
    Role,
    Roll,
    Save,
    SecondProfile,
    Threshold,
    Variable,
)

VARIABLES = st.sampled_from(["X", "Y", "Z"])
SMALL = st.integers(min_value=0, max_value=60)
POSITIVE = st.integers(min_value=1, max_value=60)

CAPITAL_WORDS = st.from_regex(r"[A-Z][a-z]{1,7}(-[A-Z][a-z]{1,5})?!?", fullmatch=True)
LOWER_WORDS = st.from_regex(r"[a-z][a-z&]{1,7}", fullmatch=True).filter(lambda w: w not in {"as", "against", "for", "on"})
LINKS = st.sampled_from(["and", "of", "to", "the", "in"])
ACCENTED = st.sampled_from(["Port\u00e9e", "\u00c9lite", "Stra\u00dfe", "vol\u00e9e"])


def _reads_as_one_name(name: str) -> bool:
    # "... as user" and "... Same" + "as user" would be read as an "as user" value.
    lowered = name.lower()
    return "as user" not in lowered and not lowered.endswith("same")


@st.composite
def _names(draw: st.DrawFn, capitalised: bool) -> str:
    first = draw((CAPITAL_WORDS | ACCENTED.filter(str.istitle)) if capitalised else LOWER_WORDS)
    rest = draw(st.lists(CAPITAL_WORDS | LOWER_WORDS | LINKS | ACCENTED, max_size=3))
    return " ".join([first, *rest])


def names(capitalised: bool = True) -> st.SearchStrategy[str]:
    return _names(capitalised).filter(_reads_as_one_name)


numbers = st.builds(Number, SMALL)
dice = st.builds(
    Dice,
    POSITIVE,
    POSITIVE,
    st.integers(min_value=-6, max_value=6),
    st.integers(min_value=1, max_value=4),
)
thresholds = st.builds(Threshold, st.integers(min_value=1, max_value=12)) | st.builds(
    Threshold, st.none(), VARIABLES
)
distances = st.builds(Distance, POSITIVE) | st.builds(lambda a, b: Distance(min=a, max=b), POSITIVE, POSITIVE)
variables = st.builds(Variable, VARIABLES)
saves = (
    st.builds(lambda a, b: Save("armour", a, None, b), st.integers(1, 7), st.integers(1, 7))
    | st.builds(lambda kind, level: Save(kind, level), st.sampled_from(["pure", "dodge"]), st.integers(1, 7))
    | st.builds(lambda kind, var: Save(kind, None, var), st.sampled_from(["pure", "dodge"]), VARIABLES)
)
quoted = st.builds(Quoted, st.from_regex(r"[a-z][a-z /]{0,12}", fullmatch=True))
as_user = st.builds(AsUser, st.sampled_from(["As User", "as user", "Same as user", "Same As User"]))
stats = st.none() | names() | st.sampled_from(["to hit", "Armour Penetration", "Advance Rate"])
modifiers = st.builds(Modifier, st.integers(-9, 9), stats, st.none(), st.booleans()) | st.builds(
    Modifier, st.sampled_from([-1, 1]), stats, VARIABLES, st.booleans()
)

# Values a choice can hold and that read the same inside brackets and after a name.
SIMPLE = numbers | dice | thresholds | distances | variables | saves | quoted | as_user
choices = st.builds(lambda options: Choice(tuple(options)), st.lists(SIMPLE, min_size=2, max_size=3))


@st.composite
def allowances(draw: st.DrawFn) -> Allowance:
    def role_names() -> st.SearchStrategy[tuple[str, ...]]:
        return st.lists(LOWER_WORDS, min_size=1, max_size=2).map(tuple)

    first = draw(
        st.builds(Role, role_names())
        | st.builds(Role, role_names(), POSITIVE)
        | st.builds(lambda n, p: Role(n, None, p), role_names(), st.integers(-5, 5))
    )
    rest = draw(
        st.lists(
            st.builds(Role, role_names(), POSITIVE) | st.builds(lambda n, p: Role(n, None, p), role_names(), st.integers(-5, 5)),
            max_size=2,
        )
    )
    return Allowance((first, *rest))


def second_profiles(depth: int) -> st.SearchStrategy[SecondProfile]:
    return st.builds(lambda args: SecondProfile(tuple(args)), slot_lists(depth - 1, min_size=1))


def inline_values(depth: int) -> st.SearchStrategy[Arg]:
    """Values that can be written after a name, without brackets."""
    values = SIMPLE | choices | modifiers | allowances()
    if depth > 0:
        values = values | second_profiles(depth)
    return values


rolls = st.builds(Roll, numbers | dice | variables, thresholds)
qualifiers = st.builds(Qualifier, names(capitalised=False))
against = st.builds(lambda n: Qualifier(f"against {n}"), names())


def nested_keywords(depth: int) -> st.SearchStrategy[Keyword]:
    return keywords(depth - 1, capitalised=True).map(lambda use: Keyword(use.name or "", use.args, use.bracketed))


def slot_values(depth: int) -> st.SearchStrategy[Arg]:
    """One bracketed parameter."""
    values = SIMPLE | choices | modifiers | allowances() | rolls | qualifiers
    if depth > 0:
        nested = nested_keywords(depth)
        named = nested | qualifiers
        values = values | nested | second_profiles(depth) | st.builds(
            lambda options: Choice(tuple(options)), st.lists(named, min_size=2, max_size=3)
        )
    return values


@st.composite
def slot_lists(draw: st.DrawFn, depth: int, min_size: int = 1) -> list[Arg]:
    args = draw(st.lists(slot_values(depth), min_size=min_size, max_size=3))
    if draw(st.booleans()) and draw(st.booleans()):
        args.append(draw(against))
    return args


@st.composite
def keywords(draw: st.DrawFn, depth: int = 2, capitalised: bool | None = None) -> KeywordUse:
    """A keyword use: bare, bracketed, inline, or brackets then inline values."""
    name = draw(names(capitalised=draw(st.booleans()) if capitalised is None else capitalised))
    layout = draw(st.sampled_from(["bare", "bracket", "inline", "both"]))
    if layout == "bare":
        return KeywordUse(name)
    inside: list[Arg] = draw(slot_lists(depth)) if layout in ("bracket", "both") else []
    inline: list[Arg] = draw(st.lists(inline_values(depth), min_size=1, max_size=3)) if layout != "bracket" else []
    if inside and inline and isinstance(inline[0], Modifier):
        inline.insert(0, draw(numbers))  # a bracket right before a modifier reads as colours
    return KeywordUse(name, tuple(inside + inline), bracketed=len(inside))


army_roles = st.builds(
    lambda name, colours, points, allowance: KeywordUse(
        name, (Colors(tuple(colours)), Modifier(points), *allowance), bracketed=1
    ),
    names(),
    st.lists(LOWER_WORDS, min_size=1, max_size=3),
    st.integers(-9, 9),
    st.lists(allowances(), max_size=1),
)

bare_values = st.builds(
    lambda args: KeywordUse(None, tuple(args), bracketed=0),
    st.lists(inline_values(1), min_size=1, max_size=2),
)

keyword_lists = st.builds(
    lambda uses: KeywordList(tuple(uses)),
    st.lists(keywords() | army_roles | bare_values, max_size=4),
)
