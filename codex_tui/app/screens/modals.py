"""Small screens: pass the device, help, the end-of-game summary, resume."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static

from codex_tui.app.describe import objective_text, possessive, with_verb
from codex_tui.games.codex.rules import Result


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

CODEX_KEYS: Help = (
    (
        "Placing a card",
        (
            ("← → ↑ ↓  h j k l", "move the cursor between the spots where the card may go (dotted boxes)"),
            ("tab  shift+tab", "jump to the next / previous legal spot"),
            ("1 2 3", "choose a card from your hand"),
            ("f", "flip the chosen card (front / back)"),
            (
                "enter  space",
                "place it; the line above the keys shows what it scores, which corners it covers and what "
                "it shows before you confirm (enter passes when no card fits anywhere)",
            ),
        ),
    ),
    (
        "Drawing",
        (
            ("← →  1 2 3 4 5 6", "choose a market card (1-4) or a deck (5 resource, 6 gold)"),
            ("enter  space", "take it"),
        ),
    ),
    (
        "Looking around",
        (
            ("o", "show the next player's area, read-only (their hand as backs); esc: back to yours"),
            ("shift+← → ↑ ↓  H J K L", "pan the view"),
            ("c", "centre the view on your cards"),
        ),
    ),
    (
        "Set-up (before the first turn)",
        (
            ("← → ↑ ↓  h j k l  1 2", "the front or the back of your starter card, then one of two secret objectives"),
            ("enter  space", "confirm"),
            ("backspace", "back to the starter card's side"),
        ),
    ),
)

INSTINKT_KEYS: Help = (
    (
        "Choosing (both players, in secret, in any order)",
        (
            ("← →  1 2 3", "the card to play this round"),
            ("enter  space", "choose it"),
            ("1 2 3 4 5  enter", "draft variant: mark 3 of your 5 cards to keep, then keep them"),
        ),
    ),
    (
        "Placing (the higher number first; on a tie the token holder, and the token passes)",
        (
            ("← → ↑ ↓  h j k l  tab", "move between the cells where the card may go (dotted)"),
            ("enter  space", "place it; the line above the keys shows both scores after it"),
            ("the deer", "← → ↑ ↓ or tab: which line end it enters (▸ ◂ ▾ ▴); the board shows the push; enter"),
            ("the raccoon", "choose one of your cards, enter; then its new cell, enter (esc: back)"),
        ),
    ),
)

GAME_KEYS: tuple[HelpRow, ...] = (
    ("u", "undo your last move (a bot's reply goes back with it)"),
    ("ctrl+r  U", "redo"),
    ("ctrl+p", "commands: save a copy, browse the saves, new game, this help"),
    ("?", "this help"),
    ("q  ctrl+q", "quit; the game is saved after every move (the next start offers to resume it)"),
)

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
            ("e", "the summary"),
            ("q  esc", "close"),
        ),
    ),
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

CODEX_SYMBOLS: tuple[HelpRow, ...] = (
    ("F P A I", "fungi, plant, animal, insect: resources, in their colours"),
    ("Q K M", "quill, inkwell, manuscript: objects"),
    ("·", "an empty corner you can cover"),
    ("┌ ┐ └ ┘", "a hidden corner: nothing goes there"),
    ("═ ║", "a double border: a gold card (a single one: a resource card)"),
    ("f12", "lower case + id: a card's kingdom, for patterns; it is not a resource you hold"),
    ("(F)", "in the middle: a back's permanent resource, which you do hold"),
    ("ok  no", "on a gold: whether your visible resources meet its requirement"),
)

INSTINKT_SYMBOLS: tuple[HelpRow, ...] = (
    ("B 7owl", "a black card (light on dark): its number and animal (wlf wolf, wpt wolpertinger)"),
    ("W10der", 'a white card (dark on light); "3pt" on its border: its points now'),
    ("a-d  1-4", "columns and rows from the grid's top-left card; + a row or column it may still grow into"),
    ("→ on a card", "the move on show moves that card (the side panel says from where to where)"),
    ("X", "the snake, never placed: if either player reveals it, both cards leave the game"),
    ("scores at the top", "each player's points if the game ended with the board as it is"),
    ("each card in hand", "shows what it scores; the end screen scores every card"),
)

HELP_TEXT: Help = (
    *CODEX_KEYS,
    ("The game", GAME_KEYS),
    *SHARED_KEYS,
    ("Reading the cards", CODEX_SYMBOLS),
)
"""Every key of every screen a Codex Naturalis player meets, and what the cards' marks mean."""

