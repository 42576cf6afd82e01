"""Starting the app from the command line."""

from __future__ import annotations

from pathlib import Path

from ..storage.saves import default_saves_dir, load_save


def run_app(save: Path | None = None, saves_dir: Path | None = None) -> int:
    """Open the app; a broken SAVE fails here, before the screen changes."""
    from .app import CodexApp

    if save is not None:
        load_save(save)  # raises SaveError with the file and the fault
    folder = saves_dir or default_saves_dir()
    CodexApp(saves_dir=folder, save=save).run()
    return 0
