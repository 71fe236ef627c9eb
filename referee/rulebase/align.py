"""Folding the entries of a system's documents into one rule each.

The steps, in order (each a small function, run by :func:`align`):

1. curated aliases from the manifest rename entries and take their alias
   names away from entries that guessed otherwise;
2. entries group by key (the folded name, or the adapter's own key);
3. a group whose name is another group's alias joins that group;
4. an untranslated heading whose text matches an English rule's text joins it;
5. each group becomes a :class:`~referee.model.Rule`: versions ordered by the
   manifest's precedence, equal texts of one document folded together,
   an id unique in the system, sub-rules linked to their parents.
"""

from __future__ import annotations

import bisect
import difflib
import functools
import re
from collections import Counter, defaultdict
from itertools import chain
from dataclasses import replace

from referee.rulebase.base import folded
from referee.rulebase.manifest import DocumentSpec, Manifest, recover
from referee.model import Alias, Entry, Rule, Version
from referee.text import fold, most_slips, near_miss, plural, singulars

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

# Names are folded again and again (as keys, for aliases, for parents): each
# once (:data:`referee.rulebase.base.folded`) saves about a third of aligning a
# system.  Texts are folded with ``fold`` itself (each once; they would only crowd
# the cache).
_fold = folded

_SIMILAR = 0.6  # word-set overlap at which two texts are taken as the same rule
_MIN_WORDS = 5


def slug(text: str) -> str:
    """An id-friendly form of a name.

    >>> slug("Rally Around the Flag"), slug("Ranged X spray&prey Y"), slug("Todesstoß")
    ('rally-around-the-flag', 'ranged-x-spray-prey-y', 'todesstoss')
    """
    name = _fold(text)
    if name.isascii() and name.replace(" ", "").isalnum():
        # letters and digits in words one blank apart (fold leaves no other blanks): most names
        return name.replace(" ", "-")
    return _NOT_SLUG.sub("-", name).strip("-") or "rule"


_NOT_SLUG = re.compile(r"[^a-z0-9]+")


# A group: the (document rank, entry) of each entry of one rule, as grouped.  A list
# only, made for every entry of a system: an object around it cost a call each.
_Group = list[tuple[int, Entry]]


def _primary(members: _Group) -> Entry:
    """The entry a group's rule is named and numbered by: the first with text, by document rank and line."""
    if len(members) == 1:  # most groups: one entry, whatever its text
        return members[0][1]
    with_text = [m for m in members if m[1].text.strip()]
    return min(with_text or members, key=lambda m: (m[0], m[1].source.line))[1]


def align(manifest: Manifest, read: list[tuple[DocumentSpec, list[Entry]]]) -> list[Rule]:
    folded.cache_clear()  # another system's names: this system's fill it (Rulebase.from_rules empties it)
    rank = {spec.path: i for i, (spec, _) in enumerate(read)}
    specs = {spec.path: spec for spec, _ in read}
    typos = _check_curated(manifest, list(chain.from_iterable(es for _, es in read)))
    corrected: Callable[[Entry], Entry] | None = None
    if typos:  # read leniently (referee lint): the run goes on as if each had been corrected
        corrected = functools.partial(_corrected, aliases=manifest.aliases, typos=typos)
        aliases = {k: (typos[k], lang) if k in typos else (target, lang) for k, (target, lang) in manifest.aliases.items()}
        manifest = replace(manifest, aliases=aliases)
    curated = {_fold(k): v for k, v in manifest.aliases.items()}
    groups = _group([(rank[spec.path], es) for spec, es in read], curated, corrected)
    groups = _split_homonyms(groups, specs)
    groups = _merge_aliases(groups)
    groups = _merge_by_text(groups, manifest)
    return _rules(manifest, groups, specs)


def _corrected(entry: Entry, aliases: dict[str, tuple[str, str]], typos: dict[str, str]) -> Entry:
    """``entry`` as if the manifest's typo'd aliases had been written right: an adapter
    that renamed a heading by its curated alias (a glossary's "Hellebarde" = "Halbred")
    gave the entry the typo as its name, which the corrected alias alone cannot undo."""
    if entry.heading is None:
        return entry
    for alias, meant in typos.items():
        if _fold(entry.heading) == _fold(alias) and _fold(entry.name or "") == _fold(aliases[alias][0]):
            return replace(entry, name=meant)
    return entry


_CONFIRM_EVERY = 1024  # entries between two looks at whether every curated target is written


