"""Keep the catalogs in step with the code (run as `python3 -m codex_tui.cli.catalogs update|check`).

`update` extracts every message of each text domain from its package (Babel's
Python extractor: `_`, `N_`, `ngettext`, `pgettext`), merges them into each
language's `.po` (new messages come in untranslated, messages gone from the code
are dropped, nothing is guessed by fuzzy matching) and compiles the `.mo` files
the app loads. `problems` (the command's `check`) lists what is wrong without writing: missing, stale,
untranslated or fuzzy messages, format fields or markup tags that differ between
a message and its translation, and `.mo` files older than their `.po`.

A domain's package is its `package_dir` minus any sub-package with its own
`locale/` (the shell's domain does not take the games' words). Babel is a
development tool here (the `test` extra); the app reads `.mo` files with the
standard library's gettext. Which domains there are is the registry's to say, a floor
above this package: the command (`cli/catalogs.py`) asks it and passes them in.
"""

from __future__ import annotations

import gettext
import io
import re
import string
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from codex_tui.i18n import DEFAULT, LANGUAGES, TextDomain

KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
TRANSLATED = tuple(code for code in LANGUAGES if code != DEFAULT)
MARKUP_TAG = re.compile(r"\[/?[a-z@#][^\[\]]*\]")
ENGLISH_NAMES = {"fr": "French", "zh": "Simplified Chinese"}
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);", "zh": "nplurals=1; plural=0;"}
"""gettext's classic forms ("0 point", "1 point", "2 points"; Chinese has one form), not
CLDR's newer three French forms, which every French translator would have to fill."""
NEW_CATALOG = """\
# The {language} words of codex-tui: the text domain {domain}.
# Kept in step with the code by: python3 -m codex_tui.cli.catalogs update
msgid ""
msgstr ""
"Project-Id-Version: codex-tui\\n"
"Language: {code}\\n"
"Plural-Forms: {plural}\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=utf-8\\n"
"Content-Transfer-Encoding: 8bit\\n"
"""


def po_path(domain: TextDomain, code: str) -> Path:
    return domain.locale_dir / code / "LC_MESSAGES" / f"{domain.name}.po"


def mo_path(domain: TextDomain, code: str) -> Path:
    return po_path(domain, code).with_suffix(".mo")


def extract(domain: TextDomain) -> Catalog:
    """Every message the code of `domain` uses, with where it is used."""
    template = Catalog(domain=domain.name, project="codex-tui", fuzzy=False)
    root = domain.package_dir

    def mine(folder: str) -> bool:
        relative = Path(folder).relative_to(root)
        return relative == Path(".") or not (root / relative / "locale").is_dir()

    results = extract_from_dir(root, keywords=KEYWORDS, directory_filter=mine, comment_tags=("Translators:",))
    for filename, lineno, message, comments, context in results:
        template.add(message, locations=[(filename, lineno)], auto_comments=comments, context=context)
    return template


def read(path: Path, code: str, domain: str) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, locale=code, domain=domain)


def new_catalog(domain: TextDomain, code: str) -> Catalog:
    """An empty catalog whose header names the language and its plural forms."""
    text = NEW_CATALOG.format(language=ENGLISH_NAMES[code], domain=domain.name, code=code, plural=PLURAL_FORMS[code])
    catalog = read_po(io.StringIO(text), locale=code, domain=domain.name)
    catalog.project, catalog.version = "codex-tui", ""
    catalog.msgid_bugs_address = catalog.last_translator = catalog.language_team = ""
    return catalog


def update(domain: TextDomain) -> None:
    """Merge the code's messages into each language's `.po` and compile it."""
    template = extract(domain)
    for code in TRANSLATED:
        path = po_path(domain, code)
        catalog = read(path, code, domain.name) if path.exists() else new_catalog(domain, code)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=100, ignore_obsolete=True, include_lineno=False, sort_output=True)
        compile_mo(domain, code)


def compile_mo(domain: TextDomain, code: str) -> None:
    catalog = read(po_path(domain, code), code, domain.name)
    out = io.BytesIO()
    write_mo(out, catalog)
    mo_path(domain, code).write_bytes(out.getvalue())


def fields(text: str) -> list[str]:
    """The format fields of a message, sorted ("{name}", "{n:>2}" -> "n", "name")."""
    try:
        return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)
    except ValueError:
        return ["<unbalanced braces>"]


def tags(text: str) -> list[str]:
    return sorted(MARKUP_TAG.findall(text))


def message_key(message: Message) -> tuple[str, str | None]:
    return as_texts(message.id)[0], message.context


def as_texts(value: object) -> tuple[str, ...]:
    """A message's id or translation as its forms (one, or one per plural form)."""
    if isinstance(value, (tuple, list)):
        return tuple(str(item or "") for item in value)
    return (str(value or ""),)


def message_problems(message: Message, where: str) -> Iterator[str]:
    ids = as_texts(message.id)
    texts = as_texts(message.string)
    if message.fuzzy:
        yield f"{where}: fuzzy translation of {ids[0]!r}"
    if not all(texts):
        yield f"{where}: no translation of {ids[0]!r}"
        return
    for text in texts:
        if fields(text) != fields(ids[-1]) and fields(text) != fields(ids[0]):
            yield f"{where}: {ids[0]!r} has fields {fields(ids[-1])}, its translation {text!r} has {fields(text)}"
        if tags(text) != tags(ids[0]):
            yield f"{where}: {ids[0]!r} has markup {tags(ids[0])}, its translation {text!r} has {tags(text)}"


def problems(domain: TextDomain) -> list[str]:
    """Everything wrong between `domain`'s code and its catalogs (empty: all in step)."""
    wanted = {message_key(m) for m in extract(domain) if m.id}
    found: list[str] = []
    for code in TRANSLATED:
        path = po_path(domain, code)
        where = str(path)
        if not path.exists():
            found.append(f"{where}: missing (run python3 -m codex_tui.cli.catalogs update)")
            continue
        catalog = read(path, code, domain.name)
        held = {message_key(m) for m in catalog if m.id}
        found += [f"{where}: lacks {ident!r}" for ident, _ in sorted(wanted - held, key=str)]
        found += [f"{where}: stale {ident!r} (no longer in the code)" for ident, _ in sorted(held - wanted, key=str)]
        for message in catalog:
            if message.id:
                found += message_problems(message, where)
        found += compiled_problems(domain, code, catalog)
    return found


def compiled_problems(domain: TextDomain, code: str, catalog: Catalog) -> list[str]:
    """The `.mo` the app loads must say what the `.po` says."""
    path = mo_path(domain, code)
    if not path.exists():
        return [f"{path}: missing (run python3 -m codex_tui.cli.catalogs update)"]
    with path.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    out = io.BytesIO()
    write_mo(out, catalog)
    out.seek(0)
    expected = gettext.GNUTranslations(out)
    if {k: v for k, v in compiled._catalog.items() if k} != {k: v for k, v in expected._catalog.items() if k}:  # type: ignore[attr-defined]
        return [f"{path}: out of date with its .po (run python3 -m codex_tui.cli.catalogs update)"]
    return []
