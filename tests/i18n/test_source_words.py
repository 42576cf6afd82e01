"""No number and no separator goes into a translated sentence behind the catalogs' back.

A format spec (`f"{x:.1f}"`, `f"{n:+d}"`) writes English digits in every
language: French reads "1.9" where it writes "1,9". A comma or a bracket
typed in the code around translated words ("+4, covered 2 corners",
"Bot 1(normal)") stays half-width in Chinese and cannot move for French. So
the source is read (ast) and these fail the test:

- a format spec with a decimal, sign, grouping or percent type anywhere but in
  `codex_tui/i18n/numbers.py`, which formats them per language (the CLI's own
  English output excepted: `CLI_ONLY`);
- a date written by `strftime` with a day, month or year in it: Babel's forms
  (`codex_tui.i18n.dates`) say it as the language does ("3 déc. 2026, 07:34");
- a literal separator joined into a translated sentence: `", ".join(...)` given
  to a translated message's `.format`, a literal with punctuation added (`+`) to a
  translated text, and an f-string that wraps a translated text in literal
  punctuation (`f"({_(tag)})"`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[2] / "codex_tui"
HELPER = SOURCE / "i18n" / "numbers.py"
CLI_ONLY = frozenset(
    SOURCE / path
    for path in (
        "cli/review.py",  # `codex-tui review`'s table: CLI output stays English (docs/i18n.md)
        "games/codex/bots/tournament.py",  # `codex-tui tournament`
        "games/codex/commands.py",  # `codex-tui selfplay`
    )
)
LOCAL_SPEC = re.compile(r"^[^%]*([+,_]|[fFeEgGn%]$)")
"""A spec whose digits or signs differ by language: a sign, digit groups, a float or percent type
(not a width, not a string's cut `!r:.80`, not a date's `%Y-%m-%d`)."""
TRANSLATING = frozenset({"_", "ngettext", "pgettext", "gettext"})
"""The functions (or methods: `DOMAIN.gettext`) whose result is a translated text."""
PUNCTUATION = re.compile(r"[,;:()（），；：、.。·+&]")
DATE_FIELDS = re.compile(r"%[YymdbBaAcxj]")
"""strftime fields that name a day, month or year: each language orders and names them its own way."""
PROGRAM = "codex-tui: "
"""The program's name before a message it leaves in the terminal ("codex-tui: lost the game server."), as
Unix programs name themselves: the same in every language, so a literal allowed before translated text."""


def sources() -> list[Path]:
    return sorted(path for path in SOURCE.rglob("*.py") if path != HELPER and path not in CLI_ONLY)


def spec_text(spec: ast.JoinedStr) -> str:
    return "".join(part.value for part in spec.values if isinstance(part, ast.Constant) and isinstance(part.value, str))


def translating(node: ast.AST) -> bool:
    """`node` is a translated text: `_("...")`, `ngettext(...)`, `X.gettext(...)`, or one of them `.format`ted."""
    if not isinstance(node, ast.Call):
        return False
    function = node.func
    if isinstance(function, ast.Name):
        return function.id in TRANSLATING
    if isinstance(function, ast.Attribute):
        return function.attr in TRANSLATING or (function.attr == "format" and translating(function.value))
    return False


def literal_join(node: ast.AST) -> bool:
    """`", ".join(...)`: items joined by a separator written in the code."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "join"
        and isinstance(node.func.value, ast.Constant)
        and isinstance(node.func.value.value, str)
        and PUNCTUATION.search(node.func.value.value) is not None
    )


def punctuated(node: ast.AST) -> bool:
    """A literal (or an f-string's literal parts) holding punctuation."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return PUNCTUATION.search(node.value.removeprefix(PROGRAM)) is not None
    if isinstance(node, ast.JoinedStr):
        return PUNCTUATION.search(spec_text(node).removeprefix(PROGRAM)) is not None
    return False


def problems(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, what) for each number or separator put into words behind the catalogs' back."""
    for node in ast.walk(tree):
        if isinstance(node, ast.FormattedValue) and isinstance(node.format_spec, ast.JoinedStr):
            spec = spec_text(node.format_spec)
            if LOCAL_SPEC.search(spec):
                yield node.lineno, f"format spec ':{spec}' (use codex_tui.i18n.numbers)"
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "strftime"
            and any(isinstance(arg, ast.Constant) and DATE_FIELDS.search(str(arg.value)) for arg in node.args)
        ):
            yield node.lineno, "a date by strftime (use codex_tui.i18n.dates)"
        elif isinstance(node, ast.Call) and translating(node) and isinstance(node.func, ast.Attribute):
            for value in [*node.args, *(keyword.value for keyword in node.keywords)]:
                if literal_join(value):
                    yield node.lineno, "a separator from the code joins a translated sentence's field"
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            sides = (node.left, node.right)
            if any(translating(side) for side in sides) and any(punctuated(side) for side in sides):
                yield node.lineno, "punctuation from the code added to a translated text"
        elif isinstance(node, ast.JoinedStr):
            inside = [part.value for part in node.values if isinstance(part, ast.FormattedValue)]
            if any(translating(value) for value in inside) and punctuated(node):
                yield node.lineno, "punctuation from the code around a translated text"


@pytest.mark.parametrize("path", sources(), ids=lambda path: str(path.relative_to(SOURCE)))
def test_numbers_and_separators_come_from_the_helpers_and_catalogs(path: Path) -> None:
    found = [f"{path.relative_to(SOURCE)}:{line}: {what}" for line, what in problems(ast.parse(path.read_text()))]
    assert not found, "\n".join(found)


@pytest.mark.parametrize(
    "code",
    [
        'text = _("lost {points}").format(points=f"{cost:.1f}")',
        'text = f"{margin:+d}"',
        'text = _("{move}: {details}").format(move=move, details=", ".join(details))',
        'text = ngettext("{n} pt", "{n} pts", n).format(n=n) + ", " + rest',
        'text = f"({_(tag)})"',
        'when = moment.strftime("%Y-%m-%d %H:%M")',
    ],
)
def test_each_kind_of_problem_is_seen(code: str) -> None:
    assert list(problems(ast.parse(code)))


@pytest.mark.parametrize(
    "code",
    [
        'text = _("{move}: {details}").format(move=move, details=separator().join(details))',
        'text = f"{score:>2}"',
        'text = _("{a} {b}").format(a=a, b=b) + "\\n"',
        'error = ", ".join(names)',
        'said = moment.strftime("%H:%M")',
    ],
)
def test_what_is_left_alone(code: str) -> None:
    assert not list(problems(ast.parse(code)))