def _check_curated(manifest: Manifest, entries: list[Entry]) -> dict[str, str]:
    """A curated alias must not point at a near miss of a name the documents write.

    A target no document writes is how a manifest names a rule the documents
    give only in another language ("Nachladen!" = "Reload!").  But a target
    that is one slip away from a written name ("Halbred" for "Halberd") is a
    typo: it would make a new rule of that name with the alias's text and
    leave the real rule a stub, so it is an error naming both.  Read
    leniently (:func:`referee.rulebase.manifest.noting`), the error is noted and the
    alias returned with the name it most likely meant, so the rest of the run
    reads the alias as corrected (as a compiler recovers past one error):
    dropping it would make every use of the alias an unknown name too.

    An alias renaming a glossary's only heading of the rule ("Hass" = "Haterd")
    leaves no written heading near the target: then the names the texts use
    (:func:`_used_names`) are compared with it, and last the words they write
    (:func:`_unswapped`).
    """
    typos: dict[str, str] = {}  # alias -> the written name its target is a near miss of
    written: dict[str, str] = {}  # every name of an entry, to compare a target with
    by_documents: set[str] = set()  # of those, the names the documents themselves write
    renamers: set[str] = set()  # the aliases that renamed a heading of the documents to their target
    given = {_fold(alias): _fold(target) for alias, (target, _lang) in manifest.aliases.items()}
    targets = set(given.values())
    for n, entry in enumerate(entries, start=1):
        # Every target a name the documents write (most manifests, early in the documents):
        # nothing to check, and the names of the entries left would be gathered for nothing.
        if not n % _CONFIRM_EVERY and targets <= by_documents:
            return typos
        # a name an adapter took from the manifest itself (a glossary renames a
        # heading by its curated alias) is not one the documents write
        renamed = entry.heading is not None and given.get(_fold(entry.heading)) == _fold(entry.name or "")
        if renamed:
            renamers.add(_fold(entry.heading or ""))
        if entry.key:
            by_documents.add(_fold(entry.key))  # an adapter's own key ("dangerous-terrain"): no name to suggest
        for name in (entry.name, *(a.name for a in entry.aliases)):
            if name:
                written.setdefault(_fold(name), name)
                if not (renamed and name == entry.name):
                    by_documents.add(_fold(name))
    by_length: _ByLength | None = None  # the written names by their length, gathered only if needed
    used: dict[str, Counter[str]] | None = None  # the names the texts use, read only if needed
    used_by_length: _ByLength | None = None
    words: set[str] | None = None  # the words the texts and the written names use, read only if needed
    for alias, (target, _lang) in manifest.aliases.items():
        if _fold(target) in by_documents:
            continue
        # the alias is written: it is the heading it renames; the target itself may be
        # on an entry only because the manifest renamed one by it.  An alias that made a
        # rule of its own so is compared only with the names the documents write: two such
        # rules one slip from each other ("Area Attack", "Breath Attack") are two rules
        own = _fold(alias) in renamers
        aimed = _fold(target)
        if by_length is None:
            by_length = _ByLength(written)
        skip = (_fold(alias), aimed)
        close = _written_near(aimed, by_length, lambda name, own=own, skip=skip: (name in by_documents or not own) and name not in skip)
        meant = written[close[0]] if close else None
        if meant is None:
            if words is None:
                words = {word for entry in entries for word in fold(entry.text).split()}
                words.update(word for name in by_documents for word in name.split())
            # no heading is near it, but a renamed heading hides the name it meant
            # ("Hass" = "Haterd" leaves no heading "Hatred"): the texts use that name.
            # Unless every word of the target is one the system writes: then the
            # text's near miss is the slip ("gain Hard Taregt", the one use of Hard
            # Target, whose heading the alias renames), which lint reports there
            if used is None:
                used = _used_names(entries)
                used_by_length = _ByLength(used)
            close = [] if all(word in words for word in _fold(target).split()) else _used_near_miss(_fold(target), used, used_by_length)
            meant = used[close[0]].most_common(1)[0][0] if close else None
            # written once only, the text's name may as well be the slip: lint says so there too
            once = meant if close and sum(used[close[0]].values()) == 1 else None
        else:
            once = None
        if meant is None:
            # nor do the texts use the name: a word of it with two letters swapped
            # that the system writes unswapped ("Weapon Matser") is the slip
            meant = _unswapped(target, words)
        if meant is not None:
            if once:
                # neither spelling is written anywhere else: either may be the slip, and the
                # message picks neither (the text's place says the same from its side)
                said = (
                    f"alias {alias!r} points at {target!r}, which no document defines; the documents write"
                    f" {meant!r}, one slip from it, once only: one of the two is misspelt"
                )
            else:
                said = f"alias {alias!r} points at {target!r}, which no document defines; did you mean {meant!r}?"
            err = manifest.alias_error(alias, said)
            err.going_on = f"the run went on reading it as {meant!r}"
            err.written_once = (once, alias, target) if once else None
            recover(err)
            typos[alias] = meant
    return typos


