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
