"""The one place a local game changes: apply, undo, redo, autosave.

Widgets and screens never touch the game; they ask the session. The session
knows which seats are human and which are bots, keeps the redo stack, and
writes the save after every change, so quitting at any moment loses nothing.
A save that cannot be written (a full disk, a read-only folder) stops
nothing: the game goes on in memory, `save_problem` says why the save is
behind, and the next change or `autosave` writes it again.
No Textual here: it is tested directly, and the app only calls it. The
rules are the game's own `GameModule`, found in the registry by the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from codex_tui.core import registry
from codex_tui.core.contract import BotMove, GameModule
from codex_tui.core.rng import move_seed
from codex_tui.i18n.words import shown_names
from codex_tui.storage.saves import HUMAN, SavedGame, SaveError, write_save

BOT_PREFIX = "bot:"


def bot_level(kind: str) -> str | None:
    """'bot:greedy' -> 'greedy'; 'human' -> None."""
    return kind[len(BOT_PREFIX) :] if kind.startswith(BOT_PREFIX) else None


@dataclass
class GameSession:
    game: Any
    """The state of any registered game (a `GameState`)."""
    kinds: tuple[str, ...]
    save_path: Path | None = None
    title: str = ""
    """The save's title ("" for the player names); kept on every autosave."""
    titled_on: date | None = None
    """The day of a new game's own title, shown in the reader's language (`SavedGame.titled_on`)."""
    branch_at: int | None = None
    """The action a game played on from a replay started at (`SavedGame.branch_at`)."""
    hints: tuple[tuple[int, int], ...] = ()
    """(actions played then, seat) for every hint shown, kept in the save: the log notes them.
    Undo keeps them: a hint once seen stays noted."""
    redo_groups: list[list[Any]] = field(default_factory=list)
    bots: dict[int, BotMove] = field(default_factory=dict)
    """Bots given from outside (a tutorial's scripted ones). A seat whose kind names a level has
    none here: its bot is built for each move from `move_seed`, as at a server's table."""
    save_problem: SaveError | None = None
    """Why the last autosave failed; None while the save holds the game as it is in memory."""

    def __post_init__(self) -> None:
        self.rules: GameModule = registry.game_of(self.game)

    # ------------------------------------------------------------ who acts

    def is_human(self, seat: int) -> bool:
        return self.kinds[seat] == HUMAN

    @property
    def humans(self) -> tuple[int, ...]:
        return tuple(i for i, kind in enumerate(self.kinds) if kind == HUMAN)

    def seat_to_act(self) -> int | None:
        """Who acts next: during set-up, bots first, then humans in seat order."""
        waiting = self.rules.players_to_act(self.game)
        if not waiting:
            return None
        bots = [seat for seat in waiting if not self.is_human(seat)]
        return bots[0] if bots else waiting[0]

    def choosing_together(self) -> bool:
        """Several seats choose at once (Codex's set-up): a bot's choice there is secret, so
        there is nothing to watch, and the human's own choice should not wait on a delay."""
        return len(self.rules.players_to_act(self.game)) > 1

    def view_for(self, seat: int) -> Any:
        return self.rules.view(self.game, seat)

    def bot_action(self, seat: int, game: Any | None = None) -> Any:
        """The bot's choice, from its own view only (of `game`, by default the current one)."""
        game = game if game is not None else self.game
        bot = self.bots.get(seat)
        if bot is None:
            level = bot_level(self.kinds[seat])
            if level is None:
                raise ValueError(f"no bot plays seat {seat}")
            bot = self.rules.make_bot(level, move_seed(game.seed, seat, len(game.actions)))
        return bot(self.rules.view(game, seat))

    # ------------------------------------------------------------- changes

    def act(self, action: Any) -> Any:
        """Apply a new action (IllegalAction propagates); forget the redo stack."""
        self.game = self.rules.apply(self.game, action)
        self.redo_groups.clear()
        self.autosave()
        return self.game

    def note_hint(self, seat: int) -> None:
        """`seat` was shown a hint now."""
        self.hints += ((len(self.game.actions), seat),)
        self.autosave()

    def can_undo(self) -> bool:
        return any(self.is_human(action.player) for action in self.game.actions)

    def undo(self) -> bool:
        """Take back the last human action and every bot action after it."""
        actions = list(self.game.actions)
        removed: list[Any] = []
        while actions:
            action = actions.pop()
            removed.append(action)
            if self.is_human(action.player):
                break
        else:
            return False
        self.redo_groups.append(list(reversed(removed)))
        self._rebuild(actions)
        return True

    def can_redo(self) -> bool:
        return bool(self.redo_groups)

    def redo(self) -> bool:
        if not self.redo_groups:
            return False
        game = self.game
        for action in self.redo_groups.pop():
            game = self.rules.apply(game, action)
        self.game = game
        self.autosave()
        return True

    def show_names_in_reader_language(self) -> bool:
        """After a language switch: the form's default names ("Vous", "Robot 1") in the language
        read now ("You", "Bot 1"), as a save opened now would show them; a typed name stays. The
        game is replayed from its own save body under the new names. True if a name changed (the
        game is then a new state, and a bot thinking on the old one must think again)."""
        names = shown_names(self.game.players)
        if names == tuple(self.game.players):
            return False
        self.game = self.rules.load_save_body(self.rules.save_body(self.game), names, self.game.seed)
        return True

    def _rebuild(self, actions: list[Any]) -> None:
        self.game = self.rules.rebuild(self.game, actions)
        self.autosave()

    def autosave(self) -> bool:
        """Write the save; False when it cannot be (`save_problem` says why): the game stays in memory."""
        if self.save_path is None:
            return True
        try:
            write_save(self.save_path, self.saved())
        except SaveError as error:
            self.save_problem = error
            return False
        self.save_problem = None
        return True

    def saved(self) -> SavedGame:
        """The game as its save holds it."""
        return SavedGame(
            self.game,
            self.kinds,
            title=self.title,
            hints=self.hints,
            titled_on=self.titled_on,
            branch_at=self.branch_at,
        )