_CLOSE = 0.8  # how like a written name a curated target must be to be taken as its typo (difflib's ratio)


def _ratio_at_most(shared: int, total: int) -> float:
    """difflib's ratio (twice the letters matched over both names' lengths) of two names of ``total``
    letters together that can match ``shared`` letters at most: what its quick tests work out, from
    the lengths alone and then from the letters.  A name below the cutoff by it is never a match."""
    return 2.0 * shared / total if total else 1.0


def _written_near(aimed: str, by_length: _ByLength, other: Callable[[str], bool]) -> list[str]:
    """The written name a target (folded) is a typo of, if any, of the names ``by_length`` holds that ``other`` keeps:
    difflib's closest at :data:`_CLOSE`, else the first that is a near miss ("Hnad Weapon", two letters swapped).

    Only the names difflib's quick tests and near_miss's slips could let through are compared: those of a fitting
    length (looked up by length, not sought among all), and with few enough letters the target lacks (each occurrence:
    a letter added or changed is at most one of them, and difflib shares none of them with the target).  The same
    match as a comparison with every name, the first in the same order."""
    lacks = dict.fromkeys(map(ord, aimed))

    def alike(name: str) -> bool:
        return _ratio_at_most(len(name) - len(name.translate(lacks)), len(name) + len(aimed)) >= _CLOSE and other(name)

    likely = by_length.within(lambda n: _ratio_at_most(min(n, len(aimed)), n + len(aimed)) >= _CLOSE, alike)
    return difflib.get_close_matches(aimed, likely, n=1, cutoff=_CLOSE) or [
        name for name in by_length.slipped(aimed) if other(name) and near_miss(aimed, name)
    ][:1]


class _ByLength:
    """Names by their length, so that the few a comparison of lengths leaves possible are
    looked up instead of every name compared; in the order they were given."""

    def __init__(self, names: Iterable[str]) -> None:
        self.groups: dict[int, list[tuple[int, str]]] = defaultdict(list)
        for n, name in enumerate(names):
            self.groups[len(name)].append((n, name))

    def within(self, fits: Callable[[int], bool], keep: Callable[[str], bool] = bool) -> list[str]:
        """The names whose length ``fits`` that ``keep`` keeps, in the order given."""
        found = [pair for length, group in self.groups.items() if fits(length) for pair in group if keep(pair[1])]
        return [name for _, name in sorted(found)]

    def slipped(self, aimed: str) -> list[str]:
        """The names :func:`~referee.text.near_miss` could find ``aimed`` (folded) one slip from (two from
        ten letters): of a length within that many, with no more letters ``aimed`` lacks (each
        occurrence: a letter added or changed is one of them at most); in the order given."""
        lacks, most = dict.fromkeys(map(ord, aimed)), most_slips(aimed)
        return self.within(lambda n: abs(n - len(aimed)) <= most, lambda name: len(name.translate(lacks)) <= most)


# A name as running text writes it: capitalised words, with the small words
# names have between them ("Rally Around the Flag", "Cannot be Stomped").
_USED_NAME = re.compile(r"[A-Z][\w'’!-]*(?:\s+(?:(?:the|of|in|a|an|be|not)\s+)*[A-Z][\w'’!-]*)*")
_SMALL = {"the", "of", "in", "a", "an", "be", "not"}


def _used_names(entries: list[Entry]) -> dict[str, Counter[str]]:
    """The names the entries' texts use, folded -> how each is written and how often.

    A run of capitalised words inside a sentence is a name ("attacks with
    Hatred"); at a sentence's start its first word is only the sentence's
    capital, so the name is the rest of the run, if any ("Attacks with
    Hatred ..." gives "Hatred", a lone "Cannot ..." gives nothing)."""
    used: dict[str, Counter[str]] = defaultdict(Counter)
    for entry in entries:
        text = entry.text
        for m in _USED_NAME.finditer(text):
            before = text[: m.start()].rstrip()[-1:]
            words = m.group().split()
            if not (before.islower() or before in {",", ";", "(", '"', "“", "'", "‘"}):
                words = words[1:]  # the sentence's capital
                while words and words[0] in _SMALL:
                    words = words[1:]
            if words:
                phrase = " ".join(words)
                used[_fold(phrase)][phrase] += 1
    return used