INSTINKT_HELP_TEXT: Help = (
    *INSTINKT_KEYS,
    ("The game", GAME_KEYS),
    *SHARED_KEYS,
    ("Reading the board", INSTINKT_SYMBOLS),
)
"""The same for Instinkt."""

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

    def __init__(self, help: Help = HELP_TEXT) -> None:
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


def summary_table(
    result: Result, names: tuple[str, ...], commons: tuple[int, int], secrets: tuple[int | None, ...]
) -> Table:
    table = Table(title="Final scores", expand=False)
    table.add_column("Player")
    table.add_column("Cards", justify="right")
    table.add_column(f"Obj. {commons[0]}", justify="right")
    table.add_column(f"Obj. {commons[1]}", justify="right")
    table.add_column("Secret", justify="right")
    table.add_column("Total", justify="right", style="bold")
    for seat, name in enumerate(names):
        first, second, secret = result.objective_points[seat]
        label = f"{secret} ({secrets[seat]})" if secrets[seat] else str(secret)
        winner = seat in result.winners
        table.add_row(
            ("★ " if winner else "  ") + name,
            str(result.placement_points[seat]),
            str(first),
            str(second),
            label,
            str(result.totals[seat]),
            style="bold" if winner else None,
        )
    return table


def winners_text(result: Result, names: tuple[str, ...]) -> str:
    winners = [names[i] for i in result.winners]
    text = with_verb(winners[0], "wins") if len(winners) == 1 else " and ".join(winners) + " share the victory"
    if result.tie_break == "most objective points":
        text += " (tie on points, broken by most objective points)"
    elif result.tie_break == "shared victory":
        text += " (tied on points and on objective points)"
    end = "a player reached the target score" if result.end and result.end.value == "score" else "both decks ran out"
    return f"{text}. The end came because {end}."


END_BINDINGS: list[BindingType] = [
    Binding("n", "end('new')", "New game"),
    Binding("u", "end('undo')", "Undo your last move"),
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


class EndScreen(EndChoices, Screen[str]):
    """The summary of a Codex game."""

    BINDINGS = END_BINDINGS
    DEFAULT_CSS = """
    EndScreen { align: center middle; }
    #end-box { width: auto; max-width: 100%; height: auto; max-height: 100%; border: round $success; padding: 0 1; }
    #end-box Static { width: auto; max-width: 100%; }
    """

    def __init__(
        self,
        result: Result,
        names: tuple[str, ...],
        commons: tuple[int, int],
        secrets: tuple[int | None, ...],
        offer_undo: bool = False,
        to_board: bool = False,
    ) -> None:
        super().__init__()
        self.result = result
        self.names = names
        self.commons = commons
        self.secrets = secrets
        self.offer_undo = offer_undo
        self.to_board = to_board

    def compose(self) -> ComposeResult:
        with Vertical(id="end-box"):
            yield Static(summary_table(self.result, self.names, self.commons, self.secrets))
            yield Static(Text(winners_text(self.result, self.names), style="bold"))
            lines = [f"Obj. {c}: {objective_text(c)}" for c in self.commons]
            lines += [f"{possessive(n)} secret {s}: {objective_text(s)}" for n, s in zip(self.names, self.secrets) if s]
            yield Static("\n".join(lines))
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.end_allowed(action, parameters)

    def action_end(self, choice: str) -> None:
        self.dismiss(self.end_choice(choice))


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
