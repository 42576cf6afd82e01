"""What may import what: the engine never loads a UI library, the shell never names a game's package.

Checked for every registered game, so a new game is covered by registering it.
"""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path

import pytest

import codex_tui
from codex_tui.core import registry

UI_MODULES = ("textual", "rich")
SOURCE = Path(codex_tui.__file__).parent
GAMES_PACKAGE = "codex_tui.games"


def game_package(name: str) -> str:
    """`codex_tui.games.<pkg>`: the package of the module that defines the game's class."""
    module = type(registry.game_named(name)).__module__
    assert module.startswith(GAMES_PACKAGE + "."), module
    return ".".join(module.split(".")[:3])


def modules_of(package: str, skip: str = "") -> list[str]:
    """`package` and every module under it, apart from those under `package.skip`."""
    found = [package]
    path = getattr(import_module(package), "__path__", None)
    if path is not None:
        for info in pkgutil.walk_packages(path, package + "."):
            if not (skip and (info.name == f"{package}.{skip}" or info.name.startswith(f"{package}.{skip}."))):
                found.append(info.name)
    return found


def ui_free_packages() -> list[str]:
    """The packages that must never load Textual or Rich when imported."""
    games = [f"{game_package(name)}.rules" for name in registry.names()]
    return [*games, "codex_tui.core", "codex_tui.storage"]


def ui_modules_loaded_by(modules: list[str]) -> str:
    """The UI modules a fresh interpreter holds after importing `modules` (comma-separated)."""
    code = (
        f"import sys, importlib\nfor name in {modules!r}:\n    importlib.import_module(name)\n"
        f"print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in {UI_MODULES!r})))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.strip()


@pytest.mark.parametrize("package", ui_free_packages())
def test_rules_core_and_storage_do_not_import_ui(package: str) -> None:
    modules = modules_of(package)
    assert len(modules) >= 3  # the package and its modules were found
    assert ui_modules_loaded_by(modules) == ""


@pytest.mark.parametrize("name", registry.names())
def test_a_game_s_engine_bots_and_records_do_not_import_ui(name: str) -> None:
    """Everything of a game apart from its `ui` package (rules, bots, record, wire, its commands)."""
    package = game_package(name)
    modules = modules_of(package, skip="ui")
    assert f"{package}.rules" in modules and f"{package}.module" in modules
    assert ui_modules_loaded_by(modules) == ""


# ------------------------------------------------------- no game outside games/


def imported_names(tree: ast.AST, module: str, is_package: bool) -> Iterator[tuple[int, str]]:
    """(line, dotted name) of every import anywhere in `tree`, and of `import_module("literal")` calls."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = module.split(".") if is_package else module.split(".")[:-1]
            base = node.module or "" if not node.level else ".".join(parts[: len(parts) - node.level + 1])
            if node.level and node.module:
                base = f"{base}.{node.module}"
            yield from ((node.lineno, f"{base}.{alias.name}") for alias in node.names)
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            yield node.lineno, node.args[0].value


def game_imports(folder: Path) -> list[str]:
    """`file:line imports name` for each import of a game's package by a module under `folder`."""
    found = []
    files = [folder] if folder.is_file() else sorted(folder.rglob("*.py"))
    for path in files:
        relative = path.relative_to(SOURCE.parent)
        parts = list(relative.with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        module = ".".join(parts[:-1] if is_package else parts)
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for line, name in imported_names(tree, module, is_package):
            if name == GAMES_PACKAGE or name.startswith(GAMES_PACKAGE + "."):
                found.append(f"{relative}:{line} imports {name}")
    return found


SHELL = sorted(path.name for path in SOURCE.iterdir() if path.name not in ("games", "__pycache__"))
"""Every package and module of codex_tui outside games/ (each checked on its own, so one failure names its part)."""


@pytest.mark.parametrize("part", SHELL)
def test_no_module_outside_games_imports_a_game(part: str) -> None:
    assert game_imports(SOURCE / part) == []


def test_the_import_scan_sees_every_form_of_import(tmp_path: Path) -> None:
    source = (
        "import codex_tui.games.a.rules\n"
        "from codex_tui.games.b import rules\n"
        "from codex_tui.games import c\n"
        "def late():\n    from codex_tui.games.d.ui import Screen\n"
        "importlib.import_module('codex_tui.games.e.ui')\n"
        "from codex_tui.core import registry\n"
        "from ..games.f import rules\n"
    )
    names = [name for _, name in imported_names(ast.parse(source), "codex_tui.app.x", is_package=False)]
    assert sorted(name for name in names if name.startswith(GAMES_PACKAGE)) == [
        "codex_tui.games.a.rules",
        "codex_tui.games.b.rules",
        "codex_tui.games.c",
        "codex_tui.games.d.ui.Screen",
        "codex_tui.games.e.ui",
        "codex_tui.games.f.rules",
    ]
