"""The one error type users see: a message that names the file and line."""

from __future__ import annotations


class RulesError(Exception):
    """Bad input. The CLI prints ``str(err)`` on one line and exits with status 2."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None, going_on: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        # read leniently (referee lint), how the run went past it
        self.going_on = going_on or "the run went on without it"
        # read leniently, a name the documents write once that may be the slip instead of
        # an alias's target one slip from it: (name, alias, target); lint reports it there
        self.written_once: tuple[str, str, str] | None = None
        # read leniently, a document of the manifest the run went on without
        self.document_left_out = False

    def __str__(self) -> str:
        where = ""
        if self.file:
            where = self.file if self.line is None else f"{self.file}:{self.line}"
            where += ": "
        return f"{where}error: {self.message}"


def unknown_system(system: str, known: list[str], unmanaged: tuple[str, ...] = ()) -> RulesError:
    """The error for a ``--system`` no manifest declares (one wording for every reader)."""
    why = f"; the folder {system!r} has no system.toml" if system in unmanaged else ""
    return RulesError(f"unknown system {system!r} (known: {', '.join(known)}){why}")


def no_rule_named(query: str, system: str | None, guesses: list[str] = ()) -> str:
    """A name that names no rule (status 1), with the search's best guesses ("Fear (t9a/fear)").

    >>> no_rule_named("Feer", "t9a", ["Fear (t9a/fear)"])
    "no rule named 'Feer' in t9a; did you mean Fear (t9a/fear)?"
    """
    where = f" in {system}" if system else ""
    guess = f"; did you mean {', '.join(guesses)}?" if guesses else ""
    return f"no rule named {query!r}{where}{guess}"


def several_rules(name: str, ids: list[str], hint: str) -> str:
    """A name that names several rules: their ids, and how to choose (``hint``, such as
    "give --system or an id")."""
    return f"{name!r} names {len(ids)} rules: {', '.join(ids)}; {hint}"


def unmanaged_warning(folder: str) -> str:
    """The warning for a folder of the rules folder that holds no system.toml."""
    return f"warning: {folder} has no system.toml; its documents are not read"
