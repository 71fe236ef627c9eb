"""The Ninth Age as one system: two documents, two languages, one rule each."""

from __future__ import annotations

import pytest

from referee.rulebase import Rulebase

# Every rule a player looks up by its English name, from both documents.
ENGLISH = """Ambush; Battle Standard Bearer; Bodyguard; Channel; Chariot; Commanding Presence;
Deafening Clamour; Engineer; Exclusive; Fear; Fearless; Feigned Flight; Fly; Frenzy; Front Rank;
Matching Bases; Mismatching Bases; Ghost Step; Hidden; Hold the Line; Insignificant; Light Troops;
Magic Resistance; Massive Bulk; Maximised Roll; Minimised Roll; Not a Leader; Protean Magic;
Rally Around the Flag; Random Movement; Scoring; Scout; Skirmisher; Special Ambush; Stand Behind;
Strider; Stubborn; Supernal; Swift Reform; Swiftstride; Tall; Terror; Towering Presence; Unbreakable;
Undead; Unstable; Vanguard; War Machine; War Platform; Wizard Apprentice; Wizard Adept; Wizard Master;
Wizard Conclave; Plate Armour; Halberd; Great Weapon; Hand Weapon; Paired Weapons; Spear; Lance;
Light Lance; Bow; Great Aspen Bow; Longbow; Pistol; Long Rifle; Petrifying Gaze; Catapult; Giant Club;
Heavy Armour; Light Armour; Shield; Standard Bearer; Crossbow; Handgun; Throwing Weapons; Ash Storm;
Sweeping Attack; Flaming Shot; Barding; Big Brother; Multiple Wounds; Lightning Reflexes; Soul Conduit;
Devastating Charge; Champion; Lethal Strike; Grind Attacks; Impact Hits; Harnessed; Distracting;
Defensive Skill Initials; Firebolts; Fortitude; Hatred; Higher Calibre; Inanimate; March and Shoot;
Mechanised Support; Musician; Pathmaster; Rage; Tactician; The Misfire Table; Theocratic Litigators;
Unbranded; Poison Attacks; Flaming Attacks; Magical Attacks; Divine Attacks; Battle Focus""".split(";")

# Every German heading of the glossary and the rule it names.
GERMAN = {
    "Hellebarde": "Halberd", "Zweihandwaffe": "Great Weapon", "Handwaffe": "Hand Weapon",
    "Waffenpaar": "Paired Weapons", "Speer": "Spear", "Lanze": "Lance", "Langbogen": "Longbow",
    "Schwere Rüstung": "Heavy Armour", "Leichte Rüstung": "Light Armour", "Schild": "Shield",
    "Nachladen!": "Reload!", "Ablenkend": "Distracting", "Macht Platz": "Make Way", "Treffsicher": "Accurate",
    "Zauberadept": "Wizard Adept", "Rettungswurf": "Aegis", "Hinterhalt": "Ambush", "Im Hintergrund": "Stand Behind",
    "Armeestandartenträger": "Battle Standard Bearer", "An forderster Front": "Front Rank", "Angeschirrt": "Harnessed",
    "Angst": "Fear", "Unhandlich": "Unwieldy", "Zau- bernovize": "Wizard Apprentice", "Schlachtfokus": "Battle Focus",
    "Flächenangriff": "Area Attack", "Salvenkanone": "Volley Gun", "Zerschmet- tern": "Crush Attack",
    "Atemattacke": "Breath Attack", "Heilige Attacken": "Divine Attacks", "Giftattacken": "Poison Attacks",
    "Flammenattacken": "Flaming Attacks", "Magische Attacken": "Magical Attacks", "Zermahlen": "Grind Attacks",
    "Toxische Attacken": "Toxic Attacks", "Niedertrampeln-Attacke": "Stomp Attacks", "Durchschlagend": "Penetrating",
    "Aufpralltreffer": "Impact Hits", "Befehlsgewalt": "Commanding Presence", "Vorhut": "Vanguard",
    "Bedeutungslos": "Insignificant", "Schwieriges Ziel": "Hard Target", "Bewegen oder Schießen": "Move or Fire",
    "Multiple Lebenspunktverluste": "Multiple Wounds", "Blitzartige Reflexe": "Lightning Reflexes",
    "Leibwache": "Bodyguard", "Brennbar": "Flammable", "Kanalisieren": "Channel", "Kanone": "Cannon", "Kann nicht getrampelt werden": "Cannot be Stomped",
    "Punktend": "Scoring", "Vernichtender Angriff": "Devastating Charge", "Streitwagen": "Chariot",
    "Katapult": "Catapult", "Todesstoß": "Lethal Strike", "Kämpft aus zusätzlichem Glied": "Fight in Extra Rank",
    "Zauberkonklave": "Wizard Conclave", "Furchtlos": "Fearless", "Schnelle Bewegung": "Swiftstride",
    "Geländeerfahren": "Strider", "Unnachgiebig": "Stubborn", "Schnell Schussbereit": "Quick to Fire",
    "Kundschafter": "Scout", "Ingenieur": "Engineer", "Entsetzen": "Terror", "Vorgetäuschte Flucht": "Feigned Flight",
    "Flammenwerfer": "Flamethrower", "Fliegen": "Fly", "Zähigkeit": "Fortitude", "Raserei": "Frenzy",
    "Körperlose Bewegung": "Ghost Step", "Hass": "Hatred", "Plänkler": "Skirmisher", "Unbelebt": "Inanimate",
    "Unerschütterlich": "Unbreakable", "Instabil": "Unstable", "Kein Anführer": "Not a Leader",
    "Kriegsmaschine": "War Machine", "Kriegsplattform": "War Platform", "Leichte Truppen": "Light Troops",
    "Waffenmeister": "Weapon Master", "Meisterzauberer": "Wizard Master", "Wandelmagie": "Protean Magic",
    "Magieresistenz": "Magic Resistance", "Massiv": "Massive Bulk", "Untot": "Undead",
    "Zufällige Bewegung": "Random Movement", "Parieren": "Parry", "Riesige Statur": "Towering Presence",
    "Um die Flagge Sammeln": "Rally Around the Flag", "Salvenfeuer": "Volley Fire",
}