def _used_near_miss(target: str, used: dict[str, Counter[str]], by_length: _ByLength) -> list[str]:
    """The name the texts use that ``target`` (folded) is one slip from, if
    the texts use neither ``target`` nor its plural or singular: the most used.
    ``by_length``: the names of ``used``, by their length."""
    if any(form in used for form in _forms(target)):
        return []  # the texts use the target: a name of its own, not a typo
    misses = [name for name in by_length.slipped(target) if near_miss(target, name) and target not in _forms(name)]
    return sorted(misses, key=lambda name: (-sum(used[name].values()), name))[:1]


def _unswapped(target: str, words: set[str]) -> str | None:
    """``target`` with each word that ``words`` lacks, but has with two
    neighbouring letters swapped back, corrected; None if no word was.  A word
    ``words`` lacks either way stays: a name may have words no document writes."""
    out = target.split(" ")
    fixed = False
    for i, word in enumerate(out):
        if _fold(word) in words:
            continue
        swaps = [word[:j] + word[j + 1] + word[j] + word[j + 2 :] for j in range(len(word) - 1) if word[j] != word[j + 1]]
        known = [w for w in swaps if _fold(w) in words]
        if len(known) == 1:
            out[i] = known[0]
            fixed = True
    return " ".join(out) if fixed else None


def _forms(name: str) -> set[str]:
    """A folded name and the singulars and plural its last word may have."""
    head, _, last = name.rpartition(" ")
    lasts = {last, *singulars(last), fold(plural(last))}
    return {f"{head} {word}" if head else word for word in lasts}


def _apply_curated(entry: Entry, curated: dict[str, tuple[str, str]]) -> Entry:
    """``curated``: the manifest's aliases, folded alias -> (rule name, language).
    Called for an entry with a name or an alias the manifest may speak of."""
    name = entry.name
    if not (name and _fold(name) in curated) and not any(_fold(alias.name) in curated for alias in entry.aliases):
        return entry  # the manifest says nothing of it (most entries with aliases): no copy
    aliases = list(entry.aliases)
    notes = list(entry.notes)
    if name and _fold(name) in curated:
        target, lang = curated[_fold(name)]
        if _fold(target) != _fold(name):
            aliases.insert(0, Alias(name, lang))
            notes.append(f"curated alias: {name} is {target}")
            entry = replace(entry, heading=entry.heading or name)
            name = target
    kept: list[Alias] = []
    for alias in aliases:
        target = curated.get(_fold(alias.name))
        if target and _fold(target[0]) != _fold(name or ""):
            notes.append(f"alias {alias.name} dropped: the manifest gives it to {target[0]}")
            continue
        kept.append(Alias(alias.name, target[1]) if target else alias)
    if name == entry.name and len(notes) == len(entry.notes) and kept == list(entry.aliases):
        return entry  # the manifest names it as the documents do: no copy
    return replace(entry, name=name, aliases=tuple(kept), notes=tuple(notes))


def _group(
    read: list[tuple[int, list[Entry]]], curated: dict[str, tuple[str, str]], corrected: Callable[[Entry], Entry] | None = None
) -> dict[str, _Group]:
    """Each document's entries (by its rank) grouped by key, in reading order: the
    adapter's own key, else the folded name.  Each entry is taken as the manifest's
    typo'd aliases, ``corrected``, and its ``curated`` aliases (folded alias -> (rule
    name, language)) leave it; an entry with no alias, whose name is no curated alias
    (most entries), is taken as it is, in the same pass."""
    groups: dict[str, _Group] = {}
    for rank, entries in read:
        for entry in entries:
            if corrected is not None:
                entry = corrected(entry)
            if curated and (entry.aliases or entry.name and _fold(entry.name) in curated):
                entry = _apply_curated(entry, curated)
            key = entry.key or (_fold(entry.name) if entry.name else f"unnamed:{entry.source.file}:{entry.source.line}")
            group = groups.get(key)
            if group is None:
                groups[key] = [(rank, entry)]
            else:
                group.append((rank, entry))
    return groups


