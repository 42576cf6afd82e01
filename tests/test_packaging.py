"""pyproject.toml ships every data file the package reads (cards, stylesheets) and points at the CLI."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

import codex_tui
from codex_tui.cli import main

ROOT = Path(codex_tui.__file__).parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def shipped(path: Path, package_data: dict[str, list[str]]) -> bool:
    """Whether setuptools' package-data globs take `path` (a key is a package; "*" is every package;
    a glob is relative to its package and may name sub-folders that are not packages: "locale/*/x")."""
    for folder in path.parents:
        if not (folder / "__init__.py").exists():
            continue
        package = ".".join(folder.relative_to(ROOT).parts)
        patterns = package_data.get(package, []) + package_data.get("*", [])
        if any(fnmatch(path.relative_to(folder).as_posix(), pattern) for pattern in patterns):
            return True
    return False


def test_every_data_file_is_package_data() -> None:
    package_data = PYPROJECT["tool"]["setuptools"]["package-data"]
    data = [
        path
        for path in (ROOT / "codex_tui").rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    ]
    assert any(path.name == "cards.txt" for path in data)
    assert any(path.name == "codex.mo" for path in data)
    assert [path for path in data if not shipped(path, package_data)] == []
    folders = ("app", "app/screens", "client", "ui/screens", "ui/widgets", "games/codex/ui", "games/instinkt/ui")
    for stylesheet in (f"{folder}/x.tcss" for folder in folders):
        assert shipped(ROOT / "codex_tui" / stylesheet, package_data), stylesheet


def test_the_script_is_the_cli_main() -> None:
    assert PYPROJECT["project"]["scripts"] == {"codex-tui": "codex_tui.cli:main"}
    module, _, name = PYPROJECT["project"]["scripts"]["codex-tui"].partition(":")
    assert getattr(__import__(module, fromlist=[name]), name) is main