# German headings neither the text nor the manifest translate: kept under
# their own name, so a German lookup still finds them.
UNTRANSLATED = ["Überragend", "Metaphysisch"]


@pytest.mark.parametrize("name", [n.strip() for n in ENGLISH])
def test_english_lookup(rulebase: Rulebase, name: str) -> None:
    found = rulebase.lookup(name, system="t9a")
    assert [r.name for r in found] == [name]


@pytest.mark.parametrize(("german", "english"), sorted(GERMAN.items()))
def test_german_lookup(rulebase: Rulebase, german: str, english: str) -> None:
    query = german.replace("- ", "")  # players type the repaired word
    assert [r.name for r in rulebase.lookup(query, system="t9a")] == [english]


@pytest.mark.parametrize("german", UNTRANSLATED)
def test_untranslated_german_is_still_found(rulebase: Rulebase, german: str) -> None:
    assert [r.name for r in rulebase.lookup(german, system="t9a")] == [german]


@pytest.mark.parametrize(
    ("query", "name"),
    [
        ("hellebarde", "Halberd"),
        ("SCHWERE RUSTUNG", "Heavy Armour"),
        ("todesstoss", "Lethal Strike"),
        ("Multiple Wounds (D3, Clipped Wings)", "Multiple Wounds"),
        ("Channel (1)", "Channel"),
        ("Halberds", "Halberd"),
        ("Maximised", "Maximised Roll"),
        ("rally around the flag", "Rally Around the Flag"),
    ],
)
def test_lookup_forgives_case_accents_parameters_plurals(rulebase: Rulebase, query: str, name: str) -> None:
    assert [r.name for r in rulebase.lookup(query, system="t9a")] == [name]


def test_rule_in_both_documents_is_one_rule_with_two_versions(rulebase: Rulebase) -> None:
    [fear] = rulebase.lookup("Fear", system="t9a")
    assert [(v.document, v.source.line, v.heading) for v in fear.versions] == [
        ("t9a/universal-rules.txt", 58, "Fear"),
        ("t9a/army-builder-glossary-en-de.txt", 198, "Angst"),
    ]
    assert fear.source == fear.versions[0].source  # the universal rules take precedence
    assert "Close Combat Attacks made by models in the unit suffer -1 to hit" in fear.text
    assert "Close Combat Attacks made by models" not in fear.versions[1].text


def test_repeated_glossary_entries_merge_or_become_versions(rulebase: Rulebase) -> None:
    [ash] = rulebase.lookup("Ash Storm", system="t9a")
    assert len(ash.versions) == 1 and [s.line for s in ash.versions[0].also_at] == [265]
    [barding] = rulebase.lookup("Barding", system="t9a")
    assert [v.text for v in barding.versions] == ["+1 Armour", "+ 1 Armour"]
    assert [s.line for s in barding.versions[1].also_at] == [338]


def test_sub_rules_link_to_parent(rulebase: Rulebase) -> None:
    front = rulebase.get("t9a/front-rank")
    assert front is not None and front.children == ("t9a/matching-bases", "t9a/mismatching-bases")
    assert rulebase.get("t9a/matching-bases").parent == "t9a/front-rank"  # type: ignore[union-attr]


def test_unnamed_rules_are_kept_and_flagged(rulebase: Rulebase) -> None:
    unnamed = [r for r in rulebase.in_system("t9a") if "unnamed" in r.flags]
    assert [(r.id, r.source.line) for r in unnamed] == [
        ("t9a/unnamed-universal-rules-20", 20),
        ("t9a/unnamed-universal-rules-367", 367),
    ]


def test_aliases_carry_their_language(rulebase: Rulebase) -> None:
    [halberd] = rulebase.lookup("Halberd", system="t9a")
    assert [(a.name, a.lang) for a in halberd.aliases] == [("Hellebarde", "de")]


def test_french_profile_version_is_marked(rulebase: Rulebase) -> None:
    [longbow] = rulebase.lookup("Langbogen", system="t9a")
    assert longbow.versions[0].lang == "fr"
    assert longbow.versions[0].profiles[0].text.startswith("Portée 30")
