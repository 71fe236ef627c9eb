"""Exact dice questions under a system's rules: ``referee calc`` (docs/calc.md).

Called from Python (the CLI and a shell do the same)::

    from referee.store.load import open_rules
    found = answer(open_rules("rules_src").whole(), "last-edition", "hit CS5 vs CS5")
    found.probability, found.needed     # (Fraction(1, 2), '4+')

Modules: ``parse`` (grammar/calc.lark -> ``question`` values, through
``lalr``, which walks the grammar's cached LALR tables), ``dice``
(Fraction distributions), ``citations`` (the sentence each step rests on),
one module per system's mechanics (``systems`` says which), ``chain``
(attacks through stages), ``commands`` (the CLI).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.calc import chain
from referee.calc import question as q
from referee.calc.answers import Answer, Step
from referee.calc.citations import Citation, Clause, Rulebook
from referee.calc.errors import CalcSyntaxError, NotASave, Refusal, not_defined
from referee.calc.parse import JOINING, parse
from referee.calc.systems import mechanics

if TYPE_CHECKING:
    from typing import Any

    from referee.store.book import Book
    from referee.store.record import Build

__all__ = ["Answer", "CalcSyntaxError", "Citation", "Clause", "Refusal", "Rulebook", "Step", "answer"]


def answer(build: Book | Build | Rulebook, system: str, question: str, rules_src: str | None = None) -> Answer:
    """The exact answer to ``question`` under ``system``'s rules, every step cited.

    ``build``: a :class:`~referee.store.record.Build`, or the store's rules with the
    ``rules_src`` it was built from, or a :class:`Rulebook`.  Raises
    :class:`CalcSyntaxError` for a question the grammar cannot read and
    :class:`Refusal` for one the system's documents do not settle.
    """
    names: tuple[str, ...] = ()
    if JOINING.search(question):  # "hit and run 3D6": the system's names holding such a word are read whole
        names = joined_names(Rulebook.of(build, rules_src), system, question)
    try:
        asked = parse(question, names)
    except CalcSyntaxError as unread_error:
        mechanics(system, system in (getattr(build, "systems", None) or ()))  # a system calc does not know: that first
        from referee.calc import unread  # why, when the documents say it: one line instead of a caret

        refused = unread.explain(Rulebook.of(build, rules_src), system, unread_error)
        if refused is None:
            raise
        raise refused from None
    module = mechanics(system, system in (getattr(build, "systems", None) or ()))
    too_big = q.out_of_range(asked)
    if too_big is not None:
        raise Refusal(too_big, system, question)
    book = Rulebook.of(build, rules_src)
    try:
        if isinstance(asked, q.Chain):
            parts = _chain_or_rule_roll(book, system, asked, module)
        else:
            handler = module.FORMS.get(type(asked))
            if handler is None and isinstance(asked, (q.PerEach, q.NamedDice)):
                from referee.calc import each  # read from the asked system's own sentences, whatever its module

                reader = each.per_each if isinstance(asked, q.PerEach) else each.named_dice
                handler = lambda book, asked: reader(book, system, asked)  # noqa: E731
            elif handler is None and isinstance(asked, (q.RuleRoll, q.KeepHighest, q.Versus, q.Sum)):
                from referee.calc import named  # read from the asked system's own sentences, whatever its module

                handler = named.forms(system)[type(asked)]
            elif handler is None and isinstance(asked, q.Roll) and not (asked.maximised or asked.minimised):
                from referee.calc import named  # plain dice added up, if the system's documents roll that die

                handler = lambda book, asked: named.plain_roll(book, system, asked)  # noqa: E731
            elif handler is None and isinstance(asked, (q.Roll, q.Swiftstride)):
                from referee.calc import kept  # Maximised Roll and Swiftstride, from the asked system's own rules

                reader = kept.roll if isinstance(asked, q.Roll) else kept.swiftstride
                handler = lambda book, asked: reader(book, system, asked)  # noqa: E731
            elif handler is None and isinstance(asked, q.Unstable):
                from referee.calc import t9a  # Unstable, where the asked system's own rules state its sentences

                handler = lambda book, asked: t9a.unstable_in(book, system, asked)  # noqa: E731
            if handler is None:
                raise not_defined(system, asked.mechanic)
            parts = handler(book, asked)
            again = getattr(asked, "reroll", None)
            if again is not None:  # the total is answered first, so a refusal of the roll itself comes first
                raise Refusal(
                    f"calc re-rolls one D6 against the number it needs (a stage: 'hit 4+ reroll failed'), not a total "
                    f"({asked.amount if isinstance(asked, q.Sum) else asked.dice}); it will not say what re-rolling it comes to",
                    system,
                )
    except Refusal as refused:
        refused.question = question
        raise
    return Answer(system, question, tuple(parts.pop("steps")), **parts)


def _chain_or_rule_roll(book: Rulebook, system: str, asked: q.Chain, module: Any) -> dict[str, Any]:
    """Attacks through stages; a question that is only a rule's name and a roll ("Absorb Health 5+")
    whose rule the documents do not call a save is the rule's own roll, as "Absorb Health (5+)" reads
    it (where a sentence says its X+ is that roll); if that is refused too, the first refusal stands."""
    try:
        return chain.answer(book, system, asked, module)
    except NotASave as not_a_save:
        stage = asked.stages[0]
        bare = q.Rolled("save", stage.needed, save=stage.save, save_said=False)
        if asked != q.Chain(None, (bare,)):
            raise
        from referee.calc import named

        try:
            return named.forms(system)[q.RuleRoll](book, q.RuleRoll(tuple(stage.save.split()), None, stage.needed))
        except Refusal:
            raise not_a_save from None


def joined_names(book: Rulebook, system: str, question: str) -> tuple[str, ...]:
    """The names (or other names) of ``system``'s rules that stand in ``question`` across a word
    joining names in it ("Hit and Run", "Slow and Purposeful", "Fight in Extra Rank"): each is
    read whole.  Only the runs of words around each joining word are looked up."""
    from referee.calc.citations import squeeze

    words = question.split()
    found: dict[str, None] = {}
    for at, word in enumerate(words):
        if not JOINING.fullmatch(word.strip(",;:!")):
            continue
        for start in range(max(0, at - 4), at):
            for end in range(at + 2, min(len(words), at + 5) + 1):
                phrase = " ".join(words[start:end]).strip(",;:!.")  # "with Hit and Run, reroll failed"
                if not phrase[0].isalpha() or not phrase[-1].isalpha():
                    continue
                for rule in book.named(phrase, system):
                    for name in [rule.get("name") or ""] + [a.get("name") or "" for a in rule.get("aliases") or []]:
                        if squeeze(name) == squeeze(phrase):
                            found[phrase] = None
    return tuple(sorted(found, key=lambda n: (-len(n), n)))
