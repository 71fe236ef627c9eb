"""Any question string gets an answer or one of the two documented errors, never
a crash; every distribution adds up to exactly 1 and every chance lies in [0, 1]."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.calc import answer
from referee.calc.errors import CalcSyntaxError, Refusal
from referee.calc.systems import MODULES
from tests.conftest import examples

# Words of the grammar and numbers in the forms questions use, so that many
# generated strings read and reach the mechanics, not only the parser.
WORDS = (
    "hit cs vs s t wound save dodge pure ap then attacks feel no pain fnp poisoned normally sniper fleshbane "
    "multiple wounds clipped wings against fly hp maximised minimised twice thrice times needing swiftstride "
    "charge range flee distance unstable undead stubborn steadfast rally around the flag rank bonus cover soft "
    "hard light and dangerous terrain cavalry chariot fliers water forest obstacle impossible enemy bad luck pool"
).split()
PIECES = st.one_of(
    st.sampled_from(WORDS),
    st.integers(0, 12).map(str),
    st.integers(1, 7).map(lambda n: f"{n}+"),
    st.integers(1, 7).map(lambda n: f"{n}++"),
    st.integers(1, 7).map(lambda n: f"{n}+-"),
    st.integers(0, 6).map(lambda n: f"-{n}"),
    st.sampled_from(["D3", "D6", "2D6", "3D6", "CS5", "S4", "T7", "AP-2", "2+/4+", "(", ")", ",", "/", "!"]),
)

# Questions as the grammar reads them, with random numbers: these reach the mechanics.
_n = st.integers(0, 12)
STAGES = st.one_of(
    st.builds("hit CS{} vs CS{}".format, _n, _n),
    st.builds("wound S{} vs T{}".format, _n, st.integers(0, 30)),
    st.builds("save {}+/{}+ AP-{}".format, st.integers(1, 7), st.integers(1, 7), _n),
    st.builds("dodge {}+- AP-{}".format, st.integers(1, 7), _n),
    st.builds("pure {}++".format, st.integers(1, 7)),
    st.builds("feel no pain {}+".format, st.integers(1, 7)),
    st.builds("poisoned {}+ S{} vs T{}".format, st.integers(1, 7), _n, _n),
    st.sampled_from(["sniper", "fleshbane", "feel no pain", "poisoned"]),
    st.builds("multiple wounds {}{}{}".format, st.sampled_from(["D3", "D6", "2", "3"]), st.sampled_from(["", " clipped wings"]), st.sampled_from(["", " vs fly", " vs hp 2", " vs fly hp 3"])),
)
CHAINS = st.builds(
    lambda count, stages: (f"{count} attacks " if count else "") + " then ".join(stages),
    st.integers(0, 6),
    st.lists(STAGES, min_size=1, max_size=4),
)
OTHERS = st.one_of(
    st.builds("{}D6{}{}".format, st.integers(1, 4), st.sampled_from(["", " maximised", " maximised twice", " minimised", " minimised 3 times"]), st.sampled_from(["", " needing 7", " needing 12"])),
    st.builds("swiftstride {}{}".format, st.sampled_from(["charge range", "flee distance", "overrun distance"]), st.sampled_from(["", " needing 9"])),
    st.builds(
        lambda lost, flags: f"unstable {lost} " + " ".join(flags),
        st.integers(0, 40),
        st.lists(st.sampled_from(["undead", "stubborn", "steadfast", "rally around the flag", "rank bonus 2", "rank bonus 0"]), max_size=5),
    ),
    st.lists(st.sampled_from(["soft", "hard", "light"]), min_size=1, max_size=3).map(lambda kinds: "cover " + " and ".join(kinds)),
    st.builds("dangerous terrain {} {}".format, st.sampled_from(["cavalry", "chariots", "fliers", "small infantry", "fleeing", "dragons"]), st.sampled_from(["forest", "water", "obstacle", "impossible", "enemy", "lava"])),
    st.lists(st.integers(0, 7), min_size=1, max_size=8).map(lambda dice: "bad luck pool " + " ".join(map(str, dice))),
)
QUESTIONS = st.one_of(CHAINS, OTHERS, st.lists(PIECES, max_size=12).map(" ".join), st.text(max_size=30))


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(system=st.sampled_from(sorted(MODULES)), question=QUESTIONS)
def test_answer_or_documented_error(rulebase, system, question):
    check_answer(rulebase, system, question)


def check_answer(rulebase, system, question):
    """The property: an answer whose chances add up, or a documented error (benchmarks/fuzz.py runs it long)."""
    try:
        found = answer(rulebase, system, question)
    except (CalcSyntaxError, Refusal) as err:
        assert str(err).startswith("error: ")
        return
    assert found.steps
    if found.probability is not None:
        assert 0 <= found.probability <= 1
        assert isinstance(found.probability, Fraction)
    if found.distribution is not None:
        assert found.distribution.total == 1
        assert all(chance > 0 for _, chance in found.distribution.items())
    assert found.to_json()["system"] == system


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(count=st.integers(1, 8), attacker=st.integers(1, 10), defender=st.integers(1, 10), s=st.integers(1, 10), t=st.integers(1, 14))
def test_attacks_are_binomial(rulebase, count, attacker, defender, s, t):
    """n attacks through pass/fail stages: the count of wounds is binomial in the one-attack chance."""
    single = answer(rulebase, "last-edition", f"hit CS{attacker} vs CS{defender} then wound S{s} vs T{t}").distribution
    p = single[1]
    many = answer(rulebase, "last-edition", f"{count} attacks hit CS{attacker} vs CS{defender} then wound S{s} vs T{t}").distribution
    assert many.total == 1
    assert many.mean == count * p
    assert many[count] == p**count
