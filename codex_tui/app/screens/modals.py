"""Small screens: pass the device, help (with the keys every game shares), resume; what every
game's end-of-game summary shares (its keys and choices)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static


class PassDeviceScreen(Screen[None]):
    """Hides everything private until the named player is at the keyboard."""

    BINDINGS = [Binding("enter,space", "ready", "I am ready"), Binding("q", "app.quit", "Quit")]
    DEFAULT_CSS = """
    PassDeviceScreen { align: center middle; background: $background; }
    #pass-box { width: 50; max-width: 100%; height: auto; max-height: 100%; border: heavy $accent; padding: 1 2; }
    """

    def __init__(self, name: str) -> None:
        super().__init__()
        self.player_name = name

    def compose(self) -> ComposeResult:
        with Vertical(id="pass-box"):
            yield Static(
                Text.assemble(
                    ("Pass the keyboard to ", ""),
                    (self.player_name, "bold"),
                    (".\n\nEveryone else: look away.\n", ""),
                    (f"{self.player_name}: press enter when ready.", "bold"),
                    ("\n\nq: quit (the game is saved)", "dim"),
                )
            )
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(None)


HelpRow = tuple[str, str]
"""The keys, and what they do (wrapped under itself, so the keys column stays clear)."""
Help = tuple[tuple[str, tuple[HelpRow, ...]], ...]
"""Sections: a title and its rows."""

GAME_KEYS: tuple[HelpRow, ...] = (  # `!` (hint) is in each game's own section: what a hint chooses differs
    ("u", "undo your last move (a bot's reply goes back with it)"),
    ("ctrl+r  U", "redo"),
    ("ctrl+p", "commands: save a copy, browse the saves, new game, this help"),
    ("?", "this help"),
    ("q  ctrl+q", "quit; the game is saved after every move (the next start offers to resume it)"),
)

REVIEW_KEYS: tuple[HelpRow, ...] = (
    ("↑ ↓", "choose a turn (once the search is done)"),
    ("enter", "show it on the board: the move played and the better one"),
    ("esc  q", "back to the replay (a review still running stops)"),
    ("?", "this help"),
)
REVIEW_HELP: Help = (
    ("Review of a player's turns", REVIEW_KEYS),
    (
        "What the table says",
        (
            ("Move", "the action's number, as in the replay's log"),
            ("Turn", "the game's turn then"),
            ("Played  Better", "the move made, and the search's best move from what that player could see then"),
            (
                "Lost",
                "points the move gave away, as the search estimates them: the final margin (the player's points"
                " less the best other player's) expected after the better move, less that after the move played",
            ),
        ),
    ),
)
"""The review screen's own help (`?` there); the game's help lists its keys too."""

SHARED_KEYS: Help = (
    (
        "Between turns and at the end",
        (
            ("enter  space", "pass the keyboard: the named player is ready (the others look away)"),
            ("enter  space", "the game is over: show the final scores (the final board stays until then)"),
            ("u", "at the end: take back your last move and play on"),
            ("o  esc", "at the end: the other players' areas, and back to yours (Codex)"),
            ("← → ↑ ↓  h j k l  c", "at the end: pan the final board, centre it again (Codex)"),
            ("esc", "on the final scores: back to the final board"),
            ("n", "at the end: a new game"),
            ("r", "at the end: review your turns (the replay opens with the costliest ones and the better moves)"),
        ),
    ),
    (
        "New game, resume",
        (
            ("tab  shift+tab", "next / previous field of the new-game form (the field with focus is highlighted)"),
            ("enter", "open a list; in a text field, start the game"),
            ("ctrl+s", "start the game"),
            ("ctrl+o", "browse the saves"),
            ("esc", "on the form: quit"),
            ("enter  r", "resume your last game (n: a new game instead)"),
        ),
    ),
    (
        "Saves",
        (
            ("↑ ↓", "choose a save"),
            ("enter", "resume an unfinished game, replay a finished one"),
            ("v", "replay any game"),
            ("r", "rename (enter: keep the new title, esc: cancel)"),
            ("d  delete", "delete, after a question"),
            ("y  n", "yes, delete it / no, keep it (esc: no)"),
            ("s", "sort by date, title, status or turn"),
            ("n", "a new game"),
            ("q  esc", "back (or quit, when the browser is all there is)"),
        ),
    ),
    (
        "Replays",
        (
            ("→ ←  l h", "one move forward / back"),
            ("↓ ↑  j k  page down  page up  ] [", "one turn forward / back (Codex)"),
            ("home  end", "the start / the end"),
            ("g", "go to a turn (Codex)"),
            ("space  p", "play / pause"),
            ("+  =  -", "faster, faster, slower (Codex)"),
            ("tab  1 2 3 4", "whose hand and area to show (Codex)"),
            ("b", "play on from here, in a new save (the replayed game is untouched)"),
            ("r", "review a player's turns: the costliest ones, with the better move"),
            ("e", "the summary"),
            ("q  esc", "close"),
        ),
    ),
    REVIEW_HELP[0],
    (
        "Over the network",
        (
            ("enter", "in the lobby: sit at a table, or back to your seat"),
            ("n", "in the lobby: a new table (ctrl+s: create it, esc: back)"),
            ("w", "watch a table"),
            ("q  esc", "leave the table while it waits; q in the lobby: quit"),
        ),
    ),
    (
        "This help",
        (
            ("↑ ↓  j k", "scroll"),
            ("page down  page up", "scroll a page"),
            ("home  end", "to the top, to the end"),
            ("esc  q  ?  enter", "close"),
        ),
    ),
)

KEYS_WIDTH = 24
"""The keys column: wide enough for most keys, so the words keep most of a narrow screen."""


def help_renderable(help: Help) -> Group:
    """Sections of two columns; a long description wraps under itself, not under the keys."""
    parts: list[Text | Table] = []
    for index, (title, rows) in enumerate(help):
        parts.append(Text(("\n" if index else "") + title, style="bold"))
        table = Table.grid(padding=(0, 2), pad_edge=True, expand=True)
        table.add_column(width=KEYS_WIDTH, style="bold")
        table.add_column(ratio=1)
        for keys, what in rows:
            table.add_row(Text(keys), Text(what))
        parts.append(table)
    return Group(*parts)


class HelpScreen(ModalScreen[None]):
    """The keys and symbols, scrolled with the keyboard (the text is longer than a small terminal)."""

    BINDINGS = [
        Binding("escape,question_mark,q,enter", "close", "Close"),
        Binding("j", "scroll('down')", "Down", show=False),
        Binding("k", "scroll('up')", "Up", show=False),
    ]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    #help-box { width: 100%; max-width: 120; height: auto; max-height: 100%; border: round $primary;
                padding: 0 1; background: $panel; }
    #help-box:focus { border: round $accent; }
    """

    def __init__(self, help: Help) -> None:
        super().__init__()
        self.help = help

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box") as box:
            box.border_subtitle = "↑↓ j k page down/up home end: scroll · esc: close"
            yield Static(help_renderable(self.help))

    def on_mount(self) -> None:
        self.query_one("#help-box").focus()

    def action_scroll(self, direction: str) -> None:
        box = self.query_one("#help-box", VerticalScroll)
        box.scroll_down() if direction == "down" else box.scroll_up()

    def action_close(self) -> None:
        self.dismiss(None)


