"""The one method set every game implements, so the shell never names a game.

Modelled on OpenSpiel's game API (one set of methods per game, one generic
conformance test over all of them) and boardgame.io's game object (set-up,
moves, end, player view and bots in one place). The app, the saves, the
records and the server hold a `GameModule` taken from `codex_tui.core.registry`
and call only what is declared here.

States, actions, variants and views stay each game's own frozen values; the
shell passes them through untouched. What it reads of them directly is in the
`GameState` and `GameAction` protocols below.

Nothing here imports Textual: a game's screens come from `GameModule.ui()`,
which imports them only when called.
"""

from __future__ import annotations

import argparse
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from codex_tui.core.advice import ADVICE_SEED, HINT_LEVEL, Assessment, Hint
from codex_tui.core.tutorial import Tutorial
from codex_tui.i18n import TextDomain, translate_in
from codex_tui.i18n.lists import and_list
from codex_tui.i18n.text import DOMAIN as SHELL_WORDS
from codex_tui.i18n.text import _

BotMove = Callable[[Any], Any]
"""A bot as the shell uses it: a seat's view in, an action out."""


class GameAction(Protocol):
    """What the shell reads of any action: the seat that takes it."""

    @property
    def player(self) -> int: ...


class GameState(Protocol):
    """What the shell reads of any game state; everything else is the game's business."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def seed(self) -> int | None: ...

    @property
    def variant(self) -> Any: ...

    @property
    def actions(self) -> tuple[Any, ...]: ...

    @property
    def is_over(self) -> bool: ...


@dataclass(frozen=True)
class VariantField:
    """One option of a game's variant, as a form or a create request shows it.

    The new-game form, the lobby's create form and the protocol's create
    request are built from these, so a game's options travel whole without the
    shell knowing their names.
    """

    key: str
    """The key in `variant_to_dict` (and in the create request)."""
    label: str
    """The form's label: "Target score" (English; drawn through `GameModule.translate`)."""
    kind: Literal["int", "bool"]
    default: int | bool
    low: int = 0
    """Smallest allowed whole number (kind "int")."""
    high: int = 0
    """Largest allowed whole number (kind "int")."""
    help: str = ""
    """One short line for the form (English; drawn through `GameModule.translate`)."""
    choices: tuple[tuple[str, int | bool], ...] = ()
    """(label, value) pairs a form offers instead of free entry, in order; empty: a
    number field for "int", no/yes for "bool". Labels in English, like `label`."""


@dataclass(frozen=True)
class GameSummary:
    """A game as a saves list or a lobby row shows it, whatever the game."""

    scores: tuple[int, ...]
    """Points as the game stands now."""
    totals: tuple[int, ...] | None
    """Final points (objectives included), once the game is over."""
    turn: int
    """The game's own count of progress: Codex's turn, Instinkt's round."""
    finished: bool
    end: str | None
    """Why it ended, in a word (the record's `end`), or None while it goes on."""
    winners: tuple[int, ...]


