"""The theme's templates are compiled once per process (``referee.site.compiled``): a second site build compiles
none and writes the same bytes, and a template whose source changed under the same name is compiled again."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest

from referee.site.compiled import COMPILED, Compiled
from tests.conftest import manifest, write_system
from tests.site.sites import build_site


def _site(root: Path) -> dict[str, bytes]:
    src = write_system(root / "src", "demo", manifest("demo"), {"rules.txt": "Gloom\n\nModels with Gloom sulk.\n"})
    site = build_site(src, root / "site", root / "config")
    return {str(page.relative_to(root / "site")): page.read_bytes() for page in site.pages()}


def test_a_second_build_compiles_no_template_again_and_writes_the_same_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(COMPILED, "kept", {})  # as in a new process
    compiled: list[tuple[str | None, bool]] = []  # each template compiled, and whether in an environment that keeps it
    compile_ = jinja2.Environment.compile

    def counted(self: jinja2.Environment, source: str, name: str | None = None, *args: object, **kwargs: object) -> object:
        compiled.append((name, self.bytecode_cache is COMPILED))
        return compile_(self, source, name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(jinja2.Environment, "compile", counted)
    first = _site(tmp_path / "first")
    assert ("main.html", True) in compiled and ("base.html", True) in compiled  # the theme's pages, compiled and kept
    compiled.clear()
    second = _site(tmp_path / "second")
    # (the theme's search compiles its two language templates for itself, in an environment of its own, before ours is made)
    assert [name for name, kept in compiled if kept] == []
    assert second == first


def test_a_template_whose_source_changed_is_compiled_again() -> None:
    kept = Compiled()

    def render(source: str) -> str:
        env = jinja2.Environment(loader=jinja2.DictLoader({"page.html": source}), bytecode_cache=kept)
        return env.get_template("page.html").render(n=2)

    assert render("{{ n }} rules") == "2 rules"
    assert render("{{ n }} rules") == "2 rules" and len(kept.kept) == 1
    assert render("{{ n * 10 }} rules") == "20 rules"  # the same name and file, another source: not the code kept