def _split_homonyms(groups: dict[str, _Group], specs: dict[str, DocumentSpec]) -> dict[str, _Group]:
    """One heading written twice in a structured document, with different texts,
    names two rules: The Last Edition's "Reaction units" of each phase.

    A glossary dump repeats its entries instead; there different texts are
    versions of one rule and stay together.  The same text twice is one rule
    wherever it stands (the versions list it under ``also_at``).
    """
    if all(len(group) == 1 for group in groups.values()):
        return groups  # one entry a group (a system of one document, mostly): nothing to split or sort
    out: dict[str, _Group] = {}
    for key, group in groups.items():
        if len(group) == 1:  # most groups: nothing to split
            if key in out:
                out[key].extend(group)
            else:
                out[key] = group
            continue
        split: dict[str, list[tuple[int, Entry]]] = {}
        seen_text: dict[tuple[str, str], str] = {}
        for member in sorted(group, key=lambda m: (m[0], m[1].source.line)):
            entry = member[1]
            if specs[entry.source.file].format == "glossary":
                split.setdefault(key, []).append(member)
                continue
            text = " ".join(entry.text.split())
            same = seen_text.get((entry.source.file, text))
            if same is None:
                same = key
                while same in split and any(m[1].source.file == entry.source.file for m in split[same]):
                    same = f"{key}#{len(split) + 1}"
                seen_text[(entry.source.file, text)] = same
            split.setdefault(same, []).append(member)
        for sub_key, members in split.items():
            out.setdefault(sub_key, []).extend(members)
    return out


def _merge_aliases(groups: dict[str, _Group]) -> dict[str, _Group]:
    """A group named like another group's alias is that rule under another name.

    Only an alias that exactly one rule claims can pull another group in: a
    keyword word two families share ("heavy") never absorbs a rule.
    """
    owners: dict[str, set[str]] = defaultdict(set)
    for key, members in groups.items():
        if len(members) == 1:  # most groups: one entry, most of them with no alias
            if members[0][1].aliases:
                for alias in members[0][1].aliases:
                    owners[_fold(alias.name)].add(key)
            continue
        for _, entry in members:
            for alias in entry.aliases:
                owners[_fold(alias.name)].add(key)
    for key in [key for key in groups if key in owners]:  # most groups: no alias names them
        claimants = owners[key] - {key}
        if len(claimants) == 1 and key in groups:
            (target,) = claimants
            if target in groups:
                groups[target].extend(groups.pop(key))
    return groups


def _words(text: str) -> set[str]:
    return set(fold(text).split())


_UNCONFIRMED = ("untranslated heading", "heading not named by its text")


def _merge_by_text(groups: dict[str, _Group], manifest: Manifest) -> dict[str, _Group]:
    """A heading its own text never names, whose text is another document's text
    of a rule, is that rule's name in the system's other language.
    """
    alias_lang = next((lang for lang in manifest.languages if lang != "en"), None)
    if alias_lang is None:
        return groups
    candidates = {
        k: None for k, g in groups.items()
        if all(any(n.startswith(_UNCONFIRMED) for n in e.notes) for _, e in g)
    }
    if not candidates:
        return groups
    order = {k: i for i, k in enumerate(groups)}
    texts = _Texts({k: _primary(g).text for k, g in groups.items() if k not in candidates}, candidates)
    for key in candidates:
        group = groups[key]
        words = _words(_primary(group).text)
        files = {e.source.file for _, e in group}
        if len(words) < _MIN_WORDS:
            continue
        best, best_score = None, _SIMILAR
        for other_key in texts.near(words, order):
            # the cheap tests first: the score is two set operations, a group's
            # primary entry a scan of its members
            other_words = texts.words[other_key]
            if len(other_words) < _MIN_WORDS:
                continue
            score = len(words & other_words) / len(words | other_words)
            if score < best_score:
                continue
            other = groups[other_key]
            if _primary(other).name is None:
                continue
            if not any(e.source.file not in files for _, e in other):
                continue  # only another document can say what a heading means
            best, best_score = other_key, score
        if best is not None:
            target = _primary(groups[best]).name
            moved = [
                (r, replace(e, name=target, heading=e.heading or e.name,
                            aliases=(Alias(e.name or "", alias_lang), *e.aliases),
                            notes=(*e.notes, f"aligned by text with {target} ({best_score:.0%} of words shared)")))
                for r, e in group
            ]
            groups[best].extend(moved)
            del groups[key]
            texts.add(best, _primary(groups[best]).text)  # its primary, and so its text, may have changed
    return groups


