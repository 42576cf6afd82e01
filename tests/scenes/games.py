"""Games the scenes start from: seeded greedy-bot games stopped where a screen is worth seeing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from codex_tui.app.app import CodexApp
from codex_tui.games.codex.bots import make_bot
from codex_tui.games.codex.rules import Game, Phase, Variant, apply, new_game, players_to_act, view
from codex_tui.storage.saves import SavedGame, write_save

KINDS = ("human", "bot:greedy")
PLAYERS = frozenset({"Ada", "Bo"})


def played(seed: int, until: Callable[[Game], bool]) -> Game:
    """A greedy-vs-greedy game from `seed`, stopped when `until(game)` holds."""
    game = new_game(("Ada", "Bo"), seed, Variant(20))
    bots = [make_bot("greedy", 0), make_bot("greedy", 1)]
    while not until(game) and not game.is_over:
        seat = players_to_act(game)[0]
        game = apply(game, bots[seat].choose(view(game, seat)))
    return game


def mid_game(phase: Phase) -> Game:
    return played(3, lambda g: len(g.log) > 30 and g.current == 0 and g.phase is phase)


def app_with(tmp_path: Path, game: Any | None, kinds: tuple[str, ...] = KINDS, name: str = "snap") -> CodexApp:
    """The app opening `game` (saved first) or, with None, the new-game form."""
    folder = tmp_path / "saves"
    folder.mkdir(exist_ok=True)
    path = None
    if game is not None:
        path = folder / f"{name}.msgpack"
        write_save(path, SavedGame(game, kinds))
    return CodexApp(saves_dir=folder, save=path, bot_delay=0, offer_resume=False)
