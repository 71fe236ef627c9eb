"""Synthetic rule corpora of any size, for benchmarks (not a test).

    .venv/bin/python benchmarks/synthetic.py OUT --rules 100000 [--seed 7] [--format mixed]

writes a rules folder (four systems and their ``system.toml``, one with
German aliases) that ``referee --rules-src OUT`` reads like any other.
``--format`` chooses the documents: ``markdown`` (the default: every system
in Markdown), ``rules-list``, ``glossary`` or ``mediawiki`` (every system in
that format), or ``mixed`` (one format per system: a rules list, a glossary
with interleaved German names, a MediaWiki page, Markdown).  BattleScribe
data has a generator of its own (``benchmarks/battlescribe.py``).  In a
benchmark, :func:`build` gives the same rules as a
:class:`referee.store.record.Build` directly, without reading documents (reading
100,000 rules through the adapters is a benchmark of its own):

    sys.path.insert(0, "benchmarks"); import synthetic
    build = synthetic.build(100_000)

The corpus is deterministic for a seed.  Its shape follows the real one:
names of one to three words from a wargame vocabulary (unique within a
system), a category, about one rule in twenty a sub-rule of the one before,
one in ten taking a parameter ("Ward (X+)"), texts of two to six sentences
that mention other rules of the system (references, grants and losses with
conditions, immunities, overrides, keyword strings such as "Iron Guard (3),
Storm Ward") and the game's terms, German aliases for most two-word names
of one system, curated aliases (abbreviations) in the manifests, and a few
rules with no text at all (stubs).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SYSTEMS = (("synth-a", ("en",)), ("synth-b", ("en", "de")), ("synth-c", ("en",)), ("synth-d", ("en",)))
RULES_PER_DOCUMENT = 2000

ADJECTIVES = """iron blood storm shadow frost fire stone swift grim holy cursed ancient wild savage
feral silent thunder ash bone venom plague spectral runic arcane divine infernal steel golden
crimson black white grey black-hearted twin heavy light sacred dread raging howling
wailing burning frozen shattering piercing crushing sweeping hidden veiled eternal lone
loyal fearsome mighty brutal cunning keen deadly hardened unyielding relentless""".split()
NOUNS = """guard charge volley strike ward shield banner roar fury step march hunt rage gaze
blade hammer spear lance bow arrow bolt rune oath pact blessing curse hex aura presence
stride leap dive ambush flank rank wall fortress tide storm wrath vigil resolve discipline
instinct reflexes hide scales wings claws fangs horns armour plate mail bulwark phalanx
retreat rally standard horn drum chant litany prayer""".split()
SUFFIXES = """of-the-north of-ruin of-ages of-war of-the-deep of-kings eternal unbound""".split()
GERMAN = {  # enough words for a German name for many two-word rules: "Eisenwache", "Sturmangriff"
    "iron": "Eisen", "blood": "Blut", "storm": "Sturm", "shadow": "Schatten", "frost": "Frost", "fire": "Feuer",
    "stone": "Stein", "swift": "Flink", "grim": "Grimm", "holy": "Heilig", "cursed": "Fluch", "ancient": "Ur",
    "wild": "Wild", "savage": "Roh", "silent": "Still", "thunder": "Donner", "ash": "Asche", "bone": "Knochen",
    "venom": "Gift", "plague": "Seuchen", "runic": "Runen", "divine": "Götter", "steel": "Stahl", "golden": "Gold",
    "black": "Schwarz", "white": "Weiß", "heavy": "Schwer", "light": "Leicht", "sacred": "Weihe", "dread": "Schreckens",
    "burning": "Brand", "frozen": "Eis", "eternal": "Ewig", "mighty": "Macht", "deadly": "Todes",
    "guard": "Wache", "charge": "Angriff", "volley": "Salve", "strike": "Schlag", "ward": "Schutz", "shield": "Schild",
    "banner": "Banner", "roar": "Gebrüll", "fury": "Zorn", "step": "Schritt", "march": "Marsch", "hunt": "Jagd",
    "rage": "Raserei", "blade": "Klinge", "hammer": "Hammer", "spear": "Speer", "lance": "Lanze", "bow": "Bogen",
    "rune": "Rune", "oath": "Eid", "pact": "Pakt", "blessing": "Segen", "curse": "Fluch", "aura": "Aura",
    "stride": "Schreiten", "leap": "Sprung", "ambush": "Hinterhalt", "flank": "Flanke", "rank": "Glied", "wall": "Wall",
    "tide": "Flut", "wrath": "Grimm", "resolve": "Entschlossenheit", "hide": "Haut", "scales": "Schuppen",
    "wings": "Schwingen", "claws": "Klauen", "fangs": "Fänge", "armour": "Rüstung", "plate": "Platte", "horn": "Horn",
    "drum": "Trommel", "prayer": "Gebet", "standard": "Standarte", "retreat": "Rückzug", "rally": "Sammeln",
}
CATEGORIES = ("Universal Rule", "Special Rule", "Weapon", "Armour", "Attack Attribute", "Command", "Magic")
STATS = ("Strength", "Toughness", "Initiative", "Discipline", "Attack Value", "Armour Penetration", "Agility")
TESTS = ("Panic", "Break", "Fear", "Discipline", "Dangerous Terrain", "Rally", "Charge")
PHASES = ("Movement Phase", "Shooting Phase", "Melee Phase", "Magic Phase", "Charge Phase")
TEMPLATES = (
    "Units with {rule} gain +{n} {stat} while {situation}.",
    "A model with {rule} may reroll failed {test} Tests.",
    "{rule} cannot be used in the same {phase} as {other}.",
    "Attacks made with {rule} ignore {other} and gain +{n} to hit.",
    "At the start of the {phase}, each unit with {rule} must take a {test} Test.",
    "If more than half of a unit's models have {rule}, the unit automatically passes {test} Tests.",
    "Models with {rule} are immune to the effects of {other}.",
    "A unit with {rule} may move up to {inches}\" during the {phase}, ignoring terrain.",
    "Characters with {rule} can only join units with {other}.",
    "When a unit with {rule} loses a combat, it suffers {n} hits with Strength {n2}.",
    "Enemy units within {inches}\" of a model with {rule} suffer -{n} {stat}.",
    "This rule is cumulative: a model with several instances of {rule} applies all of them.",
    "A unit with {rule} gains {other} while {situation}.",
    "A unit that is {situation} loses {other}.",
    "Models with {rule} have the following rules: {keywords}.",
    "If a unit is both {rule} and {other}, it uses the rules for {rule} instead.",
)
KEYWORD_PARAMETERS = ("1", "2", "3", "4+", "5+", "D3", "D6", '6"')
SITUATIONS = ("charging", "fighting in the first round of combat", "in base contact with the enemy", "fleeing", "on foot", "within 6\" of the General")


@dataclass(frozen=True)
class RuleSpec:
    """One synthetic rule, before it is a record or a document."""

    system: str
    name: str
    category: str
    text: str
    parent: str | None = None  # name of the parent rule
    german: str | None = None  # German alias
    param: str | None = None  # "X", "X+" ...


def _names(rng: random.Random) -> Iterator[str]:
    """Distinct names of one to three words, shortest first."""
    seen: set[str] = set()
    pools = [(a, n) for a in ADJECTIVES for n in NOUNS]
    rng.shuffle(pools)
    for a, n in pools:
        yield f"{a.title()} {n.title()}"
    for a, n in pools:
        for s in SUFFIXES:
            name = f"{a.title()} {n.title()} {s.replace('-', ' ').title()}"
            if name not in seen:
                seen.add(name)
                yield name
    for i in range(10**9):  # enough for any benchmark
        a, n = pools[i % len(pools)]
        yield f"{a.title()} {n.title()} {i}"


def specs(rules: int, seed: int = 7, systems: tuple[tuple[str, tuple[str, ...]], ...] = SYSTEMS) -> list[RuleSpec]:
    """``rules`` synthetic rules, spread over ``systems`` (the four), deterministic for ``seed``."""
    rng = random.Random(seed)
    out: list[RuleSpec] = []
    per_system = [rules // len(systems) + (1 if i < rules % len(systems) else 0) for i in range(len(systems))]
    for (system, langs), count in zip(systems, per_system):
        names = _names(random.Random(f"{seed}-{system}"))
        made: list[str] = []
        for i in range(count):
            name = next(names)
            others = made[-200:] or [name]
            stub = rng.random() < 0.03
            text = "" if stub else " ".join(_sentence(rng, name, others) for _ in range(rng.randint(2, 6)))
            parent = made[-1] if made and rng.random() < 0.05 else None
            german = None
            words = name.lower().split()
            if "de" in langs and len(words) == 2 and all(w in GERMAN for w in words) and rng.random() < 0.8:
                german = GERMAN[words[0]] + GERMAN[words[1]].lower()
            param = rng.choice(("X", "X+", "D3")) if rng.random() < 0.1 else None
            out.append(RuleSpec(system, name, rng.choice(CATEGORIES), text, parent, german, param))
            made.append(name)
    return out


def _sentence(rng: random.Random, rule: str, others: list[str]) -> str:
    return rng.choice(TEMPLATES).format(
        rule=rule,
        other=rng.choice(others),
        n=rng.randint(1, 3),
        n2=rng.randint(3, 6),
        stat=rng.choice(STATS),
        test=rng.choice(TESTS),
        phase=rng.choice(PHASES),
        inches=rng.choice((3, 6, 8, 12, 18)),
        situation=rng.choice(SITUATIONS),
        keywords=", ".join(_keyword(rng, rng.choice(others)) for _ in range(rng.randint(2, 4))),
    )


def _keyword(rng: random.Random, name: str) -> str:
    """A keyword as army lists write it: "Iron Guard", "Storm Ward (4+)", "Grim Hunt (D3)"."""
    if rng.random() < 0.3:
        return f"{name} ({rng.choice(KEYWORD_PARAMETERS)})"
    return name


# --- as documents ------------------------------------------------------------------


FORMATS = ("markdown", "rules-list", "glossary", "mediawiki")
MIXED = {"synth-a": "rules-list", "synth-b": "glossary", "synth-c": "mediawiki", "synth-d": "markdown"}
SUFFIX = {"markdown": "md", "rules-list": "txt", "glossary": "txt", "mediawiki": "wiki"}
ABBREVIATIONS = 20  # curated aliases per system: initials of its first two-word rules ("IG" = "Iron Guard")


def documents(all_specs: list[RuleSpec], fmt: str = "markdown") -> dict[str, str]:
    """The rules folder's files, by path relative to it: documents in ``fmt``
    (one of :data:`FORMATS`, or ``mixed``) and manifests."""
    files: dict[str, str] = {}
    for system, langs in SYSTEMS:
        doc_format = MIXED[system] if fmt == "mixed" else fmt
        mine = [s for s in all_specs if s.system == system]
        docs = [mine[i : i + RULES_PER_DOCUMENT] for i in range(0, len(mine), RULES_PER_DOCUMENT)]
        manifest = [f'id = "{system}"', f'title = "Synthetic {system}"', f"languages = {list(langs)!r}".replace("'", '"'), ""]
        manifest.extend(_curated(mine, langs, doc_format))
        for n, chunk in enumerate(docs, start=1):
            path = f"rules-{n:03d}.{SUFFIX[doc_format]}"
            files[f"{system}/{path}"] = WRITERS[doc_format](chunk)
            manifest.extend(["[[documents]]", f'path = "{path}"', f'format = "{doc_format}"', 'role = "core"', 'lang = "en"'])
            if doc_format == "glossary":
                manifest.append(f"categories = {list(CATEGORIES)!r}".replace("'", '"'))
            manifest.append("")
        files[f"{system}/system.toml"] = "\n".join(manifest)
    return files


def _curated(mine: list[RuleSpec], langs: tuple[str, ...], doc_format: str) -> list[str]:
    """The manifest's curated aliases: German names (unless a glossary writes
    them beside the English ones) and abbreviations."""
    out = []
    if "de" in langs and doc_format != "glossary":
        out.append("[aliases.de]")
        # rules without a parameter only: adapters differ on whether "Name (X+)" keeps its bracket
        out.extend(f'"{s.german}" = "{s.name}"' for s in mine if s.german and not s.param)
        out.append("")
    short: dict[str, str] = {}
    for spec in mine:
        words = spec.name.split()
        initials = "".join(w[0] for w in words).upper()
        if len(words) == 2 and not spec.param and initials not in short:
            short[initials] = spec.name
        if len(short) == ABBREVIATIONS:
            break
    out.append("[aliases.en]")
    out.extend(f'"{abbreviation}" = "{name}"' for abbreviation, name in short.items())
    out.append("")
    return out


def _heading(spec: RuleSpec) -> str:
    return f"{spec.name} ({spec.param})" if spec.param else spec.name


def _markdown(chunk: list[RuleSpec]) -> str:
    lines: list[str] = []
    for spec in chunk:
        level = "####" if spec.parent else "###"
        lines.extend([f"{level} {_heading(spec)}", ""])
        if spec.text:
            lines.extend([spec.text, ""])
    return "\n".join(lines)


def _rules_list(chunk: list[RuleSpec]) -> str:
    """A heading line, one blank line, the text; two blank lines between rules
    (the layout of a list extracted from a rulebook, with no headings lost)."""
    parts = ["List of Universal Rules"]
    for spec in chunk:
        parts.append(f"{_heading(spec)}\n\n{spec.text}" if spec.text else _heading(spec))
    return "\n\n\n".join(parts) + "\n"


def _glossary(chunk: list[RuleSpec]) -> str:
    """Category headers, then per rule its English name, its German name when
    it has one, and its text: one paragraph each, as an army builder dumps them."""
    paragraphs: list[str] = []
    category = None
    for spec in chunk:
        if spec.category != category:
            category = spec.category
            paragraphs.append(category)
        paragraphs.append(_heading(spec))
        if spec.german:
            paragraphs.append(spec.german)
        if spec.text:
            paragraphs.append(spec.text)
    return "\n\n".join(paragraphs) + "\n"


def _mediawiki(chunk: list[RuleSpec]) -> str:
    """Raw wikitext: a ``==Section==`` per category, ``'''Name''' text`` per
    rule, ``*'''Name''' text`` for a sub-rule of the rule above."""
    lines = ["==Special Rules=="]
    category = None
    for spec in chunk:
        if spec.category != category:
            category = spec.category
            lines.append(f"==={category}===")
        marker = "*" if spec.parent else ""
        lines.append(f"{marker}'''{_heading(spec)}''' {spec.text}".rstrip())
    return "\n".join(lines) + "\n"


WRITERS = {"markdown": _markdown, "rules-list": _rules_list, "glossary": _glossary, "mediawiki": _mediawiki}


ONE_SYSTEM = (("synth", ("en",)),)  # the one-document shape: an army-book-wide system


def one_document(all_specs: list[RuleSpec]) -> dict[str, str]:
    """The rules folder of one system whose rules all stand in one Markdown
    document, ``synth/rules.md`` (an army book written as one file)."""
    ((system, langs),) = ONE_SYSTEM
    manifest = [f'id = "{system}"', f'title = "Synthetic {system}"', f"languages = {list(langs)!r}".replace("'", '"'), ""]
    manifest.extend(_curated(all_specs, langs, "markdown"))
    manifest.extend(["[[documents]]", 'path = "rules.md"', 'format = "markdown"', 'role = "core"', 'lang = "en"', ""])
    return {f"{system}/system.toml": "\n".join(manifest), f"{system}/rules.md": _markdown(all_specs)}


def write_rules_src(folder: Path, rules: int, seed: int = 7, fmt: str = "markdown") -> Path:
    """Write a synthetic rules folder of ``rules`` rules into ``folder``; ``fmt``
    ``one-document``: one system in one Markdown document (:func:`one_document`)."""
    files = one_document(specs(rules, seed, ONE_SYSTEM)) if fmt == "one-document" else documents(specs(rules, seed), fmt)
    for rel, text in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder


# --- as a build -----------------------------------------------------------------------


def build(rules: int, seed: int = 7, key: str = "") -> object:
    """A :class:`referee.store.record.Build` of ``rules`` synthetic rules (no documents read, no graph)."""
    from referee.store.record import Build
    from referee.graph.relations import RuleGraph
    from referee.rulebase.manifest import Manifest
    from referee.model import Alias, Rule, Source, Version
    from referee.rulebase import Rulebase
    from referee.text import fold

    records: list[Rule] = []
    ids: dict[tuple[str, str], str] = {}
    children: dict[str, list[str]] = {}
    line = 1
    for spec in specs(rules, seed):
        slug = "-".join(fold(spec.name).split())
        rule_id = f"{spec.system}/{slug}"
        ids[(spec.system, spec.name)] = rule_id
        source = Source(f"{spec.system}/synthetic.md", line, line + 2)
        line += 4
        parent = ids.get((spec.system, spec.parent)) if spec.parent else None
        if parent:
            children.setdefault(parent, []).append(rule_id)
        aliases = (Alias(spec.german, "de"),) if spec.german else ()
        version = Version(spec.text, source, source.file, "core", "en", _heading(spec))
        records.append(Rule(rule_id, spec.name, spec.system, spec.text, source, aliases, spec.category, parent, (), None, (version,), ("stub",) if not spec.text else ()))
    records = [Rule(**{**{f: getattr(r, f) for f in r.__slots__}, "children": tuple(children.get(r.id, ()))}) for r in records]
    manifests = {
        system: Manifest(system, f"Synthetic {system}", f"{system}/system.toml", (), ("core",), {}, (), (), langs)
        for system, langs in SYSTEMS
    }
    return Build.of(Rulebase.from_rules(key, manifests, {s: [] for s, _ in SYSTEMS}, records), RuleGraph())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("out", type=Path, help="folder to write the rules folder into")
    parser.add_argument("--rules", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--format",
        choices=(*FORMATS, "mixed", "one-document"),
        default="markdown",
        help="the documents' format (default markdown); one-document: one system, one Markdown file",
    )
    args = parser.parse_args()
    write_rules_src(args.out, args.rules, args.seed, args.format)
    systems = 1 if args.format == "one-document" else len(SYSTEMS)
    print(f"wrote {args.rules} rules in {systems} systems ({args.format}) to {args.out}")


if __name__ == "__main__":
    main()
