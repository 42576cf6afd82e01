"""The catalogs hold every message the code uses, no stale one, and translations that fit their message."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from codex_tui.cli.catalogs import all_domains
from codex_tui.i18n import TextDomain, set_language
from codex_tui.i18n import catalogs as tool
from codex_tui.i18n.catalogs import problems

DOMAINS = [pytest.param(domain, id=domain.name) for domain in all_domains()]


@pytest.mark.parametrize("domain", DOMAINS)
def test_catalogs_in_step_with_the_code(domain: TextDomain) -> None:
    assert problems(domain) == []


def toy_domain(tmp_path: Path, source: str) -> TextDomain:
    package = tmp_path / "toy"
    (package / "locale").mkdir(parents=True)
    (package / "screen.py").write_text(source)
    return TextDomain("toy", package)


def set_translation(domain: TextDomain, code: str, message: str, translation: str | tuple[str, ...]) -> None:
    catalog = tool.read(tool.po_path(domain, code), code, domain.name)
    catalog[message].string = translation
    with tool.po_path(domain, code).open("wb") as handle:
        tool.write_po(handle, catalog)
    tool.compile_mo(domain, code)


def test_a_new_message_is_missing_until_translated_then_drawn_translated(tmp_path: Path) -> None:
    domain = toy_domain(tmp_path, 'from x import _\nprint(_("Draw a card"))\n')
    tool.update(domain)
    assert any("no translation of 'Draw a card'" in p for p in problems(domain))
    set_translation(domain, "fr", "Draw a card", "Piocher une carte")
    set_translation(domain, "zh", "Draw a card", "抽一张牌")
    assert problems(domain) == []
    set_language("fr")
    assert domain.gettext("Draw a card") == "Piocher une carte"
    set_language("zh")
    assert domain.gettext("Draw a card") == "抽一张牌"


def test_stale_and_missing_messages_are_named(tmp_path: Path) -> None:
    domain = toy_domain(tmp_path, 'print(_("Old words"))\n')
    tool.update(domain)
    (domain.package_dir / "screen.py").write_text('print(_("New words"))\n')
    found = problems(domain)
    assert any("lacks 'New words'" in p for p in found)
    assert any("stale 'Old words'" in p for p in found)


def test_a_translation_with_other_fields_or_markup_is_refused(tmp_path: Path) -> None:
    domain = toy_domain(tmp_path, 'print(_("[b]{name}[/b] draws"))\n')
    tool.update(domain)
    set_translation(domain, "fr", "[b]{name}[/b] draws", "[b]{nom}[/b] pioche")
    set_translation(domain, "zh", "[b]{name}[/b] draws", "{name} 抽牌")
    found = problems(domain)
    assert any("fields ['name']" in p and "['nom']" in p for p in found)
    assert any("markup" in p and "抽牌" in p for p in found)


def test_plural_forms_follow_each_language(tmp_path: Path) -> None:
    domain = toy_domain(tmp_path, 'print(ngettext("{n} point", "{n} points", n))\n')
    tool.update(domain)
    set_translation(domain, "fr", "{n} point", ("{n} point", "{n} points"))
    set_translation(domain, "zh", "{n} point", ("{n} 分",))
    assert problems(domain) == []
    set_language("fr")
    assert [domain.ngettext("{n} point", "{n} points", n) for n in (0, 1, 2)] == ["{n} point"] * 2 + ["{n} points"]
    set_language("zh")
    assert domain.ngettext("{n} point", "{n} points", 5) == "{n} 分"
    set_language("en")
    assert domain.ngettext("{n} point", "{n} points", 0) == "{n} points"


def test_a_compiled_catalog_older_than_its_po_is_named(tmp_path: Path) -> None:
    domain = toy_domain(tmp_path, 'print(_("Pass"))\n')
    tool.update(domain)
    for code, word in (("fr", "Passer"), ("zh", "跳过")):
        set_translation(domain, code, "Pass", word)
    catalog = tool.read(tool.po_path(domain, "fr"), "fr", "toy")
    catalog["Pass"].string = "Je passe"
    with tool.po_path(domain, "fr").open("wb") as handle:
        tool.write_po(handle, catalog)
    assert any("out of date" in p for p in problems(domain))
    with tool.mo_path(domain, "zh").open("rb") as handle:
        assert gettext.GNUTranslations(handle).gettext("Pass") == "跳过"