END_BINDINGS: list[BindingType] = [
    Binding("n", "end('new')", "New game"),
    Binding("u", "end('undo')", "Undo"),  # short: with r Review every key fits in 80 columns
    Binding("escape", "end('board')", "Final board"),
    Binding("q", "end('quit')", "Quit"),
]
"""The summary's keys in both games: esc goes back to the final board, never out of the app."""


class EndChoices:
    """What a summary screen returns: 'new', 'undo', 'board' or 'quit'.

    `offer_undo`: the app can take back the last human move (a local game
    against bots). `to_board`: esc shows the final board again; where there is
    no board to go back to (a network table), esc leaves like q.
    """

    offer_undo = False
    to_board = False

    def end_choice(self, choice: str) -> str:
        return "quit" if choice == "board" and not self.to_board else choice

    def end_allowed(self, action: str, parameters: tuple[object, ...]) -> bool:
        return not (action == "end" and parameters == ("undo",) and not self.offer_undo)


class ResumeScreen(Screen[bool]):
    """Offers the most recent unfinished game; True resumes it."""

    BINDINGS = [
        Binding("enter,r", "resume", "Resume"),
        Binding("n", "new", "New game"),
        Binding("q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    ResumeScreen { align: center middle; }
    #resume-box { width: 60; max-width: 100%; height: auto; max-height: 100%; border: round $primary; padding: 1 2; }
    """

    def __init__(self, description: str) -> None:
        super().__init__()
        self.description = description

    def compose(self) -> ComposeResult:
        with Vertical(id="resume-box"):
            yield Static(
                Text.assemble(
                    ("Resume your last game?\n\n", "bold"),
                    self.description,
                    "\n\nenter: resume   n: new game   q: quit",
                )
            )
        yield Footer()

    def action_resume(self) -> None:
        self.dismiss(True)

    def action_new(self) -> None:
        self.dismiss(False)
