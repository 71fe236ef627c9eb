"""The one error type users see: a message that names the file and line."""

from __future__ import annotations


class RulesError(Exception):
    """Bad input. The CLI prints ``str(err)`` on one line and exits with status 2."""

    def __init__(self, message: str, file: str | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line

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


def unmanaged_warning(folder: str) -> str:
    """The warning for a folder of the rules folder that holds no system.toml."""
    return f"warning: {folder} has no system.toml; its documents are not read"
