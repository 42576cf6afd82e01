"""Dependencies point one way: each package of codex_tui imports only the packages below it.

Every import counts, at module level or inside a function, under `TYPE_CHECKING` or not, and
`import_module("literal")` calls too: a late import is still a dependency, only hidden. The map
and the reason for each rule are in docs/architecture.md ("The package map").
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import codex_tui
from tests.test_import_hygiene import imported_names

SOURCE = Path(codex_tui.__file__).parent

FORBIDDEN: dict[str, frozenset[str]] = {
    "core": frozenset({"games", "ui", "app", "client", "protocol", "server", "storage", "cli"}),
    "i18n": frozenset({"games", "ui", "app", "client", "protocol", "server", "storage", "cli"}),
    "storage": frozenset({"games", "ui", "app", "client", "protocol", "server", "cli"}),
    "games": frozenset({"app", "client", "protocol", "server", "cli"}),
    "ui": frozenset({"games", "app", "client", "server", "cli"}),
    "app": frozenset({"games", "client", "protocol", "server", "cli"}),
    "protocol": frozenset({"games", "ui", "app", "client", "server", "storage", "cli"}),
    "client": frozenset({"games", "app", "server", "cli"}),
    "server": frozenset({"games", "ui", "app", "client", "cli"}),
    "cli": frozenset({"games"}),
}
"""For each package, the packages it may not import. Outside `games/` nothing names a game (the
registry finds them through their entry points); `cli`, the top, wires the others together."""

TOP_LEVEL = frozenset({"__init__", "__main__", "input_guard"})
"""Modules directly under codex_tui: the package itself, `python -m codex_tui` (which calls the cli),
and `input_guard`, the terminal byte filter both the apps and the server's doors use."""


def layer_of(dotted: str) -> str:
    """`codex_tui.server.hub` -> `server`; `codex_tui.input_guard` -> `input_guard`."""
    parts = dotted.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def violations(root: Path = SOURCE) -> list[str]:
    """`file:line imports name (layer may not import other)` for every import against the map."""
    found = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root.parent)
        parts = list(relative.with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        module = ".".join(parts[:-1] if is_package else parts)
        layer = layer_of(module) if len(parts) > 2 or not is_package else "__init__"
        forbidden = FORBIDDEN.get(layer, frozenset())
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for line, name in imported_names(tree, module, is_package):
            if name.startswith("codex_tui.") and layer_of(name) in forbidden:
                found.append(f"{relative}:{line} imports {name} ({layer} may not import {layer_of(name)})")
    return found


def test_every_package_of_codex_tui_is_in_the_map() -> None:
    packages = {path.name for path in SOURCE.iterdir() if path.is_dir() and (path / "__init__.py").exists()}
    modules = {path.stem for path in SOURCE.glob("*.py")}
    assert packages == set(FORBIDDEN)
    assert modules == TOP_LEVEL


def test_no_import_goes_against_the_map() -> None:
    assert violations() == []


@pytest.mark.parametrize(
    ("module", "source", "expected"),
    [
        ("core/x.py", "from codex_tui.games.codex import module\n", ["games"]),
        ("core/x.py", "def late():\n    import codex_tui.ui.canvas\n", ["ui"]),
        ("core/x.py", "if TYPE_CHECKING:\n    from codex_tui.app.session import GameSession\n", ["app"]),
        ("server/x.py", "importlib.import_module('codex_tui.client.player_app')\n", ["client"]),
        ("client/x.py", "from codex_tui.protocol import messages\nfrom codex_tui.server import hub\n", ["server"]),
        ("games/g/x.py", "from codex_tui.ui import canvas\nfrom codex_tui.core import contract\n", []),
    ],
)
def test_the_check_sees_every_form_of_import(tmp_path: Path, module: str, source: str, expected: list[str]) -> None:
    root = tmp_path / "codex_tui"
    path = root / module
    path.parent.mkdir(parents=True)
    path.write_text(source)
    assert [line.rsplit(" ", 1)[1].rstrip(")") for line in violations(root)] == expected