class _Texts:
    """The word sets of the groups a heading may be aligned to, filed so that
    the groups sharing enough of a heading's words are found without
    comparing the heading with every group.

    Comparing every unconfirmed heading's text with every rule's text was
    headings x rules set comparisons: hours at 100,000 rules.  Counting, per
    word of the heading, the groups holding it (in C, by ``Counter``) was
    still headings x groups in the end: texts drawing on a few hundred words
    hold each of them by the thousand, and a 25,000-rule glossary spent 26 s
    on it.  Prefix filters (as in exact set-similarity joins: file and look up
    only each text's rarest words) do not help such texts either: their
    rarest words too are held by hundreds of groups, and in a 10,000-rule
    glossary they visited 10 million filed words, more than the 6 million
    (heading, group) pairs there are.

    So the shared words are counted for all groups at once.  Each filed group
    has a slot, a bit; each word a column, an int with the bits of the groups
    holding it.  The heading's columns are added up like binary numbers, one
    int per binary digit of the count (bit-sliced): a handful of int
    operations per word, each over one bit per group, in C.  A comparison on
    the same digits then reads off the groups whose count reaches the fewest
    shared words that can score ``_SIMILAR`` for their size (see
    :func:`_fewest_shared`).  That is no estimate: :meth:`near` gives exactly
    the groups whose score reaches ``_SIMILAR``, as comparing the heading
    with every group would.

    A column costs a bit per slot up to the highest slot holding its word:
    a word fewer than ``few`` groups hold gets none, and the few groups
    holding it are compared one by one (exactly, as sets).  (``few`` is not
    tuned: synthetic glossaries have no word that rare; it keeps the names
    and numbers of a large vocabulary from costing a column each.)

    What remains grows with headings x groups, but as bits: at 25,000
    rules, 1,579 headings against 23,457 groups took 0.3 to 0.4 s.
    """

    def __init__(self, texts: dict[str, str], candidates: dict[str, None], few: int = 8) -> None:
        self.words: dict[str, set[str]] = {}
        self._slots: dict[str, int] = {}
        self._keys: list[str] = []  # by slot
        # Filed all at once, each int made in one pass: setting a bit copies
        # the int, and bit by bit the columns alone took groups x words copies.
        slots_holding: dict[str, list[int]] = defaultdict(list)
        slots_sized: dict[int, list[int]] = defaultdict(list)
        for key, text in texts.items():  # each group's primary's text
            if key in candidates:
                continue
            words = self.words[key] = _words(text)
            slot = self._slot(key)
            if len(words) >= _MIN_WORDS:
                slots_sized[len(words)].append(slot)
                for word in words:
                    slots_holding[word].append(slot)
        # words get a column here only: a word a later text brings is held by few groups
        self._columns: dict[str, int] = {w: _bits(slots) for w, slots in slots_holding.items() if len(slots) >= few}
        self._holding: dict[str, set[str]] = defaultdict(set)  # a word with no column -> the groups holding it
        for word, slots in slots_holding.items():
            if len(slots) < few:
                self._holding[word] = {self._keys[slot] for slot in slots}
        self._sizes: dict[int, int] = defaultdict(int)  # word count -> bits of the groups with that many words
        self._sizes.update((m, _bits(slots)) for m, slots in slots_sized.items())

    def add(self, key: str, text: str) -> None:
        """File a group's words, of its primary's ``text``; again when its primary, and so its text, has changed."""
        self.file(key, _words(text))

    def file(self, key: str, words: set[str]) -> None:
        """File ``words`` as the text of group ``key``, in place of the text filed before."""
        before = self.words.get(key)
        self.words[key] = words
        bit = 1 << self._slot(key)
        if before is not None and len(before) >= _MIN_WORDS:
            self._sizes[len(before)] &= ~bit
            for word in before:
                if word in self._columns:
                    self._columns[word] &= ~bit
                else:
                    self._holding[word].discard(key)
        if len(words) < _MIN_WORDS:
            return  # too short to be compared: never near
        self._sizes[len(words)] |= bit
        for word in words:
            if word in self._columns:
                self._columns[word] |= bit
            else:
                self._holding[word].add(key)

    def _slot(self, key: str) -> int:
        slot = self._slots.get(key)
        if slot is None:
            slot = self._slots[key] = len(self._keys)
            self._keys.append(key)
        return slot

    def near(self, words: set[str], order: dict[str, int]) -> list[str]:
        """Keys of the filed groups whose words score ``_SIMILAR`` or more
        with ``words`` (shared words over words of either), in ``order``.

        Exactly those: a group's shared words are counted in full (its
        columns, plus its words without one, compared as sets), and the
        score grows with the count (see :func:`_fewest_shared`).  Groups of
        fewer than ``_MIN_WORDS`` words are never near.
        """
        n = len(words)
        digits: list[int] = []  # digits[i]: the groups whose count of shared words has binary digit i
        for word in words:
            carry = self._columns.get(word, 0)
            for i, digit in enumerate(digits):
                if not carry:
                    break
                digits[i], carry = digit ^ carry, digit & carry
            if carry:
                digits.append(carry)
        by_fewest: dict[int, int] = defaultdict(int)  # fewest shared words -> the groups of the sizes needing that many
        for m, bits in self._sizes.items():
            fewest = _fewest_shared(n, m)
            if fewest is not None and bits:
                by_fewest[fewest] |= bits
        found_bits = 0
        for fewest, bits in by_fewest.items():
            found_bits |= _at_least(digits, fewest, bits)
        found: set[str] = set()
        while found_bits:
            lowest = found_bits & -found_bits
            found.add(self._keys[lowest.bit_length() - 1])
            found_bits ^= lowest
        # Groups holding a word with no column were counted short by it: compared whole.
        for key in set().union(*(self._holding.get(word, ()) for word in words)):
            other = self.words[key]
            if _similar(len(words & other), n, len(other)):
                found.add(key)
        return sorted(found, key=order.__getitem__)