class GameModule(ABC):
    """A game, as the shell knows it. One instance per game, in the registry."""

    name: str
    """Stable id: the save body's and the record's `game`, the protocol's `game`."""
    title: str
    """Shown to players: "Codex Naturalis" (English; drawn through `translate`)."""
    summary: str
    """One line for the new-game list: "2-4 players, first to 20 points" (English; drawn through `translate`)."""
    min_players: int
    max_players: int
    record_format: str
    """The `format` field of this game's JSON record (how `check` recognises it)."""
    text_domain: TextDomain | None = None
    """The game's own catalogs (its words in every language); None: English only."""
    owns_unnamed_records: bool = False
    """True for the one game whose saves, records and hub messages were written before they named
    their game (Codex Naturalis, the only game then): the registry hands such data to it."""

    def translate(self, message: str) -> str:
        """One of this game's English texts (its title, summary, a variant field's
        label, help or choice, a bot level) in the player's language, at the moment it
        is drawn: from the game's own catalog, else from the shell's (shared words)."""
        own = () if self.text_domain is None else (self.text_domain,)
        return translate_in(message, (*own, SHELL_WORDS))

    # ------------------------------------------------------------- variant

    @abstractmethod
    def variant_fields(self) -> tuple[VariantField, ...]:
        """The options a player sets when creating a game."""

    @abstractmethod
    def default_variant(self) -> Any:
        """The variant a game gets when nobody changes a field."""

    @abstractmethod
    def variant_to_dict(self, variant: Any) -> dict[str, Any]:
        """The variant as plain data (saves, create requests, table info)."""

    @abstractmethod
    def variant_from_dict(self, data: Any) -> Any:
        """The variant back from plain data; RecordError names a bad field."""

    @abstractmethod
    def variant_text(self, variant: Any) -> str:
        """A few words for a lobby row or a saves list: "Codex to 20", "Instinkt, draft"."""

    # ---------------------------------------------------------------- rules

    @abstractmethod
    def owns(self, game: object) -> bool:
        """Whether `game` is a state of this game (the registry's lookup by state)."""

    @abstractmethod
    def new_game(self, players: Sequence[str], seed: int, variant: Any) -> Any:
        """A fresh deal (a `GameState`); SetupError for a seat count the game cannot take."""

    @abstractmethod
    def apply(self, game: Any, action: Any) -> Any:
        """The state after `action`; IllegalAction if the rules forbid it."""

    @abstractmethod
    def legal_actions(self, game: Any) -> Sequence[Any]:
        """Every legal action now, of every seat that may act."""

    @abstractmethod
    def legal_actions_for(self, game: Any, seat: int) -> Sequence[Any]:
        """The legal actions of one seat now (empty when it is not that seat's move)."""

    @abstractmethod
    def players_to_act(self, game: Any) -> tuple[int, ...]:
        """The seats the game waits for (several during simultaneous set-up)."""

    @abstractmethod
    def view(self, game: Any, seat: int) -> Any:
        """What `seat` may see (SPECTATOR: what anyone may see); never another seat's secrets."""

    @abstractmethod
    def has_move(self, view: Any) -> bool:
        """Whether `view`'s seat is to act now in the play itself (a "your turn" notice is due)."""

    @abstractmethod
    def may_send(self, view: Any, action: Any) -> bool:
        """Whether a seat that sees `view` may send `action` to its table: one of its legal actions
        in that view (a spectator has none). A network client asks it before sending a move."""

    @abstractmethod
    def rebuild(self, game: Any, actions: Sequence[Any]) -> Any:
        """The same deal with these actions instead of its own; ReplayError names a refused one."""

    def undo(self, game: Any, steps: int = 1) -> Any:
        """The game `steps` actions earlier (a negative count is refused)."""
        from codex_tui.core.history import actions_kept

        return self.rebuild(game, game.actions[: actions_kept(len(game.actions), steps)])

    @abstractmethod
    def winners(self, game: Any) -> tuple[int, ...]:
        """The winning seats of a finished game (several on a shared win)."""

    @abstractmethod
    def status(self, game: Any) -> str:
        """A few words for the lobby once started: "ada to place", "bo won"."""

    @abstractmethod
    def game_summary(self, game: Any) -> GameSummary:
        """Scores and progress for a saves list row."""

    # -------------------------------------------------------------- records

    @abstractmethod
    def action_to_dict(self, action: Any) -> dict[str, Any]:
        """An action as this game's record writes it (also the wire's form)."""

    @abstractmethod
    def action_from_dict(self, data: Any, where: str) -> Any:
        """An action back from plain data; RecordError says where and what is wrong."""

    @abstractmethod
    def save_body(self, game: Any) -> dict[str, Any]:
        """What a save file keeps of the game besides seats and title: variant, setup, actions."""

    @abstractmethod
    def load_save_body(self, body: dict[str, Any], players: tuple[str, ...], seed: int | None) -> Any:
        """The game a save body holds, replayed; RecordError, SetupError or ReplayError if not."""

    @abstractmethod
    def export_record(self, game: Any) -> dict[str, Any]:
        """The game's JSON record (docs in the game's own package)."""

    @abstractmethod
    def import_record(self, data: Any) -> Any:
        """The game a record holds, replayed; RecordError, SetupError or ReplayError if not."""

    @abstractmethod
    def result_to_dict(self, game: Any) -> dict[str, Any]:
        """The outcome of a game as `codex-tui check` prints it."""

    # ----------------------------------------------------------------- wire

    @abstractmethod
    def encode_view(self, view: Any) -> dict[str, Any]:
        """A seat's view as plain data for the hub protocol (no secrets beyond the view's own)."""

    @abstractmethod
    def decode_view(self, data: Any) -> Any:
        """A view back from the wire; RecordError (or ValueError) for malformed data."""

    @abstractmethod
    def result_to_wire(self, game: Any) -> dict[str, Any]:
        """What the end screen of a finished game needs, sent once it is over."""

    @abstractmethod
    def result_from_wire(self, data: Any) -> Any:
        """The end-of-game data back from the wire; RecordError (or ValueError) if malformed."""

    # ----------------------------------------------------------------- bots

    @abstractmethod
    def bot_levels(self) -> Sequence[str]:
        """The bot levels a seat may take, weakest first."""

    def menu_levels(self) -> Sequence[str]:
        """The levels a menu offers a player, in `bot_levels` order: all of them, unless the game keeps a
        name for saves and commands only (another name of a level menus already offer)."""
        return self.bot_levels()

    @abstractmethod
    def bot_description(self, level: str) -> str:
        """How a bot of `level` plays, in a few words: a text id of the game's catalog
        (the shell translates it with `translate` and says which levels hints use)."""

    @abstractmethod
    def bot_rating(self, level: str) -> int:
        """The fixed rating a bot seat of `level` (one of `bot_levels`) plays at on a rated table.

        Calibrated from seat-balanced matches between the levels
        (`benchmarks/level_ratings.py`), on the scale a player starts at
        `codex_tui.server.ratings.START`; docs/ratings.md has the figures."""

    @abstractmethod
    def make_bot(self, level: str, seed: int) -> BotMove:
        """A bot of this level; ValueError (naming the known levels) for an unknown one.

        Every game takes the names `advice.HINT_LEVEL` ("hard"),
        `advice.SLOW_HINT_LEVEL` and `advice.REVIEW_LEVEL` ("expert") too,
        mapping them to its strongest bots when it has no level of that name:
        hints and reviews ask for them."""

    # --------------------------------------------------------------- advice

    @abstractmethod
    def assess(self, view: Any, played: Any, level: str, seed: int) -> Assessment:
        """The search's estimate of the final margin for `played` and for the best move, from `view` alone.

        `played` is one of `view`'s legal actions. The search at `level` (one of
        `bot_levels`, or a name `make_bot` maps to one) compares the moves it
        thinks worth trying, always including `played`, on the same sampled
        games; the result depends only on the view, the action, the level and
        `seed`. Used by reviews (`codex_tui.core.review`).
        """

    @abstractmethod
    def hint_reason(self, view: Any, action: Any) -> str:
        """One line in words on why `action` is good now: points now, objective progress, what it keeps open."""

    @abstractmethod
    def move_text(self, view: Any, action: Any) -> str:
        """A move in a few words for a review table, as the seat with `view` would read it."""

    def hint(self, view: Any, level: str = HINT_LEVEL) -> Hint:
        """What the bot of `level` would play from `view` (its seat's own view: no hidden card), and why."""
        action = self.make_bot(level, ADVICE_SEED)(view)
        return Hint(action, self.hint_reason(view, action))

    # ------------------------------------------------------------------- UI

    @abstractmethod
    def ui(self) -> object:
        """The game's screens (imported here, lazily, so the rules never load Textual).

        Returns the `UI` object of the game's `ui` package. The core knows no
        screen: the kit's `codex_tui.ui.game_ui.GameUI` protocol describes it,
        and `codex_tui.ui.game_ui.screens_of(game)` hands it out typed.
        """

    # ------------------------------------------------------------- commands

    @abstractmethod
    def cli_commands(self) -> Sequence[CliCommand]:
        """Commands of this game's own for the `codex-tui` command line (most games have none).

        Codex Naturalis offers `tournament` and `selfplay` (its bots' matches);
        the CLI adds them beside its own commands without naming the game.
        Import the commands' modules here, lazily, like `ui()`.
        """

    # ------------------------------------------------------------ learning

    def tutorial(self) -> Tutorial | None:
        """The game's guided first game (`codex-tui learn`, the new-game form's "Learn to play"); None: it has none.

        Data beside the game's package, run by the shell's one tutorial component, so a game
        brings its tutorial without screen code of its own."""
        return None

    # ------------------------------------------------------------ privacy

    @abstractmethod
    def hidden_twin(self, game: Any, seat: int, seed: int) -> Any:
        """A game `seat` (or SPECTATOR) cannot tell from `game`, its secrets dealt again from `seed`.

        Same players, variant and number of actions; every card (or other
        secret) this seat has not been shown may differ, chosen at random, and
        the game replays legally. Built from the rules' own account of what the
        seat has seen, never from `view`, so that the conformance test can
        check views against it: `encode_view(view(twin, seat))` must equal
        `encode_view(view(game, seat))` byte for byte. A game without hidden
        information returns `game`.
        """


def won(players: Sequence[str], winners: Sequence[int]) -> str:
    """ "ada won" or "ada and bo shared the win", in the reader's language (worded when asked for)."""
    names = and_list(players[i] for i in winners)
    if len(winners) == 1:
        return _("{names} won").format(names=names)
    return _("{names} shared the win").format(names=names)


@dataclass(frozen=True)
class CliCommand:
    """A `codex-tui` sub-command a game brings (see `GameModule.cli_commands`)."""

    name: str
    """What the user types: `codex-tui tournament`."""
    help: str
    """One line for `codex-tui --help` (argparse help: a literal % is written %%)."""
    add_arguments: Callable[[argparse.ArgumentParser], None]
    """Adds the command's options to its own parser."""
    run: Callable[[argparse.Namespace], int]
    """Runs the command on the parsed arguments; returns the exit code."""
    description: str = ""
    """Longer text for `codex-tui NAME --help` (the help line when empty)."""
