"""Starting the app from the command line."""

from __future__ import annotations

import sys
from pathlib import Path

from codex_tui.storage.saves import default_saves_dir, load_save


def run_app(
    save: Path | None = None, saves_dir: Path | None = None, mode: str = "play", learn: str | None = None
) -> int:
    """Open the app; a broken SAVE fails here, before the screen changes.

    `mode` is 'play' (new game, or resume SAVE), 'saves' (the browser) or
    'replay' (SAVE is a save or a game record) or 'learn' (the tutorial of the game `learn`).
    """
    from codex_tui.app.app import CodexApp
    from codex_tui.app.opening import open_replayable
    from codex_tui.cli.language import STARTUP_PROBLEMS
    from codex_tui.ui.terminal_input import EXIT_NO_TERMINAL, has_terminal

    if not has_terminal():
        print("codex-tui: needs an interactive terminal (its input and output are not one)", file=sys.stderr)
        return EXIT_NO_TERMINAL

    if save is not None:
        if mode == "replay":
            open_replayable(save)  # raises SaveError with the file and the fault
        else:
            load_save(save)
    folder = saves_dir or default_saves_dir()
    app = CodexApp(saves_dir=folder, save=save, mode=mode, notices=tuple(STARTUP_PROBLEMS), learn=learn)
    app.run()
    return app.return_code or 0  # 1 after a crash (see ui/crash.py)