def _similar(shared: int, n: int, m: int) -> bool:
    """Whether texts of ``n`` and ``m`` words sharing ``shared`` score ``_SIMILAR``:
    the very division :func:`_merge_by_text` makes (a union holds n + m - shared words)."""
    return shared / (n + m - shared) >= _SIMILAR


def _bits(slots: list[int]) -> int:
    """An int with the bits ``slots`` set."""
    made = bytearray(max(slots, default=0) // 8 + 1)
    for slot in slots:
        made[slot >> 3] |= 1 << (slot & 7)
    return int.from_bytes(made, "little")


@functools.lru_cache(maxsize=1 << 14)
def _fewest_shared(n: int, m: int) -> int | None:
    """The fewest shared words with which texts of ``n`` and ``m`` words score
    ``_SIMILAR``; None when even ``min(n, m)`` do not.

    The bound every filter here rests on: ``shared / (n + m - shared)`` grows
    strictly with ``shared`` (the numerator grows, the denominator shrinks),
    and rounding a quotient to a float never reverses an order, so
    :func:`_similar` holds for a count exactly when the count is this number
    or more.  (In exact arithmetic the number is ``ceil(s * (n + m) / (1 + s))``
    for ``s = _SIMILAR``; found by bisection on the float test itself, the
    filter and the comparison cannot disagree by a rounding.)
    """
    most = min(n, m)
    fewest = bisect.bisect_left(range(most + 1), True, key=lambda shared: _similar(shared, n, m))
    return fewest if fewest <= most else None


def _at_least(digits: list[int], least: int, among: int) -> int:
    """The bits of ``among`` whose count is ``least`` or more, the counts
    written in ``digits`` (one int per binary digit, lowest first, one bit
    per group): compared digit by digit from the highest, as by hand."""
    if least >> len(digits):
        return 0  # more than any count written in that many digits
    above, equal = 0, among  # so far: the groups whose count is above least, equal to it
    for i in reversed(range(len(digits))):
        if not equal:
            break
        higher = equal & digits[i]
        if least >> i & 1:
            equal = higher
        else:
            above |= higher
            equal ^= higher
    return above | equal


def _same_text(a: str, b: str) -> bool:
    return " ".join(a.split()) == " ".join(b.split())


def _versions(members: list[tuple[int, Entry]], specs: dict[str, DocumentSpec]) -> tuple[Version, ...]:
    """The versions of a group's ``members``, by document rank and line."""
    if len(members) == 1:  # most groups: one version, nothing to order or fold together
        entry = members[0][1]
        return (_version(entry, specs[entry.source.file].role),)
    out: list[Version] = []
    for _, entry in sorted(members, key=lambda m: (m[0], m[1].source.line)):
        spec = specs[entry.source.file]
        twin = next(
            (i for i, v in enumerate(out) if v.document == entry.source.file and _same_text(v.text, entry.text)),
            None,
        )
        if twin is not None:
            out[twin] = replace(out[twin], also_at=(*out[twin].also_at, entry.source))
            continue
        out.append(_version(entry, spec.role))
    # A stub version adds nothing when another version has text.
    if any(v.text.strip() for v in out):
        out = [v for v in out if v.text.strip()] + [v for v in out if not v.text.strip()]
    return tuple(out)


def _version(entry: Entry, role: str) -> Version:
    """An entry as a version of its rule, from a document of ``role``."""
    return Version(
        entry.text, entry.source, entry.source.file, role, entry.lang, entry.heading or entry.name,
        entry.flags, (), entry.profiles, entry.tables, entry.fields,
    )  # fmt: skip


def _rules(manifest: Manifest, groups: dict[str, _Group], specs: dict[str, DocumentSpec]) -> list[Rule]:
    # Each group's id, the names that find it, and the parent it names, in one pass (a
    # name first found in an earlier group stays that group's, as each group comes in
    # order): most groups are one entry, read without the primary's search.  The later
    # passes take each group's id, primary and members from ``made``, in the same order.
    system = manifest.id
    taken: set[str] = set()
    by_name: dict[str, str] = {}
    made: list[tuple[str, Entry, list[tuple[int, Entry]]]] = []  # (id, primary, members) of each group
    naming: list[tuple[int, str]] = []  # (place in made, parent's name) of the groups naming a parent
    for members in groups.values():
        if len(members) == 1:
            primary = members[0][1]
            parent_name = primary.parent
        else:
            primary = _primary(members)
            parent_name = next((e.parent for _, e in members if e.parent), None)
        called = primary.key or primary.name
        base = slug(called) if called else (
            f"unnamed-{slug(primary.source.file.rsplit('/', 1)[-1].rsplit('.', 1)[0])}-{primary.source.line}"
        )
        rid, n = base, 2
        while rid in taken:
            rid, n = f"{base}-{n}", n + 1
        taken.add(rid)
        own_id = f"{system}/{rid}"
        if parent_name:
            naming.append((len(made), parent_name))
        made.append((own_id, primary, members))
        for _, entry in members:
            if entry.key:
                by_name.setdefault(_fold(entry.key), own_id)
            if entry.name:
                by_name.setdefault(_fold(entry.name), own_id)

    # curated aliases the documents never write next to their rule
    curated: dict[str, list[Alias]] = defaultdict(list)
    for alias, (target, lang) in manifest.aliases.items():
        curated[_fold(target)].append(Alias(alias, lang))

    # Parents first, so each rule is made once with its children (remaking
    # every frozen rule afterwards cost a tenth of this step).
    parents: list[str | None] = [None] * len(made)
    children: dict[str, list[str]] = defaultdict(list)
    for place, parent_name in naming:  # in the groups' order, as each parent lists its children
        parent = by_name.get(_fold(parent_name))
        if parent:
            parents[place] = parent
            children[parent].append(made[place][0])
    roles = {path: spec.role for path, spec in specs.items()}
    rules: list[Rule] = []
    for (own_id, primary, members), parent in zip(made, parents):
        if len(members) == 1:
            # most groups: one entry, the primary, of one version; its name is no alias of its own
            versions: tuple[Version, ...] = (_version(primary, roles[primary.source.file]),)
            flags: tuple[str, ...] | list[str] = sorted(set(primary.flags).difference(("stub",))) if primary.flags else ()
            if not primary.text.strip():
                flags = (*flags, "stub")
            written: tuple[Alias, ...] | list[Alias] = primary.aliases
            category = primary.category
            params = primary.params or ()
            amends = primary.amends or None
        else:
            versions = _versions(members, specs)
            flags = sorted({f for v in versions for f in v.flags} - {"stub"})
            if not any(v.text.strip() for v in versions):
                flags.append("stub")
            if len(versions) > 1:
                flags.append("versions")
            listed = [e for _, e in members]  # as grouped: the first with a category, ... gives it
            ranked = [e for _, e in sorted(members, key=_rank)]
            written = [
                alias for entry in ranked for alias in ((*entry.aliases, Alias(entry.name, entry.lang)) if entry.name else entry.aliases)
            ]
            category = primary.category or next((e.category for e in listed if e.category), None)
            params = next((e.params for e in listed if e.params), ())
            amends = next((e.amends for e in listed if e.amends), None)
        aliases: tuple[Alias, ...] = ()  # most rules: none written, and no curated alias names them
        if written or curated:
            own = _fold(primary.name or "")
            if written or own in curated:
                # the written aliases, then the curated ones of the rule's names in the order they
                # are written (its own first), each name once
                named = [own, *(_fold(a.name) for a in written)] if curated else ()
                seen = {own}
                kept: list[Alias] = []
                for alias in (*written, *(alias for folded in dict.fromkeys(named) for alias in curated.get(folded, ()))):
                    if alias.name:
                        folded = _fold(alias.name)
                        if folded not in seen:
                            seen.add(folded)
                            kept.append(alias)
                aliases = tuple(kept)
        first = versions[0]
        rules.append(
            Rule(
                own_id, primary.name or f"(unnamed rule at {primary.source.file}:{primary.source.line})", system,
                first.text, first.source, aliases, category, parent, params, amends, versions, tuple(flags),
                tuple(children[own_id]) if own_id in children else (),
            )  # fmt: skip
        )
    return rules


def _rank(member: tuple[int, Entry]) -> int:
    return member[0]
